"""Importing environments and scenarios, and loading them back as arena objects.

`seed_tree` is all-or-nothing (DESIGN §4.1): it validates every scenario first, then stores
everything in one transaction, or raises :class:`ImportFailed` and stores nothing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from sqlmodel import Session, col, select

from app.arena.schema import EnvironmentSpec, Event, ScenarioSpec
from app.arena.state import S0, build_s0
from app.arena.validation import validate_tree
from app.errors import ImportFailed, NotFoundError
from app.models import Checkpoint, Environment, Response, Scenario
from app.scenarios.corpus import (
    Corpus,
    CorpusEnvironment,
    CorpusStats,
    SkippedScenario,
    compute_corpus_stats,
)


def content_hash(data: Any) -> str:
    """sha256 of canonical JSON (sorted keys) — stable across processes and machines."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass
class SeedReport:
    """What `seed_tree` did: ids created, updated, and unchanged."""

    environments_created: list[str]
    environments_updated: list[str]
    scenarios_created: list[str]
    scenarios_updated: list[str]
    unchanged: int

    @property
    def total_scenarios(self) -> int:
        """Scenarios seen: created, updated and unchanged."""
        return len(self.scenarios_created) + len(self.scenarios_updated) + self.unchanged


def seed_tree(session: Session, path: Path) -> SeedReport:
    """Validate and import every environment and scenario under `path`, all-or-nothing.

    Args:
        session: the database session (committed once on success).
        path: ``seeds/``, ``seeds/arena/`` or one environment folder (DESIGN §4 layout).

    Returns:
        A :class:`SeedReport`. Re-importing identical files changes nothing.

    Raises:
        ImportFailed: any validator finding (each line: rule code, scenario, JSON path, message),
            or a changed scenario that already has responses; nothing is stored.
    """
    pairs, findings = validate_tree(path)
    if findings:
        raise ImportFailed([str(f) for f in findings])
    report = SeedReport([], [], [], [], 0)
    problems: list[str] = []
    try:
        for bundle, scenario in pairs:
            _store_environment(session, bundle, report)
            raw = next(data for _name, data in bundle.scenarios if data.get("id") == scenario.id)
            problems.extend(_store_scenario(session, scenario, raw, report))
        if problems:
            raise ImportFailed(problems)
        session.commit()
    except BaseException:
        session.rollback()
        raise
    clear_scenario_cache()
    return report


def _store_environment(session: Session, bundle: Any, report: SeedReport) -> None:
    spec: EnvironmentSpec = bundle.spec
    if spec.id in report.environments_created or spec.id in report.environments_updated:
        return
    spec_json = spec.model_dump(mode="json", by_alias=True)
    digest = content_hash({"spec": spec_json, "sql": bundle.database_sql, "files": bundle.files})
    row = session.get(Environment, spec.id)
    if row is not None and row.content_hash == digest:
        return
    if row is None:
        row = Environment(
            id=spec.id,
            domain=spec.domain,
            timezone=spec.timezone,
            database_sql=bundle.database_sql,
            content_hash=digest,
        )
        report.environments_created.append(spec.id)
    else:
        report.environments_updated.append(spec.id)
    row.domain, row.timezone = spec.domain, spec.timezone
    row.persona = spec.persona.model_dump(mode="json")
    row.spec, row.database_sql, row.files = spec_json, bundle.database_sql, dict(bundle.files)
    row.content_hash = digest
    session.add(row)
    session.flush()


def _store_scenario(
    session: Session, scenario: ScenarioSpec, raw: dict[str, Any], report: SeedReport
) -> list[str]:
    digest = content_hash(raw)
    row = session.get(Scenario, scenario.id)
    if row is not None and row.content_hash == digest:
        report.unchanged += 1
        return []
    if row is not None:
        answered = session.exec(
            select(Response.id)
            .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
            .where(Checkpoint.scenario_id == scenario.id)
            .limit(1)
        ).first()
        if answered is not None:
            return [
                f"{scenario.id}: the scenario changed but already has responses; "
                "give the revised scenario a new id"
            ]
        report.scenarios_updated.append(scenario.id)
    else:
        row = Scenario(
            id=scenario.id,
            environment_id=scenario.environment_id,
            need_type=scenario.need_type,
            title=scenario.title,
            num_events=len(scenario.events),
            content_hash=digest,
        )
        report.scenarios_created.append(scenario.id)
    dumped = scenario.model_dump(mode="json", by_alias=True)
    row.environment_id, row.need_type, row.title = (
        scenario.environment_id,
        scenario.need_type,
        scenario.title,
    )
    row.num_events = len(scenario.events)
    row.design, row.events = dumped["design"], dumped["events"]
    row.checkpoint_design, row.source, row.content_hash = (
        dumped["checkpoint_design"],
        raw,
        digest,
    )
    session.add(row)
    session.flush()
    existing = {
        c.t: c
        for c in session.exec(select(Checkpoint).where(Checkpoint.scenario_id == scenario.id)).all()
    }
    for t in range(1, len(scenario.events) + 1):
        checkpoint = existing.get(t) or Checkpoint(scenario_id=scenario.id, t=t, design="")
        checkpoint.design = scenario.checkpoint_design[str(t)].label
        session.add(checkpoint)
    for t, checkpoint in existing.items():
        if t > len(scenario.events):
            session.delete(checkpoint)
    session.flush()
    return []


@dataclass(frozen=True)
class LoadedScenario:
    """A stored scenario as arena objects: its S0 image, parsed events and spec."""

    s0: S0
    events: list[Event]
    spec: ScenarioSpec
    environment: EnvironmentSpec


def _load(environment: Environment, scenario: Scenario) -> LoadedScenario:
    env_spec = EnvironmentSpec.model_validate(environment.spec)
    spec = ScenarioSpec.model_validate(scenario.source)
    s0 = build_s0(env_spec, environment.database_sql, environment.files, spec)
    return LoadedScenario(s0=s0, events=list(spec.events), spec=spec, environment=env_spec)


_CACHE: dict[tuple[str, str, str], LoadedScenario] = {}


def load_scenario(
    session: Session, scenario_id: str, *, hashes: tuple[str, str] | None = None
) -> LoadedScenario:
    """The scenario's S0 and events, built once per process per content version.

    Only the two content hashes are read on a cache hit (none when the caller read them:
    `hashes`); the large JSON columns are loaded when the scenario or its environment changed
    (or on first use in this process).

    Args:
        session: database session.
        scenario_id: the scenario.
        hashes: (scenario content hash, environment content hash) as just read, e.g. by the
            claim of a response (:func:`app.runs.service.execute_response`).

    Raises:
        NotFoundError: no such scenario.
    """
    if hashes is None:
        hashes = session.exec(
            select(Scenario.content_hash, Environment.content_hash)
            .join(Environment, col(Environment.id) == col(Scenario.environment_id))
            .where(Scenario.id == scenario_id)
        ).first()
    if hashes is None:
        raise NotFoundError(f"scenario {scenario_id!r} does not exist")
    key = (scenario_id, hashes[0], hashes[1])
    loaded = _CACHE.get(key)
    if loaded is None:
        scenario = session.get(Scenario, scenario_id)
        assert scenario is not None
        environment = session.get(Environment, scenario.environment_id)
        assert environment is not None
        loaded = _load(environment, scenario)
        if len(_CACHE) > 512:
            _CACHE.clear()
        _CACHE[key] = loaded
    return loaded


def clear_scenario_cache() -> None:
    """Forget every cached S0 (after an import changed scenarios)."""
    _CACHE.clear()


def load_stored_corpus(session: Session, scenario_ids: Collection[str] | None = None) -> Corpus:
    """Every stored environment and scenario as a :class:`~app.scenarios.corpus.Corpus`.

    The scenarios are parsed from ``Scenario.source`` (the file as imported) and the
    environments from ``Environment.spec``, ``database_sql`` and ``files``, so the statistics of
    the stored corpus equal those of the seed tree it was imported from. A stored scenario that
    no longer parses (the schema changed since its import) is skipped with the reason.

    Args:
        session: the database session (read only).
        scenario_ids: only these scenarios, and only the environments that hold one (a
            generation job's accepted candidates); None for all.
    """
    scenarios: dict[str, list[ScenarioSpec]] = {}
    skipped: list[SkippedScenario] = []
    query = select(Scenario).order_by(col(Scenario.id))
    if scenario_ids is not None:
        query = query.where(col(Scenario.id).in_(list(scenario_ids)))
    for row in session.exec(query):
        try:
            scenarios.setdefault(row.environment_id, []).append(
                ScenarioSpec.model_validate(row.source)
            )
        except ValidationError as exc:
            skipped.append(SkippedScenario(row.id, f"does not parse: {exc.errors()[0]['msg']}"))
    environments: list[CorpusEnvironment] = []
    problems: list[str] = []
    environment_query = select(Environment).order_by(col(Environment.id))
    if scenario_ids is not None:
        environment_query = environment_query.where(col(Environment.id).in_(list(scenarios)))
    for env in session.exec(environment_query):
        try:
            spec = EnvironmentSpec.model_validate(env.spec)
        except ValidationError as exc:
            problems.append(f"environment {env.id} does not parse: {exc.errors()[0]['msg']}")
            continue
        environments.append(
            CorpusEnvironment(
                spec, env.database_sql, dict(env.files), tuple(scenarios.get(env.id, []))
            )
        )
    return Corpus(tuple(environments), tuple(skipped), tuple(problems))


_STATS_CACHE: dict[tuple[tuple[str, str], ...], CorpusStats] = {}


def stored_corpus_stats(session: Session) -> CorpusStats:
    """:func:`~app.scenarios.corpus.compute_corpus_stats` of the stored corpus, cached.

    Computing takes about a second for 80 scenarios (most of it the near-duplicate search), so
    the result is kept per process, keyed on the ids and content hashes of every stored
    environment and scenario: only those are read when nothing changed.

    Args:
        session: the database session (read only).
    """
    key = tuple(
        (f"e:{env_id}", digest)
        for env_id, digest in session.exec(
            select(Environment.id, Environment.content_hash).order_by(col(Environment.id))
        )
    ) + tuple(
        (f"s:{scenario_id}", digest)
        for scenario_id, digest in session.exec(
            select(Scenario.id, Scenario.content_hash).order_by(col(Scenario.id))
        )
    )
    stats = _STATS_CACHE.get(key)
    if stats is None:
        stats = compute_corpus_stats(load_stored_corpus(session))
        _STATS_CACHE.clear()  # one corpus per database; keep only the newest
        _STATS_CACHE[key] = stats
    return stats


def store_environment(session: Session, bundle: Any) -> None:
    """Add or update one validated environment in the session (no commit; a helper).

    For callers that compose an import of their own (the construction pipeline stores the
    environments its Instance Creator made); :func:`seed_tree` is the one-unit-of-work import.

    Args:
        session: the database session (flushed, not committed).
        bundle: an :class:`~app.arena.validation.EnvironmentBundle` that passed its checks.
    """
    _store_environment(session, bundle, SeedReport([], [], [], [], 0))


def store_scenario(session: Session, scenario: ScenarioSpec, raw: dict[str, Any]) -> None:
    """Add one validated scenario and its checkpoints to the session (no commit; a helper).

    The scenario's audit status is ``pending`` (it waits for the human audit, DESIGN §7). Its
    environment must be stored already.

    Args:
        session: the database session (flushed, not committed).
        scenario: the parsed scenario, which passed every rule (V01–V13).
        raw: the scenario file as validated (kept as ``Scenario.source``).

    Raises:
        ImportFailed: the id names a changed scenario that already has responses.
    """
    problems = _store_scenario(session, scenario, raw, SeedReport([], [], [], [], 0))
    if problems:
        raise ImportFailed(problems)

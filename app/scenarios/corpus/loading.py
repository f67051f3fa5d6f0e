"""Reading a corpus for the statistics: environments, parsed scenarios, their S0."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from app.arena.errors import ArenaError
from app.arena.schema import EnvironmentSpec, ScenarioSpec
from app.arena.state import S0, build_s0
from app.arena.validation import load_seed_tree


@dataclass(frozen=True)
class CorpusEnvironment:
    """One environment and its parsed scenarios.

    Attributes:
        spec: the parsed ``environment.json``.
        database_sql: its ``database.sql``.
        files: its files, virtual path → text.
        scenarios: its scenarios, in id order.
    """

    spec: EnvironmentSpec
    database_sql: str
    files: Mapping[str, str]
    scenarios: tuple[ScenarioSpec, ...]


@dataclass(frozen=True)
class SkippedScenario:
    """A scenario the statistics leave out, and why (it does not parse, or S0 cannot be built)."""

    scenario_id: str
    reason: str


@dataclass(frozen=True)
class Corpus:
    """What the statistics are computed from.

    Attributes:
        environments: the environments that could be read, in id order.
        skipped: scenario files left out (unreadable, not parsing).
        problems: environment problems met while reading (one line each).
    """

    environments: tuple[CorpusEnvironment, ...]
    skipped: tuple[SkippedScenario, ...] = ()
    problems: tuple[str, ...] = ()


def load_corpus(path: Path) -> Corpus:
    """Read a seed tree for the statistics (the reader of ``halo validate``, DESIGN.md §4).

    Scenarios are parsed with the schema but not validated: the statistics are meant to show a
    corpus that does not yet pass every rule what to fix. A scenario file that cannot be read or
    does not parse is a :class:`SkippedScenario`; an environment that cannot be used is a
    problem line, and its scenarios are left out.

    Args:
        path: ``seeds/``, ``seeds/arena/`` or one environment folder.

    Returns:
        The :class:`Corpus` (no environments when `path` holds none; then ``problems`` says why).
    """
    bundles, findings = load_seed_tree(path)
    problems = [str(f) for f in findings if f.file is None]
    skipped = [
        SkippedScenario(f.scenario_id or f.file or "?", f"{f.path}: {f.message}")
        for f in findings
        if f.file is not None
    ]
    environments: list[CorpusEnvironment] = []
    for bundle in bundles:
        scenarios: list[ScenarioSpec] = []
        for file_name, raw in bundle.scenarios:
            try:
                scenarios.append(ScenarioSpec.model_validate(raw))
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(part) for part in first["loc"]) or "$"
                sid = raw.get("id") if isinstance(raw.get("id"), str) else Path(file_name).stem
                skipped.append(
                    SkippedScenario(
                        str(sid),
                        f"does not parse ({exc.error_count()} error(s)); first: {where}: "
                        f"{first['msg']}",
                    )
                )
        environments.append(
            CorpusEnvironment(
                spec=bundle.spec,
                database_sql=bundle.database_sql,
                files=dict(bundle.files),
                scenarios=tuple(sorted(scenarios, key=lambda s: s.id)),
            )
        )
    return Corpus(tuple(environments), tuple(skipped), tuple(problems))


@dataclass(frozen=True)
class Prepared:
    """One scenario with its environment and S0, shared by the statistics that need state."""

    environment: CorpusEnvironment
    spec: ScenarioSpec
    s0: S0


def prepare(corpus: Corpus) -> tuple[list[Prepared], list[SkippedScenario]]:
    """S0 of every scenario; those whose S0 cannot be built are skipped (with the reason).

    Returns:
        (the prepared scenarios in environment and id order; the skipped ones).
    """
    prepared: list[Prepared] = []
    skipped: list[SkippedScenario] = []
    for environment in corpus.environments:
        for spec in environment.scenarios:
            try:
                s0 = build_s0(
                    environment.spec, environment.database_sql, dict(environment.files), spec
                )
            except ArenaError as exc:
                skipped.append(SkippedScenario(spec.id, f"S0 cannot be built: {exc}"))
                continue
            prepared.append(Prepared(environment, spec, s0))
    return prepared, skipped

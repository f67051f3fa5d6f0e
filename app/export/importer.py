"""``halo import responses``: responses made elsewhere, in the export row format (DESIGN.md §9).

All-or-nothing, in two streaming passes over the file: the first checks every line and collects
every problem (``line 12: $.action.command: unknown command 'foo'``); only when there is none does
the second pass store everything in one transaction with one commit. Memory holds the keys of the
rows, never the rows themselves.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from sqlalchemy import select as sa_select
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

from app.agents.runner import replay_action
from app.annotation.rules import Diagnosis, DiagnosisError, check_diagnosis
from app.arena.commands import (
    CATALOGUE,
    CommandResult,
    level_of,
    output_local_content,
    truncate,
    validate_call,
)
from app.arena.errors import CommandError
from app.bounded import JSONTooDeep, load_json, unstorable_text
from app.db import any_of, bulk_insert
from app.errors import ImportFailed
from app.export.rows import ExportRow
from app.models import (
    Agent,
    Annotation,
    AnnotationRevision,
    Assignment,
    Checkpoint,
    Environment,
    Response,
    Run,
    Scenario,
    User,
)
from app.models.annotation import blind_order
from app.models.base import utcnow
from app.scenarios.service import LoadedScenario, load_scenario
from app.settings import get_settings
from app.users.service import hash_password
from app.vocabulary import Level, Role, RunStatus

AGENT_NAME = re.compile(r"[A-Za-z0-9._-]{1,64}")
IMPORTED_USER_PREFIX = "imported-"
FLUSH_EVERY = 2000
"""Rows stored per bulk write (COPY on PostgreSQL) in the storing pass."""
PROGRESS_EVERY = 500
"""Rows checked between two progress reports of the checking pass."""
UTF8_BOM = b"\xef\xbb\xbf"
Progress = Callable[[str, int, int | None], None]
"""``progress(stage, rows done, rows in all or None while unknown)``; stage ``check`` (the
first pass) or ``store`` (the second)."""
SKIP_CHUNK = 1 << 16
"""Bytes read at a time while skipping the rest of a line that is too long."""


@dataclass
class ImportReport:
    """What an import stored.

    Attributes:
        responses: responses created.
        annotations: annotations created (each with revision 1 and an assignment).
        agents_created / runs_created / annotators_created: names (run names, pseudonyms) of the
            rows this import had to create; existing ones are reused.
        runs_reused: names of earlier imported runs the responses were added to.
    """

    responses: int = 0
    annotations: int = 0
    agents_created: list[str] = field(default_factory=list)
    runs_created: list[str] = field(default_factory=list)
    runs_reused: list[str] = field(default_factory=list)
    annotators_created: list[str] = field(default_factory=list)


def json_path(loc: tuple[Any, ...] | list[Any]) -> str:
    """``("trajectory", 0, "args")`` → ``$.trajectory[0].args``."""
    path = "$"
    for part in loc:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return path


def _lines(path: Path, max_bytes: int) -> Iterator[tuple[int, str, str | None]]:
    """Yield (1-based line number, text, problem) for each line that is not blank.

    A UTF-8 byte order mark at the start of the file (some Windows tools write one) is skipped.

    A line is read with a cap: at most `max_bytes` bytes (its line break not counted) and its
    break; a longer one is refused (``$: ... bytes, more than ...``) and the rest of it skipped
    in :data:`SKIP_CHUNK` reads, so memory never holds more than the cap. A line that is not
    UTF-8 has the problem ``$: not valid UTF-8``. The text is empty whenever there is a problem.
    """
    cap = max_bytes + 2  # the longest line and its break, "\r\n" at most
    with path.open("rb") as handle:
        if handle.read(len(UTF8_BOM)) != UTF8_BOM:
            handle.seek(0)
        number = 0
        while raw := handle.readline(cap):
            number += 1
            size, tail = len(raw), raw[-2:]
            if size == cap and not raw.endswith(b"\n"):  # cut at the cap: skip the rest
                while rest := handle.readline(SKIP_CHUNK):
                    size, tail = size + len(rest), (tail + rest)[-2:]
                    if rest.endswith(b"\n"):
                        break
            size -= 2 if tail == b"\r\n" else 1 if tail.endswith(b"\n") else 0  # the break
            if size > max_bytes:
                yield (
                    number,
                    "",
                    f"$: the line has {size:,} bytes, more than the {max_bytes:,} allowed "
                    "(setting IMPORT_MAX_LINE_BYTES)",
                )
                continue
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                yield number, "", "$: not valid UTF-8"
                continue
            if text.strip():
                yield number, text, None


def _diagnosis(row: ExportRow) -> Diagnosis:
    """The row's diagnosis under the rules an annotator's submit obeys (``record_diagnosis``).

    DESIGN §7, and the confirmed level agrees with the action (none → L0, one → L1–L3).
    """
    return check_diagnosis(
        row.level,
        row.verdict,
        row.timing,
        row.intensity,
        [issue.model_dump() for issue in row.other_issues],
        has_action=row.action is not None,
    )


def _local_content_problem(row: ExportRow) -> str | None:
    """``$.local_content_access: ...`` when the given value disagrees with the trajectory.

    The value is derived as the runner derives it (DESIGN §2, one definition:
    :func:`~app.arena.commands.registry.output_local_content` per step); steps whose text
    does not tell (see there) leave a given ``true`` unchallenged when no step shows content.
    """
    undecided = False
    for index, step in enumerate(row.trajectory):
        found = output_local_content(step.command, step.result)
        if found:
            if row.local_content_access:
                return None
            what = "rows" if step.command == "db_query" else "text"
            return (
                f"$.local_content_access: must be true: the {step.command} at "
                f"$.trajectory[{index}] returned {what}"
            )
        undecided = undecided or found is None
    if row.local_content_access and not undecided:
        return (
            "$.local_content_access: must be false: no db_query in the trajectory returned "
            "rows and no files_read returned text"
        )
    return None


@dataclass
class _Context:
    """Database facts the checks need, loaded once.

    `arena` gives a scenario's S0 and events (cached per process).
    """

    scenarios: dict[str, tuple[str, str, str, int]]
    checkpoints: dict[tuple[str, int], int]
    arena: Callable[[str], LoadedScenario]

    def replay(self, row: ExportRow) -> CommandResult | None:
        """The row's final action applied at its checkpoint (None for no action)."""
        if row.action is None:
            return None
        loaded = self.arena(row.scenario_id)
        return replay_action(
            loaded.s0, loaded.events, row.checkpoint, row.action.command, row.action.args
        )


def _load_context(session: Session) -> _Context:
    columns: list[Any] = [
        Scenario.id,
        Scenario.environment_id,
        Scenario.need_type,
        Environment.domain,
        Scenario.num_events,
    ]
    scenarios = {
        sid: (env, need, domain, n)
        for sid, env, need, domain, n in session.execute(
            sa_select(*columns).join(
                Environment, col(Environment.id) == col(Scenario.environment_id)
            )
        ).all()
    }
    checkpoints = {
        (sid, t): cid
        for cid, sid, t in session.execute(
            sa_select(col(Checkpoint.id), col(Checkpoint.scenario_id), col(Checkpoint.t))
        ).all()
    }
    loaded: dict[str, LoadedScenario] = {}

    def arena(scenario_id: str) -> LoadedScenario:
        # once per scenario and import: each lookup reads the content hashes, and in the
        # storing pass would flush the session's pending rows first
        if scenario_id not in loaded:
            loaded[scenario_id] = load_scenario(session, scenario_id)
        return loaded[scenario_id]

    return _Context(scenarios, checkpoints, arena)


def _check_row(row: ExportRow, context: _Context) -> list[str]:
    """Problems of a well-formed row against catalogue, rules and scenarios (``$.path: msg``)."""
    problems: list[str] = []
    checkpoint_ok = False
    if not AGENT_NAME.fullmatch(row.agent):
        problems.append("$.agent: use 1–64 letters, digits, '.', '_' or '-'")
    scenario = context.scenarios.get(row.scenario_id)
    if scenario is None:
        problems.append(f"$.scenario_id: unknown scenario {row.scenario_id!r}")
    else:
        environment_id, need_type, domain, num_events = scenario
        sid = row.scenario_id
        if row.environment_id != environment_id:
            problems.append(
                f"$.environment_id: scenario {sid} belongs to environment "
                f"{environment_id!r}, not {row.environment_id!r}"
            )
        if row.need_type != need_type:
            problems.append(
                f"$.need_type: scenario {sid} has need type {need_type!r}, not {row.need_type!r}"
            )
        if row.domain != domain:
            problems.append(f"$.domain: scenario {sid} is in domain {domain!r}, not {row.domain!r}")
        if row.num_events != num_events:
            problems.append(
                f"$.num_events: scenario {sid} has {num_events} events, not {row.num_events}"
            )
        checkpoint_ok = 1 <= row.checkpoint <= num_events
        if not checkpoint_ok:
            problems.append(
                f"$.checkpoint: must be between 1 and {num_events} (the events of {sid})"
            )
    if row.completed:
        command = row.action.command if row.action is not None else None
        expected: Level | None = Level.L0
        if row.action is not None:
            try:
                validate_call(row.action.command, row.action.args, kind="action")
                expected = level_of(row.action.command)
            except CommandError as exc:
                expected = None
                spec = CATALOGUE.get(row.action.command)
                if spec is not None and spec.kind == "action":
                    message = str(exc).removeprefix(f"{row.action.command}: ")
                    problems.append(f"$.action.args: {message}")
                else:
                    problems.append(f"$.action.command: {exc}")
        if expected is not None and row.level_predicted != expected:
            what = f"the catalogue level of {command}" if command else "no action"
            problems.append(f"$.level_predicted: must be {str(expected)!r} ({what})")
        if expected not in (None, Level.L0) and scenario is not None and checkpoint_ok:
            result = context.replay(row)
            if result is not None and not result.ok:
                reason = result.output.removeprefix("error: ")
                problems.append(
                    f"$.action: the arena refuses it at checkpoint {row.checkpoint} of "
                    f"{row.scenario_id}: {reason}"
                )
    else:
        if row.action is not None:
            problems.append(f"$.action: a {row.status} response has no action; use null")
        if row.level_predicted is not None:
            problems.append(f"$.level_predicted: must be null for a {row.status} response")
    last_round = 0
    for index, step in enumerate(row.trajectory):
        where = f"$.trajectory[{index}]"
        try:
            validate_call(step.command, step.args, kind="retrieval")
        except CommandError as exc:
            spec = CATALOGUE.get(step.command)
            if spec is not None and spec.kind == "retrieval":
                problems.append(f"{where}.args: {str(exc).removeprefix(f'{step.command}: ')}")
            else:
                problems.append(f"{where}.command: {exc}")
        if step.round < last_round:
            problems.append(
                f"{where}.round: rounds must not decrease ({step.round} after {last_round})"
            )
        elif step.round > row.retrieval_rounds:
            problems.append(
                f"{where}.round: {step.round} is after the last retrieval round "
                f"({row.retrieval_rounds})"
            )
        last_round = max(last_round, step.round)
    local_content = _local_content_problem(row)
    if local_content is not None:
        problems.append(local_content)
    if row.annotated:
        if not row.completed:
            problems.append(f"$.verdict: only completed responses are annotated, not {row.status}")
        if row.annotator is None:
            problems.append("$.annotator: an annotated row needs the annotator's pseudonym")
        try:
            diagnosis = _diagnosis(row)
        except DiagnosisError as exc:
            problems.append(f"$.{exc.field}: {exc.message}")
        else:
            if row.inaction is not None and row.inaction != diagnosis.inaction:
                problems.append(
                    f"$.inaction: must be {str(diagnosis.inaction).lower()} "
                    "(true exactly for a rejected L0)"
                )
    return problems


MAX_PROBLEMS_LISTED = 200
"""Problems an import failure lists; the rest are only counted (``… and N more problems``)."""


@dataclass
class _Scan:
    """What the checking pass keeps: keys, not rows.

    At most :data:`MAX_PROBLEMS_LISTED` problems (plus the first
    :data:`UNKNOWN_SCENARIOS_LISTED` unknown-scenario ones) are kept; the rest are counted in
    `more` and `unknown_count`.
    """

    problems: list[str] = field(default_factory=list)
    more: int = 0
    unknown: list[str] = field(default_factory=list)
    unknown_count: int = 0
    unknown_names: set[str] = field(default_factory=set)
    rows: int = 0
    ids: dict[str, int] = field(default_factory=dict)
    keys: dict[tuple[str, str, str, int], int] = field(default_factory=dict)
    agents: dict[str, int] = field(default_factory=dict)
    runs: dict[str, int] = field(default_factory=dict)
    pseudonyms: dict[str, int] = field(default_factory=dict)

    def add(self, problem: str) -> None:
        """Record `problem`.

        Unknown-scenario ones are kept aside (see `_summarise_unknown_scenarios`), others kept
        up to the cap and counted beyond it.
        """
        match = _UNKNOWN.match(problem)
        if match:
            self.unknown_count += 1
            if len(self.unknown) < UNKNOWN_SCENARIOS_LISTED:
                self.unknown.append(problem)
            if len(self.unknown_names) < MAX_PROBLEMS_LISTED:
                self.unknown_names.add(match.group(1))
            return
        self.keep(problem)

    def keep(self, problem: str) -> None:
        """Keep `problem` while fewer than :data:`MAX_PROBLEMS_LISTED` are kept, else count it."""
        if len(self.problems) < MAX_PROBLEMS_LISTED:
            self.problems.append(problem)
        else:
            self.more += 1

    def failure(self) -> ImportFailed:
        """The kept problems by line number, and how many more there were."""
        return ImportFailed(sorted(self.problems, key=_line_number), more=self.more)


def _scan(
    path: Path, context: _Context, max_line_bytes: int, progress: Progress | None = None
) -> _Scan:
    scan = _Scan()
    read = 0
    for number, text, problem in _lines(path, max_line_bytes):
        read += 1
        if progress is not None and read % PROGRESS_EVERY == 0:
            progress("check", read, None)
        prefix = f"line {number}: "
        if problem is not None:
            scan.add(prefix + problem)
            continue
        try:
            data = load_json(text)
        except JSONTooDeep as exc:
            scan.add(
                prefix + f"{exc.path}: nested more than {exc.max_depth} levels deep "
                "(arrays and objects)"
            )
            continue
        except json.JSONDecodeError as exc:
            scan.add(prefix + f"$: not valid JSON: {exc.msg} (column {exc.colno})")
            continue
        except ValueError as exc:  # a number of more than 4,300 digits
            scan.add(prefix + f"$: not valid JSON: {exc}")
            continue
        if not isinstance(data, dict):
            scan.add(prefix + "$: must be a JSON object (one row per line)")
            continue
        unstorable = unstorable_text(data)
        if unstorable:
            for where, message in unstorable:
                scan.add(prefix + f"{where}: {message}")
            continue
        try:
            row = ExportRow.model_validate_json(text)
        except ValidationError as exc:
            for err in exc.errors():
                scan.add(prefix + f"{json_path(err['loc'])}: {err['msg']}")
            continue
        scan.rows += 1
        for p in _check_row(row, context):
            scan.add(prefix + p)
        first = scan.ids.setdefault(row.response_id, number)
        if first != number:
            scan.add(prefix + f"$.response_id: {row.response_id!r} is already on line {first}")
        key = (row.run_id, row.agent, row.scenario_id, row.checkpoint)
        other = scan.keys.setdefault(key, number)
        if other != number:
            scan.add(
                prefix + f"$: run {row.run_id!r} already has a response of {row.agent} at "
                f"{row.scenario_id} checkpoint {row.checkpoint} (line {other})"
            )
        scan.agents.setdefault(row.agent, number)
        scan.runs.setdefault(row.run_id, number)
        if row.annotator is not None and row.annotated:
            scan.pseudonyms.setdefault(row.annotator, number)
    if progress is not None:
        progress("check", read, read)
    return scan


NO_SCENARIOS = (
    "the database has no scenarios: load the scenario tree the responses come from first "
    "(`halo seed seeds/`), then import again"
)
UNKNOWN_SCENARIOS_LISTED = 20
"""More lines than this naming unknown scenarios are reported as one problem."""
_UNKNOWN = re.compile(r"line \d+: \$\.scenario_id: unknown scenario '(.*)'$")


def _summarise_unknown_scenarios(scan: _Scan) -> None:
    """List few per-line "unknown scenario" problems, or replace many by one.

    The one says what to do; its count of scenarios is "at least" when more names were seen
    than were kept.
    """
    if scan.unknown_count <= UNKNOWN_SCENARIOS_LISTED:
        for problem in scan.unknown:
            scan.keep(problem)
        return
    names = sorted(scan.unknown_names)
    shown = ", ".join(repr(n) for n in names[:5]) + (", …" if len(names) > 5 else "")
    counted = f"at least {len(names)}" if len(names) >= MAX_PROBLEMS_LISTED else f"{len(names)}"
    scan.problems.insert(
        0,
        f"{scan.unknown_count} rows name {counted} scenarios this database does not have "
        f"({shown}): load the scenario tree the responses come from first "
        "(`halo seed seeds/`), then import again",
    )
    if len(scan.problems) > MAX_PROBLEMS_LISTED:
        scan.problems.pop()
        scan.more += 1


def _line_number(problem: str) -> int:
    match = re.match(r"line (\d+): ", problem)
    return int(match.group(1)) if match else 0


def _chunks(values: list[str], size: int = 1000) -> Iterator[list[str]]:
    for start in range(0, len(values), size):
        yield values[start : start + size]


def _reusable_runs(session: Session, names: set[str]) -> dict[str, Run]:
    """Earlier *imported* runs by name (native runs are never added to)."""
    runs: dict[str, Run] = {}
    for chunk in _chunks(sorted(names)):
        query = sa_select(Run).where(col(Run.name).in_(chunk)).order_by(col(Run.id))
        for (run,) in session.execute(query).all():
            if "imported_from" in (run.settings or {}):
                runs.setdefault(run.name, run)
    return runs


def _check_database(session: Session, scan: _Scan, runs: dict[str, Run]) -> None:
    """Add problems for rows that clash with what is stored."""
    already: set[int] = set()  # lines whose response is stored: that says it all
    for chunk in _chunks(sorted(scan.ids)):
        query = sa_select(col(Response.id)).where(col(Response.id).in_(chunk))
        for (existing,) in session.execute(query).all():
            already.add(scan.ids[existing])
            scan.add(
                f"line {scan.ids[existing]}: $.response_id: {existing!r} already exists "
                "(already imported)"
            )
    if runs:
        by_id = {run.id: name for name, run in runs.items()}
        columns: list[Any] = [Response.run_id, Agent.name, Checkpoint.scenario_id, Checkpoint.t]
        query = (
            sa_select(*columns)
            .join(Agent, col(Agent.id) == col(Response.agent_id))
            .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
            .where(col(Response.run_id).in_(list(by_id)))
        )
        for run_id, agent, scenario_id, t in session.execute(query).all():
            key = (by_id[run_id], agent, scenario_id, t)
            if key in scan.keys and scan.keys[key] not in already:
                scan.add(
                    f"line {scan.keys[key]}: $: imported run {key[0]!r} already has a response "
                    f"of {agent} at {scenario_id} checkpoint {t}"
                )
    for chunk in _chunks(sorted(scan.agents)):
        kinds = sa_select(col(Agent.name), col(Agent.kind)).where(
            col(Agent.name).in_(chunk), col(Agent.kind) != "external"
        )
        for name, kind in session.execute(kinds).all():  # imported and native results must not mix
            scan.add(
                f"line {scan.agents[name]}: $.agent: {name!r} is an agent run here ({kind}); "
                "imported responses need their own agent name"
            )
    for chunk in _chunks(sorted(set(scan.runs) - set(runs))):
        native = sa_select(col(Run.name), col(Run.id)).where(col(Run.name).in_(chunk))
        for name, run_id in session.execute(native).all():  # a run produced here, not imported
            scan.add(
                f"line {scan.runs[name]}: $.run_id: {name!r} is the name of run {run_id}, "
                "produced here; imported responses need a run name of their own"
            )
    pseudonyms = sorted(scan.pseudonyms)
    known: set[str] = set()
    for chunk in _chunks(pseudonyms):
        query = sa_select(col(User.pseudonym)).where(col(User.pseudonym).in_(chunk))
        known.update(p for (p,) in session.execute(query).all())
    missing = [p for p in pseudonyms if p not in known]
    for chunk in _chunks(missing):
        names = [IMPORTED_USER_PREFIX + p for p in chunk]
        query = sa_select(col(User.username)).where(col(User.username).in_(names))
        for (taken,) in session.execute(query).all():
            pseudonym = taken.removeprefix(IMPORTED_USER_PREFIX)
            scan.add(
                f"line {scan.pseudonyms[pseudonym]}: $.annotator: no account has pseudonym "
                f"{pseudonym!r} and the username {taken!r} is taken"
            )


def _ensure_agents(session: Session, names: set[str], report: ImportReport) -> dict[str, int]:
    ids: dict[str, int] = {}
    for chunk in _chunks(sorted(names)):
        query = sa_select(col(Agent.name), col(Agent.id)).where(col(Agent.name).in_(chunk))
        ids.update({name: agent_id for name, agent_id in session.execute(query).all()})
    for name in sorted(names - set(ids)):
        agent = Agent(name=name, kind="external", config={})
        session.add(agent)
        session.flush()
        assert agent.id is not None
        ids[name] = agent.id
        report.agents_created.append(name)
    return ids


def _ensure_runs(
    session: Session, names: set[str], reusable: dict[str, Run], filename: str, report: ImportReport
) -> dict[str, int]:
    ids: dict[str, int] = {}
    now = utcnow()
    for name in sorted(names):
        run = reusable.get(name)
        if run is None:
            run = Run(
                name=name,
                status=RunStatus.COMPLETED,
                settings={"imported_from": filename},
                started_at=now,
                finished_at=now,
            )
            session.add(run)
            session.flush()
            report.runs_created.append(name)
        else:
            report.runs_reused.append(name)
        assert run.id is not None
        ids[name] = run.id
    return ids


def _ensure_annotators(
    session: Session, pseudonyms: set[str], report: ImportReport
) -> dict[str, int]:
    ids: dict[str, int] = {}
    for chunk in _chunks(sorted(pseudonyms)):
        query = sa_select(col(User.pseudonym), col(User.id)).where(col(User.pseudonym).in_(chunk))
        ids.update({p: user_id for p, user_id in session.execute(query).all()})
    for pseudonym in sorted(pseudonyms - set(ids)):
        user = User(
            username=IMPORTED_USER_PREFIX + pseudonym,
            pseudonym=pseudonym,
            role=Role.ANNOTATOR,
            password_hash=hash_password(secrets.token_urlsafe(32)),
            is_active=False,
        )
        session.add(user)
        session.flush()
        assert user.id is not None
        ids[pseudonym] = user.id
        report.annotators_created.append(pseudonym)
    return ids


def _store(
    session: Session,
    path: Path,
    context: _Context,
    agents: dict[str, int],
    runs: dict[str, int],
    annotators: dict[str, int],
    report: ImportReport,
    max_line_bytes: int,
    progress: Progress | None,
    total: int,
) -> None:
    """The second pass: every row stored, :data:`FLUSH_EVERY` at a time in bulk (COPY)."""
    now = utcnow()
    responses: list[dict[str, Any]] = []
    annotations: list[dict[str, Any]] = []
    places: dict[str, tuple[str, int]] = {}  # an annotated response's queue place: (scenario, t)

    def flush() -> None:
        bulk_insert(session, Response, responses)
        bulk_insert(session, Annotation, annotations)
        if annotations:  # the new responses' only annotations: their ids, by response
            ids = dict(
                session.execute(
                    sa_select(col(Annotation.response_id), col(Annotation.id)).where(
                        any_of(Annotation.response_id, [a["response_id"] for a in annotations])
                    )
                ).all()
            )
            bulk_insert(
                session,
                AnnotationRevision,
                [
                    {
                        "annotation_id": ids[a["response_id"]],
                        "version": 1,
                        "data": a["data"],
                        "created_by": a["annotator_id"],
                        "created_at": a["updated_at"],
                    }
                    for a in annotations
                ],
            )
            bulk_insert(
                session,
                Assignment,
                [
                    {
                        "response_id": a["response_id"],
                        "annotator_id": a["annotator_id"],
                        "scenario_id": places[a["response_id"]][0],
                        "checkpoint_t": places[a["response_id"]][1],
                        "blind_order": blind_order(a["response_id"]),
                        "phase": a["phase"],
                        "assigned_at": a["created_at"],
                    }
                    for a in annotations
                ],
            )
        responses.clear()
        annotations.clear()
        places.clear()

    for count, (_number, text, problem) in enumerate(_lines(path, max_line_bytes), start=1):
        assert problem is None
        row = ExportRow.model_validate_json(text)
        replayed = context.replay(row) if row.completed else None
        responses.append(
            {
                "id": row.response_id,
                "run_id": runs[row.run_id],
                "agent_id": agents[row.agent],
                "checkpoint_id": context.checkpoints[(row.scenario_id, row.checkpoint)],
                "status": row.status,
                "action": row.action.model_dump() if row.action is not None else None,
                "level_predicted": row.level_predicted,
                "trajectory": [  # results capped as the runner caps them (DESIGN §3.3)
                    {
                        **step.model_dump(),
                        "result": truncate(step.result),
                        "ok": not step.result.startswith("error: "),
                    }
                    for step in row.trajectory
                ],
                "prompt_tokens": row.prompt_tokens,
                "completion_tokens": row.completion_tokens,
                "reasoning_tokens": row.reasoning_tokens,
                "retrieval_rounds": row.retrieval_rounds,
                "local_content_access": row.local_content_access,
                "state_diff": replayed.diff if replayed is not None else [],
                "permission_flags": replayed.flags if replayed is not None else [],
                "finished_at": now,
            }
        )
        report.responses += 1
        if row.annotated:
            assert row.annotator is not None
            diagnosis = _diagnosis(row)
            at = row.annotated_at or now
            places[row.response_id] = (row.scenario_id, row.checkpoint)
            annotations.append(
                {
                    "response_id": row.response_id,
                    "annotator_id": annotators[row.annotator],
                    "phase": row.phase or 1,
                    "version": 1,
                    "created_at": at,
                    "updated_at": at,
                    **diagnosis.as_dict(),
                    "data": diagnosis.as_dict(),
                }
            )
            report.annotations += 1
        if count % FLUSH_EVERY == 0:
            flush()
            if progress is not None:
                progress("store", count, total)
    flush()
    if progress is not None:
        progress("store", total, total)


def import_responses(
    session: Session,
    path: Path,
    *,
    max_line_bytes: int | None = None,
    progress: Progress | None = None,
) -> ImportReport:
    """Import responses from a JSONL file in the export row format, all-or-nothing (DESIGN §9).

    Every line is checked before anything is stored: at most `max_line_bytes` bytes (read with
    that cap, never whole); valid UTF-8 JSON nested at most
    :data:`~app.bounded.MAX_JSON_DEPTH` levels, with no string or key holding text PostgreSQL
    cannot store (NUL, a lone surrogate; each named by JSON path); the row model
    (:class:`~app.export.rows.ExportRow`: no unknown fields, no type coercion); the scenario exists
    and ``environment_id``, ``need_type``, ``domain`` and ``num_events`` match it; ``checkpoint``
    is in 1..n; a completed row's action is an action command with valid arguments that the
    arena accepts at that checkpoint (the scenario is replayed to it and the action applied, as
    in a run; its state diff and permission flags are stored from that replay) and
    ``level_predicted`` is its catalogue level (``L0`` for no action), a ``protocol_error`` or
    ``api_error`` row has neither; trajectory steps are retrieval commands with valid arguments,
    rounds not decreasing and within ``retrieval_rounds``; ``local_content_access`` agrees with
    the trajectory, derived as the runner derives it (a db_query that returned rows or a
    files_read that returned text; a result whose text does not tell leaves it as given);
    ``response_id`` is unique in the file and not already stored; one response per (run, agent,
    scenario, checkpoint); annotation fields are all null/absent, or form a diagnosis that
    passes the rules an annotator's submit obeys (``record_diagnosis``: DESIGN §7, and the
    confirmed ``level`` is L0 for no action and L1–L3 for an action), on a completed row,
    with the annotator's pseudonym and ``inaction`` consistent.

    An agent name may not be that of an agent run here (a baseline or endpoint): imported and
    produced results would mix in its metrics. A UTF-8 byte order mark at the start of the file
    is ignored.

    Then, in one transaction with one commit: agents missing by name (kind ``external``), one run
    per ``run_id`` (``Run.name``; an earlier *imported* run of that name is added to; the name
    of a run produced here is refused), the responses (trajectory steps get ``ok`` = the result
    is not an ``error: ...``; results are capped at 4,000 characters with the ``[truncated]``
    marker by the runner's own :func:`~app.arena.commands.registry.truncate`), and for annotated
    rows an annotation with revision 1 and an assignment by the annotator found by pseudonym —
    created as an inactive annotator ``imported-<pseudonym>`` with an unusable password when
    missing.

    Args:
        session: database session (commits once on success, rolls back on failure).
        path: the JSONL file; blank lines are ignored.
        max_line_bytes: longest line accepted, in bytes without its line break; None for the
            ``IMPORT_MAX_LINE_BYTES`` setting (default 1,000,000).
        progress: called as lines are checked (``"check"``, lines read, None) and rows stored
            (``"store"``, rows stored, rows in all); see :data:`Progress`.

    Returns:
        An :class:`ImportReport`.

    Raises:
        ImportFailed: one line per problem, ``line N: $.json.path: message``; nothing is stored.
            A database without scenarios, or more than :data:`UNKNOWN_SCENARIOS_LISTED` lines
            naming unknown scenarios, is one problem that says to seed the scenarios first.
            A Parquet file is one problem that asks for the JSONL file.
            Also when `path` is a directory or missing, and when a concurrent import of the
            same rows committed first ("already imported").
    """
    path = Path(path)
    if path.is_dir():
        raise ImportFailed([f"{path}: is a directory; give the JSONL file of responses"])
    if not path.is_file():
        raise ImportFailed([f"{path}: no such file"])
    with path.open("rb") as handle:
        if handle.read(4) == b"PAR1":
            raise ImportFailed(
                [
                    f"{path.name}: is a Parquet file; `halo import responses` reads JSON Lines "
                    "— give the dump's responses.jsonl (export with --format jsonl or both)"
                ]
            )
    context = _load_context(session)
    if not context.scenarios:
        raise ImportFailed([NO_SCENARIOS])
    limit = get_settings().import_max_line_bytes if max_line_bytes is None else max_line_bytes
    scan = _scan(path, context, limit, progress)
    _summarise_unknown_scenarios(scan)
    if scan.rows == 0 and not scan.problems:
        scan.add(f"{path.name}: no rows to import")
    reusable = _reusable_runs(session, set(scan.runs)) if scan.runs else {}
    _check_database(session, scan, reusable)
    if scan.problems or scan.more:
        raise scan.failure()
    report = ImportReport()
    try:
        agents = _ensure_agents(session, set(scan.agents), report)
        runs = _ensure_runs(session, set(scan.runs), reusable, path.name, report)
        annotators = _ensure_annotators(session, set(scan.pseudonyms), report)
        _store(session, path, context, agents, runs, annotators, report, limit, progress, scan.rows)
        session.commit()
    except IntegrityError as exc:  # another import stored the same rows since the check
        session.rollback()
        raise ImportFailed(
            [
                f"{path.name}: already imported: another import stored some of these rows "
                "(responses, agents or annotators) while this one ran; nothing was stored"
            ]
        ) from exc
    except BaseException:
        session.rollback()
        raise
    return report

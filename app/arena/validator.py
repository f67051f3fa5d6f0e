"""Deterministic scenario validator, rules V01–V09 (DESIGN.md §4.1, seeds/README.md).

Every rule has a stable code and reports a JSON path into the file it concerns, so an author can
find the faulty value: ``V02 hm-03 $.events[2].at: ...``. All rules run, not only the first failing
one; an import is all-or-nothing, so a scenario with any finding is rejected.

Pure code: reads the seed folders it is pointed at and builds in-memory SQLite sandboxes, but
imports neither the database layer nor the web layer.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import TypeAdapter, ValidationError

from app.arena.commands import CATALOGUE, level_of, run_command
from app.arena.errors import ArenaError, CommandError
from app.arena.replay import apply_event, replay_prefix
from app.arena.schema import (
    APPS,
    EVENT_PAYLOADS,
    AppRecords,
    BestIntervention,
    CalendarEvent,
    CheckpointDesign,
    DbEvidence,
    Design,
    EnvironmentSpec,
    Event,
    FileEvidence,
    KeyEvidence,
    ScenarioRecords,
    ScenarioSpec,
    dump_record,
)
from app.arena.sqlclock import SqlClock, clocked_executescript
from app.arena.state import S0, Sandbox, build_s0, normalise_path, scenario_record_count
from app.bounded import JSONTooDeep, load_json, text_problem, unstorable_text
from app.jsonpath import join_path, loc_path, path_step

EVENTS_MIN, EVENTS_MAX = 4, 6
APPS_MIN = 3
NOISE_MIN, NOISE_MAX = 12, 20

_COLLECTION_PATHS: dict[tuple[str, str], str] = {
    ("email", "messages"): "email.messages",
    ("calendar", "events"): "calendar.events",
    ("chat", "conversations"): "chat.conversations",
    ("chat", "messages"): "chat.messages",
    ("contacts", "contacts"): "contacts",
    ("wallet", "accounts"): "wallet.accounts",
    ("wallet", "transactions"): "wallet.transactions",
    ("wallet", "scheduled_payments"): "wallet.scheduled_payments",
}
"""(app, collection) → its JSON path inside `apps`, `initial_records` or `noise_records`."""

_PARTS = ("initial_records", "noise_records")


@dataclass(frozen=True)
class Finding:
    """One rule violation.

    Attributes:
        code: the rule, ``"V01"`` .. ``"V09"`` (DESIGN.md §4.1).
        scenario_id: the scenario it concerns; None for a finding about an environment or the
            seed tree (the message then names the file).
        path: JSON path into the scenario file (or ``environment.json``), e.g. ``$.events[2].at``.
        message: what is wrong, in one sentence.
        file: the scenario file it concerns, relative to the environments' folder (e.g.
            ``hm/scenarios/hm-03.json``); None for an environment finding (its message names
            the file) or one about the seed tree.
    """

    code: str
    scenario_id: str | None
    path: str
    message: str
    file: str | None = None

    def __str__(self) -> str:
        """``CODE [scenario] [file] $.path: message``, e.g.
        ``V02 hm-03 hm/scenarios/hm-03.json $.events[2].at: ...``."""
        subject = f"{self.scenario_id} " if self.scenario_id else ""
        where = f"{self.file} " if self.file else ""
        return f"{self.code} {subject}{where}{self.path}: {self.message}"


@dataclass
class EnvironmentBundle:
    """One environment folder, read but not yet composed into any S0 (DESIGN.md §4).

    Attributes:
        spec: the parsed ``environment.json``.
        database_sql: the text of ``database.sql``.
        files: virtual path (``/home/a.txt``) → UTF-8 text, from ``files/**``.
        scenarios: (file name such as ``hm-03.json``, raw JSON object) for every scenario file
            that is valid JSON, in file-name order.
    """

    spec: EnvironmentSpec
    database_sql: str
    files: dict[str, str]
    scenarios: list[tuple[str, dict[str, Any]]]


def _validation_findings(
    code: str, scenario_id: str | None, base: str, raw: Any, exc: ValidationError, prefix: str = ""
) -> list[Finding]:
    """One finding per pydantic error (alternatives of one union are merged into one finding)."""
    messages: dict[str, list[str]] = {}
    for error in exc.errors():
        path = loc_path(base, raw, error["loc"])
        text = error["msg"]
        if error["type"] == "extra_forbidden":
            text = "unknown field (extra fields are not allowed)"
        if text not in messages.setdefault(path, []):
            messages[path].append(text)
    return [
        Finding(code, scenario_id, path, prefix + "; or ".join(texts))
        for path, texts in messages.items()
    ]


def _json_finding(
    label: str | None, scenario_id: str | None, exc: json.JSONDecodeError, file: str | None = None
) -> Finding:
    subject = f"{label} is not" if label else "not"
    return Finding(
        "V01",
        scenario_id,
        "$",
        f"{subject} valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
        file,
    )


# ---------------------------------------------------------------- records


def _indexed_records(records: AppRecords) -> Iterator[tuple[tuple[str, str], int, Any]]:
    """Yield ((app, collection), index, record model) in file order."""
    by_collection: list[tuple[tuple[str, str], list[Any]]] = [
        (("email", "messages"), records.email.messages),
        (("calendar", "events"), records.calendar.events),
        (("chat", "conversations"), records.chat.conversations),
        (("chat", "messages"), records.chat.messages),
        (("contacts", "contacts"), records.contacts),
        (("wallet", "accounts"), records.wallet.accounts),
        (("wallet", "transactions"), records.wallet.transactions),
        (("wallet", "scheduled_payments"), records.wallet.scheduled_payments),
    ]
    for key, items in by_collection:
        for index, item in enumerate(items):
            yield key, index, item


def _record_path(base: str, key: tuple[str, str], index: int, *field: str) -> str:
    return f"{base}.{_COLLECTION_PATHS[key]}[{index}]" + "".join(path_step(f) for f in field)


def _app_ids(collections: dict[tuple[str, str], dict[str, dict[str, Any]]], app: str) -> set[str]:
    return {rid for (a, _c), records in collections.items() if a == app for rid in records}


def _leaves(value: Any) -> Iterator[str]:
    """Every string and number inside a JSON value, as text (keys and booleans are skipped)."""
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item)
    elif isinstance(value, str):
        yield value
    elif isinstance(value, int | float) and not isinstance(value, bool):
        yield str(value)


def _mentions(value: Any, needle: str) -> bool:
    folded = needle.casefold()
    return any(folded in leaf.casefold() for leaf in _leaves(value))


def _reference_findings(
    scenario_id: str | None,
    base: str,
    records: AppRecords,
    collections: dict[tuple[str, str], dict[str, dict[str, Any]]],
    prefix: str = "",
) -> list[Finding]:
    """V04: chat message → conversation, transaction / scheduled payment → account (+ currency)."""
    findings: list[Finding] = []
    conversations = collections[("chat", "conversations")]
    accounts = collections[("wallet", "accounts")]
    for index, message in enumerate(records.chat.messages):
        if message.conversation_id not in conversations:
            findings.append(
                Finding(
                    "V04",
                    scenario_id,
                    _record_path(base, ("chat", "messages"), index, "conversation_id"),
                    f"{prefix}conversation {message.conversation_id!r} does not exist",
                )
            )
    for index, transaction in enumerate(records.wallet.transactions):
        if transaction.account_id not in accounts:
            findings.append(
                Finding(
                    "V04",
                    scenario_id,
                    _record_path(base, ("wallet", "transactions"), index, "account_id"),
                    f"{prefix}account {transaction.account_id!r} does not exist",
                )
            )
    for index, payment in enumerate(records.wallet.scheduled_payments):
        key = ("wallet", "scheduled_payments")
        account = accounts.get(payment.account_id)
        if account is None:
            findings.append(
                Finding(
                    "V04",
                    scenario_id,
                    _record_path(base, key, index, "account_id"),
                    f"{prefix}account {payment.account_id!r} does not exist",
                )
            )
        elif account["currency"] != payment.currency:
            findings.append(
                Finding(
                    "V04",
                    scenario_id,
                    _record_path(base, key, index, "currency"),
                    f"{prefix}currency {payment.currency} does not match account "
                    f"{payment.account_id!r} ({account['currency']})",
                )
            )
    return findings


def _balance_gaps(
    collections: dict[tuple[str, str], dict[str, dict[str, Any]]],
) -> dict[str, tuple[int, int]]:
    """Accounts whose balance is not opening + posted transactions: id → (balance, expected)."""
    expected = {
        aid: account["opening_balance_minor"]
        for aid, account in collections[("wallet", "accounts")].items()
    }
    for transaction in collections[("wallet", "transactions")].values():
        if transaction["status"] == "posted" and transaction["account_id"] in expected:
            expected[transaction["account_id"]] += transaction["amount_minor"]
    return {
        aid: (account["balance_minor"], expected[aid])
        for aid, account in collections[("wallet", "accounts")].items()
        if account["balance_minor"] != expected[aid]
    }


# ---------------------------------------------------------------- loading


def _read_json(
    path: Path, sid: str | None, file: str | None, label: str | None
) -> tuple[Any, list[Finding]]:
    """A JSON file read within the bounds of DESIGN §3.4, the one reader of seed JSON.

    Args:
        path: the file.
        sid / file: ``scenario_id`` and ``file`` of the findings (None for an environment).
        label: the file as named at the start of an environment finding's message (e.g.
            ``hm/environment.json``); None for a scenario file (its ``file`` names it).

    Returns:
        (the parsed value, None when there is any finding; V01 findings). Not UTF-8, not
        valid JSON (line and column), nested deeper than :data:`~app.bounded.MAX_JSON_DEPTH`
        (the JSON path of the first container too deep), or a string or key holding text
        PostgreSQL cannot store (NUL, a lone surrogate: one finding per string, by JSON path).
    """
    prefix = f"{label}: " if label else ""
    try:
        data = load_json(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        return None, [_json_finding(label, sid, exc, file)]
    except UnicodeDecodeError as exc:
        subject = f"{label} is not" if label else "not"
        return None, [Finding("V01", sid, "$", f"{subject} UTF-8: {exc}", file)]
    except JSONTooDeep as exc:
        message = f"{prefix}nested more than {exc.max_depth} levels deep (arrays and objects)"
        return None, [Finding("V01", sid, exc.path, message, file)]
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        subject = f"{label} is not" if label else "not"
        return None, [Finding("V01", sid, "$", f"{subject} valid JSON: {exc}", file)]
    findings = [
        Finding("V01", sid, where, prefix + message, file)
        for where, message in unstorable_text(data)
    ]
    return (None if findings else data), findings


def _text_file_problem(text: str) -> str | None:
    """``line N holds a NUL character (U+0000), ...`` for a text file PostgreSQL cannot store."""
    found = text_problem(text)
    if found is None:
        return None
    offset, what = found
    line = text.count("\n", 0, offset) + 1
    return f"line {line} holds {what}, which cannot be stored; remove it"


def load_environment_dir(path: Path) -> tuple[EnvironmentBundle | None, list[Finding]]:
    """Read one environment folder of the DESIGN §4 layout and check the environment itself.

    Layout: ``environment.json``, ``database.sql``, ``files/**`` (``files/home/a.txt`` is the
    virtual ``/home/a.txt``), ``scenarios/*.json``. The environment is checked for V01
    (schema, folder name = id, a known IANA time zone, UTF-8 files without links or NUL
    characters, SQL that runs without reading the host clock; JSON within the bounds of
    :func:`_read_json`), V04 (ids unique per app, references resolve within the base
    state) and V09 (balances). Scenario files are only read here; :func:`validate_scenario`
    checks them.

    Args:
        path: the environment folder, e.g. ``seeds/arena/hm``.

    Returns:
        (the bundle, or None when the environment cannot be used at all; findings). Environment
        findings have ``scenario_id`` None and name the file in their message; a scenario file
        that is not valid JSON gives a V01 finding with its ``file``, line and column and is left
        out of ``bundle.scenarios``.

    Source: DESIGN.md §4, §4.1; seeds/README.md.
    """
    bundle, findings = _load_environment(path)
    if bundle is not None:
        bundle.scenarios, file_findings = read_scenario_files(path)
        findings += file_findings
    return bundle, findings


def _load_environment(path: Path) -> tuple[EnvironmentBundle | None, list[Finding]]:
    """:func:`load_environment_dir` without reading the scenario files (``scenarios`` empty)."""
    label = f"{path.name}/environment.json"
    env_file = path / "environment.json"
    if not env_file.is_file():
        return None, [Finding("V01", None, "$", f"{label} is missing")]
    raw, read_findings = _read_json(env_file, None, None, label)
    if read_findings:
        return None, read_findings
    try:
        spec = EnvironmentSpec.model_validate(raw)
    except ValidationError as exc:
        return None, _validation_findings("V01", None, "$", raw, exc, prefix=f"{label}: ")

    findings: list[Finding] = []
    if spec.id != path.name:
        findings.append(
            Finding(
                "V01",
                None,
                "$.id",
                f"{label}: id {spec.id!r} differs from its folder name {path.name!r}",
            )
        )
    try:
        timezone = ZoneInfo(spec.timezone)
    except (ZoneInfoNotFoundError, ValueError):
        findings.append(
            Finding("V01", None, "$.timezone", f"{label}: unknown IANA time zone {spec.timezone!r}")
        )
        return None, findings

    sql_file = path / "database.sql"
    database_sql = ""
    if not sql_file.is_file():
        findings.append(Finding("V01", None, "$", f"{path.name}/database.sql is missing"))
    else:
        try:
            database_sql = sql_file.read_text(encoding="utf-8")
            if (problem := _text_file_problem(database_sql)) is not None:
                findings.append(Finding("V01", None, "$", f"{path.name}/database.sql: {problem}"))
                return None, findings
            db = sqlite3.connect(":memory:")
            clock = SqlClock(timezone)
            clock.install(db)
            try:
                clocked_executescript(db, clock, database_sql)
            finally:
                db.close()
        except (UnicodeDecodeError, sqlite3.Error) as exc:
            findings.append(Finding("V01", None, "$", f"{path.name}/database.sql fails: {exc}"))
            return None, findings

    files: dict[str, str] = {}
    files_dir = path / "files"
    if files_dir.is_dir():
        for file in sorted(files_dir.rglob("*")):
            virtual = "/" + file.relative_to(files_dir).as_posix()
            where = f"{path.name}/files{virtual}"
            if file.is_symlink():
                findings.append(Finding("V01", None, "$", f"{where} is a link; links are refused"))
            elif file.is_file():
                try:
                    text = file.read_text(encoding="utf-8")
                    if (problem := _text_file_problem(text)) is not None:
                        findings.append(Finding("V01", None, "$", f"{where}: {problem}"))
                        continue
                    files[normalise_path(virtual)] = text
                except (UnicodeDecodeError, CommandError) as exc:
                    findings.append(Finding("V01", None, "$", f"{where} cannot be used: {exc}"))

    findings.extend(_environment_state_findings(spec, label))
    return EnvironmentBundle(spec, database_sql, files, []), findings


def read_scenario_files(
    path: Path, names: Iterable[str] | None = None
) -> tuple[list[tuple[str, dict[str, Any]]], list[Finding]]:
    """Read the scenario files of one environment folder.

    Args:
        path: the environment folder (its files are ``scenarios/*.json``).
        names: file names to read (e.g. ``["hm-03.json"]``); None for every ``*.json`` there.

    Returns:
        ((file name, JSON object) in file-name order; findings). A file that is not UTF-8, not
        valid JSON (line and column in the message) or not a JSON object gives a V01 finding
        with path ``$`` and its ``file``, and is left out of the list; so is one nested too
        deeply or holding a NUL or lone surrogate in a string, its findings naming the JSON path
        (see :func:`_read_json`).
    """
    scenarios_dir = path / "scenarios"
    if names is None:
        files = sorted(scenarios_dir.glob("*.json")) if scenarios_dir.is_dir() else []
    else:
        files = [scenarios_dir / name for name in names]
    scenarios: list[tuple[str, dict[str, Any]]] = []
    findings: list[Finding] = []
    for file in files:
        where = f"{path.name}/scenarios/{file.name}"
        data, read_findings = _read_json(file, file.stem, where, None)
        if read_findings:
            findings += read_findings
            continue
        if not isinstance(data, dict):
            findings.append(Finding("V01", file.stem, "$", "must hold a JSON object", where))
            continue
        scenarios.append((file.name, data))
    return scenarios, findings


def _environment_state_findings(spec: EnvironmentSpec, label: str) -> list[Finding]:
    """V04 and V09 over the environment's base app records alone."""
    findings: list[Finding] = []
    collections: dict[tuple[str, str], dict[str, dict[str, Any]]] = {
        key: {} for key in _COLLECTION_PATHS
    }
    seen: dict[str, dict[str, str]] = {app: {} for app in APPS}
    for key, index, record in _indexed_records(spec.apps):
        rid = record.id
        path = _record_path("$.apps", key, index)
        if rid in seen[key[0]]:
            findings.append(
                Finding(
                    "V04",
                    None,
                    path + ".id",
                    f"{label}: id {rid!r} is already used in {key[0]} at {seen[key[0]][rid]}",
                )
            )
            continue
        seen[key[0]][rid] = path
        collections[key][rid] = dump_record(record)
    findings.extend(_reference_findings(None, "$.apps", spec.apps, collections, f"{label}: "))
    gaps = _balance_gaps(collections)
    for index, account in enumerate(spec.apps.wallet.accounts):
        if account.id in gaps:
            balance, expected = gaps.pop(account.id)
            findings.append(
                Finding(
                    "V09",
                    None,
                    _record_path("$.apps", ("wallet", "accounts"), index, "balance_minor"),
                    f"{label}: balance {balance} of account {account.id!r} should be {expected} "
                    f"(opening balance plus posted transactions)",
                )
            )
    return findings


def load_seed_tree(path: Path) -> tuple[list[EnvironmentBundle], list[Finding]]:
    """Read every environment under a seed folder.

    Args:
        path: ``seeds/`` (holding ``arena/``), ``seeds/arena/`` (holding environment folders) or
            a single environment folder (holding ``environment.json``).

    Returns:
        (the environments that can be used, in folder-name order; findings of all environments).
        A missing folder or one without any environment gives a V01 finding with path ``$``.

    Source: DESIGN.md §4.
    """
    folders, findings = _environment_folders(path)
    bundles: list[EnvironmentBundle] = []
    for folder in folders:
        bundle, env_findings = load_environment_dir(folder)
        findings.extend(env_findings)
        if bundle is not None:
            bundles.append(bundle)
    return bundles, findings


def _environment_folders(path: Path) -> tuple[list[Path], list[Finding]]:
    """The environment folders under a seed folder (see :func:`load_seed_tree`)."""
    if (path / "environment.json").is_file():
        return [path], []
    root = path / "arena" if (path / "arena").is_dir() else path
    if not root.is_dir():
        return [], [Finding("V01", None, "$", f"{path} is not a folder")]
    folders = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
    if not folders:
        return [], [Finding("V01", None, "$", f"{root} holds no environment folder")]
    return folders, []


# ---------------------------------------------------------------- scenario rules


_SPEC_PARTS = frozenset(
    {
        "environment_id",
        "initial_records",
        "noise_records",
        "events",
        "best_intervention",
        "key_evidence",
        "checkpoint_design",
    }
)
"""The parts of a scenario the rules use; a file that does not parse has only some of them."""


@dataclass
class _Context:
    """What the rules of one scenario share: the parsed scenario, its S0, replay results.

    When the file does not parse (V01), ``spec`` holds only the parts named in ``parts`` (the
    others are empty placeholders) and each rule runs on what it needs among them; ``env`` is
    None when the environment itself cannot be used.
    """

    env: EnvironmentBundle | None
    spec: ScenarioSpec
    raw: dict[str, Any]
    sid: str | None
    parts: frozenset[str] = _SPEC_PARTS
    events: tuple[Event | None, ...] = ()
    """One entry per event of the file, None where the event does not parse."""
    s0: S0 | None = None
    payloads_ok: tuple[bool, ...] = ()
    replay_ok_until: int = 0
    """Events e1..e_k replay without error (k = this value)."""

    @property
    def tz(self) -> ZoneInfo | None:
        return ZoneInfo(self.env.spec.timezone) if self.env is not None else None

    @property
    def n_events(self) -> int | None:
        """How many events the file has (parsed or not); None when ``events`` is no list."""
        return len(self.events) if isinstance(self.raw.get("events"), list) else None

    def has(self, *parts: str) -> bool:
        return all(part in self.parts for part in parts)

    def parsed_events(self) -> Iterator[tuple[int, Event]]:
        """(index in the file, event) for every event that parses."""
        for index, event in enumerate(self.events):
            if event is not None:
                yield index, event


def validate_scenario(
    env: EnvironmentBundle | None,
    raw: dict[str, Any],
    *,
    file: str | None = None,
) -> tuple[ScenarioSpec | None, list[Finding]]:
    """Check one scenario file against its environment with rules V01–V09.

    V01 runs first (pydantic schema, unknown fields are errors, ``environment_id`` = the
    environment's id). When the file parses, V02–V09 all run and every violation is reported.
    When it does not, the other rules still run on the parts that parse (the events one by one;
    the records, best intervention, key evidence and checkpoint design each as a whole), each
    rule only where everything it needs parsed, so nothing is reported that a fixed file would
    not report. Rules (DESIGN.md §4.1):

    - V02: 4–6 events, strictly increasing ``at``, each ``at`` carrying the environment time
      zone's UTC offset at that instant.
    - V03: events span ≥ 3 of email, calendar, chat, contacts, wallet; ``app`` matches the kind;
      the payload parses as the kind's payload (email.received in the inbox, email.sent in sent,
      calendar.updated changes only existing fields with valid values).
    - V04: ids unique per app over base, initial, noise and event-created records
      (``contacts.updated`` and ``wallet.scheduled`` may replace a record by id); references
      resolve in S0 or after the preceding events: chat message → conversation, transaction and
      scheduled payment → account (same currency for a scheduled payment), calendar.updated /
      cancelled → event; SQL and events that fail to build or replay; event ids unique.
    - V05: the best intervention is an action command with valid arguments, its checkpoint is in
      1..n, its level is the catalogue's, and it runs (``ok``) on the replay to its checkpoint.
    - V06: each key evidence item resolves in the state after e1..e_{c-1} (c = the best
      intervention's checkpoint): a db row by key with the column's value as text, or a file
      line containing the value; and the value (case-insensitive) appears in no record of the
      five apps in S0, no five-app event payload and no event summary.
    - V07: ``checkpoint_design`` keys are exactly "1".."n", with ≥ 1 premature and ≥ 1 window.
    - V08: 12–20 noise records, none mentioning a key evidence value.
    - V09: balance = opening balance + posted transactions for every account the scenario adds
      or books on, in S0 and after every posted ``wallet.transaction`` event (a transaction on a
      missing account is a V04 finding).

    Args:
        env: the environment the scenario belongs to; None when it cannot be used (then only
            the rules that need no environment run: V01, V02 without the time zone, V03, V05
            without the replay, V06 without resolving, V07, V08).
        raw: the scenario file's JSON object.
        file: the file's path for the findings (e.g. ``hm/scenarios/hm-03.json``); its stem
            names the scenario when the file has no usable id.

    Returns:
        (the parsed scenario, or None when it does not parse; findings sorted by rule code, in
        document order within a rule). The scenario passes only when the list is empty.

    Source: DESIGN.md §4.1; seeds/README.md.
    """
    raw_id = raw.get("id") if isinstance(raw, dict) else None
    sid = raw_id if isinstance(raw_id, str) and raw_id else None
    if sid is None and file is not None:
        sid = Path(file).stem
    if not isinstance(raw, dict):
        return None, [Finding("V01", sid, "$", "a scenario file holds one JSON object", file)]
    findings: list[Finding] = []
    spec: ScenarioSpec | None
    try:
        spec = ScenarioSpec.model_validate(raw)
    except ValidationError as exc:
        spec = None
        findings += _validation_findings("V01", sid, "$", raw, exc)
        ctx = _partial_context(env, raw, sid)
    else:
        ctx = _Context(env=env, spec=spec, raw=raw, sid=spec.id, events=tuple(spec.events))
    if env is not None and ctx.has("environment_id") and ctx.spec.environment_id != env.spec.id:
        findings.append(
            Finding(
                "V01",
                ctx.sid,
                "$.environment_id",
                f"environment_id {ctx.spec.environment_id!r} is not the environment "
                f"{env.spec.id!r} the file lives in",
            )
        )
    findings += _check_events_v02(ctx)
    findings += _check_payloads_v03(ctx)
    findings += _check_ids_and_references_v04(ctx)
    findings += _check_best_intervention_v05(ctx)
    findings += _check_key_evidence_v06(ctx)
    findings += _check_checkpoint_design_v07(ctx)
    findings += _check_noise_v08(ctx)
    findings += _check_balances_v09(ctx)
    if file is not None:
        findings = [replace(finding, file=file) for finding in findings]
    findings.sort(key=lambda finding: finding.code)
    return spec, findings


_KEY_EVIDENCE = TypeAdapter(list[KeyEvidence])
_CHECKPOINT_DESIGN = TypeAdapter(dict[str, CheckpointDesign])


def _partial_context(
    env: EnvironmentBundle | None, raw: dict[str, Any], sid: str | None
) -> _Context:
    """The parts of a scenario that does not parse as a whole, each parsed on its own."""
    parts: set[str] = set()
    values: dict[str, Any] = {}

    def attempt(part: str, parse: Any, value: Any) -> Any:
        try:
            result = parse(value)
        except ValidationError:
            return None
        parts.add(part)
        return result

    if isinstance(raw.get("environment_id"), str) and raw["environment_id"]:
        parts.add("environment_id")
    for part in _PARTS:
        values[part] = attempt(part, ScenarioRecords.model_validate, raw.get(part, {}))
    raw_events = raw.get("events")
    events: list[Event | None] = []
    if isinstance(raw_events, list):
        for item in raw_events:
            try:
                events.append(Event.model_validate(item))
            except ValidationError:
                events.append(None)
        if all(event is not None for event in events):
            parts.add("events")
    design = raw.get("design")
    best = evidence = None
    if isinstance(design, dict):
        if "best_intervention" in design:
            best = attempt(
                "best_intervention", BestIntervention.model_validate, design["best_intervention"]
            )
        if "key_evidence" in design:
            evidence = attempt(
                "key_evidence", _KEY_EVIDENCE.validate_python, design["key_evidence"]
            )
    checkpoint_design = None
    if "checkpoint_design" in raw:
        checkpoint_design = attempt(
            "checkpoint_design", _CHECKPOINT_DESIGN.validate_python, raw["checkpoint_design"]
        )
    # Placeholders stand in for what does not parse; no rule reads a part missing from `parts`.
    design_fields: dict[str, Any] = {"best_intervention": best, "key_evidence": evidence or []}
    fields: dict[str, Any] = {
        "id": sid or "",
        "environment_id": raw["environment_id"] if "environment_id" in parts else "",
        "design": Design.model_construct(**design_fields),
        "initial_records": values["initial_records"] or ScenarioRecords(),
        "noise_records": values["noise_records"] or ScenarioRecords(),
        "events": [event for event in events if event is not None] if "events" in parts else [],
        "checkpoint_design": checkpoint_design or {},
    }
    spec = ScenarioSpec.model_construct(**fields)
    return _Context(
        env=env, spec=spec, raw=raw, sid=sid, parts=frozenset(parts), events=tuple(events)
    )


def _check_events_v02(ctx: _Context) -> list[Finding]:
    findings: list[Finding] = []
    n, tz = ctx.n_events, ctx.tz
    if n is not None and not EVENTS_MIN <= n <= EVENTS_MAX:
        findings.append(
            Finding(
                "V02",
                ctx.sid,
                "$.events",
                f"{n} events; a scenario has {EVENTS_MIN}–{EVENTS_MAX}",
            )
        )
    for index, event in ctx.parsed_events():
        path = f"$.events[{index}].at"
        previous = ctx.events[index - 1] if index else None
        if previous is not None and event.at <= previous.at:
            findings.append(
                Finding(
                    "V02",
                    ctx.sid,
                    path,
                    f"{event.at.isoformat()} is not after the previous event "
                    f"({previous.at.isoformat()})",
                )
            )
        if tz is None or ctx.env is None:
            continue
        local = event.at.astimezone(tz)
        if event.at.utcoffset() != local.utcoffset():
            findings.append(
                Finding(
                    "V02",
                    ctx.sid,
                    path,
                    f"{event.at.isoformat()} does not carry the offset of "
                    f"{ctx.env.spec.timezone} at that instant "
                    f"({local.isoformat()})",
                )
            )
    return findings


def _check_payloads_v03(ctx: _Context) -> list[Finding]:
    findings: list[Finding] = []
    spanned = {EVENT_PAYLOADS[event.kind][0] for _, event in ctx.parsed_events()} & set(APPS)
    # with events that do not parse, the span is unknown unless the parsed ones reach it
    if ctx.has("events") and len(spanned) < APPS_MIN:
        findings.append(
            Finding(
                "V03",
                ctx.sid,
                "$.events",
                f"events span {len(spanned)} of the five apps "
                f"({', '.join(sorted(spanned)) or 'none'}); at least {APPS_MIN}",
            )
        )
    payloads_ok: list[bool] = [False] * len(ctx.events)
    for index, event in ctx.parsed_events():
        base = f"$.events[{index}]"
        app, model = EVENT_PAYLOADS[event.kind]
        app_ok = event.app == app
        if not app_ok:
            findings.append(
                Finding(
                    "V03",
                    ctx.sid,
                    base + ".app",
                    f"app {event.app!r} does not match kind {event.kind} ({app})",
                )
            )
        raw_payload = ctx.raw["events"][index]["payload"]
        try:
            payload: Any = model.model_validate(event.payload)
        except ValidationError as exc:
            findings.extend(
                _validation_findings(
                    "V03",
                    ctx.sid,
                    base + ".payload",
                    raw_payload,
                    exc,
                    prefix=f"{event.kind} payload: ",
                )
            )
            continue
        changes_ok = True
        folder = {"email.received": "inbox", "email.sent": "sent"}.get(event.kind)
        if folder is not None and payload.message.folder != folder:
            findings.append(
                Finding(
                    "V03",
                    ctx.sid,
                    base + ".payload.message.folder",
                    f"{event.kind} puts the message in {folder!r}, not {payload.message.folder!r}",
                )
            )
        if event.kind == "calendar.updated":
            for key in payload.changes:
                if key == "id" or key not in CalendarEvent.model_fields:
                    changes_ok = False
                    findings.append(
                        Finding(
                            "V03",
                            ctx.sid,
                            join_path(base, "payload", "changes", key),
                            f"{key!r} is not a calendar event field that can change",
                        )
                    )
        # replay refuses an event of the wrong app or with unknown changes (reported here)
        payloads_ok[index] = app_ok and changes_ok
    ctx.payloads_ok = tuple(payloads_ok)
    return findings


def _sanitised(ctx: _Context, env: EnvironmentBundle) -> tuple[ScenarioSpec, list[Finding]]:
    """V04 over the scenario's own records; a copy without the offending records builds S0."""
    spec, sid = ctx.spec, ctx.sid
    findings: list[Finding] = []
    seen: dict[str, dict[str, str]] = {app: {} for app in APPS}
    for key, _index, record in _indexed_records(env.spec.apps):
        seen[key[0]].setdefault(record.id, "the environment")
    cleaned: dict[str, ScenarioRecords] = {}
    db = sqlite3.connect(":memory:")
    clock = SqlClock(ZoneInfo(env.spec.timezone))  # S0 has no simulated now
    clock.install(db)
    try:
        clocked_executescript(db, clock, env.database_sql)
        for part in _PARTS:
            records: ScenarioRecords = getattr(spec, part).model_copy(deep=True)
            drop: set[tuple[tuple[str, str], int]] = set()
            for key, index, record in _indexed_records(records):
                rid = record.id
                path = _record_path(f"$.{part}", key, index)
                if rid in seen[key[0]]:
                    findings.append(
                        Finding(
                            "V04",
                            sid,
                            path + ".id",
                            f"id {rid!r} is already used in {key[0]} (by {seen[key[0]][rid]})",
                        )
                    )
                    drop.add((key, index))
                else:
                    seen[key[0]][rid] = path
            if drop:
                _drop_records(records, drop)
            for file_path in list(records.files):
                try:
                    normalise_path(file_path)
                except CommandError as exc:
                    findings.append(
                        Finding("V01", sid, join_path(f"$.{part}", "files", file_path), str(exc))
                    )
                    del records.files[file_path]
            statements = []
            for index, statement in enumerate(records.db):
                try:
                    clocked_executescript(db, clock, statement)
                except sqlite3.Error as exc:
                    findings.append(
                        Finding(
                            "V04",
                            sid,
                            f"$.{part}.db[{index}]",
                            f"SQL fails on the environment database: {exc}",
                        )
                    )
                else:
                    statements.append(statement)
            records.db = statements
            cleaned[part] = records
    finally:
        db.close()
    return spec.model_copy(update=cleaned), findings


def _drop_records(records: ScenarioRecords, drop: set[tuple[tuple[str, str], int]]) -> None:
    def keep(key: tuple[str, str], items: list[Any]) -> list[Any]:
        return [item for index, item in enumerate(items) if (key, index) not in drop]

    records.email.messages = keep(("email", "messages"), records.email.messages)
    records.calendar.events = keep(("calendar", "events"), records.calendar.events)
    records.chat.conversations = keep(("chat", "conversations"), records.chat.conversations)
    records.chat.messages = keep(("chat", "messages"), records.chat.messages)
    records.contacts = keep(("contacts", "contacts"), records.contacts)
    records.wallet.accounts = keep(("wallet", "accounts"), records.wallet.accounts)
    records.wallet.transactions = keep(("wallet", "transactions"), records.wallet.transactions)
    records.wallet.scheduled_payments = keep(
        ("wallet", "scheduled_payments"), records.wallet.scheduled_payments
    )


_CREATES: dict[str, tuple[str, str, str]] = {
    "email.received": ("message", "email", "messages"),
    "email.sent": ("message", "email", "messages"),
    "calendar.created": ("event", "calendar", "events"),
    "chat.message": ("message", "chat", "messages"),
    "contacts.updated": ("contact", "contacts", "contacts"),
    "wallet.transaction": ("transaction", "wallet", "transactions"),
    "wallet.scheduled": ("scheduled_payment", "wallet", "scheduled_payments"),
}
"""Event kind → (payload key of the record it writes, app, collection)."""
_UPSERTS = {"contacts.updated", "wallet.scheduled", "wallet.transaction"}
"""Kinds that insert or replace by id (replay: a pending transaction may become posted)."""


def _check_ids_and_references_v04(ctx: _Context) -> list[Finding]:
    spec, sid, env = ctx.spec, ctx.sid, ctx.env
    if env is None or not ctx.has(*_PARTS):
        return []  # without the environment or all records there is no S0 to check against
    sanitised, findings = _sanitised(ctx, env)
    try:
        ctx.s0 = build_s0(env.spec, env.database_sql, env.files, sanitised)
    except (ArenaError, CommandError) as exc:
        findings.append(Finding("V04", sid, "$", f"S0 cannot be built: {exc}"))
        return findings
    for part in _PARTS:
        findings += _reference_findings(sid, f"$.{part}", getattr(spec, part), ctx.s0.collections)
    if not ctx.has("events"):
        return findings  # the events' references need every event (each sees its predecessors)

    event_ids: dict[str, int] = {}
    for index, event in enumerate(spec.events):
        if event.id in event_ids:
            findings.append(
                Finding(
                    "V04",
                    sid,
                    f"$.events[{index}].id",
                    f"event id {event.id!r} is already used by $.events[{event_ids[event.id]}]",
                )
            )
        event_ids.setdefault(event.id, index)

    ctx.replay_ok_until = 0
    replay_ok = True
    with Sandbox(ctx.s0) as sandbox:
        for index, event in enumerate(spec.events):
            if not ctx.payloads_ok[index]:
                replay_ok = False  # reported by V03; the event cannot be applied
                continue
            event_findings, blocked = _event_reference_findings(ctx, sandbox, index, event)
            findings += event_findings
            if blocked:
                replay_ok = False  # apply_event would refuse it for the same reason
                continue
            try:
                apply_event(sandbox, event)
            except (ArenaError, CommandError) as exc:
                path = f"$.events[{index}].payload"
                findings.append(Finding("V04", sid, path, f"event cannot be replayed: {exc}"))
                replay_ok = False
                continue
            findings += _event_balance_findings(ctx, sandbox, index, event)
            if replay_ok:
                ctx.replay_ok_until = index + 1
    return findings


def _event_reference_findings(
    ctx: _Context, sandbox: Sandbox, index: int, event: Event
) -> tuple[list[Finding], bool]:
    """V04 for one event against the state after the events that precede it.

    Returns:
        (findings, whether a missing reference stops the event from being replayed).
    """
    findings: list[Finding] = []
    blocked = False
    sid, base, payload = ctx.sid, f"$.events[{index}].payload", event.payload
    kind = event.kind
    if kind == "chat.message" and isinstance(payload.get("conversation"), dict):
        conversation_id = payload["conversation"]["id"]
        if conversation_id in _app_ids(sandbox.collections, "chat"):
            findings.append(
                Finding(
                    "V04",
                    sid,
                    base + ".conversation.id",
                    f"id {conversation_id!r} is already used in chat",
                )
            )
    if kind in _CREATES:
        key, app, collection = _CREATES[kind]
        record_id = payload[key]["id"]
        replaces = kind in _UPSERTS and record_id in sandbox.collections[(app, collection)]
        if not replaces and record_id in _app_ids(sandbox.collections, app):
            findings.append(
                Finding(
                    "V04", sid, f"{base}.{key}.id", f"id {record_id!r} is already used in {app}"
                )
            )
    if kind in ("calendar.updated", "calendar.cancelled"):
        current = sandbox.get("calendar", "events", payload["event_id"])
        if current is None:
            findings.append(
                Finding(
                    "V04",
                    sid,
                    base + ".event_id",
                    f"calendar event {payload['event_id']!r} does not exist",
                )
            )
            blocked = True
        elif kind == "calendar.updated":
            changes = payload["changes"]
            try:
                CalendarEvent.model_validate({**current, **changes})
            except ValidationError as exc:
                blocked = True
                for error in exc.errors():
                    field = str(error["loc"][0]) if error["loc"] else ""
                    findings.append(
                        Finding(
                            "V03",
                            sid,
                            join_path(base, "changes", field) if field in changes else base,
                            f"calendar.updated makes an invalid event: {error['msg']}",
                        )
                    )
    if kind == "chat.message":
        conversation_id = payload["message"]["conversation_id"]
        new = payload.get("conversation")
        if isinstance(new, dict) and new.get("id") != conversation_id:
            findings.append(
                Finding(
                    "V04",
                    sid,
                    base + ".message.conversation_id",
                    f"the message belongs to {conversation_id!r}, not to the new "
                    f"conversation {new.get('id')!r} of this event",
                )
            )
            blocked = True
        elif new is None and sandbox.get("chat", "conversations", conversation_id) is None:
            findings.append(
                Finding(
                    "V04",
                    sid,
                    base + ".message.conversation_id",
                    f"conversation {conversation_id!r} does not exist",
                )
            )
            blocked = True
    if kind in ("wallet.transaction", "wallet.scheduled"):
        key = "transaction" if kind == "wallet.transaction" else "scheduled_payment"
        record = payload[key]
        account = sandbox.get("wallet", "accounts", record["account_id"])
        if account is None:
            findings.append(
                Finding(
                    "V04",
                    sid,
                    f"{base}.{key}.account_id",
                    f"account {record['account_id']!r} does not exist",
                )
            )
            blocked = True
        elif kind == "wallet.scheduled" and record["currency"] != account["currency"]:
            findings.append(
                Finding(
                    "V04",
                    sid,
                    f"{base}.{key}.currency",
                    f"currency {record['currency']} does not match account "
                    f"{record['account_id']!r} ({account['currency']})",
                )
            )
    return findings, blocked


def _event_balance_findings(
    ctx: _Context, sandbox: Sandbox, index: int, event: Event
) -> list[Finding]:
    """V09 after a posted transaction event (for an account that was consistent in S0)."""
    findings: list[Finding] = []
    base = f"$.events[{index}].payload"
    if event.kind == "wallet.transaction" and event.payload["transaction"]["status"] == "posted":
        account_id = event.payload["transaction"]["account_id"]
        assert ctx.s0 is not None
        gap = _balance_gaps(sandbox.collections).get(account_id)
        if gap is not None and account_id not in _balance_gaps(ctx.s0.collections):
            findings.append(
                Finding(
                    "V09",
                    ctx.sid,
                    base + ".transaction.amount_minor",
                    f"after this event the balance {gap[0]} of account "
                    f"{account_id!r} should be {gap[1]}",
                )
            )
    return findings


def _check_best_intervention_v05(ctx: _Context) -> list[Finding]:
    if not ctx.has("best_intervention"):
        return []
    sid, n = ctx.sid, ctx.n_events
    best = ctx.spec.design.best_intervention
    base = "$.design.best_intervention"
    findings: list[Finding] = []
    runnable = True
    command = CATALOGUE.get(best.command)
    if command is None or command.level is None:
        what = "unknown command" if command is None else "a retrieval command"
        findings.append(
            Finding(
                "V05",
                sid,
                base + ".command",
                f"{best.command!r} is {what}; the best intervention is an action",
            )
        )
        runnable = False
    else:
        try:
            command.args_model.model_validate(best.args)
        except ValidationError as exc:
            findings += _validation_findings(
                "V05",
                sid,
                base + ".args",
                ctx.raw["design"]["best_intervention"]["args"],
                exc,
                prefix=f"{best.command}: ",
            )
            runnable = False
        expected_level = level_of(best.command)
        if best.level != expected_level:
            findings.append(
                Finding(
                    "V05",
                    sid,
                    base + ".level",
                    f"level {best.level} differs from the catalogue's "
                    f"{expected_level} for {best.command}",
                )
            )
    if n is not None and not 1 <= best.checkpoint <= n:
        findings.append(
            Finding(
                "V05", sid, base + ".checkpoint", f"checkpoint {best.checkpoint} is outside 1..{n}"
            )
        )
        runnable = False
    # Replay problems before the checkpoint are reported by V03/V04 already.
    if (
        runnable
        and ctx.s0 is not None
        and ctx.has("events")
        and ctx.replay_ok_until >= best.checkpoint
    ):
        with replay_prefix(ctx.s0, ctx.spec.events, best.checkpoint) as sandbox:
            result = run_command(sandbox, best.command, best.args, kind="action")
        if not result.ok:
            findings.append(
                Finding(
                    "V05",
                    sid,
                    base,
                    f"{best.command} fails at checkpoint {best.checkpoint}: {result.output}",
                )
            )
    return findings


def _check_key_evidence_v06(ctx: _Context) -> list[Finding]:
    if not ctx.has("key_evidence"):
        return []
    sid, spec = ctx.sid, ctx.spec
    findings: list[Finding] = []
    resolvable = ctx.s0 is not None and ctx.has("events", "best_intervention")
    t = (
        min(max(spec.design.best_intervention.checkpoint - 1, 0), len(spec.events))
        if resolvable
        else 0
    )
    if resolvable and ctx.s0 is not None and ctx.replay_ok_until >= t:
        with replay_prefix(ctx.s0, spec.events, t) as sandbox:
            for index, item in enumerate(spec.design.key_evidence):
                base = f"$.design.key_evidence[{index}]"
                if isinstance(item, DbEvidence):
                    findings += _db_evidence_findings(sid, sandbox, base, item)
                else:
                    findings += _file_evidence_findings(sid, sandbox, base, item)

    where_by_item = _evidence_leaks(ctx)
    for index, places in where_by_item.items():
        value = spec.design.key_evidence[index].value
        shown = "; ".join(places[:3]) + (f"; and {len(places) - 3} more" if len(places) > 3 else "")
        findings.append(
            Finding(
                "V06",
                sid,
                f"$.design.key_evidence[{index}].value",
                f"{value!r} is retrievable without local content: it appears in {shown}",
            )
        )
    return findings


def _quote(identifier: str) -> str:
    return '"' + identifier.replace('"', '""') + '"'


def _db_evidence_findings(
    sid: str | None, sandbox: Sandbox, base: str, item: DbEvidence
) -> list[Finding]:
    db = sandbox.db
    row = db.execute(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND lower(name) = lower(?)",
        (item.table,),
    ).fetchone()
    if row is None:
        return [Finding("V06", sid, base + ".table", f"table {item.table!r} does not exist")]
    columns = {info[1].casefold() for info in db.execute(f"PRAGMA table_info({_quote(row[0])})")}
    findings: list[Finding] = []
    if item.column.casefold() not in columns:
        findings.append(
            Finding(
                "V06", sid, base + ".column", f"table {item.table!r} has no column {item.column!r}"
            )
        )
    if not item.key:
        findings.append(Finding("V06", sid, base + ".key", "the key names no column"))
    for column, value in item.key.items():
        if column.casefold() not in columns:
            findings.append(
                Finding(
                    "V06",
                    sid,
                    join_path(base, "key", column),
                    f"table {item.table!r} has no column {column!r}",
                )
            )
        elif isinstance(value, dict | list):
            findings.append(
                Finding(
                    "V06",
                    sid,
                    join_path(base, "key", column),
                    "a key value is a string, a number, a boolean or null",
                )
            )
    if findings:
        return findings
    where = " AND ".join(f"{_quote(column)} IS ?" for column in item.key)
    sql = f"SELECT {_quote(item.column)} FROM {_quote(row[0])} WHERE {where}"  # noqa: S608
    rows = db.execute(sql, tuple(item.key.values())).fetchall()
    key_text = json.dumps(item.key, ensure_ascii=False)
    if len(rows) != 1:
        return [
            Finding(
                "V06",
                sid,
                base + ".key",
                f"key {key_text} matches {len(rows)} rows of {item.table!r}, not one",
            )
        ]
    if str(rows[0][0]) != item.value:
        return [
            Finding(
                "V06",
                sid,
                base + ".value",
                f"{item.table}.{item.column} at {key_text} holds {str(rows[0][0])!r}, "
                f"not {item.value!r}",
            )
        ]
    return []


def _file_evidence_findings(
    sid: str | None, sandbox: Sandbox, base: str, item: FileEvidence
) -> list[Finding]:
    try:
        path = normalise_path(item.path)
    except CommandError as exc:
        return [Finding("V06", sid, base + ".path", str(exc))]
    text = sandbox.files.get(path)
    if text is None:
        return [Finding("V06", sid, base + ".path", f"file {item.path!r} does not exist")]
    lines = text.splitlines()
    if item.line > len(lines):
        return [
            Finding(
                "V06", sid, base + ".line", f"{item.path} has {len(lines)} lines, not {item.line}"
            )
        ]
    if item.value not in lines[item.line - 1]:
        return [
            Finding(
                "V06",
                sid,
                base + ".value",
                f"line {item.line} of {item.path} does not contain {item.value!r}: "
                f"{lines[item.line - 1]!r}",
            )
        ]
    return []


def _evidence_leaks(ctx: _Context) -> dict[int, list[str]]:
    """Key evidence index → where its value appears in the five apps or event summaries."""
    spec = ctx.spec
    sources: list[tuple[str, Any]] = []
    if ctx.s0 is not None:
        for (app, collection), records in ctx.s0.collections.items():
            sources += [(f"{app}.{collection} {rid!r}", record) for rid, record in records.items()]
    else:  # S0 could not be built: search the records as written (those that parse)
        written: list[tuple[str, AppRecords]] = [
            (part, getattr(spec, part)) for part in _PARTS if ctx.has(part)
        ]
        if ctx.env is not None:
            written.insert(0, ("the environment", ctx.env.spec.apps))
        for part_name, part in written:
            for key, _index, record in _indexed_records(part):
                sources.append(
                    (f"{key[0]}.{key[1]} {record.id!r} ({part_name})", dump_record(record))
                )
    for index, event in ctx.parsed_events():
        if EVENT_PAYLOADS[event.kind][0] in APPS:
            sources.append((f"the payload of $.events[{index}]", event.payload))
        sources.append((f"the summary of $.events[{index}]", event.summary))
    leaks: dict[int, list[str]] = {}
    for index, item in enumerate(spec.design.key_evidence):
        places = [where for where, value in sources if _mentions(value, item.value)]
        if places:
            leaks[index] = places
    return leaks


def _check_checkpoint_design_v07(ctx: _Context) -> list[Finding]:
    sid, design, n = ctx.sid, ctx.spec.checkpoint_design, ctx.n_events
    if n is None or not ctx.has("checkpoint_design"):
        return []
    expected = [str(t) for t in range(1, n + 1)]
    findings: list[Finding] = []
    missing = [key for key in expected if key not in design]
    if missing:
        findings.append(
            Finding(
                "V07",
                sid,
                "$.checkpoint_design",
                f"missing checkpoint(s) {', '.join(missing)}; keys are 1..{n}",
            )
        )
    for key in design:
        if key not in expected:
            findings.append(
                Finding(
                    "V07",
                    sid,
                    join_path("$.checkpoint_design", key),
                    f"there is no checkpoint {key!r} (keys are 1..{n})",
                )
            )
    for label in ("premature", "window"):
        if label not in design.values():
            findings.append(
                Finding(
                    "V07",
                    sid,
                    "$.checkpoint_design",
                    f"no checkpoint is {label!r}; at least one must be",
                )
            )
    return findings


def _check_noise_v08(ctx: _Context) -> list[Finding]:
    if not ctx.has("noise_records"):
        return []
    sid, noise = ctx.sid, ctx.spec.noise_records
    findings: list[Finding] = []
    count = scenario_record_count(noise)
    if not NOISE_MIN <= count <= NOISE_MAX:
        findings.append(
            Finding(
                "V08",
                sid,
                "$.noise_records",
                f"{count} noise records; a scenario has {NOISE_MIN}–{NOISE_MAX}",
            )
        )
    items: list[tuple[str, Any]] = [
        (_record_path("$.noise_records", key, index), dump_record(record))
        for key, index, record in _indexed_records(noise)
    ]
    items += [
        (join_path("$.noise_records", "files", path), [path, text])
        for path, text in noise.files.items()
    ]
    items += [(f"$.noise_records.db[{index}]", sql) for index, sql in enumerate(noise.db)]
    values = [item.value for item in ctx.spec.design.key_evidence]
    for path, content in items:
        hits = [value for value in values if _mentions(content, value)]
        if hits:
            findings.append(
                Finding(
                    "V08",
                    sid,
                    path,
                    "noise mentions key evidence " + ", ".join(repr(value) for value in hits),
                )
            )
    return findings


def _check_balances_v09(ctx: _Context) -> list[Finding]:
    if ctx.s0 is None:
        return []
    gaps = _balance_gaps(ctx.s0.collections)
    findings: list[Finding] = []
    for account_id, (balance, expected) in gaps.items():
        path = _scenario_balance_path(ctx.spec, account_id)
        if path is None:
            continue  # an environment account the scenario does not touch: reported with it
        findings.append(
            Finding(
                "V09",
                ctx.sid,
                path,
                f"balance {balance} of account {account_id!r} should be {expected} "
                f"(opening balance plus posted transactions in S0)",
            )
        )
    return findings


def _scenario_balance_path(spec: ScenarioSpec, account_id: str) -> str | None:
    """Where the scenario makes an account's balance wrong: its account, else its first booking."""
    for part in _PARTS:
        for index, account in enumerate(getattr(spec, part).wallet.accounts):
            if account.id == account_id:
                return _record_path(f"$.{part}", ("wallet", "accounts"), index, "balance_minor")
    for part in _PARTS:
        for index, transaction in enumerate(getattr(spec, part).wallet.transactions):
            if transaction.account_id == account_id and transaction.status == "posted":
                return _record_path(f"$.{part}", ("wallet", "transactions"), index, "amount_minor")
    return None


# ---------------------------------------------------------------- tree


class SeedPathError(ArenaError):
    """A path given to :func:`validate_path` is neither a seed folder nor a scenario file."""


def validate_tree(path: Path) -> tuple[list[tuple[EnvironmentBundle, ScenarioSpec]], list[Finding]]:
    """Validate every environment and scenario under a seed folder.

    Every environment folder and every scenario file is checked, whatever fails elsewhere: a
    scenario file that does not parse (V01) still gets every other rule its parsed parts allow
    (see :func:`validate_scenario`), and the scenario files of an environment that cannot be used
    still get the rules that need no environment. Also checks that each scenario file is named
    ``<id>.json`` and that scenario ids are unique across the tree (both V01, path ``$.id``).

    Args:
        path: ``seeds/``, ``seeds/arena/`` or one environment folder.

    Returns:
        (the scenarios that pass every rule, with their environment, in folder and file order;
        all findings, scenario findings naming their ``file``). Import is all-or-nothing per
        scenario (DESIGN §4.1), so a scenario with a finding is not in the first list.

    Source: DESIGN.md §4, §4.1.
    """
    folders, findings = _environment_folders(path)
    passed: list[tuple[EnvironmentBundle, ScenarioSpec]] = []
    owners: dict[str, str] = {}
    for folder in folders:
        folder_passed, folder_findings = _validate_environment_folder(folder, None, owners)
        passed += folder_passed
        findings += folder_findings
    return passed, findings


def validate_file(path: Path) -> tuple[list[tuple[EnvironmentBundle, ScenarioSpec]], list[Finding]]:
    """Validate one scenario file against its environment (rules V01–V09).

    The environment is the folder holding ``scenarios/`` (DESIGN §4 layout); its own findings are
    reported too, since the scenario is checked against it. Scenario ids are not compared with
    other files (:func:`validate_tree` does that).

    Args:
        path: ``<environment>/scenarios/<id>.json``.

    Returns:
        (the scenario with its environment when it passes every rule, else empty; findings).

    Raises:
        SeedPathError: `path` is not a ``.json`` file in a ``scenarios`` folder beside an
            ``environment.json``.
    """
    folder = path.parent.parent
    if not (
        path.is_file()
        and path.suffix == ".json"
        and path.parent.name == "scenarios"
        and (folder / "environment.json").is_file()
    ):
        raise SeedPathError(
            f"{path} is not a scenario file: expected <environment>/scenarios/<id>.json "
            f"in an environment folder with environment.json"
        )
    return _validate_environment_folder(folder, [path.name], {})


def validate_path(path: Path) -> tuple[list[tuple[EnvironmentBundle, ScenarioSpec]], list[Finding]]:
    """Validate a seed folder (:func:`validate_tree`), an environment's ``environment.json``
    (that environment) or one scenario file (:func:`validate_file`).

    Returns:
        (the scenarios that pass every rule, with their environment; all findings).

    Raises:
        SeedPathError: `path` does not exist, is neither a file nor a folder, or is a file that
            is neither a scenario file nor an ``environment.json``.
    """
    if path.is_dir():
        return validate_tree(path)
    if path.is_file():
        if path.name == "environment.json":
            return validate_tree(path.parent)
        return validate_file(path)
    if not path.exists():
        raise SeedPathError(f"{path} does not exist")
    raise SeedPathError(f"{path} is neither a file nor a folder")


def _validate_environment_folder(
    folder: Path, names: list[str] | None, owners: dict[str, str]
) -> tuple[list[tuple[EnvironmentBundle, ScenarioSpec]], list[Finding]]:
    """The environment's findings, then each scenario file's (all of them, in file order).

    Args:
        folder: the environment folder.
        names: scenario file names to check; None for all.
        owners: scenario id → the file that first used it, shared across a tree (updated).
    """
    bundle, findings = _load_environment(folder)
    scenarios, file_findings = read_scenario_files(folder, names)
    findings += file_findings
    if bundle is not None:
        bundle.scenarios = scenarios
    passed: list[tuple[EnvironmentBundle, ScenarioSpec]] = []
    for file_name, raw in scenarios:
        where = f"{folder.name}/scenarios/{file_name}"
        spec, scenario_findings = validate_scenario(bundle, raw, file=where)
        if spec is not None:
            if Path(file_name).stem != spec.id:
                scenario_findings.append(
                    Finding(
                        "V01",
                        spec.id,
                        "$.id",
                        f"id {spec.id!r} differs from its file name {file_name!r}",
                        where,
                    )
                )
            if spec.id in owners:
                scenario_findings.append(
                    Finding(
                        "V01",
                        spec.id,
                        "$.id",
                        f"scenario id {spec.id!r} in {where} is already used by {owners[spec.id]}",
                        where,
                    )
                )
            else:
                owners[spec.id] = where
            scenario_findings.sort(key=lambda finding: finding.code)
        findings.extend(scenario_findings)
        if bundle is not None and spec is not None and not scenario_findings:
            passed.append((bundle, spec))
    return passed, findings

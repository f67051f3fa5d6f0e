"""Opaque record ids: V12's remedy (DESIGN.md §4.1 "ids reveal nothing", issue 12).

:func:`reid_environment` rewrites every record id of an environment and its scenarios to
``<kind>-<8 hex>``, the first 8 hex digits of ``sha256("<environment id>:<kind>:<old id>")``,
and every reference to it, so an id says nothing of which records are story or noise or in
which order they were written. It is pure (new objects; the inputs are not changed),
deterministic (the same old id of an environment always gets the same new id, in every
scenario, on every machine) and idempotent (an id that already has its kind's opaque shape is
left as it is, so a second run changes nothing).

What is rewritten (kind → where its ids and references are):

========  =====================================================================================
``msg``   email message ``id``; event payload ``message`` of ``email.*``; best-intervention
          args ``reply_to``, and ``message_id`` of ``flag_email``
``thr``   email message ``thread_id``
``cal``   calendar event ``id``; payload ``event`` and ``event_id``; args ``event_id``
``conv``  chat conversation ``id``, chat message ``conversation_id``; payload
          ``conversation``; args ``conversation_id``
``chm``   chat message ``id``; payload ``message`` of ``chat.message``; args ``message_id`` of
          ``flag_chat_message``
``ct``    contact ``id``; payload ``contact``
``acct``  wallet account ``id``, transaction and scheduled payment ``account_id``; args
          ``account_id``
``txn``   wallet transaction ``id``; payload ``transaction``; args ``transaction_id``
``sched`` scheduled payment ``id``; payload ``scheduled_payment``; args ``payment_id``
========  =====================================================================================

Also each item of the best intervention's ``evidence`` list (``notify_user``) that is the old
id of exactly one kind. Not rewritten: event ids (``e1``..``e6``, the observation's own
numbering), integer database primary keys and anything in ``database.sql``, ``db`` statements
and files (V12 checks db rows another way), key evidence (it names db rows and file lines, not
app records) and free text.
"""

from __future__ import annotations

import copy
import json
import secrets
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.arena.ids import HEX_DIGITS, KINDS, is_opaque, opaque_id
from app.arena.schema import PAYLOAD_RECORDS
from app.arena.validation.loading import environment_folders

__all__ = ["KINDS", "ReidError", "is_opaque", "opaque_id", "reid_environment", "reid_tree"]

_ARG_KINDS: Mapping[str, str] = {
    "reply_to": "msg",
    "event_id": "cal",
    "conversation_id": "conv",
    "account_id": "acct",
    "transaction_id": "txn",
    "payment_id": "sched",
}
"""Best-intervention argument → the kind of id it names (``message_id`` depends on the command)."""

_MESSAGE_ID_KINDS: Mapping[str, str] = {"flag_email": "msg", "flag_chat_message": "chm"}


class ReidError(ValueError):
    """Two different old ids of one kind of an environment would get the same opaque id."""


@dataclass
class ReidCounts:
    """What a rewrite changed.

    Attributes:
        ids: kind → distinct old ids given a new id.
        references: kind → id fields and references rewritten (record ids included).
    """

    ids: dict[str, set[str]] = field(default_factory=dict)
    references: dict[str, int] = field(default_factory=dict)

    def add(self, other: ReidCounts) -> None:
        """Fold `other` into these counts."""
        for kind, old in other.ids.items():
            self.ids.setdefault(kind, set()).update(old)
        for kind, n in other.references.items():
            self.references[kind] = self.references.get(kind, 0) + n

    @property
    def total_ids(self) -> int:
        """Distinct old ids rewritten, over all kinds."""
        return sum(len(old) for old in self.ids.values())

    @property
    def total_references(self) -> int:
        """Fields rewritten, over all kinds."""
        return sum(self.references.values())


@dataclass(frozen=True)
class ReidResult:
    """The rewritten environment and scenarios, and what changed."""

    environment: dict[str, Any]
    scenarios: list[dict[str, Any]]
    counts: ReidCounts


class _Mapper:
    """Old id → opaque id for one environment, checking that no two old ids collide.

    With `fresh`, every id (opaque ones too) gets a new one drawn at random (``secrets``), the
    same one for every reference to it within the run.
    """

    def __init__(self, environment_id: str, *, fresh: bool = False) -> None:
        self.environment_id = environment_id
        self.fresh = fresh
        self.counts = ReidCounts()
        self._owner: dict[tuple[str, str], str] = {}  # (kind, new id) → old id
        self._drawn: dict[tuple[str, str], str] = {}  # (kind, old id) → new id

    def _new_id(self, kind: str, old: str) -> str:
        if not self.fresh:
            return opaque_id(self.environment_id, kind, old)
        drawn = self._drawn.get((kind, old))
        while drawn is None or ((kind, drawn) in self._owner and self._owner[(kind, drawn)] != old):
            drawn = f"{kind}-{secrets.token_hex(HEX_DIGITS // 2)}"
        self._drawn[(kind, old)] = drawn
        return drawn

    def map(self, kind: str, old: Any) -> Any:
        if not isinstance(old, str) or not old:
            return old  # not an id V01 accepts: leave it for the validator to report
        new = self._new_id(kind, old)
        owner = self._owner.setdefault((kind, new), old)
        if owner != old:
            raise ReidError(
                f"{self.environment_id}: {kind} ids {owner!r} and {old!r} both become {new!r}"
            )
        if new != old:
            self.counts.ids.setdefault(kind, set()).add(old)
            self.counts.references[kind] = self.counts.references.get(kind, 0) + 1
        return new

    def rewrite(self, record: dict[str, Any], key: str, kind: str) -> None:
        if key in record:
            record[key] = self.map(kind, record[key])


def _records(records: Any) -> Iterator[tuple[tuple[str, str], dict[str, Any]]]:
    """(app, collection) and each record of an apps-shaped object (as written, dicts)."""
    if not isinstance(records, dict):
        return
    collections: list[tuple[tuple[str, str], Any]] = [
        (("contacts", "contacts"), records.get("contacts"))
    ]
    for app, names in (
        ("email", ("messages",)),
        ("calendar", ("events",)),
        ("chat", ("conversations", "messages")),
        ("wallet", ("accounts", "transactions", "scheduled_payments")),
    ):
        part = records.get(app)
        if isinstance(part, dict):
            collections += [((app, name), part.get(name)) for name in names]
    for key, items in collections:
        if isinstance(items, list):
            for item in items:
                if isinstance(item, dict):
                    yield key, item


def _rewrite_record(mapper: _Mapper, key: tuple[str, str], record: dict[str, Any]) -> None:
    mapper.rewrite(record, "id", KINDS[key])
    if key == ("email", "messages"):
        mapper.rewrite(record, "thread_id", "thr")
    elif key == ("chat", "messages"):
        mapper.rewrite(record, "conversation_id", "conv")
    elif key in (("wallet", "transactions"), ("wallet", "scheduled_payments")):
        mapper.rewrite(record, "account_id", "acct")


def _rewrite_event(mapper: _Mapper, event: Any) -> None:
    if not isinstance(event, dict) or not isinstance(event.get("payload"), dict):
        return
    payload = event["payload"]
    kind = event.get("kind")
    for name, key in PAYLOAD_RECORDS.get(str(kind), ()):
        if isinstance(payload.get(name), dict):
            _rewrite_record(mapper, key, payload[name])
    if kind in ("calendar.updated", "calendar.cancelled"):
        mapper.rewrite(payload, "event_id", "cal")


def _known_ids(environment: dict[str, Any], scenario: dict[str, Any]) -> dict[str, set[str]]:
    """Old id → the kinds it is a record id of, in the environment and this scenario."""
    known: dict[str, set[str]] = {}

    def note(key: tuple[str, str], record: dict[str, Any]) -> None:
        if isinstance(record.get("id"), str):
            known.setdefault(record["id"], set()).add(KINDS[key])

    for key, record in _records(environment.get("apps")):
        note(key, record)
    for part in ("initial_records", "noise_records"):
        for key, record in _records(scenario.get(part)):
            note(key, record)
    for event in scenario.get("events") or []:
        if isinstance(event, dict) and isinstance(event.get("payload"), dict):
            for name, key in PAYLOAD_RECORDS.get(str(event.get("kind")), ()):
                if isinstance(event["payload"].get(name), dict):
                    note(key, event["payload"][name])
    return known


def _rewrite_best(mapper: _Mapper, scenario: dict[str, Any], known: dict[str, set[str]]) -> None:
    design = scenario.get("design")
    best = design.get("best_intervention") if isinstance(design, dict) else None
    if not isinstance(best, dict) or not isinstance(best.get("args"), dict):
        return
    args = best["args"]
    for name, kind in _ARG_KINDS.items():
        mapper.rewrite(args, name, kind)
    message_kind = _MESSAGE_ID_KINDS.get(str(best.get("command")))
    if message_kind is not None:
        mapper.rewrite(args, "message_id", message_kind)
    if isinstance(args.get("evidence"), list):
        rewritten = []
        for item in args["evidence"]:
            kinds = known.get(item, set()) if isinstance(item, str) else set()
            rewritten.append(mapper.map(next(iter(kinds)), item) if len(kinds) == 1 else item)
        args["evidence"] = rewritten


def _rewrite_expectations(mapper: _Mapper, scenario: dict[str, Any]) -> None:
    """Ids named by the checkpoints' argument constraints and forbidden forms."""
    design = scenario.get("checkpoint_design")
    if not isinstance(design, dict):
        return
    for entry in design.values():
        expected = entry.get("expected") if isinstance(entry, dict) else None
        forms = expected.get("accept") if isinstance(expected, dict) else None
        for form in forms if isinstance(forms, list) else []:
            if not isinstance(form, dict):
                continue
            commands = form.get("commands") or []
            rules = [*(form.get("args") or []), *(form.get("forbidden") or [])]
            for rule in rules:
                if not isinstance(rule, dict) or not isinstance(rule.get("one_of"), list):
                    continue
                name = rule.get("arg")
                kind = _ARG_KINDS.get(str(name))
                if name == "message_id":
                    kinds = {_MESSAGE_ID_KINDS.get(str(c)) for c in commands} - {None}
                    kind = next(iter(kinds)) if len(kinds) == 1 else None
                if kind is not None:
                    rule["one_of"] = [mapper.map(kind, value) for value in rule["one_of"]]


def reid_environment(
    environment: dict[str, Any], scenarios: list[dict[str, Any]], *, fresh: bool = False
) -> ReidResult:
    """Give every record of an environment and its scenarios an opaque id (see the module).

    Args:
        environment: ``environment.json`` as a JSON object (its ``id`` seeds the hash).
        scenarios: its scenario files as JSON objects.
        fresh: draw every id anew at random instead of hashing (opaque ids too), so no
            dictionary of readable ids recovers them (DESIGN §4: ids drawn at random once and
            stored in the seed files).

    Returns:
        Deep copies with the ids and references rewritten, and the counts. Parts that are not
        the shape the contract gives are copied unchanged (the validator reports them).

    Raises:
        ReidError: two old ids of one kind would get the same opaque id, or the environment
            has no string ``id``.
    """
    environment_id = environment.get("id")
    if not isinstance(environment_id, str) or not environment_id:
        raise ReidError("the environment has no id to seed the opaque ids with")
    mapper = _Mapper(environment_id, fresh=fresh)
    new_environment = copy.deepcopy(environment)
    for key, record in _records(new_environment.get("apps")):
        _rewrite_record(mapper, key, record)
    new_scenarios = []
    for scenario in scenarios:
        known = _known_ids(environment, scenario)
        new = copy.deepcopy(scenario)
        for part in ("initial_records", "noise_records"):
            for key, record in _records(new.get(part)):
                _rewrite_record(mapper, key, record)
        for event in new.get("events") or []:
            _rewrite_event(mapper, event)
        _rewrite_best(mapper, new, known)
        _rewrite_expectations(mapper, new)
        new_scenarios.append(new)
    return ReidResult(new_environment, new_scenarios, mapper.counts)


def dump_json(value: Any) -> str:
    """A seed file's text: 2-space indent, non-ASCII kept, a trailing newline (the seeds' style)."""
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class ReidFileReport:
    """One environment folder rewritten in place by :func:`reid_tree`."""

    environment_id: str
    files_changed: tuple[str, ...]
    counts: ReidCounts


def reid_tree(path: Path, *, write: bool = True, fresh: bool = False) -> list[ReidFileReport]:
    """Rewrite the ids of every environment under `path` in place (``halo corpus reid``).

    Args:
        path: ``seeds/``, ``seeds/arena/`` or one environment folder.
        write: False to compute the reports without writing anything.
        fresh: draw every id anew at random (:func:`reid_environment`).

    Every folder is rewritten in memory first; files are written only when all of them
    succeed, so an error leaves the tree as it was.

    Returns:
        One report per environment folder, in name order.

    Raises:
        ReidError: a folder's ``environment.json`` or a scenario file is not a JSON object
            (the message names the file), or two ids collide.
        FileNotFoundError: `path` holds no environment folder.
    """
    folders, problems = environment_folders(path)
    if problems:
        raise FileNotFoundError("; ".join(problem.message for problem in problems))
    reports = []
    pending: list[tuple[Path, str]] = []
    for folder in folders:
        env_file = folder / "environment.json"
        scenario_files = sorted((folder / "scenarios").glob("*.json"))
        texts = {file: file.read_text(encoding="utf-8") for file in [env_file, *scenario_files]}
        values: dict[Path, dict[str, Any]] = {}
        for file, text in texts.items():
            try:
                value = json.loads(text)
            except json.JSONDecodeError as exc:
                raise ReidError(f"{file}: not JSON ({exc})") from exc
            if not isinstance(value, dict):
                raise ReidError(f"{file}: not a JSON object")
            values[file] = value
        result = reid_environment(
            values[env_file], [values[file] for file in scenario_files], fresh=fresh
        )
        outputs = zip(
            [env_file, *scenario_files], [result.environment, *result.scenarios], strict=True
        )
        changed = []
        for file, value in outputs:
            text = dump_json(value)
            if text != texts[file]:
                changed.append(str(file.relative_to(folder.parent)))
                pending.append((file, text))
        environment_id = str(values[env_file].get("id"))
        reports.append(ReidFileReport(environment_id, tuple(changed), result.counts))
    if write:
        for file, text in pending:
            file.write_text(text, encoding="utf-8")
    return reports

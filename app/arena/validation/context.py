"""What the rules are given: the environment as read and one scenario's :class:`Context`.

:func:`build_context` parses a scenario file. When it does not parse as a whole (a V01 finding),
each part is parsed on its own, so every rule can still run on the parts it needs (DESIGN.md
§4.1: all rules run, not only the first failing one).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import TypeAdapter, ValidationError

from app.arena.schema import (
    BestIntervention,
    CheckpointDesign,
    Design,
    EnvironmentSpec,
    Event,
    KeyEvidence,
    ScenarioRecords,
    ScenarioSpec,
)
from app.arena.state import S0
from app.arena.validation.records import PARTS


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


SPEC_PARTS = frozenset(
    {
        "environment_id",
        *PARTS,
        "events",
        "best_intervention",
        "key_evidence",
        "checkpoint_design",
    }
)
"""The parts of a scenario the rules use; a file that does not parse has only some of them."""


@dataclass(frozen=True)
class BalanceAfterEvent:
    """An account that S0 holds consistent but a posted ``wallet.transaction`` event leaves off.

    Attributes:
        index: the event's index in ``events``.
        account_id: the account.
        balance: its balance after the event, in minor units.
        expected: opening balance + posted transactions after the event, in minor units.
    """

    index: int
    account_id: str
    balance: int
    expected: int


@dataclass
class Context:
    """What the rules of one scenario share: the parsed scenario, its S0, replay results.

    When the file does not parse (V01), ``spec`` holds only the parts named in ``parts`` (the
    others are empty placeholders) and each rule runs on what it needs among them, asking
    :meth:`has`; ``env`` is None when the environment itself cannot be used.

    The rules run in code order (:data:`~app.arena.validation.rules.RULES`) and some leave what
    they found for the later ones: V03 fills ``payloads_ok``; V04 builds S0 and replays the events
    (``s0``, ``replay_ok_until``, ``balances_after_events``). A rule reads these only when an
    earlier rule fills them, and must allow for ``s0`` None (no environment, records that do not
    parse, or an S0 that cannot be built).

    Attributes:
        env: the environment; None when it cannot be used.
        spec: the scenario (placeholders for the parts that do not parse).
        raw: the file's JSON object, for JSON paths into what the author wrote.
        sid: the scenario id of the findings (the file's stem when it has no usable id).
        parts: the parts of :data:`SPEC_PARTS` that parse.
        schema_error: pydantic's error when the file does not parse as a whole, else None.
        events: one entry per event of the file, None where the event does not parse.
        payloads_ok: per event, whether its app and payload allow replaying it (V03).
        s0: the scenario's initial state (V04), or None.
        replay_ok_until: events e1..e_k replay without error, k = this value (V04).
        balances_after_events: accounts left off by posted transaction events in the replay
            (V04 notes them, V09 reports them).
    """

    env: EnvironmentBundle | None
    spec: ScenarioSpec
    raw: dict[str, Any]
    sid: str | None
    parts: frozenset[str] = SPEC_PARTS
    schema_error: ValidationError | None = None
    events: tuple[Event | None, ...] = ()
    payloads_ok: tuple[bool, ...] = ()
    s0: S0 | None = None
    replay_ok_until: int = 0
    balances_after_events: list[BalanceAfterEvent] = field(default_factory=list)

    @property
    def tz(self) -> ZoneInfo | None:
        """The environment's time zone; None without an environment."""
        return ZoneInfo(self.env.spec.timezone) if self.env is not None else None

    @property
    def n_events(self) -> int | None:
        """How many events the file has (parsed or not); None when ``events`` is no list."""
        return len(self.events) if isinstance(self.raw.get("events"), list) else None

    def has(self, *parts: str) -> bool:
        """Whether every one of `parts` (names in :data:`SPEC_PARTS`) parses."""
        return all(part in self.parts for part in parts)

    def parsed_events(self) -> Iterator[tuple[int, Event]]:
        """(index in the file, event) for every event that parses."""
        for index, event in enumerate(self.events):
            if event is not None:
                yield index, event


def build_context(env: EnvironmentBundle | None, raw: dict[str, Any], sid: str | None) -> Context:
    """Parse one scenario file for the rules.

    Args:
        env: its environment; None when that cannot be used.
        raw: the file's JSON object.
        sid: the id to report when the file does not parse (its ``id``, else the file's stem).

    Returns:
        The context: the whole scenario when it parses (``schema_error`` None, ``sid`` its id),
        else the parts that parse on their own (see :func:`_partial_context`).
    """
    try:
        spec = ScenarioSpec.model_validate(raw)
    except ValidationError as exc:
        ctx = _partial_context(env, raw, sid)
        ctx.schema_error = exc
        return ctx
    return Context(env=env, spec=spec, raw=raw, sid=spec.id, events=tuple(spec.events))


_KEY_EVIDENCE = TypeAdapter(list[KeyEvidence])
_BEST_INTERVENTION: TypeAdapter[BestIntervention | None] = TypeAdapter(BestIntervention | None)
_CHECKPOINT_DESIGN: TypeAdapter[CheckpointDesign] = TypeAdapter(CheckpointDesign)


def _partial_context(
    env: EnvironmentBundle | None, raw: dict[str, Any], sid: str | None
) -> Context:
    """The parts of a scenario that does not parse as a whole, each parsed on its own.

    The records parts, the best intervention, the key evidence and the checkpoint design each
    parse as a whole or not at all; the events one by one (``events`` is in ``parts`` only when
    all of them parse).
    """
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
    for part in PARTS:
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
                "best_intervention", _BEST_INTERVENTION.validate_python, design["best_intervention"]
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
    return Context(
        env=env, spec=spec, raw=raw, sid=sid, parts=frozenset(parts), events=tuple(events)
    )

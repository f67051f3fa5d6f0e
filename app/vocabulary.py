"""The words of the contract: one enumeration per closed set of values (DESIGN.md §2).

Every level, verdict, timing, intensity, other-issue category, need type, domain, status, audit
vote and decision, assignment kind and role the code compares or stores is a member of a
:class:`~enum.StrEnum` here.
A member *is* its string (``Level.L0 == "L0"``, ``str(Level.L0) == "L0"``, ``json.dumps`` and
f-strings give the value, PostgreSQL and SQLite store the value), so the database, JSON, forms,
templates and exports see plain strings.

Pydantic contract models (scenario files, the export row) keep :data:`typing.Literal` field
types, the ``*Value`` aliases below: their JSON Schema, strict-mode validation and error messages
stay those of a list of strings. Each alias is checked against its enumeration when this module
is imported, so the two cannot drift apart.

This module imports nothing from ``app``; every layer may import it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, get_args


class Level(StrEnum):
    """Action level of a response (DESIGN §2 "action level", §3.3).

    ``L0`` observe (no action), ``L1`` bring to attention, ``L2`` prepare (no external
    commitment), ``L3`` execute (changes active commitments or has an external effect).
    """

    L0 = "L0"
    L1 = "L1"
    L2 = "L2"
    L3 = "L3"


class Verdict(StrEnum):
    """A human annotator's verdict on a response (DESIGN §2 "verdict")."""

    ACCEPT = "accept"
    REJECT = "reject"


class Timing(StrEnum):
    """Timing of a rejected L1–L3 response (DESIGN §2 "timing").

    ``premature``: before the useful window; ``belated``: missed it; ``appropriate``.
    """

    PREMATURE = "premature"
    BELATED = "belated"
    APPROPRIATE = "appropriate"


class Intensity(StrEnum):
    """Intensity of a rejected L1–L3 response (DESIGN §2 "intensity").

    ``insufficient``: too little help; ``excessive``: beyond what evidence or permission
    supports; ``appropriate``.
    """

    INSUFFICIENT = "insufficient"
    EXCESSIVE = "excessive"
    APPROPRIATE = "appropriate"


class OtherIssue(StrEnum):
    """Category of an other issue on a rejected response; each needs a note (DESIGN §2)."""

    UNSUPPORTED_BY_EVIDENCE = "unsupported_by_evidence"
    IRRELEVANT_ACTION = "irrelevant_action"
    FACTUAL_CONTRADICTION = "factual_contradiction"
    OTHER = "other"


class NeedType(StrEnum):
    """A scenario's need type (DESIGN §2 "need type")."""

    DEPENDENCY = "dependency"
    """A missing prerequisite."""
    BLOCKAGE = "blockage"
    """An ongoing activity is stuck."""
    RISK = "risk"
    """A loss that has not happened yet."""
    OPPORTUNITY = "opportunity"
    """An optional gain."""


class Domain(StrEnum):
    """An environment's domain, one of 10 (DESIGN §2 "domain")."""

    WORKPLACE = "workplace"
    EDUCATION = "education"
    HEALTH = "health"
    HOUSEHOLD_FINANCE = "household_finance"
    TRAVEL = "travel"
    FAMILY_CARE = "family_care"
    SOCIAL_LIFE = "social_life"
    HOME_MAINTENANCE = "home_maintenance"
    SHOPPING_SERVICES = "shopping_services"
    SMALL_BUSINESS = "small_business"


class ResponseStatus(StrEnum):
    """How far a response got (DESIGN §5, ``Response.status``).

    ``pending`` and ``running`` are open; ``completed``, ``protocol_error`` (a second invalid
    reply) and ``api_error`` (endpoint retries exhausted) end a response with an output;
    ``cancelled`` ends a pending response of a cancelled run. Only ``completed`` responses are
    annotated.
    """

    PENDING = "pending"
    RUNNING = "running"
    COMPLETED = "completed"
    PROTOCOL_ERROR = "protocol_error"
    API_ERROR = "api_error"
    CANCELLED = "cancelled"


class RunStatus(StrEnum):
    """How far a run got (``Run.status``): ``completed`` once no response is open."""

    PENDING = "pending"
    RUNNING = "running"
    COMPLETED = "completed"
    CANCELLED = "cancelled"


class ExportJobStatus(StrEnum):
    """How far a dataset export started from the browser got (``ExportJob.status``)."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


class PredictionStatus(StrEnum):
    """How far one automatic-judge prediction got (DESIGN §12, ``JudgePrediction.status``).

    ``pending`` and ``running`` are open; ``completed`` holds a diagnosis that obeys §7;
    ``failed`` ended without one (``failure_reason`` says why: ``invalid_diagnosis`` after the
    one corrective message, an endpoint failure, ...); ``cancelled`` ends a pending prediction
    of a cancelled judge run.
    """

    PENDING = "pending"
    RUNNING = "running"
    COMPLETED = "completed"
    FAILED = "failed"
    CANCELLED = "cancelled"


class BatchStatus(StrEnum):
    """An annotation batch (``Batch.status``): a closed batch released its unjudged items."""

    OPEN = "open"
    CLOSED = "closed"


class AuditStatus(StrEnum):
    """Where a scenario stands in the audit (DESIGN §7, ``Scenario.audit_status``).

    ``split`` means two votes disagree and await a third person's decision.
    """

    PENDING = "pending"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    SPLIT = "split"


class WireMode(StrEnum):
    """How an agent answers (DESIGN §5 "Two wire modes"; ``agents.config["mode"]``)."""

    JSON = "json"
    """One JSON object in the reply text (any chat model)."""
    TOOLS = "tools"
    """Native OpenAI-style tool calling: the catalogue is sent as ``tools``."""


class Vote(StrEnum):
    """A reviewer's vote on a scenario in the audit (DESIGN §7, ``AuditVote.vote``)."""

    APPROVE = "approve"
    REJECT = "reject"


class Decision(StrEnum):
    """A third person's decision on a split scenario (DESIGN §7, ``AuditDecision.decision``)."""

    ACCEPT = "accept"
    REJECT = "reject"


class AssignmentKind(StrEnum):
    """Why an annotator holds a response (``Assignment.kind``, DESIGN §7 paired protocol).

    ``primary``: the scenario's annotator; ``overlap``: a second, independent judgement of the
    same response, for inter-annotator agreement.
    """

    PRIMARY = "primary"
    OVERLAP = "overlap"


class Role(StrEnum):
    """What an account may do (DESIGN §1 users, ``User.role``)."""

    ANNOTATOR = "annotator"
    LEAD = "lead"
    RESEARCHER = "researcher"
    ADMIN = "admin"


class FlagKind(StrEnum):
    """What a permission flag of an action says (DESIGN §3.3: flags never block).

    ``violation``: an executing (L3) action went beyond the persona's permissions or means;
    ``if_executed``: a draft (L2) would go beyond them if the user executed it as it stands.
    """

    VIOLATION = "violation"
    IF_EXECUTED = "if_executed"


# Each enumeration's members in order, for membership tests (``"x" in Level`` is a TypeError
# for a plain string before Python 3.12) and for iterating in a fixed order.
LEVELS: tuple[Level, ...] = tuple(Level)
"""``L0``..``L3`` in order."""
ACTION_LEVELS: tuple[Level, ...] = LEVELS[1:]
"""The levels of an action command: ``L1``..``L3``."""
VERDICTS: tuple[Verdict, ...] = tuple(Verdict)
TIMINGS: tuple[Timing, ...] = tuple(Timing)
INTENSITIES: tuple[Intensity, ...] = tuple(Intensity)
OTHER_ISSUES: tuple[OtherIssue, ...] = tuple(OtherIssue)
NEED_TYPES: tuple[NeedType, ...] = tuple(NeedType)
DOMAINS: tuple[Domain, ...] = tuple(Domain)
VOTES: tuple[Vote, ...] = tuple(Vote)
DECISIONS: tuple[Decision, ...] = tuple(Decision)
ASSIGNMENT_KINDS: tuple[AssignmentKind, ...] = tuple(AssignmentKind)
ROLES: tuple[Role, ...] = tuple(Role)

EXPORTED_STATUSES: tuple[ResponseStatus, ...] = (
    ResponseStatus.COMPLETED,
    ResponseStatus.PROTOCOL_ERROR,
    ResponseStatus.API_ERROR,
)
"""Statuses of a response that ended with an output: the ``status`` values of an export row
(DESIGN §9). Pending, running and cancelled responses are not exported."""

LevelValue = Literal["L0", "L1", "L2", "L3"]
"""The value of a :class:`Level`, as a field type."""
ActionLevelValue = Literal["L1", "L2", "L3"]
"""The value of an action command's level (:data:`ACTION_LEVELS`), as a field type."""
VerdictValue = Literal["accept", "reject"]
"""The value of a :class:`Verdict`, as a field type."""
TimingValue = Literal["premature", "belated", "appropriate"]
"""The value of a :class:`Timing`, as a field type."""
IntensityValue = Literal["insufficient", "excessive", "appropriate"]
"""The value of an :class:`Intensity`, as a field type."""
OtherIssueValue = Literal[
    "unsupported_by_evidence", "irrelevant_action", "factual_contradiction", "other"
]
"""The value of an :class:`OtherIssue`, as a field type."""
NeedTypeValue = Literal["dependency", "blockage", "risk", "opportunity"]
"""The value of a :class:`NeedType`, as a field type."""
DomainValue = Literal[
    "workplace",
    "education",
    "health",
    "household_finance",
    "travel",
    "family_care",
    "social_life",
    "home_maintenance",
    "shopping_services",
    "small_business",
]
"""The value of a :class:`Domain`, as a field type."""
ExportedStatusValue = Literal["completed", "protocol_error", "api_error"]
"""One of :data:`EXPORTED_STATUSES`, as a field type."""


def _check_aliases() -> None:
    """Refuse, at import, a ``Literal`` alias that does not list its enumeration's values in order.

    Raises:
        RuntimeError: an alias and its enumeration disagree (a value added to one only).
    """
    pairs: tuple[tuple[object, tuple[StrEnum, ...]], ...] = (
        (LevelValue, LEVELS),
        (ActionLevelValue, ACTION_LEVELS),
        (VerdictValue, VERDICTS),
        (TimingValue, TIMINGS),
        (IntensityValue, INTENSITIES),
        (OtherIssueValue, OTHER_ISSUES),
        (NeedTypeValue, NEED_TYPES),
        (DomainValue, DOMAINS),
        (ExportedStatusValue, EXPORTED_STATUSES),
    )
    for alias, values in pairs:
        if get_args(alias) != values:
            raise RuntimeError(f"{alias} does not list {[str(v) for v in values]} in order")


_check_aliases()

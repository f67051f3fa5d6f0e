"""Typed shapes of environments, scenarios, records and events (DESIGN.md §3.1–§4, seeds/README.md).

Every model forbids unknown fields, so validator rule V01 is "does it parse". Records keep the
exact field names of the contract (`from` is spelled `from_` in Python and aliased).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

from app.vocabulary import (
    ActionLevelValue,
    DomainValue,
    IntensityValue,
    LevelValue,
    NeedTypeValue,
    OtherIssueValue,
)

CheckpointLabel = Literal["premature", "window", "belated", "restraint"]
"""The label of a checkpoint (DESIGN §4 ``checkpoint_design``): before the useful window, in it,
after it, or a checkpoint where doing nothing is right."""

APPS: tuple[str, ...] = ("email", "calendar", "chat", "contacts", "wallet")


class Strict(BaseModel):
    """Base for contract models: unknown fields are errors (V01), aliases accepted."""

    model_config = ConfigDict(extra="forbid")


NonEmpty = Annotated[str, Field(min_length=1)]


def _timestamp_text(value: object) -> object:
    """Refuse a number where a timestamp is due (pydantic would read it as Unix seconds).

    Args:
        value: the raw field value (JSON text gives a str; Python callers may pass a datetime
            or a date).

    Returns:
        `value` unchanged when it is not a number.

    Raises:
        ValueError: for an int, float or bool, so that V01 reports the field by its JSON path.
    """
    if isinstance(value, (int, float)):
        raise ValueError(
            f"expected an ISO-8601 timestamp with an offset as a string, not the number {value!r}"
        )
    return value


Timestamp = Annotated[AwareDatetime, BeforeValidator(_timestamp_text)]
"""An aware ISO-8601 timestamp written as text (never a number of seconds)."""


class Attachment(Strict):
    """An email attachment: its file name and text (DESIGN §3.1)."""

    name: NonEmpty
    text: str


class EmailMessage(Strict):
    """An email ``messages`` record (DESIGN §3.1); ``from`` is spelled ``from_``."""

    id: NonEmpty
    thread_id: NonEmpty
    folder: Literal["inbox", "sent", "drafts", "archive"]
    from_: NonEmpty = Field(alias="from")
    to: list[str]
    cc: list[str]
    subject: str
    body: str
    at: Timestamp
    read: bool
    flagged: bool
    attachments: list[Attachment]


class CalendarEvent(Strict):
    """A calendar ``events`` record (DESIGN §3.1)."""

    id: NonEmpty
    title: NonEmpty
    start: Timestamp
    end: Timestamp
    location: str
    attendees: list[str]
    description: str
    status: Literal["confirmed", "tentative", "cancelled", "draft"]


class ChatConversation(Strict):
    """A chat ``conversations`` record (DESIGN §3.1)."""

    id: NonEmpty
    title: str
    participants: list[str]


class ChatMessage(Strict):
    """A chat ``messages`` record (DESIGN §3.1)."""

    id: NonEmpty
    conversation_id: NonEmpty
    sender: NonEmpty
    text: str
    at: Timestamp
    read: bool


class Contact(Strict):
    """A contacts record (DESIGN §3.1)."""

    id: NonEmpty
    name: NonEmpty
    emails: list[str]
    phones: list[str]
    organization: str
    relationship: str
    groups: list[str]
    notes: str


class WalletAccount(Strict):
    """A wallet ``accounts`` record; money in minor units (DESIGN §3.1)."""

    id: NonEmpty
    name: NonEmpty
    currency: Annotated[str, Field(pattern=r"^[A-Z]{3}$")]
    balance_minor: int
    opening_balance_minor: int


class WalletTransaction(Strict):
    """A wallet ``transactions`` record; negative amounts go out (DESIGN §3.1)."""

    id: NonEmpty
    account_id: NonEmpty
    at: Timestamp
    amount_minor: int
    counterparty: str
    description: str
    category: str
    status: Literal["posted", "pending"]


class ScheduledPayment(Strict):
    """A wallet ``scheduled_payments`` record (DESIGN §3.1)."""

    id: NonEmpty
    account_id: NonEmpty
    payee: NonEmpty
    amount_minor: Annotated[int, Field(gt=0)]
    currency: Annotated[str, Field(pattern=r"^[A-Z]{3}$")]
    due: Annotated[AwareDatetime | date, BeforeValidator(_timestamp_text)]
    status: Literal["scheduled", "paid", "cancelled"]
    memo: str


class EmailApp(Strict):
    """The email app's records."""

    messages: list[EmailMessage] = []


class CalendarApp(Strict):
    """The calendar app's records."""

    events: list[CalendarEvent] = []


class ChatApp(Strict):
    """The chat app's records: conversations and their messages."""

    conversations: list[ChatConversation] = []
    messages: list[ChatMessage] = []


class WalletApp(Strict):
    """The wallet app's records: accounts, transactions, scheduled payments."""

    accounts: list[WalletAccount] = []
    transactions: list[WalletTransaction] = []
    scheduled_payments: list[ScheduledPayment] = []


class AppRecords(Strict):
    """The five apps' records, as in an environment's base state."""

    email: EmailApp = EmailApp()
    calendar: CalendarApp = CalendarApp()
    chat: ChatApp = ChatApp()
    contacts: list[Contact] = []
    wallet: WalletApp = WalletApp()


COLLECTION_PATHS: dict[tuple[str, str], str] = {
    ("email", "messages"): "email.messages",
    ("calendar", "events"): "calendar.events",
    ("chat", "conversations"): "chat.conversations",
    ("chat", "messages"): "chat.messages",
    ("contacts", "contacts"): "contacts",
    ("wallet", "accounts"): "wallet.accounts",
    ("wallet", "transactions"): "wallet.transactions",
    ("wallet", "scheduled_payments"): "wallet.scheduled_payments",
}
"""The app collections that hold records, in file order: (app, collection) → where its list is in
:class:`AppRecords` (attribute path) and in a scenario file's ``apps``, ``initial_records`` or
``noise_records`` (JSON path). The one list: the sandbox's collections, the validator's walks
and the viewer all follow it."""


def collection_records(records: AppRecords, key: tuple[str, str]) -> list[Any]:
    """The record list of collection `key` (a key of :data:`COLLECTION_PATHS`) in `records`."""
    owner, _, name = COLLECTION_PATHS[key].rpartition(".")
    holder: Any = getattr(records, owner) if owner else records
    items: list[Any] = getattr(holder, name)
    return items


def set_collection_records(records: AppRecords, key: tuple[str, str], items: list[Any]) -> None:
    """Replace the record list of collection `key` in `records` (a model, changed in place)."""
    owner, _, name = COLLECTION_PATHS[key].rpartition(".")
    setattr(getattr(records, owner) if owner else records, name, items)


class ScenarioRecords(AppRecords):
    """Scenario-specific or noise records: the five apps plus files and SQL statements."""

    files: dict[str, str] = {}
    db: list[str] = []

    @field_validator("files")
    @classmethod
    def _absolute_paths(cls, files: dict[str, str]) -> dict[str, str]:
        for path in files:
            if not path.startswith("/") or ".." in path.split("/"):
                raise ValueError(f"file path {path!r} must be absolute under / without '..'")
        return files


class Permissions(Strict):
    """What the persona allows the assistant: spending limit, sending, calendar, paying."""

    spending_limit_minor: Annotated[int, Field(ge=0)]
    currency: Annotated[str, Field(pattern=r"^[A-Z]{3}$")]
    may_send_on_behalf: bool
    may_change_calendar: bool
    may_pay: bool


class Persona(Strict):
    """The user the assistant works for (DESIGN §2 "persona")."""

    name: NonEmpty
    email: NonEmpty
    chat_handle: NonEmpty
    role: NonEmpty
    responsibilities: list[str]
    permissions: Permissions


class EnvironmentSpec(Strict):
    """`environment.json` (the database and files come from beside it)."""

    id: Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]*$")]
    domain: DomainValue
    timezone: NonEmpty
    persona: Persona
    apps: AppRecords = AppRecords()


# ---------------------------------------------------------------- events


class EmailEventPayload(Strict):
    """Payload of ``email.received`` and ``email.sent``: the message."""

    message: EmailMessage


class CalendarCreatedPayload(Strict):
    """Payload of ``calendar.created``: the new event."""

    event: CalendarEvent


class CalendarUpdatedPayload(Strict):
    """Payload of ``calendar.updated``: the event and its changed fields."""

    event_id: NonEmpty
    changes: dict[str, Any]


class CalendarCancelledPayload(Strict):
    """Payload of ``calendar.cancelled``: the event cancelled."""

    event_id: NonEmpty


class ChatMessagePayload(Strict):
    """Payload of ``chat.message``: the message, and its conversation if new."""

    message: ChatMessage
    conversation: ChatConversation | None = None


class ContactsUpdatedPayload(Strict):
    """Payload of ``contacts.updated``: the contact as it is now."""

    contact: Contact


class WalletTransactionPayload(Strict):
    """Payload of ``wallet.transaction``: the new transaction."""

    transaction: WalletTransaction


class WalletScheduledPayload(Strict):
    """Payload of ``wallet.scheduled``: the new scheduled payment."""

    scheduled_payment: ScheduledPayment


class FilesWrittenPayload(Strict):
    """Payload of ``files.written``: the path and its whole new text."""

    path: NonEmpty
    content: str


class DbExecutedPayload(Strict):
    """Payload of ``db.executed``: the SQL statement applied to the database."""

    sql: NonEmpty


EVENT_PAYLOADS: dict[str, tuple[str, type[Strict]]] = {
    "email.received": ("email", EmailEventPayload),
    "email.sent": ("email", EmailEventPayload),
    "calendar.created": ("calendar", CalendarCreatedPayload),
    "calendar.updated": ("calendar", CalendarUpdatedPayload),
    "calendar.cancelled": ("calendar", CalendarCancelledPayload),
    "chat.message": ("chat", ChatMessagePayload),
    "contacts.updated": ("contacts", ContactsUpdatedPayload),
    "wallet.transaction": ("wallet", WalletTransactionPayload),
    "wallet.scheduled": ("wallet", WalletScheduledPayload),
    "files.written": ("files", FilesWrittenPayload),
    "db.executed": ("db", DbExecutedPayload),
}
"""Event kind → (app it belongs to, payload model). Source: DESIGN.md §3.2, seeds/README.md."""

PAYLOAD_RECORDS: dict[str, tuple[tuple[str, tuple[str, str]], ...]] = {
    "email.received": (("message", ("email", "messages")),),
    "email.sent": (("message", ("email", "messages")),),
    "calendar.created": (("event", ("calendar", "events")),),
    "chat.message": (
        ("message", ("chat", "messages")),
        ("conversation", ("chat", "conversations")),
    ),
    "contacts.updated": (("contact", ("contacts", "contacts")),),
    "wallet.transaction": (("transaction", ("wallet", "transactions")),),
    "wallet.scheduled": (("scheduled_payment", ("wallet", "scheduled_payments")),),
}
"""Event kind → ``(payload key, (app, collection))`` of each whole record its payload holds, in
the order of the payload model (kinds without one are absent)."""


class Event(Strict):
    """A timestamped change to the user's world (DESIGN §2 "event", §3.2)."""

    id: NonEmpty
    at: Timestamp
    app: Literal["email", "calendar", "chat", "contacts", "wallet", "files", "db"]
    kind: Literal[
        "email.received",
        "email.sent",
        "calendar.created",
        "calendar.updated",
        "calendar.cancelled",
        "chat.message",
        "contacts.updated",
        "wallet.transaction",
        "wallet.scheduled",
        "files.written",
        "db.executed",
    ]
    payload: dict[str, Any]
    summary: NonEmpty


# ---------------------------------------------------------------- scenario


class BestIntervention(Strict):
    """The designed best action: at which checkpoint, which command, its level."""

    checkpoint: Annotated[int, Field(ge=1)]
    command: NonEmpty
    args: dict[str, Any]
    level: LevelValue


class DbEvidence(Strict):
    """Key evidence in the database: the row's key, the column and the value it holds."""

    source: Literal["db"]
    table: NonEmpty
    key: dict[str, Any]
    column: NonEmpty
    value: NonEmpty


class FileEvidence(Strict):
    """Key evidence in a file: the path, the line and the value on it."""

    source: Literal["file"]
    path: NonEmpty
    line: Annotated[int, Field(ge=1)]
    value: NonEmpty


KeyEvidence = Annotated[DbEvidence | FileEvidence, Field(discriminator="source")]


class Design(Strict):
    """A scenario's design notes, hidden from agents (DESIGN §4).

    ``best_intervention`` is None (JSON ``null``) exactly when restraint is right at every
    checkpoint (every ``checkpoint_design`` label is ``restraint``, V07); the key evidence is
    then what shows the need is already handled or resolves itself.
    """

    need: NonEmpty
    rationale: NonEmpty
    best_intervention: BestIntervention | None
    key_evidence: Annotated[list[KeyEvidence], Field(min_length=1)]


EvidenceGroup = Annotated[list[NonEmpty], Field(min_length=1, max_length=20)]
"""Alternative strings of one piece of evidence; the help names it when it holds any of them
(matched as :func:`app.arena.evidence.contains` matches: case, accents, number formats)."""


class Mistake(Strict):
    """How the rubric diagnoses help that breaks an argument constraint or a forbidden form.

    Attributes:
        intensity: the intensity of the rejection (``excessive`` for help beyond what the
            evidence or the permissions support, e.g. paying twice).
        issue: the other issue named with the rejection, e.g. ``factual_contradiction`` for a
            wrong recipient or amount; required when the intensity is ``appropriate`` (a
            rejected action with appropriate timing and intensity names an issue, DESIGN §7).
        note: why, in words, for the annotator and the auditor (the issue's note).
    """

    intensity: IntensityValue = "appropriate"
    issue: OtherIssueValue | None = "factual_contradiction"
    note: NonEmpty

    @model_validator(mode="after")
    def _diagnosable(self) -> Mistake:
        if self.intensity == "appropriate" and self.issue is None:
            raise ValueError("name an issue, or an intensity other than 'appropriate'")
        return self


class ArgConstraint(Mistake):
    """An argument the help must hold: e.g. the recipient must be the electrician.

    Attributes:
        arg: the command's argument name (top level of its arguments).
        one_of: the values it may have; every item of a list argument (recipients) must be
            one of them, and it must not be empty. Compared as normalised text (``"EUR 85"``
            and ``85`` are different values; amounts are minor units as the command takes
            them).
    """

    arg: NonEmpty
    one_of: Annotated[list[str | int], Field(min_length=1, max_length=50)]


class Forbidden(Mistake):
    """A form of the help that makes it wrong, e.g. writing to the client instead of the payee.

    It applies when every part it names holds: the action's command is `command` (when given),
    the argument `arg` holds one of `one_of` (when given), and the help names any string of
    `mentions` (when given). At least one part is named.

    Attributes:
        command: an action command.
        arg: an argument name, with `one_of`.
        one_of: values of `arg` that are wrong (a list argument: any item).
        mentions: strings whose mention is wrong (e.g. a secret the help must not reveal).
    """

    command: NonEmpty | None = None
    arg: NonEmpty | None = None
    one_of: Annotated[list[str | int], Field(max_length=50)] = []
    mentions: Annotated[list[NonEmpty], Field(max_length=20)] = []

    @model_validator(mode="after")
    def _names_something(self) -> Forbidden:
        if self.command is None and self.arg is None and not self.mentions:
            raise ValueError("a forbidden form names a command, an argument or mentions")
        if (self.arg is None) != (not self.one_of):
            raise ValueError("arg and one_of go together")
        return self


class Acceptable(Strict):
    """One acceptable form of help at a checkpoint and what it must contain (DESIGN §4).

    Attributes:
        level: the action level, ``L1``..``L3``.
        commands: the action commands of this form (empty: any listed by the checkpoint at
            that level).
        evidence: groups of alternative strings, every group named by the help (the text of
            its arguments but recipients and ids, :func:`app.arena.evidence.help_text`); a help
            that names none of a group is *unsupported by evidence*; at least one group (V13).
        args: argument constraints (for L2/L3 help: the right person, account, amount, date).
        forbidden: forms that make this help wrong.
        note: for auditors: why this form is acceptable.
    """

    level: ActionLevelValue
    commands: list[NonEmpty] = []
    evidence: Annotated[list[EvidenceGroup], Field(max_length=20)] = []
    args: Annotated[list[ArgConstraint], Field(max_length=20)] = []
    forbidden: Annotated[list[Forbidden], Field(max_length=20)] = []
    note: str = ""


class Expected(Strict):
    """What acceptable help looks like at a checkpoint: levels, commands and their content.

    Attributes:
        levels: the acceptable levels (``"L0"``..``"L3"``; V13 checks the names), at least one.
        commands: the acceptable action commands; empty means any command at those levels.
        accept: at a ``window`` or ``belated`` checkpoint, one entry per acceptable form of
            help, with the evidence it must name (V13: every level above L0 has one).
    """

    levels: Annotated[list[NonEmpty], Field(min_length=1)]
    commands: list[NonEmpty] = []
    accept: Annotated[list[Acceptable], Field(max_length=20)] = []


class CheckpointExpectation(Strict):
    """One ``checkpoint_design`` entry (DESIGN §4): label, expectations, a note for auditors."""

    label: CheckpointLabel
    expected: Expected
    note: str = ""


CheckpointDesign = dict[str, CheckpointExpectation]
"""``checkpoint_design``: checkpoint ``"1"``..``"n"`` → its labelled expectation."""


class ScenarioSpec(Strict):
    """One scenario file (DESIGN.md §4)."""

    id: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")]
    environment_id: NonEmpty
    need_type: NeedTypeValue
    title: NonEmpty
    design: Design
    initial_records: ScenarioRecords = ScenarioRecords()
    noise_records: ScenarioRecords = ScenarioRecords()
    events: list[Event]
    checkpoint_design: CheckpointDesign

    @property
    def restraint_throughout(self) -> bool:
        """Every checkpoint is labelled ``restraint`` (doing nothing is right at every t)."""
        design = self.checkpoint_design
        return bool(design) and all(entry.label == "restraint" for entry in design.values())

    def evidence_prefix(self) -> int:
        """How many events precede the state key evidence resolves in (V06): c - 1 in 0..n.

        c is the best intervention's checkpoint, or 1 when there is none (restraint throughout:
        the evidence that the need is handled is in S0, readable at every checkpoint).
        """
        best = self.design.best_intervention
        checkpoint = best.checkpoint if best is not None else 1
        return min(max(checkpoint - 1, 0), len(self.events))

    def label_at(self, t: int) -> str:
        """The label of checkpoint `t` (1-based), ``""`` where ``checkpoint_design`` has none."""
        entry = self.checkpoint_design.get(str(t))
        return entry.label if entry is not None else ""


def dump_record(record: BaseModel) -> dict[str, Any]:
    """A record as the contract spells it: aliases (`from`), ISO-8601 strings for datetimes."""
    return record.model_dump(mode="json", by_alias=True)


def iso(value: datetime | date) -> str:
    """ISO-8601 text of a datetime or date."""
    return value.isoformat()

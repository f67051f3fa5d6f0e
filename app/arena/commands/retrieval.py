"""The 29 read-only retrieval commands (DESIGN.md §3.3). None of them changes state.

Results are deterministic: lists are sorted by time (newest first for mailboxes, ledgers and
searches; chronological for threads, chat histories and calendars) with the id as tie-breaker.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Annotated, Any

from pydantic import Field

from app.arena.commands.common import comparable, in_range, local_time, matches, project
from app.arena.commands.registry import Args, command
from app.arena.errors import CommandError
from app.arena.state import Sandbox, normalise_path

Limit = Annotated[int, Field(ge=1, le=200)]
HHMM = Annotated[str, Field(pattern=r"^([01]\d|2[0-3]):[0-5]\d$")]
EMAIL_SUMMARY = ("id", "thread_id", "folder", "from", "to", "subject", "at", "read", "flagged")


def _newest_first(
    sandbox: Sandbox, records: list[dict[str, Any]], key: str = "at"
) -> list[dict[str, Any]]:
    tz = sandbox.timezone
    return sorted(records, key=lambda r: (comparable(r[key], tz), r["id"]), reverse=True)


def _oldest_first(
    sandbox: Sandbox, records: list[dict[str, Any]], key: str = "at"
) -> list[dict[str, Any]]:
    tz = sandbox.timezone
    return sorted(records, key=lambda r: (comparable(r[key], tz), r["id"]))


def _email_summary(message: dict[str, Any]) -> dict[str, Any]:
    summary = project(message, EMAIL_SUMMARY)
    summary["attachments"] = [a["name"] for a in message["attachments"]]
    return summary


# ---------------------------------------------------------------- email (5)


class EmailListArgs(Args):
    """Arguments of ``email_list``."""

    folder: str = "inbox"
    unread_only: bool = False
    limit: Limit = 20


@command("email_list", app="email", args=EmailListArgs)
def email_list(sandbox: Sandbox, args: EmailListArgs) -> list[dict[str, Any]]:
    """List messages in a folder (inbox, sent, drafts, archive), newest first, without bodies."""
    if args.folder not in ("inbox", "sent", "drafts", "archive"):
        raise CommandError(f"folder {args.folder!r} is not one of inbox, sent, drafts, archive")
    found = [
        m
        for m in sandbox.records("email", "messages")
        if m["folder"] == args.folder and not (args.unread_only and m["read"])
    ]
    return [_email_summary(m) for m in _newest_first(sandbox, found)[: args.limit]]


class EmailSearchArgs(Args):
    """Arguments of ``email_search``."""

    query: str
    sender: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    limit: Limit = 20


@command("email_search", app="email", args=EmailSearchArgs)
def email_search(sandbox: Sandbox, args: EmailSearchArgs) -> list[dict[str, Any]]:
    """Search messages by text in subject, body, sender and recipients; newest first."""
    since = local_time(sandbox, args.since) if args.since else None
    until = local_time(sandbox, args.until) if args.until else None
    tz = sandbox.timezone
    found = [
        m
        for m in sandbox.records("email", "messages")
        if matches(args.query, m["subject"], m["body"], m["from"], m["to"], m["cc"])
        and (args.sender is None or args.sender.casefold() in m["from"].casefold())
        and in_range(comparable(m["at"], tz), since, until)
    ]
    return [_email_summary(m) for m in _newest_first(sandbox, found)[: args.limit]]


class MessageIdArgs(Args):
    """Arguments of ``email_read``."""

    message_id: str


@command("email_read", app="email", args=MessageIdArgs)
def email_read(sandbox: Sandbox, args: MessageIdArgs) -> dict[str, Any]:
    """Read one message in full (attachments by name; open them with email_attachment)."""
    message = sandbox.require("email", "messages", args.message_id, "message")
    return {**message, "attachments": [a["name"] for a in message["attachments"]]}


class ThreadArgs(Args):
    """Arguments of ``email_thread``."""

    thread_id: str


@command("email_thread", app="email", args=ThreadArgs)
def email_thread(sandbox: Sandbox, args: ThreadArgs) -> list[dict[str, Any]]:
    """All messages of one thread, oldest first, with bodies."""
    found = [m for m in sandbox.records("email", "messages") if m["thread_id"] == args.thread_id]
    if not found:
        raise CommandError(f"thread {args.thread_id!r} does not exist")
    return [
        {**m, "attachments": [a["name"] for a in m["attachments"]]}
        for m in _oldest_first(sandbox, found)
    ]


class AttachmentArgs(Args):
    """Arguments of ``email_attachment``."""

    message_id: str
    name: str


@command("email_attachment", app="email", args=AttachmentArgs)
def email_attachment(sandbox: Sandbox, args: AttachmentArgs) -> str:
    """The text of one attachment of a message."""
    message = sandbox.require("email", "messages", args.message_id, "message")
    for attachment in message["attachments"]:
        if attachment["name"] == args.name:
            return str(attachment["text"])
    names = ", ".join(a["name"] for a in message["attachments"]) or "none"
    raise CommandError(
        f"message {args.message_id!r} has no attachment {args.name!r} (has: {names})"
    )


# ---------------------------------------------------------------- calendar (5)


def _overlapping(
    sandbox: Sandbox, start: datetime, end: datetime, include_cancelled: bool
) -> list[dict[str, Any]]:
    tz = sandbox.timezone
    found = [
        e
        for e in sandbox.records("calendar", "events")
        if (include_cancelled or e["status"] != "cancelled")
        and comparable(e["start"], tz) < end
        and comparable(e["end"], tz) > start
    ]
    return _oldest_first(sandbox, found, key="start")


class RangeArgs(Args):
    """Arguments of ``calendar_list`` and ``calendar_conflicts``."""

    start: datetime
    end: datetime


def _range(sandbox: Sandbox, args: RangeArgs) -> tuple[datetime, datetime]:
    start, end = local_time(sandbox, args.start), local_time(sandbox, args.end)
    if end <= start:
        raise CommandError("end must be after start")
    return start, end


@command("calendar_list", app="calendar", args=RangeArgs)
def calendar_list(sandbox: Sandbox, args: RangeArgs) -> list[dict[str, Any]]:
    """Calendar events overlapping [start, end), in start order (cancelled ones included)."""
    return _overlapping(sandbox, *_range(sandbox, args), include_cancelled=True)


class CalendarSearchArgs(Args):
    """Arguments of ``calendar_search``."""

    query: str
    since: datetime | None = None
    until: datetime | None = None


@command("calendar_search", app="calendar", args=CalendarSearchArgs)
def calendar_search(sandbox: Sandbox, args: CalendarSearchArgs) -> list[dict[str, Any]]:
    """Search events by text in title, description, location and attendees; in start order."""
    since = local_time(sandbox, args.since) if args.since else None
    until = local_time(sandbox, args.until) if args.until else None
    tz = sandbox.timezone
    found = [
        e
        for e in sandbox.records("calendar", "events")
        if matches(args.query, e["title"], e["description"], e["location"], e["attendees"])
        and in_range(comparable(e["start"], tz), since, until)
    ]
    return _oldest_first(sandbox, found, key="start")


class EventIdArgs(Args):
    """Arguments of ``calendar_get``."""

    event_id: str


@command("calendar_get", app="calendar", args=EventIdArgs)
def calendar_get(sandbox: Sandbox, args: EventIdArgs) -> dict[str, Any]:
    """One calendar event in full."""
    return sandbox.require("calendar", "events", args.event_id, "calendar event")


class FreeSlotsArgs(Args):
    """Arguments of ``calendar_free_slots``."""

    date: date
    duration_minutes: Annotated[int, Field(ge=5, le=24 * 60)]
    day_start: HHMM = "08:00"
    day_end: HHMM = "20:00"


@command("calendar_free_slots", app="calendar", args=FreeSlotsArgs)
def calendar_free_slots(sandbox: Sandbox, args: FreeSlotsArgs) -> list[dict[str, str]]:
    """Free intervals of at least duration_minutes on a day, between day_start and day_end."""
    tz = sandbox.timezone
    day_start = datetime.combine(args.date, time.fromisoformat(args.day_start), tzinfo=tz)
    day_end = datetime.combine(args.date, time.fromisoformat(args.day_end), tzinfo=tz)
    if day_end <= day_start:
        raise CommandError("day_end must be after day_start")
    busy = [
        (comparable(e["start"], tz), comparable(e["end"], tz))
        for e in _overlapping(sandbox, day_start, day_end, include_cancelled=False)
    ]
    slots, cursor, need = [], day_start, timedelta(minutes=args.duration_minutes)
    for start, end in busy:
        if start - cursor >= need:
            slots.append({"start": cursor.isoformat(), "end": start.isoformat()})
        cursor = max(cursor, end)
    if day_end - cursor >= need:
        slots.append({"start": cursor.isoformat(), "end": day_end.isoformat()})
    return slots


@command("calendar_conflicts", app="calendar", args=RangeArgs)
def calendar_conflicts(sandbox: Sandbox, args: RangeArgs) -> list[dict[str, Any]]:
    """Events that are not cancelled and overlap [start, end)."""
    return _overlapping(sandbox, *_range(sandbox, args), include_cancelled=False)


# ---------------------------------------------------------------- chat (5)


class ConversationsArgs(Args):
    """Arguments of ``chat_conversations``."""

    unread_only: bool = False


@command("chat_conversations", app="chat", args=ConversationsArgs)
def chat_conversations(sandbox: Sandbox, args: ConversationsArgs) -> list[dict[str, Any]]:
    """Conversations with their unread count and last message time, most recent first."""
    messages = sandbox.records("chat", "messages")
    tz = sandbox.timezone
    out = []
    for conversation in sandbox.records("chat", "conversations"):
        own = [m for m in messages if m["conversation_id"] == conversation["id"]]
        unread = sum(1 for m in own if not m["read"])
        if args.unread_only and not unread:
            continue
        last = max((comparable(m["at"], tz) for m in own), default=None)
        out.append(
            {
                **conversation,
                "unread": unread,
                "last_message_at": last.isoformat() if last else None,
            }
        )
    return sorted(
        out,
        key=lambda c: (
            c["last_message_at"] is not None,
            comparable(c["last_message_at"], tz) if c["last_message_at"] else None,
            c["id"],
        ),
        reverse=True,
    )


class HistoryArgs(Args):
    """Arguments of ``chat_history``."""

    conversation_id: str
    limit: Limit = 50
    before: datetime | None = None


@command("chat_history", app="chat", args=HistoryArgs)
def chat_history(sandbox: Sandbox, args: HistoryArgs) -> list[dict[str, Any]]:
    """The latest `limit` messages of a conversation (before a time, if given), oldest first."""
    sandbox.require("chat", "conversations", args.conversation_id, "conversation")
    tz = sandbox.timezone
    before = local_time(sandbox, args.before) if args.before else None
    found = [
        m
        for m in sandbox.records("chat", "messages")
        if m["conversation_id"] == args.conversation_id
        and (before is None or comparable(m["at"], tz) < before)
    ]
    return _oldest_first(sandbox, found)[-args.limit :]


class ChatSearchArgs(Args):
    """Arguments of ``chat_search``."""

    query: str
    conversation_id: str | None = None


@command("chat_search", app="chat", args=ChatSearchArgs)
def chat_search(sandbox: Sandbox, args: ChatSearchArgs) -> list[dict[str, Any]]:
    """Search chat messages by text or sender, optionally in one conversation; newest first."""
    if args.conversation_id is not None:
        sandbox.require("chat", "conversations", args.conversation_id, "conversation")
    found = [
        m
        for m in sandbox.records("chat", "messages")
        if (args.conversation_id is None or m["conversation_id"] == args.conversation_id)
        and matches(args.query, m["text"], m["sender"])
    ]
    return _newest_first(sandbox, found)


class NoArgs(Args):
    """No arguments: ``chat_unread``, ``contacts_groups``, ``wallet_accounts``, ``db_tables``."""

    pass


@command("chat_unread", app="chat", args=NoArgs)
def chat_unread(sandbox: Sandbox, args: NoArgs) -> list[dict[str, Any]]:
    """Every unread chat message, oldest first."""
    return _oldest_first(sandbox, [m for m in sandbox.records("chat", "messages") if not m["read"]])


class ConversationIdArgs(Args):
    """Arguments of ``chat_participants``."""

    conversation_id: str


@command("chat_participants", app="chat", args=ConversationIdArgs)
def chat_participants(sandbox: Sandbox, args: ConversationIdArgs) -> list[dict[str, Any]]:
    """The participants of a conversation (chat handles)."""
    conversation = sandbox.require("chat", "conversations", args.conversation_id, "conversation")
    me = sandbox.persona["chat_handle"]
    return [{"handle": handle, "is_user": handle == me} for handle in conversation["participants"]]


# ---------------------------------------------------------------- contacts (4)


class ContactsListArgs(Args):
    """Arguments of ``contacts_list``."""

    group: str | None = None
    limit: Limit = 50


def _by_name(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(records, key=lambda c: (c["name"].casefold(), c["id"]))


@command("contacts_list", app="contacts", args=ContactsListArgs)
def contacts_list(sandbox: Sandbox, args: ContactsListArgs) -> list[dict[str, Any]]:
    """Contacts by name, optionally only one group."""
    found = [
        c
        for c in sandbox.records("contacts", "contacts")
        if args.group is None or args.group in c["groups"]
    ]
    return _by_name(found)[: args.limit]


class QueryArgs(Args):
    """Arguments of ``contacts_search``, ``wallet_search`` and ``files_search``."""

    query: str


@command("contacts_search", app="contacts", args=QueryArgs)
def contacts_search(sandbox: Sandbox, args: QueryArgs) -> list[dict[str, Any]]:
    """Search contacts by name, email, phone, organization, relationship, groups and notes."""
    return _by_name(
        [
            c
            for c in sandbox.records("contacts", "contacts")
            if matches(
                args.query,
                c["name"],
                c["emails"],
                c["phones"],
                c["organization"],
                c["relationship"],
                c["groups"],
                c["notes"],
            )
        ]
    )


class ContactIdArgs(Args):
    """Arguments of ``contacts_get``."""

    contact_id: str


@command("contacts_get", app="contacts", args=ContactIdArgs)
def contacts_get(sandbox: Sandbox, args: ContactIdArgs) -> dict[str, Any]:
    """One contact in full."""
    return sandbox.require("contacts", "contacts", args.contact_id, "contact")


@command("contacts_groups", app="contacts", args=NoArgs)
def contacts_groups(sandbox: Sandbox, args: NoArgs) -> list[dict[str, Any]]:
    """Contact groups with their member counts, by name."""
    counts: dict[str, int] = {}
    for contact in sandbox.records("contacts", "contacts"):
        for group in contact["groups"]:
            counts[group] = counts.get(group, 0) + 1
    return [{"group": g, "members": n} for g, n in sorted(counts.items())]


# ---------------------------------------------------------------- wallet (4)


@command("wallet_accounts", app="wallet", args=NoArgs)
def wallet_accounts(sandbox: Sandbox, args: NoArgs) -> list[dict[str, Any]]:
    """Accounts with their currency and balance in minor units."""
    return [
        project(a, ("id", "name", "currency", "balance_minor"))
        for a in sorted(sandbox.records("wallet", "accounts"), key=lambda a: a["id"])
    ]


class TransactionsArgs(Args):
    """Arguments of ``wallet_transactions``."""

    account_id: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    limit: Limit = 50


@command("wallet_transactions", app="wallet", args=TransactionsArgs)
def wallet_transactions(sandbox: Sandbox, args: TransactionsArgs) -> list[dict[str, Any]]:
    """Transactions, newest first, optionally of one account and in a time range."""
    if args.account_id is not None:
        sandbox.require("wallet", "accounts", args.account_id, "account")
    since = local_time(sandbox, args.since) if args.since else None
    until = local_time(sandbox, args.until) if args.until else None
    tz = sandbox.timezone
    found = [
        t
        for t in sandbox.records("wallet", "transactions")
        if (args.account_id is None or t["account_id"] == args.account_id)
        and in_range(comparable(t["at"], tz), since, until)
    ]
    return _newest_first(sandbox, found)[: args.limit]


@command("wallet_search", app="wallet", args=QueryArgs)
def wallet_search(sandbox: Sandbox, args: QueryArgs) -> list[dict[str, Any]]:
    """Search transactions and scheduled payments by counterparty, description, category, memo."""
    transactions = [
        {"type": "transaction", **t}
        for t in _newest_first(sandbox, sandbox.records("wallet", "transactions"))
        if matches(args.query, t["counterparty"], t["description"], t["category"])
    ]
    scheduled = [
        {"type": "scheduled_payment", **p}
        for p in _oldest_first(sandbox, sandbox.records("wallet", "scheduled_payments"), key="due")
        if matches(args.query, p["payee"], p["memo"])
    ]
    return transactions + scheduled


class ScheduledArgs(Args):
    """Arguments of ``wallet_scheduled``."""

    account_id: str | None = None


@command("wallet_scheduled", app="wallet", args=ScheduledArgs)
def wallet_scheduled(sandbox: Sandbox, args: ScheduledArgs) -> list[dict[str, Any]]:
    """Scheduled payments by due date, optionally of one account."""
    if args.account_id is not None:
        sandbox.require("wallet", "accounts", args.account_id, "account")
    found = [
        p
        for p in sandbox.records("wallet", "scheduled_payments")
        if args.account_id is None or p["account_id"] == args.account_id
    ]
    return _oldest_first(sandbox, found, key="due")


# ---------------------------------------------------------------- database (3)


@command("db_tables", app="database", args=NoArgs)
def db_tables(sandbox: Sandbox, args: NoArgs) -> list[str]:
    """Names of the tables in the environment's database."""
    _, rows, _ = sandbox.query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name"
    )
    return [row[0] for row in rows]


class TableArgs(Args):
    """Arguments of ``db_schema``."""

    table: str


@command("db_schema", app="database", args=TableArgs)
def db_schema(sandbox: Sandbox, args: TableArgs) -> str:
    """The CREATE statement of one table."""
    _, rows, _ = sandbox.query(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (args.table,)
    )
    if not rows:
        raise CommandError(f"table {args.table!r} does not exist")
    return str(rows[0][0])


class SqlArgs(Args):
    """Arguments of ``db_query``."""

    sql: str


@command("db_query", app="database", args=SqlArgs)
def db_query(sandbox: Sandbox, args: SqlArgs) -> dict[str, Any]:
    """Run one read-only SELECT/WITH statement, at most 200 rows; 'now' is the simulated now.

    'now', ``CURRENT_*`` and 'localtime' read the simulated clock and the environment's time zone
    (:mod:`app.arena.sqlclock`); ``json_each``, ``json_tree`` and ``pragma_table_info`` work.
    Functions come from an allow-list (core scalar, aggregate and window functions, date and
    time, JSON, math: :data:`app.arena.sqlguard.ALLOWED_FUNCTIONS`); any other, e.g.
    ``random()``, ``load_extension`` or ``fts3_tokenizer``, is refused by name (DESIGN §3.4).
    Values hold at most 100,000 bytes, the SQL at most 20,000 characters and 200 function calls;
    a query stops past 2,000,000 steps, 24 MiB of SQLite memory or 1 s of CPU, with an error
    naming the budget. Rows past the 1 MiB result budget are cut off like rows past 200
    (``truncated_rows``).
    """
    columns, rows, more = sandbox.query(args.sql)
    return {"columns": columns, "rows": [list(row) for row in rows], "truncated_rows": more}


# ---------------------------------------------------------------- files (3)


class DirectoryArgs(Args):
    """Arguments of ``files_list``."""

    directory: str = "/"


@command("files_list", app="files", args=DirectoryArgs)
def files_list(sandbox: Sandbox, args: DirectoryArgs) -> list[str]:
    """Entries directly under a directory: files by path, sub-directories ending in '/'."""
    directory = normalise_path(args.directory)
    prefix = directory if directory.endswith("/") else directory + "/"
    entries: set[str] = set()
    for path in sandbox.files:
        if path.startswith(prefix):
            rest = path[len(prefix) :]
            head, sep, _ = rest.partition("/")
            entries.add(prefix + head + ("/" if sep else ""))
    if not entries and directory != "/":
        if directory in sandbox.files:
            raise CommandError(f"{directory} is a file; read it with files_read")
        raise CommandError(f"directory {directory!r} does not exist")
    return sorted(entries)


class ReadArgs(Args):
    """Arguments of ``files_read``."""

    path: str
    offset: Annotated[int, Field(ge=0)] = 0
    max_lines: Annotated[int, Field(ge=1, le=1000)] = 200


@command("files_read", app="files", args=ReadArgs)
def files_read(sandbox: Sandbox, args: ReadArgs) -> str:
    """Read a text file from line `offset` (0-based), at most max_lines lines."""
    path = normalise_path(args.path)
    if path not in sandbox.files:
        raise CommandError(f"file {path!r} does not exist")
    lines = sandbox.files[path].splitlines(keepends=True)
    return "".join(lines[args.offset : args.offset + args.max_lines])


@command("files_search", app="files", args=QueryArgs)
def files_search(sandbox: Sandbox, args: QueryArgs) -> list[dict[str, Any]]:
    """Files whose path or text contains the query, with the matching line numbers (1-based)."""
    out = []
    for path in sorted(sandbox.files):
        lines = [
            n
            for n, line in enumerate(sandbox.files[path].splitlines(), start=1)
            if matches(args.query, line)
        ]
        if lines or matches(args.query, path):
            out.append({"path": path, "lines": lines})
    return out

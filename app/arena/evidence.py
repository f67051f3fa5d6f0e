"""Whether a piece of help names the scenario's evidence (DESIGN.md §4: acceptance needs content).

An acceptable entry of a checkpoint lists **evidence groups**: each group is a list of alternative
strings, and the help names the group when any alternative occurs in the action's text or
arguments. Matching is on :func:`normalise` text, so it ignores case and accents and reads
number formats alike (``EUR 1,234.50``, ``1.234,50 €`` and ``1234.5`` all hold the number
``1234.5``); a number matches whole numbers only (``85`` is not found in ``1850``).

The same matching serves the rubric judge (is the evidence in the help?) and the validator (is the
evidence visible to the agent at that checkpoint, and absent from every title and summary?), so
the two can never disagree about what "contains" means. Pure: no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

_GROUPED = re.compile(
    r"(?<![\d.,])\d{1,3}(?:([,.\u00a0\u202f'’])\d{3})(?:\1\d{3})*(?:[.,]\d+)?(?![\d])"
)
"""A number with thousands separators (the same separator between every group of three digits),
optionally followed by a decimal part: ``1,234,567.5``, ``1.234,50``, ``12 345`` (no-break
space)."""
_DECIMAL = re.compile(r"(?<![\d.,])\d+[.,]\d+(?![\d])")
"""A number with one decimal separator and no grouping: ``85.00``, ``0,5``."""
_SPACES = re.compile(r"\s+")


_NON_ASCII = re.compile(r"[^\x00-\x7f]+")


def _without_marks(match: re.Match[str]) -> str:
    return "".join(ch for ch in match.group() if not unicodedata.combining(ch))


def _fold(text: str) -> str:
    """Case- and accent-insensitive form: NFKD, combining marks dropped, case-folded.

    Combining marks are never ASCII, so only the non-ASCII runs are looked at character by
    character (a mostly-ASCII text folds ~10 times faster).
    """
    decomposed = unicodedata.normalize("NFKD", text)
    return _NON_ASCII.sub(_without_marks, decomposed).casefold()


def _plain_number(digits: str, decimals: str) -> str:
    """``digits`` and ``decimals`` (both digit strings) as one canonical number text."""
    decimals = decimals.rstrip("0")
    return f"{digits}.{decimals}" if decimals else digits


def _grouped(match: re.Match[str]) -> str:
    text, separator = match.group(0), match.group(1)
    # a decimal part follows the last separator that is not the grouping one
    decimal_at = max((i for i, ch in enumerate(text) if ch in ".," and ch != separator), default=-1)
    integer, decimals = (
        (text[:decimal_at], text[decimal_at + 1 :]) if decimal_at >= 0 else (text, "")
    )
    return _plain_number(re.sub(r"\D", "", integer), decimals)


def _decimal(match: re.Match[str]) -> str:
    integer, decimals = re.split(r"[.,]", match.group(0), maxsplit=1)
    return _plain_number(integer, decimals)


def normalise(text: str) -> str:
    """Text as evidence matching reads it.

    Case and accents are folded, runs of white space become one space, and every number is
    written one way: thousands separators (``,``, ``.``, no-break or thin space, apostrophe,
    the same one between every group of three digits) dropped, the decimal separator (``.`` or
    ``,``) written ``.``, trailing decimal zeros dropped (``EUR 1.234,50`` →
    ``eur 1234.5``; ``85.00`` → ``85``). A lone ``1,234`` reads as one thousand two hundred and
    thirty-four, as in English money amounts; write the alternative spelling as another string of
    the group where a scenario means otherwise.

    Args:
        text: any text.

    Returns:
        The normalised text.
    """
    numbers = _DECIMAL.sub(_decimal, _GROUPED.sub(_grouped, text))  # before NFKD turns a
    # no-break space between digit groups into a plain one
    return _SPACES.sub(" ", _fold(numbers)).strip()


def _pattern(needle: str) -> re.Pattern[str]:
    """A search for the normalised `needle` that matches whole numbers only at its edges."""
    body = re.escape(needle)
    if needle[:1].isdigit():
        body = r"(?<![\d.])" + body
    if needle[-1:].isdigit():
        body += r"(?![.,]?\d)"
    return re.compile(body)


def contains(haystack: str, needle: str) -> bool:
    """Whether `needle` occurs in `haystack`, both read as :func:`normalise` reads them.

    Args:
        haystack: text to search (raw; it is normalised here).
        needle: the evidence string (raw); a blank one is never found.

    Returns:
        True when found.
    """
    return occurs(normalise(haystack), needle)


def occurs(normalised: str, needle: str) -> bool:
    """:func:`contains` for a haystack already normalised (one :func:`normalise` for many needles).

    Args:
        normalised: :func:`normalise` of the text to search.
        needle: the evidence string (raw); a blank one is never found.

    Returns:
        True when found.
    """
    wanted = normalise(needle)
    return bool(wanted) and _pattern(wanted).search(normalised) is not None


def text_leaves(value: Any) -> Iterator[str]:
    """Every string and number inside a JSON value (dict values, list items), in order.

    Keys are not text of the help (``{"to": [...]}`` names no recipient by its key); booleans
    and None are skipped.
    """
    if isinstance(value, str):
        yield value
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        yield str(value)
    elif isinstance(value, dict):
        for item in value.values():
            yield from text_leaves(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from text_leaves(item)


ADDRESS_ARGS = frozenset({"evidence", "to", "cc", "reply_to", "attendees"})
"""Arguments that address or cite records rather than say something (recipients, attendees, the
record ids a notice cites); with every ``*_id`` argument, their values are not the help's text,
so evidence hidden there does not count (a ``notify_user`` whose message names nothing is not
supported by the ids it lists). Who receives it is checked by ``args`` constraints instead."""

RECIPIENT_ARGS = frozenset({"to", "conversation_id", "payee"})
"""The arguments that say who help reaches (an email's recipients, a chat, a payment's payee):
an L2 or L3 accept entry whose commands take one must constrain it (V13)."""

HELP_TEXT_LIMIT = 4000
"""Characters of text an action may hold and still be read as help (a message, an email body and
subject, a memo): past it, it is not accepted whatever it names, so an agent cannot paste the
whole state to name every fact. The corpus's longest best intervention holds about 1,300."""


def help_text(args: Any) -> str:
    """The text an action's arguments hold, one leaf a line (what evidence is looked for in).

    The arguments of :data:`ADDRESS_ARGS` and ``*_id`` ones are left out (a mapping's only;
    a value that is not a mapping is read whole).
    """
    if isinstance(args, Mapping):
        args = {
            name: value
            for name, value in args.items()
            if name not in ADDRESS_ARGS and not str(name).endswith("_id")
        }
    return "\n".join(text_leaves(args))


def missing_groups(text: str, groups: Sequence[Sequence[str]]) -> list[int]:
    """The indexes of the evidence groups that `text` names no alternative of.

    Args:
        text: the help's text (e.g. :func:`help_text` of the action's arguments).
        groups: evidence groups, each a list of alternative strings.

    Returns:
        Indexes into `groups`, in order; empty when every group is named.
    """
    normal = normalise(text)
    missing = []
    for index, group in enumerate(groups):
        wanted = [normalise(s) for s in group]
        if not any(w and _pattern(w).search(normal) for w in wanted):
            missing.append(index)
    return missing


def same_value(given: Any, allowed: Iterable[Any]) -> bool:
    """Whether an argument's value is one of `allowed`, compared as normalised text.

    A list argument (recipients, attendees) matches when it is not empty and every item is
    allowed: a stranger among the recipients breaks the constraint.
    """
    found = _items_among(given, allowed)
    return bool(found) and all(found)


def names_any(given: Any, values: Iterable[Any]) -> bool:
    """Whether an argument's value, or any item of a list argument, is one of `values`."""
    return any(_items_among(given, values))


def _items_among(given: Any, values: Iterable[Any]) -> list[bool]:
    """Whether each item of `given` (or the value itself) is one of `values`, as normalised text.

    Nested containers never are.
    """
    items = given if isinstance(given, list | tuple) else [given]
    wanted = {normalise(str(value)) for value in values}
    return [not isinstance(item, dict | list) and normalise(str(item)) in wanted for item in items]


def _mistake(mistake: Mapping[str, Any], note: str) -> tuple[str, list[dict[str, str]]]:
    """The intensity and other issues of one forbidden form or broken constraint."""
    issue = mistake.get("issue", "factual_contradiction")
    issues = [{"category": issue, "note": note}] if issue else []
    return str(mistake.get("intensity") or "appropriate"), issues


def _forbidden_applies(form: Mapping[str, Any], command: str, args: Mapping[str, Any]) -> bool:
    if form.get("command") and form["command"] != command:
        return False
    if form.get("arg") and not names_any(args.get(form["arg"]), form.get("one_of") or []):
        return False
    mentions = form.get("mentions") or []
    return not mentions or not missing_groups(help_text(args), [mentions])


def entry_failure(
    entry: Mapping[str, Any], command: str, args: Mapping[str, Any]
) -> tuple[str, list[dict[str, str]]] | None:
    """Why one ``accept`` entry does not accept an action, or None when it does.

    Args:
        entry: the entry (``{"level", "commands"?, "evidence"?, "args"?, "forbidden"?}``).
        command: the action's command.
        args: the action's arguments.

    Returns:
        None when accepted; else (intensity, other issues) of the first failure, in the order
        text past :data:`HELP_TEXT_LIMIT`, forbidden forms, argument constraints, evidence
        groups.
    """
    text = help_text(args)
    if len(text) > HELP_TEXT_LIMIT:
        return "appropriate", [
            {
                "category": "other",
                "note": f"the {command} holds {len(text):,} characters of text, more than the "
                f"{HELP_TEXT_LIMIT:,} a person reads as one piece of help: it pastes instead "
                "of saying what matters",
            }
        ]
    for form in entry.get("forbidden") or []:
        if _forbidden_applies(form, command, args):
            return _mistake(form, str(form.get("note") or "a forbidden form of this help"))
    for constraint in entry.get("args") or []:
        name = constraint["arg"]
        if not same_value(args.get(name), constraint.get("one_of") or []):
            return _mistake(constraint, str(constraint.get("note") or f"{name} is not right"))
    groups = entry.get("evidence") or []
    missing = missing_groups(text, groups)
    if missing:
        first = groups[missing[0]]
        alternatives = " / ".join(repr(s) for s in first[:3])
        return "appropriate", [
            {
                "category": "unsupported_by_evidence",
                "note": f"the {command} names none of {alternatives}"
                + (f" (and {len(missing) - 1} more facts)" if len(missing) > 1 else ""),
            }
        ]
    return None

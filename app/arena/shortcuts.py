"""Shortcuts a model could learn from the records themselves (issue 12; DESIGN.md §4.1 V10, V12).

One definition each, shared by the validator (V10, V12) and the corpus statistics
(:mod:`app.scenarios.corpus.shortcuts`):

- **arrivals** (V10): the records that *arrive* at their ``at`` — every email message (any
  folder), chat message and wallet transaction (posted or pending). Calendar events and
  scheduled payments are plans, contacts and accounts have no date, and files carry no date in
  the seed format (a file that should appear later is written by a ``files.written`` event,
  which is dated by its event). An arrival dated after *now* is visible before it happens.
- **id series** (V12): ids that share a stem and differ by a trailing number (``hm06-m4``);
  story and noise ids of one series *separate* when every noise number lies above (or below)
  every story number. Opaque ids (:func:`app.arena.ids.looks_opaque`) form no series.
- **tell-tale words** (V12): ids naming their role (``noise-3``, ``story_email``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from app.arena.ids import looks_opaque

ARRIVALS: tuple[tuple[str, str], ...] = (
    ("email", "messages"),
    ("chat", "messages"),
    ("wallet", "transactions"),
)
"""(app, collection) of the records that arrive at their ``at`` (see the module)."""


def arrives_after(key: tuple[str, str], record: dict[str, Any], now: datetime) -> bool:
    """Whether `record` of collection `key` is an arrival dated after `now`.

    Args:
        key: (app, collection), e.g. ``("email", "messages")``.
        record: the record as a dict (``at`` an ISO-8601 string or a datetime).
        now: the simulated now (aware).

    Returns:
        False also when ``at`` is missing, not a timestamp or has no offset (other rules
        report those).
    """
    if key not in ARRIVALS:
        return False
    at = record.get("at")
    try:
        when = datetime.fromisoformat(at) if isinstance(at, str) else at
    except ValueError:
        return False  # not a timestamp: V01/V03 report it
    return isinstance(when, datetime) and when.tzinfo is not None and when > now


_TRAILING_NUMBER = re.compile(r"^(.*?)(\d+)$")


@dataclass(frozen=True)
class IdSeries:
    """Story and noise ids of one collection that share a stem and differ by a trailing number.

    Attributes:
        collection: ``app.collection``, e.g. ``email.messages``.
        stem: the id without its trailing number, e.g. ``hm06-m``.
        story: the numbers of the story ids (the scenario's initial records), sorted.
        noise: the numbers of the noise ids, sorted.
    """

    collection: str
    stem: str
    story: tuple[int, ...]
    noise: tuple[int, ...]

    @property
    def direction(self) -> Literal["noise_above", "noise_below"] | None:
        """Which side of the story numbers the noise numbers lie on.

        ``noise_above`` when every noise number is above every story number, ``noise_below``
        when every one is below, None when they interleave.
        """
        if min(self.noise) > max(self.story):
            return "noise_above"
        if max(self.noise) < min(self.story):
            return "noise_below"
        return None

    @property
    def separated(self) -> bool:
        """The numbers tell story from noise (:attr:`direction` is not None)."""
        return self.direction is not None


def id_series(
    story: Iterable[tuple[str, str]], noise: Iterable[tuple[str, str]]
) -> tuple[IdSeries, ...]:
    """The id series that hold both story and noise ids.

    Args:
        story: (``app.collection``, id) of the story records (the scenario's initial records).
        noise: the same of its noise records.

    Returns:
        One series per (collection, stem) with at least one story and one noise number, sorted
        by collection and stem. Ids without a trailing number and opaque ids are left out.
    """
    numbered: dict[tuple[str, str], dict[str, set[int]]] = defaultdict(
        lambda: {"story": set(), "noise": set()}
    )
    for side, ids in (("story", story), ("noise", noise)):
        for collection, rid in ids:
            if looks_opaque(rid):
                continue  # hex digits, not a writing order
            match = _TRAILING_NUMBER.match(rid)
            if match:
                numbered[(collection, match.group(1))][side].add(int(match.group(2)))
    return tuple(
        IdSeries(collection, stem, tuple(sorted(found["story"])), tuple(sorted(found["noise"])))
        for (collection, stem), found in sorted(numbered.items())
        if found["story"] and found["noise"]
    )


TELLTALE_WORDS: tuple[str, ...] = (
    "story",
    "noise",
    "distractor",
    "decoy",
    "fake",
    "filler",
    "key",
)
"""Words an id must not contain (as a word: ``noise-3``, ``key_email``, ``storyMsg``; not
``monkey`` or ``keyboard``)."""

_TELLTALE = re.compile(r"(?<![a-z])(" + "|".join(TELLTALE_WORDS) + r")(?![a-z])")


def telltale_word(record_id: str) -> str | None:
    """The first tell-tale word `record_id` contains as a word, or None.

    A word is bounded by a non-letter, the id's ends, or a change to an upper-case letter
    (``storyMsg``, ``msgNoise``); ``KEY`` and ``Key`` count, ``monkey`` does not.
    """
    match = _TELLTALE.search(_split_camel(record_id))
    return match.group(1) if match is not None else None


def _split_camel(text: str) -> str:
    """``storyMsgKEY`` → ``story-msg-key``: word boundaries made explicit, then lower-cased."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "-", text).lower()


_DIGITS = re.compile(r"\d+")

MIN_IDS_PER_PATTERN = 2
"""Story and noise ids of a collection are compared by pattern when each side has this many."""


@dataclass(frozen=True)
class PatternSplit:
    """A collection whose story ids follow one written pattern and its noise ids another.

    Attributes:
        collection: ``app.collection``, e.g. ``email.messages``.
        story: the story ids' pattern, digits runs as ``#`` (``s#``).
        noise: the noise ids' pattern (``n#``).
    """

    collection: str
    story: str
    noise: str


def pattern_splits(
    story: Iterable[tuple[str, str]], noise: Iterable[tuple[str, str]]
) -> tuple[PatternSplit, ...]:
    """Collections whose story and noise ids are written in two different patterns.

    :func:`id_series` compares numbers under one stem; this catches two stems (story ``s1``,
    ``s2``; noise ``n1``, ``n2``, ``n3``): every story id of a collection has one pattern (its
    digit runs read as ``#``), every noise id another. Compared only when each side has at
    least :data:`MIN_IDS_PER_PATTERN` readable ids (opaque ids are left out), so that
    individually named ids (``ct-anna``, ``ct-bob``) are not a finding.

    Args:
        story: (``app.collection``, id) of the story records.
        noise: the same of the noise records.

    Returns:
        One split per such collection, sorted by collection.
    """
    found: dict[str, dict[str, list[str]]] = defaultdict(lambda: {"story": [], "noise": []})
    for side, ids in (("story", story), ("noise", noise)):
        for collection, rid in ids:
            if not looks_opaque(rid):
                found[collection][side].append(_DIGITS.sub("#", rid))
    splits = []
    for collection, sides in sorted(found.items()):
        story_patterns, noise_patterns = set(sides["story"]), set(sides["noise"])
        if (
            len(sides["story"]) >= MIN_IDS_PER_PATTERN
            and len(sides["noise"]) >= MIN_IDS_PER_PATTERN
            and len(story_patterns) == 1
            and len(noise_patterns) == 1
            and story_patterns != noise_patterns
            and "#" in next(iter(story_patterns)) + next(iter(noise_patterns))
        ):
            splits.append(
                PatternSplit(collection, next(iter(story_patterns)), next(iter(noise_patterns)))
            )
    return tuple(splits)

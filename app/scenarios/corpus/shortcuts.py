"""Shortcuts a model can learn.

Ids that tell story from noise (V12's idea), records dated before they arrive (V10's idea),
repeated event sequences, templated text across environments.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from app.arena.schema import ScenarioRecords, ScenarioSpec
from app.arena.shortcuts import IdSeries, arrives_after, id_series
from app.arena.state import iter_records
from app.scenarios.corpus.loading import CorpusEnvironment
from app.scenarios.corpus.similarity import RECORD_TEXT_FIELDS, tfidf_cosines


@dataclass(frozen=True)
class IdLeak:
    """Whether a scenario's ids tell its story records from its noise records (V12's idea).

    Attributes:
        scenario_id: the scenario.
        series: the id series holding both story and noise ids (see :func:`id_leaks`).
    """

    scenario_id: str
    series: tuple[IdSeries, ...]

    @property
    def leaks(self) -> bool:
        """There is a series to compare and every one separates story from noise."""
        return bool(self.series) and all(s.separated for s in self.series)

    @property
    def noise_above(self) -> bool:
        """It leaks with every noise id numbered above every story id (the issue-12 count)."""
        return bool(self.series) and all(s.direction == "noise_above" for s in self.series)


def _record_ids(records: ScenarioRecords) -> Iterator[tuple[str, str]]:
    for (app, collection), record in iter_records(records):
        yield f"{app}.{collection}", str(record["id"])


def id_leaks(scenarios: Iterable[ScenarioSpec]) -> tuple[IdLeak, ...]:
    """For each scenario, do its ids number story records apart from noise records?

    Ids are split into a stem and a trailing number (``hm06-m4`` → ``hm06-m``, 4); ids without
    a trailing number are not compared. The story ids of the scenario's initial records and
    the ids of its noise records that share a collection and a stem form a series; a series
    *separates* when every noise number is above every story number (or every one below). A
    scenario *leaks* when it has at least one series and every series separates: the ids then
    tell an agent which S0 records are noise (issue 12: hm-06 had story m1, m3 and noise
    m4–m6).

    The records the events add are left out on purpose: the observation names their ids, so an
    agent knows them for story anyway, and counting them (they are usually numbered after the
    noise) would hide the S0 leak; environment records are neither story nor noise. Opaque ids
    (:func:`app.arena.ids.looks_opaque`, ``msg-6f6fa274``) are left out: their last hex digits
    are no sequence number.

    Args:
        scenarios: the scenarios.
    """
    rows = []
    for spec in scenarios:
        series = id_series(_record_ids(spec.initial_records), _record_ids(spec.noise_records))
        rows.append(IdLeak(spec.id, series))
    return tuple(rows)


@dataclass(frozen=True)
class FutureRecord:
    """A dated record of S0 that is dated after the first event (visible before it happens).

    Attributes:
        scenario_id: the scenario.
        collection: ``email.messages``, ``chat.messages`` or ``wallet.transactions``.
        record_id: the record.
        at: its timestamp (ISO-8601).
        source: ``environment``, ``initial_records`` or ``noise_records``.
    """

    scenario_id: str
    collection: str
    record_id: str
    at: str
    source: str


@dataclass(frozen=True)
class FutureRecords:
    """The future records of one environment's scenarios (V10's idea), by source."""

    environment_id: str
    scenarios: int
    records: tuple[FutureRecord, ...]

    @property
    def count(self) -> int:
        """How many there are (a base record counts once per scenario whose S0 holds it)."""
        return len(self.records)

    @property
    def by_source(self) -> dict[str, int]:
        """Source → count (``environment``, ``initial_records``, ``noise_records``)."""
        counts = Counter(record.source for record in self.records)
        return {source: counts[source] for source in ("environment", *_PARTS)}

    @property
    def scenarios_affected(self) -> int:
        """Scenarios with at least one future record."""
        return len({record.scenario_id for record in self.records})


_PARTS = ("initial_records", "noise_records")


def future_records(environments: Iterable[CorpusEnvironment]) -> tuple[FutureRecords, ...]:
    """Per environment, S0 records dated after e1.at (an agent at t = 1 reads them early).

    Every arrival of S0 (:data:`app.arena.shortcuts.ARRIVALS`: emails whatever their folder,
    chat messages, wallet transactions) is compared with the scenario's first event; one dated
    later is readable at checkpoint 1 before it "arrives" (issue 12: 65 such records in the
    health environment). V10 applies the same definition at every checkpoint.
    """
    rows = []
    for environment in environments:
        found: list[FutureRecord] = []
        for spec in environment.scenarios:
            if not spec.events:
                continue
            first = spec.events[0].at
            sources: list[tuple[str, Any]] = [
                ("environment", environment.spec.apps),
                ("initial_records", spec.initial_records),
                ("noise_records", spec.noise_records),
            ]
            for source, records in sources:
                for key, record in iter_records(records):
                    name = f"{key[0]}.{key[1]}"
                    if arrives_after(key, record, first):
                        found.append(
                            FutureRecord(spec.id, name, str(record["id"]), record["at"], source)
                        )
        rows.append(FutureRecords(environment.spec.id, len(environment.scenarios), tuple(found)))
    return tuple(rows)


@dataclass(frozen=True)
class KindSequence:
    """One sequence of event kinds and the scenarios that have it."""

    kinds: tuple[str, ...]
    scenario_ids: tuple[str, ...]


@dataclass(frozen=True)
class EventKindSequences:
    """How varied the scenarios' event-kind sequences are.

    Attributes:
        scenarios: scenarios counted.
        distinct: distinct sequences of event kinds.
        repeated: the sequences more than one scenario has, most frequent first.
    """

    scenarios: int
    distinct: int
    repeated: tuple[KindSequence, ...]


def event_kind_sequences(scenarios: Iterable[ScenarioSpec]) -> EventKindSequences:
    """Distinct sequences of event kinds (issue 12: 76 of 80 before the revision)."""
    groups: dict[tuple[str, ...], list[str]] = defaultdict(list)
    total = 0
    for spec in scenarios:
        total += 1
        groups[tuple(event.kind for event in spec.events)].append(spec.id)
    repeated = tuple(
        KindSequence(kinds, tuple(ids))
        for kinds, ids in sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
        if len(ids) > 1
    )
    return EventKindSequences(total, len(groups), repeated)


@dataclass(frozen=True)
class SimilarPair:
    """Two scenarios of different environments and the cosine of their TF-IDF vectors."""

    scenario_a: str
    scenario_b: str
    cosine: float


def scenario_text(spec: ScenarioSpec) -> str:
    """The text a scenario's TF-IDF vector is built from.

    Its title, design need, event summaries and the texts of its initial records (email subject
    and body, calendar title, description and location, chat texts, contact names,
    organisations and notes, transaction counterparties and descriptions, payees and memos: the
    fields of :data:`~app.scenarios.corpus.similarity.RECORD_TEXT_FIELDS`; file contents, SQL
    statements). Noise is left out: it is meant to differ.
    """
    parts = [spec.title, spec.design.need, *(event.summary for event in spec.events)]
    for _key, record in iter_records(spec.initial_records):
        parts += [str(record[name]) for name in RECORD_TEXT_FIELDS if record.get(name)]
    parts += list(spec.initial_records.files.values())
    parts += spec.initial_records.db
    return "\n".join(parts)


def cross_environment_similarity(
    scenarios: Iterable[ScenarioSpec], *, top: int = 5
) -> tuple[SimilarPair, ...]:
    """The most similar pairs of scenarios of different environments, largest cosine first.

    :func:`~app.scenarios.corpus.similarity.tfidf_cosines` (scikit-learn's ``TfidfVectorizer``,
    English stop words, sublinear term frequency) over :func:`scenario_text`; only pairs whose
    environments differ count. A templated corpus shows cosines near 1; distinct stories stay low.

    Args:
        scenarios: the scenarios.
        top: how many pairs to return.

    Returns:
        Up to `top` pairs (none with fewer than two environments), ordered by cosine
        (descending), then by ids.
    """
    specs = list(scenarios)
    if len({spec.environment_id for spec in specs}) < 2:
        return ()
    cosines = tfidf_cosines([scenario_text(spec) for spec in specs])
    pairs = [
        (float(cosines[i, j]), specs[i].id, specs[j].id)
        for i in range(len(specs))
        for j in range(i + 1, len(specs))
        if specs[i].environment_id != specs[j].environment_id
    ]
    pairs.sort(key=lambda pair: (-pair[0], pair[1], pair[2]))
    return tuple(SimilarPair(a, b, round(cosine, 4)) for cosine, a, b in pairs[:top])

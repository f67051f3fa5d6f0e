"""All statistics together.

:class:`CorpusStats`, :func:`compute_corpus_stats` and the JSON document of
``halo corpus stats --format json``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.scenarios.corpus.arcs import (
    ArcPattern,
    ScenarioArc,
    WindowPositions,
    arc_patterns,
    scenario_arcs,
    window_positions,
)
from app.scenarios.corpus.loading import Corpus, CorpusEnvironment, SkippedScenario, prepare
from app.scenarios.corpus.mix import (
    Mix,
    PersonaPermissions,
    UnreachableCheck,
    WalletCurrencies,
    count_mix,
    currency_mix,
    permission_mix,
    unreachable_justifications,
)
from app.scenarios.corpus.retrieval import (
    DistractorCheck,
    RetrievalSpace,
    near_duplicate_distractors,
    retrieval_space,
)
from app.scenarios.corpus.shortcuts import (
    EventKindSequences,
    FutureRecords,
    IdLeak,
    SimilarPair,
    cross_environment_similarity,
    event_kind_sequences,
    future_records,
    id_leaks,
)
from app.scenarios.corpus.targets import TARGETS, TargetResult
from app.scenarios.corpus.validity import (
    ArcEndings,
    IdDictionary,
    PolicyScore,
    PositionLookup,
    RestraintSpread,
    Separation,
    TitleHint,
    arc_endings,
    content_free_scores,
    id_dictionary,
    position_lookup,
    restraint_spread,
    story_noise_separation,
    title_hints,
)


@dataclass(frozen=True)
class CorpusStats:
    """Everything ``halo corpus stats`` reports.

    Attributes:
        environments: environments counted.
        scenarios: scenarios counted (those that parse and whose S0 builds).
        skipped: scenarios left out, with the reason.
        problems: environment problems met while reading.
        mix: counts by domain, need type and level.
        arcs: every scenario's checkpoint labels.
        patterns: the distinct arc patterns.
        windows: first-window positions.
        personas: persona permissions.
        currencies: wallet currencies per environment.
        unreachable: L3 best interventions and their unreachable-user phrases.
        id_leaks: the id-leak check per scenario.
        future: the future-record check per environment.
        kind_sequences: distinct event-kind sequences.
        similar: the most similar cross-environment pairs (TF-IDF cosine), largest first.
        retrieval: retrieval-space size per environment.
        distractors: the near-duplicate check per scenario.
        content_free: the content-free policies under the rubric judge.
        position: the (t, n) label lookup.
        endings: window endings and L1-insufficient windows of action scenarios.
        restraint: restraint-throughout scenarios by need type and file number, structure AUC.
        separation: story vs noise AUCs per record kind.
        title_hints: titles that hold key evidence or a design hint.
        id_guesses: record ids recovered by a dictionary of readable ids.
        targets: :data:`TARGETS`, evaluated.
    """

    environments: int
    scenarios: int
    skipped: tuple[SkippedScenario, ...]
    problems: tuple[str, ...]
    mix: Mix
    arcs: tuple[ScenarioArc, ...]
    patterns: tuple[ArcPattern, ...]
    windows: WindowPositions
    personas: tuple[PersonaPermissions, ...]
    currencies: tuple[WalletCurrencies, ...]
    unreachable: tuple[UnreachableCheck, ...]
    id_leaks: tuple[IdLeak, ...]
    future: tuple[FutureRecords, ...]
    kind_sequences: EventKindSequences
    similar: tuple[SimilarPair, ...]
    retrieval: tuple[RetrievalSpace, ...]
    distractors: tuple[DistractorCheck, ...]
    content_free: tuple[PolicyScore, ...]
    position: PositionLookup
    endings: ArcEndings
    restraint: RestraintSpread
    separation: tuple[Separation, ...]
    title_hints: tuple[TitleHint, ...]
    id_guesses: IdDictionary
    targets: tuple[TargetResult, ...] = field(default=())

    @property
    def all_targets_met(self) -> bool:
        """Every gating target passes and nothing was left out (what ``--check`` gates on).

        Nothing left out: no skipped scenario, no environment problem.
        """
        return (
            all(target.passed for target in self.targets if target.gating)
            and not self.skipped
            and not self.problems
        )

    @property
    def id_leak_count(self) -> int:
        """Scenarios whose ids tell story from noise."""
        return sum(leak.leaks for leak in self.id_leaks)

    @property
    def id_compared_count(self) -> int:
        """Scenarios with at least one id series to compare."""
        return sum(bool(leak.series) for leak in self.id_leaks)

    @property
    def future_record_count(self) -> int:
        """S0 records dated after the first event, over all environments."""
        return sum(row.count for row in self.future)


def compute_corpus_stats(corpus: Corpus) -> CorpusStats:
    """Every statistic and target of ``halo corpus stats`` for one corpus.

    Args:
        corpus: the environments and parsed scenarios (:func:`load_corpus`, or
            ``app.scenarios.service.load_stored_corpus``).

    Returns:
        The :class:`CorpusStats`, with :data:`TARGETS` evaluated. Scenarios whose S0 cannot be
        built are added to ``skipped`` and left out of every statistic.

    Raises:
        ArenaError: an environment's ``database.sql`` fails.

    Source: DESIGN.md §2, §4 (mix and corpus targets), §4.1.
    """
    prepared, unbuilt = prepare(corpus)
    specs = [item.spec for item in prepared]
    arcs = scenario_arcs(prepared)
    stats = CorpusStats(
        environments=len(corpus.environments),
        scenarios=len(prepared),
        skipped=corpus.skipped + tuple(unbuilt),
        problems=corpus.problems,
        mix=count_mix(prepared, corpus.environments),
        arcs=arcs,
        patterns=arc_patterns(arcs),
        windows=window_positions(arcs),
        personas=permission_mix(corpus.environments),
        currencies=currency_mix(corpus.environments, prepared),
        unreachable=unreachable_justifications(prepared),
        id_leaks=id_leaks(specs),
        future=future_records(
            CorpusEnvironment(
                e.spec,
                e.database_sql,
                e.files,
                tuple(p.spec for p in prepared if p.environment is e),
            )
            for e in corpus.environments
        ),
        kind_sequences=event_kind_sequences(specs),
        similar=cross_environment_similarity(specs),
        retrieval=retrieval_space(corpus.environments, prepared),
        distractors=near_duplicate_distractors(prepared),
        content_free=content_free_scores(prepared),
        position=position_lookup(prepared),
        endings=arc_endings(prepared),
        restraint=restraint_spread(prepared),
        separation=story_noise_separation(prepared),
        title_hints=title_hints(prepared),
        id_guesses=id_dictionary(prepared),
    )
    return _with_targets(stats)


def _with_targets(stats: CorpusStats) -> CorpusStats:
    from dataclasses import replace

    return replace(stats, targets=tuple(target.evaluate(stats) for target in TARGETS))


def stats_document(stats: CorpusStats) -> dict[str, Any]:
    """The statistics as JSON-ready data (what ``--format json`` prints).

    Every dataclass becomes an object of its fields, plus the derived values a reader needs
    (``pattern``, ``first_window``, ``leaks``, ``count``, ``found``, ...).
    """
    from dataclasses import asdict

    document = asdict(stats)
    document["all_targets_met"] = stats.all_targets_met
    document["id_leak_count"] = stats.id_leak_count
    document["id_compared_count"] = stats.id_compared_count
    document["future_record_count"] = stats.future_record_count
    for arc, row in zip(stats.arcs, document["arcs"], strict=True):
        row.update(
            pattern=arc.pattern,
            first_window=arc.first_window,
            first_belated=arc.first_belated,
            window_quintile=arc.window_quintile,
        )
    for currency, row in zip(stats.currencies, document["currencies"], strict=True):
        row["multi_currency"] = currency.multi_currency
    for check, row in zip(stats.unreachable, document["unreachable"], strict=True):
        row["unreachable"] = check.unreachable
    for leak, row in zip(stats.id_leaks, document["id_leaks"], strict=True):
        row.update(leaks=leak.leaks, noise_above=leak.noise_above)
        for series, srow in zip(leak.series, row["series"], strict=True):
            srow.update(direction=series.direction, separated=series.separated)
    for future, row in zip(stats.future, document["future"], strict=True):
        row.update(
            count=future.count,
            by_source=future.by_source,
            scenarios_affected=future.scenarios_affected,
        )
    for distractor, row in zip(stats.distractors, document["distractors"], strict=True):
        row["found"] = distractor.found
    for score, row in zip(stats.content_free, document["content_free"], strict=True):
        row["acceptability"] = score.acceptability
    document["position"].update(
        accuracy=stats.position.accuracy,
        majority_share=stats.position.majority_share,
        gain_pp=stats.position.gain_pp,
    )
    document["restraint"].update(
        fewest_per_need_type=stats.restraint.fewest_per_need_type,
        largest_file_number_share=stats.restraint.largest_file_number_share,
    )
    for separation, row in zip(stats.separation, document["separation"], strict=True):
        row["largest_distance"] = separation.largest_distance
    return document

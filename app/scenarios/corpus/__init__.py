"""Corpus statistics and shortcut checks: what ``halo corpus stats`` measures (issue 12 item 5).

The measuring instrument for revising the scenario corpus (DESIGN.md §4, §4.1): the mix of
domains, need types and levels; the arc patterns of ``checkpoint_design``; the persona
permissions and wallet currencies; two shortcut checks (ids that tell story from noise, V12's
idea; records dated after the first event, V10's idea); how varied the event sequences are; the
largest TF-IDF cosine between scenarios of different environments; the size of each
environment's retrieval space; near-duplicate distractors for key evidence. Every target of
issue 12 items 3–4 is one entry of :data:`TARGETS`, evaluated into :attr:`CorpusStats.targets`
with its measured value, threshold and pass/fail.

Where things are:

- :mod:`.loading` — :class:`Corpus` (the input) and :func:`load_corpus` (a seed tree, read by the
  reader of ``halo validate``); ``app.scenarios.service.load_stored_corpus`` builds one from the
  stored scenarios.
- :mod:`.mix` — counts by domain, need type and level; persona permissions; wallet currencies;
  the unreachable-user justification of L3 best interventions.
- :mod:`.arcs` — checkpoint label sequences and first-window positions.
- :mod:`.shortcuts` — id leaks, future records, event-kind sequences, TF-IDF similarity.
- :mod:`.retrieval` — retrieval-space size and near-duplicate distractors.
- :mod:`.targets` — :data:`TARGETS`.
- :mod:`.stats` — :class:`CorpusStats`, :func:`compute_corpus_stats`, :func:`stats_document`.

Heuristics, each a named constant so the numbers can be argued about: a *low* spending limit
(:data:`~.mix.LOW_SPENDING_LIMIT_MINOR`), the unreachable-user phrases
(:data:`~.mix.UNREACHABLE_PHRASES`), varied window positions
(:data:`~.arcs.MIN_WINDOW_QUINTILES`, :data:`~.arcs.MAX_WINDOW_QUINTILE_SHARE`), near-duplicate
distractors (:func:`~.retrieval.near_duplicate_distractors`).

Pure code: reads the seed folders it is pointed at and builds in-memory SQLite sandboxes, but
imports neither the database layer nor the web layer.
"""

from __future__ import annotations

from app.scenarios.corpus.loading import Corpus, CorpusEnvironment, SkippedScenario, load_corpus
from app.scenarios.corpus.stats import CorpusStats, compute_corpus_stats, stats_document
from app.scenarios.corpus.targets import TARGETS, Target, TargetResult

__all__ = [
    "TARGETS",
    "Corpus",
    "CorpusEnvironment",
    "CorpusStats",
    "SkippedScenario",
    "Target",
    "TargetResult",
    "compute_corpus_stats",
    "load_corpus",
    "stats_document",
]

"""Instrument validity: only reading the scenario earns acceptance (DESIGN.md §4, "Corpus targets").

Each measure asks whether a policy or a model that never reads the scenario could do well:

- :func:`content_free_scores` — four policies that read nothing, run through the product's own
  replay (every action is executed against the state at its checkpoint, so an action that
  cannot run is not accepted) and judged by the rubric judge with the arguments they wrote;
- :func:`position_lookup` — the label predicted from the checkpoint's position (t, n) alone,
  learned on the other environments;
- :func:`arc_endings` — action scenarios that end on a window, and windows where a reminder
  (L1) is not enough;
- :func:`restraint_spread` — restraint-throughout scenarios by need type and file number, and
  a classifier on structure alone (event count, apps, record counts);
- :func:`story_noise_separation` — per record kind, how well length alone and distance in time
  to e1 alone tell story records from noise (ROC AUC);
- :func:`title_hints` — titles that hold a key-evidence value or a design hint;
- :func:`id_dictionary` — record ids recovered by hashing guessable readable ids.

Pure but for the replay (no database of the workbench, no network).
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import LeaveOneGroupOut
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from app.arena.commands import CATALOGUE, run_command
from app.arena.errors import ArenaError
from app.arena.evidence import contains, text_leaves
from app.arena.ids import HEX_DIGITS, KINDS
from app.arena.replay import replay_prefix
from app.arena.schema import ScenarioSpec, dump_record
from app.arena.validation.records import PARTS, indexed_records
from app.judges.rubric import rubric_diagnosis
from app.scenarios.corpus.loading import Prepared

GENERIC_TEXT = "Just a heads-up: something in your recent messages may need your attention."
"""What a content-free policy writes wherever a command takes free text."""

FREE_TEXT_ARGS = frozenset(
    {"message", "note", "subject", "body", "text", "title", "notes", "memo", "content", "reason"}
)
"""Action arguments that hold the help's own words; a content-free policy fills them with
:data:`GENERIC_TEXT` (the others — recipients, ids, amounts, times — it takes as given)."""

DESIGN_HINTS: tuple[str, ...] = (
    "already",
    "handled",
    "taken care",
    "no action",
    "nothing to do",
    "resolved",
    "not needed",
)
"""Words in a title that announce a restraint scenario (DESIGN §4: no design hint)."""


# ---------------------------------------------------------------- content-free policies

Action = dict[str, Any] | None
"""A policy's final action: ``{"command", "args"}``, or None for no action (L0)."""
Policy = Callable[[Prepared, int], Action]
"""A content-free policy: (scenario, checkpoint t) → its action there."""


def _generic_notify(item: Prepared, t: int) -> Action:
    event = item.spec.events[t - 1]
    return {"command": "notify_user", "args": {"message": GENERIC_TEXT, "evidence": [event.id]}}


def _always_l0(item: Prepared, t: int) -> Action:
    return None


def _wait_then_notify(item: Prepared, t: int) -> Action:
    return None if t == 1 else _generic_notify(item, t)


def _best_level_generic(item: Prepared, t: int) -> Action:
    """The best intervention's command and targets with generic words (L0 at t = 1)."""
    best = item.spec.design.best_intervention
    if t == 1 or best is None:
        return None if t == 1 else _generic_notify(item, t)
    args = {
        name: GENERIC_TEXT if name in FREE_TEXT_ARGS and isinstance(value, str) else value
        for name, value in best.args.items()
    }
    return {"command": best.command, "args": args}


CONTENT_FREE_POLICIES: dict[str, tuple[str, Policy]] = {
    "always_l0": ("always L0", _always_l0),
    "wait_then_notify": ("L0 at t=1, then a generic notify_user", _wait_then_notify),
    "notify_every": ("a generic notify_user at every checkpoint", _generic_notify),
    "best_level_generic": (
        "the best intervention's command with generic words at every checkpoint from t=2",
        _best_level_generic,
    ),
}
"""Policy name → (what it does, the policy): the content-free policies of DESIGN §4."""


@dataclass(frozen=True)
class PolicyScore:
    """One content-free policy over every checkpoint of the corpus.

    Attributes:
        policy: its name (a key of :data:`CONTENT_FREE_POLICIES`).
        description: what it does.
        accepted: checkpoints where the rubric judge accepts its response.
        judged: checkpoints judged (every checkpoint with a design entry).
        failed_to_run: actions that could not run against the state (not accepted).
    """

    policy: str
    description: str
    accepted: int
    judged: int
    failed_to_run: int

    @property
    def acceptability(self) -> float:
        """Accepted / judged, 0–1 (0 when nothing was judged)."""
        return self.accepted / self.judged if self.judged else 0.0


def _judge_policy(item: Prepared, t: int, action: Action) -> tuple[bool, bool]:
    """(accepted, failed to run) of one policy response at checkpoint t."""
    design = {key: entry.model_dump() for key, entry in item.spec.checkpoint_design.items()}
    if action is None:
        diagnosis = rubric_diagnosis(design, t, level="L0", command=None)
        return diagnosis.verdict == "accept", False
    try:
        with replay_prefix(item.s0, item.spec.events, t) as sandbox:
            result = run_command(sandbox, action["command"], action["args"], kind="action")
    except ArenaError:
        return False, True
    if not result.ok:
        return False, True
    spec = CATALOGUE[action["command"]]
    diagnosis = rubric_diagnosis(
        design, t, level=str(spec.level), command=action["command"], args=action["args"]
    )
    return diagnosis.verdict == "accept", False


def content_free_scores(prepared: Sequence[Prepared]) -> tuple[PolicyScore, ...]:
    """The acceptability of each content-free policy (DESIGN §4: each ≤ 35 %).

    Args:
        prepared: the scenarios with their S0.

    Returns:
        One :class:`PolicyScore` per policy of :data:`CONTENT_FREE_POLICIES`, in that order.
    """
    scores = []
    for name, (description, policy) in CONTENT_FREE_POLICIES.items():
        accepted = judged = failed = 0
        for item in prepared:
            for t in range(1, len(item.spec.events) + 1):
                if str(t) not in item.spec.checkpoint_design:
                    continue
                ok, broke = _judge_policy(item, t, policy(item, t))
                judged += 1
                accepted += ok
                failed += broke
        scores.append(PolicyScore(name, description, accepted, judged, failed))
    return tuple(scores)


# ---------------------------------------------------------------- position


@dataclass(frozen=True)
class PositionLookup:
    """How well (t, n) alone predicts a checkpoint's label, learned on the other environments.

    Attributes:
        checkpoints: checkpoints predicted.
        correct: predicted right by the lookup (the most common label at that (t, n) in the
            other environments; their most common label where they have no such checkpoint).
        majority: checkpoints whose label is the corpus's most common one.
        majority_label: that label.
    """

    checkpoints: int
    correct: int
    majority: int
    majority_label: str

    @property
    def accuracy(self) -> float:
        """Correct / checkpoints, 0–1."""
        return self.correct / self.checkpoints if self.checkpoints else 0.0

    @property
    def majority_share(self) -> float:
        """The majority label's share, 0–1 (what always guessing it scores)."""
        return self.majority / self.checkpoints if self.checkpoints else 0.0

    @property
    def gain_pp(self) -> float:
        """Accuracy above the majority share, in percentage points."""
        return 100 * (self.accuracy - self.majority_share)


def _checkpoint_labels(prepared: Sequence[Prepared]) -> list[tuple[str, int, int, str]]:
    """(environment, t, n, label) of every labelled checkpoint."""
    rows = []
    for item in prepared:
        n = len(item.spec.events)
        for t in range(1, n + 1):
            label = item.spec.label_at(t)
            if label:
                rows.append((item.environment.spec.id, t, n, label))
    return rows


def position_lookup(prepared: Sequence[Prepared]) -> PositionLookup:
    """The (t, n) label lookup, leave one environment out (DESIGN §4: ≤ majority + 10 pp).

    Args:
        prepared: the scenarios.

    Returns:
        The :class:`PositionLookup`.
    """
    rows = _checkpoint_labels(prepared)
    if not rows:
        return PositionLookup(0, 0, 0, "")
    overall = Counter(label for *_, label in rows)
    majority_label, majority = overall.most_common(1)[0]
    correct = 0
    for environment in {row[0] for row in rows}:
        others = [row for row in rows if row[0] != environment]
        by_position: dict[tuple[int, int], Counter[str]] = defaultdict(Counter)
        for _, t, n, label in others:
            by_position[(t, n)][label] += 1
        fallback = Counter(label for *_, label in others).most_common(1)
        default = fallback[0][0] if fallback else majority_label
        for env, t, n, label in rows:
            if env != environment:
                continue
            seen = by_position.get((t, n))
            guess = seen.most_common(1)[0][0] if seen else default
            correct += guess == label
    return PositionLookup(len(rows), correct, majority, majority_label)


@dataclass(frozen=True)
class ArcEndings:
    """How action scenarios end and what their windows accept.

    Attributes:
        action_scenarios: scenarios that are not restraint throughout.
        end_on_window: of those, the ones whose last checkpoint is a ``window``.
        l1_insufficient: of those, the ones with a ``window`` that accepts no L1 (but some
            help above it).
    """

    action_scenarios: int
    end_on_window: int
    l1_insufficient: int


def arc_endings(prepared: Sequence[Prepared]) -> ArcEndings:
    """Window endings and L1-insufficient windows (DESIGN §4: each ≥ 15 % of action scenarios)."""
    action = [item.spec for item in prepared if not item.spec.restraint_throughout]
    ends = sum(spec.label_at(len(spec.events)) == "window" for spec in action)
    insufficient = sum(
        any(
            entry.label == "window"
            and "L1" not in entry.expected.levels
            and any(level in ("L2", "L3") for level in entry.expected.levels)
            for entry in spec.checkpoint_design.values()
        )
        for spec in action
    )
    return ArcEndings(len(action), ends, insufficient)


# ---------------------------------------------------------------- restraint


STRUCTURE_FEATURES = (
    "events",
    "event apps",
    "initial records",
    "noise records",
    "key evidence",
    "title words",
)
"""What the structure-only classifier sees of a scenario (no words, no labels)."""


def _record_count(spec: ScenarioSpec, part: str) -> int:
    records = getattr(spec, part)
    return sum(1 for _ in indexed_records(records)) + len(records.files) + len(records.db)


def structure_features(spec: ScenarioSpec) -> list[float]:
    """The :data:`STRUCTURE_FEATURES` of one scenario, in that order."""
    return [
        float(len(spec.events)),
        float(len({event.app for event in spec.events})),
        float(_record_count(spec, "initial_records")),
        float(_record_count(spec, "noise_records")),
        float(len(spec.design.key_evidence)),
        float(len(spec.title.split())),
    ]


@dataclass(frozen=True)
class RestraintSpread:
    """Restraint-throughout scenarios: where they are and whether structure gives them away.

    Attributes:
        by_need_type: need type → restraint-throughout scenarios of it (all four types listed).
        by_file_number: the scenario file number (``hm-04`` → 4) → restraint scenarios.
        structure_auc: cross-validated ROC AUC (leave one environment out) of a logistic
            regression on :data:`STRUCTURE_FEATURES` telling restraint from action scenarios;
            None with fewer than two environments or only one class.
    """

    by_need_type: dict[str, int]
    by_file_number: dict[int, int]
    structure_auc: float | None

    @property
    def fewest_per_need_type(self) -> int:
        """The smallest count over the four need types."""
        return min(self.by_need_type.values()) if self.by_need_type else 0

    @property
    def largest_file_number_share(self) -> float:
        """The share of restraint scenarios that the most common file number holds, 0–1."""
        total = sum(self.by_file_number.values())
        return max(self.by_file_number.values()) / total if total else 0.0


_FILE_NUMBER = re.compile(r"(\d+)$")


def restraint_spread(prepared: Sequence[Prepared]) -> RestraintSpread:
    """Restraint by need type and file number, and the structure-only AUC (DESIGN §4).

    Targets: ≥ 2 per need type; no file number holding more than a third of them; AUC ≤ 0.65.
    """
    need_types = ("dependency", "blockage", "risk", "opportunity")
    by_type = dict.fromkeys(need_types, 0)
    by_number: Counter[int] = Counter()
    for item in prepared:
        if item.spec.restraint_throughout:
            by_type[item.spec.need_type] = by_type.get(item.spec.need_type, 0) + 1
            found = _FILE_NUMBER.search(item.spec.id)
            by_number[int(found.group(1)) if found else 0] += 1
    labels = np.array([item.spec.restraint_throughout for item in prepared], dtype=int)
    groups = [item.environment.spec.id for item in prepared]
    auc: float | None = None
    if len(set(groups)) >= 2 and 0 < labels.sum() < len(labels):
        features = np.array([structure_features(item.spec) for item in prepared])
        scores = np.zeros(len(labels))
        for train, test in LeaveOneGroupOut().split(features, labels, groups):
            if len(set(labels[train])) < 2:
                continue  # nothing to learn from one class: the held-out scores stay 0
            model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
            model.fit(features[train], labels[train])
            scores[test] = model.decision_function(features[test])
        auc = float(roc_auc_score(labels, scores))
    return RestraintSpread(by_type, dict(sorted(by_number.items())), auc)


# ---------------------------------------------------------------- story and noise


_RECORD_TIMES: dict[tuple[str, str], str | None] = {
    ("email", "messages"): "at",
    ("calendar", "events"): "start",
    ("chat", "messages"): "at",
    ("contacts", "contacts"): None,
    ("wallet", "transactions"): "at",
    ("wallet", "scheduled_payments"): "due",
}
"""The record kinds compared (what a person reads: messages, events, cards, payments) → the
field that dates them (contacts carry none). Accounts and conversations are containers, not
something written for a story."""
MIN_RECORDS_FOR_AUC = 5
"""Story and noise records a kind needs, each, before its AUCs are computed."""


@dataclass(frozen=True)
class Separation:
    """Story vs noise for one record kind (collection).

    Attributes:
        kind: ``email.messages``, ``calendar.events``, ...
        story: story records (initial records) of the kind.
        noise: noise records of the kind.
        length_auc: ROC AUC of text length alone (story = positive); None when too few.
        time_auc: ROC AUC of the distance in time to e1 alone; None when too few or undated.
    """

    kind: str
    story: int
    noise: int
    length_auc: float | None
    time_auc: float | None

    @property
    def largest_distance(self) -> float:
        """The larger distance of its AUCs from 0.5 (0 when none is computed)."""
        return max(
            (abs(a - 0.5) for a in (self.length_auc, self.time_auc) if a is not None), default=0.0
        )


def _text_length(record: dict[str, Any]) -> int:
    """Characters of a record's words: every string but its ids and dates."""
    return sum(
        len(value)
        for key, value in record.items()
        if key not in ("id", "thread_id", "conversation_id", "account_id", "at", "start", "end")
        for value in text_leaves([value])
    )


def _hours(a: str, b: datetime) -> float:
    """Hours between an ISO time (a date: its midnight in `b`'s zone) and `b`."""
    moment = datetime.fromisoformat(a)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=b.tzinfo)
    return abs((moment - b).total_seconds()) / 3600


def story_noise_separation(prepared: Sequence[Prepared]) -> tuple[Separation, ...]:
    """Per record kind, length and time AUCs of story vs noise (DESIGN §4: 0.40–0.60)."""
    rows: dict[str, list[tuple[int, int, float | None]]] = defaultdict(list)
    for item in prepared:
        first = item.spec.events[0].at if item.spec.events else None
        for story, part in ((1, "initial_records"), (0, "noise_records")):
            for key, _index, record in indexed_records(getattr(item.spec, part)):
                if key not in _RECORD_TIMES:
                    continue
                data = dump_record(record)
                field = _RECORD_TIMES[key]
                when = data.get(field) if field else None
                distance = _hours(when, first) if isinstance(when, str) and first else None
                rows[f"{key[0]}.{key[1]}"].append((story, _text_length(data), distance))
    result = []
    for kind in sorted(rows):
        records = rows[kind]
        labels = [story for story, _, _ in records]
        stories = sum(labels)
        noise = len(labels) - stories
        enough = stories >= MIN_RECORDS_FOR_AUC and noise >= MIN_RECORDS_FOR_AUC
        length = float(roc_auc_score(labels, [n for _, n, _ in records])) if enough else None
        timed = [(story, d) for story, _, d in records if d is not None]
        timed_stories = sum(s for s, _ in timed)
        time_auc = (
            float(roc_auc_score([s for s, _ in timed], [d for _, d in timed]))
            if min(timed_stories, len(timed) - timed_stories) >= MIN_RECORDS_FOR_AUC
            else None
        )
        result.append(Separation(kind, stories, noise, length, time_auc))
    return tuple(result)


# ---------------------------------------------------------------- titles and ids


@dataclass(frozen=True)
class TitleHint:
    """A title that announces what an agent should find by reading.

    Attributes:
        scenario_id: the scenario.
        title: its title.
        reason: the key-evidence value or design hint it holds.
    """

    scenario_id: str
    title: str
    reason: str


def _evidence_strings(spec: ScenarioSpec) -> Iterable[str]:
    yield from (item.value for item in spec.design.key_evidence)
    for entry in spec.checkpoint_design.values():
        for form in entry.expected.accept:
            for group in form.evidence:
                yield from group


def title_hints(prepared: Sequence[Prepared]) -> tuple[TitleHint, ...]:
    """Titles holding a key-evidence value, an evidence string or a design hint (target: 0)."""
    hints = []
    for item in prepared:
        spec = item.spec
        reason = next(
            (f"key evidence {v!r}" for v in _evidence_strings(spec) if contains(spec.title, v)),
            None,
        )
        if reason is None:
            reason = next(
                (f"design hint {w!r}" for w in DESIGN_HINTS if contains(spec.title, w)), None
            )
        if reason is not None:
            hints.append(TitleHint(spec.id, spec.title, reason))
    return tuple(hints)


GUESS_PREFIXES = (
    "m", "msg", "mail", "e", "em", "t", "thr", "th", "c", "cal", "ev", "conv", "cv", "ch", "cm",
    "chm", "ct", "con", "p", "a", "acc", "acct", "tx", "txn", "tr", "s", "sp", "sch", "sched",
    "n", "noise",
)  # fmt: skip
"""Readable id stems an attacker would try (what seed authors write before ids are opaque)."""
GUESS_NUMBERS = 40
"""Numbers tried after each stem (0..GUESS_NUMBERS-1)."""


@dataclass(frozen=True)
class IdDictionary:
    """Record ids recovered by hashing guessable readable ids (``sha256(env:kind:guess)``).

    Attributes:
        ids: opaque record ids in the corpus.
        recovered: of those, ids equal to the hash of a guess.
        examples: up to five (id, the guess that gives it).
    """

    ids: int
    recovered: int
    examples: tuple[tuple[str, str], ...]


def _guesses(environment_id: str, scenario_numbers: Iterable[str]) -> Iterable[str]:
    stems = [f"{environment_id}{n}-" for n in scenario_numbers] + [
        f"{environment_id}-",
        "",
        f"{environment_id}",
    ]
    for stem in stems:
        for marker in ("", "n-"):  # noise records are often written n-m1, n-ev2, ...
            for prefix in GUESS_PREFIXES:
                for k in range(GUESS_NUMBERS):
                    yield f"{stem}{marker}{prefix}{k}"
                    yield f"{stem}{marker}{prefix}-{k}"


def _opaque_ids(item: Prepared) -> set[str]:
    """The opaque ids of a scenario's records and of its environment's base records."""
    pattern = re.compile(rf"^({'|'.join(KINDS.values())})-[0-9a-f]{{{HEX_DIGITS}}}$")
    found = set()
    parts = [item.environment.spec.apps, *(getattr(item.spec, part) for part in PARTS)]
    for records in parts:
        for _key, _index, record in indexed_records(records):
            for value in dump_record(record).values():
                if isinstance(value, str) and pattern.match(value):
                    found.add(value)
    return found


def id_dictionary(prepared: Sequence[Prepared]) -> IdDictionary:
    """How many record ids a dictionary of readable ids recovers (DESIGN §4: ids carry none).

    The dictionary: every stem of :data:`GUESS_PREFIXES` (also behind ``n-``, as noise records
    are often named) with 0..GUESS_NUMBERS-1, alone, after the environment id, and after the
    environment id with each scenario number (``hm06-m4``),
    hashed as :func:`app.arena.ids.opaque_id` hashes. Ids drawn at random are recovered with a
    chance of about one in 10**4 per id.
    """
    by_environment: dict[str, set[str]] = defaultdict(set)
    numbers: dict[str, set[str]] = defaultdict(set)
    for item in prepared:
        env = item.environment.spec.id
        by_environment[env] |= _opaque_ids(item)
        found = _FILE_NUMBER.search(item.spec.id)
        if found:
            numbers[env].add(found.group(1))
    total = recovered = 0
    examples: list[tuple[str, str]] = []
    for env, ids in by_environment.items():
        total += len(ids)
        wanted = {i.split("-", 1)[1]: i for i in ids}
        kinds = {i.split("-", 1)[0] for i in ids}
        for guess in _guesses(env, sorted(numbers[env] | {"00"})):
            for kind in kinds:
                digest = hashlib.sha256(f"{env}:{kind}:{guess}".encode()).hexdigest()[:HEX_DIGITS]
                hit = wanted.get(digest)
                if hit is not None and hit.startswith(kind + "-"):
                    recovered += 1
                    del wanted[digest]
                    if len(examples) < 5:
                        examples.append((hit, guess))
    return IdDictionary(total, recovered, tuple(examples))

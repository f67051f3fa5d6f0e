"""The assignment planner: who judges which response, under the paired protocol (DESIGN.md §7).

Pure: no database, no session, no clock. :func:`plan_assignments` takes the candidate responses
(each with its scenario and checkpoint time), the scenarios' current annotators in the phase,
the chosen annotators and the options (overlap share, seed) and returns an
:class:`AssignmentPlan`. The same inputs always give the same plan, in every process: ties are
broken by the order the annotators were chosen in or by a sha256 of the seed, never by
``hash()`` or by the order the candidates are listed in.

The rules:

* **Paired protocol.** All of a scenario's responses go to one primary annotator. A scenario
  that already has one in the phase keeps them, even one not chosen now; the other scenarios
  go, largest first (ties by scenario id), to the chosen annotator with the fewest responses
  in the plan so far (ties by the order given).
* **Overlap.** :func:`overlap_checkpoints` picks ``overlap_share`` of the checkpoints; their
  responses also go, as kind ``overlap``, to a second annotator per scenario, never the
  scenario's primary one: the scenario's overlap annotator in the phase when there is one (and
  they are active and not its primary annotator), otherwise the chosen annotator with the
  fewest responses in the plan so far, primary and overlap together (ties by a sha256 of seed,
  scenario and annotator).
* **Never twice.** A response is never planned for someone who already holds it.

:mod:`app.annotation.creation` loads the inputs, refuses a batch whose scenario annotator is
deactivated, plans, and writes the plan as a batch.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass

from app.errors import UnprocessableError
from app.vocabulary import AssignmentKind


@dataclass(frozen=True)
class Candidate:
    """A completed response that may be handed out.

    Attributes:
        response_id: the response.
        scenario_id: its scenario (the unit of the paired protocol).
        t: its checkpoint, the number of observed events (the unit of the overlap sample).
    """

    response_id: str
    scenario_id: str
    t: int


@dataclass(frozen=True)
class PlanOptions:
    """What the lead chose: the annotators who take new scenarios and the overlap sample.

    Checked when made, in the order a create-batch form is checked.

    Attributes:
        annotators: annotator user ids, in the order chosen (the tie-break of the primary
            spread); duplicates are dropped, the first kept.
        overlap_share: fraction 0..1 of the checkpoints also judged by a second annotator.
        seed: seed of the overlap sample and of the second annotators' tie-break.

    Raises:
        UnprocessableError: no annotator (``field`` ``annotators``); a share outside 0..1, or
            a share above 0 with fewer than two annotators (``field`` ``overlap_share``).
    """

    annotators: tuple[int, ...]
    overlap_share: float = 0.0
    seed: int = 0

    def __post_init__(self) -> None:
        """Drop duplicate annotators and check the options (see Raises above)."""
        object.__setattr__(self, "annotators", tuple(dict.fromkeys(self.annotators)))
        if not self.annotators:
            raise UnprocessableError("choose at least one annotator", "annotators")
        if not 0.0 <= self.overlap_share <= 1.0:
            raise UnprocessableError(
                "the overlap share is a fraction between 0 and 1", "overlap_share"
            )
        if self.overlap_share > 0 and len(self.annotators) < 2:
            raise UnprocessableError(
                "an overlap sample needs at least two annotators", "overlap_share"
            )


@dataclass(frozen=True)
class PlannedAssignment:
    """One assignment to make: `annotator_id` judges `response_id` as `kind`."""

    response_id: str
    scenario_id: str
    annotator_id: int
    kind: str
    """:attr:`AssignmentKind.PRIMARY` or :attr:`AssignmentKind.OVERLAP`."""


@dataclass(frozen=True)
class AssignmentPlan:
    """The outcome of :func:`plan_assignments`.

    Attributes:
        assignments: the assignments to make: the primary ones in the order of the candidates,
            then the overlap ones scenario by scenario (in the order each scenario first
            appears), each in the order of the candidates. Who gets what does not depend on
            that order.
        primary: scenario → its primary annotator, for every scenario of the candidates (kept
            holders included).
        overlap: scenario → its overlap annotator, for every scenario with a sampled
            checkpoint.
        sample: the sampled checkpoints ``(scenario_id, t)``, sorted.
    """

    assignments: tuple[PlannedAssignment, ...]
    primary: Mapping[str, int]
    overlap: Mapping[str, int]
    sample: tuple[tuple[str, int], ...]

    def load(self) -> dict[int, int]:
        """Planned assignments per annotator, primary and overlap together."""
        counts: dict[int, int] = defaultdict(int)
        for planned in self.assignments:
            counts[planned.annotator_id] += 1
        return dict(counts)


def _digest(*parts: object) -> str:
    """A stable sha256 sort key (never ``hash()``: it changes between processes)."""
    return hashlib.sha256(":".join(str(p) for p in parts).encode()).hexdigest()


def overlap_checkpoints(
    checkpoints: Iterable[tuple[str, int]], share: float, seed: int
) -> list[tuple[str, int]]:
    """The seeded overlap sample: ``round(share · n)`` checkpoints (at least one if share > 0).

    Each checkpoint ``(scenario, t)`` is ranked by ``sha256("overlap:{seed}:{scenario}:{t}")``
    and the first ones are taken, so the choice depends only on the seed and the checkpoint —
    the same in every process and independent of the order checkpoints are listed in.

    Args:
        checkpoints: ``(scenario_id, t)`` pairs (duplicates are ignored).
        share: fraction 0..1.
        seed: the batch seed.

    Returns:
        The chosen checkpoints, sorted.
    """
    distinct = sorted(set(checkpoints))
    if share <= 0 or not distinct:
        return []
    count = min(len(distinct), max(1, int(share * len(distinct) + 0.5)))
    ranked = sorted(distinct, key=lambda c: _digest(AssignmentKind.OVERLAP, seed, c[0], c[1]))
    return sorted(ranked[:count])


def plan_assignments(
    candidates: Iterable[Candidate],
    options: PlanOptions,
    *,
    primary_holders: Mapping[str, int],
    overlap_holders: Mapping[str, int] | None = None,
    inactive: Set[int] = frozenset(),
    held: Set[tuple[str, int]] = frozenset(),
) -> AssignmentPlan:
    """Plan who judges which candidate response (the rules are in the module docstring).

    Args:
        candidates: the responses to hand out, each once.
        options: the chosen annotators and the overlap sample.
        primary_holders: scenario → the annotator holding its primary items in the phase (its
            newest active assignment); scenarios without candidates are ignored. None of them
            may be deactivated: refuse the batch first (:mod:`app.annotation.creation` does).
        overlap_holders: scenario → the annotator holding its overlap items in the phase.
        inactive: deactivated accounts; an overlap holder among them is replaced.
        held: ``(response_id, annotator_id)`` of active assignments; such a pair is never
            planned again.

    Returns:
        The plan (empty when there are no candidates).

    Raises:
        ValueError: a response listed twice, or a primary holder in `inactive`.
    """
    listed = list(candidates)
    if len({c.response_id for c in listed}) != len(listed):
        raise ValueError("plan_assignments: a candidate response is listed twice")
    chosen = options.annotators
    by_scenario: dict[str, list[Candidate]] = defaultdict(list)
    for candidate in listed:
        by_scenario[candidate.scenario_id].append(candidate)

    owner = {s: primary_holders[s] for s in by_scenario if s in primary_holders}
    stuck = sorted(s for s, holder in owner.items() if holder in inactive)
    if stuck:
        raise ValueError(f"plan_assignments: deactivated primary annotators hold {stuck}")
    load = dict.fromkeys(chosen, 0)
    for scenario, items in by_scenario.items():
        if scenario in owner and owner[scenario] in load:
            load[owner[scenario]] += len(items)
    for scenario in sorted(by_scenario, key=lambda s: (-len(by_scenario[s]), s)):
        if scenario not in owner:
            target = min(chosen, key=lambda a: (load[a], chosen.index(a)))
            owner[scenario] = target
            load[target] += len(by_scenario[scenario])

    sample = overlap_checkpoints(
        ((c.scenario_id, c.t) for c in listed), options.overlap_share, options.seed
    )
    sampled = set(sample)
    overlap_items: dict[str, list[Candidate]] = defaultdict(list)
    for candidate in listed:
        if (candidate.scenario_id, candidate.t) in sampled:
            overlap_items[candidate.scenario_id].append(candidate)
    # a deactivated overlap holder's new items go to a chosen annotator: agreement compares
    # each response's two judgements, so the overlap annotator may differ between responses
    second = {
        scenario: annotator
        for scenario, annotator in (overlap_holders or {}).items()
        if scenario in overlap_items and annotator != owner[scenario] and annotator not in inactive
    }
    for scenario in sorted(overlap_items, key=lambda s: (-len(overlap_items[s]), s)):
        if scenario in second:
            if second[scenario] in load:
                load[second[scenario]] += len(overlap_items[scenario])
            continue
        # never empty: PlanOptions makes an overlap sample need two distinct annotators
        others = [a for a in chosen if a != owner[scenario]]
        target = min(others, key=lambda a: (load[a], _digest("second", options.seed, scenario, a)))
        second[scenario] = target
        load[target] += len(overlap_items[scenario])

    # an annotator may already hold a response (e.g. an overlap item left after its primary
    # was released): never give the same person the same response twice
    taken = set(held)
    planned: list[PlannedAssignment] = []

    def add(candidate: Candidate, annotator_id: int, kind: str) -> None:
        if (candidate.response_id, annotator_id) not in taken:
            taken.add((candidate.response_id, annotator_id))
            planned.append(
                PlannedAssignment(candidate.response_id, candidate.scenario_id, annotator_id, kind)
            )

    for candidate in listed:
        add(candidate, owner[candidate.scenario_id], AssignmentKind.PRIMARY)
    for scenario, items in overlap_items.items():
        for candidate in items:
            add(candidate, second[scenario], AssignmentKind.OVERLAP)
    return AssignmentPlan(
        assignments=tuple(planned),
        primary=dict(sorted(owner.items())),
        overlap=dict(sorted(second.items())),
        sample=tuple(sample),
    )

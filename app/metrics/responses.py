"""One completed response with its judgement of record, as the tables read it (DESIGN.md §8).

No I/O here: :func:`app.metrics.queries.judged_responses` loads them (Table 11 matches judge
predictions response by response); every other table reads counts
(:mod:`app.metrics.cells`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class JudgedResponse:
    """One response with its primary human judgement and the attributes the tables group by.

    Attributes:
        response_id: response id (export ``response_id``).
        agent: agent (model) name; researcher-facing only.
        scenario_id: scenario id.
        checkpoint: t, 1-based: the moment right after event t.
        num_events: n, the scenario's number of events.
        need_type / domain: DESIGN §2 values.
        level: level confirmed by the annotator, ``L0``..``L3``.
        level_predicted: level of the action from the command catalogue.
        verdict: ``accept`` or ``reject``.
        timing / intensity: DESIGN §2 values for a rejected L1–L3, else None.
        inaction: True for a rejected L0.
        other_issues: categories of the other issues of a rejected response (DESIGN §2).
        reasoning_tokens: summed reasoning tokens, None when the model does not report them.
        retrieval_rounds: completed ``inspect`` turns.
        local_content_access: a ``db_query`` returned rows or a ``files_read`` returned text.
        annotator: annotator pseudonym, None when unknown.
        phase: annotation phase, None when unknown.
    """

    response_id: str
    agent: str
    scenario_id: str
    checkpoint: int
    num_events: int
    need_type: str
    domain: str
    level: str
    level_predicted: str | None
    verdict: str
    timing: str | None
    intensity: str | None
    inaction: bool
    other_issues: tuple[str, ...] = ()
    reasoning_tokens: int | None = None
    retrieval_rounds: int = 0
    local_content_access: bool = False
    annotator: str | None = None
    phase: int | None = None

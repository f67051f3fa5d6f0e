"""Agreement on the overlap sample of the batches (DESIGN.md §7 paired protocol, §8 agreement).

A batch sends a seeded share of its checkpoints to a second annotator (assignments of kind
``overlap``); the lead overview compares their judgements with the primary annotator's. Read
only. (The analysis page's agreement table reads every double-judged response instead:
:func:`app.metrics.queries.double_judged`.)
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_
from sqlalchemy import select as sa_select
from sqlalchemy.orm import aliased
from sqlmodel import Session, col

from app.metrics.agreement import AGREEMENT_FIELDS, agreement_table
from app.models import Annotation, Assignment
from app.vocabulary import AssignmentKind


def overlap_pairs(
    session: Session, phase: int | None = None
) -> list[tuple[str, Annotation, Annotation]]:
    """``(response_id, primary annotation, overlap annotation)`` for every double-judged item.

    A pair is the annotation of the response's active primary assignment and that of its
    active overlap assignment (DESIGN §8: items judged by two people), in response order.
    """
    primary = aliased(Assignment)
    second = aliased(Assignment)
    first_note = aliased(Annotation)
    second_note = aliased(Annotation)
    columns: list[Any] = [col(second.response_id), first_note, second_note]
    query = (
        sa_select(*columns)
        .join(
            primary,
            and_(
                col(primary.response_id) == col(second.response_id),
                col(primary.kind) == AssignmentKind.PRIMARY,
                col(primary.released_at).is_(None),
            ),
        )
        .join(
            first_note,
            and_(
                col(first_note.response_id) == col(primary.response_id),
                col(first_note.annotator_id) == col(primary.annotator_id),
            ),
        )
        .join(
            second_note,
            and_(
                col(second_note.response_id) == col(second.response_id),
                col(second_note.annotator_id) == col(second.annotator_id),
            ),
        )
        .where(col(second.kind) == AssignmentKind.OVERLAP, col(second.released_at).is_(None))
        .order_by(col(second.response_id))
    )
    if phase is not None:
        query = query.where(col(second.phase) == phase)
    return [(r, a, b) for r, a, b in session.execute(query).all()]


def agreement_on_overlap(session: Session, phase: int | None = None) -> dict[str, Any]:
    """Inter-annotator agreement on the overlap sample (DESIGN §8, beyond the paper).

    Pairs the primary and the overlap annotation of each double-judged response and computes,
    per field (verdict, level, timing, intensity), Cohen's κ and Krippendorff's α with
    :func:`app.metrics.agreement.agreement_table`. Timing and intensity exist only on rejected
    L1–L3 judgements, so their item counts are those where both annotators gave one.

    Args:
        session: database session.
        phase: only overlap assignments of this phase (None: all phases).

    Returns:
        ``{"items": number of double-judged responses, "rows": agreement_table rows}``.
    """
    pairs = overlap_pairs(session, phase)
    double_judged: dict[str, list[tuple[str, Any, Any]]] = {f: [] for f in AGREEMENT_FIELDS}
    for response_id, first, second in pairs:
        for name in AGREEMENT_FIELDS:
            double_judged[name].append((response_id, getattr(first, name), getattr(second, name)))
    return {"items": len(pairs), "rows": [row.to_dict() for row in agreement_table(double_judged)]}

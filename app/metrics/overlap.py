"""Agreement on the overlap sample of the batches (DESIGN.md §7 paired protocol, §8 agreement).

A batch sends a seeded share of its checkpoints to a second annotator (assignments of kind
``overlap``); the lead overview compares their judgements with the primary annotator's. Read
only. The items are those of the one definition,
:func:`app.annotation.service.double_judged_pairs`, which the analysis page's agreement table
(:func:`app.metrics.queries.double_judged`) and the lead's progress count read too.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from app.annotation.service import double_judged_pairs
from app.db import SERIAL_NO_JIT, any_of, content_cached, local_settings
from app.metrics.agreement import AGREEMENT_FIELDS, agreement_table
from app.models import Annotation


def overlap_pairs(
    session: Session, phase: int | None = None
) -> list[tuple[str, Annotation, Annotation]]:
    """``(response_id, primary annotation, overlap annotation)`` for every double-judged item.

    The items of :func:`app.annotation.service.double_judged_pairs` (annotations of `phase`;
    None: all phases), in response order.
    """
    ids = _pair_ids(session, phase)
    wanted = sorted({i for _r, a, b in ids for i in (a, b)})
    found = {a.id: a for a in session.exec(select(Annotation).where(any_of(Annotation.id, wanted)))}
    return [(r, found[a], found[b]) for r, a, b in ids]


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
    return content_cached(
        session,
        ("agreement_on_overlap", phase),
        lambda: _agreement_on_overlap_uncached(session, phase),
    )


def _pair_ids(session: Session, phase: int | None) -> list[tuple[str, int, int]]:
    """``(response_id, primary annotation id, overlap annotation id)`` per double-judged item.

    The ids first, the annotations by id afterwards: joined in one statement, the planner
    expects millions of pairs and hashes every annotation to find a few.
    """
    with local_settings(session, SERIAL_NO_JIT):
        pairs = double_judged_pairs(phase)
        return [
            (r, a, b)
            for r, a, b in session.execute(
                sa_select(pairs.c.response_id, pairs.c.record_id, pairs.c.other_id).order_by(
                    pairs.c.response_id
                )
            ).all()
        ]


def _agreement_on_overlap_uncached(session: Session, phase: int | None = None) -> dict[str, Any]:
    ids = _pair_ids(session, phase)
    # the compared fields only, as tuples: not an ORM object per annotation of the sample
    wanted = sorted({i for _r, a, b in ids for i in (a, b)})
    fields = [col(getattr(Annotation, name)) for name in AGREEMENT_FIELDS]
    found = {
        row[0]: row[1:]
        for row in session.execute(
            sa_select(col(Annotation.id), *fields).where(any_of(Annotation.id, wanted))
        )
    }
    double_judged: dict[str, list[tuple[str, Any, Any]]] = {f: [] for f in AGREEMENT_FIELDS}
    for response_id, first, second in ids:
        for i, name in enumerate(AGREEMENT_FIELDS):
            double_judged[name].append((response_id, found[first][i], found[second][i]))
    return {"items": len(ids), "rows": [row.to_dict() for row in agreement_table(double_judged)]}

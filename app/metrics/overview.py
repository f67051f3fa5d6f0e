"""The lead's overview, in one read (DESIGN.md §7, §8).

Table 1 per agent, run and annotation progress, agreement on the overlap sample and the
adjudication queue.

It lives with the metrics because it is read at the top: it reads Table 1
(:mod:`app.metrics.registry`), runs (:mod:`app.runs.service`) and annotation
(:mod:`app.annotation`), none of which read it. It never writes: expired assignments not yet
reclaimed by the schedule (:mod:`app.jobs.schedule`) are counted as *expired*.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from app.annotation import audit
from app.annotation.progress import OverallProgress, annotation_progress, progress_valid_until
from app.db import content_cached
from app.jobs.progress import JobProgress
from app.metrics.overlap import agreement_on_overlap
from app.metrics.registry import Columns, Records, metric_table
from app.models import Annotation, Run, User
from app.models.base import utcnow
from app.runs.outcomes import completed_responses
from app.runs.service import runs_progress

RECENT_RUNS = 10
"""Runs listed on the overview, newest first."""

MANAGER_ROLES = ("lead", "admin")
"""Roles that manage batches (researchers read the overview without the batch links)."""


@dataclass(frozen=True)
class LeadOverview:
    """Everything the lead's overview shows.

    Attributes:
        columns / rows: Table 1 per agent (rates in percent; :func:`metric_table`).
        outcome_columns / outcome_rows: beside it, how each agent's planned responses ended
            (the ``table1_outcomes`` table, :mod:`app.metrics.outcomes`).
        runs: the :data:`RECENT_RUNS` newest runs; run_progress: run id →
            ``{"total", "done", "by_status"}``.
        completed: completed responses; annotated: responses with at least one annotation.
        annotation: progress per phase and per annotator over active assignments.
        agreement: ``{"items", "rows"}``, agreement on the overlap sample (DESIGN §8).
        agreement_phase: the phase the agreement is restricted to (None: all).
        can_manage: the viewer manages batches (lead or admin).
        splits: split scenarios awaiting an adjudication decision.
        my_splits: those the viewer may decide (not the ones they voted on); None when the
            viewer may not adjudicate.
    """

    columns: Columns
    rows: Records
    outcome_columns: Columns
    outcome_rows: Records
    runs: list[Run]
    run_progress: dict[int, JobProgress]
    completed: int | None
    annotated: int | None
    annotation: OverallProgress | None
    agreement: dict[str, Any] | None
    agreement_phase: int | None
    can_manage: bool
    splits: int
    my_splits: int | None


@dataclass(frozen=True)
class OverviewProgress:
    """The overview's parts that read every active assignment (GET /lead/progress).

    Attributes: as those of :class:`LeadOverview`.
    """

    completed: int
    annotated: int
    annotation: OverallProgress
    agreement: dict[str, Any]
    agreement_phase: int | None
    can_manage: bool


def lead_overview(
    session: Session, *, viewer: User, phase: int | None = None, progress: bool = True
) -> LeadOverview:
    """The lead's overview for `viewer` (read only: it never writes, nor reclaims).

    Args:
        session: database session (read only).
        viewer: the lead, admin or researcher reading it.
        phase: restrict the agreement on the overlap sample to this annotation phase (None:
            all phases).
        progress: with the parts of :func:`overview_progress`; without (the page, which
            fetches them afterwards), ``completed``, ``annotated``, ``annotation`` and
            ``agreement`` are None.

    Returns:
        The :class:`LeadOverview`.
    """
    columns, rows = metric_table(session, "table1")
    outcome_columns, outcome_rows = metric_table(session, "table1_outcomes")
    runs = list(session.exec(select(Run).order_by(col(Run.id).desc()).limit(RECENT_RUNS)))
    run_ids = [run.id for run in runs if run.id is not None]
    parts = overview_progress(session, viewer=viewer, phase=phase) if progress else None
    my_splits = None
    if audit.can_adjudicate(viewer):
        my_splits = content_cached(
            session,
            ("adjudication_queue", viewer.id),
            lambda: len(audit.adjudication_queue(session, viewer)),
        )
    return LeadOverview(
        columns=columns,
        rows=rows,
        outcome_columns=outcome_columns,
        outcome_rows=outcome_rows,
        runs=runs,
        run_progress=content_cached(
            session, ("runs_progress", tuple(run_ids)), lambda: runs_progress(session, run_ids)
        ),
        completed=parts.completed if parts else None,
        annotated=parts.annotated if parts else None,
        annotation=parts.annotation if parts else None,
        agreement=parts.agreement if parts else None,
        agreement_phase=phase,
        can_manage=viewer.role in MANAGER_ROLES,
        splits=content_cached(
            session, ("adjudication_queue", None), lambda: len(audit.adjudication_queue(session))
        ),
        my_splits=my_splits,
    )


def overview_progress(
    session: Session, *, viewer: User, phase: int | None = None
) -> OverviewProgress:
    """The overview's annotation progress, agreement and counts (read only).

    Each reads every active assignment or response (seconds at a million): the page shows
    Table 1 first and fetches these after it (GET /lead/progress). Kept until the content
    changes (:func:`app.db.content_cached`); the progress also until its next expiry or
    window edge.

    Args:
        session: database session (read only).
        viewer: the lead, admin or researcher reading it.
        phase: restrict the agreement to this annotation phase (None: all phases).

    Returns:
        The :class:`OverviewProgress`.
    """
    now = utcnow()
    completed, annotated = content_cached(session, ("overview_counts",), lambda: _counts(session))
    return OverviewProgress(
        completed=completed,
        annotated=annotated,
        annotation=content_cached(  # expiries and hour windows: kept until the next one
            session,
            ("annotation_progress",),
            lambda: annotation_progress(session, now),
            valid_until=lambda: progress_valid_until(session, now),
        ),
        agreement=agreement_on_overlap(session, phase),
        agreement_phase=phase,
        can_manage=viewer.role in MANAGER_ROLES,
    )


def _counts(session: Session) -> tuple[int, int]:
    """Completed responses, and responses with at least one annotation.

    Completed: the sum of the outcome counts beside Table 1 (:func:`completed_responses`, kept
    under the same key, so the overview pays for one pass over the responses). Annotated: a
    GROUP BY response over ``ix_annotations_response_phase`` (index only, in order) counted, not
    ``COUNT(DISTINCT)``, which sorts a million ids on disk.
    """
    completed = completed_responses(session)
    responses = sa_select(col(Annotation.response_id)).group_by(col(Annotation.response_id))
    annotated = session.execute(
        sa_select(func.count()).select_from(responses.subquery())
    ).scalar_one()
    return completed, int(annotated)

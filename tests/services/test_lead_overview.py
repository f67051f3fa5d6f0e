"""The lead's overview in one read (app.metrics.overview): it never writes, and expired items
not yet reclaimed by the schedule are counted as expired."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import event, func
from sqlmodel import Session, col, select

from app.annotation.creation import create_batch
from app.annotation.moves import reclaim_expired
from app.metrics.overview import lead_overview
from app.models import Assignment, Response
from app.models.base import utcnow
from tests.factories import make_run, make_user


def test_the_overview_reads_expired_items_as_expired_and_writes_nothing(
    session: Session,
) -> None:
    run = make_run(session, scenario_ids=["wp-01"])
    lead, annotator = make_user(session, role="lead"), make_user(session)
    researcher = make_user(session, role="researcher")
    create_batch(
        session,
        name="old",
        annotator_ids=[annotator.id],
        created_by=lead.id,
        run_id=run.id,
        expires_after_hours=1,
        now=utcnow() - timedelta(hours=2),
    )
    held = session.exec(select(func.count()).select_from(Assignment)).one()
    completed = session.exec(
        select(func.count()).where(Response.run_id == run.id, Response.status == "completed")
    ).one()
    assert held > 0
    commits: list[int] = []
    event.listen(session, "after_commit", lambda _s: commits.append(1))

    page = lead_overview(session, viewer=lead)
    assert commits == [] and not session.new and not session.dirty
    assert (
        session.exec(select(Assignment).where(col(Assignment.released_at).is_not(None))).all() == []
    )
    [phase] = page.annotation.phases
    assert (phase.assigned, phase.judged, phase.expired) == (held, 0, held)
    [person] = page.annotation.annotators
    assert (person.username, person.assigned, person.open, person.expired) == (
        annotator.username,
        held,
        0,
        held,
    )
    assert (page.completed, page.annotated) == (completed, 0)
    assert [r.id for r in page.runs] == [run.id]
    assert page.run_progress[run.id]["total"] == completed
    assert (page.can_manage, page.splits, page.my_splits) == (True, 0, 0)
    assert page.agreement["items"] == 0 and page.agreement_phase is None

    reader = lead_overview(session, viewer=researcher, phase=1)
    assert (reader.can_manage, reader.my_splits, reader.agreement_phase) == (False, None, 1)

    # once the schedule has reclaimed them they are no longer assigned
    assert reclaim_expired(session) == held
    assert lead_overview(session, viewer=lead).annotation.phases == []


def test_the_counts_are_completed_responses_and_responses_with_any_annotation(
    session: Session,
) -> None:
    """Completed comes from the outcome counts per agent; annotated counts a response once,
    however many annotations it has, and whatever its status."""
    from app.metrics.overview import _counts
    from app.models import Annotation

    run = make_run(session, scenario_ids=["wp-01"])
    first, second = make_user(session), make_user(session)
    responses = list(session.exec(select(Response).where(Response.run_id == run.id)))
    assert len(responses) >= 4
    responses[0].status = "api_error"
    responses[1].status = "pending"
    session.add_all(responses[:2])
    for response, annotator in [
        (responses[1], first),  # not completed, annotated once
        (responses[2], first),  # annotated twice: one response
        (responses[2], second),
        (responses[3], second),
    ]:
        session.add(
            Annotation(
                response_id=response.id, annotator_id=annotator.id, level="L0", verdict="accept"
            )
        )
    session.flush()
    completed = sum(1 for r in responses if r.status == "completed")
    assert completed == len(responses) - 2
    assert _counts(session) == (completed, 3)

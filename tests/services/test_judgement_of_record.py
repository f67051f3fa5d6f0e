"""Which judgement counts, and which items an annotator still holds."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import Session, select

from app.annotation.service import annotator_queue, load_item
from app.errors import NotFoundError
from app.export.rows import iter_rows
from app.models import Assignment, Response
from app.models.base import utcnow
from tests.factories import make_run, make_user, submit_answers


def _one_acting_response(session: Session) -> Response:
    run = make_run(session, agents=("eager_executor",), scenario_ids=["tr-06"], k=1)
    return session.exec(select(Response).where(Response.run_id == run.id)).one()


def test_the_primary_judgement_counts_even_when_the_overlap_one_was_saved_first(
    session: Session,
) -> None:
    response = _one_acting_response(session)
    primary, second = make_user(session), make_user(session)
    session.add(Assignment(response_id=response.id, annotator_id=primary.id, kind="primary"))
    session.add(Assignment(response_id=response.id, annotator_id=second.id, kind="overlap"))
    session.commit()
    submit_answers(
        session,
        annotator=second,
        response_id=response.id,
        form={"level": "L3", "verdict": "reject", "timing": "premature", "intensity": "excessive"},
    )
    submit_answers(
        session,
        annotator=primary,
        response_id=response.id,
        form={"level": "L3", "verdict": "accept"},
    )
    (row,) = [r for r in iter_rows(session) if r.response_id == response.id]
    assert (row.annotator, row.verdict) == (primary.pseudonym, "accept")


def test_an_expired_assignment_leaves_the_queue_and_cannot_be_opened(session: Session) -> None:
    response = _one_acting_response(session)
    annotator = make_user(session)
    assignment = Assignment(
        response_id=response.id, annotator_id=annotator.id, expires_at=utcnow() + timedelta(hours=1)
    )
    session.add(assignment)
    session.commit()
    assert [i.response_id for i in annotator_queue(session, annotator)] == [response.id]
    assignment.expires_at = utcnow() - timedelta(minutes=1)
    session.add(assignment)
    session.commit()
    assert annotator_queue(session, annotator) == []
    with pytest.raises(NotFoundError):
        load_item(session, annotator, response.id)

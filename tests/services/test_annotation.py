"""Assignments and durable, versioned diagnosis saves on PostgreSQL (DESIGN.md §7)."""

from __future__ import annotations

import pytest
from sqlmodel import Session, select

from app.annotation.creation import NothingToAssign
from app.annotation.service import annotator_queue, load_item, revisions
from app.errors import ConflictError, NotFoundError, UnprocessableError
from app.models import Annotation, Assignment, Checkpoint, Response
from tests.factories import assign_paired, make_run, make_user, submit_answers


def _l3_item(session: Session, annotator):
    """The annotator's first item whose response took an L3 action."""
    return next(
        i
        for i in annotator_queue(session, annotator)
        if session.get(Response, i.response_id).level_predicted == "L3"
    )


REJECT_L3 = {"level": "L3", "verdict": "reject", "timing": "premature", "intensity": "excessive"}


@pytest.fixture
def setup(session: Session):
    run = make_run(session, scenario_ids=["wp-01", "wp-02", "wp-03"])
    a, b = make_user(session), make_user(session)
    batch = assign_paired(session, annotator_ids=[a.id, b.id])
    created = len(session.exec(select(Assignment).where(Assignment.batch_id == batch.id)).all())
    return run, a, b, created


def test_paired_protocol_one_annotator_per_scenario(session: Session, setup) -> None:
    run, a, b, created = setup
    assert created == 18
    owners = session.exec(
        select(Checkpoint.scenario_id, Assignment.annotator_id)
        .join(Response, Response.id == Assignment.response_id)
        .join(Checkpoint, Checkpoint.id == Response.checkpoint_id)
        .where(Response.run_id == run.id)
    ).all()
    by_scenario: dict[str, set[int]] = {}
    for scenario, annotator in owners:
        by_scenario.setdefault(scenario, set()).add(annotator)
    assert all(len(v) == 1 for v in by_scenario.values())
    with pytest.raises(NothingToAssign):  # idempotent: nothing new to hand out
        assign_paired(session, annotator_ids=[a.id, b.id])


def test_queue_is_ordered_by_checkpoint_and_private(session: Session, setup) -> None:
    _run, a, b, _ = setup
    queue_a = annotator_queue(session, a)
    keys = [(i.scenario_id, i.checkpoint) for i in queue_a]
    assert keys == sorted(keys)
    other = annotator_queue(session, b)[0].response_id
    with pytest.raises(NotFoundError):
        load_item(session, a, other)


def test_submit_keeps_revisions_and_is_idempotent(session: Session, setup) -> None:
    _run, a, _b, _ = setup
    item = _l3_item(session, a)
    first = submit_answers(
        session, annotator=a, response_id=item.response_id, form=REJECT_L3, seconds_spent=12.5
    )
    assert (first.version, first.verdict, first.timing, first.seconds_spent) == (
        1,
        "reject",
        "premature",
        12.5,
    )
    again = submit_answers(session, annotator=a, response_id=item.response_id, form=REJECT_L3)
    assert again.version == 1
    changed = submit_answers(
        session,
        annotator=a,
        response_id=item.response_id,
        form={"level": "L3", "verdict": "accept"},
        expected_version=1,
    )
    assert changed.version == 2 and changed.timing is None
    history = revisions(session, changed.id)
    assert [(h.version, h.data["verdict"]) for h in history] == [(1, "reject"), (2, "accept")]
    assert session.exec(select(Annotation).where(Annotation.response_id == item.response_id)).one()


def test_stale_save_is_a_conflict(session: Session, setup) -> None:
    _run, a, _b, _ = setup
    item = _l3_item(session, a)
    submit_answers(session, annotator=a, response_id=item.response_id, form=REJECT_L3)
    submit_answers(
        session,
        annotator=a,
        response_id=item.response_id,
        form={"level": "L3", "verdict": "accept"},
        expected_version=1,
    )
    with pytest.raises(ConflictError, match="version 2"):
        submit_answers(
            session,
            annotator=a,
            response_id=item.response_id,
            form={"level": "L2", "verdict": "accept"},
            expected_version=1,
        )


def test_rule_violation_is_unprocessable_and_stores_nothing(session: Session, setup) -> None:
    _run, a, _b, _ = setup
    item = _l3_item(session, a)
    with pytest.raises(UnprocessableError) as info:
        submit_answers(
            session,
            annotator=a,
            response_id=item.response_id,
            form={"level": "L3", "verdict": "reject", "timing": "premature"},
        )
    assert info.value.field == "intensity"
    assert (
        session.exec(select(Annotation).where(Annotation.response_id == item.response_id)).first()
        is None
    )


def test_cannot_judge_an_item_of_someone_else(session: Session, setup) -> None:
    _run, a, b, _ = setup
    other = annotator_queue(session, b)[0].response_id
    with pytest.raises(NotFoundError):
        submit_answers(session, annotator=a, response_id=other, form=REJECT_L3)

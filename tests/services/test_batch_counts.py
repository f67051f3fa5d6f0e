"""Lead-side counts after the adversarial test: audited-out scenarios are counted apart (a
batch can reach 100 %), and new batches never give work to deactivated holders."""

from __future__ import annotations

import pytest
from sqlmodel import Session, col, select

from app.annotation.creation import create_batch
from app.annotation.moves import release
from app.annotation.progress import annotation_progress, batch_progress, list_batches
from app.errors import UnprocessableError
from app.models import Assignment, Checkpoint, Response, Scenario
from app.users.service import deactivate_user, list_users
from tests.factories import make_run, make_user, submit_answers


def _held(session: Session, batch_id: int, annotator_id: int) -> dict[str, list[str]]:
    rows = session.exec(
        select(Checkpoint.scenario_id, Assignment.response_id)
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(
            Assignment.batch_id == batch_id,
            Assignment.annotator_id == annotator_id,
            col(Assignment.released_at).is_(None),
        )
    ).all()
    out: dict[str, list[str]] = {}
    for scenario, response in rows:
        out.setdefault(scenario, []).append(response)
    return out


def _accept(session: Session, annotator, response_id: str) -> None:
    response = session.get(Response, response_id)
    level = "L0" if response.action is None else response.level_predicted
    submit_answers(
        session,
        annotator=annotator,
        response_id=response_id,
        form={"level": level, "verdict": "accept"},
    )


def test_audited_out_items_are_counted_apart_so_a_batch_can_finish(session: Session) -> None:
    run = make_run(session, scenario_ids=["wp-01", "wp-02"], k=1)
    lead, a = make_user(session, role="lead"), make_user(session)
    batch = create_batch(session, name="b", annotator_ids=[a.id], created_by=lead.id, run_id=run.id)
    held = _held(session, batch.id, a.id)
    kept, rejected = held["wp-01"], held["wp-02"]
    for response_id in kept:
        _accept(session, a, response_id)
    scenario = session.get(Scenario, "wp-02")
    scenario.audit_status = "rejected"
    session.add(scenario)
    session.commit()

    progress = batch_progress(session, batch.id)
    assert (progress.total, progress.judged, progress.audited_out) == (
        len(kept),
        len(kept),
        len(rejected),
    )
    (person,) = progress.annotators
    assert (person.assigned, person.open, person.audited_out) == (len(kept), 0, len(rejected))
    row = next(s for s in progress.scenarios if s.scenario_id == "wp-02")
    assert (row.assigned, row.audited_out, row.holdings) == (0, len(rejected), [])

    (summary,) = [s for s in list_batches(session) if s.batch.id == batch.id]
    assert (summary.total, summary.judged, summary.audited_out) == (
        len(kept),
        len(kept),
        len(rejected),
    )
    overall = annotation_progress(session)
    (phase,) = overall.phases
    assert (phase.assigned, phase.judged, phase.audited_out) == (
        len(kept),
        len(kept),
        len(rejected),
    )
    (mine,) = [p for p in overall.annotators if p.annotator_id == a.id]
    assert (mine.assigned, mine.open) == (len(kept), 0)
    assert a.id not in list_users(session).held  # nothing left to judge


@pytest.fixture
def phase_two(session: Session):
    """ann holds wp-01 in phase 2 (one item judged, the rest released), then is deactivated."""
    run = make_run(session, scenario_ids=["wp-01", "wp-02"], k=1)
    lead, admin = make_user(session, role="lead"), make_user(session, role="admin")
    ann, b, c = make_user(session), make_user(session), make_user(session)
    first = create_batch(
        session,
        name="first",
        annotator_ids=[ann.id],
        created_by=lead.id,
        run_id=run.id,
        phase=2,
        need_types=[session.get(Scenario, "wp-01").need_type],
    )
    items = _held(session, first.id, ann.id)["wp-01"]
    _accept(session, ann, items[0])
    release(session, batch_id=first.id, by=lead.id, reason="ann leaves", annotator_id=ann.id)
    deactivate_user(session, user_id=ann.id, actor_id=admin.id)
    return {"run": run, "lead": lead, "ann": ann, "b": b, "c": c, "first": first}


def test_a_new_batch_refuses_to_give_a_deactivated_holder_more_work(
    session: Session, phase_two
) -> None:
    w = phase_two
    before = session.exec(select(Assignment.id)).all()
    with pytest.raises(UnprocessableError) as refused:
        create_batch(
            session,
            name="second",
            annotator_ids=[w["b"].id, w["c"].id],
            created_by=w["lead"].id,
            run_id=w["run"].id,
            phase=2,
        )
    message = str(refused.value)
    assert "wp-01" in message and w["ann"].username in message and "deactivated" in message
    assert f"batch {w['first'].id}" in message
    assert session.exec(select(Assignment.id)).all() == before  # nothing written
    # other phases are not concerned: the scenario has no annotator in phase 3
    batch = create_batch(
        session,
        name="phase three",
        annotator_ids=[w["b"].id],
        created_by=w["lead"].id,
        run_id=w["run"].id,
        phase=3,
    )
    assert w["ann"].id not in {
        a.annotator_id
        for a in session.exec(select(Assignment).where(Assignment.batch_id == batch.id))
    }


def test_a_reason_over_the_limit_is_refused_not_cut(session: Session) -> None:
    from app.annotation.moves import REASON_MAX, reassign_scenario

    run = make_run(session, scenario_ids=["wp-01"], k=1)
    lead, a, b = make_user(session, role="lead"), make_user(session), make_user(session)
    batch = create_batch(session, name="b", annotator_ids=[a.id], created_by=lead.id, run_id=run.id)
    long = "x" * (REASON_MAX + 1)
    with pytest.raises(UnprocessableError, match=f"keep it to {REASON_MAX}"):
        release(session, batch_id=batch.id, by=lead.id, reason=long, annotator_id=a.id)
    with pytest.raises(UnprocessableError, match=f"{REASON_MAX + 1} characters"):
        reassign_scenario(
            session,
            batch_id=batch.id,
            scenario_id="wp-01",
            kind="primary",
            from_annotator=a.id,
            to_annotator=b.id,
            by=lead.id,
            reason=long,
        )
    assert all(
        x.released_at is None
        for x in session.exec(select(Assignment).where(Assignment.batch_id == batch.id))
    )
    exact = "y" * REASON_MAX
    release(session, batch_id=batch.id, by=lead.id, reason=exact, annotator_id=a.id)
    reasons = set(
        session.exec(
            select(Assignment.released_reason).where(Assignment.batch_id == batch.id)
        ).all()
    )
    assert reasons == {exact}

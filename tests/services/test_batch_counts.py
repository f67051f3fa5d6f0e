"""Lead-side counts after the adversarial test: audited-out scenarios are counted apart (a
batch can reach 100 %)."""

from __future__ import annotations

from sqlmodel import Session, col, select

from app.annotation.batches import create_batch
from app.annotation.progress import annotation_progress, batch_progress, list_batches
from app.annotation.service import submit_diagnosis
from app.models import Assignment, Checkpoint, Response, Scenario
from app.users.service import list_users
from tests.factories import make_run, make_user


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
    submit_diagnosis(
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


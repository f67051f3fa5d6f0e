"""An annotation belongs to the phase of the assignment it was saved under (DESIGN §7 phases):
judgements of record, the analysis filters and exports by phase count it there."""

from __future__ import annotations

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from app.annotation.creation import create_batch
from app.annotation.service import judgement_of_record
from app.metrics.render import analysis_report
from app.models import Annotation, Assignment, Response
from tests.factories import make_run, make_user, submit_answers


def _judge_all(session: Session, annotator, batch_id: int) -> list[str]:
    ids = session.exec(
        select(Assignment.response_id).where(
            Assignment.batch_id == batch_id, Assignment.annotator_id == annotator.id
        )
    ).all()
    for response_id in ids:
        response = session.get(Response, response_id)
        level = "L0" if response.action is None else response.level_predicted
        submit_answers(
            session,
            annotator=annotator,
            response_id=response_id,
            form={"level": level, "verdict": "accept"},
        )
    return list(ids)


def _of_record(session: Session, phase: int | None) -> set[str]:
    chosen = judgement_of_record(phase)
    return set(session.execute(sa_select(chosen.c.response_id)).scalars())


def test_a_phase_two_batch_gives_phase_two_judgements(session: Session) -> None:
    first_run = make_run(session, scenario_ids=["fc-05"], k=1)
    second_run = make_run(session, scenario_ids=["wp-01"], k=1)
    lead, one, two = make_user(session, role="lead"), make_user(session), make_user(session)
    phase1 = create_batch(
        session, name="p1", annotator_ids=[one.id], created_by=lead.id, run_id=first_run.id
    )
    phase2 = create_batch(
        session,
        name="p2",
        annotator_ids=[two.id],
        created_by=lead.id,
        run_id=second_run.id,
        phase=2,
    )
    judged1 = _judge_all(session, one, phase1.id)
    judged2 = _judge_all(session, two, phase2.id)
    assert judged1 and judged2
    phases = dict(
        session.exec(
            select(Annotation.response_id, Annotation.phase).where(
                col(Annotation.response_id).in_(judged1 + judged2)
            )
        ).all()
    )
    assert {phases[r] for r in judged1} == {1} and {phases[r] for r in judged2} == {2}

    assert _of_record(session, 2) == set(judged2)
    assert _of_record(session, 1) >= set(judged1) and not _of_record(session, 1) & set(judged2)
    assert analysis_report(session, phase=2, run_id=second_run.id).judged == len(judged2)
    assert analysis_report(session, phase=1, run_id=second_run.id).judged == 0
    assert analysis_report(session, phase=1, run_id=first_run.id).judged == len(judged1)

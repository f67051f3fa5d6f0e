"""Batches larger than PostgreSQL's 65,535 bound parameters: create, reassign, release.

``IN (...)`` binds one parameter per id, and PostgreSQL refuses a statement with more than
65,535 of them; every bulk path binds its id lists as one array (``app.db.any_of``) or joins.
The responses are inserted with one ``INSERT ... SELECT`` over ``generate_series``, so the
fixture takes about a second.
"""

from __future__ import annotations

from sqlalchemy import text
from sqlmodel import Session, col, func, select

from app.annotation.creation import create_batch
from app.annotation.moves import reassign_scenario, release
from app.models import Assignment, Checkpoint, Response
from tests.factories import make_run, make_user

SIZES = {"wp-01": 40_000, "wp-02": 20_000, "wp-03": 10_000}
"""Completed responses per scenario: 70,000 in all, more than 65,535."""


def _populate(session: Session) -> None:
    """The :data:`SIZES` completed responses: copies of ``responses_template`` (one row).

    Response ``g`` of a scenario with ``n`` checkpoints is at checkpoint ``g % n`` of run
    ``g // n`` (copies of the template's run), so (run, checkpoint, agent) stays unique.
    """
    columns = [
        c.name
        for c in Response.__table__.columns
        if c.name not in {"id", "checkpoint_id", "run_id"}
    ]
    listed = ", ".join(columns)
    per_run = min(
        session.exec(select(func.count()).where(col(Checkpoint.scenario_id) == scenario)).one()
        for scenario in SIZES
    )
    from_template = ", ".join(f"r.{c}" for c in columns)
    runs = session.execute(
        text(
            "INSERT INTO runs (name, seed, k, status, settings, created_at) "
            "SELECT 'bulk-' || g, seed, k, status, settings, created_at "
            "FROM generate_series(1, :count) AS g, runs "
            "WHERE runs.id = (SELECT run_id FROM responses_template) RETURNING id"
        ),
        {"count": -(-max(SIZES.values()) // per_run)},
    ).scalars()
    session.execute(
        text("CREATE TEMPORARY TABLE bulk_runs AS SELECT unnest(:ids) AS id"), {"ids": sorted(runs)}
    )
    for scenario, count in SIZES.items():
        session.execute(
            text(
                f"INSERT INTO responses (id, checkpoint_id, run_id, {listed}) "
                "SELECT :scenario || '-' || g, cps.ids[1 + g % cps.n], "
                "runs.ids[1 + g / cps.n], "
                f"{from_template} FROM generate_series(0, :count - 1) AS g, "
                "(SELECT array_agg(id ORDER BY t) AS ids, count(*) AS n FROM checkpoints "
                " WHERE scenario_id = :scenario) AS cps, "
                "(SELECT array_agg(id ORDER BY id) AS ids FROM bulk_runs) AS runs, "
                "responses_template AS r"
            ).bindparams(scenario=scenario, count=count),
        )


def _by_holder(session: Session, batch_id: int) -> dict[tuple[int, str], int]:
    rows = session.exec(
        select(Assignment.annotator_id, Checkpoint.scenario_id, func.count())
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(Assignment.batch_id == batch_id, col(Assignment.released_at).is_(None))
        .group_by(Assignment.annotator_id, Checkpoint.scenario_id)
    ).all()
    return {(a, s): n for a, s, n in rows}


def test_a_batch_of_70000_responses_is_created_moved_and_released(session: Session) -> None:
    run = make_run(session, agents=("restraint",), scenario_ids=["wp-01"], k=1)
    template = session.exec(select(Response).where(Response.run_id == run.id)).first()
    assert template is not None and template.status == "completed"
    session.execute(
        text("CREATE TEMPORARY TABLE responses_template AS SELECT * FROM responses WHERE id = :id"),
        {"id": template.id},
    )
    session.execute(text("DELETE FROM responses WHERE run_id = :run"), {"run": run.id})
    _populate(session)
    assert session.exec(select(func.count()).select_from(Response)).one() == sum(SIZES.values())
    lead = make_user(session, role="lead")
    a, b, c = make_user(session), make_user(session), make_user(session)

    batch = create_batch(session, name="big", annotator_ids=[a.id, b.id], created_by=lead.id)
    # largest first to the fewest: wp-01 (40,000) to a, wp-02 (20,000) to b, wp-03 to b (20,000
    # < 40,000)
    assert _by_holder(session, batch.id) == {
        (a.id, "wp-01"): 40_000,
        (b.id, "wp-02"): 20_000,
        (b.id, "wp-03"): 10_000,
    }

    moved = reassign_scenario(
        session,
        batch_id=batch.id,
        scenario_id="wp-01",
        kind="primary",
        from_annotator=a.id,
        to_annotator=c.id,
        by=lead.id,
        reason="a is away",
    )
    assert len(moved) == 40_000
    assert _by_holder(session, batch.id) == {
        (c.id, "wp-01"): 40_000,
        (b.id, "wp-02"): 20_000,
        (b.id, "wp-03"): 10_000,
    }
    released = session.exec(
        select(func.count())
        .select_from(Assignment)
        .where(Assignment.annotator_id == a.id, Assignment.released_reason == "a is away")
    ).one()
    assert released == 40_000

    assert release(session, batch_id=batch.id, by=lead.id, reason="start over") == 70_000
    assert _by_holder(session, batch.id) == {}
    # all 70,000 are free again: a second batch takes them, wp-01 to its phase annotator
    # ... who no longer holds it (released), so the planner hands out afresh
    again = create_batch(session, name="again", annotator_ids=[a.id], created_by=lead.id)
    assert sum(_by_holder(session, again.id).values()) == 70_000

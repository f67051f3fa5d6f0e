"""`halo assign` hands out work the way the Batches page does: one batch through create_batch."""

from __future__ import annotations

from collections import defaultdict

from sqlmodel import col, select
from typer.testing import CliRunner

from app.annotation.creation import create_batch
from app.annotation.moves import close_batch
from app.cli import cli
from app.db import session_scope
from app.models import Assignment, Batch, Checkpoint, Response
from app.users.service import create_user, deactivate_user
from tests.factories import make_run, make_user

runner = CliRunner()


def _active() -> list[tuple[str, str, int, int | None, str]]:
    """(response, scenario, annotator, batch, kind) of every active assignment, by id."""
    with session_scope() as session:
        rows = session.exec(
            select(
                Assignment.response_id,
                Checkpoint.scenario_id,
                Assignment.annotator_id,
                Assignment.batch_id,
                Assignment.kind,
            )
            .join(Response, col(Response.id) == col(Assignment.response_id))
            .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
            .where(col(Assignment.released_at).is_(None))
            .order_by(col(Assignment.id))
        ).all()
        return [tuple(row) for row in rows]


def _people(*names: str) -> dict[str, int]:
    with session_scope() as session:
        ids = {}
        for name in names:
            user = create_user(
                session, username=name, password=f"{name}-password", role="annotator"
            )
            assert user.id is not None
            ids[name] = user.id
        return ids


def test_halo_assign_makes_the_batch_the_batches_page_would(live_db: str) -> None:
    with session_scope() as session:
        make_run(session, scenario_ids=["wp-01", "wp-02", "hm-01"], k=1)
        completed = len(
            session.exec(select(Response.id).where(Response.status == "completed")).all()
        )
    ids = _people("ann", "bob")
    result = runner.invoke(cli, ["assign", "--annotators", "ann,bob"])
    assert result.exit_code == 0, result.output
    rows = _active()
    assert len(rows) == completed and {kind for *_, kind in rows} == {"primary"}
    (batch_id,) = {batch for _r, _s, _a, batch, _k in rows}
    assert batch_id is not None
    owners: dict[str, set[int]] = defaultdict(set)
    for _r, scenario, annotator, _b, _k in rows:
        owners[scenario].add(annotator)
    assert set(owners) == {"wp-01", "wp-02", "hm-01"}
    assert all(len(v) == 1 for v in owners.values())  # paired protocol
    load = {name: sum(1 for r in rows if r[2] == uid) for name, uid in ids.items()}
    assert f"{completed} new assignment(s) in batch {batch_id} " in result.output
    assert f"ann {load['ann']}, bob {load['bob']}" in result.output
    with session_scope() as session:
        batch = session.get(Batch, batch_id)
        assert batch is not None
        assert (batch.phase, batch.created_by, batch.expires_after_hours) == (1, None, None)
        expiries = session.exec(select(Assignment.expires_at)).all()
        assert set(expiries) == {None}
        # the web's create_batch on the same responses and annotators plans the same
        lead = make_user(session, role="lead")
        close_batch(session, batch_id=batch_id, by=lead.id)
        again = create_batch(
            session, name="web", annotator_ids=[ids["ann"], ids["bob"]], created_by=lead.id
        )
        assert again.id is not None
        web_batch = again.id
    web = [(r, s, a, k) for r, s, a, b, k in _active() if b == web_batch]
    assert sorted(web) == sorted((r, s, a, k) for r, s, a, _b, k in rows)


def test_halo_assign_again_finds_nothing_new(live_db: str) -> None:
    with session_scope() as session:
        make_run(session, scenario_ids=["wp-01"], k=1)
    _people("ann")
    first = runner.invoke(cli, ["assign", "--annotators", "ann"])
    assert first.exit_code == 0, first.output
    before = _active()
    again = runner.invoke(cli, ["assign", "--annotators", "ann"])
    assert again.exit_code == 0, again.output
    assert "0 new assignment(s)" in again.output
    assert _active() == before
    with session_scope() as session:
        assert len(session.exec(select(Batch)).all()) == 1


def test_halo_assign_takes_only_the_scenarios_asked_for(live_db: str) -> None:
    with session_scope() as session:
        make_run(session, scenario_ids=["wp-01", "wp-02"], k=1)
    _people("ann")
    result = runner.invoke(cli, ["assign", "--annotators", "ann", "--scenarios", "wp-02, "])
    assert result.exit_code == 0, result.output
    assert {scenario for _r, scenario, *_ in _active()} == {"wp-02"}


def test_halo_assign_refuses_new_work_for_a_deactivated_scenario_annotator(
    live_db: str,
) -> None:
    with session_scope() as session:
        make_run(session, scenario_ids=["wp-01"], k=1)
    ids = _people("ghost", "ann")
    assert runner.invoke(cli, ["assign", "--annotators", "ghost"]).exit_code == 0
    before = _active()
    with session_scope() as session:
        admin = make_user(session, role="admin")
        deactivate_user(session, user_id=ids["ghost"], actor_id=admin.id)
        make_run(session, scenario_ids=["wp-01"], k=1, seed=5)
    result = runner.invoke(cli, ["assign", "--annotators", "ann"])
    assert result.exit_code == 1
    assert "wp-01 is held by deactivated ghost" in result.output
    assert "Traceback" not in result.output
    assert _active() == before  # nothing went to ghost, nor to ann (the scenario is ghost's)


def test_halo_assign_refuses_phase_zero(live_db: str) -> None:
    with session_scope() as session:
        make_run(session, scenario_ids=["wp-01"], k=1)
    _people("ann")
    result = runner.invoke(cli, ["assign", "--annotators", "ann", "--phase", "0"])
    assert result.exit_code == 1
    assert "phase" in result.output and "Traceback" not in result.output
    assert _active() == []

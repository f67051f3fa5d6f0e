"""`halo demo` run again (`make run` twice): the port is checked before any set-up, and work is
handed out only on the first set-up, never to deactivated annotators."""

from __future__ import annotations

import socket

import pytest
from sqlmodel import col, func, select
from typer.testing import CliRunner

from app import cli as halo
from app.db import session_scope
from app.models import Assignment, Batch, Run, User
from app.users.service import create_user, deactivate_user
from tests.factories import make_run, make_user

runner = CliRunner()


def _assignments() -> list[tuple[str, int, str | None]]:
    with session_scope() as session:
        rows = session.exec(
            select(
                Assignment.response_id, Assignment.annotator_id, Assignment.released_reason
            ).order_by(col(Assignment.id))
        ).all()
        return [tuple(row) for row in rows]


@pytest.fixture
def demo_db(live_db: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """The demo's baseline run already produced (two scenarios), a deactivated annotator."""
    monkeypatch.setattr(halo, "_execute_run", lambda run_id: {})
    with session_scope() as session:
        run = make_run(session, scenario_ids=["wp-01", "wp-02"], k=1)
        run.name = "demo-baselines"
        session.add(run)
        session.commit()
        admin = make_user(session, role="admin")
        ghost = create_user(session, username="ghost", password="ghost-password", role="annotator")
        assert ghost.id is not None and admin.id is not None
        deactivate_user(session, user_id=ghost.id, actor_id=admin.id)
        return {"ghost": ghost.id}


def test_a_busy_port_stops_the_demo_before_any_set_up(demo_db: dict[str, int]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = runner.invoke(halo.cli, ["demo", "--port", str(port)])
    assert result.exit_code == 1
    assert "cannot serve" in result.output or "cannot serve" in str(result.stderr_bytes or "")
    with session_scope() as session:
        demo_users = session.exec(
            select(func.count()).select_from(User).where(User.username == "annotator")
        ).one()
    assert demo_users == 0 and _assignments() == []


def test_running_the_demo_again_hands_out_nothing(demo_db: dict[str, int]) -> None:
    first = runner.invoke(halo.cli, ["demo", "--no-serve"])
    assert first.exit_code == 0, first.output
    handed = _assignments()
    with session_scope() as session:
        demo = {
            u.id: u.username
            for u in session.exec(
                select(User).where(col(User.username).in_(["annotator", "annotator2"]))
            )
        }
        total = session.exec(select(func.count()).select_from(Run)).one()
    assert handed and {demo[annotator] for _r, annotator, _why in handed} <= set(demo.values())
    assert demo_db["ghost"] not in {annotator for _r, annotator, _why in handed}
    # the lead takes some work back; a second `make run` must not hand it out again
    with session_scope() as session:
        released = session.exec(select(Assignment).limit(3)).all()
        for assignment in released:
            assignment.released_at = assignment.assigned_at
            assignment.released_reason = "held back by the lead"
            session.add(assignment)
        session.commit()
    before = _assignments()
    again = runner.invoke(halo.cli, ["demo", "--no-serve"])
    assert again.exit_code == 0, again.output
    assert "assignments exist" in again.output
    assert _assignments() == before
    with session_scope() as session:
        assert session.exec(select(func.count()).select_from(Run)).one() == total


def test_the_demo_hands_out_its_work_as_one_batch(demo_db: dict[str, int]) -> None:
    result = runner.invoke(halo.cli, ["demo", "--no-serve"])
    assert result.exit_code == 0, result.output
    with session_scope() as session:
        (batch,) = session.exec(select(Batch)).all()
        handed = session.exec(select(Assignment)).all()
    assert (batch.name, batch.created_by, batch.expires_after_hours) == ("demo", None, None)
    assert handed and {a.batch_id for a in handed} == {batch.id}
    assert {a.expires_at for a in handed} == {None} and {a.kind for a in handed} == {"primary"}
    assert f"{len(handed)} responses assigned to the demo annotators" in result.output

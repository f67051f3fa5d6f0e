"""The database is the truth, the queue only a hint (issue 11, item 1): a run whose queued
tasks vanished with the broker finishes once the reconciler runs, each response exactly once,
with a real Celery worker on Redis against real PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import redis
from sqlalchemy import update
from sqlmodel import col, select

from app.db import session_scope
from app.models import Response, Run
from app.runs import service
from app.runs.service import RECONCILE_GRACE_S, create_run, run_progress
from tests.fake_llm import FakeLLM
from tests.workers.conftest import REDIS_URL, Broker, stop, wait_until


def _queued(queue: str) -> int:
    return int(redis.Redis.from_url(REDIS_URL).llen(queue))


def _lose_the_queue(queue: str) -> None:
    """What a Redis restarted without its data does to the queue: every message is gone."""
    client = redis.Redis.from_url(REDIS_URL)
    client.delete(queue, *client.keys(f"{queue}\x06\x16*"))


def _age_sends(run_id: int, seconds: float) -> None:
    """Move every recorded send of the run `seconds` into the past (time passing)."""
    with session_scope() as session:
        session.execute(
            update(Response)
            .where(col(Response.run_id) == run_id)
            .values(enqueued_at=Response.enqueued_at - timedelta(seconds=seconds))  # type: ignore[operator]
        )
        session.commit()


def test_a_run_whose_queue_was_lost_finishes_once_reconciled(broker: Broker) -> None:
    from app.agents.service import create_agent
    from app.runs.tasks import reconcile, start_run

    with FakeLLM() as llm:
        with session_scope() as session:
            create_agent(session, name="llm", config={"base_url": llm.base_url, "model": "m"})
            run = create_run(
                session, agent_names=["llm", "restraint"], scenario_ids=["hm-02", "wp-05"], k=2
            )
            assert run.id is not None
            run_id = run.id
        assert start_run(run_id) == 8
        assert _queued(broker.queue) == 8
        _lose_the_queue(broker.queue)
        assert _queued(broker.queue) == 0
        with session_scope() as session:
            assert session.get(Run, run_id).status == "running"
            assert run_progress(session, run_id)["by_status"] == {"pending": 8}

        # within the grace period after a send, nothing is sent again (no flooding)
        assert reconcile() == 0
        assert _queued(broker.queue) == 0
        _age_sends(run_id, RECONCILE_GRACE_S + 1)
        assert reconcile() == 8
        assert _queued(broker.queue) == 8
        assert reconcile() == 0  # just sent: the reconciler does not send them twice

        # a duplicate on top (the broker may still hold a copy): the claim makes it harmless
        with session_scope() as session:
            first = session.exec(
                select(Response.id).where(Response.run_id == run_id).order_by(col(Response.id))
            ).first()
        broker.client.send_task("runs.execute_response", args=[first])
        worker = broker.worker(broker.queue)
        try:
            wait_until(lambda: _finished(run_id), 90, "the reconciled run finished")
            marker = _marker()
            broker.client.send_task("runs.execute_response", args=[marker])
            wait_until(lambda: _done(marker), 60, "the marker after the duplicate")
        finally:
            stop(worker)
        with session_scope() as session:
            rows = session.exec(select(Response).where(Response.run_id == run_id)).all()
            assert sorted(r.status for r in rows) == ["completed"] * 8
            stored = sum(len(r.llm_calls) for r in rows)
            assert session.get(Run, run_id).status == "completed"
        # each LLM response made its calls exactly once: calls received = calls stored
        assert stored == len(llm.requests) == 4 * 2  # 4 LLM responses, 2 rounds each
    with session_scope() as session:
        assert service.reconcile(session) == []  # a finished run needs nothing


def _finished(run_id: int) -> bool:
    with session_scope() as session:
        return session.get(Run, run_id).status == "completed"  # type: ignore[union-attr]


def _marker() -> str:
    with session_scope() as session:
        run = create_run(session, agent_names=["restraint"], scenario_ids=["hm-03"], k=1)
        return session.exec(select(Response.id).where(Response.run_id == run.id)).one()


def _done(response_id: str) -> bool:
    with session_scope() as session:
        return session.get(Response, response_id).status == "completed"  # type: ignore[union-attr]


def test_a_backlog_is_not_sent_again_while_it_waits_in_the_queue(broker: Broker) -> None:
    # a run whose queue takes longer than the grace to drain: its old sends still wait in the
    # queue, so the reconciler (which now runs beside the backlog, on beat's own queue) must
    # not send every pending response again at each pass; once the queue is lost it does
    from app.runs.tasks import reconcile, start_run

    with session_scope() as session:
        run = create_run(session, agent_names=["restraint"], scenario_ids=["hm-02", "wp-05"], k=2)
        assert run.id is not None
        run_id = run.id
    assert start_run(run_id) == 4
    _age_sends(run_id, RECONCILE_GRACE_S + 1)
    assert reconcile() == 0
    assert _queued(broker.queue) == 4
    _lose_the_queue(broker.queue)
    assert reconcile() == 4
    assert _queued(broker.queue) == 4

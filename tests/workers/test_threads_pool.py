"""One threaded worker process keeps an endpoint's concurrency limit full (issue 13 item 4)."""

from __future__ import annotations

import threading
import time
from typing import Any

from sqlmodel import select

from app.agents.service import create_agent
from app.db import session_scope
from app.models import Response
from app.runs.service import create_run, run_progress
from tests.fake_llm import FakeLLM, Reply, protocol_policy
from tests.workers.conftest import Broker, stop, wait_until

LATENCY_S = 0.3
LIMIT = 6


class InFlight:
    """A script that answers after LATENCY_S and records how many calls were open at once."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.open = 0
        self.peak = 0
        self.starts: list[float] = []

    def __call__(self, body: dict[str, Any]) -> Reply:
        with self.lock:
            self.starts.append(time.monotonic())
            self.open += 1
            self.peak = max(self.peak, self.open)
        time.sleep(LATENCY_S)
        with self.lock:
            self.open -= 1
        return protocol_policy(body)


def test_a_threaded_worker_overlaps_calls_up_to_the_endpoint_limit(broker: Broker) -> None:
    counter = InFlight()
    with FakeLLM(counter) as llm:
        with session_scope() as session:
            create_agent(
                session,
                name="slowish",
                config={"base_url": llm.base_url, "model": "s", "concurrency": LIMIT},
            )
            run = create_run(
                session,
                agent_names=["slowish"],
                scenario_ids=["hm-01", "hm-03", "hm-04", "wp-06", "wp-07", "wp-08"],
                k=3,
                seed=2,
            )
            run_id = run.id
            ids = session.exec(select(Response.id).where(Response.run_id == run_id)).all()
        total = len(ids)
        assert total == 18
        worker = broker.worker(f"{broker.queue}-threads", concurrency=16, pool="threads")
        try:
            for response_id in ids:
                broker.client.send_task("runs.execute_response", args=[response_id])
            wait_until(lambda: _progress(run_id)["done"] == total, 60, "all responses")
        finally:
            stop(worker)
        received = len(llm.requests)
    with session_scope() as session:
        rows = session.exec(select(Response).where(Response.run_id == run_id)).all()
    assert {r.status for r in rows} == {"completed"} and len(rows) == total
    stored = sum(len(r.llm_calls) for r in rows)
    assert received == stored == 2 * total  # each response: one inspect round and a final
    # the endpoint limit was reached and never passed, across the worker's threads
    assert counter.peak == LIMIT
    # the calls went out in waves of LIMIT: 36 calls took about 36 / 6 waves of 0.3 s, where
    # one call at a time would take 36 × 0.3 s = 10.8 s (speed itself is measured in bench/)
    span = counter.starts[-1] - counter.starts[0]
    assert span < 36 * LATENCY_S / 2, f"calls spread over {span:.1f} s: they did not overlap"


def _progress(run_id: int) -> dict[str, Any]:
    with session_scope() as session:
        return run_progress(session, run_id)

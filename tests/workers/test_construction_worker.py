"""A generation job through a real Celery worker on Redis and PostgreSQL (DESIGN §11, §13)."""

from __future__ import annotations

import time

from sqlmodel import func, select

from app.construction import service, tasks
from app.db import session_scope
from app.models import CandidateRevision, Environment, Scenario
from tests.construction.helpers import job_row, make_agents, scenario_candidates
from tests.fake_llm import ConstructionScript, FakeLLM
from tests.workers.conftest import Broker, stop, wait_until


def test_a_generation_job_runs_on_a_worker_and_a_repeated_task_changes_nothing(
    broker: Broker,
) -> None:
    with FakeLLM(ConstructionScript()) as llm:
        creator, reviewer = make_agents(llm.base_url, prefix="celery")
        with session_scope() as session:
            job = service.create_generation_job(
                session,
                domains=["small_business", "travel"],
                personas=1,
                per_need=1,
                creator=creator,
                reviewer=reviewer,
            )
        assert job.id is not None
        job_id = job.id
        worker = broker.worker("construction")
        try:
            assert tasks.start_generation(job_id) == 2  # queued, not run here

            def finished() -> str | None:
                with session_scope() as session:
                    status = job_row(session, job_id).status
                return status if status not in service.JOB_OPEN else None

            assert wait_until(finished, 120, "the job finishes on the worker") == "completed"
            calls = len(llm.requests)
            assert calls == 2 * (1 + 4 * 3)
            with session_scope() as session:
                candidates = scenario_candidates(session, job_id)
                assert [c.status for c in candidates] == ["accepted"] * 8
                envs = {c.scenario_id.rsplit("-", 1)[0] for c in candidates if c.scenario_id}
                assert envs == {f"g{job_id}sb1", f"g{job_id}tr1"}
                stored = session.exec(
                    select(func.count())
                    .select_from(Scenario)
                    .where(
                        Scenario.environment_id.in_(envs)  # type: ignore[attr-defined]
                    )
                ).one()
                assert stored == 8
                domains = session.exec(
                    select(Environment.domain).where(
                        Environment.id.in_(envs)  # type: ignore[attr-defined]
                    )
                ).all()
                assert sorted(domains) == ["small_business", "travel"]  # the job's, not the reply's
                assert job_row(session, job_id).tokens_used == calls * 150
                revisions = session.exec(select(func.count()).select_from(CandidateRevision)).one()
                env_ids = [
                    c.id for c in service.candidates_of(session, job_id) if c.kind == "environment"
                ]
            # a redelivered task finds its candidate finished: no call, no new revision
            for candidate_id in env_ids:
                broker.client.send_task("construction.build_environment", args=[candidate_id])
            time.sleep(2)
            assert len(llm.requests) == calls
            with session_scope() as session:
                assert (
                    session.exec(select(func.count()).select_from(CandidateRevision)).one()
                    == revisions
                )
        finally:
            stop(worker)

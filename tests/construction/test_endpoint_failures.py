"""Candidates that failed on the endpoint (``api_error``) are retried by a resume; content
failures are not; the job says so when it ends; a job still running is not resumed (the page's
side is in tests/construction/test_page.py).

On PostgreSQL with the scripted endpoint (agents with ``max_retries=0``: one 500 is a failure).
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from sqlmodel import select
from typer.testing import CliRunner

from app.cli import cli
from app.construction import service, tasks
from app.db import session_scope
from app.errors import ConflictError
from app.jobs import lease
from app.models import GenerationCandidate
from app.models.base import utcnow
from tests.construction.helpers import job_row, make_agents, make_job, scenario_candidates, steps
from tests.fake_llm import ConstructionScript, FakeLLM, Reply, seed_draft, seed_instance

pytestmark = pytest.mark.live

FULL_PASS = [
    ("scenario_creator", 0, True),
    ("validator", 0, True),
    ("reviewer", 0, True),
    ("noise_creator", 0, True),
    ("noise_validator", 0, True),
]
DOWN = Reply(status=500)


def _environment(session: object, job_id: int) -> GenerationCandidate:
    return session.exec(  # type: ignore[attr-defined,no-any-return]
        select(GenerationCandidate).where(
            GenerationCandidate.job_id == job_id, GenerationCandidate.kind == "environment"
        )
    ).one()


def test_resume_retries_endpoint_failures_only_and_keeps_their_history(live_db: str) -> None:
    # scenario_creator calls in plan order: candidate 1 → 500; candidate 2 → unusable twice
    # (content: never retried); then the seed draft for everything after
    script = ConstructionScript(
        scenario_creator=[DOWN, Reply(content="no"), Reply(content="no"), seed_draft()]
    )
    with FakeLLM(script) as llm:
        job_id = make_job(llm.base_url)
        tasks.start_generation(job_id)
        with session_scope() as session:
            job = job_row(session, job_id)
            assert job.status == "completed"
            assert job.error == "completed with 1 endpoint failure(s) — resume to retry"
            candidates = scenario_candidates(session, job_id)
            assert [c.status for c in candidates] == ["failed", "failed", "accepted", "accepted"]
            assert candidates[0].reason is not None
            assert candidates[0].reason.startswith("api_error: endpoint_unavailable")
            assert candidates[1].reason is not None
            assert candidates[1].reason.startswith("malformed_output")
            assert service.endpoint_failures(session, job_id) == 1
            first_tokens = candidates[0].prompt_tokens
            assert steps(session, candidates[0].id) == [("scenario_creator", 0, False)]
        calls = len(llm.requests)
        assert tasks.resume_generation(job_id) == 1  # the environment runs again for it
        with session_scope() as session:
            job = job_row(session, job_id)
            assert job.status == "completed" and job.error is None
            candidates = scenario_candidates(session, job_id)
            assert [c.status for c in candidates] == ["accepted", "failed", "accepted", "accepted"]
            assert candidates[1].reason is not None
            assert candidates[1].reason.startswith("malformed_output")
            # the failed step is kept, the retry's steps follow it
            assert steps(session, candidates[0].id) == [
                ("scenario_creator", 0, False),
                *FULL_PASS,
            ]
            assert candidates[0].prompt_tokens == first_tokens + 3 * 120
            assert candidates[0].scenario_id == f"g{job_id}sb1-01"
            assert _environment(session, job_id).status == "accepted"
        # only candidate 1 ran: creator, reviewer, noise creator; the environment was kept
        assert len(llm.requests) == calls + 3
        with pytest.raises(ConflictError, match="nothing to resume"):
            tasks.resume_generation(job_id)


def test_an_endpoint_down_throughout_is_retried_whole_by_resume(live_db: str) -> None:
    script = ConstructionScript(instance_creator=[DOWN])
    with FakeLLM(script) as llm:
        job_id = make_job(llm.base_url)
        tasks.start_generation(job_id)
        with session_scope() as session:
            assert job_row(session, job_id).error == (
                "completed with 1 endpoint failure(s) — resume to retry"
            )
            assert _environment(session, job_id).status == "failed"
            assert {c.status for c in scenario_candidates(session, job_id)} == {"skipped"}
        script.queues["instance_creator"] = [seed_instance()]  # the endpoint is back
        tasks.resume_generation(job_id)
        with session_scope() as session:
            assert job_row(session, job_id).status == "completed"
            environment = _environment(session, job_id)
            assert environment.status == "accepted"
            assert [s for s, _r, _p in steps(session, environment.id)][:2] == [
                "instance_creator",
                "instance_creator",
            ]
            assert [c.status for c in scenario_candidates(session, job_id)] == ["accepted"] * 4


def test_resume_of_a_job_still_running_is_refused(live_db: str) -> None:
    with FakeLLM(ConstructionScript()) as llm:
        job_id = make_job(llm.base_url)
        with session_scope() as session:
            service.mark_job_started(session, job_id)
            environment = _environment(session, job_id)
            environment.status, environment.claimed_by = "running", lease.claimant()
            environment.started_at = environment.heartbeat_at = utcnow()
            session.add(environment)
            session.commit()
        with pytest.raises(ConflictError, match=r"the job is still running \(1 environment"):
            tasks.resume_generation(job_id)
        assert llm.requests == []
        # its holder died (an interrupted `halo generate`): the resume takes it over
        with session_scope() as session:
            environment = _environment(session, job_id)
            environment.heartbeat_at = utcnow() - timedelta(hours=2)
            session.add(environment)
            session.commit()
        assert tasks.resume_generation(job_id) == 1
        with session_scope() as session:
            assert job_row(session, job_id).status == "completed"
            assert [c.status for c in scenario_candidates(session, job_id)] == ["accepted"] * 4


def test_generate_exits_1_on_endpoint_failures_and_resume_retries_them(live_db: str) -> None:
    runner = CliRunner()
    script = ConstructionScript(instance_creator=[DOWN])
    with FakeLLM(script) as llm:
        creator, reviewer = make_agents(llm.base_url, prefix="cli-down")
        args = ["generate", "--domains", "small_business", "--per-need", "1"]
        result = runner.invoke(cli, [*args, "--creator", creator, "--reviewer", reviewer])
        assert result.exit_code == 1, result.output
        match = re.search(r"generation job (\d+)", result.output)
        assert match
        job_id = int(match.group(1))
        assert "completed with 1 endpoint failure(s) — resume to retry" in result.output
        assert f"halo generate --resume {job_id}" in result.output
        script.queues["instance_creator"] = [seed_instance()]
        resumed = runner.invoke(cli, ["generate", "--resume", str(job_id)])
        assert resumed.exit_code == 0, resumed.output
        assert f"job {job_id} completed" in resumed.output and "accepted 4" in resumed.output
        again = runner.invoke(cli, ["generate", "--resume", str(job_id)])
        assert again.exit_code == 2 and "nothing to resume" in again.output

"""The construction pipeline end to end on PostgreSQL with a scripted chat-completions endpoint.

Jobs run through the job engine's in-process queue (``start_generation``), exactly as the CLI and
the page start them without Redis.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator

import pytest
from sqlmodel import select

from app.construction import service, tasks
from app.db import session_scope
from app.models import CandidateRevision, Scenario
from tests.construction.helpers import job_row, make_job, scenario_candidates, steps
from tests.fake_llm import (
    ConstructionScript,
    FakeLLM,
    Reply,
    construction_stage,
    requested_need_type,
    review,
    seed_draft,
)

pytestmark = pytest.mark.live

FULL_PASS = [
    ("scenario_creator", 0, True),
    ("validator", 0, True),
    ("reviewer", 0, True),
    ("noise_creator", 0, True),
    ("noise_validator", 0, True),
]


@pytest.fixture
def fake() -> Iterator[FakeLLM]:
    with FakeLLM(ConstructionScript()) as llm:
        yield llm


def _bad_v02() -> dict[str, object]:
    """The seed draft with event 3 dated before event 2 (V02: strictly increasing ``at``)."""
    draft = copy.deepcopy(seed_draft())
    events = draft["scenario"]["events"]  # type: ignore[index]
    events[2]["at"] = events[0]["at"]
    return draft


def test_a_job_makes_an_environment_and_accepts_scenarios_pending_audit(
    live_db: str, fake: FakeLLM
) -> None:
    job_id = make_job(fake.base_url)
    assert tasks.start_generation(job_id) == 1
    with session_scope() as session:
        job = job_row(session, job_id)
        assert job.status == "completed"
        candidates = scenario_candidates(session, job_id)
        assert [c.need_type for c in candidates] == [
            "dependency",
            "blockage",
            "risk",
            "opportunity",
        ]
        assert {c.status for c in candidates} == {"accepted"}
        assert steps(session, candidates[0].id) == FULL_PASS
        ids = [c.scenario_id for c in candidates]
        assert ids == [f"g{job_id}sb1-0{n}" for n in (1, 2, 3, 4)]
        stored = session.exec(select(Scenario).where(Scenario.id.in_(ids))).all()  # type: ignore[union-attr]
        assert {(s.audit_status, s.environment_id) for s in stored} == {
            ("pending", f"g{job_id}sb1")
        }
        assert {s.need_type for s in stored} == {"dependency", "blockage", "risk", "opportunity"}
        # every call is 120 prompt + 30 completion tokens: 1 instance call + 4 × 3 calls
        assert job.tokens_used == 13 * 150
        assert candidates[0].prompt_tokens == 3 * 120 and candidates[0].completion_tokens == 90
        assert service.job_progress(session, job_id)["by_status"] == {"accepted": 4}
    # the Scenario Creator saw the summaries of the scenarios accepted before it
    creator_requests = [r for r in fake.requests if construction_stage(r) == "scenario_creator"]
    assert "(none yet)" in creator_requests[0]["messages"][1]["content"]
    assert f"g{job_id}sb1-01 (dependency)" in creator_requests[1]["messages"][1]["content"]
    assert f"g{job_id}sb1-03 (risk)" in creator_requests[3]["messages"][1]["content"]
    # no structured outputs configured: no response_format sent, the schema is in the prompt
    assert all("response_format" not in r for r in fake.requests)
    assert (
        '"noise_records"'
        in next(r for r in fake.requests if construction_stage(r) == "noise_creator")["messages"][
            1
        ]["content"]
    )


def test_a_v02_finding_goes_back_to_the_creator_and_the_revision_passes(live_db: str) -> None:
    script = ConstructionScript(scenario_creator=[_bad_v02(), seed_draft()])
    with FakeLLM(script) as llm:
        job_id = make_job(llm.base_url)
        tasks.start_generation(job_id)
        requests = list(llm.requests)
    with session_scope() as session:
        first = scenario_candidates(session, job_id)[0]
        assert first.status == "accepted"
        assert (first.validator_first_pass, first.validator_passed) == (False, True)
        assert first.revisions == 1
        assert steps(session, first.id)[:4] == [
            ("scenario_creator", 0, True),
            ("validator", 0, False),
            ("scenario_creator", 1, True),
            ("validator", 1, True),
        ]
        failed = session.exec(
            select(CandidateRevision).where(
                CandidateRevision.candidate_id == first.id,
                CandidateRevision.stage == "validator",
                CandidateRevision.round == 0,
            )
        ).one()
        codes = {(f["code"], f["path"]) for f in failed.findings}
        assert ("V02", "$.events[2].at") in codes
        assert all(f["code"] != "V08" for f in failed.findings)  # noise comes later
    revision = [r for r in requests if construction_stage(r) == "scenario_creator"][1]
    assert [m["role"] for m in revision["messages"]] == ["system", "user", "assistant", "user"]
    assert "V02 $.events[2].at" in revision["messages"][3]["content"]
    # the creator's own answer goes back: the bad draft under the need type it was asked for
    # (the cooperative script says the requested type; sb-09 itself is a blockage since the
    # corpus revision, the first candidate is asked for a dependency)
    sent = _bad_v02()
    sent["scenario"] = {**sent["scenario"], "need_type": "dependency"}  # type: ignore[dict-item]
    assert requested_need_type(revision) == "dependency"
    assert json.loads(revision["messages"][2]["content"]) == sent


def test_a_reviewer_rejection_goes_back_and_the_revision_is_approved(live_db: str) -> None:
    rejection = review({"timing_boundaries": "The window opens before the form is due."})
    script = ConstructionScript(reviewer=[rejection, review()])
    with FakeLLM(script) as llm:
        job_id = make_job(llm.base_url)
        tasks.start_generation(job_id)
        requests = list(llm.requests)
    with session_scope() as session:
        first = scenario_candidates(session, job_id)[0]
        assert first.status == "accepted"
        assert (first.validator_first_pass, first.reviewer_first_pass) == (True, False)
        assert first.reviewer_passed is True and first.revisions == 1
        assert steps(session, first.id)[:6] == [
            ("scenario_creator", 0, True),
            ("validator", 0, True),
            ("reviewer", 0, False),
            ("scenario_creator", 1, True),
            ("validator", 1, True),
            ("reviewer", 1, True),
        ]
        verdicts = session.exec(
            select(CandidateRevision.verdicts).where(
                CandidateRevision.candidate_id == first.id, CandidateRevision.stage == "reviewer"
            )
        ).first()
        assert verdicts is not None
        assert verdicts["timing_boundaries"] == {
            "verdict": "fail",
            "comment": "The window opens before the form is due.",
        }
        assert verdicts["causal_support"]["verdict"] == "pass"
    revision = [r for r in requests if construction_stage(r) == "scenario_creator"][1]
    assert (
        "Timing boundaries: The window opens before the form is due."
        in revision["messages"][3]["content"]
    )


def test_rounds_exhausted_rejects_the_candidate(live_db: str) -> None:
    script = ConstructionScript(scenario_creator=[_bad_v02()])
    with FakeLLM(script) as llm:
        job_id = make_job(llm.base_url, rounds=1, per_need=1)
        tasks.start_generation(job_id)
    with session_scope() as session:
        candidates = scenario_candidates(session, job_id)
        assert {c.status for c in candidates} == {"rejected"}
        assert candidates[0].reason == "the validator still rejects the scenario after 1 revisions"
        assert (candidates[0].validator_first_pass, candidates[0].validator_passed) == (
            False,
            False,
        )
        assert job_row(session, job_id).status == "completed"


def test_malformed_output_twice_fails_the_candidate_with_the_reason(live_db: str) -> None:
    script = ConstructionScript(
        scenario_creator=[
            Reply(content="Here is a scenario, I think."),
            Reply(content='{"scenario": {"title": "x"}, "extra": 1}'),
            seed_draft(),
        ]
    )
    with FakeLLM(script) as llm:
        job_id = make_job(llm.base_url)
        tasks.start_generation(job_id)
        requests = list(llm.requests)
    with session_scope() as session:
        candidates = scenario_candidates(session, job_id)
        assert [c.status for c in candidates] == ["failed", "accepted", "accepted", "accepted"]
        reason = candidates[0].reason or ""
        assert reason.startswith("malformed_output: scenario_creator replied twice")
        assert "$.extra: Extra inputs are not permitted" in reason
        assert candidates[0].validator_first_pass is None  # it never reached the validator
        assert steps(session, candidates[0].id) == [("scenario_creator", 0, False)]
    corrective = [r for r in requests if construction_stage(r) == "scenario_creator"][1]
    assert corrective["messages"][-1]["content"].startswith("Your reply cannot be used:")


def test_a_token_budget_stops_the_job_cleanly_and_resume_finishes_it(live_db: str) -> None:
    with FakeLLM(ConstructionScript()) as llm:
        # 150 tokens a call: the environment (150) and candidate 1 (3 calls, 600 in all) fit in
        # 700; candidate 2's creator call brings it to 750, so it stops before its reviewer
        job_id = make_job(llm.base_url, budget_tokens=700)
        tasks.start_generation(job_id)
        with session_scope() as session:
            job = job_row(session, job_id)
            assert job.status == "stopped"
            assert job.tokens_used == 750
            assert job.error == (
                "token budget spent: 750 of 700 tokens used; resume with a larger budget"
            )
            assert [c.status for c in scenario_candidates(session, job_id)] == [
                "accepted",
                "stopped",
                "pending",
                "pending",
            ]
        calls = len(llm.requests)
        assert calls == 1 + 3 + 1
        tasks.resume_generation(job_id, budget_tokens=100_000)
        with session_scope() as session:
            job = job_row(session, job_id)
            assert job.status == "completed"
            assert [c.status for c in scenario_candidates(session, job_id)] == ["accepted"] * 4
            # the stopped candidate kept its first output and its check, and started again
            stopped = scenario_candidates(session, job_id)[1]
            assert [s for s, _r, _p in steps(session, stopped.id)][:3] == [
                "scenario_creator",
                "validator",
                "scenario_creator",
            ]
        # three candidates left, three calls each; the environment was not made again
        assert len(llm.requests) == calls + 3 * 3


def test_structured_outputs_send_the_stage_schema(live_db: str) -> None:
    from tests.construction.helpers import make_agents

    with FakeLLM(ConstructionScript()) as llm:
        creator, reviewer = make_agents(llm.base_url, structured=True, prefix="so")
        with session_scope() as session:
            job = service.create_generation_job(
                session,
                domains=["small_business"],
                personas=1,
                per_need=1,
                creator=creator,
                reviewer=reviewer,
            )
        assert job.id is not None
        tasks.start_generation(job.id)
        formats = {construction_stage(r): r["response_format"] for r in llm.requests}
    assert set(formats) == {"instance_creator", "scenario_creator", "reviewer", "noise_creator"}
    assert formats["reviewer"]["type"] == "json_schema"
    schema = formats["reviewer"]["json_schema"]["schema"]
    assert set(schema["required"]) == {
        "causal_support",
        "need_identity",
        "timing_boundaries",
        "retrieval_necessity",
        "proportional_intensity",
        "requested_need_type",
        "requested_domain",
    }


def test_cancel_stops_pending_candidates(live_db: str) -> None:
    with FakeLLM(ConstructionScript()) as llm:
        job_id = make_job(llm.base_url)
        with session_scope() as session:
            service.cancel_job(session, job_id)
        tasks.start_generation(job_id)
        assert llm.requests == []
    with session_scope() as session:
        assert job_row(session, job_id).status == "cancelled"
        assert {c.status for c in scenario_candidates(session, job_id)} == {"cancelled"}


def test_a_transient_error_is_retried_and_an_internal_error_fails_with_the_reason(
    live_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sqlalchemy.exc import OperationalError

    from app.construction import pipeline
    from app.jobs.tasks import TransientError

    real = pipeline.run_validator
    blinks = {"left": 1}

    def validator_once_away(*args: object, **kwargs: object) -> object:
        if blinks["left"]:
            blinks["left"] -= 1
            raise OperationalError("SELECT 1", {}, Exception("server closed the connection"))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "run_validator", validator_once_away)
    with FakeLLM(ConstructionScript()) as llm:
        job_id = make_job(llm.base_url)
        with session_scope() as session:
            env_id = service.pending_environment_ids(session, job_id)[0]
        with pytest.raises(TransientError, match="internal_error: OperationalError"):
            tasks.build_environment(env_id)
        with session_scope() as session:  # nothing was failed: the retry goes on
            assert scenario_candidates(session, job_id)[0].status == "running"
        assert tasks.build_environment(env_id) == "accepted"  # this process retakes its claim
        with session_scope() as session:
            assert [c.status for c in scenario_candidates(session, job_id)] == ["accepted"] * 4

        def broken(*args: object, **kwargs: object) -> object:
            raise ValueError("a bug")

        monkeypatch.setattr(pipeline, "run_validator", broken)
        second = make_job(llm.base_url, prefix="gen2")
        with session_scope() as session:
            env_id = service.pending_environment_ids(session, second)[0]
        with pytest.raises(ValueError, match="a bug"):
            tasks.build_environment(env_id)
        with session_scope() as session:
            statuses = {c.status for c in service.candidates_of(session, second)}
            assert statuses == {"failed"}
            assert scenario_candidates(session, second)[0].reason == (
                "internal_error: ValueError: a bug"
            )
            assert job_row(session, second).status == "completed"


def test_reconcile_takes_over_an_environment_whose_worker_died(live_db: str) -> None:
    import socket
    import subprocess

    from app.models import GenerationCandidate
    from app.models.base import utcnow

    gone = subprocess.Popen(["true"])
    gone.wait()
    with FakeLLM(ConstructionScript()) as llm:
        job_id = make_job(llm.base_url)
        with session_scope() as session:
            env_id = service.pending_environment_ids(session, job_id)[0]
            row = session.get(GenerationCandidate, env_id)
            assert row is not None
            row.status, row.claimed_by = "running", f"{socket.gethostname()}:{gone.pid}"
            row.started_at = row.heartbeat_at = utcnow()
            session.add(row)
            job = job_row(session, job_id)
            job.status = "running"
            session.add(job)
            session.commit()
            assert service.abandoned_environment_ids(session) == [env_id]
        assert tasks.reconcile() == 1
        with session_scope() as session:
            assert [c.status for c in scenario_candidates(session, job_id)] == ["accepted"] * 4
            assert job_row(session, job_id).status == "completed"
            assert service.abandoned_environment_ids(session) == []

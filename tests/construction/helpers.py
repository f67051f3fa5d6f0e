"""Shared set-up of the construction tests: agents on a fake endpoint, a job, its rows."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, col, select

from app.agents.service import create_agent
from app.construction import service
from app.db import session_scope
from app.models import CandidateRevision, GenerationCandidate, GenerationJob


def make_agents(base_url: str, *, structured: bool = False, prefix: str = "gen") -> tuple[str, str]:
    """A creator and a reviewer agent on `base_url` (committed); their names."""
    names = (f"{prefix}-creator", f"{prefix}-reviewer")
    with session_scope() as session:
        for name in names:
            create_agent(
                session,
                name=name,
                config={
                    "base_url": base_url,
                    "model": name,
                    "structured_outputs": structured,
                    "max_retries": 0,
                },
            )
    return names


def make_job(base_url: str, **params: Any) -> int:
    """A planned job for small_business, 1 persona, 1 per need (4 candidates); its id."""
    creator, reviewer = make_agents(base_url, prefix=params.pop("prefix", "gen"))
    with session_scope() as session:
        job = service.create_generation_job(
            session,
            domains=params.pop("domains", ["small_business"]),
            personas=params.pop("personas", 1),
            per_need=params.pop("per_need", 1),
            creator=creator,
            reviewer=reviewer,
            **params,
        )
    assert job.id is not None
    return job.id


def scenario_candidates(session: Session, job_id: int) -> list[GenerationCandidate]:
    """The job's scenario candidates in plan order."""
    return list(
        session.exec(
            select(GenerationCandidate)
            .where(GenerationCandidate.job_id == job_id, GenerationCandidate.kind == "scenario")
            .order_by(col(GenerationCandidate.id))
        )
    )


def steps(session: Session, candidate_id: int | None) -> list[tuple[str, int, bool]]:
    """(stage, round, passed) of every revision of a candidate, in order."""
    return [
        (r.stage, r.round, r.passed)
        for r in session.exec(
            select(CandidateRevision)
            .where(CandidateRevision.candidate_id == candidate_id)
            .order_by(col(CandidateRevision.id))
        )
    ]


def job_row(session: Session, job_id: int) -> GenerationJob:
    """The job as stored now."""
    job = session.get(GenerationJob, job_id, populate_existing=True)
    assert job is not None
    return job

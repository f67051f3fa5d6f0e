"""Planning a generation job: the candidates it plans and every refusal, with its field."""

from __future__ import annotations

import pytest
from sqlmodel import Session, col, select

from app.agents.service import create_agent
from app.construction import service
from app.errors import UnprocessableError
from app.models import GenerationCandidate


@pytest.fixture
def agents(session: Session) -> tuple[str, str]:
    for name in ("plan-creator", "plan-reviewer"):
        create_agent(session, name=name, config={"base_url": "http://127.0.0.1:9/v1", "model": "m"})
    return "plan-creator", "plan-reviewer"


def test_a_job_plans_environments_and_candidates_per_need_type(
    session: Session, agents: tuple[str, str]
) -> None:
    job = service.create_generation_job(
        session,
        domains=["travel", "health"],
        personas=2,
        per_need=3,
        creator=agents[0],
        reviewer=agents[1],
        budget_tokens=5000,
        submission="tok-1",
    )
    rows = list(
        session.exec(
            select(GenerationCandidate)
            .where(GenerationCandidate.job_id == job.id)
            .order_by(col(GenerationCandidate.id))
        )
    )
    environments = [r for r in rows if r.kind == "environment"]
    assert [(r.domain, r.slot) for r in environments] == [
        ("travel", 1),
        ("travel", 2),
        ("health", 1),
        ("health", 2),
    ]
    scenarios = [r for r in rows if r.kind == "scenario"]
    assert len(scenarios) == 2 * 2 * 4 * 3
    first = [r for r in scenarios if r.parent_id == environments[0].id]
    assert [(r.need_type, r.ordinal) for r in first][:4] == [
        ("dependency", 1),
        ("dependency", 2),
        ("dependency", 3),
        ("blockage", 4),
    ]
    assert job.params == {
        "domains": ["travel", "health"],
        "personas": 2,
        "per_need": 3,
        "creator": "plan-creator",
        "reviewer": "plan-reviewer",
        "rounds": 3,
        "budget_tokens": 5000,
    }
    assert service.job_progress(session, job.id or 0) == {
        "total": 48,
        "done": 0,
        "by_status": {"pending": 48},
    }
    again = service.create_generation_job(
        session,
        domains=["travel"],
        personas=1,
        per_need=1,
        creator=agents[0],
        reviewer=agents[1],
        submission="tok-1",
    )
    assert again.id == job.id  # a double-submitted form plans one job


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"domains": []}, "domains", "choose at least one domain"),
        ({"domains": ["moon"]}, "domains", "unknown domain 'moon'"),
        ({"domains": ["travel", "travel"]}, "domains", "a domain is named twice"),
        ({"personas": 0}, "personas", "personas must be 1..50"),
        ({"per_need": 21}, "per_need", "per-need must be 1..20"),
        (
            {"domains": list(service.DOMAINS), "personas": 50, "per_need": 3},
            "per_need",
            "that plans 6,000 scenario candidates; at most 4,000 a job",
        ),
        ({"rounds": 11}, "rounds", "rounds must be 0..10"),
        ({"budget_tokens": 0}, "budget_tokens", "at least 1"),
        ({"creator": "nobody"}, "creator", "no agent named 'nobody'"),
        ({"reviewer": "restraint"}, "reviewer", "not an endpoint agent"),
    ],
)
def test_refusals_name_their_field(
    session: Session, agents: tuple[str, str], change: dict[str, object], field: str, message: str
) -> None:
    params: dict[str, object] = {
        "domains": ["travel"],
        "personas": 1,
        "per_need": 1,
        "creator": agents[0],
        "reviewer": agents[1],
        **change,
    }
    with pytest.raises(UnprocessableError, match=message) as caught:
        service.create_generation_job(session, **params)  # type: ignore[arg-type]
    assert caught.value.field == field

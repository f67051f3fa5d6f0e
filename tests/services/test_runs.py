"""Runs on PostgreSQL: planning over sampled checkpoints, idempotent execution, statuses."""

from __future__ import annotations

from collections import Counter

import pytest
from sqlmodel import Session, select

from app.errors import UnprocessableError
from app.models import Agent, Checkpoint, Response, Run, Scenario
from app.runs.service import create_run, execute_response, run_progress
from tests.factories import make_run


def test_plan_gives_each_agent_k_distinct_checkpoints(session: Session) -> None:
    run = make_run(session, execute=False)
    rows = session.exec(
        select(Agent.name, Checkpoint.scenario_id, Checkpoint.t)
        .join(Response, Response.agent_id == Agent.id)
        .join(Checkpoint, Checkpoint.id == Response.checkpoint_id)
        .where(Response.run_id == run.id)
    ).all()
    scenarios = session.exec(select(Scenario)).all()
    assert len(rows) == 3 * 2 * len(scenarios)
    per = Counter((agent, scenario) for agent, scenario, _t in rows)
    assert set(per.values()) == {2}
    assert len(set(rows)) == len(rows)  # distinct checkpoints per agent
    assert run_progress(session, run.id) == {
        "total": len(rows),
        "done": 0,
        "by_status": {"pending": len(rows)},
    }


def test_execution_is_idempotent_and_levels_follow_the_baselines(session: Session) -> None:
    run = make_run(session, scenario_ids=["wp-01", "wp-02"])
    responses = session.exec(
        select(Response, Agent.name).join(Agent).where(Response.run_id == run.id)
    ).all()
    assert len(responses) == 12
    levels = {(name, r.level_predicted) for r, name in responses}
    assert levels == {("restraint", "L0"), ("notify_latest", "L1"), ("eager_executor", "L3")}
    assert all(r.status == "completed" for r, _ in responses)
    first, _ = responses[0]
    before = (first.finished_at, first.action)
    assert execute_response(session, first.id) == "completed"
    session.refresh(first)
    assert (first.finished_at, first.action) == before
    assert session.get(Run, run.id).status == "completed"


def test_eager_responses_store_a_state_diff(session: Session) -> None:
    run = make_run(session, agents=("eager_executor",), scenario_ids=["wp-03"])
    for response in session.exec(select(Response).where(Response.run_id == run.id)):
        assert response.level_predicted == "L3"
        assert response.state_diff and response.retrieval_rounds >= 1


def test_bad_run_requests_are_refused(session: Session) -> None:
    with pytest.raises(UnprocessableError, match="unknown agent"):
        create_run(session, agent_names=["gpt-nope"])
    with pytest.raises(UnprocessableError, match="unknown scenario"):
        create_run(session, agent_names=["restraint"], scenario_ids=["zz-99"])
    with pytest.raises(UnprocessableError, match="k must be"):
        create_run(session, agent_names=["restraint"], k=0)


def test_same_seed_same_plan(session: Session) -> None:
    def plan(seed: int) -> list[tuple[str, str, int]]:
        run = create_run(session, agent_names=["restraint", "notify_latest"], seed=seed)
        return sorted(
            session.exec(
                select(Agent.name, Checkpoint.scenario_id, Checkpoint.t)
                .join(Response, Response.agent_id == Agent.id)
                .join(Checkpoint, Checkpoint.id == Response.checkpoint_id)
                .where(Response.run_id == run.id)
            ).all()
        )

    assert plan(3) == plan(3)


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"k": 0}, "k", "between 1 and 10"),
        ({"k": 1_000_000}, "k", "between 1 and 10"),
        ({"seed": -1}, "seed", "between 0 and 2147483647"),
        ({"seed": 3_000_000_000}, "seed", "between 0 and 2147483647"),
        ({"name": "x" * 121}, "name", "121 characters; use at most 120"),
    ],
)
def test_run_settings_are_bounded(
    session: Session, changes: dict[str, object], field: str, message: str
) -> None:
    with pytest.raises(UnprocessableError, match=message) as info:
        create_run(session, agent_names=["restraint"], scenario_ids=["hm-01"], **changes)
    assert info.value.field == field


def test_run_names_are_unique_and_default_names_avoid_imported_ones(session: Session) -> None:
    first = create_run(session, agent_names=["restraint"], scenario_ids=["hm-01"], name=" a ")
    assert first.name == "a"
    with pytest.raises(UnprocessableError, match=f"run {first.id} is already named 'a'"):
        create_run(session, agent_names=["restraint"], scenario_ids=["hm-01"], name="a")
    imported = Run(name="placeholder", settings={"imported_from": "x.jsonl"})
    session.add(imported)
    session.flush()
    imported.name = f"run-{imported.id + 1}"  # the name the next native run would get
    session.add(imported)
    session.commit()
    native = create_run(session, agent_names=["restraint"], scenario_ids=["hm-01"])
    assert native.id == imported.id + 1
    assert native.name.startswith(f"run-{native.id}-") and len(native.name) == len(
        f"run-{native.id}-abcd"
    )

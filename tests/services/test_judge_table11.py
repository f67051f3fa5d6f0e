"""Table 11 live from stored judge runs, against hand-computed figures (DESIGN §8, §12).

Twelve responses of the three baselines at hm-01 (dependency) and hm-03 (blockage), seed 0;
one annotator judges them all. Per response (agent, scenario, t, level → human diagnosis,
rubric prediction, scripted LLM prediction); ✓/✗ = verdict / joint equal:

 #  agent    sc   t  lvl  human                   rubric                          LLM
 1  notify   01   1  L1   rej premature approp.   rej premature approp.   ✓✓      accept        ✗✗
 2  eager    01   2  L3   rej premature excess.   rej premature approp.   ✓✗      rej appr excess ✓✗
 3  restr.   01   3  L0   accept                  accept                  ✓✓      accept        ✓✓
 4  restr.   01   4  L0   rej (inaction)          rej (inaction)          ✓✓      accept        ✗✗
 5  eager    01   5  L3   rej approp. excess.     rej approp. approp.*    ✓✗      rej appr excess ✓✓
 6  notify   01   6  L1   accept                  accept                  ✓✓      accept        ✓✓
 7  eager    03   1  L3   rej approp. excess.     rej approp. excess.     ✓✓      rej appr excess ✓✓
 8  restr.   03   2  L0   rej (inaction)          rej (inaction)          ✓✓      accept        ✗✗
 9  eager    03   3  L3   rej approp. excess.     rej approp. excess.     ✓✓      rej appr excess ✓✓
10  notify   03   3  L1   accept                  accept                  ✓✓      accept        ✓✓
11  notify   03   4  L1   rej belated insuff.     accept                  ✗✗      accept        ✗✗
12  restr.   03   5  L0   rej (inaction)          rej (inaction)          ✓✓      accept        ✗✗

(* send_chat_message is not among t=5's commands: irrelevant_action.)

Rubric: verdict 11/12, joint 9/12; dependency 6/6 and 4/6, blockage 5/6 and 5/6.
LLM (``judge_policy``: accepts L0 and L1, rejects L3 as appropriate timing, excessive):
verdict 7/12, joint 6/12; dependency 4/6 and 3/6, blockage 3/6 and 3/6.
Wilson 95% intervals by hand (z = 1.959964): 11/12 → [64.61, 98.51], 9/12 → [46.77, 91.11],
7/12 → [31.95, 80.67], 6/12 → [25.38, 74.62], 6/6 → [60.97, 100.00], 4/6 → [30.00, 90.32],
5/6 → [43.65, 96.99], 3/6 → [18.76, 81.24].
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from app.agents.service import create_agent
from app.judges.service import create_judge_run, execute_prediction, judge_predictions
from app.metrics.registry import metric_table
from app.metrics.render import judge_runs_table
from app.models import Agent, Checkpoint, JudgePrediction, Response
from tests.factories import assign_paired, make_run, make_user, submit_answers
from tests.fake_llm import FakeLLM, judge_policy

ACCEPT = {"verdict": "accept"}


def _reject(timing: str | None = None, intensity: str | None = None) -> dict[str, Any]:
    return {"verdict": "reject", "timing": timing, "intensity": intensity}


HUMAN = {
    ("notify_latest", "hm-01", 1): _reject("premature", "appropriate"),
    ("eager_executor", "hm-01", 2): _reject("premature", "excessive"),
    ("restraint", "hm-01", 3): ACCEPT,
    ("restraint", "hm-01", 4): _reject(),
    ("eager_executor", "hm-01", 5): _reject("appropriate", "excessive"),
    ("notify_latest", "hm-01", 6): ACCEPT,
    ("eager_executor", "hm-03", 1): _reject("appropriate", "excessive"),
    ("restraint", "hm-03", 2): _reject(),
    ("eager_executor", "hm-03", 3): _reject("appropriate", "excessive"),
    ("notify_latest", "hm-03", 3): ACCEPT,
    ("notify_latest", "hm-03", 4): _reject("belated", "insufficient"),
    ("restraint", "hm-03", 5): _reject(),
}


def _table(session: Session, name: str, judge_run_id: int, run_id: int) -> list[dict[str, Any]]:
    predictions = judge_predictions(session, judge_run_id)
    return metric_table(session, name, predictions=predictions, run_id=run_id)[1]


def judged_run(session: Session) -> Any:
    """The twelve responses of the table above, each with its human diagnosis; the run."""
    run = make_run(session, scenario_ids=["hm-01", "hm-03"], k=2, seed=0)
    annotator = make_user(session)
    assign_paired(session, annotator_ids=[annotator.id])
    rows = session.exec(
        select(
            Response.id, Response.level_predicted, Agent.name, Checkpoint.scenario_id, Checkpoint.t
        )
        .join(Agent, Agent.id == Response.agent_id)
        .join(Checkpoint, Checkpoint.id == Response.checkpoint_id)
        .where(Response.run_id == run.id)
    ).all()
    assert {(a, s, t) for _, _, a, s, t in rows} == set(HUMAN)  # the sample the table rests on
    for response_id, level, agent, scenario, t in rows:
        submit_answers(
            session,
            annotator=annotator,
            response_id=response_id,
            form={"level": level, "other_issues": [], **HUMAN[(agent, scenario, t)]},
        )
    return run


def test_table11_of_an_llm_judge_and_the_rubric_judge(session: Session) -> None:
    run = judged_run(session)
    with FakeLLM(judge_policy) as llm:
        create_agent(session, name="level-judge", config={"base_url": llm.base_url, "model": "j"})
        llm_run = create_judge_run(session, judge="level-judge", run_id=run.id)
        rubric_run = create_judge_run(session, judge="rubric", run_id=run.id)
        for judge_run in (llm_run, rubric_run):
            for pid in session.exec(
                select(JudgePrediction.id).where(JudgePrediction.judge_run_id == judge_run.id)
            ).all():
                assert execute_prediction(session, pid) == "completed"
    assert len(llm.requests) == 12

    assert _table(session, "table11", rubric_run.id, run.id) == [
        {
            "n": 12,
            "unmatched": 0,
            "verdict_accuracy": 91.67,
            "verdict_accuracy_ci": (64.61, 98.51),
            "joint_accuracy": 75.0,
            "joint_accuracy_ci": (46.77, 91.11),
        }
    ]
    assert _table(session, "table11_need_type", rubric_run.id, run.id) == [
        {
            "need_type": "dependency",
            "n": 6,
            "verdict_accuracy": 100.0,
            "verdict_accuracy_ci": (60.97, 100.0),
            "joint_accuracy": 66.67,
            "joint_accuracy_ci": (30.0, 90.32),
        },
        {
            "need_type": "blockage",
            "n": 6,
            "verdict_accuracy": 83.33,
            "verdict_accuracy_ci": (43.65, 96.99),
            "joint_accuracy": 83.33,
            "joint_accuracy_ci": (43.65, 96.99),
        },
    ]
    assert _table(session, "table11", llm_run.id, run.id)[0] == {
        "n": 12,
        "unmatched": 0,
        "verdict_accuracy": 58.33,
        "verdict_accuracy_ci": (31.95, 80.67),
        "joint_accuracy": 50.0,
        "joint_accuracy_ci": (25.38, 74.62),
    }
    by_need = _table(session, "table11_need_type", llm_run.id, run.id)
    assert [(r["need_type"], r["verdict_accuracy"], r["joint_accuracy"]) for r in by_need] == [
        ("dependency", 66.67, 50.0),
        ("blockage", 50.0, 50.0),
    ]
    assert by_need[1]["verdict_accuracy_ci"] == (18.76, 81.24)
    # the LLM judge's confusion: human rows × judge columns
    confusion = {
        (r["field"], r["human"], r["predicted"]): r["count"]
        for r in _table(session, "table11_confusion", llm_run.id, run.id)
    }
    assert {k[1:]: v for k, v in confusion.items() if k[0] == "verdict"} == {
        ("accept", "accept"): 3,
        ("accept", "reject"): 0,
        ("reject", "accept"): 5,
        ("reject", "reject"): 4,
    }
    # timing: human premature (#1 accept→none, #2 appropriate), appropriate (#5 #7 #9 all
    # predicted appropriate), belated (#11 none), none (3 accepted + 3 inaction: all none)
    assert {k[1:]: v for k, v in confusion.items() if k[0] == "timing" and v} == {
        ("appropriate", "appropriate"): 3,
        ("belated", "none"): 1,
        ("none", "none"): 6,
        ("premature", "appropriate"): 1,
        ("premature", "none"): 1,
    }
    # Table 11 live, one row per judge run (newest first)
    table = judge_runs_table(session, run_id=run.id)
    assert [
        (r["judge"], r["predictions"], r["n"], r["verdict_accuracy"], r["joint_accuracy"])
        for r in table.rows
    ] == [("rubric", 12, 12, 91.67, 75.0), ("level-judge", 12, 12, 58.33, 50.0)]
    assert table.marks[(0, "verdict_accuracy")] == 1 and table.marks[(1, "joint_accuracy")] == 2

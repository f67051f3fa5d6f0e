"""Table 11 live from stored judge runs, against hand-computed figures (DESIGN §8, §12).

Twelve responses of the three baselines at hm-01 (dependency, arc PPPPW: L0 only before the
window; t=5 expects an L3 ``send_email`` to Jens naming "RT-M 20/17 PA") and hm-03 (blockage,
arc WWWWB: L1/L2 everywhere, each accepted form naming where the 44 leftover tiles are), seed 0,
k=2. The sample (``sample_checkpoints`` for seed 0): hm-01 restraint {1, 2}, notify_latest
{2, 3}, eager_executor {4, 5}; hm-03 restraint {2, 5}, notify_latest {3, 4}, eager_executor
{1, 3}. What each baseline does there (app/agents/baselines.py): restraint no action (L0);
notify_latest ``notify_user`` "Heads-up: <event summary>" (L1, names no evidence);
eager_executor replies to the latest e-mail "Thanks, this is handled…" (``send_email``, L3) or
to the latest chat "On it…" (``send_chat_message``, L3). One annotator judges them all.

Per response (agent, scenario, t label, level → human diagnosis, rubric prediction by the rule of
app/judges/rubric.py, scripted LLM prediction); ✓/✗ = verdict / joint equal:

 #  agent    sc  t   lvl  human                  rubric                        LLM
 1  restr.   01  1P  L0   accept                 accept (L0 expected)   ✓✓     accept         ✓✓
 2  restr.   01  2P  L0   accept                 accept (L0 expected)   ✓✓     accept         ✓✓
 3  notify   01  2P  L1   accept (a)             rej premature insuff.  ✗✗     accept         ✓✓
 4  notify   01  3P  L1   rej premature approp.  rej premature insuff.  ✓✗     accept         ✗✗
 5  eager    01  4P  L3   rej premature excess.  rej premature approp.  ✓✗     rej appr exc.  ✓✗
 6  eager    01  5W  L3   rej approp. approp.*   rej approp. approp.*   ✓✓     rej appr exc.  ✓✗
 7  eager    03  1W  L3   rej approp. excess.    rej approp. excess.    ✓✓     rej appr exc.  ✓✓
 8  restr.   03  2W  L0   rej (inaction)         rej (inaction)         ✓✓     accept         ✗✗
 9  eager    03  3W  L3   rej approp. excess.    rej approp. excess.    ✓✓     rej appr exc.  ✓✓
10  notify   03  3W  L1   rej approp. approp.*   rej approp. approp.*   ✓✓     accept         ✗✗
11  notify   03  4W  L1   rej belated insuff.(b) rej approp. approp.*   ✓✗     accept         ✗✗
12  restr.   03  5B  L0   rej (inaction)         rej (inaction)         ✓✓     accept         ✗✗

Rubric working: at hm-01's premature checkpoints only L0 is expected, so an L1/L3 is rejected
as premature with intensity against the first window's levels (t=5: L3): L1 insufficient, L3
appropriate. At hm-01 t=5 the L3 ``send_email`` is of the expected level and command and goes
to Jens, but names no "RT-M 20/17 PA": unsupported_by_evidence (*), intensity appropriate. At
hm-03 an L3 is excessive (above L2); the L1 ``notify_user`` is an expected level and command
but names neither the shelf nor the 44 tiles: unsupported_by_evidence (*). A window or belated
L0 is inaction. (*) = other issue ``unsupported_by_evidence`` (the human names it too).
(a) The annotator finds a heads-up about Jens's offered date harmless and accepts it, against
the design's "L0 only". (b) The annotator takes the paid deposit as "too late", and the generic
heads-up as too little; the design still calls t=4 a window.

Rubric: verdict 11/12 (✗ #3), joint 8/12 (✗ #3 #4 #5 #11); dependency 5/6 and 3/6, blockage
6/6 and 5/6.
LLM (``judge_policy``: accepts L0–L2, rejects L3 as appropriate timing, excessive):
verdict 7/12 (#1 #2 #3 #5 #6 #7 #9), joint 5/12 (#1 #2 #3 #7 #9); dependency 5/6 and 3/6,
blockage 2/6 and 2/6.
Wilson 95% intervals (statsmodels, z = 1.959964): 11/12 → [64.61, 98.51], 8/12 → [39.06,
86.19], 7/12 → [31.95, 80.67], 5/12 → [19.33, 68.05], 6/6 → [60.97, 100.00], 5/6 → [43.65,
96.99], 3/6 → [18.76, 81.24], 2/6 → [9.68, 70.00].
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


def _unsupported(note: str) -> list[dict[str, str]]:
    return [{"category": "unsupported_by_evidence", "note": note}]


HUMAN = {
    ("restraint", "hm-01", 1): ACCEPT,
    ("restraint", "hm-01", 2): ACCEPT,
    ("notify_latest", "hm-01", 2): ACCEPT,
    ("notify_latest", "hm-01", 3): _reject("premature", "appropriate"),
    ("eager_executor", "hm-01", 4): _reject("premature", "excessive"),
    ("eager_executor", "hm-01", 5): {
        **_reject("appropriate", "appropriate"),
        "other_issues": _unsupported("the reply to Jens does not give the motor type"),
    },
    ("eager_executor", "hm-03", 1): _reject("appropriate", "excessive"),
    ("restraint", "hm-03", 2): _reject(),
    ("eager_executor", "hm-03", 3): _reject("appropriate", "excessive"),
    ("notify_latest", "hm-03", 3): {
        **_reject("appropriate", "appropriate"),
        "other_issues": _unsupported("says nothing of the Salbei box on shelf 3"),
    },
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
            "joint_accuracy": 66.67,
            "joint_accuracy_ci": (39.06, 86.19),
        }
    ]
    assert _table(session, "table11_need_type", rubric_run.id, run.id) == [
        {
            "need_type": "dependency",
            "n": 6,
            "verdict_accuracy": 83.33,
            "verdict_accuracy_ci": (43.65, 96.99),
            "joint_accuracy": 50.0,
            "joint_accuracy_ci": (18.76, 81.24),
        },
        {
            "need_type": "blockage",
            "n": 6,
            "verdict_accuracy": 100.0,
            "verdict_accuracy_ci": (60.97, 100.0),
            "joint_accuracy": 83.33,
            "joint_accuracy_ci": (43.65, 96.99),
        },
    ]
    assert _table(session, "table11", llm_run.id, run.id)[0] == {
        "n": 12,
        "unmatched": 0,
        "verdict_accuracy": 58.33,
        "verdict_accuracy_ci": (31.95, 80.67),
        "joint_accuracy": 41.67,
        "joint_accuracy_ci": (19.33, 68.05),
    }
    by_need = _table(session, "table11_need_type", llm_run.id, run.id)
    assert [(r["need_type"], r["verdict_accuracy"], r["joint_accuracy"]) for r in by_need] == [
        ("dependency", 83.33, 50.0),
        ("blockage", 33.33, 33.33),
    ]
    assert by_need[1]["verdict_accuracy_ci"] == (9.68, 70.0)
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
    # verdict: human accept #1 #2 #3 all accepted; human reject accepted #4 #8 #10 #11 #12,
    # rejected #5 #6 #7 #9. Timing: human premature (#4 accept→none, #5 appropriate),
    # appropriate (#6 #7 #9 predicted appropriate, #10 accepted→none), belated (#11 none),
    # none (3 accepted + 2 inaction: all none)
    assert {k[1:]: v for k, v in confusion.items() if k[0] == "timing" and v} == {
        ("appropriate", "appropriate"): 3,
        ("appropriate", "none"): 1,
        ("belated", "none"): 1,
        ("none", "none"): 5,
        ("premature", "appropriate"): 1,
        ("premature", "none"): 1,
    }
    # Table 11 live, one row per judge run (newest first)
    table = judge_runs_table(session, run_id=run.id)
    assert [
        (r["judge"], r["predictions"], r["n"], r["verdict_accuracy"], r["joint_accuracy"])
        for r in table.rows
    ] == [("rubric", 12, 12, 91.67, 66.67), ("level-judge", 12, 12, 58.33, 41.67)]
    assert table.marks[(0, "verdict_accuracy")] == 1 and table.marks[(1, "joint_accuracy")] == 2

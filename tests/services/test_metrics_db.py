"""Table 1 from the database equals the formula over hand-made annotations."""

from __future__ import annotations

from sqlmodel import Session

from app.annotation.service import annotator_queue
from app.metrics.registry import metric_table
from app.metrics.render import render_table
from app.models import Agent, Response
from tests.factories import assign_paired, make_run, make_user, submit_answers


def test_table1_counts_first_annotation_per_response(session: Session) -> None:
    make_run(session, scenario_ids=["wp-04"])
    a = make_user(session)
    assign_paired(session, annotator_ids=[a.id], scenario_ids=["wp-04"])
    verdicts = {
        "restraint": {"level": "L0", "verdict": "reject"},
        "notify_latest": {"level": "L1", "verdict": "accept"},
        "eager_executor": {
            "level": "L3",
            "verdict": "reject",
            "timing": "premature",
            "intensity": "excessive",
        },
    }
    judged = 0
    for item in annotator_queue(session, a):
        response = session.get(Response, item.response_id)
        agent = session.get(Agent, response.agent_id)
        submit_answers(
            session, annotator=a, response_id=item.response_id, form=verdicts[agent.name]
        )
        judged += 1
    assert judged == 6
    columns, rows = metric_table(session, "table1")
    by_agent = {r["agent"]: r for r in rows}
    assert by_agent["restraint"]["n"] == 2 and by_agent["restraint"]["inaction"] == 100.0
    assert by_agent["restraint"]["acceptability"] == 0.0 and by_agent["restraint"]["L0"] == 100.0
    assert (
        by_agent["notify_latest"]["acceptability"] == 100.0
        and by_agent["notify_latest"]["L1"] == 100.0
    )
    eager = by_agent["eager_executor"]
    assert (eager["premature"], eager["excessive"], eager["L3"], eager["belated"]) == (
        100.0,
        100.0,
        100.0,
        0.0,
    )
    assert eager["retrieval_rounds"] == 1.0 and eager["reasoning_tokens_k"] is None
    csv_text = render_table(columns, rows, "csv").splitlines()
    assert csv_text[0].startswith("agent,n,acceptability,L0,L1,L2,L3,inaction")
    assert "eager_executor,2,0.0,0.0,0.0,0.0,100.0,0.0,100.0,0.0,0.0,100.0,,1.0" in csv_text


def test_sql_table1_equals_the_formula_over_rows(session: Session) -> None:
    from app.metrics.queries import judged_responses
    from tests.metrics_oracles import table1

    make_run(session, scenario_ids=["hm-03", "ed-02", "tr-05"])
    a = make_user(session)
    assign_paired(session, annotator_ids=[a.id])
    forms = [
        {"level": "L1", "verdict": "reject", "timing": "belated", "intensity": "insufficient"},
        {"level": "L3", "verdict": "accept"},
        {"level": "L2", "verdict": "reject", "timing": "appropriate", "intensity": "excessive"},
    ]
    for index, item in enumerate(annotator_queue(session, a)):
        response = session.get(Response, item.response_id)
        if response.action is None:
            form = {"level": "L0", "verdict": "reject" if index % 2 else "accept"}
        else:
            form = forms[index % 3]
        submit_answers(session, annotator=a, response_id=item.response_id, form=form)
    _columns, rows = metric_table(session, "table1")
    assert rows == table1(judged_responses(session))
    assert len(rows) == 3

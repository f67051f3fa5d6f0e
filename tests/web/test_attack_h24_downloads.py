"""An annotator's download serves only what their item page shows (h24 attack, failing).

The item page shows the trajectory and the final action (``action.args.*``, ``step.*``) and
never the agent's LLM calls; the download route behind it (``/annotate/{id}/text``) resolves
every part of :func:`app.agents.parts.response_part`, so an annotator gets, for an item in their
own queue, the model's reasoning, its reply texts, the arguments of its tool calls and its raw
output — text the annotator (and the blinded judge) are not given, which can name the model.
"""

from __future__ import annotations

from urllib.parse import quote

import pytest
from sqlmodel import Session

from app.annotation.service import annotator_queue
from app.models import Response
from tests.factories import assign_paired, make_run, make_user

REASONING = "As GPT-4o-mini I think the user needs a reminder"


@pytest.fixture
def item(session: Session):
    make_run(session, scenario_ids=["fc-05"], k=1)
    annotator = make_user(session)
    assign_paired(session, annotator_ids=[annotator.id])
    response = session.get(Response, annotator_queue(session, annotator)[0].response_id)
    response.llm_calls = [
        {
            "reasoning": REASONING,
            "response": "model reply " + REASONING,
            "tool_calls": [{"id": "c1", "name": "notify_user", "arguments": REASONING}],
        }
    ]
    response.raw_output = "raw " + REASONING
    session.add(response)
    session.commit()
    return annotator, response.id


@pytest.mark.parametrize(
    "part", ["call.0.reasoning", "call.0.response", "call.0.tool.0.arguments", "raw_output"]
)
def test_an_annotator_cannot_download_what_the_item_page_does_not_show(
    session: Session, make_browser, item, part: str
) -> None:
    annotator, response_id = item
    browser = make_browser()
    browser.login(annotator.username)
    page = browser.client.get(f"/annotate/{response_id}")
    assert page.status_code == 200 and REASONING not in page.text
    answer = browser.client.get(f"/annotate/{response_id}/text?part={quote(part)}")
    assert answer.status_code == 404, (answer.status_code, answer.text[:200])
    assert REASONING not in answer.text

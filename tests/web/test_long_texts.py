"""Very long tool arguments and results are shown as an excerpt with a download of the whole.

A 3.5 MB argument made a 10.5 MB item page. Now each page that shows a response's tool calls
shows at most a few thousand characters of each text, says how long the whole is, and links to
a download of the exact stored text, behind the same checks as the page.
"""

from __future__ import annotations

import html
from urllib.parse import quote

import pytest
from sqlmodel import Session

from app.annotation.service import annotator_queue
from app.models import Response
from tests.factories import assign_paired, make_run, make_user

BIG = "Dear team, " + "é" * (3_500_000 // 2) + " — end of the letter"
"""An argument of about 3.5 MB (UTF-8), ending in text an excerpt never shows."""
PAGE_LIMIT = 300_000


@pytest.fixture
def item(session: Session):
    run = make_run(session, scenario_ids=["fc-05"], k=1)
    annotator = make_user(session)
    assign_paired(session, annotator_ids=[annotator.id])
    response = next(
        session.get(Response, i.response_id)
        for i in annotator_queue(session, annotator)
        if session.get(Response, i.response_id).action is not None
    )
    action = dict(response.action)
    action["args"] = {**action["args"], "body": BIG}
    response.action = action
    step = {"round": 1, "command": "search_emails", "args": {"query": BIG}, "ok": True}
    response.trajectory = [{**step, "result": "[]"}, *response.trajectory]
    session.add(response)
    session.commit()
    return run, annotator, response.id


def _login(make_browser, user):
    browser = make_browser()
    browser.login(user.username)
    return browser


def _download(path: str, part: str) -> str:
    return f"{path}/text?part={quote(part)}"


def test_the_item_page_is_small_and_the_downloads_are_exact(
    session: Session, make_browser, item
) -> None:
    _run, annotator, response_id = item
    browser = _login(make_browser, annotator)
    page = browser.client.get(f"/annotate/{response_id}")
    assert page.status_code == 200
    assert len(page.content) < PAGE_LIMIT, len(page.content)
    text = html.unescape(page.text)
    assert "end of the letter" not in text
    assert "Shown: the first 2,000 of 1,750,031 characters (3.3 MB)" in text
    for part in ("action.args.body", "step.0.args.query"):
        link = _download(f"/annotate/{response_id}", part)
        assert html.escape(link) in page.text or link in page.text, part
        whole = browser.client.get(link)
        assert whole.status_code == 200 and whole.text == BIG, part
        assert whole.headers["content-disposition"].startswith("attachment;")
        assert whole.content == BIG.encode()
    assert browser.client.get(_download(f"/annotate/{response_id}", "step.0.result")).text == "[]"
    assert (
        browser.client.get(_download(f"/annotate/{response_id}", "step.99.result")).status_code
        == 404
    )


def test_another_annotator_cannot_download_the_item(session: Session, make_browser, item) -> None:
    _run, _annotator, response_id = item
    other = _login(make_browser, make_user(session))
    answer = other.client.get(_download(f"/annotate/{response_id}", "action.args.body"))
    assert answer.status_code == 404 and "end of the letter" not in answer.text
    lead = _login(make_browser, make_user(session, role="lead"))
    assert (
        lead.client.get(_download(f"/annotate/{response_id}", "action.args.body")).status_code
        == 403
    )


def test_the_checkpoint_page_is_small(session: Session, make_browser, item) -> None:
    _run, annotator, response_id = item
    browser = _login(make_browser, annotator)
    response = session.get(Response, response_id)
    from app.models import Checkpoint

    checkpoint = session.get(Checkpoint, response.checkpoint_id)
    page = browser.client.get(f"/annotate/checkpoint/{checkpoint.scenario_id}/{checkpoint.t}")
    assert page.status_code == 200 and len(page.content) < PAGE_LIMIT
    assert "Download the whole" in page.text


def test_the_run_response_page_is_small_and_the_downloads_are_exact(
    session: Session, make_browser, item
) -> None:
    run, _annotator, response_id = item
    researcher = _login(make_browser, make_user(session, role="researcher"))
    path = f"/runs/{run.id}/responses/{response_id}"
    page = researcher.client.get(path)
    assert page.status_code == 200 and len(page.content) < PAGE_LIMIT, len(page.content)
    assert "Download the whole" in page.text
    for part in ("action.args.body", "step.0.args.query"):
        assert researcher.client.get(_download(path, part)).text == BIG
    elsewhere = researcher.client.get(
        _download(f"/runs/{run.id + 1}/responses/{response_id}", "raw_output")
    )
    assert elsewhere.status_code == 404
    annotator = _login(make_browser, make_user(session))
    assert annotator.client.get(_download(path, "action.args.body")).status_code == 403


REASONING = "As GPT-4o-mini I think the user needs a reminder"
"""Text of the agent's LLM calls that names the model (annotators are blinded)."""
LLM_CALL_PARTS = ["call.0.reasoning", "call.0.response", "call.0.tool.0.arguments", "raw_output"]


@pytest.fixture
def item_with_calls(session: Session):
    run = make_run(session, scenario_ids=["fc-05"], k=1)
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
    return run, annotator, response.id


@pytest.mark.parametrize("part", LLM_CALL_PARTS)
def test_an_annotator_downloads_only_the_parts_the_item_page_shows(
    session: Session, make_browser, item_with_calls, part: str
) -> None:
    """The item page never shows the LLM calls or the raw reply, so its download 404s them.

    h24 attack: the route resolved the whole part grammar for an item in the annotator's own
    queue, so a model's reasoning or raw reply (which can name the model) was one URL away.
    """
    _run, annotator, response_id = item_with_calls
    browser = _login(make_browser, annotator)
    page = browser.client.get(f"/annotate/{response_id}")
    assert page.status_code == 200 and REASONING not in page.text
    answer = browser.client.get(_download(f"/annotate/{response_id}", part))
    assert answer.status_code == 404, (answer.status_code, answer.text[:200])
    assert REASONING not in answer.text


def test_a_researcher_keeps_every_part_on_the_run_response_download(
    session: Session, make_browser, item_with_calls
) -> None:
    run, _annotator, response_id = item_with_calls
    researcher = _login(make_browser, make_user(session, role="researcher"))
    path = f"/runs/{run.id}/responses/{response_id}"
    for part in LLM_CALL_PARTS:
        answer = researcher.client.get(_download(path, part))
        assert answer.status_code == 200 and REASONING in answer.text, part

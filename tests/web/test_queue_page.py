"""GET /annotate and GET /annotate/<item>/progress over HTTP (issue 16): one page of rows with
the counts, query parameters bounded and checked, the htmx request answered with the results
block only, the progress line only for the annotator's own items and only for annotators."""

from __future__ import annotations

import re

import pytest
from sqlmodel import Session

from app.annotation import queue
from app.annotation.service import annotator_queue
from tests.factories import assign_paired, make_run, make_user


@pytest.fixture
def world(session: Session, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(queue, "PAGE_SIZE", 4)
    make_run(session, scenario_ids=["fc-05", "hm-05"])
    a, b = make_user(session), make_user(session)
    assign_paired(session, annotator_ids=[a.id])
    return a, b, [i.response_id for i in annotator_queue(session, a)]


def _rows(page: str) -> list[str]:
    return re.findall(r'<tr class="[^"]*" data-response="([^"]+)"', page)


def test_the_queue_page_shows_one_window_with_the_counts(
    session: Session, make_browser, world
) -> None:
    a, _b, order = world
    browser = make_browser()
    browser.login(a.username)
    page = browser.client.get("/annotate").text
    assert _rows(page) == order[:4]
    assert f"Items 1–4 of {len(order)}." in page
    assert f"0 of {len(order)} judged" in page
    assert f'href="/annotate/{order[0]}" data-key="Enter"' in page
    assert f'href="/annotate?after={order[3]}"' in page
    after = browser.client.get(f"/annotate?after={order[3]}").text
    assert _rows(after) == order[4:8]
    # htmx asks for the results block only
    part = browser.client.get(f"/annotate?after={order[3]}", headers={"HX-Request": "true"})
    assert part.text.lstrip().startswith('<div id="queue-results">')
    assert "<html" not in part.text and _rows(part.text) == order[4:8]


def test_query_parameters_are_bounded_and_unknown_values_ignored(
    session: Session, make_browser, world
) -> None:
    a, _b, order = world
    browser = make_browser()
    browser.login(a.username)
    odd = browser.client.get("/annotate?status=everything&need=hunger&after=nobody").text
    assert _rows(odd) == order[:4] and "matching the filters" not in odd
    long = browser.client.get("/annotate", params={"q": "fc" + "x" * 5000})
    assert long.status_code == 200 and 'value="fc' + "x" * 98 + '"' in long.text
    assert browser.client.get("/annotate?q=fc%00").status_code == 422


def test_the_progress_line_is_the_annotators_own(session: Session, make_browser, world) -> None:
    a, b, order = world
    browser = make_browser()
    browser.login(a.username)
    line = browser.client.get(f"/annotate/{order[2]}/progress")
    assert line.status_code == 200
    assert f"item 3 of {len(order)} · 0 judged" in line.text
    item = browser.client.get(f"/annotate/{order[2]}").text
    assert f'hx-get="/annotate/{order[2]}/progress" hx-trigger="load"' in item
    other = make_browser()
    other.login(b.username)
    assert other.client.get(f"/annotate/{order[2]}/progress").status_code == 404
    lead = make_user(session, role="lead")
    boss = make_browser()
    boss.login(lead.username)
    assert boss.client.get(f"/annotate/{order[2]}/progress").status_code == 403

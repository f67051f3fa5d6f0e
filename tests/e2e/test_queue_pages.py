"""In headless Chromium: the annotator's queue page a window at a time (issue 16) — pages by
keyboard and by link, filters and search swapped in by htmx, every view at its own address —
with the blinded labels of the item page and never an agent's name."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from app.annotation import queue
from app.annotation.service import annotator_queue
from app.db import session_scope
from app.models import Response
from app.users.service import create_user
from tests.e2e.helpers import login
from tests.factories import assign_paired, make_run, submit_answers

pytestmark = pytest.mark.e2e

AGENTS = ("restraint", "notify_latest", "eager_executor")


@pytest.fixture
def ann_queue(live_db: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """Annotator "ann" holding the baselines' responses on three scenarios (k = 2), two judged;
    the queue page shows 5 rows a page."""
    monkeypatch.setattr(queue, "PAGE_SIZE", 5)
    with session_scope() as session:
        make_run(session, scenario_ids=["hm-05", "wp-04", "ed-01"])
        user = create_user(session, username="ann", password="ann-password", role="annotator")
        assign_paired(session, annotator_ids=[user.id])
        items = annotator_queue(session, user)
        judged = [items[1].response_id, items[7].response_id]
        for response_id in judged:
            level = session.get(Response, response_id).level_predicted
            submit_answers(
                session,
                annotator=user,
                response_id=response_id,
                form={"level": level, "verdict": "accept"},
            )
        labels: dict[str, str] = {}
        for item in items:
            same = [
                i
                for i in items
                if (i.scenario_id, i.checkpoint) == (item.scenario_id, item.checkpoint)
            ]
            labels[item.response_id] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[same.index(item)]
        return {
            "order": [i.response_id for i in items],
            "scenario": {i.response_id: i.scenario_id for i in items},
            "judged": judged,
            "labels": labels,
        }


def _rows(page: Page) -> list[str]:
    return page.locator("#queue-table tr[data-response]").evaluate_all(
        "rows => rows.map(r => r.dataset.response)"
    )


def _shown_labels(page: Page) -> dict[str, str]:
    return dict(
        page.locator("#queue-table tr[data-response]").evaluate_all(
            "rows => rows.map(r => [r.dataset.response,"
            " r.querySelector('[data-col=label]').textContent.trim()])"
        )
    )


def test_the_queue_pages_by_keyboard_and_link_at_its_own_address(
    page: Page, live_server: str, ann_queue: dict
) -> None:
    order: list[str] = ann_queue["order"]
    total = len(order)
    assert total == 18  # 3 baselines × k = 2 × 3 scenarios
    login(page, live_server, "ann", "ann-password")
    page.goto(f"{live_server}/annotate")
    expect(page.locator("#queue-range")).to_have_text("Items 1–5 of 18.")
    assert _rows(page) == order[:5]
    expect(page.locator(".progress span")).to_have_text("2 of 18 judged")
    page.keyboard.press("]")  # next page, swapped in by htmx
    expect(page.locator("#queue-range")).to_have_text("Items 6–10 of 18.")
    assert _rows(page) == order[5:10]
    assert re.search(rf"after={order[4]}$", page.url)
    page.keyboard.press("]")
    expect(page.locator("#queue-range")).to_have_text("Items 11–15 of 18.")
    page.keyboard.press("[")  # previous page
    expect(page.locator("#queue-range")).to_have_text("Items 6–10 of 18.")
    assert _rows(page) == order[5:10]
    page.reload()  # the address holds the view
    expect(page.locator("#queue-range")).to_have_text("Items 6–10 of 18.")
    page.locator("#page-last").click()
    expect(page.locator("#queue-range")).to_have_text("Items 14–18 of 18.")
    assert _rows(page) == order[-5:]
    expect(page.locator("#page-next")).to_have_count(0)
    page.locator("#page-first").click()
    expect(page.locator("#queue-range")).to_have_text("Items 1–5 of 18.")
    expect(page.locator("#page-previous")).to_have_count(0)
    assert _shown_labels(page) == {r: ann_queue["labels"][r] for r in order[:5]}
    # Enter opens the next open item (the first unjudged one: order[1] is judged)
    page.locator("h1").click()
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/annotate/{order[0]}")
    expect(page.locator("#item-progress")).to_have_text("item 1 of 18 · 2 judged")


def test_filters_and_search_swap_the_rows_and_keep_the_labels(
    page: Page, live_server: str, ann_queue: dict
) -> None:
    order: list[str] = ann_queue["order"]
    scenario_of: dict[str, str] = ann_queue["scenario"]
    login(page, live_server, "ann", "ann-password")
    page.goto(f"{live_server}/annotate")
    page.get_by_label("Status").select_option("judged")
    expect(page.locator("#queue-range")).to_have_text("Items 1–2 of 2 matching the filters.")
    assert _rows(page) == ann_queue["judged"]
    assert "status=judged" in page.url
    assert _shown_labels(page) == {r: ann_queue["labels"][r] for r in ann_queue["judged"]}
    page.get_by_label("Status").select_option("")
    page.locator("h1").click()
    page.keyboard.press("/")  # the search box takes the focus
    expect(page.locator("#queue-search")).to_be_focused()
    page.keyboard.type("WP-0")
    wp = [r for r in order if scenario_of[r] == "wp-04"]
    expect(page.locator("#queue-range")).to_have_text(
        f"Items 1–5 of {len(wp)} matching the filters."
    )
    assert _rows(page) == wp[:5]
    assert "q=WP-0" in page.url
    page.keyboard.press("Escape")  # leaves the box, the text stays
    expect(page.locator("#queue-search")).not_to_be_focused()
    page.keyboard.press("]")
    expect(page.locator("#queue-range")).to_have_text(
        f"Items 6–{len(wp)} of {len(wp)} matching the filters."
    )
    assert _rows(page) == wp[5:]
    page.reload()
    expect(page.locator("#queue-search")).to_have_value("WP-0")
    assert _rows(page) == wp[5:]
    page.get_by_label("Scenario", exact=True).select_option("ed-01")  # and wp: nothing matches both
    expect(page.locator("#queue-range")).to_have_text("No items matching the filters.")
    page.goto(f"{live_server}/annotate?scenario=ed-01&status=open")
    ed = [r for r in order if scenario_of[r] == "ed-01" and r not in ann_queue["judged"]]
    expect(page.locator("#queue-range")).to_have_text(
        f"Items 1–{min(5, len(ed))} of {len(ed)} matching the filters."
    )
    assert _rows(page) == ed[:5]
    body = page.locator("body").inner_text()
    assert not any(agent in body for agent in AGENTS)  # annotators never see model names
    page.locator("#queue-clear").click()
    expect(page.locator("#queue-range")).to_have_text("Items 1–5 of 18.")

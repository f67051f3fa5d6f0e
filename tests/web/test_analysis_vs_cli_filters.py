"""/analysis downloads under need-type and domain filters equal `halo metrics`'s tables
(metric_table, what the CLI prints) for the same filters; bad filter values are refused."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from app.metrics.registry import metric_table
from tests.factories import make_user
from tests.services.test_judge_table11 import judged_run


@pytest.mark.parametrize("name", ["table1", "figure5", "figure8", "figure9"])
def test_page_and_cli_agree_under_filters(session: Session, make_browser, name: str) -> None:
    run = judged_run(session)
    browser = make_browser()
    browser.login(make_user(session, role="lead").username)
    for need_type in ("blockage", "dependency", None):
        filters = {"run_id": run.id, "need_type": need_type, "domain": "home_maintenance"}
        query = f"run={run.id}&domain=home_maintenance" + (
            f"&need_type={need_type}" if need_type else ""
        )
        page = browser.client.get(f"/analysis/{name}.json?{query}")
        assert page.status_code == 200, page.text
        _, rows = metric_table(session, name, **filters)
        as_json = [{k: list(v) if isinstance(v, tuple) else v for k, v in r.items()} for r in rows]
        assert page.json() == as_json, (name, need_type)
        assert rows or need_type is None


@pytest.mark.parametrize(
    "query", ["domain=moon", "need_type=x", "phase=0", "phase=abc", "run=-1", "domain=%00"]
)
def test_bad_filters_on_the_page_are_422(session: Session, make_browser, query: str) -> None:
    browser = make_browser()
    browser.login(make_user(session, role="lead").username)
    assert browser.client.get(f"/analysis?{query}").status_code == 422, query
    assert browser.client.get(f"/analysis/figure9.csv?{query}").status_code == 422, query

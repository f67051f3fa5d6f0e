"""The analysis pages over HTTP: roles, filters, downloads, figures, judge upload, exports."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import unquote

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session

from app.db import get_session, session_scope
from app.export import jobs
from app.main import create_app
from app.models.export import ExportJob
from app.settings import get_settings
from tests.factories import make_run, make_user
from tests.services.test_analysis import World, build_world
from tests.services.test_metrics_outcomes import build_outcomes_world
from tests.web.conftest import Browser


def analysis_app() -> FastAPI:
    """The app, with the analysis router included if app/main.py does not include it yet."""
    app = create_app()
    if not any(getattr(route, "path", "").startswith("/analysis") for route in app.routes):
        from app.web.pages import analysis

        app.include_router(analysis.router)
    return app


@pytest.fixture
def browser_for(session: Session) -> Iterator[Callable[[str], Browser]]:
    """A logged-in browser for a new user of the given role, sharing the test's session."""
    app = analysis_app()

    def override() -> Iterator[Session]:
        yield session

    app.dependency_overrides[get_session] = override
    clients: list[TestClient] = []

    def factory(role: str) -> Browser:
        client = TestClient(app)
        clients.append(client)
        browser = Browser(client)
        if role != "anonymous":
            browser.user = make_user(session, role=role)  # type: ignore[attr-defined]
            browser.login(browser.user.username)  # type: ignore[attr-defined]
        return browser

    yield factory
    for client in clients:
        client.close()


@pytest.fixture
def world(session: Session) -> World:
    return build_world(session)


@pytest.fixture
def var_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    get_settings.cache_clear()
    yield tmp_path
    monkeypatch.undo()
    get_settings.cache_clear()


PAGES = (
    "/analysis",
    "/analysis/judge",
    "/analysis/exports",
    "/analysis/table1_ci.csv",
    "/analysis/table1_outcomes.csv",
    "/lead/table1_outcomes.csv",
    "/analysis/table9.tex",
    "/analysis/figure/figure3.svg",
    "/analysis/exports/1/download/responses.jsonl",
)


def test_annotators_get_403_and_anonymous_users_log_in(browser_for) -> None:
    annotator = browser_for("annotator")
    for path in PAGES:
        assert annotator.client.get(path).status_code == 403, path
    for path in ("/analysis/judge", "/analysis/exports"):
        response = annotator.client.post(path, data={"csrf_token": annotator.token})
        assert response.status_code == 403, path
    anonymous = browser_for("anonymous")
    response = anonymous.client.get("/analysis", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"].startswith("/login")


@pytest.mark.parametrize("role", ["lead", "researcher", "admin"])
def test_leads_researchers_and_admins_see_every_section(browser_for, world: World, role) -> None:
    browser = browser_for(role)
    page = browser.client.get(f"/analysis?run={world.r1}")
    assert page.status_code == 200
    html = page.text
    assert 'id="judged-count">10 judged responses' in html
    anchors = ("table1", "table2", "table9", "figure3", "figure4", "figure5", "figure6")
    for anchor in (*anchors, "figure7", "figure8", "figure9"):
        assert f'id="section-{anchor}"' in html
    for table in ("table1_ci", "table2_domain", "figure6_stats", "table10", "tables7_8"):
        assert f'id="{table}"' in html and f"/analysis/{table}.csv?run={world.r1}" in html
    for figure in ("figure4", "figure5", "figure8", "figure9"):
        assert f'id="figure-{figure}"' in html and f'id="{figure}"' in html
    # the page never draws: each figure is an image of its SVG route under the same filters
    figures = re.findall(r'<img src="(/analysis/figure/(figure\d)\.svg[^"]*)" alt="([^"]+)"', html)
    assert [name for _src, name, _alt in figures] == [f"figure{i}" for i in range(3, 10)]
    assert "<svg" not in html
    for src, name, alt in figures:
        assert src.endswith(f"?run={world.r1}") and alt
        drawn = browser.client.get(src.replace("&amp;", "&"))
        assert drawn.status_code == 200 and drawn.headers["content-type"] == "image/svg+xml"
        assert drawn.text.startswith("<svg") and drawn.text.rstrip().endswith("</svg>"), name
    # sorting comes from a static file; the CSP forbids inline scripts
    assert '<script src="/static/sort.js" defer></script>' in html
    assert all("src=" in tag for tag in re.findall(r"<script[^>]*>", html))
    assert browser.client.get("/static/sort.js").status_code == 200
    # best acceptability in Table 1 is beta's 75.00, marked and with its interval beneath
    beta_row = re.search(r'<table[^>]*id="table1_ci".*?</table>', html, re.S)
    assert beta_row is not None
    assert re.search(
        r'class="rank1" title="best in this column">75\.00<span class="ci">\[30\.06, 95\.44\]',
        beta_row.group(0),
    )


def test_filters_narrow_every_table(browser_for, world: World) -> None:
    lead = browser_for("lead")
    assert (
        'id="judged-count">1 judged responses'
        in lead.client.get(f"/analysis?run={world.r1}&phase=2").text
    )
    page = lead.client.get(f"/analysis?run={world.r1}&need_type=dependency&domain=").text
    assert 'id="judged-count">5 judged responses' in page
    assert f"/analysis/table1_ci.csv?run={world.r1}&amp;need_type=dependency" in page
    assert lead.client.get("/analysis?need_type=nonsense").status_code == 422
    assert lead.client.get("/analysis?run=abc").status_code == 422
    csv_text = lead.client.get(f"/analysis/table1.csv?run={world.r1}&need_type=dependency").text
    # dependency (hm-01): alpha a1 a2, beta b1 b2, gamma g1
    assert [line.split(",")[:2] for line in csv_text.splitlines()[1:]] == [
        ["alpha", "2"],
        ["beta", "2"],
        ["gamma", "1"],
    ]


def test_csv_and_latex_downloads(browser_for, world: World) -> None:
    lead = browser_for("lead")
    response = lead.client.get(f"/analysis/table1_ci.csv?run={world.r1}")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/csv")
    assert 'filename="table1_ci.csv"' in response.headers["content-disposition"]
    lines = response.text.splitlines()
    assert lines[0].startswith("agent,n,acceptability,acceptability_ci_low,acceptability_ci_high")
    assert lines[1].startswith("alpha,4,25.0,4.56,69.94,")
    tex = lead.client.get(f"/analysis/table9.tex?run={world.r1}")
    assert tex.status_code == 200 and tex.headers["content-type"].startswith("application/x-tex")
    assert "\\toprule" in tex.text and "need\\_type" in tex.text
    assert "beta & blockage & 2 & \\textbf{100.00}" in tex.text
    as_json = lead.client.get(f"/analysis/figure3.json?run={world.r1}").json()
    assert as_json[-1] == {
        "agent": "all",
        "rejected": 6,
        "over_proactive": 2,
        "share": 33.33,
        "share_ci": [9.68, 70.0],
    }
    assert lead.client.get("/analysis/table99.csv").status_code == 404
    assert lead.client.get("/analysis/table1.xlsx").status_code == 404
    assert lead.client.get("/analysis/table11.csv").status_code == 404  # needs an upload


def test_figures_are_served_as_svg(browser_for, world: World) -> None:
    lead = browser_for("lead")
    for name in ("figure3", "figure4", "figure5", "figure6", "figure7", "figure8", "figure9"):
        response = lead.client.get(f"/analysis/figure/{name}.svg?run={world.r1}")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("image/svg+xml")
        assert response.text.startswith("<svg")
    assert "alpha − beta" in lead.client.get(f"/analysis/figure/figure4.svg?run={world.r1}").text
    assert lead.client.get("/analysis/figure/figure99.svg").status_code == 404


def test_figures_5_8_9_on_the_page_and_as_downloads(browser_for, world: World) -> None:
    lead = browser_for("lead")
    html = lead.client.get(f"/analysis?run={world.r1}").text
    # Figure 8's table: beta leads education (2 of 2); alpha and beta tie in home_maintenance
    table = re.search(r'<table[^>]*id="figure8".*?</table>', html, re.S)
    assert table is not None
    leaders = re.findall(
        r'<td data-col="domain"[^>]*>(\w+)</td>\s*<td data-col="agent"[^>]*>(\w+)</td>'
        r'(?:(?!</tr>).)*<td data-col="leader" data-value="True"',
        table.group(0),
        re.S,
    )
    assert leaders == [
        ("education", "beta"),
        ("home_maintenance", "alpha"),
        ("home_maintenance", "beta"),
    ]
    # the starred legend entry and the domains are in Figure 8's SVG
    svg = lead.client.get(f"/analysis/figure/figure8.svg?run={world.r1}").text
    assert "domain leader" in svg and "home_maintenance" in svg
    csv_text = lead.client.get(f"/analysis/figure5.csv?run={world.r1}").text
    lines = csv_text.splitlines()
    assert lines[0].startswith("agent,n,L0,L0_ci_low,L0_ci_high,acceptability,")
    # beta: L0 25%, acceptability 75% = 50% action + 25% restraint
    beta = dict(zip(lines[0].split(","), lines[2].split(","), strict=True))
    assert (beta["agent"], beta["acceptability"], beta["accepted_action"]) == (
        "beta",
        "75.0",
        "50.0",
    )
    assert beta["accepted_restraint"] == "25.0"
    tex = lead.client.get(f"/analysis/figure9.tex?run={world.r1}&need_type=blockage").text
    assert "need\\_type" in tex and "education & blockage & 5 & 2 & 40.00" in tex
    assert "home\\_maintenance" not in tex


def test_halo_metrics_with_filters_prints_the_pages_filtered_table(live_db: str) -> None:
    """`halo metrics table1 --need-type X --format json` is the table the page shows."""
    from typer.testing import CliRunner

    from app.cli import cli

    with session_scope() as s:
        world = build_world(s)
        lead = make_user(s, role="lead")
        s.commit()
    client = TestClient(analysis_app())
    browser = Browser(client)
    browser.login(lead.username)
    runner = CliRunner()
    for query, args in (
        ("need_type=dependency", ["--need-type", "dependency"]),
        (
            "need_type=blockage&domain=education",
            ["--need-type", "blockage", "--domain", "education"],
        ),
        (f"run={world.r1}&phase=2", ["--run", str(world.r1), "--phase", "2"]),
    ):
        result = runner.invoke(cli, ["metrics", "table1", *args, "--format", "json"])
        assert result.exit_code == 0, result.output
        printed = json.loads(result.stdout)
        assert printed, query
        # the page's download of the same table under the same filters
        assert client.get(f"/analysis/table1.json?{query}").json() == printed, query
        # and the numbers of the page's own Table 1 grid (table1_ci) under those filters
        html = client.get(f"/analysis?{query}").text
        grid = re.search(r'<table[^>]*id="table1_ci".*?</table>', html, re.S)
        assert grid is not None
        for row in printed:
            cells = re.search(
                rf'<td data-col="agent" data-value="{row["agent"]}".*?</tr>', grid.group(0), re.S
            )
            assert cells is not None, (query, row["agent"])
            shown = dict(re.findall(r'data-col="(\w+)" data-value="([^"]*)"', cells.group(0)))
            for column in ("n", "acceptability", "L0", "L1", "premature", "retrieval_rounds"):
                value = row[column]
                assert shown[column] == ("" if value is None else str(value)), (query, column)
    client.close()


def _upload(browser: Browser, content: bytes, token: str | None = None, **fields: str):
    data = {"csrf_token": browser.token if token is None else token, **fields}
    files = {"file": ("judge.jsonl", content, "application/jsonl")}
    return browser.client.post("/analysis/judge", data=data, files=files)


def test_judge_upload_scores_table11(browser_for, world: World) -> None:
    lead = browser_for("lead")
    assert "Predictions (JSONL)" in lead.client.get("/analysis/judge").text
    ids = world.ids
    lines = [
        {"response_id": ids["a1"], "verdict": "accept", "level": "L1"},
        {
            "response_id": ids["a2"],
            "verdict": "reject",
            "level": "L3",
            "timing": "premature",
            "intensity": "excessive",
        },
        {"response_id": ids["b1"], "verdict": "reject", "level": "L0", "timing": None},
        {
            "response_id": ids["b2"],
            "verdict": "reject",
            "level": "L1",
            "timing": "belated",
            "intensity": "excessive",
        },
        {"response_id": "unknown-id", "verdict": "accept", "level": "L0"},
    ]
    body = ("\n".join(json.dumps(line) for line in lines) + "\n\n").encode()
    response = _upload(lead, body, run=str(world.r1))
    assert response.status_code == 200, response.text
    html = response.text
    # 4 of 10 matched; verdicts right on a1 a2 b2; all fields on a1 a2
    assert "5 predictions; 4 matched a human judgement, 6 human-judged responses" in html
    assert "1 predictions had no human judgement" in html
    summary = re.search(r'<table[^>]*id="table11".*?</table>', html, re.S)
    assert summary is not None
    assert 'data-col="verdict_accuracy" data-value="75.0"' in summary.group(0)
    assert 'data-col="joint_accuracy" data-value="50.0"' in summary.group(0)
    for field in ("verdict", "level", "timing", "intensity"):
        assert f'id="confusion-{field}"' in html
    # the upload is not stored: its tables download as data links, not /analysis/table11.csv
    assert "/analysis/table11.csv" not in html
    link = re.search(r'href="data:text/csv;charset=utf-8,([^"]+)" download="table11.csv"', html)
    assert link is not None
    assert unquote(link.group(1)).splitlines()[1].startswith("4,6,75.0,")
    assert 'download="table11_confusion.tex"' in html
    # without the CSRF token nothing is scored
    assert _upload(lead, body, token="forged").status_code == 403


def test_judge_upload_reports_every_bad_line_and_computes_nothing(
    browser_for, world: World
) -> None:
    lead = browser_for("lead")
    body = b"\n".join(
        [
            json.dumps(
                {"response_id": world.ids["a1"], "verdict": "accept", "level": "L1"}
            ).encode(),
            json.dumps(
                {"response_id": world.ids["a2"], "verdict": "maybe", "level": "L1"}
            ).encode(),
            b"{not json",
            json.dumps(
                {"response_id": world.ids["a1"], "verdict": "accept", "level": "L1"}
            ).encode(),
            json.dumps({"response_id": "x", "verdict": "accept", "level": "L9", "why": 1}).encode(),
            b"[1, 2]",
        ]
    )
    response = _upload(lead, body)
    assert response.status_code == 422
    html = response.text
    assert 'id="result"' not in html and 'id="problems"' in html
    problems = re.findall(r"<li>(line \d+: [^<]*)</li>", html)
    assert [p.split(":")[0] for p in problems] == [
        "line 2",
        "line 3",
        "line 4",
        "line 5",
        "line 5",
        "line 6",
    ]
    assert problems[0].startswith("line 2: $.verdict:")
    assert "not valid JSON" in problems[1]
    assert "is already on line 1" in problems[2]
    assert any("$.why" in p for p in problems) and any("$.level" in p for p in problems)
    empty = _upload(lead, b"\n\n")
    assert empty.status_code == 422 and "holds no predictions" in empty.text


def test_exports_block_is_polled_while_a_job_is_open(
    session: Session, browser_for, var_dir: Path
) -> None:
    lead = browser_for("lead")
    job = jobs.create_export_job(session, format="jsonl")
    block = lead.client.get("/analysis/exports", headers={"HX-Request": "true"})
    assert block.status_code == 200 and "<html" not in block.text
    assert 'hx-trigger="every 1s"' in block.text and f'id="job-{job.id}"' in block.text
    assert lead.client.post("/analysis/exports", data={"format": "jsonl"}).status_code == 403
    bad = lead.client.post("/analysis/exports", data={"csrf_token": lead.token, "format": "zip"})
    assert bad.status_code == 422 and "unknown format" in bad.text


def test_export_end_to_end_in_process(
    live_db: str, var_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    get_settings.cache_clear()
    assert get_settings().in_process_tasks
    with session_scope() as s:
        run = make_run(s, scenario_ids=["wp-04"])
        lead = make_user(s, role="lead")
        annotator = make_user(s)
        run_id, lead_name, annotator_name = run.id, lead.username, annotator.username
    with TestClient(analysis_app()) as client:
        browser = Browser(client)
        browser.login(lead_name)
        started = client.post(
            "/analysis/exports",
            data={"csrf_token": browser.token, "format": "both", "run": str(run_id)},
            follow_redirects=False,
        )
        # the background task has run by the time the test client returns
        assert started.status_code == 303 and started.headers["location"] == "/analysis/exports"
        with session_scope() as s:
            (job,) = jobs.list_export_jobs(s)
        assert (job.status, job.done, job.total, job.run_id) == ("done", 6, 6, run_id)
        page = client.get("/analysis/exports").text
        assert "6 / 6 rows" in page and 'hx-trigger="every 1s"' not in page
        link = f"/analysis/exports/{job.id}/download/responses.jsonl"
        assert link in page
        download = client.get(link)
        assert download.status_code == 200
        assert f"halo-export-{job.id}-responses.jsonl" in download.headers["content-disposition"]
        rows = [json.loads(line) for line in download.text.splitlines()]
        assert len(rows) == 6 and {r["run_id"] for r in rows} == {str(run_id)}
        assert (
            client.get(f"/analysis/exports/{job.id}/download/responses.parquet").status_code == 200
        )
        (var_dir / "secret.txt").write_text("not an export")
        for path in (
            f"/analysis/exports/{job.id}/download/..%2F..%2Fsecret.txt",
            f"/analysis/exports/{job.id}/download/%2E%2E",
            f"/analysis/exports/{job.id}/download/secret.txt",
            f"/analysis/exports/{job.id + 1}/download/responses.jsonl",
        ):
            assert client.get(path).status_code == 404, path
    with TestClient(analysis_app()) as other:
        annotator_browser = Browser(other)
        annotator_browser.login(annotator_name)
        assert other.get(link).status_code == 403
    with session_scope() as s:
        stored = s.get(ExportJob, job.id)
        assert stored is not None and stored.finished_at is not None


def test_a_finished_export_is_deleted_from_the_exports_page(
    session: Session, browser_for, var_dir: Path
) -> None:
    make_run(session, scenario_ids=["wp-04"])
    lead = browser_for("lead")
    done = jobs.create_export_job(session, format="jsonl", created_by=lead.user.id)
    running = jobs.create_export_job(session, format="jsonl", created_by=lead.user.id)
    assert done.id is not None and running.id is not None
    jobs.run_export_job(session, done.id)
    running.status = "running"
    session.add(running)
    session.commit()
    page = lead.client.get("/analysis/exports").text
    action = f'action="/analysis/exports/{done.id}/delete"'
    assert action in page and 'data-confirm="Delete export' in page
    assert f'action="/analysis/exports/{running.id}/delete"' not in page  # still running
    assert "30 days after they finish" in page and "5 newer ones" in page
    # CSRF is required
    assert lead.client.post(f"/analysis/exports/{done.id}/delete").status_code == 403
    deleted = lead.client.post(
        f"/analysis/exports/{done.id}/delete",
        data={"csrf_token": lead.token},
        follow_redirects=False,
    )
    assert deleted.status_code == 303 and deleted.headers["location"] == "/analysis/exports"
    assert session.get(ExportJob, done.id) is None
    assert not (var_dir / "exports" / str(done.id)).exists()
    assert f'id="job-{done.id}"' not in lead.client.get("/analysis/exports").text
    refused = lead.client.post(
        f"/analysis/exports/{running.id}/delete", data={"csrf_token": lead.token}
    )
    assert refused.status_code == 422 and "can be deleted once it has finished" in refused.text
    gone = lead.client.post(f"/analysis/exports/{done.id}/delete", data={"csrf_token": lead.token})
    assert gone.status_code == 404
    annotator = browser_for("annotator")
    forbidden = annotator.client.post(
        f"/analysis/exports/{running.id}/delete", data={"csrf_token": annotator.token}
    )
    assert forbidden.status_code == 403


def test_an_export_whose_server_died_shows_interrupted_and_can_be_deleted(
    session: Session, browser_for, var_dir: Path
) -> None:
    from tests.services.test_export_jobs import _dead_holder

    lead = browser_for("lead")
    job = jobs.create_export_job(session, format="jsonl", in_process=True, created_by=lead.user.id)
    assert job.claimed_by == jobs.claimant()  # the serving process will write it
    job.status, job.claimed_by = "running", _dead_holder()
    session.add(job)
    session.commit()
    page = lead.client.get("/analysis/exports").text
    assert 'data-status="failed"' in page and "interrupted: the process writing it" in page
    assert f'action="/analysis/exports/{job.id}/delete"' in page
    assert 'hx-trigger="every 1s"' not in page  # nothing left to poll for
    session.expire_all()
    stored = session.get(ExportJob, job.id)
    assert stored is not None and (stored.status, stored.error) == ("running", None)  # GET: read
    deleted = lead.client.post(
        f"/analysis/exports/{job.id}/delete",
        data={"csrf_token": lead.token},
        follow_redirects=False,
    )
    assert deleted.status_code == 303 and session.get(ExportJob, job.id) is None


def test_only_the_creator_or_an_admin_downloads_or_deletes_an_export(
    session: Session, browser_for, var_dir: Path
) -> None:
    make_run(session, scenario_ids=["wp-04"])
    owner, other, lead, admin = (
        browser_for(r) for r in ("researcher", "researcher", "lead", "admin")
    )
    job = jobs.create_export_job(session, format="jsonl", created_by=owner.user.id)
    assert job.id is not None
    jobs.run_export_job(session, job.id)
    link = f"/analysis/exports/{job.id}/download/responses.jsonl"
    delete = f"/analysis/exports/{job.id}/delete"
    mine = owner.client.get("/analysis/exports").text
    assert link in mine and f'action="{delete}"' in mine
    assert f'<td class="creator">{owner.user.username}</td>' in mine
    for browser in (other, lead):
        page = browser.client.get("/analysis/exports").text
        assert f'<td class="creator">{owner.user.username}</td>' in page
        assert link not in page and f'action="{delete}"' not in page
        assert "only its creator or an admin can download them" in page
        assert browser.client.get(link).status_code == 403
        refused = browser.client.post(delete, data={"csrf_token": browser.token})
        assert refused.status_code == 403 and "belongs to another user" in refused.text
    assert session.get(ExportJob, job.id) is not None
    assert owner.client.get(link).status_code == 200
    assert admin.client.get(link).status_code == 200
    assert link in admin.client.get("/analysis/exports").text
    deleted = admin.client.post(delete, data={"csrf_token": admin.token}, follow_redirects=False)
    assert deleted.status_code == 303 and session.get(ExportJob, job.id) is None


def test_a_double_clicked_start_export_creates_one_job(
    session: Session, browser_for, var_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "app.web.pages.analysis._dispatch", lambda job_id, background: None
    )  # nothing runs: the jobs stay queued
    researcher = browser_for("researcher")
    page = researcher.client.get("/analysis/exports").text
    token = re.search(r'name="submission" value="([0-9a-f]{32})"', page)
    assert token is not None
    form = {"csrf_token": researcher.token, "format": "both", "submission": token.group(1)}
    for _ in range(3):
        clicked = researcher.client.post("/analysis/exports", data=form, follow_redirects=False)
        assert clicked.status_code == 303 and clicked.headers["location"] == "/analysis/exports"
    mine = [j for j in jobs.list_export_jobs(session) if j.created_by == researcher.user.id]
    assert len(mine) == 1 and mine[0].submission == token.group(1)
    # a fresh rendering of the form is a fresh export
    again = re.search(
        r'name="submission" value="([0-9a-f]{32})"',
        researcher.client.get("/analysis/exports").text,
    )
    assert again is not None and again.group(1) != token.group(1)
    form["submission"] = again.group(1)
    assert researcher.client.post("/analysis/exports", data=form).status_code == 200
    assert (
        len([j for j in jobs.list_export_jobs(session) if j.created_by == researcher.user.id]) == 2
    )


def test_judge_upload_takes_a_byte_order_mark_and_reports_deep_nesting(
    browser_for, world: World
) -> None:
    lead = browser_for("lead")
    line = {"response_id": world.ids["a1"], "verdict": "accept", "level": "L1"}
    with_bom = b"\xef\xbb\xbf" + json.dumps(line).encode() + b"\n"
    scored = _upload(lead, with_bom, run=str(world.r1))
    assert scored.status_code == 200 and "1 matched a human judgement" in scored.text
    deep = b'{"response_id": ' + b"[" * 3000 + b"]" * 3000 + b"}\n"
    refused = _upload(lead, with_bom + deep, run=str(world.r1))
    assert refused.status_code == 422
    assert "line 2: $: not valid JSON: nested too deeply" in refused.text


def test_an_unknown_run_filter_says_the_run_does_not_exist(browser_for, world: World) -> None:
    lead = browser_for("lead")
    page = lead.client.get("/analysis?run=987654")
    assert page.status_code == 200
    assert "Run 987654 does not exist" in page.text and 'id="judged-count">0 judged' in page.text
    assert "does not exist" not in lead.client.get(f"/analysis?run={world.r1}").text
    assert "Run 987654 does not exist" in lead.client.get("/analysis/judge?run=987654").text


def test_table1_downloads_of_lead_and_analysis_render_as_halo_metrics_prints(
    session: Session, browser_for, world: World
) -> None:
    from app.metrics.registry import metric_table
    from app.metrics.render import render_metric_table

    lead = browser_for("lead")
    columns, rows = metric_table(session, "table1")
    for extension, fmt in (("csv", "csv"), ("tex", "latex"), ("json", "json")):
        printed = render_metric_table("table1", columns, rows, fmt)  # what `halo metrics` prints
        from_lead = lead.client.get(f"/lead/table1.{extension}")
        from_analysis = lead.client.get(f"/analysis/table1.{extension}")
        assert from_lead.status_code == from_analysis.status_code == 200, extension
        assert from_lead.text == from_analysis.text == printed, extension
        assert from_lead.headers["content-type"] == from_analysis.headers["content-type"]
        assert (
            from_lead.headers["content-disposition"] == f'attachment; filename="table1.{extension}"'
        )
    # the LaTeX carries the paper's marks on /lead too (best in bold, second underlined)
    latex = lead.client.get("/lead/table1.tex").text
    assert "\\textbf{" in latex and "\\underline{" in latex
    assert lead.client.get("/lead/table1.xml").status_code == 404


def _outcome_cells(html: str, table_id: str, agent: str) -> dict[str, str]:
    """The cells of an agent's row of an outcomes table on a page: column → text."""
    table = re.search(rf'<table[^>]*id="{table_id}".*?</table>', html, re.S)
    assert table, table_id
    row = re.search(rf"<tr[^>]*>\s*<t[hd][^>]*>{agent}</t[hd]>(.*?)</tr>", table.group(0), re.S)
    assert row, agent
    cells = re.findall(r'<td data-col="(\w+)"[^>]*>([^<]*)', row.group(1))
    return {column: text.strip() for column, text in cells}


def test_response_outcomes_beside_table1_on_analysis_and_lead(
    session: Session, browser_for
) -> None:
    outcomes = build_outcomes_world(session)
    lead = browser_for("lead")
    # /analysis: in Table 1's section, under the filters (R1, dependency: omega 10 planned)
    page = lead.client.get(f"/analysis?run={outcomes.r1}&need_type=dependency").text
    section = re.search(r'<section[^>]*id="section-table1".*?</section>', page, re.S)
    assert section and 'id="table1_outcomes"' in section.group(0)
    omega = _outcome_cells(page, "table1_outcomes", "omega")
    assert omega == {
        "planned": "10",
        "completed": "7",
        "open": "0",
        "protocol_error_n": "2",
        "api_error_n": "1",
        "protocol_error": "20.00",
        "api_error": "10.00",
    }
    assert _outcome_cells(page, "table1_outcomes", "psi")["open"] == "3"
    # shortened headings with the full name on hover
    assert '<abbr title="Protocol errors, % of planned responses">Prot. err. %</abbr>' in page
    assert '<abbr title="API errors, % of planned responses">API err. %</abbr>' in page
    csv = lead.client.get(f"/analysis/table1_outcomes.csv?run={outcomes.r1}&need_type=dependency")
    assert csv.status_code == 200
    assert csv.text.splitlines()[1] == "omega,10,7,0,2,1,20.0,10.0"
    # /lead: every run (omega's R1 and R2: 6 of 15 planned protocol errors, 1/15 = 6.67 %)
    overview = lead.client.get("/lead").text
    omega_all = _outcome_cells(overview, "table1_outcomes", "omega")
    assert (omega_all["planned"], omega_all["protocol_error"], omega_all["api_error"]) == (
        "15",
        "40.00",
        "6.67",
    )
    assert "Prot. err. %" in overview
    download = lead.client.get("/lead/table1_outcomes.csv")
    assert download.status_code == 200
    assert 'filename="table1_outcomes.csv"' in download.headers["content-disposition"]
    assert download.text.splitlines()[1] == "omega,15,8,0,6,1,40.0,6.67"
    assert lead.client.get("/lead/table1_outcomes.json").json()[1]["api_error"] == 20.0
    assert lead.client.get("/lead/table1_outcomes.xml").status_code == 404
    # an annotator sees neither the page nor the agent names
    annotator = browser_for("annotator")
    for path in ("/lead", "/lead/table1_outcomes.csv", "/analysis/table1_outcomes.json"):
        response = annotator.client.get(path)
        assert response.status_code == 403 and "omega" not in response.text, path

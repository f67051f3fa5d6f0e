"""Input the database cannot hold is refused up front with a clear answer: NUL characters in
any form field, query parameter or address (PostgreSQL rejects them in text), and whole numbers
outside its integer range. Never a 500."""

from __future__ import annotations

import html

import pytest
from sqlmodel import Session, select

from app.annotation.audit import CRITERIA
from app.annotation.service import annotator_queue
from app.models import Annotation, AnnotationDraft, AuditVote, Batch, Response
from app.models.users import LoginAttempt
from tests.factories import assign_paired, make_run, make_user


@pytest.fixture
def item(session: Session):
    make_run(session, scenario_ids=["fc-05"], k=1)
    annotator = make_user(session)
    assign_paired(session, annotator_ids=[annotator.id])
    acting = next(
        i
        for i in annotator_queue(session, annotator)
        if session.get(Response, i.response_id).action is not None
    )
    return annotator, acting.response_id


def _logged_in(make_browser, user, path: str = "/login"):
    browser = make_browser()
    browser.login(user.username)
    browser.refresh_token(path)
    return browser


def test_nul_in_a_note_or_a_draft_is_refused_with_a_422(
    session: Session, make_browser, item
) -> None:
    annotator, response_id = item
    browser = _logged_in(make_browser, annotator, "/annotate")
    answers = {
        "csrf_token": browser.token,
        "level": "L3",
        "verdict": "reject",
        "timing": "belated",
        "intensity": "excessive",
        "other_issue": "other",
        "note_other": "pasted\x00text",
        "version": "",
    }
    submitted = browser.client.post(f"/annotate/{response_id}", data=answers)
    assert submitted.status_code == 422
    assert "NUL character" in html.unescape(submitted.text) and "note other" in submitted.text
    autosave = browser.client.post(
        f"/annotate/{response_id}/draft",
        data=answers,
        files={"unused": ("x.txt", b"binary \x00 is fine in a file")},  # multipart, as fetch
        headers={"X-CSRF-Token": browser.token},
    )
    assert autosave.status_code == 422 and "NUL character" in html.unescape(autosave.text)
    assert session.exec(select(Annotation)).all() == []
    assert session.exec(select(AnnotationDraft)).all() == []
    # the same answers without the NUL go through
    answers["note_other"] = "pasted text"
    assert browser.client.post(f"/annotate/{response_id}", data=answers).status_code == 200


def test_nul_in_an_audit_comment_is_refused(session: Session, make_browser) -> None:
    reviewer = make_user(session, role="researcher")
    browser = _logged_in(make_browser, reviewer, "/audit")
    answer = browser.client.post(
        "/audit/hm-01",
        data={
            "csrf_token": browser.token,
            "vote": "approve",
            "pass": list(CRITERIA),
            "comment": "fine\x00",
        },
    )
    assert answer.status_code == 422 and "NUL character" in html.unescape(answer.text)
    assert session.exec(select(AuditVote)).all() == []


def test_nul_in_the_login_username_is_refused_before_anything_is_recorded(
    session: Session, make_browser
) -> None:
    browser = make_browser()
    browser.refresh_token("/login")
    answer = browser.client.post(
        "/login",
        data={"username": "admin\x00", "password": "whatever-123", "csrf_token": browser.token},
    )
    assert answer.status_code == 422 and "NUL character" in html.unescape(answer.text)
    assert session.exec(select(LoginAttempt)).all() == []


def test_nul_in_an_address_is_a_404_and_in_a_query_a_422(session: Session, make_browser, item):
    annotator, _response_id = item
    browser = _logged_in(make_browser, annotator, "/annotate")
    assert browser.client.get("/annotate/%00").status_code == 404
    assert browser.client.get("/annotate/abc%00def").status_code == 404
    lead = _logged_in(make_browser, make_user(session, role="lead"), "/lead")
    assert lead.client.get("/analysis?need_type=%00").status_code == 422


@pytest.mark.parametrize(
    "path", ["/lead/batches/99999999999999999999", "/lead/batches/-1", "/lead/batches/0"]
)
def test_ids_no_row_can_have_in_addresses_are_404(
    session: Session, make_browser, path: str
) -> None:
    lead = _logged_in(make_browser, make_user(session, role="lead"), "/lead")
    assert lead.client.get(path).status_code == 404, path


@pytest.mark.parametrize("path", ["/lead?phase=99999999999999999999", "/lead?phase=0"])
def test_out_of_range_numbers_in_queries_are_422(session: Session, make_browser, path: str) -> None:
    lead = _logged_in(make_browser, make_user(session, role="lead"), "/lead")
    assert lead.client.get(path).status_code == 422, path


def test_ids_no_row_can_have_on_admin_actions_are_404(session: Session, make_browser) -> None:
    admin = _logged_in(make_browser, make_user(session, role="admin"), "/admin/users")
    for action in ("deactivate", "reactivate", "reset-password"):
        answer = admin.client.post(
            f"/admin/users/99999999999999999999/{action}", data={"csrf_token": admin.token}
        )
        assert answer.status_code == 404, action


@pytest.mark.parametrize(
    "field,value,message",
    [
        ("phase", "0", "phase must be a whole number from 1"),
        ("phase", "99999999999999999999", "phase must be a whole number from 1 up to"),
        ("seed", "99999999999999999999", "seed must be a whole number"),
        ("expires_hours", "99999999999", "expires hours must be a whole number"),
        ("expires_hours", "100000", "expiry must be a whole number of hours from 1 to"),
    ],
)
def test_bad_numbers_on_the_batch_form_are_refused_with_the_reason(
    session: Session, make_browser, field: str, value: str, message: str
) -> None:
    make_run(session, scenario_ids=["fc-05"], k=1)
    annotator = make_user(session)
    lead = _logged_in(make_browser, make_user(session, role="lead"), "/lead/batches")
    before = len(session.exec(select(Batch)).all())
    answer = lead.client.post(
        "/lead/batches",
        data={"csrf_token": lead.token, "annotators": str(annotator.id), field: value},
    )
    # refused: back to the form (post/redirect/get) with the reason shown there
    assert [r.status_code for r in answer.history] == [303] and answer.url.path == "/lead/batches"
    assert message in html.unescape(answer.text)
    assert len(session.exec(select(Batch)).all()) == before


def test_a_number_the_database_cannot_hold_is_a_422_on_any_page(session: Session) -> None:
    """The backstop for pages that do not bound their numbers themselves.

    Every id in an address is bounded now (a 404 when no row can have it), so a route of the
    test's own sends PostgreSQL an integer it cannot hold.
    """
    from fastapi.testclient import TestClient
    from sqlalchemy import text

    from app.main import create_app

    app = create_app()

    @app.get("/probe/{number}")
    def probe(number: int) -> str:
        return str(session.execute(text("SELECT CAST(:n AS integer)"), {"n": number}).scalar())

    with TestClient(app) as client:
        answer = client.get("/probe/99999999999", headers={"Accept": "text/html"})
        assert answer.status_code == 422 and "out of range" in answer.text
        session.rollback()
        assert client.get("/probe/7").text == '"7"'  # the same route, a number that fits


def test_a_run_id_past_64_bits_in_the_address_is_a_404(session: Session, make_browser) -> None:
    lead = _logged_in(make_browser, make_user(session, role="lead"), "/lead")
    answer = lead.client.get("/runs/99999999999999999999", headers={"Accept": "text/html"})
    assert answer.status_code == 404


@pytest.mark.parametrize("version", ["²", "9" * 5000, "0", "-3", "2147483648", "one"])
def test_a_crafted_version_is_a_422_on_submit_and_autosave(
    session: Session, make_browser, item, version: str
) -> None:
    # "²".isdigit() is True but int("²") raises; 5,000 digits pass isdigit() and exceed int()'s
    # limit: both were a 500 with the connection reset
    annotator, response_id = item
    browser = _logged_in(make_browser, annotator, "/annotate")
    answers = {"csrf_token": browser.token, "level": "L1", "verdict": "accept", "version": version}
    submitted = browser.client.post(f"/annotate/{response_id}", data=answers)
    assert submitted.status_code == 422 and "version must be a whole number" in submitted.text
    autosave = browser.client.post(
        f"/annotate/{response_id}/draft", data=answers, headers={"X-CSRF-Token": browser.token}
    )
    assert autosave.status_code == 422
    assert session.exec(select(Annotation)).all() == []
    assert session.exec(select(AnnotationDraft)).all() == []

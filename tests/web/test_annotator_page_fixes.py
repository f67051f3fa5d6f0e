"""Annotator page fixes (issue 17, item 8): the Other-issues legend says when it is required,
errors name fields by their labels, and the stale-tab box shows labels and the other tab's notes."""

from __future__ import annotations

import html
import json
import re
from datetime import timedelta

import pytest
from sqlmodel import Session, select

from app.annotation.audit import CRITERIA
from app.annotation.creation import create_batch
from app.annotation.moves import reassign_scenario
from app.annotation.service import annotator_queue, submit_diagnosis
from app.models import Assignment, AuditVote, Batch, Response, Scenario
from app.models.base import utcnow
from tests.factories import assign_paired, make_run, make_user


@pytest.fixture
def l3_item(session: Session):
    make_run(session, scenario_ids=["hm-01"])
    annotator = make_user(session)
    assign_paired(session, annotator_ids=[annotator.id])
    for item in annotator_queue(session, annotator):
        if session.get(Response, item.response_id).level_predicted == "L3":
            return annotator, item.response_id
    raise AssertionError("no L3 item")


def _alert(text: str) -> str:
    match = re.search(r'role="alert"[^>]*>([^<]+)<', text)
    assert match, "no error shown"
    return html.unescape(match.group(1))


def _hint(text: str, which: str) -> str:
    match = re.search(rf'<small data-issues-hint="{which}"([^>]*)>', text)
    assert match, f"no {which} hint"
    return match.group(1)


def _post(browser, response_id: str, **form: object):
    return browser.client.post(
        f"/annotate/{response_id}",
        data={"csrf_token": browser.token, "version": "", **form},
        follow_redirects=False,
    )


def test_legend_says_required_when_timing_and_intensity_are_appropriate(
    make_browser, l3_item
) -> None:
    annotator, item = l3_item
    browser = make_browser()
    browser.login(annotator.username)
    page = browser.client.get(f"/annotate/{item}").text
    assert "hidden" not in _hint(page, "optional") and "hidden" in _hint(page, "required")
    refused = _post(
        browser, item, level="L3", verdict="reject", timing="appropriate", intensity="appropriate"
    )
    assert refused.status_code == 422
    assert "hidden" in _hint(refused.text, "optional")
    assert "hidden" not in _hint(refused.text, "required")
    # the page's table of answers that need an issue comes from the rules
    required = re.search(r"data-required-when='([^']*)'", refused.text)
    assert required and html.unescape(required.group(1)) == (
        '["L1|reject|appropriate|appropriate", "L2|reject|appropriate|appropriate", '
        '"L3|reject|appropriate|appropriate"]'
    )


@pytest.mark.parametrize(
    "form,message",
    [
        (
            {"timing": "appropriate", "intensity": "appropriate"},
            "Other issues: a rejected response with appropriate timing and intensity must name "
            "at least one other issue",
        ),
        (
            {"timing": "belated", "intensity": "excessive", "other_issue": "factual_contradiction"},
            "Other issues: factual contradiction needs a written note",
        ),
        (
            {"timing": "belated", "intensity": "excessive", "note_irrelevant_action": "why"},
            "Other issues: a note is written for irrelevant action but the issue is not ticked",
        ),
        ({"intensity": "excessive"}, "Timing: a rejected L1–L3 needs timing"),
        ({"timing": "belated"}, "Intensity: a rejected L1–L3 needs intensity"),
    ],
)
def test_errors_name_the_field_by_its_label(make_browser, l3_item, form, message) -> None:
    annotator, item = l3_item
    browser = make_browser()
    browser.login(annotator.username)
    refused = _post(browser, item, level="L3", verdict="reject", **form)
    assert refused.status_code == 422
    alert = _alert(refused.text)
    assert alert.startswith(message), alert
    assert "other_issues" not in alert and "_" not in alert


def test_stale_tab_box_shows_labels_and_the_other_tabs_notes(make_browser, l3_item) -> None:
    annotator, item = l3_item
    other_tab, this_tab = make_browser(), make_browser()
    other_tab.login(annotator.username)
    this_tab.login(annotator.username)
    saved = _post(
        other_tab,
        item,
        level="L3",
        verdict="reject",
        timing="premature",
        intensity="excessive",
        other_issue=["unsupported_by_evidence", "factual_contradiction"],
        note_unsupported_by_evidence="No message mentions the boiler.",
        note_factual_contradiction="The payment is due on the 3rd, not the 13th.",
    )
    assert saved.status_code == 303
    stale = _post(this_tab, item, level="L3", verdict="accept")
    assert stale.status_code == 409
    box = re.search(r'<div class="note" id="stored-version">(.*?)</div>', stale.text, re.S)
    assert box
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", box.group(1))))
    for shown in (
        "Level L3",
        "Verdict reject",
        "Timing premature",
        "Intensity excessive",
        "Other issues: unsupported by evidence No message mentions the boiler.",
        "Other issues: factual contradiction The payment is due on the 3rd, not the 13th.",
    ):
        assert shown in text, text
    assert "unsupported_by_evidence" not in text and "factual_contradiction" not in text
    # the annotator's own answers stay in the form
    assert re.search(r'name="verdict" value="accept" data-key="a" checked', stale.text)


# ---------------------------------------------------------------------------------------------
# The queue: verdicts, blinded labels, one aligned table, and why "judged" went down


def _judge(session: Session, annotator, response_id: str, verdict: str = "accept") -> None:
    response = session.get(Response, response_id)
    level = "L0" if response.action is None else response.level_predicted
    form: dict = {"level": level, "verdict": verdict}
    if verdict == "reject" and level != "L0":
        form.update(timing="premature", intensity="excessive")
    submit_diagnosis(session, annotator=annotator, response_id=response_id, form=form)


def _rows(page: str) -> list[dict[str, str]]:
    """Each item row of the queue table: response id and the text of each column."""
    rows = []
    for match in re.finditer(r'<tr class="[^"]*" data-response="([^"]+)">(.*?)</tr>', page, re.S):
        cells = re.findall(r'<td data-col="(\w+)">(.*?)</td>', match.group(2), re.S)
        first = re.search(r"<td><a [^>]*>(.*?)</a></td>", match.group(2), re.S)
        row = {col: re.sub(r"<[^>]+>", "", text).strip() for col, text in cells}
        row["id"], row["checkpoint"] = match.group(1), first.group(1) if first else ""
        rows.append(row)
    return rows


def test_queue_shows_each_items_verdict_and_blinded_label_in_one_table(
    session: Session, make_browser
) -> None:
    make_run(session, scenario_ids=["hm-01", "wp-02"])
    annotator = make_user(session)
    assign_paired(session, annotator_ids=[annotator.id])
    queue = annotator_queue(session, annotator)
    accepted, rejected = queue[0].response_id, queue[1].response_id
    _judge(session, annotator, accepted, "accept")
    _judge(session, annotator, rejected, "reject")
    browser = make_browser()
    browser.login(annotator.username)
    page = browser.client.get("/annotate").text
    # one table with one header row: the columns line up across scenarios
    assert page.count("<table") == 1 and page.count("<thead>") == 1
    assert re.search(
        r"<thead><tr><th[^>]*>Checkpoint</th><th[^>]*>Response</th><th[^>]*>Status</th>"
        r"<th[^>]*>Verdict</th><th[^>]*>Due</th></tr></thead>",
        page,
    )
    rows = _rows(page)
    assert [r["id"] for r in rows] == [i.response_id for i in queue]
    by_id = {r["id"]: r for r in rows}
    assert (by_id[accepted]["status"], by_id[accepted]["verdict"]) == ("judged", "accept")
    assert (by_id[rejected]["status"], by_id[rejected]["verdict"]) == ("judged", "reject")
    assert all(r["verdict"] == "–" for r in rows if r["id"] not in (accepted, rejected))
    # the label is the one the item page shows: A, B, C... per checkpoint, in the queue's order
    expected: dict[str, str] = {}
    for item in queue:
        same = [
            q.response_id
            for q in queue
            if (q.scenario_id, q.checkpoint) == (item.scenario_id, item.checkpoint)
        ]
        expected[item.response_id] = "ABCDEFGH"[same.index(item.response_id)]
    assert {r["id"]: r["label"] for r in rows} == expected
    item_page = browser.client.get(f"/annotate/{rejected}").text
    assert f"response {expected[rejected]}" in item_page


def test_queue_explains_judged_items_that_left_it(session: Session, make_browser) -> None:
    run = make_run(session, scenario_ids=["wp-01", "wp-02", "wp-03"])
    lead = make_user(session, role="lead")
    a, b = make_user(session), make_user(session)
    batch = create_batch(session, name="b", annotator_ids=[a.id], created_by=lead.id, run_id=run.id)
    by_scenario: dict[str, list[str]] = {}
    for item in annotator_queue(session, a):
        by_scenario.setdefault(item.scenario_id, []).append(item.response_id)
    assert sorted(by_scenario) == ["wp-01", "wp-02", "wp-03"]
    for scenario in ("wp-01", "wp-02", "wp-03"):
        for response_id in by_scenario[scenario][:2]:
            _judge(session, a, response_id)
    browser = make_browser()
    browser.login(a.username)
    before = browser.client.get("/annotate").text
    assert "6 of " in before and 'id="queue-departures"' not in before

    reassign_scenario(
        session,
        batch_id=batch.id,
        scenario_id="wp-01",
        kind="primary",
        from_annotator=a.id,
        to_annotator=b.id,
        by=lead.id,
        reason="a second opinion on the payroll cases",
        restart=True,
    )
    session.get(Scenario, "wp-02").audit_status = "rejected"
    session.commit()
    page = browser.client.get("/annotate").text
    remaining = len(by_scenario["wp-03"])
    assert f"2 of {remaining} judged" in page
    box = re.search(r'<div class="note" id="queue-departures">(.*?)</div>', page, re.S)
    assert box
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", box.group(1))))
    assert "4 items you judged are no longer in your queue" in text
    restarted = re.search(
        r'data-scenario="wp-01" data-cause="restarted">(.*?)</li>', box.group(1), re.S
    )
    audited = re.search(
        r'data-scenario="wp-02" data-cause="audited_out">(.*?)</li>', box.group(1), re.S
    )
    assert restarted and audited
    restarted_text = html.unescape(re.sub(r"\s+", " ", restarted.group(1)))
    assert "2 judged items" in restarted_text and "restarted the scenario" in restarted_text
    assert "reason: a second opinion on the payroll cases" in restarted_text
    assert "to judge again" not in restarted_text  # the stored note, not the lead's reason
    assert "audited out" in audited.group(1) and "2 judged items" in audited.group(1)
    # b's queue has the restarted scenario to judge again and nothing to explain
    other = make_browser()
    other.login(b.username)
    assert 'id="queue-departures"' not in other.client.get("/annotate").text


def test_queue_explains_judged_items_whose_time_ran_out(session: Session, make_browser) -> None:
    make_run(session, scenario_ids=["hm-01"])
    annotator = make_user(session)
    assign_paired(session, annotator_ids=[annotator.id])
    judged = annotator_queue(session, annotator)[0].response_id
    _judge(session, annotator, judged)
    assignment = session.exec(
        select(Assignment).where(
            Assignment.response_id == judged, Assignment.annotator_id == annotator.id
        )
    ).one()
    assignment.expires_at = utcnow() - timedelta(hours=1)
    session.add(assignment)
    session.commit()
    browser = make_browser()
    browser.login(annotator.username)
    page = html.unescape(browser.client.get("/annotate").text)
    assert 'data-scenario="hm-01" data-cause="expired"' in page
    assert "1 item you judged is no longer in your queue" in page
    assert "still stands" in page


# ---------------------------------------------------------------------------------------------
# Scenario design notes: annotators see them only where the lead's batch allows it


def _design_texts(session: Session, scenario_id: str) -> list[str]:
    design = session.get(Scenario, scenario_id).design
    return [design["need"], design["rationale"]]


def test_design_notes_are_hidden_from_annotators_unless_the_batch_allows_them(
    session: Session, make_browser
) -> None:
    run = make_run(session, scenario_ids=["hm-01", "wp-03"])
    lead = make_user(session, role="lead")
    hidden_to, shown_to = make_user(session), make_user(session)
    create_batch(
        session,
        name="plain",
        annotator_ids=[hidden_to.id],
        created_by=lead.id,
        run_id=run.id,
        need_types=[session.get(Scenario, "hm-01").need_type],
    )
    allowed = create_batch(
        session,
        name="with notes",
        annotator_ids=[shown_to.id],
        created_by=lead.id,
        run_id=run.id,
        show_design_notes=True,
    )
    assert allowed.show_design_notes is True
    for annotator, scenario_id, shown in ((hidden_to, "hm-01", False), (shown_to, "wp-03", True)):
        queue = annotator_queue(session, annotator)
        assert {q.scenario_id for q in queue} == {scenario_id}
        browser = make_browser()
        browser.login(annotator.username)
        page = html.unescape(browser.client.get(f"/annotate/{queue[0].response_id}").text)
        for text in _design_texts(session, scenario_id):
            assert (text in page) is shown, (scenario_id, text)
        assert ('id="design-notes"' in page) is shown
        assert ("Designed window" in page) is shown
    # auditors and leads still see them
    auditor = make_browser()
    auditor.login(lead.username)
    for path in ("/audit/hm-01", "/arena/scenarios/hm-01"):
        page = html.unescape(auditor.client.get(path).text)
        for text in _design_texts(session, "hm-01"):
            assert text in page, path


def test_items_assigned_without_a_batch_hide_the_design_notes(
    session: Session, make_browser, l3_item
) -> None:
    annotator, item = l3_item
    browser = make_browser()
    browser.login(annotator.username)
    page = html.unescape(browser.client.get(f"/annotate/{item}").text)
    assert 'id="design-notes"' not in page
    for text in _design_texts(session, "hm-01"):
        assert text not in page


def test_the_batch_form_sets_whether_annotators_see_the_design_notes(
    session: Session, make_browser
) -> None:
    run = make_run(session, scenario_ids=["hm-01", "wp-03"])
    lead = make_user(session, role="lead")
    annotator = make_user(session)
    browser = make_browser()
    browser.login(lead.username)
    browser.refresh_token("/lead/batches")
    form = browser.client.get("/lead/batches").text
    box = re.search(r'<input type="checkbox" name="show_design_notes"[^>]*>', form)
    assert box and "checked" not in box.group(0)  # hidden unless the lead ticks it
    made = []
    for scenario_id, extra in (("hm-01", {}), ("wp-03", {"show_design_notes": "1"})):
        created = browser.client.post(
            "/lead/batches",
            data={
                "csrf_token": browser.token,
                "name": scenario_id,
                "run_id": str(run.id),
                "annotators": str(annotator.id),
                "need_types": session.get(Scenario, scenario_id).need_type,
                "expires_hours": "72",
                **extra,
            },
            follow_redirects=False,
        )
        assert created.status_code == 303, created.text
        made.append(created.headers["location"])
    batches = [session.get(Batch, int(path.rsplit("/", 1)[1])) for path in made]
    assert [b.show_design_notes for b in batches] == [False, True]
    detail = browser.client.get(made[1]).text
    assert "design notes shown to annotators" in detail
    assert "design notes hidden from annotators" in browser.client.get(made[0]).text


# ---------------------------------------------------------------------------------------------
# The audit form: criteria start unanswered, and a vote needs every one answered


def test_audit_criteria_start_unanswered_and_must_all_be_answered(
    session: Session, make_browser
) -> None:
    reviewer = make_user(session, role="researcher")
    browser = make_browser()
    browser.login(reviewer.username)
    page = browser.client.get("/audit/ed-01").text
    radios = re.findall(
        r'<input type="radio" name="criterion_(\w+)" value="(pass|fail)"[^>]*>', page
    )
    assert sorted({key for key, _ in radios}) == sorted(CRITERIA)
    assert len(radios) == 2 * len(CRITERIA)
    assert not re.search(r'<input type="radio" name="criterion_\w+"[^>]*checked', page)
    answered = {"causal_support": "pass", "need_identity": "fail", "timing_boundaries": "pass"}
    refused = browser.client.post(
        "/audit/ed-01",
        data={
            "csrf_token": browser.token,
            "vote": "reject",
            "comment": "Half-way through.",
            **{f"criterion_{k}": v for k, v in answered.items()},
        },
    )
    assert refused.status_code == 422
    alert = _alert(refused.text)
    assert alert == (
        "mark every review criterion pass or fail; not answered yet: Retrieval necessity, "
        "Proportional intensity"
    )
    for key, mark in answered.items():  # what was answered stays answered
        assert re.search(rf'name="criterion_{key}" value="{mark}"[^>]*checked', refused.text)
    for key in ("retrieval_necessity", "proportional_intensity"):
        assert not re.search(rf'name="criterion_{key}"[^>]*checked', refused.text)
    assert session.exec(select(AuditVote)).all() == []
    done = browser.client.post(
        "/audit/ed-01",
        data={
            "csrf_token": browser.token,
            "vote": "reject",
            "comment": "Need identity fails.",
            **{f"criterion_{k}": answered.get(k, "pass") for k in CRITERIA},
        },
        follow_redirects=False,
    )
    assert done.status_code == 303
    vote = session.exec(select(AuditVote)).one()
    assert vote.criteria == {**dict.fromkeys(CRITERIA, "pass"), "need_identity": "fail"}


# ---------------------------------------------------------------------------------------------
# The arena runner: choosing a command never overwrites arguments already typed


def _args_box(fragment: str) -> tuple[str, str]:
    """(textarea text, args_example) of the runner's arguments box."""
    text = re.search(r'<textarea name="args"[^>]*>(.*?)</textarea>', fragment, re.S)
    example = re.search(r'name="args_example" id="runner-args-example" value="([^"]*)"', fragment)
    assert text and example, fragment
    return html.unescape(text.group(1)), html.unescape(example.group(1))


@pytest.mark.parametrize(
    "typed,kept",
    [
        ('{"message_id": "msg-6c99bdf7"}', True),  # typed: kept
        ("not json yet", True),  # half-typed: kept
        ("", False),  # blank: filled
        ("{}", False),  # still the previous command's example: filled
        ("{ }", False),  # the same example, spaced differently: filled
    ],
)
def test_choosing_a_command_keeps_typed_arguments(
    session: Session, make_browser, typed: str, kept: bool
) -> None:
    lead = make_user(session, role="lead")
    browser = make_browser()
    browser.login(lead.username)
    page = browser.client.get("/arena/scenarios/hm-03", params={"t": 1}).text
    text, example = _args_box(page)
    assert (text, example) == ("{}", "{}")  # email_list: no required arguments
    fragment = browser.client.get(
        "/arena/scenarios/hm-03",
        params={"command": "email_read", "args": typed, "args_example": example},
        headers={"HX-Request": "true", "HX-Trigger": "runner-command"},
    ).text
    text, example = _args_box(fragment)
    assert json.loads(example) == {"message_id": ""}
    if kept:
        assert text == typed
    else:
        assert json.loads(text) == {"message_id": ""}


# ---------------------------------------------------------------------------------------------
# A favicon, linked from every page and served at /favicon.ico


def test_favicon_is_linked_and_served(make_browser) -> None:
    from app.settings import ROOT

    icon = (ROOT / "static" / "favicon.svg").read_bytes()
    assert icon.startswith(b"<svg") and b"</svg>" in icon
    client = make_browser().client
    login = client.get("/login").text
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in login
    for path in ("/static/favicon.svg", "/favicon.ico"):
        answer = client.get(path, headers={"Accept": "image/avif,image/webp,*/*"})
        assert answer.status_code == 200, path
        assert answer.headers["content-type"].startswith("image/svg+xml")
        assert answer.content == icon
    # not a page: no log-in redirect for an anonymous browser
    assert client.get("/favicon.ico", follow_redirects=False).status_code == 200


def test_a_refused_batch_form_comes_back_with_the_design_notes_box_as_it_was(
    session: Session, make_browser
) -> None:
    # adversarial finding: the box came back ticked after a refusal ("False" is a true string)
    run = make_run(session, scenario_ids=["hm-01"])
    lead = make_user(session, role="lead")
    annotator = make_user(session)
    browser = make_browser()
    browser.login(lead.username)
    browser.refresh_token("/lead/batches")
    for ticked in ({}, {"show_design_notes": "1"}):
        refused = browser.client.post(
            "/lead/batches",
            data={
                "csrf_token": browser.token,
                "name": "refused",
                "run_id": str(run.id),
                "annotators": str(annotator.id),
                "need_types": session.get(Scenario, "hm-01").need_type,
                "expires_hours": "72",
                "overlap_percent": "150",  # refused: a share is 0–100 %
                **ticked,
            },
            follow_redirects=True,
        )
        box = re.search(r'<input type="checkbox" name="show_design_notes"[^>]*>', refused.text)
        assert box is not None
        assert ("checked" in box.group(0)) is bool(ticked)
        browser.refresh_token("/lead/batches")


def test_draft_flags_show_apart_from_violations(session: Session, make_browser, l3_item) -> None:
    """Issue 12 item 1: an L2 draft's flags say what executing would exceed, not a violation."""
    annotator, response_id = l3_item
    response = session.get(Response, response_id)
    response.permission_flags = [
        {"code": "send_not_permitted", "message": "not allowed to send", "kind": "violation"},
        {
            "code": "would_exceed_spending_limit",
            "message": "paying this draft would exceed the spending limit: 60000 > 50000",
            "kind": "if_executed",
        },
    ]
    session.add(response)
    session.commit()
    browser = make_browser()
    browser.login(annotator.username)

    page = html.unescape(browser.client.get(f"/annotate/{response_id}").text)

    flags = re.search(r'<ul class="flags" id="permission-flags">(.*?)</ul>', page, re.S)
    assert flags is not None
    items = re.findall(
        r'<li class="flag ([a-z-]+)"><span class="tag (\w+)"[^>]*>([^<]+)</span>', flags.group(1)
    )
    assert items == [
        ("violation", "bad", "violation · send_not_permitted"),
        ("if-executed", "warn", "if executed · would_exceed_spending_limit"),
    ]

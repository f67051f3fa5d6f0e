"""Lead pages after the adversarial test: whole-scenario moves with clear refusals, history on
screen, deactivated holders flagged, pages that read expired items without reclaiming them, the
adjudication count, confirmations, and an annotator's answers kept when their item lapses."""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest
from sqlmodel import Session, col, select

from app.annotation.audit import CRITERIA, cast_vote
from app.annotation.batches import EXPIRED
from app.annotation.creation import create_batch
from app.annotation.moves import reclaim_expired
from app.models import AnnotationDraft, Assignment, Batch, Checkpoint, Response, Scenario
from app.models.base import utcnow
from app.users.service import deactivate_user
from tests.factories import make_run, make_user, submit_answers


@pytest.fixture
def world(session: Session):
    run = make_run(session, scenario_ids=["wp-01", "wp-02", "wp-03"])
    return {
        "run": run,
        "lead": make_user(session, role="lead"),
        "researcher": make_user(session, role="researcher"),
        "admin": make_user(session, role="admin"),
        "a": make_user(session),
        "b": make_user(session),
        "c": make_user(session),
    }


def _browser(make_browser, user, path: str = "/lead"):
    browser = make_browser()
    browser.login(user.username)
    if path:
        browser.refresh_token(path)
    return browser


def _batch(session: Session, world, **kwargs):
    defaults = {
        "name": "b",
        "annotator_ids": [world["a"].id, world["b"].id],
        "created_by": world["lead"].id,
        "run_id": world["run"].id,
    }
    return create_batch(session, **{**defaults, **kwargs})


def _items(session: Session, batch_id: int, annotator_id: int) -> dict[str, list[str]]:
    """Scenario → the response ids `annotator_id` actively holds in the batch."""
    rows = session.exec(
        select(Checkpoint.scenario_id, Assignment.response_id)
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(
            Assignment.batch_id == batch_id,
            Assignment.annotator_id == annotator_id,
            col(Assignment.released_at).is_(None),
        )
        .order_by(col(Assignment.response_id))
    ).all()
    out: dict[str, list[str]] = {}
    for scenario, response in rows:
        out.setdefault(scenario, []).append(response)
    return out


def _accept(session: Session, annotator, response_id: str) -> None:
    response = session.get(Response, response_id)
    level = "L0" if response.action is None else response.level_predicted
    submit_answers(
        session,
        annotator=annotator,
        response_id=response_id,
        form={"level": level, "verdict": "accept"},
    )


def test_a_split_is_refused_with_a_clear_message_and_history_is_shown(
    session: Session, make_browser, world
) -> None:
    batch = _batch(session, world)
    a, c = world["a"], world["c"]
    scenario, items = next(iter(_items(session, batch.id, a.id).items()))
    _accept(session, a, items[0])
    browser = _browser(make_browser, world["lead"], f"/lead/batches/{batch.id}")
    form = {
        "csrf_token": browser.token,
        "scenario_id": scenario,
        "from_annotator": str(a.id),
        "kind": "primary",
        "to_annotator": str(c.id),
        "reason": "a is overloaded",
    }
    refused = browser.client.post(f"/lead/batches/{batch.id}/reassign", data=form)
    assert [r.status_code for r in refused.history] == [303]
    message = html.unescape(refused.text.split('id="batch-error">', 1)[1].split("</p>", 1)[0])
    assert "would split the scenario between two annotators" in message
    assert f"judged 1 of the {len(items)}" in message and "restart" in message
    assert _items(session, batch.id, a.id)[scenario] == items  # nothing moved
    # single items cannot be named: the form needs the scenario and its holder
    single = browser.client.post(
        f"/lead/batches/{batch.id}/reassign",
        data={**form, "scenario_id": "", "assignment_ids": "1"},
    )
    assert [r.status_code for r in single.history] == [303]
    assert "whole scenarios move" in single.text

    moved = browser.client.post(
        f"/lead/batches/{batch.id}/reassign",
        data={**form, "restart": "1"},
        follow_redirects=False,
    )
    assert moved.status_code == 303
    assert moved.headers["location"] == f"/lead/batches/{batch.id}?done=reassigned&n={len(items)}"
    assert scenario not in _items(session, batch.id, a.id)
    assert _items(session, batch.id, c.id)[scenario] == items
    page = browser.client.get(moved.headers["location"])
    assert 'id="batch-notice"' in page.text
    row = page.text.split(f'id="scenario-{scenario}"', 1)[1].split("</tr>", 1)[0]
    assert 'class="history"' in row
    assert 'data-action="assign"' in row and 'data-action="restart"' in row
    assert f"from {a.username} to {c.username} by {world['lead'].username}" in row
    assert "a is overloaded" in html.unescape(row)
    # the release forms ask before they act
    assert re.search(r'action="/lead/batches/\d+/release"[^>]*data-confirm="', page.text)
    assert 'id="release-form" data-confirm="' in page.text


def test_deactivated_holders_are_flagged_and_their_work_offered_for_moving(
    session: Session, make_browser, world
) -> None:
    batch = _batch(session, world)
    a = world["a"]
    deactivate_user(session, user_id=a.id)
    browser = _browser(make_browser, world["lead"], f"/lead/batches/{batch.id}")
    page = browser.client.get(f"/lead/batches/{batch.id}").text
    flagged = page.split('id="inactive-holders"', 1)[1].split("</section>", 1)[0]
    assert f'data-inactive="{a.username}"' in flagged and "deactivated" in flagged
    for scenario in _items(session, batch.id, a.id):
        assert f'href="#scenario-{scenario}"' in flagged
    per_annotator = page.split('data-annotator="' + a.username + '"', 1)[1].split("</tr>", 1)[0]
    assert "deactivated" in per_annotator
    holding = page.split(f'data-holder="{a.username}"', 1)[1].split("</div>", 1)[0]
    assert "<details" in holding and " open>" in holding  # the move form is open
    assert f'value="{a.username} is deactivated"' in holding
    targets = re.findall(r'<select name="to_annotator".*?</select>', page, re.S)
    assert targets and not any(f'<option value="{a.id}">' in t for t in targets)
    listing = browser.client.get("/lead/batches").text
    assert "1 deactivated" in listing
    overview = browser.client.get("/lead/progress").text  # the overview fetches it
    row = overview.split(f'data-annotator="{a.username}"', 1)[1].split("</tr>", 1)[0]
    assert "deactivated" in row and f'href="/lead/batches/{batch.id}#inactive-holders"' in row
    # the move itself, from the page
    scenario = next(iter(_items(session, batch.id, a.id)))
    moved = browser.client.post(
        f"/lead/batches/{batch.id}/reassign",
        data={
            "csrf_token": browser.token,
            "scenario_id": scenario,
            "from_annotator": str(a.id),
            "kind": "primary",
            "to_annotator": str(world["c"].id),
            "reason": f"{a.username} is deactivated",
        },
        follow_redirects=False,
    )
    assert moved.status_code == 303
    assert scenario in _items(session, batch.id, world["c"].id)


def test_lead_pages_never_write_and_the_schedule_reclaims_expired_items(
    session: Session, make_browser, world
) -> None:
    batch = _batch(session, world, expires_after_hours=1)
    held = session.exec(select(Assignment).where(Assignment.batch_id == batch.id)).all()
    for assignment in held:
        assignment.expires_at = utcnow() - timedelta(minutes=1)
        session.add(assignment)
    session.commit()
    browser = _browser(make_browser, world["lead"], "")

    def reasons() -> set[str | None]:
        return set(
            session.exec(
                select(Assignment.released_reason).where(Assignment.batch_id == batch.id)
            ).all()
        )

    for path in ("/lead", "/lead/batches", f"/lead/batches/{batch.id}"):
        assert browser.client.get(path).status_code == 200, path
    assert reasons() == {None}  # GET pages never write: nothing was reclaimed
    page = browser.client.get(f"/lead/batches/{batch.id}").text
    assert f"0 of {len(held)} items judged" in page
    assert f'<span class="tag bad">{len(held)} expired</span>' in page  # read as expired
    assert 'data-action="reclaim"' not in page

    assert reclaim_expired(session) == len(held)  # what the scheduled task runs
    page = browser.client.get(f"/lead/batches/{batch.id}").text
    assert reasons() == {EXPIRED}
    assert 'data-action="reclaim"' in page
    assert "0 of 0 items judged" in page


def test_overview_counts_the_adjudication_queue(session: Session, make_browser, world) -> None:
    lead, researcher, admin = world["lead"], world["researcher"], world["admin"]
    passed = dict.fromkeys(CRITERIA, "pass")
    failed = {**passed, "causal_support": "fail"}
    for scenario in ("hm-01", "hm-02"):
        cast_vote(
            session,
            scenario_id=scenario,
            reviewer=researcher,
            vote="approve",
            criteria=passed,
            comment="holds",
        )
    cast_vote(
        session, scenario_id="hm-01", reviewer=lead, vote="reject", criteria=failed, comment="no"
    )
    cast_vote(
        session, scenario_id="hm-02", reviewer=admin, vote="reject", criteria=failed, comment="no"
    )
    page = _browser(make_browser, lead).client.get("/lead").text
    count = page.split('id="adjudication-count"', 1)[1].split("</p>", 1)[0]
    assert "<strong>2</strong> split scenarios wait" in count
    assert "1 you may decide" in count  # the lead voted on hm-01
    assert 'href="/audit/adjudication"' in page
    other = _browser(make_browser, researcher).client.get("/lead").text
    assert "<strong>2</strong> split scenarios" in other
    assert 'href="/audit/adjudication"' not in other  # researchers do not adjudicate


def test_admin_actions_ask_for_confirmation(session: Session, make_browser, world) -> None:
    batch = _batch(session, world)
    held = sum(len(v) for v in _items(session, batch.id, world["a"].id).values())
    page = _browser(make_browser, world["admin"], "/admin/users").client.get("/admin/users").text
    row = page.split(f'id="user-{world["a"].id}"', 1)[1].split("</tr>", 1)[0]
    assert re.search(r'/deactivate"[^>]*\s+data-confirm="Deactivate ', row)
    assert f"They hold {held} unjudged items" in row
    assert re.search(r'/reset-password"[^>]*data-confirm="Reset ', row)
    assert f'data-held="{held}"' in row


def test_a_submit_after_the_item_lapsed_keeps_the_answers(
    session: Session, make_browser, world
) -> None:
    a = world["a"]
    batch = _batch(session, world, annotator_ids=[a.id])
    response_id = next(
        r
        for items in _items(session, batch.id, a.id).values()
        for r in items
        if session.get(Response, r).action is not None
    )
    browser = _browser(make_browser, a, f"/annotate/{response_id}")
    for assignment in session.exec(select(Assignment).where(Assignment.batch_id == batch.id)):
        assignment.expires_at = utcnow() - timedelta(minutes=1)
        session.add(assignment)
    session.commit()
    reclaim_expired(session)  # the scheduled reclaim
    answers = {
        "csrf_token": browser.token,
        "level": "L3",
        "verdict": "reject",
        "timing": "premature",
        "intensity": "appropriate",
        "other_issue": "other",
        "note_other": "A long, careful note that must not be lost.",
        "version": "",
    }
    refused = browser.client.post(f"/annotate/{response_id}", data=answers)
    assert refused.status_code == 409
    text = html.unescape(refused.text)
    assert "NOT submitted" in text and "kept as a draft" in text and "time ran out" in text
    assert "A long, careful note that must not be lost." in text
    draft = session.exec(
        select(AnnotationDraft).where(
            AnnotationDraft.response_id == response_id, AnnotationDraft.annotator_id == a.id
        )
    ).one()
    assert draft.data["notes"]["other"] == "A long, careful note that must not be lost."
    autosave = browser.client.post(f"/annotate/{response_id}/draft", data=answers)
    assert autosave.status_code == 409 and "NOT submitted" in autosave.text
    # a response that was never theirs stays a plain 404
    stranger = _browser(make_browser, world["b"], "/annotate")
    assert (
        stranger.client.post(
            f"/annotate/{response_id}", data={**answers, "csrf_token": stranger.token}
        ).status_code
        == 404
    )
    # the item comes back to a: the answers are restored on the page
    _batch(session, world, annotator_ids=[a.id], name="again")
    page = browser.client.get(f"/annotate/{response_id}").text
    assert 'id="draft-restored"' in page
    assert "A long, careful note that must not be lost." in html.unescape(page)


def test_audited_out_scenarios_are_shown_apart_on_the_lead_pages(
    session: Session, make_browser, world
) -> None:
    a = world["a"]
    batch = _batch(session, world, annotator_ids=[a.id])
    held = _items(session, batch.id, a.id)
    kept, *rest = sorted(held)
    for response_id in held[kept]:
        _accept(session, a, response_id)
    out = sum(len(held[s]) for s in rest)
    for scenario_id in rest:
        scenario = session.get(Scenario, scenario_id)
        scenario.audit_status = "rejected"
        session.add(scenario)
    session.commit()
    browser = _browser(make_browser, world["lead"], "")
    page = browser.client.get(f"/lead/batches/{batch.id}").text
    done = len(held[kept])
    assert f"{done} of {done} items judged" in page
    assert f"{out} items of audited-out scenarios" in page
    row = page.split(f'data-scenario="{rest[0]}"', 1)[1].split("</tr>", 1)[0]
    assert "audited out" in row
    listing = browser.client.get("/lead/batches").text
    assert f"{done} / {done}" in listing and f"+{out} audited out" in listing
    overview = browser.client.get("/lead/progress").text  # the overview fetches it
    phase = overview.split('data-phase="1"', 1)[1].split("</tr>", 1)[0]
    assert f"<td>{done}</td>" in phase and f"<td>{out}</td>" in phase


def test_the_lead_gives_the_reason_of_a_scenario_release(
    session: Session, make_browser, world
) -> None:
    a = world["a"]
    batch = _batch(session, world, annotator_ids=[a.id])
    scenario = sorted(_items(session, batch.id, a.id))[0]
    browser = _browser(make_browser, world["lead"], f"/lead/batches/{batch.id}")
    page = browser.client.get(f"/lead/batches/{batch.id}").text
    holding = page.split(f'data-scenario="{scenario}"', 1)[1].split("</tr>", 1)[0]
    form = holding.split('action="/lead/batches/' + str(batch.id) + '/release"', 1)[1]
    assert '<input name="reason"' in form.split("</form>", 1)[0]  # visible, not hidden
    released = browser.client.post(
        f"/lead/batches/{batch.id}/release",
        data={
            "csrf_token": browser.token,
            "scenario_id": scenario,
            "annotator_id": str(a.id),
            "kind": "primary",
            "reason": "hold back: the scenario is under review",
        },
        follow_redirects=False,
    )
    assert released.status_code == 303
    reasons = set(
        session.exec(
            select(Assignment.released_reason).where(
                Assignment.batch_id == batch.id, col(Assignment.released_at).is_not(None)
            )
        ).all()
    )
    assert reasons == {"hold back: the scenario is under review"}
    too_long = browser.client.post(
        f"/lead/batches/{batch.id}/release",
        data={"csrf_token": browser.token, "annotator_id": str(a.id), "reason": "z" * 500},
    )
    assert [r.status_code for r in too_long.history] == [303] and "keep it to" in too_long.text


def _form_fields(page: str, form_id: str) -> dict[str, str]:
    """The named inputs of the form with id `form_id` on `page`, as the browser would send."""
    form = page.split(f'id="{form_id}"', 1)[1].split("</form>", 1)[0]
    fields = {}
    for tag in re.findall(r"<input\b[^>]*>", form):
        name = re.search(r'\bname="([^"]*)"', tag)
        value = re.search(r'\bvalue="([^"]*)"', tag)
        if name:
            fields[name.group(1)] = html.unescape(value.group(1)) if value else ""
    return fields


def _released(session: Session) -> int:
    return len(
        session.exec(select(Assignment).where(col(Assignment.released_at).is_not(None))).all()
    )


def test_a_refused_move_comes_back_with_a_restart_form_that_does_it(
    session: Session, make_browser, world
) -> None:
    """The holder judged some of the scenario in an earlier batch of the phase (nothing in
    this one): the refusal is shown after a redirect, once, with a restart form for the same
    move; sending that form moves every item, the earlier batch's included."""
    a, c = world["a"], world["c"]
    first = _batch(session, world, annotator_ids=[a.id], name="first")
    scenario, earlier = sorted(_items(session, first.id, a.id).items())[0]
    _accept(session, a, earlier[0])
    later = make_run(session, scenario_ids=["wp-01", "wp-02", "wp-03"], seed=5)
    second = _batch(session, world, annotator_ids=[c.id], name="second", run_id=later.id)
    items = _items(session, second.id, a.id)[scenario]  # the scenario stayed with a
    page_path = f"/lead/batches/{second.id}"
    browser = _browser(make_browser, world["lead"], page_path)
    page = browser.client.get(page_path).text
    holding = page.split(f'id="scenario-{scenario}"', 1)[1].split("</tr>", 1)[0]
    assert 'name="restart"' in holding  # the move form offers the restart here as well

    before = _released(session)
    refused = browser.client.post(
        f"{page_path}/reassign",
        data={
            "csrf_token": browser.token,
            "scenario_id": scenario,
            "from_annotator": str(a.id),
            "kind": "primary",
            "to_annotator": str(c.id),
            "reason": "a left the project",
        },
        follow_redirects=False,
    )
    assert refused.status_code == 303 and refused.headers["location"] == page_path
    shown = browser.client.get(page_path).text
    error = html.unescape(shown.split('id="batch-error">', 1)[1].split("</p>", 1)[0])
    total = len(earlier) + len(items)
    assert f"has already judged 1 of the {total} primary items of {scenario}" in error
    offer = _form_fields(shown, "restart-offer")
    assert offer == {
        "csrf_token": browser.token,
        "scenario_id": scenario,
        "from_annotator": str(a.id),
        "to_annotator": str(c.id),
        "kind": "primary",
        "restart": "1",
        "reason": "a left the project",
    }
    form_tag = shown.split('id="restart-offer"', 1)[1].split(">", 1)[0]
    assert f'data-confirm="Restart {scenario} with {c.username}?' in form_tag
    assert f"judges all {total} primary items again" in form_tag
    assert f'action="{page_path}/reassign"' in shown.split('id="restart-offer"', 1)[0][-200:]
    # a reload shows the page again without the refusal and sends nothing
    reloaded = browser.client.get(page_path).text
    assert 'id="batch-error"' not in reloaded and 'id="restart-offer"' not in reloaded
    assert _released(session) == before and _items(session, second.id, a.id)[scenario] == items

    done = browser.client.post(f"{page_path}/reassign", data=offer, follow_redirects=False)
    assert done.status_code == 303
    assert done.headers["location"] == f"{page_path}?done=reassigned&n={total}"
    assert _items(session, first.id, c.id)[scenario] == earlier  # the judged one included
    assert _items(session, second.id, c.id)[scenario] == items
    assert scenario not in _items(session, first.id, a.id)
    assert scenario not in _items(session, second.id, a.id)


def test_every_refused_lead_action_redirects_back(session: Session, make_browser, world) -> None:
    """Post/redirect/get: a refused release, move, close or batch sends the browser back to the
    form's page with a 303, and the message is shown there once."""
    a = world["a"]
    batch = _batch(session, world, annotator_ids=[a.id])
    page_path = f"/lead/batches/{batch.id}"
    browser = _browser(make_browser, world["lead"], page_path)
    token = browser.token
    attempts = [
        (f"{page_path}/release", {"annotator_id": str(a.id), "reason": " "}, "say why"),
        (f"{page_path}/reassign", {"scenario_id": "wp-01"}, "choose who takes the scenario"),
        ("/lead/batches", {"name": "x", "overlap_percent": "300"}, "a percentage from 0 to 100"),
    ]
    for path, data, message in attempts:
        answer = browser.client.post(
            path, data={"csrf_token": token, **data}, follow_redirects=False
        )
        back = "/lead/batches" if path == "/lead/batches" else page_path
        assert (answer.status_code, answer.headers["location"]) == (303, back), path
        assert message in html.unescape(browser.client.get(back).text), path
        assert message not in html.unescape(browser.client.get(back).text), path
    closed = browser.client.post(f"{page_path}/close", data={"csrf_token": token})
    assert closed.url.path == page_path and session.get(Batch, batch.id).status == "closed"
    again = browser.client.post(
        f"{page_path}/close", data={"csrf_token": token}, follow_redirects=False
    )
    assert (again.status_code, again.headers["location"]) == (303, page_path)
    assert "this batch is closed already" in browser.client.get(page_path).text


def test_a_refused_batch_links_to_where_the_deactivated_holders_scenario_moves(
    session: Session, make_browser, world
) -> None:
    a, b = world["a"], world["b"]
    held = _batch(session, world, annotator_ids=[a.id], name="held")
    scenarios = sorted(_items(session, held.id, a.id))
    _accept(session, a, _items(session, held.id, a.id)[scenarios[0]][0])
    deactivate_user(session, user_id=a.id)
    later = make_run(session, scenario_ids=["wp-01", "wp-02", "wp-03"], seed=5)
    browser = _browser(make_browser, world["lead"], "/lead/batches")
    refused = browser.client.post(
        "/lead/batches",
        data={
            "csrf_token": browser.token,
            "name": "next week",
            "run_id": str(later.id),
            "annotators": [str(b.id)],
        },
    )
    assert [r.status_code for r in refused.history] == [303]
    assert "held by deactivated" in html.unescape(refused.text)
    assert 'value="next week"' in refused.text  # the form is refilled
    links = refused.text.split('id="move-offers"', 1)[1].split("</ul>", 1)[0]
    for scenario in scenarios:
        assert f'href="/lead/batches/{held.id}#scenario-{scenario}"' in links
    # there the move form is open, with the restart for the judged scenario
    page = browser.client.get(f"/lead/batches/{held.id}").text
    row = page.split(f'id="scenario-{scenarios[0]}"', 1)[1].split("</tr>", 1)[0]
    assert " open>" in row and 'name="restart"' in row

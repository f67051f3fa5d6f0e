"""The arena viewer and the published command catalogue over HTTP (issue "HALO-Arena complete").

The checkpoint diffs are checked against values worked out by hand from the real seed scenario
hm-03 (seeds/arena/hm/scenarios/hm-03.json, revised corpus): e2 is a ``calendar.updated`` of
cal-31373d2b (an initial record of hm-03: status confirmed → tentative, description "Close the
60 x 60 cm opening above the bathtub." → "On hold: tile series discontinued, Murat waits for a
decision tonight.") and e4 a posted ``wallet.transaction`` txn-340c67c8 of -99000 to Fliesen
Kaya on account acct-945a54e5, whose balance is 911147 in the environment's base state
(seeds/arena/hm/environment.json; hm-03's initial records add only a credit-card account and no
transactions, and e1-e3 are e-mail, calendar and chat), so 911147 - 99000 = 812147 afterwards;
e5 follows it. (The old corpus used other ids for the same calendar entry and account.)
"""

from __future__ import annotations

import html
import json
import re

import pytest
from sqlmodel import Session

from app.arena.commands import CATALOGUE, run_command
from app.arena.replay import replay_prefix
from app.scenarios.service import load_scenario
from tests.factories import make_user

SCENARIO = "hm-03"


@pytest.fixture
def lead(session: Session, make_browser):
    browser = make_browser()
    browser.login(make_user(session, role="lead").username)
    return browser


def _row(page: str, record: str) -> str:
    """The HTML of the diff row of `record` (``app.collection.id``)."""
    match = re.search(
        rf'<tr data-record="{re.escape(record)}" data-op="(\w+)">(.*?)</tr>', page, re.S
    )
    assert match, f"no diff row for {record}"
    return match.group(1) + " " + match.group(2)


def _field(row: str, name: str) -> str:
    match = re.search(rf'<div data-field="{name}">(.*?)</div>', row, re.S)
    assert match, f"no field {name}"
    return " ".join(html.unescape(re.sub(r"<(?!/?(del|ins)>)[^>]+>", "", match.group(1))).split())


def _pre(page: str, element_id: str) -> str:
    match = re.search(rf'<pre id="{element_id}"[^>]*>(.*?)</pre>', page, re.S)
    assert match, f"no <pre id={element_id}>"
    return html.unescape(match.group(1))


# ---------------------------------------------------------------- roles


def test_annotator_is_refused_the_viewer_but_may_read_the_catalogue(
    session: Session, make_browser
) -> None:
    browser = make_browser()
    browser.login(make_user(session).username)
    for path in ("/arena", "/arena/hm", f"/arena/scenarios/{SCENARIO}?t=2"):
        assert browser.client.get(path).status_code == 403, path
    ran = browser.client.get(
        f"/arena/scenarios/{SCENARIO}", params={"t": 1, "command": "wallet_accounts"}
    )
    assert ran.status_code == 403
    assert browser.client.get("/arena/catalogue.json").status_code == 200
    page = browser.client.get("/arena/catalogue")
    assert page.status_code == 200 and 'href="/arena"' not in page.text


def test_anonymous_is_sent_to_login(make_browser) -> None:
    client = make_browser().client
    for path in ("/arena", "/arena/catalogue.json"):
        response = client.get(path, follow_redirects=False)
        assert response.status_code == 303 and response.headers["location"].startswith("/login")


@pytest.mark.parametrize("role", ["lead", "researcher", "admin"])
def test_leads_researchers_and_admins_see_the_viewer(
    session: Session, make_browser, role: str
) -> None:
    browser = make_browser()
    browser.login(make_user(session, role=role).username)
    for path in ("/arena", "/arena/hm", f"/arena/scenarios/{SCENARIO}"):
        assert browser.client.get(path).status_code == 200, path


# ---------------------------------------------------------------- catalogue


def test_catalogue_json_is_the_catalogue_as_json_schema(lead) -> None:
    document = lead.client.get("/arena/catalogue.json").json()
    assert set(document) == {"retrieval", "action"}
    retrieval, action = document["retrieval"], document["action"]
    assert len(retrieval) == 29 and len(action) == 19
    levels = [tool["level"] for tool in action]
    assert (levels.count("L1"), levels.count("L2"), levels.count("L3")) == (6, 6, 7)
    assert all(tool["level"] is None for tool in retrieval)
    names = [tool["function"]["name"] for tool in retrieval + action]
    assert names == list(CATALOGUE)
    for tool in retrieval + action:
        spec = CATALOGUE[tool["function"]["name"]]
        assert tool["type"] == "function"
        assert tool["signature"] == spec.signature() and tool["app"] == spec.app
        assert tool["function"]["description"] == spec.description
        parameters = tool["function"]["parameters"]
        assert parameters["type"] == "object" and parameters["additionalProperties"] is False
        properties = parameters["properties"]
        assert isinstance(properties, dict)
        required = parameters.get("required", [])
        assert set(required) <= set(properties)
        for name, prop in properties.items():
            assert "type" in prop or "anyOf" in prop, (spec.name, name)
            assert (name in required) == spec.args_model.model_fields[name].is_required()
            assert (name in required) != ("default" in prop), (spec.name, name)
    by_name = {tool["function"]["name"]: tool for tool in retrieval + action}
    assert by_name["email_read"]["function"]["parameters"]["required"] == ["message_id"]
    assert by_name["make_payment"]["level"] == "L3"
    assert by_name["email_list"]["signature"] == (
        'email_list(folder="inbox", unread_only=false, limit=20)'
    )


def test_catalogue_page_shows_every_command_with_its_arguments(lead) -> None:
    page = lead.client.get("/arena/catalogue").text
    assert len(re.findall(r'<article class="command" id="cmd-', page)) == 48
    text = " ".join(html.unescape(page).split())
    assert 'email_list(folder="inbox", unread_only=false, limit=20)' in text
    assert "48 commands: 29 read-only retrieval commands and 19 action commands" in text
    assert "(6 L1 / 6 L2 / 7 L3)" in text
    article = re.search(r'id="cmd-wallet_transactions">(.*?)</article>', page, re.S)
    assert article
    rows = re.findall(r"<tr><td><code>(\w+)</code></td><td>([^<]+)</td>", article.group(1))
    assert rows == [
        ("account_id", "string | null"),
        ("since", "string (date-time) | null"),
        ("until", "string (date-time) | null"),
        ("limit", "integer"),
    ]
    for group in ("email", "database", "files", "L1", "L2", "L3"):
        assert f'<section class="card" id="{group}">' in page


# ---------------------------------------------------------------- environments


def test_environments_page_lists_environments_with_scenario_counts(lead) -> None:
    page = lead.client.get("/arena").text
    row = re.search(r'<tr data-environment="hm">(.*?)</tr>', page, re.S)
    assert row
    cells = [
        html.unescape(re.sub(r"<[^>]+>", "", cell)).strip()
        for cell in re.findall(r"<td>(.*?)</td>", row.group(1), re.S)
    ]
    assert cells[0] == "hm" and cells[1] == "home_maintenance"
    assert cells[2].startswith("Clara Weiss") and cells[3] == "Europe/Berlin"
    # columns follow NEED_TYPES (dependency, blockage, risk, opportunity); hm's nine scenarios in
    # the revised corpus: dependency hm-01, hm-02; blockage hm-03, hm-04, hm-07; risk hm-05,
    # hm-06; opportunity hm-08, hm-09 (need_type of each seeds/arena/hm/scenarios/*.json)
    assert cells[4:] == ["2", "3", "2", "2", "9"]
    assert 'href="/arena/hm"' in page and 'href="/arena/catalogue"' in page


def test_environment_page_shows_persona_state_and_scenarios(lead) -> None:
    page = lead.client.get("/arena/hm").text
    text = html.unescape(page)
    assert "Clara Weiss" in text and "spending limit 500.00 EUR" in text
    for table in ("appliances", "warranties", "spare_parts", "insurance_policies"):
        assert f"<td><code>{table}</code></td>" in page
    assert "<td><code>/home/house-notes.txt</code></td>" in page
    scenarios = re.findall(r'<tr data-scenario="([\w-]+)">', page)
    assert scenarios == [f"hm-0{i}" for i in range(1, 10)]
    row = re.search(r'<tr data-scenario="hm-03">(.*?)</tr>', page, re.S)
    assert row and "blockage" in row.group(1) and "<td>5</td>" in row.group(1)
    assert '<span class="tag level">L1</span> <code>notify_user</code>' in row.group(1)
    assert lead.client.get("/arena/no-such-env").status_code == 404


# ---------------------------------------------------------------- checkpoints


def test_calendar_update_shows_changed_fields_before_and_after(lead) -> None:
    page = lead.client.get(f"/arena/scenarios/{SCENARIO}", params={"t": 2}).text
    row = _row(page, "calendar.events.cal-31373d2b")
    assert row.startswith("update ")
    assert _field(row, "status") == "status: <del>confirmed</del> → <ins>tentative</ins>"
    assert _field(row, "description") == (
        "description: <del>Close the 60 x 60 cm opening above the bathtub.</del> → "
        "<ins>On hold: tile series discontinued, Murat waits for a decision tonight.</ins>"
    )
    assert 'data-field="start"' not in row and 'data-field="title"' not in row
    assert len(re.findall(r"<tr data-record=", page)) == 1
    observed = re.search(r'<ol class="events" id="observation">(.*?)</ol>', page, re.S)
    assert observed and re.findall(r"<strong>(e\d)</strong>", observed.group(1)) == [
        "e1",
        "e2",
    ]
    assert f'href="/arena/scenarios/{SCENARIO}?t=1" data-key="k"' in page
    assert f'href="/arena/scenarios/{SCENARIO}?t=3" data-key="j"' in page


def test_wallet_transaction_creates_it_and_moves_the_balance(lead) -> None:
    page = lead.client.get(f"/arena/scenarios/{SCENARIO}", params={"t": 4}).text
    created = _row(page, "wallet.transactions.txn-340c67c8")
    assert created.startswith("create ")
    assert _field(created, "amount_minor") == "amount_minor: <ins>-99000</ins>"
    assert _field(created, "counterparty") == "counterparty: <ins>Fliesen Kaya</ins>"
    balance = _row(page, "wallet.accounts.acct-945a54e5")
    assert balance.startswith("update ")
    assert (
        _field(balance, "balance_minor") == "balance_minor: <del>911147</del> → <ins>812147</ins>"
    )
    assert 'data-field="name"' not in balance
    assert 'id="next-link"' in page and 'id="prev-link"' in page  # e5 follows
    assert f'href="/arena/scenarios/{SCENARIO}?t=5" data-key="j"' in page
    state = re.search(r'<tr data-id="acct-945a54e5">(.*?)</tr>', page, re.S)
    assert state and "8,121.47 EUR" in state.group(1) and "changed by e4" in state.group(1)


def test_s0_has_no_event_and_no_previous_checkpoint(lead) -> None:
    page = lead.client.get(f"/arena/scenarios/{SCENARIO}").text
    assert 'id="prev-link"' not in page and '?t=1" data-key="j"' in page
    assert "<tr data-record=" not in page and 'id="observation"' not in page
    assert '<span class="tag now" id="current-t">S0</span>' in page
    assert "Cellar, shelf 3, top compartment" in html.unescape(page)  # the key evidence


@pytest.mark.parametrize("t", [-1, 6, 99])
def test_checkpoint_out_of_range_is_404(lead, t: int) -> None:
    assert lead.client.get(f"/arena/scenarios/{SCENARIO}", params={"t": t}).status_code == 404


def test_unknown_scenario_is_404(lead) -> None:
    assert lead.client.get("/arena/scenarios/no-such-scenario").status_code == 404
    ran = lead.client.get(
        "/arena/scenarios/no-such-scenario",
        params={"t": 0, "command": "db_tables"},
        headers={"HX-Request": "true"},
    )
    assert ran.status_code == 404


# ---------------------------------------------------------------- command runner


def test_runner_returns_what_run_command_returns(session: Session, lead) -> None:
    sql = "SELECT location, quantity FROM spare_parts WHERE id = 4"
    args = json.dumps({"sql": sql})
    fragment = lead.client.get(
        f"/arena/scenarios/{SCENARIO}",
        params={"t": 5, "command": "db_query", "args": args},
        headers={"HX-Request": "true"},
    )
    assert fragment.status_code == 200
    body = fragment.text
    assert body.lstrip().startswith('<div id="runner-result">') and "<html" not in body
    loaded = load_scenario(session, SCENARIO)
    with replay_prefix(loaded.s0, loaded.events, 5) as sandbox:
        direct = run_command(sandbox, "db_query", {"sql": sql}, kind="retrieval")
    assert direct.ok and "Cellar, shelf 3, top compartment" in direct.output
    assert _pre(body, "runner-raw") == direct.output
    assert json.loads(_pre(body, "runner-output")) == json.loads(direct.output)
    assert '<span class="tag " id="runner-status">ok</span>' in body


def test_runner_sees_the_state_at_the_chosen_checkpoint(lead) -> None:
    def balance(t: int) -> int:
        fragment = lead.client.get(
            f"/arena/scenarios/{SCENARIO}",
            params={"t": t, "command": "wallet_accounts", "args": ""},
            headers={"HX-Request": "true"},
        ).text
        accounts = json.loads(_pre(fragment, "runner-raw"))
        return next(a["balance_minor"] for a in accounts if a["id"] == "acct-945a54e5")

    assert (balance(3), balance(4)) == (911147, 812147)


@pytest.mark.parametrize(
    ("command", "args", "message"),
    [
        ("email_read", "{}", "error: email_read: message_id: Field required"),
        ("email_read", '{"message_id": ', "error: email_read: args are not valid JSON"),
        ("email_read", '{"message_id": "nope"}', "error: message 'nope' does not exist"),
        ("send_email", '{"to": "x@y", "subject": "s", "body": "b"}', "not a retrieval command"),
        ("rm_rf", "{}", "error: unknown command 'rm_rf'"),
        ("db_query", '{"sql": "DELETE FROM spare_parts"}', "one SELECT or WITH statement"),
    ],
)
def test_runner_reports_errors_as_data(lead, command: str, args: str, message: str) -> None:
    fragment = lead.client.get(
        f"/arena/scenarios/{SCENARIO}",
        params={"t": 3, "command": command, "args": args},
        headers={"HX-Request": "true"},
    )
    assert fragment.status_code == 200
    assert '<span class="tag bad" id="runner-status">error</span>' in fragment.text
    assert message in _pre(fragment.text, "runner-output")


def test_runner_without_htmx_renders_the_whole_page(lead) -> None:
    page = lead.client.get(
        f"/arena/scenarios/{SCENARIO}",
        params={"t": 1, "command": "calendar_get", "args": '{"event_id": "cal-31373d2b"}'},
    ).text
    assert "<html" in page and 'id="runner-status">ok</span>' in page
    assert '<option value="calendar_get" selected>' in page
    assert json.loads(_pre(page, "runner-output"))["status"] == "confirmed"
    assert len(re.findall(r"<option value=", page)) == 29
    textarea = re.search(r'<textarea name="args"[^>]*>(.*?)</textarea>', page, re.S)
    assert textarea and json.loads(html.unescape(textarea.group(1))) == {"event_id": "cal-31373d2b"}
    assert not re.search(r"\son[a-z]+=", page)  # the CSP allows no inline script


def test_choosing_a_command_refills_the_arguments_box(lead) -> None:
    page = lead.client.get(f"/arena/scenarios/{SCENARIO}", params={"t": 1}).text
    textarea = re.search(r'<textarea name="args"[^>]*>(.*?)</textarea>', page, re.S)
    assert textarea and html.unescape(textarea.group(1)) == "{}"  # email_list: none required
    for command, example in (("email_read", {"message_id": ""}), ("wallet_accounts", {})):
        fragment = lead.client.get(
            f"/arena/scenarios/{SCENARIO}",
            params={"command": command},
            headers={"HX-Request": "true", "HX-Trigger": "runner-command"},
        ).text
        box = re.fullmatch(
            r'\s*<span id="runner-args-box"><textarea name="args" [^>]*>(.*?)</textarea>'
            r'<input type="hidden" name="args_example"[^>]*></span>\s*',
            fragment,
            re.S,
        )
        assert box and 'id="runner-args"' in fragment
        assert json.loads(html.unescape(box.group(1))) == example


# ---------------------------------------------------------------- bounded arguments (DESIGN §3.4)


def test_runner_refuses_deeply_nested_args_inline_not_with_a_500(lead) -> None:
    # 5,000 levels: far past Python's recursion limit, within the runner's 20,000 characters
    args = '{"message_id": ' + "[" * 5_000 + "]" * 5_000 + "}"
    fragment = lead.client.get(
        f"/arena/scenarios/{SCENARIO}",
        params={"t": 3, "command": "email_read", "args": args},
        headers={"HX-Request": "true"},
    )
    assert fragment.status_code == 200
    assert '<span class="tag bad" id="runner-status">error</span>' in fragment.text
    assert _pre(fragment.text, "runner-output") == (
        "error: email_read: args are nested more than 32 levels deep (at $.message_id"
        + "[0]" * 31
        + ")"
    )
    page = lead.client.get(
        f"/arena/scenarios/{SCENARIO}",
        params={"t": 3, "command": "email_read", "args": args},
    )
    assert page.status_code == 200 and "<html" in page.text
    assert "args are nested more than 32 levels deep" in _pre(page.text, "runner-output")


def test_runner_refuses_args_longer_than_its_limit(lead) -> None:
    query = "x" * 20_001
    fragment = lead.client.get(
        f"/arena/scenarios/{SCENARIO}",
        params={"t": 3, "command": "email_search", "args": json.dumps({"query": query})},
        headers={"HX-Request": "true"},
    )
    assert fragment.status_code == 200
    assert _pre(fragment.text, "runner-output") == (
        "error: email_search: args are 20,014 characters; at most 20,000 are read"
    )


def test_runner_refuses_a_lone_surrogate_in_args_inline_not_with_a_500(lead) -> None:
    """The JSON escape \\ud800 decodes to a code point SQLite cannot encode (was a 500)."""
    for command, args, message in (
        ("db_query", r'{"sql": "SELECT 1 -- \ud800"}', "error: db_query: sql: holds a lone"),
        ("db_schema", r'{"table": "\ud800"}', "error: db_schema: table: holds a lone"),
    ):
        for headers in ({"HX-Request": "true"}, {}):
            page = lead.client.get(
                f"/arena/scenarios/{SCENARIO}",
                params={"t": 3, "command": command, "args": args},
                headers=headers,
            )
            assert page.status_code == 200
            assert '<span class="tag bad" id="runner-status">error</span>' in page.text
            assert _pre(page.text, "runner-output") == (
                message + " surrogate (U+D800), which cannot be stored; remove it"
            )

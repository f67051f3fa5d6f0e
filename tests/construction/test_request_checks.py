"""The construction pipeline against its request (instrument validity II, item 4).

A faithful candidate of today's shape (an account whose balance already includes its posted
noise transactions, as 51 of the 90 shipped scenarios have it) is accepted; four copies of one
scenario under four need types, and an environment of the wrong domain, are sent back with the
near-duplicate, need-type and domain findings; the reviewer's verdict on the requested need type
is read; the cosine threshold is a setting; the job's page shows the corpus targets of its
accepted candidates.

Test candidates are built from the hm seeds' shape here (:func:`with_accept` gives them the
accept entries V13 asks for, whatever state the shipped seeds are in); the stored hm scenarios
are removed first, since a copy of a stored scenario is, rightly, a near duplicate.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import col, delete, select

from app.arena.validation import load_environment_dir
from app.construction import service, tasks
from app.construction.pipeline import design_findings, noise_balances, scenario_file
from app.db import session_scope
from app.main import create_app
from app.models import CandidateRevision, Checkpoint, Scenario
from app.settings import get_settings
from tests.construction.helpers import job_row, make_job, scenario_candidates, steps
from tests.factories import make_user
from tests.fake_llm import (
    SEEDS_ARENA,
    ConstructionScript,
    FakeLLM,
    Reply,
    construction_stage,
    json_reply,
    requested_need_type,
    review,
    seed_draft,
    seed_instance,
    seed_scenario_file,
    with_accept,
)
from tests.web.conftest import Browser

SHAPE = {"dependency": "hm-01", "blockage": "hm-03", "risk": "hm-05", "opportunity": "hm-08"}
"""A shipped hm scenario of each need type; each has a story account whose balance includes
posted noise transactions. (The revised corpus made hm-07 a blockage; hm-08 is the first hm
opportunity.)"""

FULL_PASS = [
    ("scenario_creator", 0, True),
    ("validator", 0, True),
    ("reviewer", 0, True),
    ("noise_creator", 0, True),
    ("noise_validator", 0, True),
]


def _draft(scenario: str) -> dict[str, Any]:
    return {"scenario": with_accept(seed_draft(scenario)["scenario"])}


def _noise_for(body: dict[str, Any]) -> dict[str, Any]:
    """The noise of the hm seed whose title the Noise Creator request shows."""
    text = body["messages"][1]["content"]
    for path in sorted((SEEDS_ARENA / "hm" / "scenarios").glob("*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        if json.dumps(raw["title"], ensure_ascii=False) in text:
            return {"noise_records": raw["noise_records"]}
    raise AssertionError("no hm seed's title in the Noise Creator request")


class ShapeScript(ConstructionScript):
    """The hm persona; per need type the hm seed of that type (or `copies`: one for every type)."""

    def __init__(
        self, *, copies: Callable[[str], dict[str, Any]] | None = None, **queues: list[Any]
    ) -> None:
        super().__init__(follow_request=False, **queues)
        self.copies = copies

    def __call__(self, body: dict[str, Any]) -> Reply:
        stage = construction_stage(body)
        if stage in self.queues:
            return super().__call__(body)
        with self._lock:
            self.calls[stage] = self.calls.get(stage, 0) + 1
        if stage == "instance_creator":
            return json_reply(seed_instance("hm"))
        if stage == "scenario_creator":
            need = requested_need_type(body)
            return json_reply(self.copies(need) if self.copies else _draft(SHAPE[need]))
        if stage == "noise_creator":
            return json_reply(_noise_for(body))
        return json_reply(review())


@pytest.fixture
def duplicate_cosine(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Set GENERATION_DUPLICATE_COSINE for the test (tests/conftest.py turns it off)."""

    def set_to(value: str) -> None:
        monkeypatch.setenv("GENERATION_DUPLICATE_COSINE", value)
        get_settings.cache_clear()

    yield set_to
    get_settings.cache_clear()


def _forget_stored_hm() -> None:
    """Remove the stored hm scenarios: the job writes their stories anew."""
    with session_scope() as session:
        ids = select(Scenario.id).where(Scenario.environment_id == "hm")
        session.exec(delete(Checkpoint).where(col(Checkpoint.scenario_id).in_(ids)))  # type: ignore[call-overload]
        session.exec(delete(Scenario).where(col(Scenario.environment_id) == "hm"))  # type: ignore[call-overload]
        session.commit()


def _findings(candidate_id: int | None) -> list[list[dict[str, Any]]]:
    with session_scope() as session:
        return [
            list(r.findings)
            for r in session.exec(
                select(CandidateRevision)
                .where(
                    CandidateRevision.candidate_id == candidate_id,
                    CandidateRevision.stage == "validator",
                )
                .order_by(col(CandidateRevision.id))
            )
        ]


# --- the pre-noise check (no database) ------------------------------------------------------


def test_the_design_of_todays_shape_passes_before_its_noise_and_its_balance_goes_to_the_noise() -> (
    None
):
    bundle, problems = load_environment_dir(SEEDS_ARENA / "hm")
    assert bundle is not None and not problems
    # hm-01's credit card: balance -16450, opening 0; the design books one posted transaction
    # on it (-6500, invoice R-26-0214), the noise three (-4180 - 2650 - 3120 = -9950), so the
    # design leaves -16450 - 0 - (-6500) = -9950 to the noise
    raw = scenario_file(_draft("hm-01")["scenario"], "x-01", "hm", None, "dependency")
    account = raw["initial_records"]["wallet"]["accounts"][0]
    design = raw["initial_records"]["wallet"]["transactions"]
    posted_design = sum(
        t["amount_minor"]
        for t in design
        if t["status"] == "posted" and t["account_id"] == account["id"]
    )
    noise = seed_scenario_file("hm-01")["noise_records"]["wallet"]["transactions"]
    posted_noise = sum(t["amount_minor"] for t in noise if t["status"] == "posted")
    assert (posted_design, posted_noise) == (-6500, -9950)
    assert (
        account["balance_minor"]
        == account["opening_balance_minor"] + posted_design + posted_noise
        != account["opening_balance_minor"] + posted_design
    )
    assert noise_balances(raw) == {account["id"]: (0, posted_noise)}
    assert design_findings(bundle, raw) == []
    # the design's own records are still judged: a posted booking on an environment account
    # (whose balance noise cannot put right) is a V09 finding before any noise
    wrong = json.loads(json.dumps(raw))
    env_account = bundle.spec.apps.wallet.accounts[0]
    wrong["initial_records"]["wallet"]["transactions"].append(
        {
            "id": "txn-0b1e7c55",
            "account_id": env_account.id,
            "at": "2026-02-20T10:00:00+01:00",
            "amount_minor": -1500,
            "counterparty": "Baumarkt",
            "description": "Screws",
            "category": "home",
            "status": "posted",
        }
    )
    assert {f.code for f in design_findings(bundle, wrong)} == {"V09"}


# --- jobs on PostgreSQL with a scripted endpoint ---------------------------------------------


@pytest.mark.live
def test_a_faithful_job_of_todays_shape_is_accepted(
    live_db: str, duplicate_cosine: Callable[[str], None]
) -> None:
    duplicate_cosine("0.6")
    _forget_stored_hm()
    with FakeLLM(ShapeScript()) as llm:
        job_id = make_job(llm.base_url, domains=["home_maintenance"])
        tasks.start_generation(job_id)
        requests = list(llm.requests)
    with session_scope() as session:
        assert job_row(session, job_id).status == "completed"
        candidates = scenario_candidates(session, job_id)
        assert [(c.need_type, c.status, c.reason) for c in candidates] == [
            (need, "accepted", None) for need in SHAPE
        ]
        assert all(steps(session, c.id) == FULL_PASS for c in candidates)
        stored = session.get(Scenario, candidates[0].scenario_id)
        assert stored is not None
        account = stored.source["initial_records"]["wallet"]["accounts"][0]
        booked = [
            *stored.source["initial_records"]["wallet"]["transactions"],
            *stored.source["noise_records"]["wallet"]["transactions"],
        ]
        assert account["balance_minor"] == account["opening_balance_minor"] + sum(
            t["amount_minor"]
            for t in booked
            if t["status"] == "posted" and t["account_id"] == account["id"]
        )
    # the Noise Creator was told what its posted transactions must sum to: hm-01's balance
    # -16450 - opening 0 - the design's posted -6500 = -9950
    noise_request = next(r for r in requests if construction_stage(r) == "noise_creator")
    assert (
        f"account {account['id']!r}: its posted noise transactions sum to exactly -9950"
        in (noise_request["messages"][1]["content"])
    )
    # the Reviewer was told the request and judged its two criteria
    reviewer_request = next(r for r in requests if construction_stage(r) == "reviewer")
    assert (
        'Request: a scenario of need type "dependency"'
        in reviewer_request["messages"][1]["content"]
    )
    assert '"requested_need_type"' in reviewer_request["messages"][1]["content"]


def _copies(need: str) -> dict[str, Any]:
    """hm-01 for every need type: as itself for dependency, unchanged (so saying dependency)
    for blockage, relabelled with the requested type for risk and opportunity."""
    draft = _draft("hm-01")
    if need in ("risk", "opportunity"):
        draft["scenario"]["need_type"] = need
    return draft


@pytest.mark.live
def test_four_copies_under_four_need_types_and_a_wrong_domain_are_sent_back(
    live_db: str, duplicate_cosine: Callable[[str], None]
) -> None:
    duplicate_cosine("0.6")
    _forget_stored_hm()
    with FakeLLM(ShapeScript(copies=_copies)) as llm:
        job_id = make_job(llm.base_url, domains=["home_maintenance", "travel"], rounds=1)
        tasks.start_generation(job_id)
        requests = list(llm.requests)
    with session_scope() as session:
        candidates = scenario_candidates(session, job_id)
        hm = [c for c in candidates if c.domain == "home_maintenance"]
        travel = [c for c in candidates if c.domain == "travel"]
        first = hm[0].scenario_id
        assert [(c.need_type, c.status) for c in hm] == [
            ("dependency", "accepted"),
            ("blockage", "rejected"),
            ("risk", "rejected"),
            ("opportunity", "rejected"),
        ]
        assert {c.status for c in travel} == {"skipped"}
        environments = [
            c for c in service.candidates_of(session, job_id) if c.kind == "environment"
        ]
        travel_env = next(c for c in environments if c.domain == "travel")
        assert travel_env.status == "rejected"
        # the copies are neighbours of each other too, not only of the stored first one
        labels = [label for label, _text in service.duplicate_neighbours(session, job_id, None)]
        assert {f"candidate #{c.id} of this job" for c in hm[1:]} <= set(labels)
    for round_findings in _findings(hm[1].id):
        assert {f["code"] for f in round_findings} == {"NEED_TYPE", "DUPLICATE"}
    for candidate in hm[2:]:
        for round_findings in _findings(candidate.id):
            assert [f["code"] for f in round_findings] == ["DUPLICATE"]
            assert f"near duplicate of stored scenario {first}" in round_findings[0]["message"]
            assert "cosine 1.00" in round_findings[0]["message"]
    for round_findings in _findings(travel_env.id):
        domain = [f for f in round_findings if f["code"] == "DOMAIN"]
        assert domain and domain[0]["path"] == "$.environment.domain"
        assert "'home_maintenance'" in domain[0]["message"]
    # the findings went back to the creators as revision feedback
    revisions = [
        r["messages"][3]["content"]
        for r in requests
        if construction_stage(r) in ("scenario_creator", "instance_creator")
        and len(r["messages"]) == 4
    ]
    assert any("NEED_TYPE $.need_type: the request is for a blockage" in m for m in revisions)
    assert any("DUPLICATE $.events: this scenario is a near duplicate" in m for m in revisions)
    assert any("DOMAIN $.environment.domain: the request is for an en" in m for m in revisions)


@pytest.mark.live
def test_the_threshold_is_the_setting(
    live_db: str, duplicate_cosine: Callable[[str], None]
) -> None:
    # the same four copies, each labelled with its requested need type: above the cosine of
    # any pair they are accepted (nothing else catches a copy the reviewer passes)
    duplicate_cosine("1.01")
    _forget_stored_hm()
    relabelled = ShapeScript(
        copies=lambda need: {"scenario": {**_draft("hm-01")["scenario"], "need_type": need}}
    )
    with FakeLLM(relabelled) as llm:
        job_id = make_job(llm.base_url, domains=["home_maintenance"], rounds=0)
        tasks.start_generation(job_id)
    with session_scope() as session:
        assert {c.status for c in scenario_candidates(session, job_id)} == {"accepted"}
    # at 0.99 the copies (cosine 1) go back; the first is one of the stored scenarios now
    duplicate_cosine("0.99")
    with FakeLLM(relabelled) as llm:
        job_id = make_job(llm.base_url, domains=["home_maintenance"], rounds=0, prefix="gen2")
        tasks.start_generation(job_id)
    with session_scope() as session:
        candidates = scenario_candidates(session, job_id)
        assert {c.status for c in candidates} == {"rejected"}
        assert all(_findings(c.id)[0][0]["code"] == "DUPLICATE" for c in candidates)


@pytest.mark.live
def test_the_reviewers_verdict_on_the_requested_need_type_sends_it_back(live_db: str) -> None:
    comment = "A loss that has not happened yet: this is a risk, not a dependency."
    script = ConstructionScript(reviewer=[review({"requested_need_type": comment}), review()])
    with FakeLLM(script) as llm:
        job_id = make_job(llm.base_url)
        tasks.start_generation(job_id)
        requests = list(llm.requests)
    with session_scope() as session:
        first = scenario_candidates(session, job_id)[0]
        assert (first.reviewer_first_pass, first.reviewer_passed, first.revisions) == (
            False,
            True,
            1,
        )
        assert steps(session, first.id)[2:4] == [
            ("reviewer", 0, False),
            ("scenario_creator", 1, True),
        ]
    revision = [r for r in requests if construction_stage(r) == "scenario_creator"][1]
    assert f"Requested need type: {comment}" in revision["messages"][3]["content"]


@pytest.mark.live
def test_the_job_page_shows_the_corpus_targets_of_its_accepted_candidates(
    live_db: str, duplicate_cosine: Callable[[str], None]
) -> None:
    duplicate_cosine("0.6")
    _forget_stored_hm()
    with FakeLLM(ShapeScript()) as llm:
        job_id = make_job(llm.base_url, domains=["home_maintenance"])
        tasks.start_generation(job_id)
    with session_scope() as session:
        lead = make_user(session, "lead")
        corpus = service.job_corpus(session, job_id)
        assert corpus.stats is not None and corpus.stats.scenarios == 4
        assert corpus.requested == corpus.accepted == dict.fromkeys(SHAPE, 1)
        # cached: the same object until the accepted set changes
        assert service.job_corpus(session, job_id) is corpus
    with TestClient(create_app()) as client:
        browser = Browser(client)
        browser.login(lead.username)
        page = client.get(f"/arena/generate/{job_id}").text
        live = client.get(f"/arena/generate/{job_id}", headers={"HX-Request": "true"})
    assert 'id="job-targets"' in page
    assert "<strong>4</strong> accepted scenario(s) in <strong>1</strong> environment(s)" in page
    for target in corpus.stats.targets:
        assert f'data-target="{target.name}" data-passed="{str(target.passed).lower()}"' in page
    assert '<tr data-need="risk"><td>risk</td><td>1</td><td>1</td></tr>' in page
    assert "job-targets" not in live.text  # the poll never computes or sends them

"""`halo corpus stats` statistics on a small hand-built corpus (issue 12 item 5).

Two environments built from ``tests/unit/arena_fixtures.py`` (events e1..e5 on 2026-03-03, e1 at
08:00 +01:00): ``tst`` (home_maintenance, the fixture's persona: may send, pay and change the
calendar, EUR 500 limit, one EUR account) and ``tsv`` (travel, may_pay false, a second account
in USD with a transaction tx9 dated 09:00, after every e1). Five scenarios, each with one point
to make; every expected value below is worked out by hand from them:

==========  =====================================================================================
tst-01      the fixture: risk, L1, labels P P W W W; noise email m4 dated before e1
tst-02      opportunity, L0, restraint at every checkpoint (labelled-expectations form); noise
            chat messages cm8 (at e1 exactly: not future) and cm9 (09:30) and email m5
            (03-04): two future records; story ids cm1–cm3 below noise cm8, cm9: an id leak
tst-03      blockage, L3 "in surgery ... cannot be reached", labels W B B B B; story cm1, cm3,
            cm5 interleaved with noise cm2, cm4 (no leak); key evidence "every 12 months" on
            /home/boiler-manual.txt line 2 and /home/old-boiler-manual.txt saying "every 24
            months": a file distractor
tsv-01      tst-01's text in the other environment (TF-IDF cosine 1), dependency, labels
            P P P P W
tsv-02      risk, L3 without unreachable phrases, events e1..e4 only (labels P W W B), an
            expired second boiler warranty row (id 4): a db distractor; noise cm0 below
            story cm1–cm3: an id leak with noise below
==========  =====================================================================================
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from app.arena.schema import EnvironmentSpec, ScenarioSpec
from app.cli import cli
from app.scenarios.corpus import (
    TARGETS,
    Corpus,
    CorpusEnvironment,
    CorpusStats,
    compute_corpus_stats,
    load_corpus,
    stats_document,
)
from app.scenarios.corpus import stats as stats_module
from app.scenarios.corpus.arcs import ScenarioArc, checkpoint_label
from app.scenarios.corpus.mix import permission_mix
from app.scenarios.corpus.shortcuts import cross_environment_similarity, id_leaks
from tests.unit import arena_fixtures as fx
from tests.unit.test_validator import scenario_dict, write_environment

runner = CliRunner()

# ---------------------------------------------------------------- the corpus


def _chat(mid: str, at: str, text: str = "noise") -> dict[str, Any]:
    return {
        "id": mid,
        "conversation_id": "c1",
        "sender": "max",
        "text": text,
        "at": at,
        "read": True,
    }


def _base_scenario() -> dict[str, Any]:
    return fx.scenario().model_dump(mode="json", by_alias=True)


_QUIET = ("premature", "restraint")


def _labels(*labels: str) -> dict[str, dict[str, Any]]:
    """A ``checkpoint_design`` with these labels (L0 where premature/restraint, else L1)."""
    return {
        str(t): {"label": label, "expected": {"levels": ["L0" if label in _QUIET else "L1"]}}
        for t, label in enumerate(labels, start=1)
    }


def _tst_01() -> ScenarioSpec:
    return fx.scenario()


def _tst_02() -> ScenarioSpec:
    raw = _base_scenario()
    raw.update(id="tst-02", need_type="opportunity", title="Garden party invitations for May")
    raw["design"]["need"] = "Nothing to do: the party is already organised by Max."
    raw["design"]["best_intervention"] = None  # restraint is right throughout
    raw["noise_records"]["email"]["messages"].append(
        {**fx.NOISE_EMAIL, "id": "m5", "subject": "Summer sale", "at": "2026-03-04T10:00:00+01:00"}
    )
    raw["noise_records"]["chat"] = {
        "conversations": [],
        "messages": [
            _chat("cm8", "2026-03-03T08:00:00+01:00"),  # exactly e1.at: visible, not early
            _chat("cm9", "2026-03-03T09:30:00+01:00"),
        ],
    }
    raw["checkpoint_design"] = _labels(*["restraint"] * 5)
    return ScenarioSpec.model_validate(raw)


def _tst_03() -> ScenarioSpec:
    raw = _base_scenario()
    raw.update(id="tst-03", need_type="blockage", title="Boiler service interval unclear")
    raw["design"]["rationale"] = "Clara is in surgery all day and cannot be reached, so send it."
    raw["design"]["best_intervention"].update(level="L3", command="send_email")
    raw["design"]["key_evidence"] = [
        {"source": "file", "path": "/home/boiler-manual.txt", "line": 2, "value": "every 12 months"}
    ]
    raw["initial_records"]["files"]["/home/old-boiler-manual.txt"] = (
        "Boiler XR-100 manual\nService every 24 months.\n"
    )
    for message, new_id in zip(
        raw["initial_records"]["chat"]["messages"], ("cm1", "cm3", "cm5"), strict=True
    ):
        message["id"] = new_id
    raw["noise_records"]["chat"] = {
        "conversations": [],
        "messages": [
            _chat("cm2", "2026-03-02T07:00:00+01:00"),
            _chat("cm4", "2026-03-02T07:30:00+01:00"),
        ],
    }
    raw["checkpoint_design"] = _labels("window", "belated", "belated", "belated", "belated")
    return ScenarioSpec.model_validate(raw)


def _tsv_01() -> ScenarioSpec:
    raw = _base_scenario()
    raw.update(id="tsv-01", environment_id="tsv", need_type="dependency")
    raw["checkpoint_design"] = _labels("premature", "premature", "premature", "premature", "window")
    return ScenarioSpec.model_validate(raw)


def _tsv_02() -> ScenarioSpec:
    raw = _base_scenario()
    raw.update(id="tsv-02", environment_id="tsv", title="Second boiler warranty expired")
    raw["design"]["rationale"] = "Clara allows sending on her behalf; the fix is one email."
    raw["design"]["best_intervention"].update(level="L3", command="send_email")
    raw["initial_records"]["db"].append(
        "INSERT INTO appliances VALUES (4, 'Boiler', '2019-04-10', '2024-04-10');"
    )
    raw["noise_records"]["chat"] = {
        "conversations": [],
        "messages": [_chat("cm0", "2026-02-28T07:00:00+01:00")],
    }
    raw["events"] = raw["events"][:4]
    raw["checkpoint_design"] = _labels("premature", "window", "window", "belated")
    return ScenarioSpec.model_validate(raw)


def _tsv() -> EnvironmentSpec:
    raw = fx.environment(may_pay=False).model_dump(mode="json", by_alias=True)
    raw.update(id="tsv", domain="travel")
    raw["apps"]["wallet"]["accounts"].append(
        {
            "id": "acc-usd",
            "name": "USD card",
            "currency": "USD",
            "balance_minor": -5000,
            "opening_balance_minor": 0,
        }
    )
    raw["apps"]["wallet"]["transactions"].append(
        {
            "id": "tx9",
            "account_id": "acc-usd",
            "at": "2026-03-03T09:00:00+01:00",
            "amount_minor": -5000,
            "counterparty": "Hotel",
            "description": "Deposit",
            "category": "travel",
            "status": "posted",
        }
    )
    return EnvironmentSpec.model_validate(raw)


def corpus() -> Corpus:
    """The five-scenario corpus of the module docstring."""
    files = fx.ENVIRONMENT_FILES
    return Corpus(
        (
            CorpusEnvironment(
                fx.environment(), fx.DATABASE_SQL, files, (_tst_01(), _tst_02(), _tst_03())
            ),
            CorpusEnvironment(_tsv(), fx.DATABASE_SQL, files, (_tsv_01(), _tsv_02())),
        )
    )


@pytest.fixture(scope="module")
def stats() -> CorpusStats:
    return compute_corpus_stats(corpus())


def _target(stats: CorpusStats, name: str) -> tuple[float, bool, str]:
    target = next(t for t in stats.targets if t.name == name)
    return target.measured, target.passed, target.detail


# ---------------------------------------------------------------- mix


def test_counts_by_domain_need_type_and_level(stats: CorpusStats) -> None:
    assert (stats.environments, stats.scenarios, stats.skipped) == (2, 5, ())
    mix = stats.mix
    assert {d: n for d, n in mix.environments_by_domain.items() if n} == {
        "home_maintenance": 1,
        "travel": 1,
    }
    assert len(mix.environments_by_domain) == 10 and sum(mix.environments_by_domain.values()) == 2
    assert {d: n for d, n in mix.scenarios_by_domain.items() if n} == {
        "home_maintenance": 3,
        "travel": 2,
    }
    assert mix.by_need_type == {"dependency": 1, "blockage": 1, "risk": 2, "opportunity": 1}
    assert mix.by_level == {"L0": 1, "L1": 2, "L2": 0, "L3": 2}
    assert mix.level_by_need_type["risk"] == {"L0": 0, "L1": 1, "L2": 0, "L3": 1}
    assert mix.level_by_need_type["opportunity"] == {"L0": 1, "L1": 0, "L2": 0, "L3": 0}
    assert mix.level_by_need_type["blockage"]["L3"] == 1
    assert mix.level_by_need_type["dependency"]["L1"] == 1


# ---------------------------------------------------------------- arcs


def test_arc_patterns_and_their_scenarios(stats: CorpusStats) -> None:
    assert [(p.pattern, p.count, p.scenario_ids) for p in stats.patterns] == [
        ("PPPPW", 1, ("tsv-01",)),
        ("PPWWW", 1, ("tst-01",)),
        ("PWWB", 1, ("tsv-02",)),
        ("RRRRR", 1, ("tst-02",)),
        ("WBBBB", 1, ("tst-03",)),
    ]
    by_id = {arc.scenario_id: arc for arc in stats.arcs}
    assert [by_id[s].first_window for s in ("tst-01", "tst-02", "tst-03", "tsv-01", "tsv-02")] == [
        3,
        None,
        1,
        5,
        2,
    ]
    assert [s for s, arc in by_id.items() if arc.restraint_throughout] == ["tst-02"]
    assert [s for s, arc in by_id.items() if arc.window_at_t1] == ["tst-03"]
    # tst-03's first belated checkpoint is t=2 of 5; tsv-02's is its last (t=4 of 4)
    assert [s for s, arc in by_id.items() if arc.event_after_first_belated] == ["tst-03"]


def test_window_positions_by_quintile(stats: CorpusStats) -> None:
    # (t_w-1)/(n-1): tst-03 0 → q0; tsv-02 1/3 → q1; tst-01 2/4 → q2; tsv-01 4/4 → q4
    assert stats.windows.quintiles == (1, 1, 1, 0, 1)
    assert stats.windows.with_window == 4
    assert stats.windows.distinct_quintiles == 4
    assert stats.windows.modal_share == pytest.approx(0.25)


def test_quintile_boundaries_are_exact() -> None:
    def quintile(first_window: int, n: int) -> int | None:
        labels = ["premature"] * (first_window - 1) + ["window"] * (n - first_window + 1)
        return ScenarioArc("x", "e", tuple(labels)).window_quintile

    # 1/5 = 0.2 opens quintile 1; 2/5 opens quintile 2 (no float rounding below the edge)
    assert [quintile(2, 6), quintile(3, 6), quintile(5, 6), quintile(6, 6)] == [1, 2, 4, 4]
    assert quintile(1, 1) == 0


def test_checkpoint_label_reads_both_forms() -> None:
    assert checkpoint_label("window") == "window"
    assert checkpoint_label({"label": "restraint", "expected": {"levels": ["L0"]}}) == "restraint"
    assert checkpoint_label(None) == ""


# ---------------------------------------------------------------- permissions and currencies


def test_personas_currencies_and_unreachable_l3(stats: CorpusStats) -> None:
    assert [(p.environment_id, p.restricted, p.low_limit) for p in stats.personas] == [
        ("tst", False, False),
        ("tsv", True, False),
    ]
    assert [(c.environment_id, c.base, c.multi_currency) for c in stats.currencies] == [
        ("tst", ("EUR",), False),
        ("tsv", ("EUR", "USD"), True),
    ]
    assert [(u.scenario_id, u.phrases) for u in stats.unreachable] == [
        ("tst-03", ("cannot be reached", "in surgery")),
        ("tsv-02", ()),
    ]


def test_a_low_limit_is_at_most_the_named_constant() -> None:
    def env(**permissions: Any) -> CorpusEnvironment:
        return CorpusEnvironment(fx.environment(**permissions), "", {}, ())

    rows = permission_mix(
        [
            env(spending_limit_minor=10000),  # EUR 100.00: low
            env(spending_limit_minor=10001),
            env(spending_limit_minor=15000, currency="JPY"),  # JPY 15,000: low
            env(spending_limit_minor=1, currency="XAU"),  # not listed: never low
            env(may_change_calendar=False),
            env(may_send_on_behalf=False),
        ]
    )
    assert [(r.low_limit, r.restricted) for r in rows] == [
        (True, True),
        (False, False),
        (True, True),
        (False, False),
        (False, True),
        (False, True),
    ]


# ---------------------------------------------------------------- shortcuts


def test_id_leak_check(stats: CorpusStats) -> None:
    by_id = {leak.scenario_id: leak for leak in stats.id_leaks}
    assert by_id["tst-01"].series == ()  # story chat ids only, noise email only: nothing to compare
    [series] = by_id["tst-02"].series
    assert (series.collection, series.stem, series.story, series.noise) == (
        "chat.messages",
        "cm",
        (1, 2, 3),
        (8, 9),
    )
    assert (series.direction, by_id["tst-02"].leaks, by_id["tst-02"].noise_above) == (
        "noise_above",
        True,
        True,
    )
    [series] = by_id["tst-03"].series
    assert (series.story, series.noise, series.direction) == ((1, 3, 5), (2, 4), None)
    assert not by_id["tst-03"].leaks
    assert by_id["tsv-02"].series[0].direction == "noise_below"
    assert (by_id["tsv-02"].leaks, by_id["tsv-02"].noise_above) == (True, False)
    assert (stats.id_leak_count, stats.id_compared_count) == (2, 3)


def test_opaque_ids_form_no_series() -> None:
    raw = _base_scenario()
    opaque = ("m-7f3a", "m-c91b", "m-2e07")
    for message, rid in zip(raw["initial_records"]["chat"]["messages"], opaque, strict=True):
        message["id"] = rid
    noise = [_chat("m-a4d9", "2026-03-01T00:00:00+01:00")]
    raw["noise_records"]["chat"] = {"conversations": [], "messages": noise}
    [leak] = id_leaks([ScenarioSpec.model_validate(raw)])
    assert leak.series == () and not leak.leaks


def test_future_record_check(stats: CorpusStats) -> None:
    tst, tsv = stats.future
    assert (tst.environment_id, tst.count, tst.scenarios_affected) == ("tst", 2, 1)
    assert sorted((r.scenario_id, r.collection, r.record_id, r.source) for r in tst.records) == [
        ("tst-02", "chat.messages", "cm9", "noise_records"),
        ("tst-02", "email.messages", "m5", "noise_records"),
    ]
    # the base transaction tx9 (09:00) is in the S0 of both tsv scenarios
    assert (tsv.count, tsv.scenarios_affected) == (2, 2)
    assert tsv.by_source == {"environment": 2, "initial_records": 0, "noise_records": 0}
    assert stats.future_record_count == 4


def test_event_kind_sequences(stats: CorpusStats) -> None:
    five = (
        "chat.message",
        "calendar.updated",
        "wallet.transaction",
        "files.written",
        "db.executed",
    )
    assert (stats.kind_sequences.scenarios, stats.kind_sequences.distinct) == (5, 2)
    [repeated] = stats.kind_sequences.repeated
    assert repeated.kinds == five
    assert repeated.scenario_ids == ("tst-01", "tst-02", "tst-03", "tsv-01")


def test_largest_cross_environment_cosine(stats: CorpusStats) -> None:
    first, second, *_rest = stats.similar
    assert (first.scenario_a, first.scenario_b) == ("tst-01", "tsv-01")
    assert first.cosine == pytest.approx(1.0)
    assert second.cosine < 0.99
    assert len(stats.similar) == 5  # 6 cross-environment pairs, the top 5 kept
    assert all({p.scenario_a[:3], p.scenario_b[:3]} == {"tst", "tsv"} for p in stats.similar)


def test_one_environment_has_no_cross_environment_pair() -> None:
    assert cross_environment_similarity([_tst_01(), _tst_02()]) == ()


# ---------------------------------------------------------------- retrieval


def test_retrieval_space(stats: CorpusStats) -> None:
    tst, tsv = stats.retrieval
    # appliances (3 rows) and service_log (1 row); the manual (5 lines) and todo.txt (2 lines)
    assert (tst.tables, tst.rows, tst.files, tst.file_lines) == (2, 4, 2, 7)
    # every S0 adds one service_log row and /docs/insurance.txt; tst-03 also the old manual
    assert (tst.s0_min_tables, tst.s0_min_rows, tst.s0_max_rows) == (2, 5, 5)
    assert (tst.s0_min_files, tst.s0_max_files) == (3, 4)
    # tsv-02 adds a second boiler row
    assert (tsv.s0_min_rows, tsv.s0_max_rows) == (5, 6)


def test_near_duplicate_distractors(stats: CorpusStats) -> None:
    found = {check.scenario_id: check.items for check in stats.distractors}
    assert [s for s, items in found.items() if any(i.distractor for i in items)] == [
        "tst-03",
        "tsv-02",
    ]
    assert found["tst-03"][0].distractor == "/home/old-boiler-manual.txt line 2 (0.96)"
    assert found["tsv-02"][0].distractor == (
        "appliances id=4: similar row (1.00), warranty_until '2024-04-10'"
    )
    # the washing machine and the dishwasher are other rows, not near duplicates of the boiler
    assert found["tst-01"][0].distractor is None


# ---------------------------------------------------------------- targets


MIX_TARGETS = (
    "restricted_personas",
    "multi_currency_wallets",
    "unreachable_l3",
    "restraint_throughout",
    "window_at_t1",
    "event_after_first_belated",
    "window_quintiles",
    "window_modal_share",
    "database_tables",
    "database_rows",
    "environment_files",
    "near_duplicate_distractors",
)
"""The targets of the corpus mix and retrieval space, measured on this file's corpus."""


def test_every_target_measured_against_its_threshold(stats: CorpusStats) -> None:
    results = {t.name: (t.measured, t.passed) for t in stats.targets}
    validity = {name for name in results if name not in MIX_TARGETS}
    assert len(validity) == 13  # measured on hand-built cases in test_corpus_validity.py
    assert {name: results[name] for name in MIX_TARGETS} == {
        "restricted_personas": (0.5, True),
        "multi_currency_wallets": (1.0, True),
        "unreachable_l3": (0.5, False),
        "restraint_throughout": (1.0, False),
        "window_at_t1": (1.0, False),
        "event_after_first_belated": (1.0, False),
        "window_quintiles": (4.0, True),
        "window_modal_share": (0.25, True),
        "database_tables": (2.0, False),
        "database_rows": (4.0, False),
        "environment_files": (2.0, False),
        "near_duplicate_distractors": (0.4, False),
    }
    assert _target(stats, "unreachable_l3")[2] == "1 of 2 L3 best interventions (50%)"
    assert _target(stats, "restraint_throughout")[2] == "1 scenario: tst-02"
    assert _target(stats, "database_rows")[2] == "smallest 4 rows (tst, tsv)"
    assert not stats.all_targets_met


def test_a_scenario_whose_s0_cannot_be_built_is_left_out() -> None:
    raw = _base_scenario()
    raw.update(id="tst-09")
    raw["noise_records"]["email"]["messages"][0]["id"] = "m1"  # the base holds m1 already
    bad = ScenarioSpec.model_validate(raw)
    result = compute_corpus_stats(
        Corpus(
            (
                CorpusEnvironment(
                    fx.environment(), fx.DATABASE_SQL, fx.ENVIRONMENT_FILES, (_tst_01(), bad)
                ),
            )
        )
    )
    assert result.scenarios == 1
    [skipped] = result.skipped
    assert skipped.scenario_id == "tst-09" and "S0 cannot be built" in skipped.reason
    assert "duplicate id 'm1'" in skipped.reason
    assert not result.all_targets_met


def test_the_json_document_carries_the_derived_values(stats: CorpusStats) -> None:
    document = json.loads(json.dumps(stats_document(stats)))
    assert document["id_leak_count"] == 2 and document["future_record_count"] == 4
    arc = next(a for a in document["arcs"] if a["scenario_id"] == "tst-03")
    assert (arc["pattern"], arc["first_window"], arc["first_belated"]) == ("WBBBB", 1, 2)
    assert [t["name"] for t in document["targets"]][:2] == [
        "content_free_always_l0",
        "content_free_wait_then_notify",
    ]
    assert document["future"][0]["by_source"]["noise_records"] == 2


# ---------------------------------------------------------------- reading a seed tree and the CLI


@pytest.fixture
def seed_tree(tmp_path: Path) -> Path:
    """seeds/arena/hm: the validator's valid hm-03 and a hm-04 that does not parse."""
    broken = {**scenario_dict(), "id": "hm-04", "bogus": True}
    write_environment(
        tmp_path / "seeds" / "arena",
        scenarios={"hm-03.json": scenario_dict(), "hm-04.json": broken},
    )
    return tmp_path / "seeds"


def test_load_corpus_parses_without_validating_and_skips_what_does_not_parse(
    seed_tree: Path,
) -> None:
    loaded = load_corpus(seed_tree)
    [environment] = loaded.environments
    assert [s.id for s in environment.scenarios] == ["hm-03"]
    [skipped] = loaded.skipped
    assert skipped.scenario_id == "hm-04" and "bogus" in skipped.reason


def test_cli_json_text_and_check(seed_tree: Path) -> None:
    (seed_tree / "arena" / "hm" / "scenarios" / "hm-04.json").unlink()

    result = runner.invoke(cli, ["corpus", "stats", str(seed_tree), "--format", "json"])
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert (document["environments"], document["scenarios"]) == (1, 1)
    assert len(document["targets"]) == 25
    assert document["all_targets_met"] is False

    text = runner.invoke(cli, ["corpus", "stats", str(seed_tree)])
    assert text.exit_code == 0
    assert "FAIL" in text.stdout and "targets met" in text.stdout

    checked = runner.invoke(cli, ["corpus", "stats", str(seed_tree), "--check"])
    assert checked.exit_code == 1
    assert "corpus check failed" in checked.stderr and "restraint_throughout" in checked.stderr


def test_cli_check_passes_when_every_target_is_met(
    seed_tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (seed_tree / "arena" / "hm" / "scenarios" / "hm-04.json").unlink()
    quintiles = next(t for t in TARGETS if t.name == "window_quintiles")
    monkeypatch.setattr(stats_module, "TARGETS", (replace(quintiles, threshold=1),))

    result = runner.invoke(cli, ["corpus", "stats", str(seed_tree), "--check"])
    assert result.exit_code == 0, result.stderr
    assert "1 of 1 targets met" in result.stdout


def test_cli_check_fails_when_a_scenario_is_left_out(
    seed_tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stats_module, "TARGETS", ())
    result = runner.invoke(cli, ["corpus", "stats", str(seed_tree), "--check"])
    assert result.exit_code == 1
    assert "left out" in result.stderr


def test_cli_bad_path(tmp_path: Path) -> None:
    result = runner.invoke(cli, ["corpus", "stats", str(tmp_path / "nowhere")])
    assert result.exit_code == 2
    assert "holds no environment" in result.stderr


def test_the_shipped_corpus_meets_every_target_and_passes_every_rule() -> None:
    """The seeds themselves: V01–V13 and every corpus target (`make test` runs this).

    The content-free figures are checked against a count made here from the seed files alone:
    no accept entry of L1 lists no evidence, so a generic notify is accepted nowhere, and a
    policy scores only where doing nothing is acceptable (always L0: every checkpoint whose
    levels include L0; L0 at t = 1 then a notify: those at t = 1). The majority label is the
    share of the commonest label over all checkpoints.
    """
    seeds = Path(__file__).resolve().parents[2] / "seeds"
    validated = runner.invoke(cli, ["validate", str(seeds)])
    assert validated.exit_code == 0, validated.stdout + validated.stderr
    assert "90 scenarios in 10 domains pass V01–V13" in validated.stdout
    checked = runner.invoke(cli, ["corpus", "stats", str(seeds), "--format", "json", "--check"])
    assert checked.exit_code == 0, checked.stderr
    document = json.loads(checked.stdout)
    assert document["all_targets_met"] is True
    assert [t["name"] for t in document["targets"] if not t["passed"]] == []
    assert all(t["gating"] for t in document["targets"])

    designs = [
        json.loads(path.read_text(encoding="utf-8"))["checkpoint_design"]
        for path in sorted(seeds.glob("arena/*/scenarios/*.json"))
    ]
    checkpoints = [(t, entry) for design in designs for t, entry in design.items()]
    quiet = [t for t, entry in checkpoints if "L0" in entry["expected"]["levels"]]
    generic_l1 = [
        form
        for _, entry in checkpoints
        for form in entry["expected"].get("accept", [])
        if form["level"] == "L1" and not form.get("evidence")
    ]
    labels = Counter(entry["label"] for _, entry in checkpoints)
    assert generic_l1 == []
    n, at_one = len(checkpoints), quiet.count("1")
    measured = {t["name"]: t["detail"] for t in document["targets"]}
    assert measured["content_free_always_l0"].startswith(
        f"{len(quiet)} of {n} checkpoints accepted ({100 * len(quiet) / n:.1f}%)"
    )
    for name in ("content_free_wait_then_notify", "content_free_best_level_generic"):
        assert measured[name].startswith(
            f"{at_one} of {n} checkpoints accepted ({100 * at_one / n:.1f}%)"
        ), measured[name]
    assert measured["content_free_notify_every"].startswith(f"0 of {n} checkpoints accepted")
    label, count = labels.most_common(1)[0]
    assert f"vs {100 * count / n:.1f}% always {label!r}" in measured["position_lookup_gain"]

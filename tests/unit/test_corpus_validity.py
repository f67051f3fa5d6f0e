"""Instrument-validity measures of ``halo corpus stats`` (DESIGN §4), values worked out by hand.

The fixture is the validator's scenario (tests/unit/test_validator.py): five checkpoints labelled
P P W W B; both windows accept a notify_user (L1) or a send_email (L3) only when it names the
boiler model, which is in the manual file; the belated checkpoint accepts an L1 that names it.
"""

from __future__ import annotations

import copy
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app.arena.schema import ScenarioRecords, ScenarioSpec
from app.scenarios.corpus.ids import reid_environment
from app.scenarios.corpus.loading import Prepared, load_corpus, prepare
from app.scenarios.corpus.validity import (
    arc_endings,
    content_free_scores,
    id_dictionary,
    position_lookup,
    restraint_spread,
    story_noise_separation,
    title_hints,
)
from tests.unit.test_validator import environment_dict, scenario_dict, write_environment


def _prepared(tmp_path: Path, *scenarios: dict[str, Any]) -> list[Prepared]:
    folder = write_environment(
        tmp_path / "arena", scenarios={f"{s['id']}.json": s for s in scenarios}
    )
    corpus = load_corpus(folder.parent)
    prepared, skipped = prepare(corpus)
    assert not skipped and not corpus.skipped, (skipped, corpus.skipped)
    return prepared


def _scores(prepared: list[Prepared]) -> dict[str, tuple[int, int]]:
    return {s.policy: (s.accepted, s.judged) for s in content_free_scores(prepared)}


def test_content_free_policies_fail_where_help_must_name_the_evidence(tmp_path: Path) -> None:
    prepared = _prepared(tmp_path, scenario_dict())
    # always L0: the two premature checkpoints; L0 then a generic notify: t = 1 only; a notify
    # everywhere: nothing (premature at 1-2, no evidence at 3-5); the best intervention's
    # send_email with generic words from t = 2: t = 1 (L0) only
    assert _scores(prepared) == {
        "always_l0": (2, 5),
        "wait_then_notify": (1, 5),
        "notify_every": (0, 5),
        "best_level_generic": (1, 5),
    }


def test_without_content_the_same_policies_pass_the_windows(tmp_path: Path) -> None:
    scenario = scenario_dict()
    for entry in scenario["checkpoint_design"].values():
        entry["expected"].pop("accept", None)  # expectations as before: levels and commands
    prepared = _prepared(tmp_path, scenario)
    # a generic notify (L1) is accepted at both windows; the send_email (L3) too; at the
    # belated checkpoint (L1 only) the notify needs no evidence either, the L3 is too much
    assert _scores(prepared) == {
        "always_l0": (2, 5),
        "wait_then_notify": (4, 5),
        "notify_every": (3, 5),
        "best_level_generic": (3, 5),
    }


def _stub(environment: str, arc: str, **spec: Any) -> Any:
    labels = {"P": "premature", "W": "window", "B": "belated", "R": "restraint"}
    design = {
        str(t): SimpleNamespace(label=labels[letter], expected=SimpleNamespace(levels=["L1"]))
        for t, letter in enumerate(arc, 1)
    }
    return SimpleNamespace(
        environment=SimpleNamespace(spec=SimpleNamespace(id=environment)),
        spec=SimpleNamespace(
            events=[None] * len(arc),
            label_at=lambda t: design[str(t)].label,
            checkpoint_design=design,
            restraint_throughout=set(arc) == {"R"},
            **spec,
        ),
    )


def test_position_lookup_learns_on_the_other_environments() -> None:
    prepared = [
        _stub("a", "PWB"),
        _stub("a", "PWB"),
        _stub("b", "PWB"),
        _stub("b", "WWB"),
    ]
    lookup = position_lookup(prepared)  # type: ignore[arg-type]
    # a, learned on b: (1,3) ties P/W and takes P (seen first), so 6 of 6; b, learned on a:
    # P W B right, W W B wrong at t = 1: 5 of 6. The majority label W holds 5 of 12.
    assert (lookup.correct, lookup.checkpoints, lookup.majority_label) == (11, 12, "window")
    assert lookup.gain_pp == pytest.approx(100 * (11 - 5) / 12)


def test_arc_endings_count_window_endings_and_windows_without_l1() -> None:
    ends_on_window = scenario_dict()
    ends_on_window["checkpoint_design"]["5"] = copy.deepcopy(
        ends_on_window["checkpoint_design"]["4"]
    )
    no_l1 = scenario_dict()
    no_l1["checkpoint_design"]["3"]["expected"] = {"levels": ["L3"], "commands": ["send_email"]}
    restraint = scenario_dict()
    restraint["checkpoint_design"] = {
        str(t): {"label": "restraint", "expected": {"levels": ["L0"]}} for t in range(1, 6)
    }
    specs = [ScenarioSpec.model_validate(s) for s in (ends_on_window, no_l1, restraint)]
    endings = arc_endings([SimpleNamespace(spec=s) for s in specs])  # type: ignore[misc]
    assert (endings.action_scenarios, endings.end_on_window, endings.l1_insufficient) == (2, 1, 1)


def test_restraint_spread_counts_and_a_give_away_structure() -> None:
    def item(env: str, sid: str, arc: str, need: str) -> Any:
        # restraint scenarios have 4 events, the others 6: structure alone tells them apart
        return _stub(
            env,
            arc,
            id=sid,
            need_type=need,
            title="Title words here",
            design=SimpleNamespace(key_evidence=[1]),
            initial_records=ScenarioRecords(),
            noise_records=ScenarioRecords(),
        )

    prepared = []
    for env in ("a", "b", "c"):
        prepared += [
            item(env, f"{env}-01", "RRRR", "risk"),
            item(env, f"{env}-02", "PWWWWB", "risk"),
            item(env, f"{env}-03", "PPWWWB", "opportunity"),
        ]
    for p in prepared:
        p.spec.events = [SimpleNamespace(app="email")] * len(p.spec.events)
    spread = restraint_spread(prepared)  # type: ignore[arg-type]
    assert spread.by_need_type == {"dependency": 0, "blockage": 0, "risk": 3, "opportunity": 0}
    assert spread.by_file_number == {1: 3} and spread.largest_file_number_share == 1.0
    assert spread.fewest_per_need_type == 0
    assert spread.structure_auc == 1.0


def _records(kind: str, text: str, at: str) -> dict[str, Any]:
    if kind == "email":
        return {
            "email": {
                "messages": [
                    {
                        "id": f"m-{abs(hash((text, at))) % 10**6}",
                        "thread_id": "t-1",
                        "folder": "inbox",
                        "from": "a@example.org",
                        "to": ["clara@example.org"],
                        "cc": [],
                        "subject": "s",
                        "body": text,
                        "at": at,
                        "read": True,
                        "flagged": False,
                        "attachments": [],
                    }
                ]
            }
        }
    raise AssertionError(kind)


def test_story_and_noise_separation_by_length_and_time(tmp_path: Path) -> None:
    scenarios = []
    # five scenarios, each one story email (long, near e1) and one noise email (short, far)
    for i in range(5):
        s = scenario_dict()
        s["id"] = f"hm-0{i + 1}"
        s["initial_records"] = _records("email", "x" * (200 + i), "2026-03-01T09:00:00+01:00")
        s["noise_records"] = {
            **s["noise_records"],
            "email": _records("email", "y" * (20 + i), "2026-01-01T09:00:00+01:00")["email"],
        }
        scenarios.append(s)
    prepared = _prepared(tmp_path, *scenarios)
    email = next(s for s in story_noise_separation(prepared) if s.kind == "email.messages")
    # every story email is longer and closer to e1 than every noise email: AUC 1 and 0
    assert (email.story, email.noise) == (5, 5)
    assert email.length_auc == 1.0 and email.time_auc == 0.0 and email.largest_distance == 0.5


def test_title_hints_name_key_evidence_and_design_hints(tmp_path: Path) -> None:
    leaking = scenario_dict()
    leaking["title"] = "Boiler warranty ends 2026-12-15"  # the key evidence's value
    hinting = scenario_dict()
    hinting.update(id="hm-04", title="The boiler service is already booked")
    plain = scenario_dict()
    plain.update(id="hm-05")
    hints = title_hints(_prepared(tmp_path, leaking, hinting, plain))
    assert [(h.scenario_id, h.reason) for h in hints] == [
        ("hm-03", "key evidence '2026-12-15'"),
        ("hm-04", "design hint 'already'"),
    ]


def test_hashed_readable_ids_are_recovered_and_fresh_ones_are_not(tmp_path: Path) -> None:
    env, scenario = environment_dict(), scenario_dict()
    hashed = reid_environment(env, [scenario])
    folder = write_environment(
        tmp_path / "h" / "arena",
        env=hashed.environment,
        scenarios={"hm-03.json": hashed.scenarios[0]},
    )
    prepared, _ = prepare(load_corpus(folder.parent))
    hashed_result = id_dictionary(prepared)
    # the fixture's readable ids (m-1, acc-1, ...) are all in the dictionary's stems
    assert hashed_result.ids == 24 and hashed_result.recovered >= 17  # m-0, c-1, ev-1, ...
    fresh = reid_environment(env, [scenario], fresh=True)
    folder = write_environment(
        tmp_path / "f" / "arena",
        env=fresh.environment,
        scenarios={"hm-03.json": fresh.scenarios[0]},
    )
    prepared, _ = prepare(load_corpus(folder.parent))
    assert id_dictionary(prepared).recovered == 0

"""`halo judge`, `halo metrics table11` and `halo export judge-sft` on a committed database.

The run and its human judgements are those of ``test_judge_table11`` (their hand-computed
Table 11); the SFT files are loaded with 🤗 ``datasets`` as their card says.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlmodel import select
from typer.testing import CliRunner

from app.cli import cli
from app.db import session_scope
from app.models import JudgeRun, Response
from tests.services.test_judge_table11 import judged_run

runner = CliRunner()
AGENTS = ("restraint", "notify_latest", "eager_executor")


def _judged_run() -> int:
    """The twelve responses of hm-01 and hm-03 (seed 0), each with its human diagnosis."""
    with session_scope() as session:
        return int(judged_run(session).id)


def _json(args: list[str]) -> Any:
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_halo_judge_and_table11_from_the_terminal(live_db: str) -> None:
    run_id = _judged_run()
    result = runner.invoke(cli, ["judge", "--judge", "rubric", "--run", str(run_id)])
    assert result.exit_code == 0, result.output
    assert "completed 12" in result.output
    # test_judge_table11's rubric figures: verdict 11/12, joint 8/12; joint dependency 3/6,
    # blockage 5/6
    assert "verdict accuracy 91.67 %, joint accuracy 66.67 %" in result.output
    with session_scope() as session:
        [judge_run_id] = session.exec(select(JudgeRun.id)).all()
        assert session.get(JudgeRun, judge_run_id).status == "completed"
    [row] = _json(["metrics", "table11", "--run", str(run_id)])
    assert (row["judge"], row["n"], row["verdict_accuracy"], row["joint_accuracy"]) == (
        "rubric",
        12,
        91.67,
        66.67,
    )
    assert row["verdict_accuracy_ci"] == [64.61, 98.51]
    [one] = _json(["metrics", "table11", "--judge-run", str(judge_run_id)])
    assert (one["n"], one["joint_accuracy"]) == (12, 66.67)
    by_need = _json(["metrics", "table11_need_type", "--judge-run", str(judge_run_id)])
    assert [(r["need_type"], r["joint_accuracy"]) for r in by_need] == [
        ("dependency", 50.0),
        ("blockage", 83.33),
    ]
    missing = runner.invoke(cli, ["metrics", "table11_confusion"])
    assert missing.exit_code == 2 and "--judge-run" in missing.output
    unknown = runner.invoke(cli, ["metrics", "table11", "--judge-run", "999999"])
    assert unknown.exit_code == 1 and "judge run 999999 does not exist" in unknown.output
    refused = runner.invoke(cli, ["judge", "--judge", "nobody", "--run", str(run_id)])
    assert refused.exit_code == 2 and "unknown judge 'nobody'" in refused.output
    assert "Traceback" not in refused.output


def test_judge_sft_export_loads_with_datasets(live_db: str, tmp_path: Path) -> None:
    from datasets import load_dataset

    _judged_run()
    out = tmp_path / "sft"
    result = runner.invoke(
        cli, ["export", "judge-sft", "--out", str(out), "--seed", "1", "--test-share", "0.5"]
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["README.md", "test.jsonl", "train.jsonl"]
    data = load_dataset(
        "json",
        data_files={"train": str(out / "train.jsonl"), "test": str(out / "test.jsonl")},
    )
    train, test = data["train"], data["test"]
    assert len(train) + len(test) == 12
    # split by scenario: one of the two on each side, none on both
    assert len(set(train["scenario_id"])) == 1 and len(set(test["scenario_id"])) == 1
    assert set(train["scenario_id"]).isdisjoint(test["scenario_id"])
    assert len(train) == 6 and len(test) == 6  # each scenario has 6 responses
    with session_scope() as session:
        level = dict(session.exec(select(Response.id, Response.level_predicted)).all())
    for row in [*train, *test]:
        system, user, assistant = row["messages"]
        assert [system["role"], user["role"], assistant["role"]] == [
            "system",
            "user",
            "assistant",
        ]
        assert "Diagnosis rules" in system["content"]
        assert "## Final action" in user["content"]
        assert not any(name in user["content"] for name in AGENTS)
        diagnosis = json.loads(assistant["content"])
        assert diagnosis["level"] == level[row["response_id"]]
        assert set(diagnosis) == {"level", "verdict", "timing", "intensity", "other_issues"}
    card = (out / "README.md").read_text()
    assert 'load_dataset("json", data_files={"train": "train.jsonl"' in card
    assert "| train | 6 | 1 |" in card and "SFTTrainer" in card
    # the same seed gives the same split
    again = tmp_path / "again"
    runner.invoke(
        cli, ["export", "judge-sft", "--out", str(again), "--seed", "1", "--test-share", "0.5"]
    )
    assert (again / "test.jsonl").read_text() == (out / "test.jsonl").read_text()
    bad = runner.invoke(cli, ["export", "judge-sft", "--out", str(out), "--test-share", "1.5"])
    assert bad.exit_code == 2 and "test share" in bad.output

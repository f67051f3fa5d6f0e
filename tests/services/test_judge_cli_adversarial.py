"""`halo export judge-sft` share edges, Table 11's intervals against statsmodels, and bad
`halo metrics` filters (DESIGN §12, §8)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from statsmodels.stats.proportion import proportion_confint
from typer.testing import CliRunner

from app.cli import cli
from tests.services.test_judge_cli import _judged_run

runner = CliRunner()


@pytest.mark.parametrize("share", ["1", "-0.1", "nan", "1.5"])
def test_sft_share_out_of_range_is_refused(live_db: str, tmp_path: Path, share: str) -> None:
    _judged_run()
    result = runner.invoke(
        cli, ["export", "judge-sft", "--out", str(tmp_path / "o"), "--test-share", share]
    )
    assert result.exit_code == 2, result.output
    assert "test share" in result.output and "Traceback" not in result.output


def test_sft_share_zero_puts_all_in_train_and_the_card_loads(live_db: str, tmp_path: Path) -> None:
    from datasets import load_dataset

    _judged_run()
    out = tmp_path / "o"
    out.mkdir()
    (out / "test.jsonl").write_text("stale\n")  # an earlier export's test side goes
    result = runner.invoke(cli, ["export", "judge-sft", "--out", str(out), "--test-share", "0"])
    assert result.exit_code == 0, result.output
    assert "12 train rows (2 scenarios) and 0 test rows" in result.output
    assert sorted(p.name for p in out.iterdir()) == ["README.md", "train.jsonl"]
    card = (out / "README.md").read_text()
    assert 'data_files={"train": "train.jsonl"})' in card and "eval_dataset" not in card
    data = load_dataset("json", data_files={"train": str(out / "train.jsonl")})
    assert len(data["train"]) == 12


def test_one_scenario_is_never_all_test() -> None:
    from app.judges.sft import split_scenarios

    assert split_scenarios(["hm-01"] * 3, seed=0, test_share=0.6) == set()
    assert split_scenarios(["a", "b", "c"], seed=0, test_share=0.99) != {"a", "b", "c"}
    assert len(split_scenarios(["a", "b", "c", "d"], seed=3, test_share=0.5)) == 2


def test_sft_split_is_reproducible_and_disjoint(live_db: str, tmp_path: Path) -> None:
    _judged_run()
    sides = []
    for name in ("a", "b"):
        out = tmp_path / name
        r = runner.invoke(cli, ["export", "judge-sft", "--out", str(out), "--seed", "7"])
        assert r.exit_code == 0, r.output
        train = {json.loads(x)["scenario_id"] for x in (out / "train.jsonl").open()}
        test = {json.loads(x)["scenario_id"] for x in (out / "test.jsonl").open()}
        assert train.isdisjoint(test)
        sides.append((train, test, (out / "train.jsonl").read_bytes()))
    assert sides[0] == sides[1]


def test_table11_intervals_are_statsmodels_wilson(live_db: str) -> None:
    run_id = _judged_run()
    assert runner.invoke(cli, ["judge", "--judge", "rubric", "--run", str(run_id)]).exit_code == 0
    result = runner.invoke(cli, ["metrics", "table11", "--run", str(run_id)])
    [row] = json.loads(result.stdout)
    n = row["n"]
    for key in ("verdict_accuracy", "joint_accuracy"):
        k = round(row[key] * n / 100)
        lo, hi = proportion_confint(k, n, alpha=0.05, method="wilson")
        assert row[f"{key}_ci"] == [round(100 * lo, 2), round(100 * hi, 2)], key


@pytest.mark.parametrize(
    "args",
    [
        ["--domain", "moon"],
        ["--need-type", "nope"],
        ["--phase", "-1"],
        ["--phase", "x"],
        ["--run", "-5"],
        ["--domain", ""],
    ],
)
def test_bad_metric_filters_are_refused(live_db: str, args: list[str]) -> None:
    result = runner.invoke(cli, ["metrics", "table1", *args])
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output


@pytest.mark.parametrize("name", ["figure5", "figure8", "figure9", "table11"])
def test_figures_take_filters(live_db: str, name: str) -> None:
    _judged_run()
    result = runner.invoke(
        cli, ["metrics", name, "--need-type", "dependency", "--domain", "home_maintenance"]
    )
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)


def test_endpoint_500s_then_resume_completes(live_db: str) -> None:
    from sqlmodel import select

    from app.agents.service import create_agent
    from app.db import session_scope
    from app.models import JudgePrediction, JudgeRun
    from tests.fake_llm import FakeLLM, Reply, json_reply, replies

    run_id = _judged_run()
    good = {
        "level": "L0",
        "verdict": "accept",
        "timing": None,
        "intensity": None,
        "other_issues": [],
        "rationale": "ok",
    }
    with FakeLLM() as llm:
        with session_scope() as session:
            create_agent(
                session,
                name="j500",
                config={"base_url": llm.base_url, "model": "m", "max_retries": 0},
            )
        llm.script = replies(Reply(status=500))
        first = runner.invoke(cli, ["judge", "--judge", "j500", "--run", str(run_id)])
        assert first.exit_code == 1, first.output
        with session_scope() as session:
            [jr] = session.exec(select(JudgeRun.id)).all()
            statuses = session.exec(
                select(JudgePrediction.status).where(JudgePrediction.judge_run_id == jr)
            ).all()
        assert set(statuses) == {"failed"} and len(statuses) == 12

        def policy(body: dict) -> Reply:  # type: ignore[type-arg]
            text = body["messages"][1]["content"]
            if "L0 No action" in text:
                return json_reply(good)
            level = next(lv for lv in ("L1", "L2", "L3") if f"\n{lv} " in text)
            return json_reply({**good, "level": level})

        llm.script = policy
        again = runner.invoke(cli, ["judge", "--resume", str(jr)])
        assert again.exit_code == 0, again.output
        assert "completed 12" in again.output
    missing = runner.invoke(cli, ["judge", "--resume", "999999"])
    assert missing.exit_code == 2 and "Traceback" not in missing.output
    with session_scope() as session:
        from app.models import Response

        for r in session.exec(select(Response)).all():
            r.status = "api_error"
            session.add(r)
        session.commit()
    empty = runner.invoke(cli, ["judge", "--judge", "rubric", "--run", str(run_id)])
    assert empty.exit_code == 2 and "no completed responses" in empty.output


@pytest.mark.parametrize("value", ["99999999999999999999", "-1", "0"])
def test_bad_judge_run_numbers_are_refused(live_db: str, value: str) -> None:
    result = runner.invoke(cli, ["metrics", "table11", "--judge-run", value])
    assert result.exit_code in (1, 2), result.output
    assert ("Traceback" not in result.output and result.exception is None) or isinstance(
        result.exception, SystemExit
    )


@pytest.mark.parametrize(
    "args",
    [
        ["judge", "--judge", "rubric", "--run", "99999999999999999999"],
        ["judge", "--resume", "99999999999999999999"],
        ["export", "judge-sft", "--out", "/tmp/never-written", "--run", "99999999999999999999"],
    ],
)
def test_numbers_the_database_cannot_hold_are_refused(live_db: str, args: list[str]) -> None:
    result = runner.invoke(cli, args)
    assert result.exit_code == 2, (result.output, result.exception)


def test_cancel_mid_run_leaves_nothing_open(live_db: str) -> None:
    import threading
    import time

    from sqlmodel import select

    from app.agents.service import create_agent
    from app.db import session_scope
    from app.judges import service, tasks
    from app.models import JudgePrediction, JudgeRun
    from tests.fake_llm import FakeLLM, Reply

    run_id = _judged_run()
    with FakeLLM() as llm:
        llm.script = lambda _body: Reply(content="not json", delay_s=0.2)
        with session_scope() as session:
            create_agent(session, name="slow", config={"base_url": llm.base_url, "model": "m"})
            jr = service.create_judge_run(session, judge="slow", run_id=run_id).id
        assert jr is not None
        worker = threading.Thread(target=tasks.start_judge_run, args=(jr,))
        worker.start()
        while len(llm.requests) < 2:
            time.sleep(0.05)
        with session_scope() as session:
            cancelled = service.cancel_judge_run(session, jr)
        worker.join(60)
        assert not worker.is_alive()
    with session_scope() as session:
        statuses = session.exec(
            select(JudgePrediction.status).where(JudgePrediction.judge_run_id == jr)
        ).all()
        assert session.get(JudgeRun, jr).status == "cancelled"  # type: ignore[union-attr]
    assert statuses.count("cancelled") == cancelled >= 6  # a few were being judged at once
    assert not {"pending", "running"} & set(statuses), statuses
    assert len(llm.requests) <= 2 * (12 - cancelled)  # nothing asked after the cancel


def test_sft_out_that_is_a_file_is_refused(live_db: str, tmp_path: Path) -> None:
    _judged_run()
    target = tmp_path / "a-file"
    target.write_text("keep me")
    result = runner.invoke(cli, ["export", "judge-sft", "--out", str(target)])
    assert result.exit_code == 2, (result.output, result.exception)
    assert "out" in result.output and target.read_text() == "keep me"

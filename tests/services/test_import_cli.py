"""`halo export` and `halo import responses` through typer, on a committed database."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from sqlmodel import func, select
from typer.testing import CliRunner

from app.db import session_scope
from app.export.cli import export_cli, import_cli
from app.models import Response
from tests.factories import make_run

runner = CliRunner()


def _halo() -> typer.Typer:
    """The two commands registered the way app/cli.py registers them."""
    root = typer.Typer()
    root.add_typer(export_cli, name="export")
    root.add_typer(import_cli, name="import")
    return root


def test_export_then_import_through_the_cli(live_db: str, tmp_path: Path) -> None:
    with session_scope() as session:
        run_id = make_run(session, scenario_ids=["wp-04"]).id
    halo = _halo()
    out = tmp_path / "dump"
    result = runner.invoke(
        halo, ["export", "--format", "both", "--out", str(out), "--run", str(run_id)]
    )
    assert result.exit_code == 0, result.output
    assert "wrote 6 responses and 1 scenarios" in result.output
    assert {p.name for p in out.iterdir()} == {
        "README.md",
        "responses.jsonl",
        "responses.parquet",
        "scenarios.jsonl",
        "schema.json",
    }
    jsonl = runner.invoke(halo, ["export", "--format", "jsonl", "--out", str(tmp_path / "j")])
    assert jsonl.exit_code == 0 and not (tmp_path / "j" / "responses.parquet").exists()
    bad_format = runner.invoke(halo, ["export", "--format", "csv", "--out", str(tmp_path)])
    assert bad_format.exit_code == 2
    missing_run = runner.invoke(halo, ["export", "--out", str(tmp_path / "m"), "--run", "999999"])
    assert missing_run.exit_code == 1

    # importing the same rows again: every line is already imported, nothing changes
    again = runner.invoke(halo, ["import", "responses", str(out / "responses.jsonl")])
    assert again.exit_code == 1
    assert again.output.count("already exists (already imported)") == 6
    assert again.output.splitlines()[0].startswith("line 1: $.response_id: ")

    rows = [json.loads(line) for line in (out / "responses.jsonl").read_text().splitlines()]
    renamed = tmp_path / "renamed.jsonl"
    renamed.write_text(
        "".join(
            json.dumps(
                {
                    **row,
                    "response_id": f"copy-{i}",
                    "run_id": "copied",
                    "agent": f"copy-{row['agent']}",
                }
            )
            + "\n"
            for i, row in enumerate(rows)
        )
    )
    ok = runner.invoke(halo, ["import", "responses", str(renamed)])
    assert ok.exit_code == 0, ok.output
    assert "imported 6 responses (0 annotated)" in ok.output
    assert "runs created: copied" in ok.output
    with session_scope() as session:
        copied = session.exec(
            select(func.count()).select_from(Response).where(Response.id.startswith("copy-"))
        ).one()
    assert copied == 6

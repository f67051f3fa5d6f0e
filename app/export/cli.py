"""``halo export`` and ``halo import responses`` (DESIGN.md §10).

Register in ``app/cli.py`` with ``cli.add_typer(export_cli, name="export")`` and
``cli.add_typer(import_cli, name="import")`` (or ``cli.command("export")(export_command)``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)

from app.export.rows import INT4_MAX

console = Console()
err = Console(stderr=True)


export_cli = typer.Typer(help="Write the HALO-8K-style dump.", add_completion=False)
import_cli = typer.Typer(
    help="Import data made elsewhere.", no_args_is_help=True, add_completion=False
)


def export_command(
    ctx: typer.Context,
    out: Annotated[
        Path | None, typer.Option("--out", help="directory for the dump (created if missing)")
    ] = None,
    format: Annotated[str, typer.Option("--format", help="jsonl | parquet | both")] = "both",
    run: Annotated[
        int | None, typer.Option("--run", help="export only this run", min=1, max=INT4_MAX)
    ] = None,
) -> None:
    """Write responses (JSONL and/or Parquet), scenarios.jsonl, schema.json and a dataset card.

    ``halo export judge-sft`` writes judge training data instead.
    """
    if ctx.invoked_subcommand is not None:
        return
    if out is None:
        err.print("[red]Missing option '--out': the directory for the dump[/red]")
        raise typer.Exit(2)
    from app.db import session_scope
    from app.errors import NotFoundError
    from app.export.jobs import FORMATS
    from app.export.writers import export_dump

    formats = FORMATS.get(format)
    if formats is None:
        err.print(f"[red]unknown format {format!r}; use jsonl, parquet or both[/red]")
        raise typer.Exit(2)
    columns = (
        TextColumn("[bold]export"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("responses"),
        TimeElapsedColumn(),
    )
    try:
        with Progress(*columns, console=console) as bar, session_scope() as session:
            task = bar.add_task("export", total=None)

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            summary = export_dump(session, out, formats=formats, run_id=run, progress=progress)
    except NotFoundError as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc
    console.print(
        f"wrote {summary['rows']} responses and {summary['scenarios']} scenarios to {out}",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )
    for name in summary["files"]:
        console.print(f"  {name}", markup=False, highlight=False, soft_wrap=True)


def import_responses_command(
    file: Annotated[Path, typer.Argument(help="JSONL in the export row format")],
) -> None:
    """Import responses made by an external harness (export schema), all-or-nothing."""
    from app.db import session_scope
    from app.errors import ImportFailed
    from app.export.importer import import_responses

    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("rows"),
        TimeElapsedColumn(),
    )
    try:
        # on a terminal only: piped or captured output stays the problems or the summary
        with (
            Progress(*columns, console=console, disable=not console.is_terminal) as bar,
            session_scope() as session,
        ):
            tasks: dict[str, TaskID] = {}

            def progress(stage: str, done: int, total: int | None) -> None:
                if stage not in tasks:
                    tasks[stage] = bar.add_task(stage, total=total)
                bar.update(tasks[stage], completed=done, total=total)

            report = import_responses(session, file, progress=progress)
    except ImportFailed as exc:
        for problem in exc.problems:
            console.print(problem, markup=False, highlight=False, soft_wrap=True)
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc
    console.print(
        f"imported {report.responses} responses ({report.annotations} annotated) from {file}",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )
    for label, names in (
        ("agents created", report.agents_created),
        ("runs created", report.runs_created),
        ("runs added to", report.runs_reused),
        ("annotators created (inactive)", report.annotators_created),
    ):
        if names:
            console.print(
                f"  {label}: {', '.join(names)}", markup=False, highlight=False, soft_wrap=True
            )


def judge_sft_command(
    out: Annotated[Path, typer.Option("--out", help="directory (created if missing)")],
    seed: Annotated[int, typer.Option(help="seed of the split by scenario")] = 0,
    test_share: Annotated[float, typer.Option(help="share of scenarios in test.jsonl")] = 0.2,
    run: Annotated[
        int | None, typer.Option("--run", help="only this run", min=1, max=INT4_MAX)
    ] = None,
) -> None:
    """Write judge SFT data: train.jsonl, test.jsonl (split by scenario) and README.md.

    Chat format (system, user = what the annotator sees, assistant = the human diagnosis as
    JSON), loadable with ``datasets.load_dataset("json", ...)`` for TRL's ``SFTTrainer``
    (DESIGN §12). Exits 2 on a bad seed or share, 1 when nothing is judged.
    """
    from app.db import session_scope
    from app.errors import UnprocessableError
    from app.judges.sft import export_judge_sft

    try:
        with session_scope() as session:
            summary = export_judge_sft(session, out, seed=seed, test_share=test_share, run_id=run)
    except UnprocessableError as exc:
        err.print(str(exc), style="red", markup=False, highlight=False)
        raise typer.Exit(1 if exc.field == "run" else 2) from exc
    console.print(
        f"wrote {summary['train']} train rows ({summary['train_scenarios']} scenarios) and "
        f"{summary['test']} test rows ({summary['test_scenarios']} scenarios) to {out}",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )


export_cli.callback(invoke_without_command=True)(export_command)
export_cli.command("judge-sft")(judge_sft_command)
import_cli.command("responses")(import_responses_command)

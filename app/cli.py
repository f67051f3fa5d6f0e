"""The `halo` command line (DESIGN.md §10): every batch job of the browser, scriptable."""

from __future__ import annotations

import ipaddress
import sys
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from app.export.cli import export_cli, import_cli
from app.export.rows import INT4_MAX
from app.jobs.schedule import Scheduler, start_scheduler
from app.settings import DEV_SECRET, ROOT, get_settings
from app.vocabulary import Domain, NeedType, ResponseStatus, Role, WireMode

cli = typer.Typer(
    help="HALO workbench: evaluate proactive agents with fine-grained human diagnosis.",
    no_args_is_help=True,
    add_completion=False,
)
db_cli = typer.Typer(help="Database schema.", no_args_is_help=True)
users_cli = typer.Typer(help="Accounts.", no_args_is_help=True)
agents_cli = typer.Typer(help="Agents under evaluation.", no_args_is_help=True)
corpus_cli = typer.Typer(help="The scenario corpus: mix and shortcut checks.", no_args_is_help=True)
cli.add_typer(db_cli, name="db")
cli.add_typer(users_cli, name="users")
cli.add_typer(agents_cli, name="agents")
cli.add_typer(corpus_cli, name="corpus")
cli.add_typer(export_cli, name="export")
cli.add_typer(import_cli, name="import")
console = Console()
err = Console(stderr=True)

DEMO_USERS = (
    ("annotator", Role.ANNOTATOR, "annotator-demo"),
    ("annotator2", Role.ANNOTATOR, "annotator2-demo"),
    ("lead", Role.LEAD, "lead-halo-demo"),
    ("researcher", Role.RESEARCHER, "researcher-demo"),
    ("admin", Role.ADMIN, "admin-halo-demo"),
)


def upgrade_database(url: str | None = None) -> None:
    """Apply every Alembic migration to `url` (default: the configured database)."""
    import warnings

    from alembic import command
    from alembic.config import Config
    from sqlalchemy.exc import SAWarning

    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    if url:
        config.set_main_option("sqlalchemy.url", url)
    elif get_settings().sqlalchemy_url.startswith("sqlite:///"):
        get_settings().var_dir.mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings():
        # SQLite batch migrations reflect the users table, whose lower(username) index SQLAlchemy
        # cannot reflect; the migrations recreate it themselves, so the warning only alarms
        warnings.filterwarnings(
            "ignore",
            message="Skipped unsupported reflection of expression-based index",
            category=SAWarning,
        )
        command.upgrade(config, "head")


@db_cli.command("upgrade")
def db_upgrade() -> None:
    """Apply Alembic migrations to DATABASE_URL (default: a SQLite file under ./var/)."""
    upgrade_database()
    console.print(f"database at {_display_url()} is up to date")


def _display_url() -> str:
    from sqlalchemy.engine import make_url

    return make_url(get_settings().sqlalchemy_url).render_as_string(hide_password=True)


def _database() -> None:
    """Exit with a one-line message when the configured database is not migrated."""
    from app.db import SchemaNotCurrent, check_schema

    try:
        check_schema()
    except SchemaNotCurrent as exc:
        err.print(f"[red]{_display_url()}: {exc}[/red]")
        raise typer.Exit(1) from exc


@cli.command()
def validate(
    path: Annotated[
        Path,
        typer.Argument(help="seeds/, seeds/arena/, one environment folder or one scenario file"),
    ],
) -> None:
    """Run the validator (V01–V13); exit 1 and print every failing rule with its JSON path."""
    from rich.markup import escape

    from app.arena.validation import RULES, SeedPathError, validate_path

    try:
        pairs, findings = validate_path(path)
    except SeedPathError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
        raise typer.Exit(1) from exc
    for finding in findings:
        print(finding)  # one finding per line, never wrapped, for grep and scripts
    if findings:
        err.print(f"[red]{len(findings)} finding(s)[/red] in {escape(str(path))}")
        raise typer.Exit(1)
    domains = {bundle.spec.domain for bundle, _ in pairs}
    scenarios = "scenario" if len(pairs) == 1 else "scenarios"
    in_domains = "domain" if len(domains) == 1 else "domains"
    codes = f"{RULES[0].code}–{RULES[-1].code}"
    console.print(f"{len(pairs)} {scenarios} in {len(domains)} {in_domains} pass {codes}")


class OutputFormat(StrEnum):
    """What ``halo corpus stats`` prints."""

    text = "text"
    json = "json"


@corpus_cli.command("stats")
def corpus_stats(
    path: Annotated[
        Path, typer.Argument(help="seeds/, seeds/arena/ or one environment folder")
    ] = Path("seeds"),
    output: Annotated[
        OutputFormat, typer.Option("--format", help="text (tables) or json")
    ] = OutputFormat.text,
    check: Annotated[
        bool, typer.Option("--check", help="exit 1 when a target fails or anything is left out")
    ] = False,
) -> None:
    """Corpus mix, shortcut checks and the issue-12 targets (PASS/FAIL) of a seed tree.

    Exit 0, also when targets fail (their rows say FAIL), unless --check; exit 2 when PATH
    holds no environment that can be read.
    """
    import json

    from rich.markup import escape

    from app.scenarios.corpus import compute_corpus_stats, load_corpus, stats_document
    from app.scenarios.corpus.report import render_stats

    corpus = load_corpus(path)
    if not corpus.environments:
        for problem in corpus.problems:
            err.print(escape(problem), soft_wrap=True)
        err.print(
            f"[red]error:[/red] {escape(str(path))} holds no environment that can be read",
            soft_wrap=True,
        )
        raise typer.Exit(2)
    stats = compute_corpus_stats(corpus)
    if output is OutputFormat.json:
        print(json.dumps(stats_document(stats), indent=2, ensure_ascii=False))
    else:
        console.print(render_stats(stats, str(path)))
    if check and not stats.all_targets_met:
        failed = [t.name for t in stats.targets if t.gating and not t.passed]
        left_out = len(stats.skipped) + len(stats.problems)
        reasons = [f"{len(failed)} target(s) failed: {', '.join(failed)}"] if failed else []
        if left_out:
            reasons.append(f"{left_out} scenario(s) or environment(s) left out")
        err.print(f"[red]corpus check failed:[/red] {escape('; '.join(reasons))}", soft_wrap=True)
        raise typer.Exit(1)


@corpus_cli.command("reid")
def corpus_reid(
    path: Annotated[
        Path, typer.Argument(help="seeds/, seeds/arena/ or one environment folder")
    ] = Path("seeds"),
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="report what would change, write nothing")
    ] = False,
    fresh: Annotated[
        bool,
        typer.Option(
            "--fresh",
            help="draw every record id anew at random (opaque ones too), so no dictionary of "
            "readable ids recovers them; the new ids are stored in the files",
        ),
    ] = False,
) -> None:
    """Give every record an opaque id (``<kind>-<8 hex>``) and rewrite its references, in place.

    By default deterministic and idempotent (a hash of the old id; see
    ``app/scenarios/corpus/ids.py``): a second run changes nothing. With ``--fresh`` every id is
    drawn at random once and stored. Prints, per environment, the files changed and the ids
    rewritten by kind; exit 1 (nothing written) when two ids would collide or a file is not a
    JSON object, exit 2 when PATH holds no environment folder.
    """
    from rich.markup import escape

    from app.scenarios.corpus.ids import ReidCounts, ReidError, reid_tree

    try:
        reports = reid_tree(path, write=not dry_run, fresh=fresh)
    except FileNotFoundError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
        raise typer.Exit(2) from exc
    except ReidError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
        raise typer.Exit(1) from exc
    total = ReidCounts()
    changed, rewritten, updated = (
        ("would change", "would be rewritten", "would be updated")
        if dry_run
        else ("changed", "rewritten", "updated")
    )
    for report in reports:
        total.add(report.counts)
        kinds = ", ".join(f"{kind} {len(old)}" for kind, old in sorted(report.counts.ids.items()))
        print(
            f"{report.environment_id}: {len(report.files_changed)} file(s) {changed}, "
            f"{report.counts.total_ids} id(s) {rewritten} ({kinds or 'none'}), "
            f"{report.counts.total_references} field(s) {updated}"
        )
    files = sum(len(report.files_changed) for report in reports)
    verb = changed
    print(
        f"{len(reports)} environment(s): {files} file(s) {verb}, {total.total_ids} id(s), "
        f"{total.total_references} field(s)"
    )


@corpus_cli.command("export")
def corpus_export(
    out: Annotated[Path, typer.Option("--out", help="folder to write (holds no arena/ yet)")],
) -> None:
    """Write the scenarios the human audit accepted, with their environments, as seed files.

    ``halo validate OUT`` passes on the result and ``halo seed OUT`` imports it.
    Exit 1 when OUT/arena exists already.
    """
    _database()
    from app.construction.corpus import export_corpus
    from app.db import session_scope
    from app.errors import DomainError

    try:
        with session_scope() as session:
            written = export_corpus(session, out)
    except DomainError as exc:
        err.print(f"[red]{exc}[/red]", soft_wrap=True)
        raise typer.Exit(1) from exc
    console.print(
        f"wrote {len(written.scenarios)} accepted scenario(s) of "
        f"{len(written.environments)} environment(s) under {out / 'arena'}",
        markup=False,
        highlight=False,
    )


def _environment_done(job_id: int) -> Any:
    """``on_done`` of an in-process generation job: one line per finished environment."""
    from app.construction import service
    from app.db import session_scope
    from app.jobs.progress import status_line

    def done(_candidate_id: int, status: str) -> None:
        with session_scope() as session:
            progress = service.job_progress(session, job_id)
        console.print(
            f"environment {status}; {progress['done']}/{progress['total']} candidates: "
            f"{status_line(progress)}",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )

    return done


@cli.command()
def generate(
    domains: Annotated[
        str | None, typer.Option(help="comma-separated domains, e.g. travel,health")
    ] = None,
    personas: Annotated[int, typer.Option(help="environments (personas) per domain")] = 1,
    per_need: Annotated[
        int, typer.Option("--per-need", help="scenario candidates per need type and persona")
    ] = 2,
    creator: Annotated[
        str | None, typer.Option(help="agent writing environments, scenarios, noise")
    ] = None,
    reviewer: Annotated[str | None, typer.Option(help="agent reviewing scenarios")] = None,
    rounds: Annotated[int, typer.Option(help="revisions per creator stage")] = 3,
    budget_tokens: Annotated[
        int | None,
        typer.Option("--budget-tokens", help="prompt + completion tokens the job may spend"),
    ] = None,
    resume: Annotated[
        int | None,
        typer.Option(
            "--resume",
            help="resume this stopped or cancelled job, or retry its endpoint failures",
        ),
    ] = None,
) -> None:
    """Run the scenario construction pipeline as a job; print its outcome.

    Accepted candidates become scenarios pending the human audit (*Audit*). Exit 2 when the job
    is refused (unknown domain or agent, a value out of range, a resume of a job still running
    or with nothing to resume), 1 when it stopped on its token budget (resume with
    ``--resume JOB --budget-tokens T``) or completed with candidates that failed on the endpoint
    (``api_error``: resume with ``--resume JOB`` to retry them).
    """
    _database()
    import time

    from app.construction import service, tasks
    from app.db import session_scope
    from app.errors import DomainError
    from app.jobs.progress import status_line
    from app.jobs.queue import get_queue

    try:
        if resume is not None:
            job_id = resume
            tasks.resume_generation(
                job_id, budget_tokens=budget_tokens, on_done=_environment_done(job_id)
            )
        else:
            if not (domains and creator and reviewer):
                err.print("[red]give --domains, --creator and --reviewer (or --resume JOB)[/red]")
                raise typer.Exit(2)
            with session_scope() as session:
                job = service.create_generation_job(
                    session,
                    domains=domains.split(","),
                    personas=personas,
                    per_need=per_need,
                    creator=creator,
                    reviewer=reviewer,
                    rounds=rounds,
                    budget_tokens=budget_tokens,
                )
            assert job.id is not None
            job_id = job.id
            console.print(f"generation job {job_id}", markup=False, highlight=False)
            tasks.start_generation(job_id, on_done=_environment_done(job_id))
    except DomainError as exc:
        err.print(f"[red]{exc}[/red]", soft_wrap=True)
        raise typer.Exit(2) from exc
    while not get_queue().in_process:  # a worker runs it: follow the progress
        with session_scope() as session:
            job = service.get_job(session, job_id)
            progress = service.job_progress(session, job_id)
        if job.status not in service.JOB_OPEN:
            break
        console.print(
            f"{progress['done']}/{progress['total']} {status_line(progress)}",
            markup=False,
            highlight=False,
        )
        time.sleep(POLL_S)
    with session_scope() as session:
        job = service.get_job(session, job_id)
        progress = service.job_progress(session, job_id)
        failures = service.endpoint_failures(session, job_id)
    console.print(
        f"job {job_id} {job.status}: {status_line(progress)}; tokens {job.tokens_used:,}"
        + (f"; {job.error}" if job.error else ""),
        markup=False,
        highlight=False,
        soft_wrap=True,
    )
    if failures and job.status == service.JOB_COMPLETED:
        err.print(
            f"[red]{failures} candidate(s) failed on the endpoint; "
            f"retry them with: halo generate --resume {job_id}[/red]",
            soft_wrap=True,
        )
    if job.status == service.JOB_STOPPED or (failures and job.status == service.JOB_COMPLETED):
        raise typer.Exit(1)


@cli.command()
def seed(
    path: Annotated[Path, typer.Argument(help="seeds/, seeds/arena/ or one environment")],
) -> None:
    """Validate and import environments and scenarios, all-or-nothing."""
    _database()
    from app.db import session_scope
    from app.errors import ImportFailed
    from app.scenarios.service import seed_tree

    try:
        with session_scope() as session:
            report = seed_tree(session, path)
    except ImportFailed as exc:
        for problem in exc.problems:
            console.print(problem, markup=False, highlight=False, soft_wrap=True)  # one per line
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc
    console.print(
        f"scenarios: {len(report.scenarios_created)} created, "
        f"{len(report.scenarios_updated)} updated, {report.unchanged} unchanged; "
        f"environments: {len(report.environments_created)} created, "
        f"{len(report.environments_updated)} updated"
    )


@users_cli.command("create")
def users_create(
    name: Annotated[str, typer.Argument(help="log-in name")],
    role: Annotated[str, typer.Option(help="annotator | lead | researcher | admin")],
    password: Annotated[str | None, typer.Option(help="omit to be prompted")] = None,
) -> None:
    """Create an account."""
    _database()
    from app.db import session_scope
    from app.errors import DomainError
    from app.users.service import check_new_account, create_user

    try:
        check_new_account(username=name, role=role)  # before asking for a password
    except DomainError as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc
    if password is None:
        password = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
    try:
        with session_scope() as session:
            user = create_user(session, username=name, password=password, role=role)
    except DomainError as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc
    console.print(f"created {user.role} {user.username} (pseudonym {user.pseudonym})")


class WorkerPool(StrEnum):
    """The Celery pools ``halo worker`` offers (:data:`app.jobs.broker.WORKER_POOLS`)."""

    PREFORK = "prefork"
    THREADS = "threads"


@agents_cli.command("add")
def agents_add(
    name: Annotated[str, typer.Argument(help="unique agent name")],
    base_url: Annotated[str, typer.Option(help="e.g. http://127.0.0.1:8001/v1")],
    model: Annotated[str, typer.Option(help="model name sent to the endpoint")],
    api_key_env: Annotated[
        str | None, typer.Option(help="environment variable holding the API key (never stored)")
    ] = None,
    temperature: Annotated[float | None, typer.Option()] = None,
    max_tokens: Annotated[int | None, typer.Option()] = None,
    extra_body: Annotated[
        str | None,
        typer.Option(help='JSON merged into the request, e.g. \'{"reasoning_effort": "high"}\''),
    ] = None,
    concurrency: Annotated[int, typer.Option(help="requests in flight per endpoint")] = 8,
    max_retries: Annotated[
        int,
        typer.Option(help="most retries on 429/5xx/timeouts, within ENDPOINT_RETRY_WINDOW_S"),
    ] = 20,
    timeout: Annotated[float, typer.Option(help="seconds per request")] = 120.0,
    mode: Annotated[
        WireMode,
        typer.Option(help="wire mode: json (one JSON object in the text) or tools (tool calls)"),
    ] = WireMode.JSON,
    structured_outputs: Annotated[
        bool,
        typer.Option(
            "--structured-outputs",
            help="the endpoint accepts response_format json_schema (construction stages use it)",
        ),
    ] = False,
) -> None:
    """Define an agent behind an OpenAI-compatible /v1/chat/completions endpoint."""
    _database()
    import json

    from app.agents.service import create_agent
    from app.db import session_scope
    from app.errors import DomainError

    config: dict[str, object] = {
        "base_url": base_url,
        "model": model,
        "concurrency": concurrency,
        "max_retries": max_retries,
        "timeout_s": timeout,
        "mode": mode.value,
        "structured_outputs": structured_outputs,
    }
    for key, value in (
        ("api_key_env", api_key_env),
        ("temperature", temperature),
        ("max_tokens", max_tokens),
    ):
        if value is not None:
            config[key] = value
    if extra_body:
        try:
            config["extra_body"] = json.loads(extra_body)
        except json.JSONDecodeError as exc:
            err.print(f"[red]--extra-body is not JSON: {exc.msg} (column {exc.colno})[/red]")
            raise typer.Exit(1) from exc
        except RecursionError as exc:
            err.print("[red]--extra-body is nested too deeply[/red]")
            raise typer.Exit(1) from exc
    try:
        with session_scope() as session:
            agent = create_agent(session, name=name, kind="openai", config=config)
    except DomainError as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc
    console.print(
        f"added agent {agent.name}: {agent.config['model']} at {agent.config['base_url']} "
        f"({agent.config['mode']} mode)"
    )


@agents_cli.command("list")
def agents_list() -> None:
    """List agents."""
    from app.agents.service import list_agents
    from app.db import session_scope

    with session_scope() as session:
        for agent in list_agents(session):
            if agent.kind == "openai":
                detail = (
                    f"{agent.config.get('model', '–')} at {agent.config.get('base_url', '–')} "
                    f"({agent.config.get('mode', WireMode.JSON)} mode)"
                )
            elif agent.kind == "baseline":
                detail = "built-in baseline"
            else:
                detail = "imported responses only (cannot be run)"
            console.print(f"{agent.name:<24} {agent.kind:<9} {detail}", markup=False)


NO_PROGRESS_HINT_S = 10.0
"""Seconds without any change in a broker run's counts before `halo run` says what it sees (and
how often it looks again while the stall lasts)."""
POLL_S = 0.5
"""Seconds between two progress reads of a run produced by workers."""


def _stall_diagnosis(opening: str, queue: str, running: int) -> tuple[str, str]:
    """What `halo run` says when a broker run makes no progress: which of its services is down.

    Worker, broker or database. The database answers (the caller has just read the run's
    progress from it). With all three up and nothing running, the reconciler re-sends the tasks
    the broker lost (``runs.reconcile``) and the line says how many.

    Args:
        opening: the line's start (``no progress for 10 s``).
        queue: the run's broker queue (``CELERY_QUEUE``), named in the advice.
        running: the run's responses some task holds now.

    Returns:
        (the state, one of ``broker_down``, ``no_worker``, ``resent``, ``busy``; the line).
    """
    from app.jobs.broker import broker_unreachable, workers_answering
    from app.jobs.queue import CeleryQueue, get_queue
    from app.runs import tasks

    why = broker_unreachable()
    if why is not None:
        return "broker_down", (
            f"{opening}: the broker (REDIS_URL) is down ({why}); the database answers; the "
            "workers wait for the broker, and the run continues when it is back"
        )
    sender = get_queue()
    if isinstance(sender, CeleryQueue) and not workers_answering(sender.app):
        return "no_worker", (
            f"{opening}: no worker answers (the broker and the database do): is a worker "
            f"running? `halo worker` with the same REDIS_URL and CELERY_QUEUE={queue}"
        )
    if running:
        return "busy", (
            f"{opening}: worker, broker and database answer; {running} responses in progress "
            "(a slow endpoint, or one backing off)"
        )
    try:
        resent = tasks.reconcile()
    except Exception as exc:
        return "resent", (
            f"{opening}: worker, broker and database answer, but re-sending lost tasks failed "
            f"({type(exc).__name__}: {exc})"
        )
    return "resent", (
        f"{opening}: worker, broker and database answer; re-sent {resent} responses with no "
        "live task"
    )


def _execute_run(run_id: int) -> dict[str, int]:
    """Produce a run's responses with a terminal progress bar (in-process or via the broker)."""
    import time

    from app.db import session_scope
    from app.jobs.progress import status_line
    from app.jobs.queue import get_queue
    from app.runs import service, tasks

    settings = get_settings()
    columns = (
        TextColumn("[bold]run {task.fields[run]}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TimeElapsedColumn(),
    )
    with session_scope() as session:
        initial = service.run_progress(session, run_id)
    with Progress(*columns, console=console) as bar:
        task = bar.add_task(
            "run",
            total=initial["total"],
            run=run_id,
            completed=initial["done"],
            status=status_line(initial),
        )
        if get_queue().in_process:

            def advance(_response_id: str, _status: str) -> None:
                with session_scope() as session:
                    progress = service.run_progress(session, run_id)
                bar.update(task, completed=progress["done"], status=status_line(progress))

            tasks.start_run(run_id, include_running=True, on_done=advance)
        else:
            tasks.start_run(run_id)
            # a stall: no change in the counts for NO_PROGRESS_HINT_S; its diagnosis is printed
            # once, and again only if what is down changes while it lasts
            counts, changed_at = initial["by_status"], time.monotonic()
            checked_at, told = changed_at, ""
            database_away = False
            while True:
                try:
                    with session_scope() as session:
                        progress = service.run_progress(session, run_id)
                except Exception as exc:  # the database restarting: say so, wait, read again
                    if not service.retry_can_fix(exc):
                        raise
                    if not database_away:
                        bar.console.print(
                            f"database unavailable ({type(exc).__name__}); the run's work is "
                            "kept, waiting for it to come back",
                            markup=False,
                            highlight=False,
                        )
                    database_away = True
                    time.sleep(POLL_S * 4)
                    continue
                now = time.monotonic()
                if database_away:
                    bar.console.print("database back", markup=False, highlight=False)
                    database_away, changed_at, checked_at, told = False, now, now, ""
                bar.update(task, completed=progress["done"], status=status_line(progress))
                if progress["done"] >= progress["total"]:
                    break
                if progress["by_status"] != counts:
                    counts, changed_at, checked_at, told = progress["by_status"], now, now, ""
                elif now - checked_at >= NO_PROGRESS_HINT_S:
                    checked_at = now
                    state, line = _stall_diagnosis(
                        "no progress yet"
                        if progress["done"] == initial["done"]
                        else f"no progress for {round(now - changed_at, 1):g} s",
                        settings.celery_queue,
                        counts.get(ResponseStatus.RUNNING, 0),
                    )
                    if state != told:
                        bar.console.print(line, markup=False, highlight=False)
                        told = state
                time.sleep(POLL_S)
    with session_scope() as session:
        return service.run_progress(session, run_id)["by_status"]


@cli.command()
def run(
    agents: Annotated[
        str, typer.Option(help="comma-separated agent names")
    ] = "restraint,notify_latest,eager_executor",
    k: Annotated[int, typer.Option(help="distinct checkpoints per agent per scenario")] = 2,
    seed: Annotated[int, typer.Option(help="sampling seed")] = 0,
    scenarios: Annotated[
        str | None, typer.Option(help="comma-separated scenario ids (default all)")
    ] = None,
    name: Annotated[str | None, typer.Option(help="run name")] = None,
    resume: Annotated[
        int | None,
        typer.Option(
            help="finish run ID instead of creating one (retries its failures and "
            "the responses an interrupted run left running)"
        ),
    ] = None,
) -> None:
    """Sample checkpoints and produce responses, with a progress bar.

    Exits 2 when the run is refused (an unknown agent or scenario, k, seed or name out of
    range, a run that cannot be resumed), with the reason; exits 1 when any response ends in
    ``api_error`` (an infrastructure failure): retry them with ``--resume RUN`` or from the run
    page.
    """
    _database()
    from app.db import session_scope
    from app.errors import DomainError
    from app.runs import service

    if resume is not None:
        try:
            with session_scope() as session:
                service.retry_failed(session, resume)
        except DomainError as exc:
            err.print(str(exc), style="red", markup=False, highlight=False)
            raise typer.Exit(2) from exc
        _finish_cli_run(resume)
        return
    try:
        with session_scope() as session:
            service.ensure_baseline_agents(session)
            created = service.create_run(
                session,
                agent_names=[a.strip() for a in agents.split(",") if a.strip()],
                k=k,
                seed=seed,
                name=name,
                scenario_ids=[s.strip() for s in scenarios.split(",")] if scenarios else None,
            )
            run_id = created.id
    except DomainError as exc:  # a refused request, not a failure: the reason, no traceback
        err.print(str(exc), style="red", markup=False, highlight=False)
        raise typer.Exit(2) from exc
    assert run_id is not None
    from app.runs.queries import run_sampling_diagnostics

    with session_scope() as session:
        diagnostics = run_sampling_diagnostics(session, run_id)
    by_length = "; ".join(
        f"n={n}: " + ", ".join(f"t{t}×{c}" for t, c in counts.items())
        for n, counts in diagnostics["by_length"].items()
    )
    console.print(
        f"sampled {diagnostics['responses']} responses; "
        f"Cramér's V = {_value(diagnostics['cramers_v'])}, "
        f"max pairwise Wasserstein = {_value(diagnostics['max_wasserstein'])}; "
        f"by scenario length: {by_length}",
        highlight=False,
    )
    _finish_cli_run(run_id)


def _value(value: object) -> str:
    """A figure for the terminal: '–' when there is none (e.g. Cramér's V of one agent)."""
    return "–" if value is None else str(value)


def _finish_cli_run(run_id: int) -> None:
    counts = _execute_run(run_id)
    console.print(
        f"run {run_id} finished: " + ", ".join(f"{s} {n}" for s, n in sorted(counts.items()))
    )
    failed = counts.get(ResponseStatus.API_ERROR)
    if failed:
        err.print(
            f"[red]{failed} response(s) failed for infrastructure reasons; "
            f"retry them with `halo run --resume {run_id}`[/red]"
        )
        raise typer.Exit(1)


@cli.command()
def assign(
    annotators: Annotated[str, typer.Option(help="comma-separated annotator usernames")],
    scenarios: Annotated[
        str | None, typer.Option(help="comma-separated scenario ids (default: all)")
    ] = None,
    phase: Annotated[int, typer.Option(help="annotation phase")] = 1,
) -> None:
    """Assign completed responses to annotators, one annotator per scenario (paired protocol).

    The same as a batch made on the Batches page, without expiry or overlap: scenarios that
    already have an annotator in the phase keep them, the others are spread by size.
    """
    _database()
    from sqlmodel import col, select

    from app.annotation.creation import NothingToAssign, create_batch
    from app.annotation.progress import batch_progress
    from app.db import session_scope
    from app.errors import DomainError
    from app.models import User

    names = [n.strip() for n in annotators.split(",") if n.strip()]
    with session_scope() as session:
        users = {
            u.username: u for u in session.exec(select(User).where(col(User.username).in_(names)))
        }
        bad = [
            n
            for n in names
            if n not in users or users[n].role != Role.ANNOTATOR or not users[n].is_active
        ]
        if bad:
            err.print(f"[red]not active annotators: {', '.join(bad)}[/red]")
            raise typer.Exit(1)
        try:
            batch = create_batch(
                session,
                name="",
                annotator_ids=[uid for n in names if (uid := users[n].id) is not None],
                created_by=None,
                phase=phase,
                scenario_ids=[s.strip() for s in (scenarios or "").split(",") if s.strip()],
                expires_after_hours=None,
            )
        except NothingToAssign:
            console.print("0 new assignment(s); scenarios already owned keep their annotator")
            return
        except DomainError as exc:
            err.print(f"[red]{exc}[/red]")
            raise typer.Exit(1) from exc
        assert batch.id is not None
        progress = batch_progress(session, batch.id)
    per_person = ", ".join(f"{p.username} {p.assigned}" for p in progress.annotators)
    console.print(
        f"{progress.total} new assignment(s) in batch {batch.id} ({per_person}); "
        "scenarios already owned keep their annotator"
    )


@cli.command()
def metrics(
    table: Annotated[
        str,
        typer.Argument(
            help="table1, table1_ci, table1_outcomes, table2, table2_domain, table9, figure3, "
            "figure4, figure5, figure6, figure6_access, figure6_stats, figure7, figure8, "
            "figure9, table10, tables7_8, agreement, table5 (construction pipeline), table6 "
            "(scenario audit), or table11 (every judge run; with --judge-run N that judge's "
            "row, table11_confusion and table11_need_type too)"
        ),
    ],
    format: Annotated[str, typer.Option("--format", help="json | csv | latex")] = "json",
    run_id: Annotated[
        int | None, typer.Option("--run", help="only this run", min=1, max=INT4_MAX)
    ] = None,
    phase: Annotated[
        int | None,
        typer.Option(
            "--phase",
            help="only annotations of this phase (the judgement of record among them)",
            min=1,
            max=INT4_MAX,
        ),
    ] = None,
    need_type: Annotated[
        NeedType | None, typer.Option("--need-type", help="only scenarios of this need type")
    ] = None,
    domain: Annotated[
        Domain | None, typer.Option("--domain", help="only environments of this domain")
    ] = None,
    judge_run: Annotated[
        int | None,
        typer.Option(
            "--judge-run", help="Table 11 of this judge run's predictions", min=1, max=INT4_MAX
        ),
    ] = None,
) -> None:
    """Print a metric table, with the analysis page's filters (the same definitions).

    ``--run``, ``--phase``, ``--need-type`` and ``--domain`` keep what the page's filters keep
    (:func:`app.metrics.queries.metric_filters`), so every table of /analysis can be scripted;
    an unknown need type or domain is refused with the allowed values.

    ``table11`` without ``--judge-run`` prints one row per judge run (Table 11 live against
    the judgements of record); with it, the judge run's Table 11 (``table11``,
    ``table11_confusion``, ``table11_need_type``).

    ``table1`` also writes, on stderr (stdout keeps the table alone), the share of each agent's
    planned responses that ended ``protocol_error`` / ``api_error`` (the ``table1_outcomes``
    table in full; the phase does not apply to them).
    """
    _database()
    from app.db import session_scope
    from app.errors import NotFoundError
    from app.judges.service import judge_predictions
    from app.metrics.queries import metric_filters
    from app.metrics.registry import metric_table
    from app.metrics.render import judge_runs_table, render_metric_table
    from app.models import Run

    if format not in ("json", "csv", "latex"):
        err.print(f"[red]unknown format {format!r}; use json, csv or latex[/red]")
        raise typer.Exit(2)
    filters = metric_filters(
        run_id=run_id,
        phase=phase,
        need_type=None if need_type is None else need_type.value,
        domain=None if domain is None else domain.value,
    ).as_dict()
    try:
        with session_scope() as session:
            if run_id is not None and session.get(Run, run_id) is None:
                err.print(f"[red]run {run_id} does not exist[/red]")
                raise typer.Exit(1)
            if table == "table11" and judge_run is None:
                judges = judge_runs_table(session, **filters)
                columns, rows = judges.columns, judges.rows
            else:
                predictions = None
                if judge_run is not None:
                    predictions = judge_predictions(session, judge_run)
                columns, rows = metric_table(session, table, predictions=predictions, **filters)
            outcomes = (
                metric_table(session, "table1_outcomes", **filters)[1] if table == "table1" else []
            )
    except KeyError as exc:
        err.print(f"[red]{exc.args[0]}[/red]")
        raise typer.Exit(2) from exc
    except NotFoundError as exc:
        err.print(f"[red]{exc}[/red]")
        raise typer.Exit(1) from exc
    sys.stdout.write(render_metric_table(table, columns, rows, format))
    if format == "json":
        sys.stdout.write("\n")
    for row in outcomes:  # beside Table 1: only completed responses are judged (DESIGN §5)
        sys.stderr.write(outcome_line(row) + "\n")


@cli.command()
def judge(
    judge_name: Annotated[
        str | None,
        typer.Option("--judge", help="rubric, or an OpenAI-compatible agent's name"),
    ] = None,
    run_id: Annotated[
        int | None, typer.Option("--run", help="the run whose responses", min=1, max=INT4_MAX)
    ] = None,
    resume: Annotated[
        int | None,
        typer.Option(
            help="finish judge run ID (retries its endpoint failures)", min=1, max=INT4_MAX
        ),
    ] = None,
) -> None:
    """Judge the completed responses of a run automatically, with a progress bar.

    Prints the judge run's Table 11 against the judgements of record when it ends. Exits 2
    when refused (an unknown judge or run, a run without completed responses), 1 when a
    prediction failed for an infrastructure reason (retry with ``--resume``).
    """
    _database()
    import time

    from app.db import session_scope
    from app.errors import DomainError
    from app.jobs.progress import status_line
    from app.jobs.queue import get_queue
    from app.judges import service, tasks
    from app.metrics.registry import metric_table

    try:
        with session_scope() as session:
            if resume is not None:
                service.retry_judge_run(session, resume)
                judge_run_id = resume
            else:
                if judge_name is None or run_id is None:
                    err.print("[red]give --judge and --run (or --resume)[/red]")
                    raise typer.Exit(2)
                created = service.create_judge_run(session, judge=judge_name, run_id=run_id)
                assert created.id is not None
                judge_run_id = created.id
    except DomainError as exc:
        err.print(str(exc), style="red", markup=False, highlight=False)
        raise typer.Exit(2) from exc

    def progress() -> Any:
        with session_scope() as session:
            return service.judge_runs_progress(session, [judge_run_id])[judge_run_id]

    columns = (
        TextColumn(f"[bold]judge run {judge_run_id}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TimeElapsedColumn(),
    )
    first = progress()
    with Progress(*columns, console=console) as bar:
        task = bar.add_task(
            "judge", total=first["total"], completed=first["done"], status=status_line(first)
        )

        def advance(_id: str = "", _status: str = "") -> Any:
            now = progress()
            bar.update(task, completed=now["done"], status=status_line(now))
            return now

        if get_queue().in_process:
            tasks.start_judge_run(judge_run_id, include_running=True, on_done=advance)
        else:
            tasks.start_judge_run(judge_run_id)
            # no change for NO_PROGRESS_HINT_S: say so once per stall, and send again what has
            # no live task (as beat's reconciler does every minute)
            last, changed_at = first["by_status"], time.monotonic()
            while (now := advance())["done"] < first["total"]:
                if now["by_status"] != last:
                    last, changed_at = now["by_status"], time.monotonic()
                elif time.monotonic() - changed_at >= NO_PROGRESS_HINT_S:
                    resent = tasks.reconcile()
                    bar.console.print(
                        f"no progress for {NO_PROGRESS_HINT_S:g} s: is a worker running "
                        f"(`halo worker`)? re-sent {resent} prediction(s) with no live task",
                        markup=False,
                        highlight=False,
                    )
                    changed_at = time.monotonic()
                time.sleep(POLL_S)
    final = progress()
    with session_scope() as session:
        predictions = service.judge_predictions(session, judge_run_id)
        _columns, rows = metric_table(session, "table11", predictions=predictions)
        judge_run = service.get_judge_run(session, judge_run_id)
    row = rows[0]
    console.print(
        f"judge run {judge_run_id} ({judge_run.judge} on run {judge_run.run_id}) finished: "
        f"{status_line(final)}; Table 11 over {row['n']} human-judged responses: verdict "
        f"accuracy {_percent(row['verdict_accuracy'])}, joint accuracy "
        f"{_percent(row['joint_accuracy'])}",
        highlight=False,
        markup=False,
        soft_wrap=True,
    )
    retryable = [f for f in _judge_failures(judge_run_id) if f["reason"] not in service.NOT_RETRIED]
    if retryable:
        err.print(
            f"[red]{len(retryable)} prediction(s) failed for infrastructure reasons; retry "
            f"them with `halo judge --resume {judge_run_id}`[/red]"
        )
        raise typer.Exit(1)


def _percent(value: object) -> str:
    """A rate for the terminal: ``91.67 %``, or '–' when there is none (nothing matched)."""
    return "–" if value is None else f"{value} %"


def _judge_failures(judge_run_id: int) -> list[dict[str, Any]]:
    from app.db import session_scope
    from app.judges.service import prediction_failures

    with session_scope() as session:
        return prediction_failures(session, judge_run_id, limit=10_000)


def outcome_line(row: Mapping[str, Any]) -> str:
    """One agent's response outcomes as ``halo metrics table1`` prints them on stderr.

    Args:
        row: a ``table1_outcomes`` row (:class:`app.metrics.outcomes.OutcomeRow` as a dict).

    Returns:
        e.g. ``"A: 10 planned, 7 completed, 0 open; protocol_error 20.00%, api_error 10.00%"``
        (``–`` for a share of no planned response).
    """

    def share(value: float | None) -> str:
        return "–" if value is None else f"{value:.2f}%"

    return (
        f"{row['agent']}: {row['planned']} planned, {row['completed']} completed, "
        f"{row['open']} open; protocol_error {share(row['protocol_error'])}, "
        f"api_error {share(row['api_error'])}"
    )


def is_loopback(host: str) -> bool:
    """True when `host` is reachable from this machine only: ``localhost``, 127.0.0.0/8, ``::1``.

    Anything else — ``0.0.0.0``, ``::``, a LAN address, any other host name — may be reached
    from other machines.
    """
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _check_serving(host: str) -> None:
    """Exit with a clear message, before anything starts, when serving on `host` is unsafe.

    The development ``SECRET_KEY`` is public (it is in the source), so anyone who can reach the
    server could forge a session cookie: it is refused on any host but a loopback one. Settings
    that fail their own checks (e.g. ``ENVIRONMENT=production`` without ``SECRET_KEY``) are
    reported as such, not as a traceback.
    """
    from pydantic import ValidationError

    try:
        settings = get_settings()
    except ValidationError as exc:
        for problem in exc.errors():
            where = ".".join(str(part) for part in problem["loc"]) or "settings"
            err.print(f"{where.upper()}: {problem['msg']}", style="red", markup=False)
        raise typer.Exit(1) from exc
    if settings.secret_key == DEV_SECRET and not is_loopback(host):
        err.print(
            f"refusing to serve on {host}: SECRET_KEY is the development secret, which is "
            "public, so anyone who can reach this address could forge a log-in. Set SECRET_KEY "
            "(e.g. `export SECRET_KEY=$(openssl rand -hex 32)`) or serve on 127.0.0.1.",
            style="red",
            markup=False,
            highlight=False,
        )
        raise typer.Exit(1)


def _start_scheduler() -> Scheduler:
    """The embedded schedule (:func:`app.jobs.schedule.start_scheduler`) over the domains' tasks."""
    import app.annotation.tasks
    import app.construction.tasks
    import app.export.tasks
    import app.judges.tasks
    import app.metrics.tasks
    import app.runs.tasks  # noqa: F401  (importing a domain's tasks declares them)

    return start_scheduler()


@cli.command()
def serve(host: str = "127.0.0.1", port: int = 8000, reload: bool = False) -> None:
    """Serve the web app (a host other than loopback needs a SECRET_KEY of your own).

    uvicorn's own proxy-header handling is off (it would believe ``X-Forwarded-For`` from
    127.0.0.1 by default): the app reads the headers only from ``FORWARDED_ALLOW_IPS``.
    Without ``REDIS_URL`` (tasks in-process, no Celery beat) it also runs the engine's periodic
    tasks (:data:`app.jobs.schedule.SCHEDULE`: reclaim expired assignments, reconcile runs, …)
    while it serves.
    """
    import uvicorn

    _check_serving(host)
    scheduler = _start_scheduler() if get_settings().in_process_tasks else None
    try:
        uvicorn.run(
            "app.main:create_app",
            factory=True,
            host=host,
            port=port,
            reload=reload,
            proxy_headers=False,
        )
    finally:
        if scheduler is not None:
            scheduler.stop()


@cli.command()
def worker(
    concurrency: Annotated[
        int, typer.Option(help="worker processes, or threads with --pool threads")
    ] = 2,
    pool: Annotated[
        WorkerPool,
        typer.Option(
            help="prefork: processes; threads: one process keeps many LLM calls in flight "
            "(slow endpoints: --pool threads --concurrency 64)"
        ),
    ] = WorkerPool.PREFORK,
    beat: Annotated[
        bool, typer.Option(help="also run Celery beat (periodic tasks); in one worker only")
    ] = False,
) -> None:
    """Run a Celery worker (needs REDIS_URL); with --beat it also schedules periodic tasks."""
    if not get_settings().redis_url:
        err.print(
            "[red]REDIS_URL is not set; without it tasks run in-process "
            "and no worker is needed[/red]"
        )
        raise typer.Exit(1)
    from app.jobs.broker import run_worker

    schedule = None
    if beat:  # beat keeps its schedule state under var/, not in the working directory
        settings = get_settings()
        settings.var_dir.mkdir(parents=True, exist_ok=True)
        schedule = settings.var_dir / "celerybeat-schedule"
    run_worker(concurrency=concurrency, pool=pool.value, beat_schedule=schedule)


@cli.command()
def demo(
    host: str = "127.0.0.1",
    port: int = 8000,
    serve_app: Annotated[
        bool, typer.Option("--serve/--no-serve", help="serve after setting up")
    ] = True,
) -> None:
    """The main job: migrate, import seeds/, create demo users, run the baselines, serve.

    Safe to run again: the port is checked before anything changes, and work is handed to the
    active demo annotators only on the first set-up (while no assignment exists); after that,
    leads hand out work on the Batches page and a re-run leaves it alone.
    """
    from sqlmodel import col, select

    from app.annotation.creation import NothingToAssign, create_batch
    from app.annotation.progress import batch_progress
    from app.db import session_scope
    from app.errors import ImportFailed
    from app.models import Assignment, Run, User
    from app.runs import service
    from app.scenarios.service import seed_tree
    from app.users.service import create_user

    if serve_app:
        _check_serving(host)  # before any change, like the port
        _check_port(host, port)  # before any change: a busy port must leave the data alone
    console.print(f"[bold]1/5[/bold] migrating {_display_url()}")
    upgrade_database()
    console.print("[bold]2/5[/bold] importing seeds/")
    try:
        with session_scope() as session:
            report = seed_tree(session, ROOT / "seeds")
    except ImportFailed as exc:
        for problem in exc.problems:
            err.print(problem, markup=False, highlight=False)
        raise typer.Exit(1) from exc
    console.print(f"      {report.total_scenarios} scenarios ready")
    console.print("[bold]3/5[/bold] demo accounts")
    with session_scope() as session:
        for username, role, password in DEMO_USERS:
            if session.exec(select(User).where(User.username == username)).first() is None:
                create_user(session, username=username, password=password, role=role)
        query = (
            select(User)
            .where(User.role == Role.ANNOTATOR, col(User.is_active))
            .order_by(col(User.id))
        )
        annotators = [u.id for u in session.exec(query) if u.id is not None]
    console.print("[bold]4/5[/bold] baseline agents")
    with session_scope() as session:
        service.ensure_baseline_agents(session)
        existing = session.exec(select(Run).where(Run.name == "demo-baselines")).first()
        if existing is None:
            existing = service.create_run(
                session,
                agent_names=["restraint", "notify_latest", "eager_executor"],
                k=2,
                seed=0,
                name="demo-baselines",
            )
        run_id = existing.id
    assert run_id is not None
    _execute_run(run_id)
    with session_scope() as session:
        if session.exec(select(Assignment.id).limit(1)).first() is not None:
            console.print("      assignments exist: left as they are (leads use Batches)")
        elif annotators:
            try:
                batch = create_batch(
                    session,
                    name="demo",
                    annotator_ids=annotators,
                    created_by=None,
                    expires_after_hours=None,
                )
            except NothingToAssign:
                created = 0
            else:
                assert batch.id is not None
                created = batch_progress(session, batch.id).total
            console.print(f"      {created} responses assigned to the demo annotators")
    console.print("[bold]5/5[/bold] ready. Log in with one of these demo accounts:")
    for username, role, password in DEMO_USERS:
        console.print(f"      {role:<11} {username:<11} password: {password}")
    if serve_app:
        _check_port(host, port)  # still free after the set-up?
        console.print(f"serving on http://{host}:{port}  (Ctrl+C to stop)")
        serve(host=host, port=port)


def _check_port(host: str, port: int) -> None:
    """Exit with a clear message when the port is taken (before announcing the address)."""
    import socket

    with socket.socket() as probe:
        try:
            probe.bind((host, port))
        except OSError as exc:
            err.print(
                f"[red]cannot serve on {host}:{port}: {exc.strerror}; "
                "choose another port, e.g. `make run PORT=8010`[/red]"
            )
            raise typer.Exit(1) from exc


def main() -> None:
    """Console-script entry point."""
    cli()


if __name__ == "__main__":
    main()

"""HALO-Arena viewer and the published command catalogue (issue "HALO-Arena complete").

The catalogue (JSON and page) is open to every logged-in user: it names no model and is what
every agent is sent. The viewer — environments, scenarios and their checkpoints, and the
hand-run retrieval commands — is for leads, researchers and admins (the scenario auditors).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Depends, Request
from sqlalchemy import func
from sqlmodel import col, select
from starlette.responses import JSONResponse, Response

from app.arena.commands import CATALOGUE
from app.arena.errors import ArenaError
from app.arena.schema import EnvironmentSpec
from app.arena.viewer import (
    COLLECTION_LABELS,
    STATE_COLUMNS,
    catalogue_document,
    catalogue_groups,
    checkpoint_view,
    example_args,
    format_money,
    pretty_output,
    run_retrieval,
    summarise_environment,
)
from app.db import SessionDep
from app.errors import NotFoundError
from app.models import Environment, Scenario
from app.scenarios.corpus.arcs import LABEL_LETTERS
from app.scenarios.corpus.report import format_threshold
from app.scenarios.service import LoadedScenario, load_scenario, stored_corpus_stats
from app.vocabulary import LEVELS, NEED_TYPES
from app.web.deps import CurrentUser, LeadUser, verify_csrf
from app.web.templating import is_htmx, render

router = APIRouter(prefix="/arena", dependencies=[Depends(verify_csrf)])


@router.get("/catalogue.json")
def catalogue_json(user: CurrentUser) -> JSONResponse:
    """The 48 commands as OpenAI-style tools with app, level and signature (DESIGN §3.3)."""
    return JSONResponse(catalogue_document())


@router.get("/catalogue")
def catalogue_page(request: Request, user: CurrentUser) -> Response:
    """The 48 commands grouped by app and level, with signature and argument table."""
    return render(request, "arena/catalogue.html", {"groups": catalogue_groups()})


@router.get("")
def environments_page(request: Request, session: SessionDep, user: LeadUser) -> Response:
    """Every environment with its domain, persona, time zone and scenarios per need type."""
    environments = list(session.exec(select(Environment).order_by(col(Environment.id))))
    counts: dict[str, dict[str, int]] = {e.id: dict.fromkeys(NEED_TYPES, 0) for e in environments}
    rows = session.exec(
        select(Scenario.environment_id, Scenario.need_type, func.count()).group_by(
            col(Scenario.environment_id), col(Scenario.need_type)
        )
    ).all()
    for environment_id, need_type, count in rows:
        counts.setdefault(environment_id, dict.fromkeys(NEED_TYPES, 0))[need_type] = count
    return render(
        request,
        "arena/environments.html",
        {"environments": environments, "counts": counts, "need_types": NEED_TYPES},
    )


@router.get("/corpus")
def corpus_page(request: Request, session: SessionDep, user: LeadUser) -> Response:
    """Corpus mix, shortcut checks and the issue-12 targets of the stored scenarios.

    For leads, researchers and admins (it shows design notes: labels, best interventions,
    key evidence); the statistics are computed once per stored corpus and process.
    """
    stats = stored_corpus_stats(session)
    return render(
        request,
        "arena/corpus.html",
        {
            "stats": stats,
            "currencies": {c.environment_id: c for c in stats.currencies},
            "levels": LEVELS,
            "need_types": NEED_TYPES,
            "letters": LABEL_LETTERS,
            "money": format_money,
            "threshold": format_threshold,
        },
    )


@router.get("/scenarios/{scenario_id}")
def scenario_page(
    request: Request,
    session: SessionDep,
    user: LeadUser,
    scenario_id: str,
    t: int = 0,
    command: str | None = None,
    args: str | None = None,
    args_example: str | None = None,
) -> Response:
    """Checkpoint t of a scenario; with `command`, also run that retrieval command at t.

    An htmx request with `command` gets only the "runner_result" block; one sent by the command
    select (``HX-Trigger: runner-command``) gets the "runner_args" block with that command's
    required arguments filled in (no inline script: the CSP allows none) — unless the box
    holds arguments the user typed (`args` differs from `args_example`, the example it was
    filled with), which are kept as they are.
    """
    loaded = load_scenario(session, scenario_id)
    n = len(loaded.events)
    if not 0 <= t <= n:
        raise NotFoundError(f"checkpoint {t} is outside 0..{n} for scenario {scenario_id}")
    if is_htmx(request) and request.headers.get("HX-Trigger") == "runner-command":
        box = {"args": _typed_args(args, args_example), "example": _example(command)}
        return render(request, "arena/scenario.html", {"runner": box}, block="runner_args")
    runner = _run(loaded, t, command, args)
    if runner is not None and is_htmx(request):
        return render(request, "arena/scenario.html", {"runner": runner}, block="runner_result")
    try:
        view = checkpoint_view(loaded.s0, loaded.events, t)
    except ArenaError as exc:  # a validated import always replays; never answer 500 for it
        raise NotFoundError(f"checkpoint {t} of {scenario_id} cannot be replayed: {exc}") from exc
    context: dict[str, Any] = {
        "scenario": loaded.spec,
        "environment": loaded.environment,
        "view": view,
        "previous": t - 1 if t > 0 else None,
        "following": t + 1 if t < n else None,
        "retrieval": catalogue_groups("retrieval"),
        "labels": COLLECTION_LABELS,
        "columns": STATE_COLUMNS,
        "runner": runner
        or {"command": None, "args": None, "example": _example(None), "result": None},
        "money": format_money,
    }
    return render(request, "arena/scenario.html", context)


def _typed_args(args: str | None, example: str | None) -> str | None:
    """`args` when the user typed them, else None.

    None when the box is blank or still holds `example` (compared as JSON when both parse, so
    whitespace does not count as typing).
    """
    if args is None or not args.strip():
        return None
    if example is not None:
        if args.strip() == example.strip():
            return None
        try:
            if json.loads(args) == json.loads(example):
                return None
        except ValueError:
            pass
    return args


def _example(command: str | None) -> str:
    """The example arguments of a retrieval command (the first one's when unknown)."""
    spec = CATALOGUE.get(command or "")
    if spec is None or spec.level is not None:
        spec = next(s for s in CATALOGUE.values() if s.level is None)
    return example_args(spec)


def _run(
    loaded: LoadedScenario, t: int, command: str | None, args: str | None
) -> dict[str, Any] | None:
    if not command:
        return None
    try:
        result = run_retrieval(loaded.s0, loaded.events, t, command, args)
    except ArenaError as exc:
        raise NotFoundError(f"checkpoint {t} cannot be replayed: {exc}") from exc
    return {
        "command": command,
        "args": args,
        "example": _example(command),
        "t": t,
        "result": result,
        "pretty": pretty_output(result.output) if result.ok else None,
    }


@router.get("/{environment_id}")
def environment_page(
    request: Request, session: SessionDep, user: LeadUser, environment_id: str
) -> Response:
    """One environment: persona and permissions, base state, database tables, files, scenarios."""
    row = session.get(Environment, environment_id)
    if row is None:
        raise NotFoundError(f"environment {environment_id!r} does not exist")
    spec = EnvironmentSpec.model_validate(row.spec)
    scenarios = list(
        session.exec(
            select(Scenario)
            .where(Scenario.environment_id == environment_id)
            .order_by(col(Scenario.id))
        )
    )
    return render(
        request,
        "arena/environment.html",
        {
            "environment": spec,
            "summary": summarise_environment(spec.apps, row.database_sql, row.files),
            "scenarios": scenarios,
            "money": format_money,
        },
    )

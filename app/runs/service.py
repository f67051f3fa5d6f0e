"""Run planning and response execution. Each public function is one unit of work."""

from __future__ import annotations

import itertools
import logging
import random
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

import redis
from pydantic import ValidationError
from sqlalchemy import Table, Update, bindparam, case, func, literal_column, update
from sqlalchemy import exc as sa_exc
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from app.agents.baselines import BASELINES, BaselineAgent
from app.agents.client import AgentClient, LLMCall
from app.agents.llm import EndpointConfig, OpenAIChatAgent
from app.agents.protocol import Limits
from app.agents.runner import PROMPT_VERSION, ResponseOutcome, run_response, system_prompt
from app.arena.replay import Observation
from app.bounded import storable
from app.db import any_of, earlier_submission, flush_submitted
from app.errors import NotFoundError, UnprocessableError, refuse_long_name
from app.jobs import lease
from app.jobs.backoff import Backoff, full_jitter_delay
from app.jobs.progress import JobProgress, tally
from app.jobs.schedule import RECOVER_EVERY_S
from app.models import Agent, Checkpoint, Environment, Response, Run, Scenario
from app.models.base import as_utc, utcnow
from app.scenarios.sampling import sample_checkpoints
from app.scenarios.service import load_scenario
from app.settings import get_settings
from app.vocabulary import ResponseStatus, RunStatus, WireMode


class DuplicateSubmission(Exception):
    """A run form submitted twice; `run_id` is the run the first submit created."""

    def __init__(self, run_id: int) -> None:
        """Point at `run_id`, the run the first submit created."""
        super().__init__(f"this form already created run {run_id}")
        self.run_id = run_id


MAX_K = 10
"""Most checkpoints per agent and scenario a run may ask for."""
MAX_SEED = 2**31 - 1
"""Seeds are stored as 32-bit integers."""
MAX_RUN_NAME = 120


log = logging.getLogger(__name__)

FINISHED = (
    ResponseStatus.COMPLETED,
    ResponseStatus.PROTOCOL_ERROR,
    ResponseStatus.API_ERROR,
    ResponseStatus.CANCELLED,
)
"""Response statuses after which nothing more happens (``cancelled``: its run was cancelled)."""


def ensure_baseline_agents(session: Session) -> list[Agent]:
    """Create the three built-in baselines if missing (commits); return them in DESIGN order."""
    agents = []
    for name in BASELINES:
        agent = session.exec(select(Agent).where(Agent.name == name)).first()
        if agent is None:
            agent = Agent(name=name, kind="baseline", config={"baseline": name})
            session.add(agent)
        agents.append(agent)
    session.commit()
    return agents


def agent_client(
    agent: Agent, observation: Observation, on_backoff: Callable[[Backoff], None] | None = None
) -> AgentClient:
    """The client that answers for `agent` at one observation.

    Raises:
        UnprocessableError: an agent kind this build cannot run.
    """
    if agent.kind == "baseline":
        return BaselineAgent(agent.config.get("baseline", agent.name), observation)
    if agent.kind == "openai":
        return OpenAIChatAgent(_endpoint_config(agent), on_backoff=on_backoff)
    raise UnprocessableError(f"agent {agent.name}: kind {agent.kind!r} cannot be run", "kind")


_CONFIGS: dict[int, tuple[Agent, EndpointConfig]] = {}


def _endpoint_config(agent: Agent) -> EndpointConfig:
    """An agent's validated endpoint settings, validated once per cached agent row.

    Agents are never edited (a new config is a new agent) and :func:`_agent` hands out one
    detached row per id, so the settings are kept with that very row object.
    """
    cached = _CONFIGS.get(agent.id) if agent.id is not None else None
    if cached is not None and cached[0] is agent:
        return cached[1]
    config = EndpointConfig.model_validate(agent.config)
    if agent.id is not None:
        _CONFIGS[agent.id] = (agent, config)
    return config


def create_run(
    session: Session,
    *,
    agent_names: list[str],
    k: int = 2,
    seed: int = 0,
    name: str | None = None,
    scenario_ids: list[str] | None = None,
    created_by: int | None = None,
    submission: str | None = None,
) -> Run:
    """Sample checkpoints and plan one pending response per (checkpoint, agent); commits once.

    Args:
        session: database session.
        agent_names: agents to run (must exist).
        k: distinct checkpoints per agent per scenario (DESIGN §6, default 2).
        seed: run seed; the same seed gives the same plan in any process.
        name: display name; defaults to ``run-<id>``.
        scenario_ids: scenarios to use; None for all.
        created_by: user id of the researcher.
        submission: the one-time token of the web form that asked for the run.

    Returns:
        The new :class:`Run` (status ``pending``) with its responses planned.

    Raises:
        UnprocessableError: no agents, an unknown agent or scenario, k outside 1..MAX_K, a
            seed outside 0..2³¹−1, a name longer than 120 characters or already used.
        DuplicateSubmission: a run was already created from `submission` (a double submit);
            carries that run's id.
    """
    earlier = earlier_submission(session, Run, submission)
    if earlier is not None:
        raise DuplicateSubmission(earlier)
    if not agent_names:
        raise UnprocessableError("choose at least one agent", "agents")
    if len(set(agent_names)) != len(agent_names):
        raise UnprocessableError("each agent may be named once", "agents")
    if not 1 <= k <= MAX_K:
        raise UnprocessableError(
            f"k must be between 1 and {MAX_K} checkpoints per agent and scenario (a scenario "
            "with fewer events gives each agent all of its checkpoints)",
            "k",
        )
    if not 0 <= seed <= MAX_SEED:
        raise UnprocessableError(f"seed must be between 0 and {MAX_SEED}", "seed")
    name = (name or "").strip() or None
    if name is not None:
        refuse_long_name(name, MAX_RUN_NAME)
        taken = session.exec(select(Run.id).where(Run.name == name)).first()
        if taken is not None:
            raise UnprocessableError(f"run {taken} is already named {name!r}", "name")
    agents = {
        a.name: a for a in session.exec(select(Agent).where(col(Agent.name).in_(agent_names)))
    }
    missing = [n for n in agent_names if n not in agents]
    if missing:
        known = ", ".join(session.exec(select(Agent.name).order_by(col(Agent.name))).all())
        raise UnprocessableError(
            f"unknown agent(s): {', '.join(missing)}; defined agents: {known or 'none'}", "agents"
        )
    for agent_name in agent_names:  # stored before a stricter validation: say so now
        if agents[agent_name].kind == "openai":
            try:
                EndpointConfig.model_validate(agents[agent_name].config)
            except ValidationError as exc:
                problems = "; ".join(
                    f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
                )
                raise UnprocessableError(
                    f"agent {agent_name}: its stored settings are no longer valid ({problems}); "
                    "define it again under a new name",
                    "agents",
                ) from None
    external = [n for n in agent_names if agents[n].kind not in ("baseline", "openai")]
    if external:
        raise UnprocessableError(
            f"{', '.join(external)}: imported responses only; such agents cannot be run", "agents"
        )
    query = select(Scenario).order_by(Scenario.id)
    if scenario_ids is not None:
        query = query.where(any_of(Scenario.id, scenario_ids))
    scenarios = list(session.exec(query))
    if scenario_ids is not None and len(scenarios) != len(set(scenario_ids)):
        found = {s.id for s in scenarios}
        raise UnprocessableError(
            f"unknown scenario(s): {', '.join(sorted(set(scenario_ids) - found))}", "scenarios"
        )
    if not scenarios:
        raise UnprocessableError(
            "there are no scenarios; run `halo seed seeds/` first", "scenarios"
        )
    limits = Limits()
    run = Run(
        name=name or "",
        seed=seed,
        k=k,
        settings={
            "agents": agent_names,
            "agent_configs": {
                n: {"kind": agents[n].kind, "config": agents[n].config} for n in agent_names
            },
            "prompt_version": PROMPT_VERSION,
            "prompt": system_prompt(limits),
            **(
                {"prompt_tools": system_prompt(limits, mode=WireMode.TOOLS)}
                if any(agents[n].config.get("mode") == WireMode.TOOLS for n in agent_names)
                else {}
            ),
            "max_rounds": limits.max_rounds,
            "max_commands": limits.max_commands,
            "scenarios": [s.id for s in scenarios],
        },
        created_by=created_by,
        submission=submission,
    )
    session.add(run)
    earlier = flush_submitted(session, Run, submission)
    if earlier is not None:  # the same form, submitted twice at once: the other request won
        raise DuplicateSubmission(earlier)
    assert run.id is not None
    if not run.name:
        run.name = f"run-{run.id}"
        if session.exec(select(Run.id).where(Run.name == run.name, Run.id != run.id)).first():
            run.name = f"run-{run.id}-{uuid.uuid4().hex[:4]}"  # an imported run has that name
    checkpoints = {
        (c.scenario_id, c.t): c
        for c in session.exec(
            select(Checkpoint).where(any_of(Checkpoint.scenario_id, [s.id for s in scenarios]))
        )
    }
    for scenario in scenarios:
        plan = sample_checkpoints(
            scenario.num_events, agent_names, k, seed=seed, scenario_id=scenario.id
        )
        for agent_name, ts in plan.items():
            for t in ts:
                session.add(
                    Response(
                        id=uuid.uuid4().hex,
                        run_id=run.id,
                        agent_id=_id(agents[agent_name].id),
                        checkpoint_id=_id(checkpoints[(scenario.id, t)].id),
                    )
                )
    session.commit()
    return run


def _id(value: int | None) -> int:
    assert value is not None, "row not flushed"
    return value


def pending_response_ids(
    session: Session, run_id: int, *, include_running: bool = True
) -> list[str]:
    """Ids of a run's responses that still have to be produced, in a stable order.

    With `include_running`, also those some task holds now.
    """
    statuses = (
        (ResponseStatus.PENDING, ResponseStatus.RUNNING)
        if include_running
        else (ResponseStatus.PENDING,)
    )
    return list(
        session.exec(
            select(Response.id)
            .where(Response.run_id == run_id, col(Response.status).in_(statuses))
            .order_by(col(Response.checkpoint_id), col(Response.agent_id))
        )
    )


def get_run(session: Session, run_id: int) -> Run:
    """The run `run_id`.

    Raises:
        NotFoundError: no such run.
    """
    run = session.get(Run, run_id)
    if run is None:
        raise NotFoundError(f"run {run_id} does not exist")
    return run


def mark_run_started(session: Session, run_id: int) -> None:
    """Set a run running (commits)."""
    run = get_run(session, run_id)
    if run.status == RunStatus.PENDING:
        run.status, run.started_at = RunStatus.RUNNING, utcnow()
        session.add(run)
        session.commit()


def execute_response(session: Session, response_id: str) -> str:
    """Produce one planned response; idempotent (a finished response is left as it is).

    The hot path is three single statements, so it needs no multi-statement transaction (the
    worker runs it on an autocommit connection): the atomic claim (``UPDATE … RETURNING``, which
    also reads the checkpoint and the scenario's content hashes), the result, and the run's
    completion check. Agents and run limits never change once written, so they are cached per
    process.

    Args:
        session: database session (committed when the response is stored).
        response_id: the planned response.

    Returns:
        The response's status after the call.

    Raises:
        NotFoundError: no such response.
    """
    started = time.perf_counter()
    with lease.exclusive(Response, response_id) as alone:
        if not alone:  # another thread of this process is producing it
            return "running"
        claimed = _claim(session, response_id)
        if isinstance(claimed, str):  # finished, cancelled, or a live holder is producing it
            return claimed
        with lease.holding(Response, response_id):
            return _produce(session, response_id, claimed, started)


def _produce(session: Session, response_id: str, claimed: _Claimed, started: float) -> str:
    """The work of :func:`execute_response` once this process holds the response."""
    run_id, t = claimed.run_id, claimed.t
    agent = _agent(session, claimed.agent_id)
    loaded = load_scenario(session, claimed.scenario_id, hashes=claimed.hashes)
    session.commit()  # end the read transaction: nothing is held while the agent thinks

    kept: list[LLMCall] = []  # the calls of the replies so far (the claim: none yet)

    def keep(statement: Update, calls: list[LLMCall], **values: Any) -> None:
        """Write the calls made so far (and `values`) in one statement, while still held."""
        try:
            session.execute(
                statement,
                {
                    "v_id": response_id,
                    "v_holder": lease.claimant(),
                    "v_llm_calls": storable([dict(vars(call)) for call in calls]),
                    **values,
                },
            )
            session.commit()
        except Exception as exc:  # the result's store keeps them (and retries patiently)
            if not retry_can_fix(exc):
                raise
            log.warning("response %s: calls so far not written: %s", response_id, exc)
            session.rollback()

    def on_backoff(backoff: Backoff) -> None:
        # the failed attempt is written with the "backing off until …" note, before the retry
        keep(
            _KEEP_CALLS_BACKING_OFF,
            [*kept, *backoff.calls],
            v_retry_reason=backoff.reason,
            v_retry_until=backoff.until,
        )

    def on_calls(calls: list[LLMCall]) -> None:
        kept[:] = calls
        keep(_KEEP_CALLS, calls)  # before the next call is sent: a kill loses only that one

    run_started = time.perf_counter()
    try:
        outcome = run_response(
            loaded.s0,
            loaded.events,
            t,
            agent_factory=lambda obs: agent_client(agent, obs, on_backoff),
            limits=_run_limits(session, run_id),
            on_calls=on_calls,
        )
    except Exception as exc:
        if retry_can_fix(exc):  # our database or broker blinked: the task is retried
            raise
        outcome = ResponseOutcome(
            status=ResponseStatus.API_ERROR,
            failure_reason="internal_error",
            error=internal_error_message(exc),
        )
    run_s = time.perf_counter() - run_started
    calls, failed_attempts, agent_s = call_stats(outcome.llm_calls)
    total_s = time.perf_counter() - started  # the final write itself is not included
    timings = {
        "arena_s": round(max(0.0, run_s - agent_s), 6),
        "agent_s": round(agent_s, 6),
        "db_s": round(total_s - run_s, 6),
        "total_s": round(total_s, 6),
        "calls": calls,
        "failed_attempts": failed_attempts,
    }
    stored = _store_patiently(
        session,
        response_id,
        run_id,
        holder=lease.claimant(),
        **vars(outcome),
        timings=timings,
        finished_at=utcnow(),
    )
    if not stored:  # the lease was lost and another task took the response over
        return session.exec(select(Response.status).where(Response.id == response_id)).one()
    return outcome.status


STORE_RETRY_WINDOW_S = 120.0
"""Seconds a produced response keeps trying to store itself while the database is away (its
LLM calls were made and paid for; the lease's heartbeats keep it held meanwhile)."""


def _store_patiently(
    session: Session, response_id: str, run_id: int, holder: str | None = None, **values: Any
) -> bool:
    """:func:`_store`, retried while the database blinks.

    Full-jitter backoff (0.5 s up to 10 s) for up to :data:`STORE_RETRY_WINDOW_S` seconds
    while the error is one :func:`retry_can_fix` (a database restart), so a result whose LLM
    calls returned is not lost to a blink.

    Raises:
        Exception: what :func:`_store` raised, when no retry can fix it or the window is over.
    """
    deadline = time.monotonic() + STORE_RETRY_WINDOW_S
    rng = random.Random()
    for attempt in itertools.count():
        try:
            return _store(session, response_id, run_id, holder, **values)
        except Exception as exc:
            if not retry_can_fix(exc) or time.monotonic() >= deadline:
                raise
            log.warning("response %s: store failed (%s); retrying", response_id, exc)
            try:
                session.rollback()
            except Exception:  # the connection is gone; the next attempt takes a new one
                log.debug("rollback after a lost connection failed", exc_info=True)
            time.sleep(full_jitter_delay(attempt, base_s=0.5, cap_s=10.0, rng=rng))
    raise AssertionError("unreachable")  # pragma: no cover


def _store(
    session: Session, response_id: str, run_id: int, holder: str | None = None, **values: Any
) -> bool:
    """Write a response's end state, complete its run if nothing else is open, commit.

    With `holder`, only while that holder still has the response ``running`` (a holder whose
    lease lapsed must not overwrite the result of the task that took over). Returns whether the
    row was written.

    Every value passes through :func:`app.bounded.storable` here, the one way a response's end
    state reaches the database: text from an agent or endpoint (replies, rationale, arguments,
    raw messages, error excerpts) may hold NUL or lone surrogates, which PostgreSQL refuses.
    """
    statement = _store_statement(holder is not None, tuple(sorted(values)))
    written = session.execute(
        statement,
        {
            "v_id": response_id,
            "v_holder": holder,
            **{f"v_{k}": storable(v) for k, v in values.items()},
        },
    )
    session.commit()
    if not getattr(written, "rowcount", 1):
        return False
    loaded = session.identity_map.get(session.identity_key(Response, response_id))
    if loaded is not None:  # a caller's copy of the row is now stale
        session.expire(loaded)
    _finish_run_if_done(session, run_id)
    return True


RESPONSES: Table = Response.__table__  # type: ignore[attr-defined]
"""The responses table, for the hot-path statements built once below (a response is produced
thousands of times a minute; building an ORM statement each time cost milliseconds)."""


@lru_cache(maxsize=32)
def _store_statement(conditional: bool, names: tuple[str, ...]) -> Update:
    """The UPDATE that stores a response's columns and clears its lease.

    ``UPDATE responses SET <names>, leases cleared WHERE id = :v_id`` [and still held by
    :v_holder], with one bound parameter ``v_<name>`` per column.
    """
    statement = RESPONSES.update().where(RESPONSES.c.id == bindparam("v_id"))
    if conditional:
        statement = statement.where(
            RESPONSES.c.status == ResponseStatus.RUNNING,
            RESPONSES.c.claimed_by == bindparam("v_holder"),
        )
    cleared = {"retry_reason": None, "retry_until": None, "claimed_by": None, "heartbeat_at": None}
    bound = {name: bindparam(f"v_{name}", type_=RESPONSES.c[name].type) for name in names}
    return statement.values({**cleared, **bound})


_KEEP_CALLS = (
    RESPONSES.update()
    .where(
        RESPONSES.c.id == bindparam("v_id"),
        RESPONSES.c.status == ResponseStatus.RUNNING,
        RESPONSES.c.claimed_by == bindparam("v_holder"),
    )
    .values(llm_calls=bindparam("v_llm_calls", type_=RESPONSES.c.llm_calls.type))
)
"""Write the LLM calls a response made so far, while this holder still has it: one statement
after every reply that does not end the response, before the next call is sent, so a worker
killed with ``kill -9`` loses at most the call in flight (the task that takes the response over
moves the written ones to ``earlier_attempts``, ``worker_lost``). ``bench/runs.py`` prints
what it costs."""

_KEEP_CALLS_BACKING_OFF = _KEEP_CALLS.values(
    retry_reason=bindparam("v_retry_reason", type_=RESPONSES.c.retry_reason.type),
    retry_until=bindparam("v_retry_until", type_=RESPONSES.c.retry_until.type),
)
""":data:`_KEEP_CALLS` with the failed attempts of a call being retried and the run page's
"retrying until …" note, written before each backoff wait."""


_FINISH_RUN = (
    Run.__table__.update()  # type: ignore[attr-defined]
    .where(
        Run.__table__.c.id == bindparam("v_run"),  # type: ignore[attr-defined]
        Run.__table__.c.status.in_((RunStatus.PENDING, RunStatus.RUNNING)),  # type: ignore[attr-defined]
        ~sa_select(RESPONSES.c.id)
        .where(
            RESPONSES.c.run_id == bindparam("v_run"),
            RESPONSES.c.status.in_((ResponseStatus.PENDING, ResponseStatus.RUNNING)),
        )
        .exists(),
    )
    .values(status=RunStatus.COMPLETED, finished_at=bindparam("v_now"))
)
"""Complete a run none of whose responses is still open."""


def _checkpoint_columns(responses: Table) -> tuple[Any, ...]:
    """What a claim reads beside the response, as scalar subqueries of its RETURNING.

    Its checkpoint's scenario and t, and the content hashes of that scenario and of its
    environment: subqueries, so the claim is still one statement on SQLite and PostgreSQL alike.
    """
    checkpoints: Table = Checkpoint.__table__  # type: ignore[attr-defined]
    scenarios: Table = Scenario.__table__  # type: ignore[attr-defined]
    environments: Table = Environment.__table__  # type: ignore[attr-defined]

    def qualified(table: Table, column: str) -> Any:
        # SQLite's compiler writes the columns of a RETURNING clause, and of the subqueries
        # in it, without their table ("id = checkpoint_id": ambiguous there); spelled out
        return literal_column(f"{table.name}.{column}")

    mine = qualified(checkpoints, "id") == qualified(responses, "checkpoint_id")
    of_scenario = qualified(scenarios, "id") == qualified(checkpoints, "scenario_id")
    in_environment = qualified(environments, "id") == qualified(scenarios, "environment_id")
    return (
        sa_select(checkpoints.c.scenario_id).where(mine).scalar_subquery(),
        sa_select(checkpoints.c.t).where(mine).scalar_subquery(),
        sa_select(scenarios.c.content_hash)
        .select_from(checkpoints.join(scenarios, of_scenario))
        .where(mine)
        .scalar_subquery(),
        sa_select(environments.c.content_hash)
        .select_from(checkpoints.join(scenarios, of_scenario).join(environments, in_environment))
        .where(mine)
        .scalar_subquery(),
    )


_CLAIM = lease.claim_for(
    Response,
    free=(ResponseStatus.PENDING,),
    returning=("run_id", "agent_id", "checkpoint_id", "llm_calls"),
    also=_checkpoint_columns,
)
"""Take a pending response, a running one whose lease lapsed, or one whose holder is gone;
returns (id, run id, agent id, checkpoint id, the calls a lost attempt kept, scenario id, t,
scenario hash, environment hash)."""


@dataclass(frozen=True)
class _Claimed:
    """A response this process now holds, with what producing it needs."""

    run_id: int
    agent_id: int
    scenario_id: str
    t: int
    hashes: tuple[str, str]


_AGENTS: dict[int, Agent] = {}
_LIMITS: dict[int, Limits] = {}


def _agent(session: Session, agent_id: int) -> Agent:
    """An agent row, detached; agents are never edited (a new config is a new agent)."""
    agent = _AGENTS.get(agent_id)
    if agent is None:
        loaded = session.get(Agent, agent_id)
        assert loaded is not None
        agent = _AGENTS[agent_id] = Agent(
            id=loaded.id, name=loaded.name, kind=loaded.kind, config=dict(loaded.config)
        )
    return agent


def _run_limits(session: Session, run_id: int) -> Limits:
    """A run's protocol limits (fixed when the run is created, so cached per process)."""
    limits = _LIMITS.get(run_id)
    if limits is None:
        settings = session.exec(select(Run.settings).where(Run.id == run_id)).one()
        limits = Limits(
            max_rounds=settings.get("max_rounds", 6), max_commands=settings.get("max_commands", 8)
        )
        _LIMITS[run_id] = limits
    return limits


def _claim(session: Session, response_id: str) -> _Claimed | str:
    """Take a response for this process: pending, or running but abandoned.

    Abandoned: no heartbeat for :data:`~app.jobs.lease.LEASE_S`, or its holder's process on this
    host is gone (a killed worker child whose task the broker redelivered at once). Atomic, so two
    tasks never both produce it.

    A cancelled run has no pending responses (:func:`cancel_run` ends them in the same
    transaction that cancels the run), so a claimed response always belongs to a live run.

    One statement: the claim also reads the checkpoint's scenario and t and the two content
    hashes :func:`~app.scenarios.service.load_scenario` checks its cache with.

    Returns:
        What producing the response needs when this process now holds it (committed); else
        its status: finished, cancelled, or ``running`` (a live holder has it).

    Raises:
        NotFoundError: no such response.
    """
    row = lease.claim_or_status(session, _CLAIM, response_id, what="response")
    if isinstance(row, str):
        return row
    session.commit()
    if row[4]:  # calls an attempt that never stored its result kept (its worker was killed)
        _keep_lost_attempt(session, response_id, row[4])
    # row: id, run id, agent id, checkpoint id, lost calls, scenario id, t, the two hashes
    return _Claimed(row[1], row[2], row[5], row[6], (row[7], row[8]))


def lost_attempt(llm_calls: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``earlier_attempts`` entry of an attempt whose worker died before it stored.

    Args:
        llm_calls: the calls it wrote as they returned (:data:`_KEEP_CALLS`), as stored.

    Returns:
        ``{"failure_reason": "worker_lost", "error", "prompt_tokens", "completion_tokens",
        "reasoning_tokens", "finished_at": None, "llm_calls"}``; a token sum is None when a
        call did not report it.
    """

    def total(key: str) -> int | None:
        values = [call.get(key) for call in llm_calls]
        counts = [v for v in values if isinstance(v, int)]
        return sum(counts) if len(counts) == len(values) else None

    return {
        "failure_reason": "worker_lost",
        "error": "worker_lost: the worker producing it stopped before it stored the result "
        f"({len(llm_calls)} LLM calls kept)",
        "prompt_tokens": total("prompt_tokens"),
        "completion_tokens": total("completion_tokens"),
        "reasoning_tokens": total("reasoning_tokens"),
        "finished_at": None,
        "llm_calls": llm_calls,
    }


def _keep_lost_attempt(session: Session, response_id: str, llm_calls: list[dict[str, Any]]) -> None:
    """Move the calls a lost attempt kept to ``earlier_attempts`` (commits; rare: after a kill)."""
    earlier = session.exec(
        select(Response.earlier_attempts).where(Response.id == response_id)
    ).one()
    session.execute(
        update(Response)
        .where(col(Response.id) == response_id, col(Response.claimed_by) == lease.claimant())
        .values(earlier_attempts=[*earlier, lost_attempt(llm_calls)], llm_calls=[])
        .execution_options(synchronize_session=False)
    )
    session.commit()


def mark_failed(
    session: Session, response_id: str, reason: str, message: str, *, holder: str | None = None
) -> str | None:
    """End a response that its task could not finish as ``api_error`` with `reason`.

    E.g. the task's time limit; the run is finished too if nothing else is open (commits).

    Args:
        session: database session.
        response_id: the response.
        reason: the failure reason (at most 32 characters: ``task_timeout``, ...).
        message: the error text shown with the response.
        holder: only while this holder (``host:pid``) still has the response ``running``;
            None ends any unfinished response.

    Returns:
        The response's status after the call (unchanged when it was finished, or held by
        another holder); None when there is no such response.
    """
    row = session.exec(
        select(Response.status, Response.run_id).where(Response.id == response_id)
    ).first()
    if row is None or row[0] in FINISHED:
        return None if row is None else row[0]
    stored = _store(
        session,
        response_id,
        row[1],
        holder=holder,
        status=ResponseStatus.API_ERROR,
        failure_reason=reason,
        error=message,
        action=None,
        level_predicted=None,
        finished_at=utcnow(),
    )
    if stored:
        return ResponseStatus.API_ERROR
    return session.exec(select(Response.status).where(Response.id == response_id)).one()


RETRYABLE_ERRORS: tuple[type[BaseException], ...] = (
    sa_exc.OperationalError,  # lost connection, server shut down, SQLite busy, deadlock
    sa_exc.InterfaceError,
    sa_exc.DisconnectionError,
    sa_exc.TimeoutError,  # no pooled connection in time
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    ConnectionError,
    TimeoutError,
)
"""Failures of the database, the broker or the network, which the same work can get past
later. Anything else a task raises (a data error, an integrity error, ``ValueError``,
``RecursionError``, ``UnicodeError``, a bug) fails again on every redelivery."""


def retry_can_fix(error: BaseException) -> bool:
    """True when producing the response again may succeed.

    `error` is one of :data:`RETRYABLE_ERRORS`, or a database error that invalidated its
    connection.
    """
    if isinstance(error, RETRYABLE_ERRORS):
        return True
    return isinstance(error, sa_exc.DBAPIError) and bool(error.connection_invalidated)


def internal_error_message(error: BaseException) -> str:
    """``internal_error: <exception class>: <first line of its message>``, ≤ 500 characters.

    A database error's later lines repeat the SQL and the row's values, so they are left out.
    """
    first_line = next(iter(str(error).splitlines()), "")
    return f"internal_error: {type(error).__name__}: {first_line}"[:500]


def fail_unretryable(session: Session, response_id: str, error: Exception) -> str | None:
    """End a response whose production raised `error` as ``api_error`` (``internal_error``).

    The exception class goes into the error text; nothing is ended when a retry can fix the error
    (commits).

    A task calls this with a fresh session after :func:`execute_response` raised: an error no
    retry can fix (e.g. PostgreSQL refusing a value) would otherwise leave the response
    ``running`` and fail again on every redelivery. Only a response this process still holds
    is ended, so one another task took over is left alone.

    Args:
        session: a session of its own (the one that failed may be unusable).
        response_id: the response being produced.
        error: what :func:`execute_response` raised.

    Returns:
        The response's status after the call; None when `error` is one :func:`retry_can_fix`
        or a :class:`~app.errors.NotFoundError` (nothing was written: the caller re-raises;
        once the lease lapses, a redelivered task or the periodic recovery produces the
        response again).
    """
    if retry_can_fix(error) or isinstance(error, NotFoundError):
        return None
    log.error("response %s failed: %s", response_id, internal_error_message(error), exc_info=error)
    return mark_failed(
        session,
        response_id,
        "internal_error",
        internal_error_message(error),
        holder=lease.claimant(),
    )


def release_claim_quietly(response_id: str) -> bool:
    """Give back this process's claim of a response whose task failed on a transient error.

    (``running`` → ``pending``, compare-and-set on the holder), in a session of its own, so
    the retried task — which may run in another worker process — need not wait out the lease.
    Never raises: while the database is still away, a daemon thread keeps trying (full-jitter
    backoff, 0.5 s up to 5 s, for at most :data:`~app.jobs.lease.LEASE_S` seconds), so the
    claim is given back soon after the database returns; a retried task in this process may
    also take it back first (:func:`app.jobs.lease.left_by_me`).

    Returns:
        Whether the claim was given back now.
    """
    released = _release_claim(response_id)
    with _RELEASING_LOCK:
        if released is not None or response_id in _RELEASING:
            return bool(released)
        _RELEASING.add(response_id)  # one background retry per response
    threading.Thread(
        target=_release_when_back,
        args=(response_id,),
        name=f"halo-release-{response_id[:8]}",
        daemon=True,
    ).start()
    return False


_RELEASING: set[str] = set()
"""Responses whose claim a background thread of this process is trying to give back."""
_RELEASING_LOCK = threading.Lock()


def _release_claim(response_id: str) -> bool | None:
    """One try of :func:`release_claim_quietly`.

    Returns:
        True when given back; False when there was nothing to give back (another holder, a
        finished response, or a thread of this process producing it right now); None when the
        database failed.
    """
    from app.db import session_scope

    with lease.exclusive(Response, response_id) as alone:
        if not alone:  # a task of this process took it back and is producing it
            return False
        try:
            with session_scope() as session:
                done = session.execute(
                    update(Response)
                    .where(
                        col(Response.id) == response_id,
                        col(Response.status) == "running",
                        col(Response.claimed_by) == lease.claimant(),
                    )
                    .values(status="pending", claimed_by=None, heartbeat_at=None)
                    .execution_options(synchronize_session=False)
                )
                session.commit()
                return bool(getattr(done, "rowcount", 0))
        except Exception as exc:
            log.warning("response %s: claim not given back (%s)", response_id, exc)
            return None


def _release_when_back(response_id: str) -> None:
    """Try :func:`_release_claim` until the database answers, for at most the lease."""
    deadline = time.monotonic() + lease.LEASE_S
    rng = random.Random()
    try:
        for attempt in itertools.count():
            time.sleep(full_jitter_delay(attempt, base_s=0.5, cap_s=5.0, rng=rng))
            if _release_claim(response_id) is not None or time.monotonic() >= deadline:
                return
    finally:
        with _RELEASING_LOCK:
            _RELEASING.discard(response_id)


def _finish_run_if_done(session: Session, run_id: int) -> None:
    """Mark the run completed when none of its responses is still open (commits).

    Called after the caller committed its own response, in a transaction of its own: of two
    tasks finishing a run's last responses at once, the one that checks last sees both
    results, so the run cannot be left ``running`` with nothing open.
    """
    finished = session.execute(_FINISH_RUN, {"v_run": run_id, "v_now": utcnow()})
    loaded = session.identity_map.get(session.identity_key(Run, run_id))
    if loaded is not None and getattr(finished, "rowcount", False):  # a caller's copy is now stale
        session.expire(loaded)
    session.commit()


def run_progress(session: Session, run_id: int) -> JobProgress:
    """A run's progress over its responses: :func:`runs_progress` of one run."""
    return runs_progress(session, [run_id])[run_id]


def runs_progress(session: Session, run_ids: list[int]) -> dict[int, JobProgress]:
    """Progress of several runs from one ``GROUP BY run, status``.

    Responses counted by status; done = finished in any status (:data:`FINISHED`).

    Returns:
        run id → :class:`~app.jobs.progress.JobProgress` (a run without responses has total 0).
    """
    counts: dict[int, list[tuple[str, int]]] = {run_id: [] for run_id in run_ids}
    if run_ids:
        rows = session.execute(
            sa_select(col(Response.run_id), col(Response.status), func.count())
            .where(any_of(Response.run_id, run_ids))
            .group_by(col(Response.run_id), col(Response.status))
        ).all()
        for run_id, status, count in rows:
            counts[run_id].append((status, count))
    return {run_id: tally(pairs, FINISHED) for run_id, pairs in counts.items()}


def _abandoned(session: Session, run_id: int | None) -> list[tuple[str, str | None, int]]:
    """(id, holder, run id) of running responses nobody is producing any more."""
    query = sa_select(
        col(Response.id),
        col(Response.claimed_by),
        col(Response.heartbeat_at),
        col(Response.started_at),
        col(Response.run_id),
    ).where(col(Response.status) == ResponseStatus.RUNNING)
    if run_id is not None:
        query = query.where(col(Response.run_id) == run_id)
    now = utcnow()
    return [
        (response_id, holder, run)
        for response_id, holder, heartbeat, started, run in session.execute(query).all()
        if lease.is_abandoned(holder, heartbeat, started, now)
    ]


def abandoned_response_ids(session: Session, run_id: int | None = None) -> list[str]:
    """Running responses nobody is producing any more.

    No heartbeat for the lease (:data:`~app.jobs.lease.LEASE_S`), or a holder process on this host
    that is gone.

    Args:
        session: database session.
        run_id: one run, or None for every run.
    """
    return [response_id for response_id, _holder, _run in _abandoned(session, run_id)]


def requeue_abandoned(session: Session) -> list[str]:
    """Put every abandoned running response back to ``pending``; return their ids.

    One of a cancelled run becomes ``cancelled`` instead (commits).

    Compare-and-set on the holder, so a response some task took over in the meantime is left
    alone.
    """
    requeued: list[str] = []
    cancelled_runs = set(session.exec(select(Run.id).where(Run.status == RunStatus.CANCELLED)))
    for response_id, holder, run_id in _abandoned(session, None):
        target = ResponseStatus.CANCELLED if run_id in cancelled_runs else ResponseStatus.PENDING
        same_holder = (
            col(Response.claimed_by).is_(None)
            if holder is None
            else col(Response.claimed_by) == holder
        )
        done = session.execute(
            update(Response)
            .where(
                col(Response.id) == response_id,
                col(Response.status) == ResponseStatus.RUNNING,
                same_holder,
            )
            .values(status=target, claimed_by=None, heartbeat_at=None)
            .execution_options(synchronize_session=False)
        )
        if getattr(done, "rowcount", 0) and target == ResponseStatus.PENDING:
            requeued.append(response_id)
    session.commit()
    return requeued


RECONCILE_GRACE_S = 2 * RECOVER_EVERY_S
"""The default of the ``RECONCILE_GRACE_S`` setting: seconds a pending response of an active
run may wait after its task was sent before the reconciler sends another (its task may have
been lost with the broker)."""


def mark_enqueued(session: Session, response_ids: list[str], now: datetime | None = None) -> None:
    """Record that a task for each of `response_ids` is being sent now (commits).

    Args:
        session: database session.
        response_ids: responses whose task the caller is about to send.
        now: the time to record (aware, UTC); now by default.
    """
    if not response_ids:
        return
    session.execute(
        update(Response)
        .where(any_of(Response.id, response_ids))
        .values(enqueued_at=now or utcnow())
        .execution_options(synchronize_session=False)
    )
    session.commit()


def reconcile(
    session: Session,
    *,
    grace_s: float | None = None,
    now: datetime | None = None,
    resend_pending: bool = True,
) -> list[str]:
    """The database is the truth, the queue only a hint: the responses that need a task sent.

    Ids of every response of an active (``running``) run that needs a task, recorded as
    enqueued now (commits).

    Two kinds: running responses whose holder is gone or silent (put back to ``pending``, as
    :func:`requeue_abandoned` does), and pending responses whose task was never sent, or was
    sent more than `grace_s` seconds ago without any task claiming the response since (a
    broker that lost its queue, a task acknowledged after a failure). A running run with
    nothing open left is completed. Idempotent: a duplicate
    task is harmless (the claim is atomic), and within `grace_s` of a send nothing is sent
    again, so calling this often does not flood the queue.

    Args:
        session: database session.
        grace_s: seconds after a send during which a pending response counts as queued;
            None: the ``RECONCILE_GRACE_S`` setting (:data:`RECONCILE_GRACE_S` by default).
        now: the current time (aware, UTC); now by default (tests pass another).
        resend_pending: also send again pending responses sent before (False while the
            broker's work queue still holds tasks: those are most likely theirs); abandoned
            running ones and pending ones never sent are always sent.

    Returns:
        Response ids whose task the caller must send, in a stable order.
    """
    now = now or utcnow()
    if grace_s is None:
        grace_s = get_settings().reconcile_grace
    abandoned = requeue_abandoned(session)
    cutoff = now - timedelta(seconds=grace_s)
    never_sent = col(Response.enqueued_at).is_(None)
    stale = list(
        session.exec(
            select(Response.id)
            .join(Run, col(Run.id) == col(Response.run_id))
            .where(
                col(Run.status) == "running",
                col(Response.status) == "pending",
                never_sent | (col(Response.enqueued_at) < cutoff) if resend_pending else never_sent,
            )
            .order_by(col(Response.run_id), col(Response.checkpoint_id), col(Response.agent_id))
        )
    )
    ids = list(dict.fromkeys([*abandoned, *stale]))
    mark_enqueued(session, ids, now)
    for run_id in session.exec(select(Run.id).where(Run.status == "running")).all():
        _finish_run_if_done(session, _id(run_id))  # its last store may have missed this step
    return ids


def retry_failed(session: Session, run_id: int) -> list[str]:
    """Put a run's ``api_error`` and abandoned ``running`` responses back to pending.

    Returns their ids (commits). A retried ``api_error``'s status, error, token sums and LLM calls
    move to ``earlier_attempts``, so the tokens it spent stay accounted for.

    Infrastructure failures are retried; ``protocol_error`` is model behaviour and stays. A
    running response is taken back only when abandoned (:func:`abandoned_response_ids`: an
    interrupted ``halo run``, a killed worker or server), never from a live holder, so a
    resume while tasks still run cannot produce a response twice.

    Raises:
        NotFoundError: no such run.
        UnprocessableError: the run was cancelled, or its responses were imported.
    """
    run = get_run(session, run_id)
    if run.status == RunStatus.CANCELLED:
        raise UnprocessableError("a cancelled run cannot be retried", "run")
    if "imported_from" in (run.settings or {}):
        raise UnprocessableError(
            "an imported run cannot be retried: its responses were made elsewhere", "run"
        )
    abandoned = abandoned_response_ids(session, run_id)
    failed = list(
        session.exec(
            select(Response).where(
                Response.run_id == run_id,
                (col(Response.status) == ResponseStatus.API_ERROR) | any_of(Response.id, abandoned),
            )
        )
    )
    for response in failed:
        if response.status != ResponseStatus.API_ERROR and response.llm_calls:
            # abandoned: the calls its lost attempt kept were spent too
            response.earlier_attempts = [
                *response.earlier_attempts,
                lost_attempt(response.llm_calls),
            ]
        elif (
            response.status == ResponseStatus.API_ERROR
        ):  # its calls were spent: keep their accounting
            response.earlier_attempts = [
                *response.earlier_attempts,
                {
                    "failure_reason": response.failure_reason,
                    "error": response.error,
                    "prompt_tokens": response.prompt_tokens,
                    "completion_tokens": response.completion_tokens,
                    "reasoning_tokens": response.reasoning_tokens,
                    "finished_at": response.finished_at.isoformat()
                    if response.finished_at
                    else None,
                    "llm_calls": response.llm_calls,
                },
            ]
        response.status, response.error, response.failure_reason = (
            ResponseStatus.PENDING,
            None,
            None,
        )
        response.llm_calls, response.finished_at = [], None
        response.retry_reason, response.retry_until = None, None
        response.claimed_by, response.heartbeat_at = None, None
        session.add(response)
    if failed:
        run.status, run.finished_at = RunStatus.RUNNING, None
        session.add(run)
    session.commit()
    return [r.id for r in failed]


def cancel_run(session: Session, run_id: int) -> int:
    """Cancel a run; return how many responses it cancelled.

    Its pending responses, and running ones nobody produces any more
    (:func:`abandoned_response_ids`), become ``cancelled`` (commits).

    A response a live holder is producing finishes; queued tasks of the run do nothing.

    Raises:
        NotFoundError: no such run.
    """
    run = get_run(session, run_id)
    pending = list(
        session.exec(
            select(Response).where(
                Response.run_id == run_id, Response.status == ResponseStatus.PENDING
            )
        )
    )
    abandoned = set(abandoned_response_ids(session, run_id))
    if abandoned:  # running, but nobody is producing them any more
        pending += list(session.exec(select(Response).where(any_of(Response.id, abandoned))))
    now = utcnow()
    for response in pending:
        response.status, response.finished_at = ResponseStatus.CANCELLED, now
        response.claimed_by, response.heartbeat_at = None, None
        session.add(response)
    if run.status in (RunStatus.PENDING, RunStatus.RUNNING):
        run.status, run.finished_at = RunStatus.CANCELLED, now
        session.add(run)
    session.commit()
    return len(pending)


def call_stats(llm_calls: list[dict[str, Any]]) -> tuple[int, int, float]:
    """(LLM call attempts, failed attempts, summed latency in seconds) of one response's calls.

    A successful call carries the number of failed attempts before it (``retries``); a response
    that ended in ``api_error`` keeps its failed attempts as entries without a finish reason.
    """
    failed = sum(1 for c in llm_calls if c.get("finish_reason") is None)
    retried = sum(int(c.get("retries") or 0) for c in llm_calls if c.get("finish_reason"))
    latency = sum(float(c.get("latency_s") or 0.0) for c in llm_calls)
    return len(llm_calls) + retried, failed + retried, latency


def run_agent_summary(session: Session, run_id: int) -> list[dict[str, Any]]:
    """Per-agent accounting of a run (researcher view; names agents), aggregated in SQL.

    Returns:
        One dict per agent: ``agent``, ``total``, ``completed``, ``protocol_error``,
        ``api_error``, ``mean_prompt_tokens``, ``mean_completion_tokens``,
        ``mean_reasoning_tokens`` (over responses that report them; None if none do),
        ``reasoning_partial`` (responses whose reasoning-token sum leaves out calls that did
        not report them),
        ``mean_latency_s`` (per LLM call attempt, seconds), ``retries`` (failed attempts,
        those of retried earlier attempts included) and ``mean_retrieval_rounds`` (completed
        responses).
    """
    status = col(Response.status)
    timings = col(Response.timings)

    def count(value: str) -> Any:
        return func.sum(case((status == value, 1), else_=0))

    rows = session.execute(
        sa_select(
            col(Agent.name),
            func.count(),
            count(ResponseStatus.COMPLETED),
            count(ResponseStatus.PROTOCOL_ERROR),
            count(ResponseStatus.API_ERROR),
            func.avg(col(Response.prompt_tokens)),
            func.avg(col(Response.completion_tokens)),
            func.avg(col(Response.reasoning_tokens)),
            func.sum(case((col(Response.reasoning_tokens_partial), 1), else_=0)),
            func.sum(timings["agent_s"].as_float()),
            func.sum(timings["calls"].as_integer()),
            func.sum(timings["failed_attempts"].as_integer()),
            func.avg(case((status == ResponseStatus.COMPLETED, col(Response.retrieval_rounds)))),
        )
        .join(Response, col(Response.agent_id) == col(Agent.id))
        .where(col(Response.run_id) == run_id)
        .group_by(col(Agent.name))
        .order_by(col(Agent.name))
    ).all()
    earlier: Counter[str] = Counter()
    for name, attempts in session.execute(
        sa_select(col(Agent.name), col(Response.earlier_attempts))
        .join(Response, col(Response.agent_id) == col(Agent.id))
        .where(col(Response.run_id) == run_id, col(Response.earlier_attempts)[0].is_not(None))
    ).all():
        earlier[name] += sum(call_stats(a.get("llm_calls") or [])[1] for a in attempts)

    def mean(value: Any) -> float | None:
        return None if value is None else round(float(value), 2)

    return [
        {
            "agent": name,
            "total": total,
            "completed": completed,
            "protocol_error": protocol_error,
            "api_error": api_error,
            "mean_prompt_tokens": mean(prompt),
            "mean_completion_tokens": mean(completion),
            "mean_reasoning_tokens": mean(reasoning),
            "reasoning_partial": int(reasoning_partial or 0),
            "mean_latency_s": mean(latency / calls) if latency is not None and calls else None,
            "retries": int(failed or 0) + earlier[name],
            "mean_retrieval_rounds": mean(rounds),
        }
        for (
            name,
            total,
            completed,
            protocol_error,
            api_error,
            prompt,
            completion,
            reasoning,
            reasoning_partial,
            latency,
            calls,
            failed,
            rounds,
        ) in rows
    ]


def retrying_now(session: Session, run_id: int) -> list[dict[str, Any]]:
    """Responses of a run that are backing off right now: reason and until when (UTC)."""
    now = utcnow()
    rows = session.exec(
        select(Response.id, Response.retry_reason, Response.retry_until).where(
            Response.run_id == run_id,
            Response.status == ResponseStatus.RUNNING,
            col(Response.retry_until).is_not(None),
        )
    ).all()
    return [
        {"response_id": r, "reason": reason, "until": until}
        for r, reason, until in rows
        if until is not None and as_utc(until) > now
    ]


def run_failures(session: Session, run_id: int, limit: int = 50) -> list[dict[str, Any]]:
    """The latest non-completed responses of a run with their reason (researcher view)."""
    columns: list[Any] = [
        Response.id,
        Agent.name,
        Response.status,
        Response.failure_reason,
        Response.error,
    ]
    rows = session.execute(
        sa_select(*columns)
        .join(Agent, col(Agent.id) == col(Response.agent_id))
        .where(
            col(Response.run_id) == run_id,
            col(Response.status).in_((ResponseStatus.PROTOCOL_ERROR, ResponseStatus.API_ERROR)),
        )
        .order_by(col(Response.finished_at).desc())
        .limit(limit)
    ).all()
    return [
        {"response_id": r, "agent": a, "status": s, "reason": reason, "error": error}
        for r, a, s, reason, error in rows
    ]

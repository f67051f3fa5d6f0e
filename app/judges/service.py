"""Judge runs and their predictions in the database (DESIGN.md §12, §13).

A judge run is a job of the one engine, as an agent run is: its planned items are
:class:`~app.models.JudgePrediction` rows, one per completed response of the judged run; a
task (``judges.execute``, :mod:`app.judges.tasks`) produces one prediction under a lease
(:mod:`app.jobs.lease`: the claim, heartbeats, take-over of an abandoned item), the endpoint's
concurrency slots and backoff are those of every LLM call (:mod:`app.jobs.slots` through
:mod:`app.agents.llm`), progress is the engine's :class:`~app.jobs.progress.JobProgress`, and a
judge run is cancelled, retried and reconciled as a run is. Infrastructure errors are told
apart by the runs' rules (:func:`app.runs.service.retry_can_fix`).

Each public function is one unit of work and commits once, except :func:`execute_prediction`,
which records its claim and its result as they happen (other processes must see them).
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from dataclasses import asdict
from datetime import timedelta
from typing import Any

from pydantic import ValidationError
from sqlalchemy import bindparam, func, update
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from app.agents.client import LLMCall
from app.agents.llm import EndpointConfig, OpenAIChatAgent
from app.annotation.workspace import response_view
from app.bounded import storable
from app.db import earlier_submission, flush_submitted
from app.errors import NotFoundError, UnprocessableError
from app.jobs import lease
from app.jobs.backoff import Backoff
from app.jobs.progress import JobProgress, tally
from app.judges.judging import JudgeOutcome, judge_with_llm
from app.judges.prompt import PROMPT_VERSION, judge_messages, system_prompt
from app.judges.rubric import RUBRIC, RUBRIC_VERSION, NoExpectation, rubric_diagnosis
from app.models import Agent, JudgePrediction, JudgeRun, Response, Run
from app.models.base import utcnow
from app.runs.service import internal_error_message, retry_can_fix
from app.settings import get_settings
from app.vocabulary import PredictionStatus, ResponseStatus, RunStatus

log = logging.getLogger(__name__)

FINISHED = (PredictionStatus.COMPLETED, PredictionStatus.FAILED, PredictionStatus.CANCELLED)
"""Prediction statuses after which nothing more happens."""
OPEN = (PredictionStatus.PENDING, PredictionStatus.RUNNING)
MAX_JUDGE_NAME = 64
"""Characters of a judge's name (an agent name has at most 64)."""
NOT_RETRIED = ("invalid_diagnosis", "no_expectation")
"""Failure reasons that are the judge's behaviour (or the design's gap), never retried."""

_CLAIM = lease.claim_for(
    JudgePrediction,
    free=(PredictionStatus.PENDING,),
    returning=("judge_run_id", "response_id", "llm_calls"),
)
"""Take a pending prediction, a running one whose lease lapsed, or one whose holder is gone;
returns (id, judge run id, response id, the calls a lost attempt wrote)."""

_PREDICTIONS: Any = JudgePrediction.__table__  # type: ignore[attr-defined]
_KEEP_CALLS = (
    _PREDICTIONS.update()
    .where(
        _PREDICTIONS.c.id == bindparam("v_id"),
        _PREDICTIONS.c.status == PredictionStatus.RUNNING,
        _PREDICTIONS.c.claimed_by == bindparam("v_holder"),
    )
    .values(llm_calls=bindparam("v_llm_calls", type_=_PREDICTIONS.c.llm_calls.type))
)
"""Write the calls a prediction made so far (one statement, before its next call is sent), while
this holder still has it: a worker killed with ``kill -9`` loses at most the call in flight."""


class DuplicateJudgeRun(Exception):
    """A judge-run form submitted twice; `judge_run_id` is the one the first submit created."""

    def __init__(self, judge_run_id: int) -> None:
        """Point at `judge_run_id`, the judge run the first submit created."""
        super().__init__(f"this form already started judge run {judge_run_id}")
        self.judge_run_id = judge_run_id


def judge_names(session: Session) -> list[str]:
    """The judges a run can use: ``rubric`` first, then every OpenAI-compatible agent by name."""
    agents = session.exec(
        select(Agent.name).where(Agent.kind == "openai").order_by(col(Agent.name))
    ).all()
    return [RUBRIC, *agents]


def create_judge_run(
    session: Session,
    *,
    judge: str,
    run_id: int,
    created_by: int | None = None,
    submission: str | None = None,
) -> JudgeRun:
    """Plan a judge run: one pending prediction per completed response of run `run_id` (commits).

    Args:
        session: database session.
        judge: ``rubric`` or the name of an OpenAI-compatible agent definition (its endpoint
            config is the judge's; the judge prompt is :data:`app.judges.prompt.PROMPT_VERSION`).
        run_id: the run whose completed responses are judged.
        created_by: the user who started it.
        submission: the one-time token of the web form that asked for it.

    Returns:
        The judge run, ``pending``, with its predictions planned.

    Raises:
        UnprocessableError: an unknown judge (the message lists the judges), an agent that is
            no endpoint or whose stored config no longer validates, or a run without completed
            responses.
        NotFoundError: no such run.
        DuplicateJudgeRun: `submission` already started a judge run.
    """
    earlier = earlier_submission(session, JudgeRun, submission)
    if earlier is not None:
        raise DuplicateJudgeRun(earlier)
    run = session.get(Run, run_id)
    if run is None:
        raise NotFoundError(f"run {run_id} does not exist")
    if not isinstance(judge, str) or not judge or len(judge) > MAX_JUDGE_NAME:
        raise UnprocessableError(
            f"name a judge of 1–{MAX_JUDGE_NAME} characters: {RUBRIC} or an agent", "judge"
        )
    agent_id: int | None = None
    if judge == RUBRIC:
        settings: dict[str, Any] = {"rule": RUBRIC_VERSION}
    else:
        agent = session.exec(select(Agent).where(Agent.name == judge)).first()
        if agent is None or agent.kind != "openai":
            known = ", ".join(judge_names(session))
            raise UnprocessableError(
                f"unknown judge {judge!r}: a judge is {RUBRIC} or an OpenAI-compatible agent "
                f"definition ({known})",
                "judge",
            )
        try:
            EndpointConfig.model_validate(agent.config)
        except ValidationError as exc:
            raise UnprocessableError(
                f"judge {judge}: its stored settings are no longer valid "
                f"({exc.errors()[0]['msg']})",
                "judge",
            ) from None
        agent_id = agent.id
        settings = {
            "prompt_version": PROMPT_VERSION,
            "prompt": system_prompt(PROMPT_VERSION),
            "agent_config": agent.config,
        }
    response_ids = list(
        session.exec(
            select(Response.id)
            .where(Response.run_id == run_id, Response.status == ResponseStatus.COMPLETED)
            .order_by(col(Response.checkpoint_id), col(Response.agent_id))
        )
    )
    if not response_ids:
        raise UnprocessableError(f"run {run_id} has no completed responses to judge", "run")
    judge_run = JudgeRun(
        judge=judge,
        agent_id=agent_id,
        run_id=run_id,
        settings=settings,
        created_by=created_by,
        submission=submission,
    )
    session.add(judge_run)
    earlier = flush_submitted(session, JudgeRun, submission)
    if earlier is not None:
        raise DuplicateJudgeRun(earlier)
    assert judge_run.id is not None
    session.add_all(
        JudgePrediction(id=uuid.uuid4().hex, judge_run_id=judge_run.id, response_id=response_id)
        for response_id in response_ids
    )
    session.commit()
    session.refresh(judge_run)
    return judge_run


def get_judge_run(session: Session, judge_run_id: int) -> JudgeRun:
    """One judge run.

    Raises:
        NotFoundError: no such judge run.
    """
    judge_run = session.get(JudgeRun, judge_run_id)
    if judge_run is None:
        raise NotFoundError(f"judge run {judge_run_id} does not exist")
    return judge_run


def list_judge_runs(session: Session, *, limit: int = 100) -> list[JudgeRun]:
    """The latest judge runs, newest first."""
    return list(session.exec(select(JudgeRun).order_by(col(JudgeRun.id).desc()).limit(limit)))


def mark_judge_run_started(session: Session, judge_run_id: int) -> None:
    """Set a pending judge run running (commits).

    Raises:
        NotFoundError: no such judge run.
    """
    judge_run = get_judge_run(session, judge_run_id)
    if judge_run.status == RunStatus.PENDING:
        judge_run.status, judge_run.started_at = RunStatus.RUNNING, utcnow()
        session.add(judge_run)
    session.commit()


def open_prediction_ids(
    session: Session, judge_run_id: int, *, include_running: bool = False
) -> list[str]:
    """Ids of a judge run's pending predictions (and running ones with `include_running`)."""
    statuses = OPEN if include_running else (PredictionStatus.PENDING,)
    return list(
        session.exec(
            select(JudgePrediction.id)
            .where(
                JudgePrediction.judge_run_id == judge_run_id,
                col(JudgePrediction.status).in_(statuses),
            )
            .order_by(col(JudgePrediction.response_id))
        )
    )


def mark_enqueued(session: Session, prediction_ids: list[str]) -> None:
    """Record that a task for each of `prediction_ids` is being sent now (commits)."""
    if prediction_ids:
        session.execute(
            update(JudgePrediction)
            .where(col(JudgePrediction.id).in_(prediction_ids))
            .values(enqueued_at=utcnow())
            .execution_options(synchronize_session=False)
        )
    session.commit()


def execute_prediction(session: Session, prediction_id: str) -> str:
    """Produce one planned prediction; idempotent (a finished one is left as it is).

    Claims it (:func:`app.jobs.lease.claim`, committed), holds it with heartbeats while the
    judge works, stores the result only while still its holder, and completes the judge run
    when nothing of it is open.

    Args:
        session: database session (commits the claim and the result).
        prediction_id: the prediction.

    Returns:
        Its status after the call (``running`` when a live holder elsewhere has it).

    Raises:
        NotFoundError: no such prediction.
    """
    with lease.exclusive(JudgePrediction, prediction_id) as alone:
        if not alone:
            return PredictionStatus.RUNNING
        row = lease.claim_or_status(session, _CLAIM, prediction_id, what="prediction")
        if isinstance(row, str):
            return row
        session.commit()
        _, judge_run_id, response_id, lost = row
        with lease.holding(JudgePrediction, prediction_id):
            judge_run = get_judge_run(session, judge_run_id)
            outcome = _judge(session, judge_run, response_id, prediction_id, lost or [])
            return _store(session, prediction_id, judge_run_id, outcome)


def _keeper(
    session: Session, prediction_id: str, lost: list[dict[str, Any]]
) -> tuple[Callable[[list[LLMCall]], None], Callable[[Backoff], None]]:
    """(on_calls, on_backoff) that write a prediction's calls so far, after `lost` ones."""
    kept: list[LLMCall] = []

    def keep(calls: list[LLMCall]) -> None:
        try:
            session.execute(
                _KEEP_CALLS,
                {
                    "v_id": prediction_id,
                    "v_holder": lease.claimant(),
                    "v_llm_calls": storable([*lost, *(asdict(call) for call in calls)]),
                },
            )
            session.commit()
        except Exception as exc:  # the result's store keeps them
            if not retry_can_fix(exc):
                raise
            log.warning("prediction %s: calls so far not written: %s", prediction_id, exc)
            session.rollback()

    def on_calls(calls: list[LLMCall]) -> None:
        kept[:] = calls
        keep(calls)

    def on_backoff(backoff: Backoff) -> None:
        keep([*kept, *backoff.calls])

    return on_calls, on_backoff


def earlier_calls(llm_calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An earlier attempt's calls, each marked ``"earlier_attempt": True``.

    The attempt's worker was killed, or it failed and was retried; its calls stay first.
    """
    return [{**call, "earlier_attempt": True} for call in llm_calls]


def _judge(
    session: Session,
    judge_run: JudgeRun,
    response_id: str,
    prediction_id: str | None = None,
    lost: list[dict[str, Any]] | None = None,
) -> JudgeOutcome:
    """The judge's outcome for one response (the endpoint call holds nothing).

    With `prediction_id`, each call is written to the prediction before the next is sent; the
    calls `lost` (written by an earlier attempt: its worker died, or it failed and was retried)
    stay first in the outcome's calls (:func:`earlier_calls`) and count in its token sums.
    """
    view = response_view(session, response_id)
    session.commit()  # end the read transaction before the judge thinks
    if judge_run.judge == RUBRIC:
        response = view.response
        try:
            diagnosis = rubric_diagnosis(
                view.scenario.checkpoint_design,
                view.checkpoint.t,
                level=response.level_predicted or "L0",
                command=(response.action or {}).get("command"),
                args=(response.action or {}).get("args") or {},
            )
        except NoExpectation as exc:
            return JudgeOutcome(
                PredictionStatus.FAILED, failure_reason="no_expectation", error=str(exc)
            )
        return JudgeOutcome(diagnosis=diagnosis, rationale=RUBRIC_VERSION)
    config = EndpointConfig.model_validate(judge_run.settings["agent_config"])
    version = str(judge_run.settings.get("prompt_version") or PROMPT_VERSION)
    earlier = earlier_calls(lost or [])
    on_calls, on_backoff = (
        _keeper(session, prediction_id, earlier) if prediction_id is not None else (None, None)
    )
    outcome = judge_with_llm(
        OpenAIChatAgent(config, on_backoff=on_backoff),
        judge_messages(view, version),
        has_action=view.has_action,
        on_calls=on_calls,
    )
    if earlier:
        outcome.llm_calls = [*earlier, *outcome.llm_calls]
        for key in ("prompt_tokens", "completion_tokens"):
            values = [call.get(key) for call in outcome.llm_calls]
            counts = [v for v in values if isinstance(v, int)]
            setattr(outcome, key, sum(counts) if len(counts) == len(values) else None)
    return outcome


def _store(session: Session, prediction_id: str, judge_run_id: int, outcome: JudgeOutcome) -> str:
    """Write a prediction's result while this process still holds it; finish the judge run."""
    values: dict[str, Any] = {
        "status": outcome.status,
        "rationale": outcome.rationale,
        "failure_reason": outcome.failure_reason,
        "error": outcome.error,
        "raw_output": outcome.raw_output,
        "llm_calls": outcome.llm_calls,
        "prompt_tokens": outcome.prompt_tokens,
        "completion_tokens": outcome.completion_tokens,
        "finished_at": utcnow(),
        "claimed_by": None,
        "heartbeat_at": None,
    }
    if outcome.diagnosis is not None:
        d = outcome.diagnosis.as_dict()
        values.update({k: d[k] for k in ("level", "verdict", "timing", "intensity")})
        values["other_issues"] = d["other_issues"]
    written = session.execute(
        update(JudgePrediction)
        .where(
            col(JudgePrediction.id) == prediction_id,
            col(JudgePrediction.status) == PredictionStatus.RUNNING,
            col(JudgePrediction.claimed_by) == lease.claimant(),
        )
        .values({k: storable(v) for k, v in values.items()})
        .execution_options(synchronize_session=False)
    )
    session.commit()
    _finish_if_done(session, judge_run_id)
    if not getattr(written, "rowcount", 1):  # the lease was lost; another task took it over
        return str(
            session.exec(
                select(JudgePrediction.status).where(JudgePrediction.id == prediction_id)
            ).one()
        )
    return str(outcome.status)


def _finish_if_done(session: Session, judge_run_id: int) -> None:
    """Complete a running judge run none of whose predictions is still open (commits)."""
    still_open = (
        sa_select(JudgePrediction.id)  # type: ignore[call-overload]
        .where(
            col(JudgePrediction.judge_run_id) == judge_run_id,
            col(JudgePrediction.status).in_(OPEN),
        )
        .exists()
    )
    session.execute(
        update(JudgeRun)
        .where(
            col(JudgeRun.id) == judge_run_id,
            col(JudgeRun.status).in_((RunStatus.PENDING, RunStatus.RUNNING)),
            ~still_open,
        )
        .values(status=RunStatus.COMPLETED, finished_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    session.commit()


def fail_prediction(session: Session, prediction_id: str, reason: str, message: str) -> str | None:
    """End a prediction its task could not finish as ``failed`` with `reason` (commits).

    Only one that is still open; the judge run is completed if nothing else is open.

    Returns:
        Its status after the call; None when there is no such prediction.
    """
    prediction = session.get(JudgePrediction, prediction_id)
    if prediction is None:
        return None
    if prediction.status in OPEN:
        prediction.status, prediction.failure_reason = PredictionStatus.FAILED, reason[:32]
        prediction.error, prediction.finished_at = message, utcnow()
        prediction.claimed_by, prediction.heartbeat_at = None, None
        session.add(prediction)
        session.commit()
        _finish_if_done(session, prediction.judge_run_id)
    return str(prediction.status)


def fail_unretryable(session: Session, prediction_id: str, error: Exception) -> str | None:
    """End a prediction whose task raised `error` as ``failed`` (``internal_error``).

    Nothing is written when a retry can fix the error (the database or broker blinked) or the
    prediction does not exist: None, and the caller re-raises.
    """
    if retry_can_fix(error) or isinstance(error, NotFoundError):
        return None
    log.error("prediction %s failed: %s", prediction_id, internal_error_message(error))
    return fail_prediction(session, prediction_id, "internal_error", internal_error_message(error))


def release_claim(session: Session, prediction_id: str) -> None:
    """Give back this process's claim of a prediction (``running`` → ``pending``; commits)."""
    session.execute(
        update(JudgePrediction)
        .where(
            col(JudgePrediction.id) == prediction_id,
            col(JudgePrediction.status) == PredictionStatus.RUNNING,
            col(JudgePrediction.claimed_by) == lease.claimant(),
        )
        .values(status=PredictionStatus.PENDING, claimed_by=None, heartbeat_at=None)
        .execution_options(synchronize_session=False)
    )
    session.commit()


def _abandoned(session: Session, judge_run_id: int | None) -> list[JudgePrediction]:
    query = select(JudgePrediction).where(JudgePrediction.status == PredictionStatus.RUNNING)
    if judge_run_id is not None:
        query = query.where(JudgePrediction.judge_run_id == judge_run_id)
    return [
        p
        for p in session.exec(query)
        if lease.is_abandoned(p.claimed_by, p.heartbeat_at, p.started_at)
    ]


def _put_back(session: Session, prediction: JudgePrediction, status: str) -> bool:
    """Compare-and-set an abandoned prediction back to `status` (no commit)."""
    same_holder = (
        col(JudgePrediction.claimed_by).is_(None)
        if prediction.claimed_by is None
        else col(JudgePrediction.claimed_by) == prediction.claimed_by
    )
    done = session.execute(
        update(JudgePrediction)
        .where(
            col(JudgePrediction.id) == prediction.id,
            col(JudgePrediction.status) == PredictionStatus.RUNNING,
            same_holder,
        )
        .values(status=status, claimed_by=None, heartbeat_at=None)
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(done, "rowcount", 0))


def cancel_judge_run(session: Session, judge_run_id: int) -> int:
    """Cancel a judge run; its pending and abandoned running predictions become ``cancelled``.

    A prediction a live holder is producing finishes; queued tasks find nothing to do
    (commits).

    Returns:
        How many predictions were cancelled.

    Raises:
        NotFoundError: no such judge run.
    """
    judge_run = get_judge_run(session, judge_run_id)
    now = utcnow()
    pending = session.execute(
        update(JudgePrediction)
        .where(
            col(JudgePrediction.judge_run_id) == judge_run_id,
            col(JudgePrediction.status) == PredictionStatus.PENDING,
        )
        .values(status=PredictionStatus.CANCELLED, finished_at=now)
        .execution_options(synchronize_session=False)
    )
    count = int(getattr(pending, "rowcount", 0) or 0)
    count += sum(
        _put_back(session, p, PredictionStatus.CANCELLED) for p in _abandoned(session, judge_run_id)
    )
    if judge_run.status in (RunStatus.PENDING, RunStatus.RUNNING):
        judge_run.status, judge_run.finished_at = RunStatus.CANCELLED, now
        session.add(judge_run)
    session.commit()
    return count


def retry_judge_run(session: Session, judge_run_id: int) -> list[str]:
    """Put a judge run's retryable failures and abandoned running predictions back to pending.

    A failure is retried unless it is the judge's own behaviour or the design's gap
    (:data:`NOT_RETRIED`: ``invalid_diagnosis``, ``no_expectation``), as a run retries
    ``api_error`` but not ``protocol_error`` (commits).

    Returns:
        The ids put back.

    Raises:
        NotFoundError: no such judge run.
        UnprocessableError: the judge run was cancelled.
    """
    judge_run = get_judge_run(session, judge_run_id)
    if judge_run.status == RunStatus.CANCELLED:
        raise UnprocessableError("a cancelled judge run cannot be retried", "judge_run")
    ids = [p.id for p in _abandoned(session, judge_run_id) if _put_back(session, p, "pending")]
    failed = list(
        session.exec(
            select(JudgePrediction).where(
                JudgePrediction.judge_run_id == judge_run_id,
                JudgePrediction.status == PredictionStatus.FAILED,
                col(JudgePrediction.failure_reason).not_in(NOT_RETRIED),
            )
        )
    )
    for prediction in failed:
        prediction.status, prediction.failure_reason, prediction.error = "pending", None, None
        prediction.finished_at, prediction.enqueued_at = None, None
        session.add(prediction)
        ids.append(prediction.id)
    if ids:
        judge_run.status, judge_run.finished_at = RunStatus.RUNNING, None
        session.add(judge_run)
    session.commit()
    return ids


def reconcile(session: Session, *, grace_s: float | None = None) -> list[str]:
    """The predictions of running judge runs that need a task sent (the database is the truth).

    Abandoned running ones (holder gone or silent, put back to pending) and pending ones whose
    task was never sent or was sent more than `grace_s` seconds ago; recorded as enqueued now.
    A running judge run with nothing open is completed (commits).

    Args:
        session: database session.
        grace_s: seconds after a send during which a pending prediction counts as queued;
            None: the ``RECONCILE_GRACE_S`` setting.

    Returns:
        Prediction ids whose task the caller must send.
    """
    grace_s = get_settings().reconcile_grace if grace_s is None else grace_s
    running_runs = list(
        session.exec(select(JudgeRun.id).where(JudgeRun.status == RunStatus.RUNNING))
    )
    abandoned = [
        p.id
        for p in _abandoned(session, None)
        if p.judge_run_id in running_runs and _put_back(session, p, PredictionStatus.PENDING)
    ]
    cutoff = utcnow() - timedelta(seconds=grace_s)
    stale = list(
        session.exec(
            select(JudgePrediction.id).where(
                col(JudgePrediction.judge_run_id).in_(running_runs),
                JudgePrediction.status == PredictionStatus.PENDING,
                col(JudgePrediction.enqueued_at).is_(None)
                | (col(JudgePrediction.enqueued_at) < cutoff),
            )
        )
    )
    ids = list(dict.fromkeys([*abandoned, *stale]))
    session.commit()
    mark_enqueued(session, ids)
    for judge_run_id in running_runs:
        assert judge_run_id is not None
        _finish_if_done(session, judge_run_id)
    return ids


def judge_runs_progress(session: Session, judge_run_ids: list[int]) -> dict[int, JobProgress]:
    """Progress of judge runs from one ``GROUP BY judge run, status`` (the engine's view)."""
    counts: dict[int, list[tuple[str, int]]] = {i: [] for i in judge_run_ids}
    if judge_run_ids:
        rows = session.execute(
            sa_select(col(JudgePrediction.judge_run_id), col(JudgePrediction.status), func.count())
            .where(col(JudgePrediction.judge_run_id).in_(judge_run_ids))
            .group_by(col(JudgePrediction.judge_run_id), col(JudgePrediction.status))
        ).all()
        for judge_run_id, status, count in rows:
            counts[judge_run_id].append((status, count))
    return {i: tally(pairs, FINISHED) for i, pairs in counts.items()}


def prediction_failures(
    session: Session, judge_run_id: int, limit: int = 50
) -> list[dict[str, Any]]:
    """The latest failed predictions of a judge run with their reason."""
    rows = session.exec(
        select(JudgePrediction)
        .where(
            JudgePrediction.judge_run_id == judge_run_id,
            JudgePrediction.status == PredictionStatus.FAILED,
        )
        .order_by(col(JudgePrediction.finished_at).desc())
        .limit(limit)
    ).all()
    return [
        {"response_id": p.response_id, "reason": p.failure_reason, "error": p.error} for p in rows
    ]


def judge_predictions(session: Session, judge_run_id: int) -> dict[str, dict[str, str | None]]:
    """A judge run's completed predictions as Table 11 takes them.

    Returns:
        Response id → ``{"verdict", "level", "timing", "intensity"}``
        (:data:`app.metrics.table11.Predictions`).

    Raises:
        NotFoundError: no such judge run.
    """
    get_judge_run(session, judge_run_id)
    rows = session.execute(
        sa_select(
            col(JudgePrediction.response_id),
            col(JudgePrediction.verdict),
            col(JudgePrediction.level),
            col(JudgePrediction.timing),
            col(JudgePrediction.intensity),
        ).where(
            col(JudgePrediction.judge_run_id) == judge_run_id,
            col(JudgePrediction.status) == PredictionStatus.COMPLETED,
        )
    ).all()
    return {r: {"verdict": v, "level": lv, "timing": t, "intensity": i} for r, v, lv, t, i in rows}

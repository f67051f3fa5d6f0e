"""Generation jobs of the construction pipeline: plan, run, cancel, resume (DESIGN.md §11, §13).

A job plans, per domain, ``personas`` *environment candidates* and, for each, ``per_need``
*scenario candidates* per need type (all planned rows in the database). The engine runs one task
per environment candidate (:func:`execute_environment`): it holds that candidate under a lease
(:mod:`app.jobs.lease`), runs the Instance Creator, then its scenario candidates one after the
other, so each Scenario Creator call is shown the summaries of the scenarios accepted before it.
Each step is stored as it happens (a :class:`~app.models.CandidateRevision` with its LLM calls,
the job's token count), since other processes show the progress; the calls of a stage in
progress are written to its candidate before each next call (one UPDATE), so a worker killed with
``kill -9`` loses at most the call in flight, and the task that takes the candidate over keeps
them in the stage's next step (``"earlier_attempt": true``, with their tokens). Accepted
candidates become scenarios pending the human audit (``Scenario.audit_status = pending``, the
existing audit workspace).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import bindparam, exists, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import flag_modified
from sqlmodel import Session, col, func, select

from app.agents.client import LLMCall
from app.agents.llm import EndpointConfig, OpenAIChatAgent
from app.arena.schema import ScenarioSpec
from app.arena.validation import EnvironmentBundle, Finding
from app.bounded import storable
from app.construction.pipeline import (
    ENDPOINT_FAILURE,
    CandidateFailed,
    CandidateRejected,
    StopJob,
    build_environment,
    build_scenario,
    finding_dicts,
)
from app.errors import ConflictError, NotFoundError, UnprocessableError
from app.jobs import lease
from app.jobs.lease import holding
from app.jobs.progress import JobProgress, tally
from app.models import (
    Agent,
    CandidateRevision,
    Environment,
    GenerationCandidate,
    GenerationJob,
    Scenario,
)
from app.models.base import utcnow
from app.runs.service import retry_can_fix
from app.scenarios.corpus import CorpusStats, compute_corpus_stats
from app.scenarios.corpus.similarity import visible_text
from app.scenarios.service import (
    clear_scenario_cache,
    load_stored_corpus,
    store_environment,
    store_scenario,
)
from app.settings import get_settings
from app.vocabulary import DOMAINS, NEED_TYPES

log = logging.getLogger(__name__)

DEFAULT_ROUNDS = 3
MAX_ROUNDS = 10
MAX_PERSONAS = 50
MAX_PER_NEED = 20
MAX_CANDIDATES = 4000
"""Most scenario candidates one job plans (domains × personas × 4 need types × per_need)."""

PENDING, RUNNING = "pending", "running"
ACCEPTED, REJECTED, FAILED, STOPPED, CANCELLED, SKIPPED = (
    "accepted",
    "rejected",
    "failed",
    "stopped",
    "cancelled",
    "skipped",
)
CANDIDATE_FINISHED = (ACCEPTED, REJECTED, FAILED, STOPPED, CANCELLED, SKIPPED)
"""Candidate statuses after which nothing more happens (until a resume)."""

JOB_QUEUED, JOB_RUNNING, JOB_COMPLETED, JOB_STOPPED, JOB_CANCELLED = (
    "queued",
    "running",
    "completed",
    "stopped",
    "cancelled",
)
JOB_OPEN = (JOB_QUEUED, JOB_RUNNING)

_CLAIM = lease.claim_for(GenerationCandidate, free=(PENDING,))
"""Take a pending environment candidate, a running one whose lease lapsed or holder is gone."""

_CANDIDATES: Any = GenerationCandidate.__table__  # type: ignore[attr-defined]
_HOLDER = _CANDIDATES.alias("holder")
_KEEP_CALLS = (
    _CANDIDATES.update()
    .where(
        _CANDIDATES.c.id == bindparam("v_id"),
        _CANDIDATES.c.status == RUNNING,
        exists().where(
            _HOLDER.c.id == bindparam("v_lease"),
            _HOLDER.c.status == RUNNING,
            _HOLDER.c.claimed_by == bindparam("v_holder"),
        ),
    )
    .values(llm_calls=bindparam("v_llm_calls", type_=_CANDIDATES.c.llm_calls.type))
)
"""Write the calls a candidate's stage in progress has made so far (one statement, before its
next call is sent), while this process holds the candidate's lease (the environment candidate's,
for a scenario candidate): a worker killed with ``kill -9`` loses at most the call in flight."""


def domain_code(domain: str) -> str:
    """Two letters for a domain's environment ids (``home_maintenance`` → ``hm``)."""
    words = domain.split("_")
    return (words[0][0] + words[1][0]) if len(words) > 1 else domain[:2]


def _endpoint(session: Session, name: str, field: str) -> Agent:
    agent = session.exec(select(Agent).where(Agent.name == name)).first()
    if agent is None:
        raise UnprocessableError(f"no agent named {name!r}", field)
    if agent.kind != "openai":
        raise UnprocessableError(
            f"{name!r} is not an endpoint agent (baselines cannot write scenarios)", field
        )
    return agent


def create_generation_job(
    session: Session,
    *,
    domains: Sequence[str],
    personas: int,
    per_need: int,
    creator: str,
    reviewer: str,
    rounds: int = DEFAULT_ROUNDS,
    budget_tokens: int | None = None,
    created_by: int | None = None,
    submission: str | None = None,
) -> GenerationJob:
    """Plan a generation job and its candidates (commits once).

    Args:
        session: database session.
        domains: DESIGN §2 domains, at least one, no repeats.
        personas: environments per domain, 1..:data:`MAX_PERSONAS`.
        per_need: scenario candidates per need type per environment, 1..:data:`MAX_PER_NEED`.
        creator: name of the endpoint agent that writes environments, scenarios and noise.
        reviewer: name of the endpoint agent that reviews scenarios.
        rounds: revisions a creator may make per stage, 0..:data:`MAX_ROUNDS` (default 3).
        budget_tokens: prompt plus completion tokens the job may spend (None: no limit).
        created_by: the user who asked.
        submission: the form's one-time token (a second submit returns the same job).

    Returns:
        The job, status ``queued``, with personas × len(domains) environment candidates and
        4 × per_need scenario candidates under each.

    Raises:
        UnprocessableError: a bad value (``field`` names it), an agent that is not an endpoint,
            or more than :data:`MAX_CANDIDATES` scenario candidates.
    """
    if submission is not None:
        earlier = session.exec(
            select(GenerationJob).where(GenerationJob.submission == submission)
        ).first()
        if earlier is not None:
            return earlier
    chosen = [d.strip() for d in domains if d.strip()]
    if not chosen:
        raise UnprocessableError("choose at least one domain", "domains")
    for domain in chosen:
        if domain not in DOMAINS:
            raise UnprocessableError(
                f"unknown domain {domain!r}; one of {', '.join(DOMAINS)}", "domains"
            )
    if len(set(chosen)) != len(chosen):
        raise UnprocessableError("a domain is named twice", "domains")
    if not 1 <= personas <= MAX_PERSONAS:
        raise UnprocessableError(f"personas must be 1..{MAX_PERSONAS}", "personas")
    if not 1 <= per_need <= MAX_PER_NEED:
        raise UnprocessableError(f"per-need must be 1..{MAX_PER_NEED}", "per_need")
    planned = len(chosen) * personas * len(NEED_TYPES) * per_need
    if planned > MAX_CANDIDATES:
        raise UnprocessableError(
            f"that plans {planned:,} scenario candidates; at most {MAX_CANDIDATES:,} a job",
            "per_need",
        )
    if not 0 <= rounds <= MAX_ROUNDS:
        raise UnprocessableError(f"rounds must be 0..{MAX_ROUNDS}", "rounds")
    if budget_tokens is not None and budget_tokens < 1:
        raise UnprocessableError("the token budget must be at least 1", "budget_tokens")
    _endpoint(session, creator, "creator")
    _endpoint(session, reviewer, "reviewer")
    job = GenerationJob(
        params={
            "domains": chosen,
            "personas": personas,
            "per_need": per_need,
            "creator": creator,
            "reviewer": reviewer,
            "rounds": rounds,
            "budget_tokens": budget_tokens,
        },
        created_by=created_by,
        submission=submission,
    )
    session.add(job)
    try:
        session.flush()
    except IntegrityError:
        # the same form submitted twice at once: the other request stored its job first
        session.rollback()
        if submission is not None:
            earlier = session.exec(
                select(GenerationJob).where(GenerationJob.submission == submission)
            ).first()
            if earlier is not None:
                return earlier
        raise
    assert job.id is not None
    for domain in chosen:
        for slot in range(1, personas + 1):
            parent = GenerationCandidate(
                job_id=job.id, kind="environment", domain=domain, slot=slot
            )
            session.add(parent)
            session.flush()
            ordinal = 0
            for need_type in NEED_TYPES:
                for _ in range(per_need):
                    ordinal += 1
                    session.add(
                        GenerationCandidate(
                            job_id=job.id,
                            parent_id=parent.id,
                            kind="scenario",
                            domain=domain,
                            slot=slot,
                            need_type=need_type,
                            ordinal=ordinal,
                        )
                    )
    session.commit()
    session.refresh(job)
    return job


@dataclass(frozen=True)
class JobCorpus:
    """The corpus targets of a job's accepted candidates, and the request against what came.

    Attributes:
        stats: :func:`~app.scenarios.corpus.compute_corpus_stats` of the accepted scenarios and
            their environments (the targets of DESIGN §4 as ``halo corpus stats`` prints them);
            None when nothing is accepted yet.
        requested: need type → scenarios the job asked for (domains × personas × per_need).
        accepted: need type → accepted candidates of that type.
        seconds: how long computing took (kept per process; see :func:`job_corpus`).
    """

    stats: CorpusStats | None
    requested: dict[str, int]
    accepted: dict[str, int]
    seconds: float


_JOB_CORPUS: dict[int, tuple[tuple[tuple[str, str], ...], JobCorpus]] = {}
"""Job id → (the accepted scenarios' ids and content hashes, their :class:`JobCorpus`)."""


def job_corpus(session: Session, job_id: int) -> JobCorpus:
    """The corpus targets of DESIGN §4 for a job's accepted candidates (cached).

    A :class:`~app.scenarios.corpus.Corpus` of the job's accepted scenarios and the
    environments holding them (``app.scenarios.service.load_stored_corpus``), measured by
    :func:`~app.scenarios.corpus.compute_corpus_stats`: the same figures, targets and
    thresholds as the lead's corpus page and ``halo corpus stats``. It replays the content-free
    policies through the rubric judge (about 0.2 s per scenario), so the result is kept per
    process, keyed on the accepted scenarios' ids and content hashes: it is computed again only
    when a candidate is accepted (or an accepted scenario changes), never on every page view.

    Args:
        session: database session (read only).
        job_id: the job.

    Raises:
        NotFoundError: no such job.
    """
    import time

    job = get_job(session, job_id)
    params = job.params
    per_type = len(params.get("domains", [])) * int(params.get("personas", 0))
    requested = {str(need): per_type * int(params.get("per_need", 0)) for need in NEED_TYPES}
    rows = session.exec(
        select(GenerationCandidate.need_type, Scenario.id, Scenario.content_hash)
        .join(Scenario, col(Scenario.id) == GenerationCandidate.scenario_id)
        .where(
            GenerationCandidate.job_id == job_id,
            GenerationCandidate.kind == "scenario",
            GenerationCandidate.status == ACCEPTED,
        )
        .order_by(col(Scenario.id))
    ).all()
    key = tuple((str(scenario_id), str(digest)) for _need, scenario_id, digest in rows)
    cached = _JOB_CORPUS.get(job_id)
    if cached is not None and cached[0] == key:
        return cached[1]
    accepted = {str(need): sum(1 for n, _s, _d in rows if n == need) for need in NEED_TYPES}
    started = time.perf_counter()
    stats = (
        compute_corpus_stats(load_stored_corpus(session, [sid for sid, _digest in key]))
        if key
        else None
    )
    result = JobCorpus(stats, requested, accepted, round(time.perf_counter() - started, 3))
    if len(_JOB_CORPUS) >= 64:
        _JOB_CORPUS.pop(next(iter(_JOB_CORPUS)))
    _JOB_CORPUS[job_id] = (key, result)
    return result


def get_job(session: Session, job_id: int) -> GenerationJob:
    """The job. Raises NotFoundError when there is none."""
    job = session.get(GenerationJob, job_id)
    if job is None:
        raise NotFoundError(f"generation job {job_id} does not exist")
    return job


def pending_environment_ids(session: Session, job_id: int) -> list[int]:
    """The job's environment candidates a task should run, in plan order.

    Pending ones, and running ones: the claim decides whether their holder is gone.
    """
    return [
        cid
        for cid in session.exec(
            select(GenerationCandidate.id)
            .where(
                GenerationCandidate.job_id == job_id,
                GenerationCandidate.kind == "environment",
                col(GenerationCandidate.status).in_((PENDING, RUNNING)),
            )
            .order_by(col(GenerationCandidate.id))
        )
        if cid is not None
    ]


def mark_job_started(session: Session, job_id: int) -> None:
    """Set a queued job running (commits)."""
    job = get_job(session, job_id)
    if job.status == JOB_QUEUED:
        job.status, job.started_at = JOB_RUNNING, utcnow()
        session.add(job)
        session.commit()


def job_progress(session: Session, job_id: int) -> JobProgress:
    """The job's scenario candidates counted by status (the engine's one progress view)."""
    counts = session.exec(
        select(GenerationCandidate.status, func.count())
        .where(GenerationCandidate.job_id == job_id, GenerationCandidate.kind == "scenario")
        .group_by(col(GenerationCandidate.status))
    ).all()
    return tally([(str(s), int(n)) for s, n in counts], CANDIDATE_FINISHED)


def list_jobs(session: Session, limit: int = 50) -> list[GenerationJob]:
    """The newest jobs first."""
    return list(
        session.exec(select(GenerationJob).order_by(col(GenerationJob.id).desc()).limit(limit))
    )


def candidates_of(session: Session, job_id: int) -> list[GenerationCandidate]:
    """The job's candidates in plan order."""
    return list(
        session.exec(
            select(GenerationCandidate)
            .where(GenerationCandidate.job_id == job_id)
            .order_by(col(GenerationCandidate.id))
        )
    )


def revisions_of(session: Session, candidate_id: int) -> list[CandidateRevision]:
    """Every step a candidate kept, in order."""
    return list(
        session.exec(
            select(CandidateRevision)
            .where(CandidateRevision.candidate_id == candidate_id)
            .order_by(col(CandidateRevision.id))
        )
    )


def cancel_job(session: Session, job_id: int) -> GenerationJob:
    """Cancel a job (commits).

    Pending candidates are cancelled; running ones stop before their next LLM call.

    Raises:
        NotFoundError: no such job.
        ConflictError: the job has finished.
    """
    job = get_job(session, job_id)
    if job.status not in JOB_OPEN and job.status != JOB_STOPPED:
        raise ConflictError(f"the job is {job.status}; only an open or stopped job is cancelled")
    job.status, job.finished_at = JOB_CANCELLED, utcnow()
    job.error = "cancelled by a lead"
    session.add(job)
    session.execute(
        update(GenerationCandidate)
        .where(
            col(GenerationCandidate.job_id) == job_id,
            col(GenerationCandidate.status).in_((PENDING, STOPPED)),
        )
        .values(status=CANCELLED, reason="the job was cancelled")
    )
    session.commit()
    return job


def _endpoint_failed() -> Any:
    """SQL: a candidate that failed on the endpoint (reason ``api_error: ...``)."""
    return (col(GenerationCandidate.status) == FAILED) & col(GenerationCandidate.reason).startswith(
        f"{ENDPOINT_FAILURE}:"
    )


def endpoint_failures(session: Session, job_id: int) -> int:
    """How many of the job's candidates (environments and scenarios) failed on the endpoint.

    Those a resume retries (:func:`resume_job`); malformed output, used-up revision rounds and
    rejections are the model's doing and are never retried.
    """
    return int(
        session.exec(
            select(func.count())
            .select_from(GenerationCandidate)
            .where(GenerationCandidate.job_id == job_id, _endpoint_failed())
        ).one()
    )


def endpoint_failure_note(count: int) -> str:
    """The summary a job that completed with `count` endpoint failures keeps in ``error``."""
    return f"completed with {count} endpoint failure(s) — resume to retry"


def resume_job(session: Session, job_id: int, *, budget_tokens: int | None = None) -> list[int]:
    """Make a stopped, cancelled or endpoint-failed job open again (commits); what to run.

    Stopped and cancelled candidates go back to pending, with everything they kept, and so do
    candidates that failed on the endpoint (:func:`endpoint_failures`): their revisions and
    token counts stay (a retry adds steps, never replaces them); an environment candidate that
    failed so takes back the scenario candidates it skipped, one whose scenario candidates
    failed so runs again for them (its stored environment is not made again). A budget given
    replaces the job's (a job stopped by its budget needs a larger one).

    Args:
        session: database session.
        job_id: the job.
        budget_tokens: the new token budget, or None to keep it.

    Returns:
        The ids of the environment candidates to enqueue.

    Raises:
        NotFoundError: no such job.
        ConflictError: the job is still running (a live worker holds one of its candidates),
            it completed with no endpoint failure, or its budget is still spent.
    """
    job = get_job(session, job_id)
    if job.status in JOB_OPEN:
        live = [
            row
            for row in session.exec(
                select(GenerationCandidate).where(
                    GenerationCandidate.job_id == job_id,
                    GenerationCandidate.kind == "environment",
                    GenerationCandidate.status == RUNNING,
                )
            )
            if not lease.is_abandoned(row.claimed_by, row.heartbeat_at, row.started_at)
        ]
        if live:
            raise ConflictError(
                f"the job is still running ({len(live)} environment candidate(s) in progress); "
                "wait for it to finish, or cancel it first"
            )
    retry = endpoint_failures(session, job_id)
    if job.status == JOB_COMPLETED and not retry:
        raise ConflictError("the job is completed; nothing to resume")
    params = dict(job.params)
    if budget_tokens is not None:
        if budget_tokens < 1:
            raise UnprocessableError("the token budget must be at least 1", "budget_tokens")
        params["budget_tokens"] = budget_tokens
    budget = params.get("budget_tokens")
    if budget is not None and job.tokens_used >= budget:
        raise ConflictError(
            f"the job has used {job.tokens_used:,} of its {budget:,} tokens: give a larger budget"
        )
    job.params = params
    job.status, job.error, job.finished_at = JOB_RUNNING, None, None
    session.add(job)
    if retry:
        failed_environments = select(GenerationCandidate.id).where(
            GenerationCandidate.job_id == job_id,
            GenerationCandidate.kind == "environment",
            _endpoint_failed(),
        )
        session.execute(  # what they skipped
            update(GenerationCandidate)
            .where(
                col(GenerationCandidate.parent_id).in_(failed_environments),
                col(GenerationCandidate.status) == SKIPPED,
            )
            .values(status=PENDING, reason=None, finished_at=None)
        )
        failed_scenarios = select(GenerationCandidate.parent_id).where(
            GenerationCandidate.job_id == job_id,
            GenerationCandidate.kind == "scenario",
            _endpoint_failed(),
        )
        session.execute(  # their environments run again for them (only open children run)
            update(GenerationCandidate)
            .where(
                col(GenerationCandidate.id).in_(failed_scenarios),
                col(GenerationCandidate.status) == ACCEPTED,
            )
            .values(status=PENDING, reason=None, finished_at=None)
        )
        session.execute(
            update(GenerationCandidate)
            .where(col(GenerationCandidate.job_id) == job_id, _endpoint_failed())
            .values(status=PENDING, reason=None, finished_at=None)
        )
    session.execute(
        update(GenerationCandidate)
        .where(
            col(GenerationCandidate.job_id) == job_id,
            col(GenerationCandidate.status).in_((STOPPED, CANCELLED)),
        )
        .values(status=PENDING, reason=None)
    )
    session.commit()
    return pending_environment_ids(session, job_id)


def abandoned_environment_ids(session: Session) -> list[int]:
    """Running environment candidates of open jobs whose holder is gone or whose lease lapsed.

    What the periodic ``construction.reconcile`` sends again (a worker killed whole, whose
    broker would redeliver only after the visibility timeout); the claim takes them over.
    """
    rows = session.exec(
        select(GenerationCandidate)
        .join(GenerationJob, col(GenerationJob.id) == col(GenerationCandidate.job_id))
        .where(
            col(GenerationJob.status).in_(JOB_OPEN),
            GenerationCandidate.kind == "environment",
            GenerationCandidate.status == RUNNING,
        )
        .order_by(col(GenerationCandidate.id))
    ).all()
    return [
        row.id
        for row in rows
        if row.id is not None
        and lease.is_abandoned(row.claimed_by, row.heartbeat_at, row.started_at)
    ]


# --- running ----------------------------------------------------------------------------------


class _Recorder:
    """Stores a candidate's steps as revisions, counts tokens, and stops the job when told.

    Each step commits: the progress and the token count must be seen by other processes. The
    calls of a stage in progress are written to the candidate (:meth:`keep`) before its next
    call; those an earlier attempt left there (its worker was killed, or its step could not be
    stored) go first into the candidate's next LLM step, marked ``"earlier_attempt": true``,
    and count in its tokens then: a call counts once, in the step that stores it.
    """

    def __init__(self, session: Session, job_id: int, candidate: GenerationCandidate) -> None:
        self.session, self.job_id, self.candidate = session, job_id, candidate
        self.earlier = earlier_calls(candidate.llm_calls or [])
        self.in_progress = bool(self.earlier)  # the candidate's row holds calls to empty

    def keep(self, stage: str, *, round: int, calls: list[LLMCall]) -> None:
        c = self.candidate
        try:
            self.session.execute(
                _KEEP_CALLS,
                {
                    "v_id": c.id,
                    "v_lease": c.parent_id if c.parent_id is not None else c.id,
                    "v_holder": lease.claimant(),
                    "v_llm_calls": storable(
                        [
                            *self.earlier,
                            *({"stage": stage, "round": round, **asdict(call)} for call in calls),
                        ]
                    ),
                },
            )
            self.session.commit()
        except Exception as exc:  # the step stores them
            if not retry_can_fix(exc):
                raise
            log.warning("candidate %s: calls so far not written: %s", c.id, exc)
            self.session.rollback()
        self.in_progress = True

    def step(
        self,
        stage: str,
        *,
        round: int,
        passed: bool,
        output: dict[str, Any] | None = None,
        raw: str | None = None,
        findings: list[Finding] | None = None,
        verdicts: dict[str, Any] | None = None,
        feedback: str | None = None,
        calls: list[LLMCall] | None = None,
        prompt: str | None = None,
    ) -> None:
        made: list[dict[str, Any]] = []
        if calls is not None:  # an LLM stage's step: it keeps what an earlier attempt made
            made, self.earlier = [*self.earlier, *(asdict(call) for call in calls)], []
        prompt_tokens = sum(call.get("prompt_tokens") or 0 for call in made)
        completion_tokens = sum(call.get("completion_tokens") or 0 for call in made)
        latency = round_(sum(call.get("latency_s") or 0.0 for call in made))
        c = self.candidate
        self.session.add(
            CandidateRevision(
                candidate_id=c.id or 0,
                round=round,
                stage=stage,
                prompt=prompt,
                output=output,
                raw=raw,
                findings=finding_dicts(findings or []),
                verdicts=verdicts or {},
                passed=passed,
                feedback=feedback,
                prompt_tokens=prompt_tokens if made else None,
                completion_tokens=completion_tokens if made else None,
                latency_s=latency if made else None,
                llm_calls=storable(made),
            )
        )
        c.prompt_tokens += prompt_tokens
        c.completion_tokens += completion_tokens
        c.latency_s = round_(c.latency_s + latency)
        c.stage = stage
        if calls is not None and self.in_progress:
            c.llm_calls = []
            flag_modified(c, "llm_calls")
            self.in_progress = False
        if stage.endswith("_creator") and round > 0 and passed:
            c.revisions += 1
        flags = {
            "validator": ("validator_first_pass", "validator_passed"),
            "reviewer": ("reviewer_first_pass", "reviewer_passed"),
            "noise_validator": ("noise_first_pass", "noise_passed"),
        }.get(stage)
        if flags is not None:
            first, final = flags
            if getattr(c, first) is None:
                setattr(c, first, passed)
            if passed or getattr(c, final) is not True:
                setattr(c, final, passed)
        self.session.add(c)
        if prompt_tokens or completion_tokens:
            self.session.execute(
                update(GenerationJob)
                .where(col(GenerationJob.id) == self.job_id)
                .values(tokens_used=GenerationJob.tokens_used + prompt_tokens + completion_tokens)
            )
        self.session.commit()

    def check(self) -> None:
        job = self.session.exec(
            select(GenerationJob)
            .where(GenerationJob.id == self.job_id)
            .execution_options(populate_existing=True)
        ).one()
        if job.status == JOB_CANCELLED:
            raise StopJob("cancelled")
        budget = job.params.get("budget_tokens")
        if budget is not None and job.tokens_used >= budget:
            if job.status in JOB_OPEN:
                job.status, job.finished_at = JOB_STOPPED, utcnow()
                job.error = (
                    f"token budget spent: {job.tokens_used:,} of {budget:,} tokens used; "
                    "resume with a larger budget"
                )
                self.session.add(job)
                self.session.commit()
            raise StopJob("budget")
        if job.status == JOB_STOPPED:
            raise StopJob("budget")


def earlier_calls(llm_calls: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An earlier attempt's calls of a stage, each marked ``"earlier_attempt": True``.

    The attempt's worker was killed (or its step could not be stored); its calls stay first in
    the candidate's next LLM step, as a judge prediction keeps them
    (:func:`app.judges.service.earlier_calls`).
    """
    return [{**call, "earlier_attempt": True} for call in llm_calls]


def round_(value: float) -> float:
    """Seconds kept to the millisecond."""
    return round(value, 3)


def _client(session: Session, name: str) -> OpenAIChatAgent:
    agent = session.exec(select(Agent).where(Agent.name == name)).first()
    if agent is None:
        raise CandidateFailed(f"the agent {name!r} no longer exists")
    return OpenAIChatAgent(EndpointConfig.model_validate(agent.config))


def _finish(
    session: Session, candidate: GenerationCandidate, status: str, reason: str | None
) -> None:
    candidate.status, candidate.reason, candidate.finished_at = status, reason, utcnow()
    session.add(candidate)
    session.commit()


def _summaries(session: Session, environment_id: str) -> list[str]:
    """One line per stored scenario of the environment: id, need type, title and need."""
    return [
        f"{row.id} ({row.need_type}): {row.title} — {row.design.get('need', '')}"
        for row in session.exec(
            select(Scenario)
            .where(Scenario.environment_id == environment_id)
            .order_by(col(Scenario.id))
        )
    ]


_VISIBLE_TEXT: dict[tuple[str, str], str] = {}
"""(scenario id, content hash) → its :func:`visible_text`, so each stored file is read once."""


def duplicate_neighbours(
    session: Session, job_id: int, candidate_id: int | None
) -> list[tuple[str, str]]:
    """What a scenario candidate must not duplicate: (label, visible text) of each.

    Every stored scenario (the job's accepted candidates among them), then the latest draft the
    validator saw of every other scenario candidate of the job that is not accepted (running,
    rejected or failed: four copies of one story are four candidates, whatever their fate).

    Args:
        session: database session (read only).
        job_id: the job.
        candidate_id: the candidate being checked (left out).
    """
    out: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for scenario_id, digest in session.exec(
        select(Scenario.id, Scenario.content_hash).order_by(col(Scenario.id))
    ):
        key = (scenario_id, digest)
        seen.add(key)
        if key not in _VISIBLE_TEXT:
            row = session.get(Scenario, scenario_id)
            _VISIBLE_TEXT[key] = visible_text(row.source if row is not None else {})
        out.append((f"stored scenario {scenario_id}", _VISIBLE_TEXT[key]))
    for key in set(_VISIBLE_TEXT) - seen:
        del _VISIBLE_TEXT[key]
    latest = (
        select(CandidateRevision.candidate_id, func.max(CandidateRevision.id).label("last"))
        .join(GenerationCandidate, col(GenerationCandidate.id) == CandidateRevision.candidate_id)
        .where(
            GenerationCandidate.job_id == job_id,
            GenerationCandidate.kind == "scenario",
            GenerationCandidate.status != ACCEPTED,
            GenerationCandidate.id != candidate_id,
            CandidateRevision.stage == "validator",
        )
        .group_by(col(CandidateRevision.candidate_id))
        .subquery()
    )
    for other, output in session.exec(
        select(CandidateRevision.candidate_id, CandidateRevision.output)
        .join(latest, latest.c.last == CandidateRevision.id)
        .order_by(col(CandidateRevision.candidate_id))
    ):
        out.append((f"candidate #{other} of this job", visible_text(output or {})))
    return out


def _bundle(session: Session, environment_id: str) -> EnvironmentBundle | None:
    from app.arena.schema import EnvironmentSpec

    row = session.get(Environment, environment_id)
    if row is None:
        return None
    return EnvironmentBundle(
        EnvironmentSpec.model_validate(row.spec), row.database_sql, dict(row.files), []
    )


def execute_environment(session: Session, candidate_id: int) -> str:
    """Run one environment candidate and its scenario candidates; returns its status.

    Idempotent: a finished candidate, or one a live holder runs, is left alone (its status is
    returned); a candidate whose holder died is taken over and continues where it stopped (the
    environment, once stored, is not made again; finished scenario candidates are kept).

    Args:
        session: a session of its own (each step commits).
        candidate_id: the environment candidate.

    Raises:
        NotFoundError: no such candidate.
    """
    claimed = lease.claim_or_status(session, _CLAIM, candidate_id, what="candidate")
    if isinstance(claimed, str):
        return claimed
    session.commit()
    candidate = session.get(GenerationCandidate, candidate_id)
    assert candidate is not None and candidate.id is not None
    job = get_job(session, candidate.job_id)
    mark_job_started(session, candidate.job_id)
    with holding(GenerationCandidate, candidate.id):
        status = _run_environment(session, job, candidate)
    _finish_job_if_done(session, candidate.job_id)
    return status


def free_id(session: Session, model: type[Environment] | type[Scenario], base: str) -> str:
    """`base`, or ``base-2``, ``base-3``, … : the first id no stored row of `model` holds.

    A database seeded from another one's ``halo corpus export`` holds that database's ids
    (``g1sb1``, ``g1sb1-01``): a new job must never store over them (which would replace an
    audited scenario's content behind the audit's back).
    """
    candidate, n = base, 1
    while session.get(model, candidate) is not None:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def _run_environment(session: Session, job: GenerationJob, candidate: GenerationCandidate) -> str:
    assert job.id is not None and candidate.id is not None
    params = job.params
    rounds = int(params.get("rounds", DEFAULT_ROUNDS))
    recorder = _Recorder(session, job.id, candidate)
    try:
        creator = _client(session, params["creator"])
        reviewer = _client(session, params["reviewer"])
        bundle = _bundle(session, candidate.environment_id) if candidate.environment_id else None
        if bundle is None:
            environment_id = free_id(
                session, Environment, f"g{job.id}{domain_code(candidate.domain)}{candidate.slot}"
            )
            existing = [
                f"{row.id}: {row.persona.get('name', '')} ({row.persona.get('role', '')})"
                for row in session.exec(
                    select(Environment).where(Environment.domain == candidate.domain)
                )
            ]
            bundle, _spec = build_environment(
                creator,
                environment_id=environment_id,
                domain=candidate.domain,
                slot=candidate.slot,
                existing=existing,
                rounds=rounds,
                recorder=recorder,
            )
            store_environment(session, bundle)
            candidate.environment_id = environment_id
            session.add(candidate)
            session.commit()
            clear_scenario_cache()
    except StopJob as stop:
        return _stop(session, candidate, str(stop))
    except (CandidateFailed, CandidateRejected) as exc:
        status = FAILED if isinstance(exc, CandidateFailed) else REJECTED
        _finish(session, candidate, status, str(exc))
        _skip_children(session, candidate, f"its environment was not made: {exc}")
        return status
    for child in _children(session, candidate.id):
        outcome = _run_scenario(session, job, child, bundle, creator, reviewer, rounds)
        if outcome in (STOPPED, CANCELLED):
            return _stop(session, candidate, "budget" if outcome == STOPPED else "cancelled")
    _finish(session, candidate, ACCEPTED, None)
    return ACCEPTED


def _children(session: Session, parent_id: int) -> list[GenerationCandidate]:
    return list(
        session.exec(
            select(GenerationCandidate)
            .where(
                GenerationCandidate.parent_id == parent_id,
                col(GenerationCandidate.status).in_((PENDING, RUNNING)),
            )
            .order_by(col(GenerationCandidate.id))
        )
    )


def _skip_children(session: Session, parent: GenerationCandidate, reason: str) -> None:
    session.execute(
        update(GenerationCandidate)
        .where(
            col(GenerationCandidate.parent_id) == parent.id,
            col(GenerationCandidate.status).in_((PENDING, RUNNING)),
        )
        .values(status=SKIPPED, reason=reason)
    )
    session.commit()


def _stop(session: Session, candidate: GenerationCandidate, why: str) -> str:
    if why == "cancelled":
        _finish(session, candidate, CANCELLED, "the job was cancelled")
        session.execute(
            update(GenerationCandidate)
            .where(
                col(GenerationCandidate.parent_id) == candidate.id,
                col(GenerationCandidate.status).in_((PENDING, RUNNING)),
            )
            .values(status=CANCELLED, reason="the job was cancelled")
        )
        session.commit()
        return CANCELLED
    _finish(session, candidate, STOPPED, "the job's token budget is spent")
    return STOPPED


def _run_scenario(
    session: Session,
    job: GenerationJob,
    candidate: GenerationCandidate,
    bundle: EnvironmentBundle,
    creator: OpenAIChatAgent,
    reviewer: OpenAIChatAgent,
    rounds: int,
) -> str:
    assert candidate.need_type is not None
    candidate.status, candidate.started_at = RUNNING, utcnow()
    session.add(candidate)
    session.commit()
    recorder = _Recorder(session, job.id or 0, candidate)
    scenario_id = free_id(session, Scenario, f"{bundle.spec.id}-{candidate.ordinal:02d}")
    try:
        built = build_scenario(
            creator,
            reviewer,
            bundle=bundle,
            need_type=candidate.need_type,
            scenario_id=scenario_id,
            existing=_summaries(session, bundle.spec.id),
            rounds=rounds,
            recorder=recorder,
            neighbours=lambda: duplicate_neighbours(session, job.id or 0, candidate.id),
            duplicate_cosine=get_settings().generation_duplicate_cosine,
        )
    except StopJob as stop:
        if str(stop) == "cancelled":
            _finish(session, candidate, CANCELLED, "the job was cancelled")
            return CANCELLED
        _finish(session, candidate, STOPPED, "the job's token budget is spent")
        return STOPPED
    except CandidateFailed as exc:
        _finish(session, candidate, FAILED, str(exc))
        return FAILED
    except CandidateRejected as exc:
        _finish(session, candidate, REJECTED, str(exc))
        return REJECTED
    spec = ScenarioSpec.model_validate(built.raw)
    store_scenario(session, spec, built.raw)
    candidate.scenario_id = scenario_id
    _finish(session, candidate, ACCEPTED, None)  # commits the scenario with it
    clear_scenario_cache()
    return ACCEPTED


def _finish_job_if_done(session: Session, job_id: int) -> None:
    """Complete an open job once none of its candidates is pending or running (commits)."""
    job = session.exec(
        select(GenerationJob)
        .where(GenerationJob.id == job_id)
        .execution_options(populate_existing=True)
    ).one()
    if job.status not in JOB_OPEN:
        return
    open_ = session.exec(
        select(func.count())
        .select_from(GenerationCandidate)
        .where(
            GenerationCandidate.job_id == job_id,
            col(GenerationCandidate.status).in_((PENDING, RUNNING)),
        )
    ).one()
    if not open_:
        job.status, job.finished_at = JOB_COMPLETED, utcnow()
        failures = endpoint_failures(session, job_id)
        if failures:
            job.error = endpoint_failure_note(failures)
        session.add(job)
        session.commit()


def fail_candidate(session: Session, candidate_id: int, reason: str) -> None:
    """End an environment candidate and its open scenario candidates as ``failed`` (commits).

    For a task that raised something no retry can fix (``internal_error``).
    """
    candidate = session.get(GenerationCandidate, candidate_id)
    if candidate is None or candidate.status in CANDIDATE_FINISHED:
        return
    _finish(session, candidate, FAILED, reason)
    session.execute(
        update(GenerationCandidate)
        .where(
            col(GenerationCandidate.parent_id) == candidate_id,
            col(GenerationCandidate.status).in_((PENDING, RUNNING)),
        )
        .values(status=FAILED, reason=reason)
    )
    session.commit()
    _finish_job_if_done(session, candidate.job_id)

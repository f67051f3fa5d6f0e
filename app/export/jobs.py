"""Exports as background jobs: create, run with progress, list, serve files (DESIGN.md §9).

A job writes the same dump as ``halo export`` (:func:`app.export.writers.export_dump`) into its
own directory ``<var_dir>/exports/<job id>/``; progress (rows written of rows to write) is
committed to the job row as it goes, at most every :data:`PROGRESS_EVERY_S` seconds, from a
session separate from the one streaming the rows. Only the files of a finished job are served,
and only by name from its own directory.

Finished jobs do not pile up: whenever a job is created or finishes, the retention rule of the
settings removes finished jobs (row and directory) older than ``export_retention_days`` and all
but the newest ``export_keep_per_user`` of each user's (:func:`expired_export_jobs`); a lead can
also delete a finished job at once (:func:`delete_export_job`).

A job has a holder like a running response (:mod:`app.jobs.lease`): the process that writes it
records itself in ``claimed_by`` and renews ``heartbeat_at`` while it writes. A queued or running
job whose holder is gone (a process of this host that no longer exists — an in-process server
killed before or while writing) or silent (no heartbeat for :data:`app.jobs.lease.LEASE_S`
seconds) is *interrupted*. Listing the exports never writes: an interrupted job is read as
``failed`` with that reason (:func:`list_export_jobs`) and can be deleted at once; the periodic
task ``exports.fail_interrupted`` (:data:`app.jobs.schedule.SCHEDULE`) marks it failed and
removes its temporary files (:func:`fail_interrupted_jobs`).
"""

from __future__ import annotations

import logging
import shutil
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from sqlalchemy import ColumnElement, delete, update
from sqlmodel import Session, col, select

from app.db import any_of, earlier_submission, flush_submitted
from app.errors import ForbiddenError, NotFoundError, UnprocessableError
from app.export.writers import export_dump
from app.jobs import lease
from app.jobs.lease import claimant, holding
from app.jobs.progress import JobProgress
from app.models import Run, User
from app.models.base import as_utc, utcnow
from app.models.export import EXPORT_JOB_FORMATS, ExportJob
from app.settings import get_settings
from app.vocabulary import ExportJobStatus, Role

FORMATS: dict[str, tuple[str, ...]] = {
    "jsonl": ("jsonl",),
    "parquet": ("parquet",),
    "both": ("jsonl", "parquet"),
}
PROGRESS_EVERY_S = 0.5
"""Least time between two progress commits."""
ERROR_CHARS = 2000
FINISHED = (ExportJobStatus.DONE, ExportJobStatus.FAILED)
"""Statuses of jobs that no worker will touch again (the only ones deleted)."""
OPEN = (ExportJobStatus.QUEUED, ExportJobStatus.RUNNING)

log = logging.getLogger(__name__)


class DuplicateExport(Exception):
    """An export form submitted twice; `job_id` is the job the first submit created."""

    def __init__(self, job_id: int) -> None:
        """Point at `job_id`, the job the first submit created."""
        super().__init__(f"this form already started export {job_id}")
        self.job_id = job_id


def exports_dir() -> Path:
    """Where export jobs write: ``<var_dir>/exports``."""
    return get_settings().var_dir / "exports"


def job_dir(job_id: int) -> Path:
    """The directory of one job's files."""
    return exports_dir() / str(job_id)


def create_export_job(
    session: Session,
    *,
    format: str,
    run_id: int | None = None,
    created_by: int | None = None,
    in_process: bool = False,
    submission: str | None = None,
) -> ExportJob:
    """Queue an export (commits once).

    Args:
        session: database session.
        format: ``jsonl``, ``parquet`` or ``both``.
        run_id: export this run only; None for every run.
        created_by: the user who asked for it.
        in_process: this process will run the job (no broker): it is recorded as the holder at
            once, so a job whose server dies before it starts counts as interrupted.
        submission: the one-time token of the web form that asked for it.

    Finished jobs past the retention rule are deleted in the same commit
    (:func:`expired_export_jobs`), their directories right after.

    Returns:
        The new job, status ``queued``.

    Raises:
        UnprocessableError: an unknown format.
        NotFoundError: ``run_id`` names no run.
        DuplicateExport: a job was already created from `submission` (a double submit);
            nothing is created and no retention applied.
    """
    earlier = earlier_submission(session, ExportJob, submission)
    if earlier is not None:
        raise DuplicateExport(earlier)
    if format not in EXPORT_JOB_FORMATS:
        raise UnprocessableError(
            f"unknown format {format!r}; use {', '.join(EXPORT_JOB_FORMATS)}", "format"
        )
    if run_id is not None and session.get(Run, run_id) is None:
        raise NotFoundError(f"run {run_id} does not exist")
    job = ExportJob(format=format, run_id=run_id, created_by=created_by, submission=submission)
    if in_process:
        job.claimed_by, job.heartbeat_at = claimant(), utcnow()
    session.add(job)
    earlier = flush_submitted(session, ExportJob, submission)
    if earlier is not None:  # the same form, submitted twice at once: the other request won
        raise DuplicateExport(earlier)
    expired = _delete_expired_rows(session)
    session.commit()
    session.refresh(job)
    _remove_directories(expired)
    return job


def list_export_jobs(session: Session, *, limit: int = 50) -> list[ExportJob]:
    """The most recent jobs, newest first, as they read now (writes nothing).

    An interrupted job (:func:`is_interrupted`) is listed as it will be once the periodic task
    has marked it (:func:`read_as_interrupted`: ``failed``, with the interrupted reason).
    """
    query = select(ExportJob).order_by(col(ExportJob.id).desc()).limit(limit)
    now = utcnow()
    return [
        read_as_interrupted(job) if is_interrupted(job, now=now) else job
        for job in session.exec(query)
    ]


def get_export_job(session: Session, job_id: int) -> ExportJob:
    """One job.

    Raises:
        NotFoundError: no such job.
    """
    job = session.get(ExportJob, job_id)
    if job is None:
        raise NotFoundError(f"export {job_id} does not exist")
    return job


def may_manage(job: ExportJob, user: User) -> bool:
    """True when `user` may download and delete `job`: it is theirs, or they are an admin.

    Jobs without a creator (``halo`` scripts) are an admin's.
    """
    return user.role == Role.ADMIN or (job.created_by is not None and job.created_by == user.id)


def _authorize(job: ExportJob, user: User | None) -> None:
    """Raise unless `user` (None: a trusted caller, such as the CLI) may manage `job`."""
    if user is not None and not may_manage(job, user):
        raise ForbiddenError(f"export {job.id} belongs to another user")


def creator_names(session: Session, export_jobs: Iterable[ExportJob]) -> dict[int, str]:
    """Username of each creator of `export_jobs`, by user id."""
    ids = {job.created_by for job in export_jobs if job.created_by is not None}
    if not ids:
        return {}
    users = session.exec(select(User).where(any_of(User.id, ids)))
    return {user.id: user.username for user in users if user.id is not None}


def export_progress(job: ExportJob) -> JobProgress:
    """A job's progress in rows: written of to write (rows have no status)."""
    return {"total": job.total, "done": job.done, "by_status": {}}


def _progress_writer(session: Session, job: ExportJob) -> Callable[[int, int], None]:
    """A ``progress(done, total)`` callback that commits to the job row, throttled."""
    last = 0.0

    def progress(done: int, total: int) -> None:
        nonlocal last
        now = time.monotonic()
        if done < total and done > 0 and now - last < PROGRESS_EVERY_S:
            return
        last = now
        job.done, job.total = done, total
        job.heartbeat_at = utcnow()
        session.add(job)
        session.commit()

    return progress


def run_export_job(session: Session, job_id: int) -> ExportJob:
    """Write a job's dump into its directory, committing progress as rows are written.

    Idempotent: a ``done`` job is left alone, and so is a ``running`` one whose holder — another
    process — is alive (a task redelivered while the first still writes); a ``queued``, interrupted
    ``running`` (a redelivered task whose worker died) or ``failed`` job is claimed atomically
    (:func:`app.jobs.lease.claim`, as a response is) and (re)written from the start, after the
    temporary files of an earlier attempt are removed — files are renamed into place only when
    complete, so a rerun never serves half a file. While it writes, this process holds the job and
    renews its heartbeat. Failures are recorded on the job (status ``failed`` and the error), not
    raised. When the job is done, the retention rule is applied to the other finished jobs.

    Args:
        session: database session for the job row (commits progress); the rows are read on a
            second session on the same bind so progress commits never disturb the stream.
        job_id: the job.

    Returns:
        The job, ``done`` or ``failed``.

    Raises:
        NotFoundError: no such job.
    """
    job = get_export_job(session, job_id)
    if job.status == ExportJobStatus.DONE:
        return job
    claimed = lease.claim_or_status(session, _CLAIM, job_id, what="export")
    if isinstance(claimed, str):  # done meanwhile, or a live holder writes it
        return get_export_job(session, job_id)
    session.refresh(job)  # running, held by this process since now
    out_dir = job_dir(job_id)
    _remove_temporary_files(job_id)
    job.done, job.total, job.error = 0, 0, None
    job.path, job.finished_at = str(out_dir), None
    session.add(job)
    session.commit()
    try:
        with holding(ExportJob, job.id), Session(bind=session.get_bind()) as reader:
            summary = export_dump(
                reader,
                out_dir,
                formats=FORMATS[job.format],
                run_id=job.run_id,
                progress=_progress_writer(session, job),
            )
    except Exception as exc:  # recorded on the job for the page to show
        session.rollback()
        job = get_export_job(session, job_id)
        job.status, job.error = ExportJobStatus.FAILED, f"{type(exc).__name__}: {exc}"[:ERROR_CHARS]
        job.finished_at = utcnow()
        session.add(job)
        session.commit()
        return job
    job.status, job.done = ExportJobStatus.DONE, summary["rows"]
    job.total = max(job.total, summary["rows"])
    job.finished_at = utcnow()
    session.add(job)
    # this job now counts against its user's limit (it is the newest, so it is kept)
    expired = _delete_expired_rows(session)
    session.commit()
    _remove_directories(expired)
    return job


# --- holders and interrupted jobs ---------------------------------------------------------------

_CLAIM = lease.claim_for(ExportJob, free=(ExportJobStatus.QUEUED, ExportJobStatus.FAILED))
"""Take a queued or failed job, a running one whose lease lapsed, or one whose holder is gone."""

INTERRUPTED = "interrupted"
"""How an interrupted job's error begins."""


def is_interrupted(job: ExportJob, *, now: datetime | None = None) -> bool:
    """True when a queued or running job will never finish.

    Its holder process (on this host) is gone, or a running job's lease has lapsed
    (:func:`app.jobs.lease.is_abandoned`, the rule of its claim).

    A queued job without a holder waits for a broker, which keeps its task: never interrupted.
    """
    if job.status not in OPEN or not job.claimed_by:
        return False
    if job.status != ExportJobStatus.RUNNING:
        return lease.holder_is_gone(job.claimed_by)
    return lease.is_abandoned(job.claimed_by, job.heartbeat_at, job.started_at, now)


def interrupted_error(job: ExportJob) -> str:
    """The error an interrupted job is failed with."""
    return (
        f"{INTERRUPTED}: the process writing it ({job.claimed_by}) stopped before it "
        "finished; delete it and start a new export"
    )


def read_as_interrupted(job: ExportJob) -> ExportJob:
    """A copy of interrupted `job` as the periodic task will mark it, in no session.

    Status ``failed``, :func:`interrupted_error`, finished now; the stored row is unchanged.
    """
    return ExportJob(
        **{
            **job.model_dump(),
            "status": ExportJobStatus.FAILED,
            "error": interrupted_error(job),
            "finished_at": utcnow(),
        }
    )


def _mark_interrupted(session: Session) -> list[int]:
    """Mark the interrupted jobs failed (no commit); their ids.

    Each update repeats what was read (:func:`_unchanged`).
    """
    open_jobs = session.exec(
        select(ExportJob).where(
            col(ExportJob.status).in_(OPEN), col(ExportJob.claimed_by).is_not(None)
        )
    ).all()
    failed: list[int] = []
    for job in open_jobs:
        if job.id is None or not is_interrupted(job):
            continue
        error = interrupted_error(job)
        result = session.execute(
            update(ExportJob)
            .where(*_unchanged(job))
            .values(status=ExportJobStatus.FAILED, error=error, finished_at=utcnow())
            .execution_options(synchronize_session=False)
        )
        if getattr(result, "rowcount", 0):
            failed.append(job.id)
            session.expire(job)
    return failed


def _unchanged(job: ExportJob) -> tuple[ColumnElement[bool], ...]:
    """The row of `job` still as it was read: same status, holder and heartbeat.

    A holder that comes back to life and beats in between keeps its job.
    """
    return (
        col(ExportJob.id) == job.id,
        col(ExportJob.status) == job.status,
        col(ExportJob.claimed_by) == job.claimed_by,
        col(ExportJob.heartbeat_at).is_not_distinct_from(job.heartbeat_at),
    )


def _delete_unchanged(session: Session, job: ExportJob) -> bool:
    """Delete interrupted `job` unless its row changed since it was read (no commit)."""
    result = session.execute(
        delete(ExportJob).where(*_unchanged(job)).execution_options(synchronize_session=False)
    )
    session.expunge(job)
    return bool(getattr(result, "rowcount", 0))


def fail_interrupted_jobs(session: Session) -> list[int]:
    """Mark every interrupted job failed and remove its temporary files (commits once).

    The periodic task ``exports.fail_interrupted`` (:mod:`app.export.tasks`) runs it.

    Returns:
        The ids of the jobs marked failed.
    """
    failed = _mark_interrupted(session)
    if failed:
        session.commit()
        for job_id in failed:
            _remove_temporary_files(job_id)
    return failed


def _remove_temporary_files(job_id: int) -> None:
    """Remove the ``.<name>.<hex>.tmp`` files a killed attempt left in a job's directory."""
    directory = job_dir(job_id)
    if not directory.is_dir():
        return
    for path in directory.glob(".*.tmp"):
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("could not remove %s: %s", path, exc)


@dataclass(frozen=True)
class ExportFile:
    """One file of a finished job: name and size in bytes."""

    name: str
    size: int


def job_files(job: ExportJob) -> list[ExportFile]:
    """The files of a finished job, by name (nothing for an unfinished one)."""
    if job.status != ExportJobStatus.DONE or job.id is None:
        return []
    directory = job_dir(job.id)
    if not directory.is_dir():
        return []
    return [
        ExportFile(p.name, p.stat().st_size)
        for p in sorted(directory.iterdir())
        if p.is_file() and not p.name.startswith(".")
    ]


def export_file_path(session: Session, job_id: int, name: str, *, user: User | None = None) -> Path:
    """The path of one file of a finished job, confined to that job's directory.

    Args:
        session: database session.
        job_id: the job.
        name: a file name as :func:`job_files` lists it (no directories).
        user: who asks; only the job's creator or an admin may have it (None: no check).

    Returns:
        The file's absolute path.

    Raises:
        NotFoundError: no such job, the job is not done, or ``name`` is not one of its files
            (any path outside the job's directory included).
        ForbiddenError: the job is another user's.
    """
    job = get_export_job(session, job_id)
    _authorize(job, user)
    if name not in {f.name for f in job_files(job)}:
        raise NotFoundError(f"export {job_id} has no file {name!r}")
    directory = job_dir(job_id).resolve()
    path = (directory / name).resolve()
    if path.parent != directory or not path.is_file():
        raise NotFoundError(f"export {job_id} has no file {name!r}")
    return path


# --- retention and deletion ---------------------------------------------------------------------


def expired_export_jobs(
    jobs: Iterable[ExportJob], *, now: datetime, retention_days: int, keep_per_user: int
) -> list[ExportJob]:
    """The finished jobs the retention rule removes (pure; no I/O).

    A finished (``done`` or ``failed``) job expires when it finished more than ``retention_days``
    days before ``now`` (it started, or was created, if it has no finish time), or when its
    user — ``created_by``; jobs without one (``halo`` scripts) count as one user — has
    ``keep_per_user`` newer finished jobs. Queued and running jobs never expire.

    Args:
        jobs: export jobs.
        now: the current time (aware).
        retention_days: age limit in days; 0 or less keeps jobs whatever their age.
        keep_per_user: finished jobs kept per user, newest (highest id) first; 0 or less keeps
            them all.

    Returns:
        The expired jobs, oldest first.
    """
    finished = sorted((j for j in jobs if j.status in FINISHED), key=lambda j: j.id or 0)
    expired: dict[int | None, ExportJob] = {}
    if retention_days > 0:
        cutoff = now - timedelta(days=retention_days)
        for job in finished:
            if as_utc(job.finished_at or job.started_at or job.created_at) < cutoff:
                expired[job.id] = job
    if keep_per_user > 0:
        by_user: dict[int | None, list[ExportJob]] = defaultdict(list)
        for job in finished:
            by_user[job.created_by].append(job)
        for user_jobs in by_user.values():
            for job in user_jobs[:-keep_per_user]:
                expired[job.id] = job
    return sorted(expired.values(), key=lambda j: j.id or 0)


def _delete_expired_rows(session: Session) -> list[int]:
    """Delete the rows of the jobs past the settings' retention rule (no commit); their ids."""
    settings = get_settings()
    finished = session.exec(select(ExportJob).where(col(ExportJob.status).in_(FINISHED)))
    expired = expired_export_jobs(
        finished,
        now=utcnow(),
        retention_days=settings.export_retention_days,
        keep_per_user=settings.export_keep_per_user,
    )
    for job in expired:
        session.delete(job)
    return [job.id for job in expired if job.id is not None]


def _remove_directories(job_ids: Iterable[int]) -> None:
    """Remove the directories of deleted jobs.

    A directory that cannot be removed is logged and left (its row is gone: nothing serves it).
    """
    for job_id in job_ids:
        directory = job_dir(job_id)
        try:
            shutil.rmtree(directory)
        except FileNotFoundError:
            continue
        except OSError as exc:
            log.warning("could not remove export directory %s: %s", directory, exc)


def delete_export_job(session: Session, job_id: int, *, user: User | None = None) -> None:
    """Delete a finished or interrupted job: its row, then its directory and files.

    Commits once.

    Args:
        session: database session.
        job_id: the job.
        user: who asks; only the job's creator or an admin may delete it (None: no check).

    Raises:
        NotFoundError: no such job.
        ForbiddenError: the job is another user's.
        UnprocessableError: the job is queued or running and not interrupted (a worker may
            still write it).
    """
    job = get_export_job(session, job_id)
    _authorize(job, user)
    refused = UnprocessableError(
        f"export {job_id} is {job.status}; it can be deleted once it has finished", "job"
    )
    if job.status in FINISHED:
        session.delete(job)
    elif not is_interrupted(job) or not _delete_unchanged(session, job):
        raise refused
    session.commit()
    _remove_directories([job_id])

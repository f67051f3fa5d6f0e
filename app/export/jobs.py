"""Exports as background jobs: create, run with progress, list, and serve their files
(DESIGN.md §9).

A job writes the same dump as ``halo export`` (:func:`app.export.writers.export_dump`) into its
own directory ``<var_dir>/exports/<job id>/``; progress (rows written of rows to write) is
committed to the job row as it goes, at most every :data:`PROGRESS_EVERY_S` seconds, from a
session separate from the one streaming the rows. Only the files of a finished job are served,
and only by name from its own directory.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sqlmodel import Session, col, select

from app.errors import NotFoundError, UnprocessableError
from app.export.writers import export_dump
from app.models import Run
from app.models.base import utcnow
from app.models.export import EXPORT_JOB_FORMATS, ExportJob
from app.settings import get_settings

FORMATS: dict[str, tuple[str, ...]] = {
    "jsonl": ("jsonl",),
    "parquet": ("parquet",),
    "both": ("jsonl", "parquet"),
}
PROGRESS_EVERY_S = 0.5
"""Least time between two progress commits."""
ERROR_CHARS = 2000


def exports_dir() -> Path:
    """Where export jobs write: ``<var_dir>/exports``."""
    return get_settings().var_dir / "exports"


def job_dir(job_id: int) -> Path:
    """The directory of one job's files."""
    return exports_dir() / str(job_id)


def create_export_job(
    session: Session, *, format: str, run_id: int | None = None, created_by: int | None = None
) -> ExportJob:
    """Queue an export (commits once).

    Args:
        session: database session.
        format: ``jsonl``, ``parquet`` or ``both``.
        run_id: export this run only; None for every run.
        created_by: the user who asked for it.

    Returns:
        The new job, status ``queued``.

    Raises:
        UnprocessableError: an unknown format.
        NotFoundError: ``run_id`` names no run.
    """
    if format not in EXPORT_JOB_FORMATS:
        raise UnprocessableError(
            f"unknown format {format!r}; use {', '.join(EXPORT_JOB_FORMATS)}", "format"
        )
    if run_id is not None and session.get(Run, run_id) is None:
        raise NotFoundError(f"run {run_id} does not exist")
    job = ExportJob(format=format, run_id=run_id, created_by=created_by)
    session.add(job)
    session.commit()
    session.refresh(job)
    return job


def list_export_jobs(session: Session, *, limit: int = 50) -> list[ExportJob]:
    """The most recent jobs, newest first."""
    query = select(ExportJob).order_by(col(ExportJob.id).desc()).limit(limit)
    return list(session.exec(query))


def get_export_job(session: Session, job_id: int) -> ExportJob:
    """One job.

    Raises:
        NotFoundError: no such job.
    """
    job = session.get(ExportJob, job_id)
    if job is None:
        raise NotFoundError(f"export {job_id} does not exist")
    return job


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
        session.add(job)
        session.commit()

    return progress


def run_export_job(session: Session, job_id: int) -> ExportJob:
    """Write a job's dump into its directory, committing progress as rows are written.

    Idempotent: a ``done`` job is left alone; a ``queued``, ``running`` (a redelivered task
    whose worker died) or ``failed`` job is (re)written from the start — files are renamed into
    place only when complete, so a rerun never serves half a file. Failures are recorded on the
    job (status ``failed`` and the error), not raised.

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
    if job.status == "done":
        return job
    assert job.id is not None
    out_dir = job_dir(job.id)
    job.status, job.done, job.total, job.error = "running", 0, 0, None
    job.path, job.started_at, job.finished_at = str(out_dir), utcnow(), None
    session.add(job)
    session.commit()
    try:
        with Session(bind=session.get_bind()) as reader:
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
        job.status, job.error = "failed", f"{type(exc).__name__}: {exc}"[:ERROR_CHARS]
        job.finished_at = utcnow()
        session.add(job)
        session.commit()
        return job
    job.status, job.done = "done", summary["rows"]
    job.total = max(job.total, summary["rows"])
    job.finished_at = utcnow()
    session.add(job)
    session.commit()
    return job


@dataclass(frozen=True)
class ExportFile:
    """One file of a finished job: name and size in bytes."""

    name: str
    size: int


def job_files(job: ExportJob) -> list[ExportFile]:
    """The files of a finished job, by name (nothing for an unfinished one)."""
    if job.status != "done" or job.id is None:
        return []
    directory = job_dir(job.id)
    if not directory.is_dir():
        return []
    return [
        ExportFile(p.name, p.stat().st_size)
        for p in sorted(directory.iterdir())
        if p.is_file() and not p.name.startswith(".")
    ]


def export_file_path(session: Session, job_id: int, name: str) -> Path:
    """The path of one file of a finished job, confined to that job's directory.

    Args:
        session: database session.
        job_id: the job.
        name: a file name as :func:`job_files` lists it (no directories).

    Returns:
        The file's absolute path.

    Raises:
        NotFoundError: no such job, the job is not done, or ``name`` is not one of its files
            (any path outside the job's directory included).
    """
    job = get_export_job(session, job_id)
    if name not in {f.name for f in job_files(job)}:
        raise NotFoundError(f"export {job_id} has no file {name!r}")
    directory = job_dir(job_id).resolve()
    path = (directory / name).resolve()
    if path.parent != directory or not path.is_file():
        raise NotFoundError(f"export {job_id} has no file {name!r}")
    return path

"""Export tasks: write one export job's dump (DESIGN.md §9)."""

from __future__ import annotations

from app.db import session_scope
from app.errors import NotFoundError
from app.export import jobs
from workers.celery_app import celery_app


@celery_app.task(name="exports.run", acks_late=True, soft_time_limit=6 * 3600)
def run_export(job_id: int) -> str:
    """Write export job `job_id`; returns its final status. A finished job, or one another live
    process is writing, is left alone; a job deleted meanwhile is ``deleted``."""
    with session_scope() as session:
        try:
            return jobs.run_export_job(session, job_id).status
        except NotFoundError:  # deleted (e.g. interrupted, then removed) before redelivery
            return "deleted"

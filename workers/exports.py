"""Export tasks: write one export job's dump (DESIGN.md §9)."""

from __future__ import annotations

from app.db import session_scope
from app.export import jobs
from workers.celery_app import celery_app


@celery_app.task(name="exports.run", acks_late=True, soft_time_limit=6 * 3600)
def run_export(job_id: int) -> str:
    """Write export job `job_id`; returns its final status. A finished job is left alone."""
    with session_scope() as session:
        return jobs.run_export_job(session, job_id).status

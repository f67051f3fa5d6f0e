"""Who may control a job: cancel, retry or resume an agent run, a judge run or a generation job.

One rule for the three job kinds, used by every route that controls one and by the pages that
decide which buttons to show:

* admins and leads may control every job;
* researchers may control only the jobs they started themselves;
* a job without a recorded creator (started by a ``halo`` command, or older than the record)
  is controlled by admins and leads only.

Exports are not controlled here: an export is its creator's or an admin's
(:func:`app.export.jobs.may_manage`).
"""

from __future__ import annotations

from app.errors import ForbiddenError
from app.models import User
from app.vocabulary import Role

CONTROLS_EVERY_JOB = frozenset({Role.ADMIN, Role.LEAD})
"""Roles that may cancel, retry or resume any job, whoever started it."""


def may_control_job(user: User, created_by: int | None) -> bool:
    """Whether `user` may cancel, retry or resume a job started by user id `created_by`.

    Args:
        user: the acting user.
        created_by: the job's ``created_by`` (None: no creator recorded).

    Returns:
        True for admins and leads, and for the job's own creator (a researcher).
    """
    if user.role in CONTROLS_EVERY_JOB:
        return True
    return created_by is not None and user.id is not None and created_by == user.id


def authorize_job_control(user: User, created_by: int | None, job: str) -> None:
    """Refuse unless :func:`may_control_job` allows `user` to control `job`.

    Args:
        user: the acting user.
        created_by: the job's ``created_by``.
        job: the job as the message names it, e.g. ``"run 12"``.

    Raises:
        ForbiddenError: `user` is a researcher and `job` is not theirs.
    """
    if not may_control_job(user, created_by):
        raise ForbiddenError(
            f"{job} was started by someone else; only its creator, a lead or an admin may "
            "cancel, retry or resume it"
        )

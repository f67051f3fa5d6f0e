"""Tasks: named units of work of the job engine (DESIGN.md §13).

A task takes ids and primitives (JSON: a broker carries them), opens its own session, makes one
domain call and is idempotent: the broker may deliver it twice, and a killed worker's task is
delivered again. Domains declare their tasks in ``app/<domain>/tasks.py``::

    @task("exports.run", soft_time_limit_s=6 * 3600)
    def run_export(job_id: int) -> str: ...

The queue runs a task in this process (:class:`app.jobs.queue.InProcessQueue`) or sends its
name to a broker (:class:`app.jobs.queue.CeleryQueue`), where ``workers/`` registered the same
function under the same name (``workers.celery_app.register``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, ParamSpec, TypeVar, cast

from celery.exceptions import SoftTimeLimitExceeded

P = ParamSpec("P")
R = TypeVar("R")

TimeLimitExceeded = SoftTimeLimitExceeded
"""Raised inside a task running on a worker when its soft time limit passes (Celery's
``SoftTimeLimitExceeded``); the task catches it to record why its item ended. In-process tasks
have no time limit."""


class TransientError(Exception):
    """Raised by a task whose work failed because our own infrastructure blinked.

    The database or the broker was unreachable; the original error is the cause. Nothing was
    decided, so a worker runs the task again later with backoff (``workers.celery_app``) and
    never acknowledges it as done.
    """


@dataclass(frozen=True)
class Task(Generic[P, R]):
    """A named unit of work.

    Attributes:
        name: the task name on the broker, ``<domain>.<verb>`` (e.g. ``runs.execute_response``);
            never renamed, since queued messages carry it.
        run: the function; calling the task calls it in this process.
        soft_time_limit_s: seconds after which a worker raises :data:`TimeLimitExceeded` inside
            the task; None for no limit.
        ignore_result: the broker keeps no result (the rows are the result).
    """

    name: str
    run: Callable[P, R]
    soft_time_limit_s: int | None = None
    ignore_result: bool = False

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        """Run the task here and now."""
        return self.run(*args, **kwargs)


TASKS: dict[str, Task[..., Any]] = {}
"""Every declared task by name (filled as the domains' ``tasks`` modules are imported)."""


def task(
    name: str, *, soft_time_limit_s: int | None = None, ignore_result: bool = False
) -> Callable[[Callable[P, R]], Task[P, R]]:
    """Declare a function as the task `name` (a decorator).

    Args:
        name: the task name on the broker; unique.
        soft_time_limit_s: see :class:`Task`.
        ignore_result: see :class:`Task`.

    Raises:
        ValueError: another function already has that name.
    """

    def declare(function: Callable[P, R]) -> Task[P, R]:
        declared = Task(name, function, soft_time_limit_s, ignore_result)
        earlier = TASKS.get(name)
        if earlier is not None and _where(earlier.run) != _where(function):
            raise ValueError(f"task {name!r} is already declared by {_where(earlier.run)}")
        TASKS[name] = cast(Task[..., Any], declared)
        return declared

    return declare


def _where(function: Callable[..., object]) -> str:
    return f"{function.__module__}.{function.__qualname__}"

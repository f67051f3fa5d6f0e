"""The queue interface of the job engine and its two implementations (DESIGN.md §13).

* :class:`InProcessQueue` — the embedded default (no ``REDIS_URL``): a task runs now, in this
  process; many items run on ``in_process_threads`` threads (their LLM calls wait on the
  network, so threads overlap them).
* :class:`CeleryQueue` — with ``REDIS_URL``: a task is sent to the broker by name and a
  ``halo worker`` runs it.

:func:`get_queue` picks one from the settings; domains enqueue through it and never import
``workers/``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from functools import lru_cache
from typing import Any, Protocol

from celery import Celery

from app.jobs.broker import make_celery
from app.jobs.tasks import Task
from app.settings import get_settings

OnDone = Callable[[Any, Any], None]
"""``on_done(item, result)``: one item's task has finished in this process."""


class JobQueue(Protocol):
    """Where tasks go.

    Attributes:
        in_process: True when tasks run in this process (no broker, no worker): a caller that
            shows progress gets it from ``on_done``, and a web request runs the work after its
            response is sent.
    """

    in_process: bool

    def enqueue(self, task: Task[..., Any], *args: Any, countdown: float | None = None) -> None:
        """Run `task` with `args` (ids and primitives), after `countdown` seconds if given."""
        ...

    def enqueue_many(
        self, task: Task[..., Any], items: Sequence[Any], *, on_done: OnDone | None = None
    ) -> None:
        """Run `task` once per item (the item is its only argument).

        Args:
            task: the task.
            items: its arguments, one task each, in order.
            on_done: called as ``on_done(item, result)`` in the caller's thread as each task
                finishes, when the tasks run in this process; a broker's tasks finish elsewhere
                (read their progress from the database).
        """
        ...


class InProcessQueue:
    """Runs tasks in this process.

    One task now in the caller's thread (its errors propagate), many on up to `threads` threads.

    Ctrl+C (KeyboardInterrupt) during :meth:`enqueue_many` stops handing out items: the tasks
    in flight finish, the rest are not run (a run's responses stay ``pending`` for
    ``halo run --resume``).
    """

    in_process = True

    def __init__(self, threads: int) -> None:
        """A queue that runs at most `threads` tasks at once in :meth:`enqueue_many`."""
        self.threads = threads

    def enqueue(self, task: Task[..., Any], *args: Any, countdown: float | None = None) -> None:
        """Run `task` now; with `countdown`, on a daemon timer thread after that many seconds."""
        if countdown is None:
            task(*args)
            return
        timer = threading.Timer(countdown, task, args)
        timer.daemon = True
        timer.start()

    def enqueue_many(
        self, task: Task[..., Any], items: Sequence[Any], *, on_done: OnDone | None = None
    ) -> None:
        """Run `task` once per item on the threads; return when all have finished.

        See :meth:`JobQueue.enqueue_many`. The first error a task raises is raised here, after
        the tasks in flight have finished.
        """
        threads = min(self.threads, max(1, len(items)))
        stop = threading.Event()

        def run(item: Any) -> Any:
            return None if stop.is_set() else task(item)

        pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix=f"halo-{task.name}")
        try:
            futures = {pool.submit(run, item): item for item in items}
            for future in as_completed(futures):
                result = future.result()
                if on_done is not None:
                    on_done(futures[future], result)
        except BaseException:
            stop.set()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)


class CeleryQueue:
    """Sends tasks by name to the broker of `app`, for ``halo worker`` processes to run."""

    in_process = False

    def __init__(self, app: Celery) -> None:
        """A queue on `app`, a Celery app configured for the broker and queue.

        See :func:`app.jobs.broker.make_celery`.
        """
        self.app = app

    def enqueue(self, task: Task[..., Any], *args: Any, countdown: float | None = None) -> None:
        """Send one task; a worker runs it (after `countdown` seconds if given)."""
        self.app.send_task(task.name, args=list(args), countdown=countdown)

    def waiting(self) -> int | None:
        """How many tasks wait in the work queue for a worker to take them (Redis ``LLEN``).

        Tasks a worker has taken (running, or held for a countdown) are not counted.

        Raises:
            redis.exceptions.ConnectionError: the broker is away.
        """
        import redis

        url = str(self.app.conf.broker_url)
        client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        try:
            return int(client.llen(self.app.conf.task_default_queue))
        finally:
            client.close()

    def enqueue_many(
        self, task: Task[..., Any], items: Sequence[Any], *, on_done: OnDone | None = None
    ) -> None:
        """Send one task per item on one broker connection.

        `on_done` is not called (the tasks finish on workers).
        """
        if not items:
            return
        with self.app.producer_or_acquire() as producer:
            for item in items:
                self.app.send_task(task.name, args=[item], producer=producer)


def get_queue() -> JobQueue:
    """The queue of the current settings.

    A :class:`CeleryQueue` when ``REDIS_URL`` is set, else an :class:`InProcessQueue` on
    ``in_process_threads`` threads. One per configuration (tests change the settings).
    """
    settings = get_settings()
    if settings.in_process_tasks:
        return _in_process_queue(settings.in_process_threads)
    return _celery_queue(
        settings.redis_url or "", settings.celery_queue, settings.celery_visibility_timeout
    )


@lru_cache(maxsize=4)
def _in_process_queue(threads: int) -> InProcessQueue:
    return InProcessQueue(threads)


@lru_cache(maxsize=4)
def _celery_queue(redis_url: str, queue: str, visibility_timeout: int) -> CeleryQueue:
    """A queue whose Celery app was configured from settings equal to the arguments."""
    return CeleryQueue(make_celery(set_as_current=False))

"""The one job engine (DESIGN.md §13): how planned work in the database gets done.

Agent runs and exports today, judge runs and generation jobs next, are jobs of this engine.
A job's *items* (a run's responses, an export job) are rows in the database; the engine runs
*tasks* over them — a task takes an id, opens its own session and makes one domain call — and
gives every job kind the same parts:

* :mod:`app.jobs.tasks` — :class:`~app.jobs.tasks.Task`, a named unit of work with its time
  limit; each domain declares its tasks in ``app/<domain>/tasks.py`` with
  :func:`~app.jobs.tasks.task`, together with the function that starts its job.
* :mod:`app.jobs.queue` — the :class:`~app.jobs.queue.JobQueue` interface with an in-process
  implementation (threads; the embedded default without ``REDIS_URL``) and a Celery one
  (sends by task name, so nothing here imports ``workers/``); :func:`~app.jobs.queue.get_queue`
  picks one from the settings.
* :mod:`app.jobs.broker` — the Celery app and its configuration;
  ``workers/`` only turns the domain's tasks into Celery tasks.
* :mod:`app.jobs.schedule` — :data:`~app.jobs.schedule.SCHEDULE`, the periodic tasks and their
  intervals, read by Celery beat and, without a broker, by the threads ``halo serve`` runs.
* :mod:`app.jobs.lease` — who holds a running item, heartbeats, and when an item is abandoned.
* :mod:`app.jobs.slots` — per-endpoint concurrency slots shared by every job that calls an
  endpoint (Redis across workers, or the threads of one process).
* :mod:`app.jobs.backoff` — exponential backoff with full jitter, and what a waiting item
  reports.
* :mod:`app.jobs.progress` — :class:`~app.jobs.progress.JobProgress`, the one progress view
  (pages and ``halo run``).

Web pages and the CLI start jobs through the domain (``app.runs.tasks.start_run``,
``app.export.tasks.start_export``), never through ``workers/``.

Extending: a new job kind declares its tasks in its domain's ``tasks.py`` and a start function
that lists its planned items and enqueues one task per item; ``workers/`` registers the tasks
with one line each. Recovery of lost work keeps that shape — the database is the truth, the
queue only a hint: a domain lists the planned items of its active jobs that have no live task
(``app.runs.service.reconcile``) and enqueues them again (``app.runs.tasks.reconcile``,
in the schedule).
"""

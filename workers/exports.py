"""Export tasks (:mod:`app.export.tasks`) on the worker."""

from __future__ import annotations

from app.export import tasks
from workers.celery_app import register

run_export = register(tasks.run_export)
fail_interrupted = register(tasks.fail_interrupted)

"""Construction tasks (:mod:`app.construction.tasks`) on the worker."""

from __future__ import annotations

from app.construction import tasks
from workers.celery_app import register

build_environment = register(tasks.build_environment)
reconcile = register(tasks.reconcile)

"""Run tasks (:mod:`app.runs.tasks`) on the worker."""

from __future__ import annotations

from app.runs import tasks
from workers.celery_app import register

execute_response = register(tasks.execute_response)
reconcile = register(tasks.reconcile)
recover_abandoned = register(tasks.recover_abandoned)

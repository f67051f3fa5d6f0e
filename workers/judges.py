"""Judge-run tasks (:mod:`app.judges.tasks`) on the worker."""

from __future__ import annotations

from app.judges import tasks
from workers.celery_app import register

execute_prediction = register(tasks.execute_prediction)
reconcile = register(tasks.reconcile)

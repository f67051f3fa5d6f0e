"""Metric tasks (:mod:`app.metrics.tasks`) on the worker."""

from __future__ import annotations

from app.metrics import tasks
from workers.celery_app import register

refresh_kept_cells = register(tasks.refresh_kept_cells)

"""Annotation tasks (:mod:`app.annotation.tasks`) on the worker."""

from __future__ import annotations

from app.annotation import tasks
from workers.celery_app import register

reclaim_expired = register(tasks.reclaim_expired)

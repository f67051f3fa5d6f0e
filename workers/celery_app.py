"""The Celery app. With no `REDIS_URL` it runs tasks eagerly, in-process (the embedded default).

Periodic tasks (Celery beat, ``halo worker --beat`` or ``celery -A workers.celery_app beat``):
``annotation.reclaim_expired`` every :data:`RECLAIM_EVERY_S` seconds (defined in
:mod:`app.annotation.reclaim`, whose thread does the same for ``halo serve`` without a broker),
``runs.recover_abandoned`` every :data:`RECOVER_EVERY_S` seconds.
"""

from __future__ import annotations

from celery import Celery

from app.annotation.reclaim import RECLAIM_EVERY_S
from app.settings import get_settings

RECOVER_EVERY_S = 60.0
"""How often beat re-queues running responses whose holder died (see workers.runs)."""


def make_celery() -> Celery:
    """A Celery app configured from settings (broker and result backend on Redis)."""
    settings = get_settings()
    app = Celery("halo", include=["workers.runs", "workers.exports", "workers.annotation"])
    if settings.redis_url:
        app.conf.update(broker_url=settings.redis_url, result_backend=settings.redis_url)
    else:
        app.conf.update(
            task_always_eager=True,
            task_eager_propagates=True,
            broker_url="memory://",
            result_backend="cache+memory://",
        )
    app.conf.update(
        task_default_queue=settings.celery_queue,
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_serializer="json",
        accept_content=["json"],
        result_expires=3600,
        broker_connection_retry_on_startup=True,
        broker_transport_options={"visibility_timeout": settings.celery_visibility_timeout},
        beat_schedule={
            "reclaim-expired-assignments": {
                "task": "annotation.reclaim_expired",
                "schedule": RECLAIM_EVERY_S,
                "options": {"expires": RECLAIM_EVERY_S},  # a missed run is replaced by the next
            },
            "recover-abandoned-responses": {
                "task": "runs.recover_abandoned",
                "schedule": RECOVER_EVERY_S,
                "options": {"expires": RECOVER_EVERY_S},
            },
        },
    )
    return app


celery_app = make_celery()

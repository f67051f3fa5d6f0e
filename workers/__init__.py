"""The Celery worker: the domain's tasks (``app/<domain>/tasks.py``) registered on the engine's
Celery app, one line each; no logic lives here."""

"""The Celery worker: the domain's tasks registered on the engine's Celery app.

The tasks of ``app/<domain>/tasks.py``, one line each; no logic lives here.
"""

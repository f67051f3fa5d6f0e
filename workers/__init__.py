"""Celery application and thin tasks; each task opens its own session and makes one domain call."""

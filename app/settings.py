"""Settings from environment variables and an optional `.env` (DESIGN.md §10)."""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from pathlib import Path

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent
DEV_SECRET = "dev-only-secret-change-me"  # noqa: S105  (refused outside development)
MIN_SECRET_LENGTH = 32

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_networks(value: str) -> tuple[Network, ...]:
    """The addresses and CIDR networks of a comma-separated list such as ``FORWARDED_ALLOW_IPS``.

    Args:
        value: e.g. ``"10.0.0.5, 192.168.0.0/24, ::1"``; blank entries are ignored, so ``""``
            is the empty list. A bare address is a one-address network (``/32`` or ``/128``).

    Returns:
        The networks, in the order given.

    Raises:
        ValueError: an entry that is not an IP address or a network (host bits set, as in
            ``10.0.0.5/24``, is refused rather than widened), or ``*`` (trusting every address
            would let any client choose the address it is throttled under).
    """
    networks: list[Network] = []
    for raw in value.split(","):
        entry = raw.strip()
        if not entry:
            continue
        if entry == "*":
            raise ValueError(
                "'*' would trust X-Forwarded-For from any client; list the proxies' addresses "
                "or networks (e.g. 10.0.0.0/24)"
            )
        try:
            networks.append(ipaddress.ip_network(entry))
        except ValueError as exc:
            raise ValueError(
                f"{entry!r} is not an IP address or a CIDR network such as 10.0.0.0/24 ({exc})"
            ) from exc
    return tuple(networks)


class Settings(BaseSettings):
    """Process-wide settings.

    Attributes:
        database_url: SQLAlchemy URL; unset → a SQLite file under ``./var/``.
        redis_url: Celery broker/backend; unset → tasks run in-process, on threads of this
            process (:class:`app.jobs.queue.InProcessQueue`).
        secret_key: signs session cookies; required outside development.
        environment: ``development`` or ``production``.
        var_dir: where the embedded default keeps its SQLite file (default: ``var/`` in the
            project folder, wherever the command is run from).
        session_max_age: seconds a log-in lasts.
        secure_cookies: send the session cookie over HTTPS only.
        celery_queue: the broker queue tasks go to (lets test runs share one Redis safely).
        celery_visibility_timeout: seconds before Redis redelivers a task whose worker died
            without acknowledging it (tasks are acknowledged late, after they finish).
        export_retention_days: finished export jobs (files and row) are deleted this many days
            after they finish; 0 keeps them whatever their age.
        export_keep_per_user: finished export jobs kept per user, newest first; 0 keeps all.
        in_process_threads: responses produced at once when tasks run in-process (no Redis);
            each agent's own endpoint concurrency limit still applies.
        agent_key_vars: comma-separated environment variable names an agent may name as its
            API-key variable besides ``*_API_KEY`` and ``*_API_TOKEN`` (e.g. ``OPENROUTER_KEY``).
        forwarded_allow_ips: comma-separated addresses and CIDR networks of the reverse proxies
            whose ``X-Forwarded-For`` / ``X-Forwarded-Proto`` headers are believed (default:
            none, so a client cannot choose the address its log-ins are throttled under). The
            one place of truth: ``create_app`` installs the proxy-header middleware from it and
            ``halo serve`` turns uvicorn's own off.
        endpoint_retry_window_s: seconds an agent's LLM call keeps retrying an endpoint that
            answers 429/5xx or times out (backoff waits included) before the response ends as
            ``rate_limited``/``endpoint_unavailable``/``timeout``; an agent's
            ``retry_window_s`` overrides it. Default five minutes, so a short outage is waited
            out.
        llm_request_deadline_s: seconds one LLM request may take from its start, connecting and
            reading the whole body included (the per-read ``timeout_s`` of an agent cannot stop
            an endpoint that sends one byte a second); a request past it ends as a retryable
            ``timeout``. An agent's ``deadline_s`` overrides it. Default ten minutes (a long
            reasoning reply arrives whole at the end); at most an hour.
        database_pool_size: PostgreSQL connections an engine keeps open (10 more may be opened
            under load); ``halo worker --pool threads`` raises it to its thread count + 4 unless
            it is set.
        reconcile_every_s: seconds between two runs of the reconciler on beat
            (``runs.reconcile``, :mod:`app.jobs.broker`).
        reconcile_grace_s: seconds a pending response of a running run may wait after its
            task was sent before the reconciler sends another (its task may have been lost with
            the broker); None: twice ``reconcile_every_s``. Shorter floods the queue with
            harmless duplicates while a long queue drains; longer leaves lost work waiting.
        generation_duplicate_cosine: the construction pipeline sends a scenario candidate back
            when the TF-IDF cosine of its story text (what an agent reads: events and initial
            records, :func:`app.scenarios.corpus.similarity.visible_text`) with a stored
            scenario or another candidate of its job reaches this (0-1; above 1 turns the check
            off). The shipped 90 scenarios' nearest neighbours lie at 0.07-0.45 (median 0.19),
            so 0.6 sends back copies and close rewrites and no distinct shipped story.
        import_max_line_bytes: longest line ``halo import responses`` reads, in bytes (its line
            break not counted); a longer line is refused with its number (DESIGN §3.4).
    """

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    database_url: str | None = None
    redis_url: str | None = None
    secret_key: str = DEV_SECRET
    environment: str = "development"
    var_dir: Path = ROOT / "var"
    session_max_age: int = 12 * 3600
    secure_cookies: bool = False
    celery_queue: str = "halo"
    celery_visibility_timeout: int = 3600
    export_retention_days: int = 30
    export_keep_per_user: int = 5
    in_process_threads: int = Field(default=4, ge=1, le=256)
    database_pool_size: int = Field(default=10, ge=1, le=1000)
    endpoint_retry_window_s: float = Field(default=300.0, ge=0, le=86_400)
    llm_request_deadline_s: float = Field(default=600.0, gt=0, le=3600)
    reconcile_every_s: float = Field(default=60.0, gt=0, le=86_400)
    reconcile_grace_s: float | None = Field(default=None, gt=0, le=86_400)
    agent_key_vars: str = ""
    forwarded_allow_ips: str = ""

    @field_validator("forwarded_allow_ips")
    @classmethod
    def _check_forwarded_allow_ips(cls, value: str) -> str:
        """Refuse a malformed proxy list at start-up, naming the bad entry.

        Uvicorn would silently treat it as a host name that never matches.
        """
        parse_networks(value)
        return value

    import_max_line_bytes: int = Field(default=1_000_000, ge=1)
    generation_duplicate_cosine: float = Field(default=0.6, gt=0, le=1.01)

    @model_validator(mode="after")
    def _refuse_weak_secret(self) -> Settings:
        """Refuse a missing key outside development, and a short key anywhere.

        Session cookies are only as secret as this key: a guessable key lets anyone forge a
        session.
        """
        if self.secret_key == DEV_SECRET:
            if self.environment != "development":
                raise ValueError("SECRET_KEY must be set outside development")
            return self
        if len(self.secret_key) < MIN_SECRET_LENGTH or len(set(self.secret_key)) < 8:
            raise ValueError(
                f"SECRET_KEY must be at least {MIN_SECRET_LENGTH} random characters "
                "(e.g. the output of `openssl rand -hex 32`)"
            )
        return self

    @property
    def sqlalchemy_url(self) -> str:
        """The database URL; the embedded default is ``sqlite:///var/halo.db``."""
        if self.database_url:
            url = self.database_url
            if url.startswith("postgresql://"):
                url = "postgresql+psycopg://" + url[len("postgresql://") :]
            return url
        return f"sqlite:///{self.var_dir / 'halo.db'}"

    @property
    def reconcile_grace(self) -> float:
        """Seconds of :attr:`reconcile_grace_s`, twice :attr:`reconcile_every_s` when unset."""
        if self.reconcile_grace_s is not None:
            return self.reconcile_grace_s
        return 2 * self.reconcile_every_s

    @property
    def trusted_proxies(self) -> tuple[Network, ...]:
        """The networks of :attr:`forwarded_allow_ips` (empty: no proxy header is believed)."""
        return parse_networks(self.forwarded_allow_ips)

    @property
    def in_process_tasks(self) -> bool:
        """True when no broker is configured and tasks run in this process (on its threads)."""
        return not self.redis_url


@lru_cache
def get_settings() -> Settings:
    """The cached settings of this process (tests clear the cache to change them)."""
    return Settings()

"""Settings refuse secrets that would let anyone forge a session cookie, and proxy lists that are
not addresses or networks; `halo serve` refuses the development secret off loopback."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from pydantic import ValidationError
from typer.testing import CliRunner

from app import cli as halo
from app.settings import DEV_SECRET, Settings, get_settings


def test_the_development_secret_only_works_in_development() -> None:
    assert Settings(_env_file=None, secret_key=DEV_SECRET).environment == "development"
    with pytest.raises(ValidationError, match="SECRET_KEY must be set outside development"):
        Settings(_env_file=None, secret_key=DEV_SECRET, environment="production")


@pytest.mark.parametrize(
    "key", ["change-me-in-production", "x" * 40, "0123456789abcdef0123456789abcde"]
)
def test_short_or_repetitive_secrets_are_refused_everywhere(key: str) -> None:
    for environment in ("development", "production"):
        with pytest.raises(ValidationError, match="at least 32 random characters"):
            Settings(_env_file=None, secret_key=key, environment=environment)


def test_a_long_random_secret_is_accepted_in_production() -> None:
    key = "9f2c4e1a7b3d8f60a5c2e9b1d4f7a3c6e8b0d2f4a6c8e1b3d5f7a9c2e4b6d8f0"
    assert Settings(_env_file=None, secret_key=key, environment="production").secret_key == key


# ---------------------------------------------------------------------------------------------
# FORWARDED_ALLOW_IPS: the proxies whose X-Forwarded-For is believed


def test_no_proxy_is_trusted_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    assert Settings(_env_file=None).trusted_proxies == ()


def test_proxies_are_addresses_and_cidr_networks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", " 10.0.0.5, 192.168.0.0/24,,::1 , fd00::/8")
    assert Settings(_env_file=None).trusted_proxies == (
        ipaddress.ip_network("10.0.0.5/32"),
        ipaddress.ip_network("192.168.0.0/24"),
        ipaddress.ip_network("::1/128"),
        ipaddress.ip_network("fd00::/8"),
    )


@pytest.mark.parametrize(
    "value,message",
    [
        ("10.0.0.5, proxy.local", "'proxy.local' is not an IP address or a CIDR network"),
        ("10.0.0.5/24", "'10.0.0.5/24' is not an IP address or a CIDR network"),
        ("10.0.0.0/33", "'10.0.0.0/33' is not"),
        ("*", "would trust X-Forwarded-For from any client"),
    ],
)
def test_a_bad_proxy_list_is_refused_naming_the_entry(value: str, message: str) -> None:
    with pytest.raises(ValidationError, match="forwarded_allow_ips") as caught:
        Settings(_env_file=None, forwarded_allow_ips=value)
    assert message in str(caught.value)


# ---------------------------------------------------------------------------------------------
# `halo serve`: the development secret only on loopback


@pytest.fixture
def serve_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    """uvicorn.run replaced by a recorder; settings from a clean environment."""
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: calls.append({"app": app, **kwargs}))
    for name in ("SECRET_KEY", "ENVIRONMENT", "FORWARDED_ALLOW_IPS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(Path(__file__).parent)  # no .env here
    get_settings.cache_clear()
    yield calls
    get_settings.cache_clear()


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "halo.example.org"])
def test_serve_refuses_the_development_secret_off_loopback(
    serve_calls: list[dict[str, Any]], host: str
) -> None:
    result = CliRunner().invoke(halo.cli, ["serve", "--host", host])
    assert result.exit_code == 1
    assert f"refusing to serve on {host}: SECRET_KEY is the development secret" in result.output
    assert "openssl rand -hex 32" in result.output
    assert serve_calls == []  # nothing was served


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
def test_serve_on_loopback_works_with_the_development_secret(
    serve_calls: list[dict[str, Any]], host: str
) -> None:
    result = CliRunner().invoke(halo.cli, ["serve", "--host", host, "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert serve_calls == [
        {
            "app": "app.main:create_app",
            "factory": True,
            "host": host,
            "port": 8123,
            "reload": False,
            "proxy_headers": False,  # the app alone reads them, from FORWARDED_ALLOW_IPS
        }
    ]


def test_serve_off_loopback_with_a_secret_of_ones_own(
    serve_calls: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SECRET_KEY", "9f2c4e1a7b3d8f60a5c2e9b1d4f7a3c6" * 2)
    result = CliRunner().invoke(halo.cli, ["serve", "--host", "0.0.0.0"])
    assert result.exit_code == 0, result.output
    assert serve_calls[0]["host"] == "0.0.0.0"


def test_serve_reports_bad_settings_without_a_traceback(
    serve_calls: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ENVIRONMENT", "production")
    result = CliRunner().invoke(halo.cli, ["serve"])
    assert result.exit_code == 1
    assert "SECRET_KEY must be set outside development" in result.output
    assert "Traceback" not in result.output and serve_calls == []


def test_the_demo_refuses_before_any_set_up(serve_calls: list[dict[str, Any]]) -> None:
    result = CliRunner().invoke(halo.cli, ["demo", "--host", "0.0.0.0"])
    assert result.exit_code == 1
    assert "refusing to serve on 0.0.0.0" in result.output
    assert "1/5" not in result.output  # nothing was migrated or created


def test_the_reconciler_period_and_grace_come_from_the_settings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from app.jobs.broker import make_celery
    from app.settings import Settings

    monkeypatch.delenv("RECONCILE_EVERY_S", raising=False)
    monkeypatch.delenv("RECONCILE_GRACE_S", raising=False)
    assert Settings().reconcile_grace == 120.0  # twice the minute of beat
    monkeypatch.setenv("RECONCILE_EVERY_S", "5")
    assert Settings().reconcile_grace == 10.0
    monkeypatch.setenv("RECONCILE_GRACE_S", "3")
    assert Settings().reconcile_grace == 3.0
    monkeypatch.setattr("app.jobs.schedule.get_settings", Settings)
    # the broker's settings too: its cached get_settings() would otherwise keep this test's
    # environment for every later test in the process
    monkeypatch.setattr("app.jobs.broker.get_settings", Settings)
    schedule = make_celery(set_as_current=False).conf.beat_schedule["reconcile-runs"]
    queue = f"{Settings().celery_queue}.periodic"
    assert schedule["schedule"] == 5.0
    assert schedule["options"] == {"expires": 5.0, "queue": queue}
    judges = make_celery(set_as_current=False).conf.beat_schedule["reconcile-judge-runs"]
    assert judges["schedule"] == 5.0  # judge runs are reconciled as runs are
    monkeypatch.setenv("RECONCILE_EVERY_S", "0")
    with pytest.raises(ValidationError, match="reconcile_every_s"):
        Settings()


def test_beat_sends_to_a_queue_of_its_own_that_every_worker_consumes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # behind a run's backlog on the work queue a periodic task expires unread (its expiry is one
    # interval), so the reconciler would never run while a big run is queued (issue 11 item 1)
    from app.jobs.broker import make_celery
    from app.settings import Settings

    monkeypatch.setenv("CELERY_QUEUE", "q-adv")
    monkeypatch.setattr("app.jobs.schedule.get_settings", Settings)
    monkeypatch.setattr("app.jobs.broker.get_settings", Settings)
    conf = make_celery(set_as_current=False).conf
    assert {entry["options"]["queue"] for entry in conf.beat_schedule.values()} == {
        "q-adv.periodic"
    }
    assert conf.task_default_queue == "q-adv"
    app = make_celery(set_as_current=False)
    assert sorted(app.amqp.queues) == ["q-adv", "q-adv.periodic"]  # what a worker consumes

"""The job engine's queues: in-process (threads) and Celery (a real Redis), chosen by settings;
tasks by name; one progress tally; and nothing in app/ imports workers/."""

from __future__ import annotations

import ast
import json
import os
import threading
import time
import uuid
from pathlib import Path

import pytest
import redis

from app.jobs.progress import status_line, tally
from app.jobs.queue import CeleryQueue, InProcessQueue, get_queue
from app.jobs.tasks import TASKS, task
from app.settings import get_settings

REDIS_URL = os.environ.get("HALO_TEST_REDIS", "redis://127.0.0.1:6379/9")
APP = Path(__file__).resolve().parents[2] / "app"


def _name() -> str:
    return f"test.{uuid.uuid4().hex[:8]}"


def test_in_process_enqueue_runs_now_and_a_countdown_later() -> None:
    seen: list[tuple[str, float]] = []
    note = task(_name())(lambda value: seen.append((value, time.monotonic())))
    queue = InProcessQueue(threads=2)
    queue.enqueue(note, "now")
    assert [value for value, _ in seen] == ["now"]  # before enqueue returned
    asked = time.monotonic()
    queue.enqueue(note, "later", countdown=0.3)
    assert len(seen) == 1
    deadline = time.monotonic() + 5
    while len(seen) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert seen[1][0] == "later" and seen[1][1] - asked >= 0.3


def test_in_process_enqueue_propagates_the_task_error() -> None:
    def broken(_value: int) -> None:
        raise ValueError("bad item")

    with pytest.raises(ValueError, match="bad item"):
        InProcessQueue(threads=2).enqueue(task(_name())(broken), 1)


def test_in_process_many_run_on_at_most_the_threads_and_report_each() -> None:
    in_flight = peak = 0
    lock = threading.Lock()

    def square(value: int) -> int:
        nonlocal in_flight, peak
        with lock:
            in_flight += 1
            peak = max(peak, in_flight)
        time.sleep(0.1)
        with lock:
            in_flight -= 1
        return value * value

    done: list[tuple[int, int]] = []
    InProcessQueue(threads=3).enqueue_many(
        task(_name())(square),
        list(range(7)),
        on_done=lambda item, result: done.append((item, result)),
    )
    assert sorted(done) == [(i, i * i) for i in range(7)]
    assert peak == 3
    done.clear()
    InProcessQueue(threads=3).enqueue_many(task(_name())(square), [], on_done=done.append)
    assert done == []


def test_ctrl_c_stops_handing_out_items_and_lets_those_in_flight_finish() -> None:
    started: list[int] = []
    finished: list[int] = []

    def slow(value: int) -> int:
        started.append(value)
        time.sleep(0.2)
        finished.append(value)
        return value

    def interrupt(_item: int, _result: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        InProcessQueue(threads=2).enqueue_many(
            task(_name())(slow), list(range(10)), on_done=interrupt
        )
    assert 2 <= len(started) <= 4  # the first two, and at most two taken while the first ended
    assert sorted(finished) == sorted(started)  # nothing left half done
    assert len(started) < 10


def test_a_task_name_belongs_to_one_function() -> None:
    name = _name()

    def one() -> None: ...

    def two() -> None: ...

    declared = task(name, soft_time_limit_s=5, ignore_result=True)(one)
    assert TASKS[name] is declared and declared.soft_time_limit_s == 5 and declared.ignore_result
    with pytest.raises(ValueError, match=f"task '{name}' is already declared by"):
        task(name)(two)


def test_the_domain_declares_the_tasks_the_worker_knows() -> None:
    import app.annotation.tasks
    import app.construction.tasks
    import app.export.tasks
    import app.judges.tasks
    import app.runs.tasks  # noqa: F401

    expected = {
        "runs.execute_response": (900, True),
        "runs.reconcile": (None, True),
        "runs.recover_abandoned": (None, True),
        "exports.run": (6 * 3600, False),
        "exports.fail_interrupted": (None, False),
        "annotation.reclaim_expired": (300, False),
        "construction.build_environment": (6 * 3600, True),
        "construction.reconcile": (None, True),
        "judges.execute": (900, True),
        "judges.reconcile": (None, True),
    }
    declared = {
        name: (t.soft_time_limit_s, t.ignore_result)
        for name, t in TASKS.items()
        if not name.startswith("test.")
    }
    assert declared == expected


def test_get_queue_follows_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REDIS_URL", raising=False)
    get_settings.cache_clear()
    try:
        queue = get_queue()
        assert isinstance(queue, InProcessQueue) and queue.in_process
        assert queue.threads == get_settings().in_process_threads
        assert get_queue() is queue  # one per configuration
        monkeypatch.setenv("REDIS_URL", REDIS_URL)
        monkeypatch.setenv("CELERY_QUEUE", "halo-test-choice")
        get_settings.cache_clear()
        broker = get_queue()
        assert isinstance(broker, CeleryQueue) and not broker.in_process
        assert broker.app.conf.task_default_queue == "halo-test-choice"
    finally:
        get_settings.cache_clear()


def test_celery_queue_sends_each_task_by_name_to_the_broker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    queue_name = f"halo-test-{uuid.uuid4().hex[:8]}"
    monkeypatch.setenv("REDIS_URL", REDIS_URL)
    monkeypatch.setenv("CELERY_QUEUE", queue_name)
    get_settings.cache_clear()
    client = redis.Redis.from_url(REDIS_URL)
    ran: list[object] = []
    produce = task(_name())(ran.append)
    try:
        queue = get_queue()
        queue.enqueue_many(produce, ["r1", "r2", "r3"], on_done=lambda *_: ran.append("done"))
        queue.enqueue(produce, "r4", countdown=30)
        messages = [json.loads(m) for m in client.lrange(queue_name, 0, -1)]
    finally:
        client.delete(queue_name)
        get_settings.cache_clear()
    assert ran == []  # nothing runs here: a worker would
    by_arg = {json.loads(_body(m))[0][0]: m["headers"] for m in messages}
    assert sorted(by_arg) == ["r1", "r2", "r3", "r4"]
    assert {h["task"] for h in by_arg.values()} == {produce.name}
    assert by_arg["r4"]["eta"] is not None and by_arg["r1"]["eta"] is None


def _body(message: dict[str, object]) -> str:
    import base64

    body = message["body"]
    assert isinstance(body, str)
    return base64.b64decode(body).decode()


def test_progress_is_tallied_by_status() -> None:
    progress = tally(
        [("completed", 3), ("running", 2), ("api_error", 1), ("completed", 1)],
        finished=("completed", "api_error"),
    )
    assert progress == {
        "total": 7,
        "done": 5,
        "by_status": {"completed": 4, "running": 2, "api_error": 1},
    }
    assert status_line(progress) == "api_error 1 completed 4 running 2"
    assert tally([], finished=("completed",)) == {"total": 0, "done": 0, "by_status": {}}


def test_no_module_of_app_imports_workers() -> None:
    """Pages and the CLI start jobs through the domain; only workers/ knows Celery tasks."""
    offenders = []
    for path in sorted(APP.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            offenders += [
                f"{path.relative_to(APP.parent)}:{node.lineno}"
                for name in names
                if name == "workers" or name.startswith("workers.")
            ]
    assert offenders == []

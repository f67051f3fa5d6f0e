"""Agent runs at scale: N responses of 10 agents on the loopback fake endpoint, through a real
Celery worker on Redis and PostgreSQL.

Prints responses per second and where the time goes (arena: replay and commands; agent: HTTP
calls to the endpoint; database: loading and storing), summed inside the worker, plus the wall
time and the worker's peak memory. Targets on a 2-core machine (issue 13 item 4):

* zero latency, prefork: 8,000 responses at ≥ 136 responses/s
      .venv/bin/python bench/runs.py [--responses 8000] [--concurrency 3]
* an endpoint that takes 0.5 s per call, limit 64, one threaded worker process: 2,000
  responses within 1.3× of the ideal bound (calls × latency / limit)
      .venv/bin/python bench/runs.py --latency 0.5 --limit 64 --pool threads \
          --concurrency 64 --responses 2000

Needs PostgreSQL (HALO_TEST_PG, default postgresql://postgres@127.0.0.1:5432/postgres) and Redis
(HALO_TEST_REDIS, default redis://127.0.0.1:6379/9). Creates and drops its own database.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402
from sqlalchemy import create_engine, func  # noqa: E402
from sqlmodel import Session, select  # noqa: E402

ADMIN = os.environ.get("HALO_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("HALO_TEST_REDIS", "redis://127.0.0.1:6379/9")


def serve_fake_endpoint(urls: multiprocessing.Queue, latency: float) -> None:  # type: ignore[type-arg]
    """The loopback endpoint in a process of its own, so it never waits for this one's GIL.

    Every call sleeps `latency` seconds before it answers (one thread per connection).
    """
    from http.server import ThreadingHTTPServer

    from tests.fake_llm import FakeLLM, Reply, protocol_policy

    ThreadingHTTPServer.request_queue_size = 1024  # this process only: many connections at once

    def slow(body: dict[str, object]) -> Reply:
        reply = protocol_policy(body)  # type: ignore[arg-type]
        reply.delay_s = latency
        return reply

    llm = FakeLLM(slow, record=False).start()
    urls.put(llm.base_url)
    threading.Event().wait()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of `pid` and its children so far, in seconds (Linux /proc)."""
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    ticks = 0
    for each in pids:
        fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def backend_cpu(admin_url: str, database: str, exclude: set[int]) -> dict[int, float]:
    """CPU seconds so far of each PostgreSQL backend connected to `database` (pid → seconds).

    Backends of other databases (other engineers' tests on the same server) are left out, and
    so are the pids in `exclude` (this script's own polling connection).
    """
    with psycopg.connect(admin_url, autocommit=True) as conn:
        pids = [
            row[0]
            for row in conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s", (database,)
            )
        ]
    found: dict[int, float] = {}
    for pid in pids:
        if pid in exclude:
            continue
        try:
            found[pid] = cpu_seconds(pid)
        except (FileNotFoundError, ProcessLookupError):  # ended meanwhile
            continue
    return found


def peak_rss_mib(pid: int) -> float:
    """Peak resident memory (VmHWM) of `pid` and its children, in MiB (Linux /proc)."""
    total = 0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
    for each in pids:
        for line in Path(f"/proc/{each}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                total += int(line.split()[1])
    return total / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description="agent runs through Celery on Redis")
    parser.add_argument("--responses", type=int, default=8000)
    parser.add_argument("--agents", type=int, default=10)
    parser.add_argument(
        "--concurrency", type=int, default=3, help="worker processes (prefork) or threads"
    )
    parser.add_argument("--pool", choices=("prefork", "threads"), default="prefork")
    parser.add_argument(
        "--workers", type=int, default=1, help="worker commands started (each --concurrency)"
    )
    parser.add_argument("--latency", type=float, default=0.0, help="seconds per endpoint call")
    parser.add_argument("--limit", type=int, default=64, help="endpoint concurrency limit")
    parser.add_argument("--seeds", default=str(ROOT / "seeds"))
    args = parser.parse_args()

    name = name_db = f"halo_bench_{uuid.uuid4().hex[:8]}"
    url = ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1) + f"/{name}"
    with psycopg.connect(ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]
    queue = f"halo-bench-{uuid.uuid4().hex[:6]}"
    os.environ.update({"DATABASE_URL": url, "REDIS_URL": REDIS, "CELERY_QUEUE": queue})
    workers: list[subprocess.Popen[bytes]] = []
    from tests.celery_worker import start_worker, wait_for_worker

    urls: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    endpoint = multiprocessing.Process(
        target=serve_fake_endpoint, args=(urls, args.latency), daemon=True
    )
    endpoint.start()
    base_url = urls.get(timeout=30)

    try:
        from app.agents.service import create_agent
        from app.cli import upgrade_database
        from app.jobs.broker import make_celery
        from app.models import Response
        from app.runs.service import create_run, mark_run_started
        from app.scenarios.service import seed_tree

        upgrade_database(url)
        engine = create_engine(url)
        with Session(engine) as session:
            seed_tree(session, Path(args.seeds))
            agents = [f"model-{i:02d}" for i in range(args.agents)]
            for i, agent in enumerate(agents):
                model = f"m{i}-quiet" if i % 3 == 0 else f"m{i}"
                create_agent(
                    session,
                    name=agent,
                    config={"base_url": base_url, "model": model, "concurrency": args.limit},
                )
            run_ids, planned, seed = [], 0, 0
            while planned < args.responses:
                run = create_run(session, agent_names=agents, k=2, seed=seed, name=f"bench-{seed}")
                assert run.id is not None
                run_ids.append(run.id)
                planned += session.exec(
                    select(func.count()).select_from(Response).where(Response.run_id == run.id)
                ).one()
                seed += 1
            ids = list(
                session.exec(
                    select(Response.id)
                    .where(Response.run_id.in_(run_ids))  # type: ignore[attr-defined]
                    .order_by(Response.run_id, Response.checkpoint_id, Response.agent_id)
                )
            )[: args.responses]  # exactly the number asked for; the rest stay pending
            for run_id in run_ids:
                mark_run_started(session, run_id)
            print(
                f"planned {len(ids)} responses in {len(run_ids)} runs of {len(agents)} agents "
                f"over the seed corpus; worker {args.pool} × {args.concurrency}, endpoint "
                f"latency {args.latency:g} s, limit {args.limit}"
            )

            client = make_celery()
            for number in range(args.workers):
                name = f"{queue}-{number}"
                workers.append(
                    start_worker(
                        env={},
                        queue=queue,
                        name=name,
                        concurrency=args.concurrency,
                        quiet=False,
                        pool=args.pool,
                    )
                )
                wait_for_worker(client, name, workers[-1], timeout=60)
            own = {session.exec(select(func.pg_backend_pid())).one()}
            load_before = Path("/proc/loadavg").read_text().split()[:3]
            pg_start = backend_cpu(ADMIN, name_db, own)
            endpoint_start = cpu_seconds(endpoint.pid)  # type: ignore[arg-type]
            start = time.perf_counter()
            cpu_start = sum(cpu_seconds(w.pid) for w in workers)
            with client.producer_or_acquire() as producer:
                for response_id in ids:
                    client.send_task("runs.execute_response", args=[response_id], producer=producer)
            enqueued = time.perf_counter() - start
            while True:
                done = session.exec(
                    select(func.count())
                    .select_from(Response)
                    .where(
                        Response.id.in_(ids),  # type: ignore[attr-defined]
                        Response.status.in_(("completed", "protocol_error", "api_error")),
                    )  # type: ignore[attr-defined]
                ).one()
                elapsed = time.perf_counter() - start
                if sys.stdout.isatty():
                    print(f"\r{done}/{len(ids)} responses, {elapsed:6.1f} s", end="", flush=True)
                if done >= len(ids) or elapsed > 900:
                    break
                time.sleep(0.5)
            wall = time.perf_counter() - start
            rss = sum(peak_rss_mib(w.pid) for w in workers)
            cpu = sum(cpu_seconds(w.pid) for w in workers) - cpu_start
            endpoint_cpu = cpu_seconds(endpoint.pid) - endpoint_start  # type: ignore[arg-type]
            pg_end = backend_cpu(ADMIN, name_db, own)
            pg_cpu = sum(value - pg_start.get(pid, 0.0) for pid, value in pg_end.items())
            load_after = Path("/proc/loadavg").read_text().split()[:3]
            print()
            rows = session.exec(
                select(Response.status, Response.timings).where(Response.id.in_(ids))
            ).all()  # type: ignore[attr-defined]
            client.close()
        statuses: dict[str, int] = {}
        for status, _ in rows:
            statuses[status] = statuses.get(status, 0) + 1
        timings = [t for _, t in rows if t]
        split = {
            key: sum(t.get(key, 0.0) for t in timings)
            for key in ("arena_s", "agent_s", "db_s", "total_s")
        }
        print(f"responses: {len(rows)} {statuses}")
        calls = sum(int(t.get("calls", 0)) for t in timings)
        if args.latency:
            ideal = calls * args.latency / args.limit
            print(
                f"ideal bound: {calls} calls × {args.latency:g} s / {args.limit} = {ideal:.1f} s; "
                f"measured {wall:.1f} s = {wall / ideal:.2f}× the bound (target ≤ 1.3×)"
            )
        print(
            f"worker peak RSS: {rss:.0f} MiB ({args.workers} worker(s), {args.pool} × "
            f"{args.concurrency} each)"
        )
        print(
            f"worker CPU: {cpu:.1f} s = {1000 * cpu / max(1, len(rows)):.1f} ms per response "
            f"({100 * cpu / wall:.0f}% of one core over the wall time)"
        )
        done_n = max(1, len(rows))
        print(
            f"CPU per response: worker {1000 * cpu / done_n:.2f} ms, fake endpoint "
            f"{1000 * endpoint_cpu / done_n:.2f} ms, PostgreSQL backends of this database "
            f"{1000 * pg_cpu / done_n:.2f} ms"
        )
        print(
            f"load average before {' '.join(load_before)}, after {' '.join(load_after)} "
            f"({os.cpu_count()} cores)"
        )
        print(
            f"wall time: {wall:.1f} s (enqueue {enqueued:.1f} s) → "
            f"{len(rows) / wall:.1f} responses/s (zero-latency target: ≥ 136/s)"
        )
        busy = split["total_s"] or 1.0
        print(
            f"worker time summed over tasks: {split['total_s']:.1f} s = "
            f"arena {split['arena_s']:.1f} s "
            f"({100 * split['arena_s'] / busy:.0f}%), HTTP {split['agent_s']:.1f} s "
            f"({100 * split['agent_s'] / busy:.0f}%), database {split['db_s']:.1f} s "
            f"({100 * split['db_s'] / busy:.0f}%)"
        )
        per = [t["total_s"] * 1000 for t in timings]
        print(
            f"per response: median {statistics.median(per):.1f} ms, "
            f"p95 {sorted(per)[int(0.95 * (len(per) - 1))]:.1f} ms"
        )
        engine.dispose()
    finally:
        endpoint.terminate()
        for each in workers:
            each.terminate()
        for each in workers:
            each.wait(20)
        with psycopg.connect(ADMIN, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name_db}" WITH (FORCE)')  # type: ignore[arg-type]


if __name__ == "__main__":
    main()

"""Agent runs at scale: N responses of 10 agents on the loopback fake endpoint (zero latency),
through a real Celery worker on Redis and PostgreSQL.

Prints responses per second and where the time goes (arena: replay and commands; agent: HTTP
calls to the endpoint; database: loading and storing), summed inside the worker, plus the wall
time. Target on a 2-core machine: 8,000 responses in ≤ 60 s.

    .venv/bin/python bench/runs.py [--responses 8000] [--concurrency 3] [--seeds seeds]

Needs PostgreSQL (HALO_TEST_PG, default postgresql://postgres@127.0.0.1:5432/postgres) and Redis
(HALO_TEST_REDIS, default redis://127.0.0.1:6379/9). Creates and drops its own database.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
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


def serve_fake_endpoint(urls: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    """The loopback endpoint in a process of its own, so it never waits for this one's GIL."""
    from tests.fake_llm import FakeLLM

    llm = FakeLLM(record=False).start()
    urls.put(llm.base_url)
    threading.Event().wait()


def main() -> None:
    parser = argparse.ArgumentParser(description="agent runs through Celery on Redis")
    parser.add_argument("--responses", type=int, default=8000)
    parser.add_argument("--agents", type=int, default=10)
    parser.add_argument("--concurrency", type=int, default=3, help="worker processes")
    parser.add_argument("--seeds", default=str(ROOT / "seeds"))
    args = parser.parse_args()

    name = f"halo_bench_{uuid.uuid4().hex[:8]}"
    url = ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1) + f"/{name}"
    with psycopg.connect(ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]
    queue = f"halo-bench-{uuid.uuid4().hex[:6]}"
    os.environ.update({"DATABASE_URL": url, "REDIS_URL": REDIS, "CELERY_QUEUE": queue})
    worker = None
    from tests.celery_worker import start_worker, wait_for_worker

    urls: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
    endpoint = multiprocessing.Process(target=serve_fake_endpoint, args=(urls,), daemon=True)
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
                    config={"base_url": base_url, "model": model, "concurrency": 64},
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
                f"over the seed corpus; worker concurrency {args.concurrency}"
            )

            worker = start_worker(
                env={}, queue=queue, name=queue, concurrency=args.concurrency, quiet=False
            )
            client = make_celery()
            wait_for_worker(client, queue, worker, timeout=60)
            start = time.perf_counter()
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
        print(
            f"wall time: {wall:.1f} s (enqueue {enqueued:.1f} s) → "
            f"{len(rows) / wall:.1f} responses/s (target: 8,000 in ≤ 60 s = 133/s)"
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
        if worker is not None:
            worker.terminate()
            worker.wait(20)
        with psycopg.connect(ADMIN, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]


if __name__ == "__main__":
    main()

"""The annotator's pages at scale, on PostgreSQL, through real HTTP (issue 16).

Creates its own database, fills it with ``--rows`` annotated responses (default 1,000,000, by
COPY: :mod:`bench.populate`), gives one annotator per size in ``--sizes`` (default 1,000, 20,000
and 100,000) that many open items of their own (10 responses per checkpoint, one per agent,
spread over every checkpoint of the synthetic scenarios), serves the app with uvicorn on a free
port and measures with logged-in sessions (CSRF token from the login form):

- ``item``: p50/p95 of GET /annotate/<item> (target p50 ≤ 50 ms at every size, within 1.5× of
  the 1,000-item figure);
- ``submit``: p50/p95 of POST /annotate/<item> (a valid diagnosis; the answer is the 303 to the
  next open item); same targets;
- ``queue``: p50/p95 of GET /annotate (the first page, a middle page, a filtered page; target
  ≤ 200 ms);
- ``overview``: p50/p95 of the lead's GET /lead over all the responses, each right after a
  change of content (one annotation saved again: every kept aggregate is computed afresh), and
  with the content unchanged (target ≤ 1 s afresh);
- ``throughput``: requests per second with 20 concurrent clients (item page, its progress line
  as the page fetches it, then submit; each client on its own items) for the largest size
  (target ≥ 20 req/s);
- ``batch``: seconds to create a batch of ``--batch-rows`` (default 1,000,000) new completed
  responses (:func:`app.annotation.creation.create_batch`, in process);
- ``import``: rows per second of ``halo import responses`` for ``--import-rows`` (default
  10,000) rows (a real run of the baselines on two seed scenarios, exported, its lines
  replicated under new ids and run names).

    .venv/bin/python bench/annotate.py [--sizes 1000,20000,100000] [--rows 1000000]
        [--parts item,submit,queue,overview,throughput,batch,import] [--repeat 30] [--keep]

The bulk load is vacuumed and the kept cells refreshed before anything is measured, as
autovacuum and the schedule would. Prints ``uptime`` first: figures taken on a loaded machine
say so.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import httpx  # noqa: E402
import psycopg  # noqa: E402
from sqlalchemy import create_engine, text  # noqa: E402
from sqlmodel import Session  # noqa: E402

from app.models.annotation import blind_order  # noqa: E402
from bench.populate import (  # noqa: E402
    STAMP,
    bench_database,
    populate,
    timed,
    touch_annotation,
)

PARTS = ("item", "submit", "queue", "overview", "throughput", "batch", "import")
PASSWORD = "bench-password-1"
PER_CHECKPOINT = 10
"""Responses per checkpoint in a bench queue: one per agent of the synthetic run."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _summary(label: str, seconds: list[float], target: str = "") -> float:
    p50 = statistics.median(seconds)
    print(
        f"  {label:<44} p50 {1000 * p50:7.1f} ms  p95 {1000 * _pct(seconds, 0.95):7.1f} ms"
        f"  (n={len(seconds)}){'  ' + target if target else ''}"
    )
    return p50


# --- data ----------------------------------------------------------------------------------


def give_items(
    url: str, conninfo: str, templates: Any, agents: list[int], sizes: list[int]
) -> dict[int, int]:
    """One annotator per size holding that many open items of a run of their own.

    Returns:
        size → the annotator's user id (username ``bench-q<size>``).
    """
    from app.models import Run
    from app.users.service import create_user

    engine = create_engine(url)
    with Session(engine) as session:
        checkpoints = [
            (cid, sid, t)
            for cid, sid, t in session.execute(
                text("SELECT id, scenario_id, t FROM checkpoints ORDER BY scenario_id, t")
            )
        ]
        users, runs = {}, {}
        for size in sizes:
            user = create_user(
                session, username=f"bench-q{size}", password=PASSWORD, role="annotator"
            )
            # a run holds one response per agent and checkpoint: as many runs as it takes
            made = [
                Run(name=f"bench-queue-{size}-{j}", status="completed")
                for j in range(-(-size // (PER_CHECKPOINT * len(checkpoints))))
            ]
            session.add_all(made)
            session.commit()
            users[size], runs[size] = user.id, [run.id for run in made]
    engine.dispose()
    responses, _annotations, _assignments = templates
    with psycopg.connect(conninfo) as conn, conn.cursor() as cur:
        for size in sizes:
            # a checkpoint gets PER_CHECKPOINT responses in a row, then the next checkpoint
            rows, places = [], []
            for i in range(size):
                slot = i // PER_CHECKPOINT
                cid, sid, t = checkpoints[slot % len(checkpoints)]
                run_id = runs[size][slot // len(checkpoints)]
                cells = responses[i % len(responses)].split("\t")
                cells[0], cells[1] = str(agents[i % PER_CHECKPOINT]), str(cid)
                response_id = f"q{size}-{i:07d}"
                rows.append(f"{response_id}\t{run_id}\t" + "\t".join(cells) + "\n")
                places.append(
                    f"{response_id}\t{users[size]}\t1\t{STAMP}\tprimary\t{sid}\t{t}\t"
                    f"{blind_order(response_id)}\n"
                )
            with cur.copy(
                "COPY responses (id, run_id, agent_id, checkpoint_id, status, action, "
                "level_predicted, rationale, trajectory, state_diff, permission_flags, llm_calls, "
                "prompt_tokens, completion_tokens, reasoning_tokens, retrieval_rounds, "
                "local_content_access, timings, created_at, finished_at) FROM STDIN"
            ) as copy:
                copy.write("".join(rows).encode())
            with cur.copy(
                "COPY assignments (response_id, annotator_id, phase, assigned_at, kind, "
                "scenario_id, checkpoint_t, blind_order) FROM STDIN"
            ) as copy:
                copy.write("".join(places).encode())
        conn.commit()
        conn.autocommit = True
        conn.execute("ANALYZE")  # every table, as autovacuum would after such a load
    return users


# --- HTTP ----------------------------------------------------------------------------------


class Server:
    """``uvicorn app.main:create_app`` on a free port, in a child process."""

    def __init__(self, url: str, var_dir: str) -> None:
        """Start it against the database at `url` and wait until it answers."""
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "DATABASE_URL": url, "VAR_DIR": var_dir, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "app.main:create_app",
                "--factory",
                "--port",
                str(self.port),
                "--log-level",
                "warning",
            ],
            env=env,
            cwd=ROOT,
        )
        for _ in range(300):
            try:
                if httpx.get(f"{self.base}/login", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("uvicorn did not start")

    def stop(self) -> None:
        """Stop the server."""
        self.process.terminate()
        self.process.wait(timeout=20)


def login(base: str, username: str) -> tuple[httpx.Client, str]:
    """A logged-in client and its CSRF token."""
    client = httpx.Client(base_url=base, timeout=60)
    page = client.get("/login")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert token is not None
    done = client.post(
        "/login",
        data={"username": username, "password": PASSWORD, "csrf_token": token.group(1)},
    )
    assert done.status_code in (200, 303), done.text[:300]
    after = re.search(r'"X-CSRF-Token": "([^"]+)"', client.get("/annotate").text) or token
    return client, after.group(1)


def _items(url: str, annotator_id: int) -> list[tuple[str, str]]:
    """The annotator's open items, ``(response id, level to confirm)``, in queue order."""
    engine = create_engine(url)
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT a.response_id, r.level_predicted FROM assignments a "
                "JOIN responses r ON r.id = a.response_id "
                "WHERE a.annotator_id = :a AND a.released_at IS NULL AND NOT EXISTS "
                "(SELECT 1 FROM annotations n WHERE n.response_id = a.response_id "
                "AND n.annotator_id = a.annotator_id) "
                "ORDER BY a.scenario_id, a.checkpoint_t, a.blind_order"
            ),
            {"a": annotator_id},
        ).all()
    engine.dispose()
    return [(str(r), str(level)) for r, level in rows]


def _get(client: httpx.Client, path: str) -> float:
    start = time.perf_counter()
    page = client.get(path)
    seconds = time.perf_counter() - start
    assert page.status_code == 200, (path, page.status_code, page.text[:300])
    return seconds


def _submit(client: httpx.Client, token: str, response_id: str, level: str) -> float:
    start = time.perf_counter()
    done = client.post(
        f"/annotate/{response_id}",
        data={"level": level, "verdict": "accept", "version": "", "csrf_token": token},
    )
    seconds = time.perf_counter() - start
    assert done.status_code == 303, (response_id, done.status_code, done.text[:300])
    return seconds


def measure_size(
    base: str, url: str, size: int, annotator_id: int, parts: set[str], repeat: int
) -> dict[str, float]:
    """The annotator's item page, submit and queue page; p50 seconds by part."""
    client, token = login(base, f"bench-q{size}")
    items = _items(url, annotator_id)
    middle = len(items) // 2
    result: dict[str, float] = {}
    print(f"one annotator holding {size:,} items:")
    picks = [items[(middle + 7 * i) % len(items)] for i in range(repeat + 3)]
    if "item" in parts:
        for rid, _ in picks[:3]:
            _get(client, f"/annotate/{rid}")  # warm-up
        times = [_get(client, f"/annotate/{rid}") for rid, _ in picks[3:]]
        result["item"] = _summary("item page GET /annotate/<item>", times, "target ≤ 50 ms")
        times = [_get(client, f"/annotate/{rid}/progress") for rid, _ in picks[3:]]
        _summary("its progress line GET /annotate/<item>/progress", times, "(fetched after)")
    if "submit" in parts:
        start = items[: repeat + 3]
        for rid, level in start[:3]:
            _submit(client, token, rid, level)
        times = [_submit(client, token, rid, level) for rid, level in start[3:]]
        result["submit"] = _summary("submit POST /annotate/<item> (303)", times, "target ≤ 50 ms")
    if "queue" in parts:
        _get(client, "/annotate")
        first = [_get(client, "/annotate") for _ in range(repeat)]
        result["queue"] = _summary("queue page, first page", first, "target ≤ 200 ms")
        after = items[middle][0]
        mid = [_get(client, f"/annotate?after={after}") for _ in range(repeat)]
        _summary("queue page, a middle page (?after=)", mid, "target ≤ 200 ms")
        filtered = [_get(client, "/annotate?status=open&need=risk") for _ in range(repeat)]
        _summary("queue page, filtered (status + need type)", filtered, "target ≤ 200 ms")
        search = [_get(client, "/annotate?q=syn-s01") for _ in range(repeat)]
        _summary("queue page, search ?q=", search, "target ≤ 200 ms")
    client.close()
    return result


def measure_throughput(base: str, url: str, size: int, annotator_id: int, seconds: float) -> None:
    """Requests per second with 20 clients, each opening then submitting items of its own."""
    items = _items(url, annotator_id)
    shares = [items[i::20] for i in range(20)]
    done: list[int] = [0] * 20
    errors: list[str] = []
    stop = time.perf_counter() + seconds

    def client_loop(index: int) -> None:
        client, token = login(base, f"bench-q{size}")
        try:
            for rid, level in shares[index]:
                if time.perf_counter() > stop:
                    break
                _get(client, f"/annotate/{rid}")
                _get(client, f"/annotate/{rid}/progress")  # as the page's htmx does
                _submit(client, token, rid, level)
                done[index] += 3
        except AssertionError as exc:
            errors.append(str(exc)[:200])
        finally:
            client.close()

    threads = [threading.Thread(target=client_loop, args=(i,)) for i in range(20)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    print(
        f"20 concurrent clients at {size:,} items: {sum(done) / elapsed:.1f} req/s "
        f"({sum(done)} requests in {elapsed:.1f} s: item page, its progress line and submit, "
        f"{sum(done) // 3 / elapsed:.1f} items/s; target ≥ 20 req/s)"
        + (f"; {len(errors)} client errors, first: {errors[0]}" if errors else "")
    )


def measure_overview(base: str, url: str, repeat: int) -> None:
    """The lead's overview over every response."""
    from app.users.service import create_user

    engine = create_engine(url)
    with Session(engine) as session:
        create_user(session, username="bench-lead", password=PASSWORD, role="lead")
    engine.dispose()
    client, _token = login(base, "bench-lead")
    _get(client, "/lead")
    fresh, panels = [], []
    for i in range(max(3, repeat // 5)):
        touch_annotation(url, offset=1000 + i)  # a change of content before each, as a submit
        fresh.append(_get(client, "/lead"))
        panels.append(_get(client, "/lead/progress"))  # what the page fetches after it
    _summary("lead overview GET /lead, after a change", fresh, "target ≤ 1 s")
    _summary("  its GET /lead/progress, after a change", panels, "(after the page)")
    kept = [_get(client, "/lead") for _ in range(max(3, repeat // 5))]
    _summary("lead overview GET /lead, content unchanged", kept)
    client.close()


# --- batch creation and import (code being sped up elsewhere: measured as it is) -----------


def measure_batch(url: str, conninfo: str, templates: Any, rows: int) -> None:
    """Seconds of :func:`create_batch` over `rows` new completed, unassigned responses."""
    from app.annotation.creation import create_batch
    from app.models import Run
    from app.users.service import create_user

    responses = templates[0]
    engine = create_engine(url)
    with Session(engine) as session:
        # a run holds one response per agent and checkpoint: the templates' size per run
        runs = [
            Run(name=f"bench-batch-{j}", status="completed")
            for j in range(-(-rows // len(responses)))
        ]
        session.add_all(runs)
        session.commit()
        run_ids = [run.id for run in runs]
        people = [
            create_user(session, username=f"bench-b{i}", password=PASSWORD, role="annotator").id
            for i in range(4)
        ]
    with psycopg.connect(conninfo) as conn, conn.cursor() as cur:
        with cur.copy(
            "COPY responses (id, run_id, agent_id, checkpoint_id, status, action, "
            "level_predicted, rationale, trajectory, state_diff, permission_flags, llm_calls, "
            "prompt_tokens, completion_tokens, reasoning_tokens, retrieval_rounds, "
            "local_content_access, timings, created_at, finished_at) FROM STDIN"
        ) as copy:
            for j, run_id in enumerate(run_ids):
                count = min(len(responses), rows - j * len(responses))
                copy.write(
                    "".join(
                        f"bb{j:04d}-{i:05d}\t{run_id}\t{responses[i]}\n" for i in range(count)
                    ).encode()
                )
        conn.commit()
        conn.autocommit = True
        conn.execute("ANALYZE responses")
    with Session(engine) as session:
        seconds, batch = timed(
            lambda: create_batch(
                session,
                name="bench batch",
                annotator_ids=[p for p in people if p is not None],
                created_by=None,
                expires_after_hours=None,  # every unassigned response: the new ones
            )
        )
        made = session.execute(
            text("SELECT count(*) FROM assignments WHERE batch_id = :b"), {"b": batch.id}
        ).scalar_one()
    engine.dispose()
    print(f"batch creation over {rows:,} responses: {seconds:.1f} s ({made:,} assignments)")


def measure_import(rows: int, var_dir: str) -> None:
    """Rows per second of ``import_responses`` (a fresh database with the seed scenarios)."""
    with bench_database("halo_bench_import") as (url, _conninfo):
        os.environ["DATABASE_URL"] = url
        from app.db import get_engine, session_scope
        from app.errors import ImportFailed
        from app.export.importer import import_responses
        from app.export.writers import export_dump
        from app.runs.service import ensure_baseline_agents
        from app.scenarios.service import seed_tree
        from app.settings import ROOT as APP_ROOT
        from app.settings import get_settings
        from tests.factories import make_run

        get_settings.cache_clear()
        get_engine.cache_clear()
        with session_scope() as session:
            seed_tree(session, APP_ROOT / "seeds")
            ensure_baseline_agents(session)
            session.commit()
            make_run(session, scenario_ids=["hm-05", "wp-04"], k=2)
            out = Path(var_dir) / "import-src"
            export_dump(session, out, formats=("jsonl",))
        lines = [
            json.loads(line)
            for line in (out / "responses.jsonl").read_text().splitlines()
            if line.strip()
        ]
        lines = [row for row in lines if row.get("status") == "completed"] or lines
        big = Path(var_dir) / "import.jsonl"
        with big.open("w") as handle:
            for i in range(rows):
                row = dict(lines[i % len(lines)])
                row["response_id"] = f"imp-{i:07d}"
                row["run_id"] = f"bench-import-{i // len(lines)}"
                row["agent"] = f"external-{row['agent']}"  # not an agent run here
                handle.write(json.dumps(row) + "\n")
        with session_scope() as session:
            try:
                seconds, report = timed(lambda: import_responses(session, big))
            except ImportFailed as failed:
                print(f"import refused: {failed}; {getattr(failed, 'problems', '')}"[:2000])
                raise
        get_engine().dispose()
        print(
            f"import {rows:,} rows: {seconds:.1f} s ({rows / seconds:,.0f} rows/s; "
            f"{report.responses:,} responses imported)"
        )


# --- main ----------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description="annotator pages at scale (issue 16)")
    parser.add_argument("--sizes", default="1000,20000,100000", help="items per annotator")
    parser.add_argument("--rows", type=int, default=1_000_000, help="annotated responses")
    parser.add_argument("--parts", default=",".join(PARTS), help=f"any of {','.join(PARTS)}")
    parser.add_argument("--repeat", type=int, default=30, help="requests per figure")
    parser.add_argument("--seconds", type=float, default=15.0, help="throughput run length")
    parser.add_argument("--batch-rows", type=int, default=1_000_000)
    parser.add_argument("--import-rows", type=int, default=10_000)
    parser.add_argument("--keep", action="store_true", help="keep the database (name printed)")
    args = parser.parse_args()
    parts = {p.strip() for p in args.parts.split(",") if p.strip()}
    unknown = parts - set(PARTS)
    if unknown:
        parser.error(f"unknown parts: {', '.join(sorted(unknown))}")
    sizes = sorted(int(s) for s in args.sizes.split(",") if s.strip())
    load = subprocess.run(["uptime"], capture_output=True, text=True, check=False)
    print(f"machine: {os.cpu_count()} CPUs; uptime: {load.stdout.strip()}")
    tmp = tempfile.TemporaryDirectory(prefix="halo-bench-annotate-")
    os.environ["VAR_DIR"] = tmp.name
    try:
        with bench_database("halo_bench_annotate", keep=args.keep) as (url, conninfo):
            filled = populate(url, conninfo, rows=args.rows)
            print(f"populated {args.rows:,} annotated responses in {filled['seconds']:.0f} s")
            checkpoints, seconds = filled["refresh"]
            print(
                f"kept cells refreshed after the load ({checkpoints:,} checkpoints) "
                f"in {seconds:.1f} s (metrics.refresh_kept_cells, as the schedule does)"
            )
            users = give_items(
                url, conninfo, filled["templates"], sorted(filled["ids"]["agents"].values()), sizes
            )
            server = Server(url, tmp.name)
            try:
                figures: dict[int, dict[str, float]] = {}
                if parts & {"item", "submit", "queue"}:
                    for size in sizes:
                        figures[size] = measure_size(
                            server.base, url, size, users[size], parts, args.repeat
                        )
                    small = figures[sizes[0]]
                    for part in ("item", "submit"):
                        if part in small:
                            ratios = ", ".join(
                                f"{s:,}: {figures[s][part] / small[part]:.2f}×" for s in sizes
                            )
                            print(f"  {part} p50 against {sizes[0]:,} items: {ratios} (≤ 1.5×)")
                if "overview" in parts:
                    measure_overview(server.base, url, args.repeat)
                if "throughput" in parts:
                    measure_throughput(server.base, url, sizes[-1], users[sizes[-1]], args.seconds)
            finally:
                server.stop()
            if "batch" in parts:
                try:
                    measure_batch(url, conninfo, filled["templates"], args.batch_rows)
                except Exception as exc:  # report it and go on to the import
                    print(
                        f"batch creation over {args.batch_rows:,} responses failed: "
                        f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
                    )
        if "import" in parts:
            measure_import(args.import_rows, tmp.name)
    finally:
        tmp.cleanup()
    load = subprocess.run(["uptime"], capture_output=True, text=True, check=False)
    print(f"uptime at the end: {load.stdout.strip()}")


if __name__ == "__main__":
    main()

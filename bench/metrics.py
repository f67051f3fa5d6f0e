"""Metric tables, the analysis page and the dataset export at scale, on PostgreSQL.

Inserts synthetic annotated responses shaped like HALO-8K (``generate_paper_shaped``: 10 models
× 400 scenarios × k = 2 = 8,000, each with its primary assignment), then replicates them with
COPY into further runs up to ``--rows`` (default 1,000,000), and prints:

- the refresh of the kept cells after each bulk load (``metrics.refresh_kept_cells``);
- Table 1 (``metric_table(session, "table1")``) at 8,000 and at ``--rows``, computed afresh
  right after a change of content (one verdict turned) and kept; targets ≤ 100 ms and ≤ 1 s;
- the analysis page: the real HTTP page (GET /analysis, every table) afresh after a change and
  kept, its figures as the browser then fetches them (GET /analysis/figure/<name>.svg), the
  lead overview (GET /lead), and a per-part breakdown (the judged cells, the agreement query,
  each pure table, the SVG figures) — each in a child process, with its peak RSS; targets
  /analysis ≤ 2 s and /lead ≤ 1 s at a million;
- the export of all ``--rows`` to JSONL and to Parquet, each in a child process, with time and
  peak RSS (``VmHWM``); target ≤ 300 MB.

    .venv/bin/python bench/metrics.py [--rows 1000000] [--base 8000] [--skip-export]

Needs PostgreSQL (HALO_TEST_PG, default postgresql://postgres@127.0.0.1:5432/postgres). Creates
and drops its own database; export files go to a temporary directory that is removed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402
from sqlalchemy import create_engine  # noqa: E402
from sqlmodel import Session  # noqa: E402

from bench.populate import (  # noqa: E402
    ADMIN,
    copy_replicas,
    make_runs,
    refresh_kept_cells,
    scaffold,
    templates_of,
    touch_annotation,
)


def vm_hwm_mb() -> float:
    """This process's peak resident set size in MB (``VmHWM``)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _url(name: str) -> str:
    return ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1) + f"/{name}"


def _timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


# --- measurements --------------------------------------------------------------------------


def time_table1(url: str, repeat: int = 5) -> tuple[float, float, int]:
    """Median seconds of Table 1 (``halo metrics table1``) over all responses (after one
    warm-up): computed afresh right after a change of content (one annotation saved again, as
    a submit does: its checkpoint is marked and computed from responses, the rest read from
    the kept cells) and kept; and its n."""
    from app import db
    from app.metrics.registry import metric_table

    engine = create_engine(url)
    with Session(engine) as session:
        _columns, rows = metric_table(session, "table1")
        cold = []
        for i in range(repeat):
            touch_annotation(url, offset=i)
            db._CACHE.clear()
            cold.append(_timed(lambda: metric_table(session, "table1"))[0])
        kept = [_timed(lambda: metric_table(session, "table1"))[0] for _ in range(repeat)]
    engine.dispose()
    return statistics.median(cold), statistics.median(kept), sum(r["n"] for r in rows)


def _print_table1(t1: tuple[float, float, int], target: str) -> None:
    cold, kept, n = t1
    print(
        f"Table 1 (halo metrics table1) at {n:,}: {1000 * cold:.1f} ms computed afresh "
        f"(target {target}), {1000 * kept:.1f} ms kept (content unchanged)"
    )


def page_breakdown(url: str) -> dict[str, Any]:
    """Seconds per part of the analysis page (run in a child process), and the peak RSS.

    The parts are exactly what :func:`app.metrics.render.analysis_report` computes — the one
    GROUP BY of judged cells, then each table and figure from the cells (the agreement table runs
    its own query) — plus the SVGs.
    """
    from app.metrics import charts, queries, registry, render

    parts: dict[str, float] = {}
    engine = create_engine(url)
    with Session(engine) as session, queries.paused_gc():  # as analysis_report runs
        src = registry.MetricSources(session, queries.MetricFilters())
        parts["judged cells (one GROUP BY)"], cells = _timed(lambda: src.cells)
        for name in registry.FIGURES:
            parts[f"{name} data"], _ = _timed(lambda n=name: registry.figure_of(src, n))
        for name, spec in registry.TABLES.items():
            if spec.on_page and not spec.needs_predictions:
                label = "agreement (own query)" if name == "agreement" else name
                parts[label], _ = _timed(lambda s=spec: render.metric_table_of(src, s))
        parts["filter options (SQL)"], _ = _timed(lambda: queries.filter_options(session))
        figures = {name: registry.figure_of(src, name) for name in registry.FIGURES}
        parts["SVG figures"], _ = _timed(
            lambda: [charts.RENDERERS[name](data) for name, data in figures.items()]
        )
        judged = sum(cell.n for cell in cells)
    engine.dispose()
    return {
        "judged": judged,
        "cells": len(cells),
        "parts": parts,
        "total": sum(parts.values()),
        "peak_rss_mb": vm_hwm_mb(),
    }


def page_http(url: str) -> dict[str, Any]:
    """GET /analysis (every table and figure, HTML) as a lead, run in a child process: seconds
    of the second request (the first loads imports, templates, fonts and warms the database's
    cache; the SVG cache is cleared in between, so the figures are drawn again), and peak RSS."""
    os.environ["DATABASE_URL"] = url
    from app.db import get_engine
    from app.main import create_app
    from app.metrics import charts
    from app.settings import get_settings
    from app.users.service import create_user

    get_settings.cache_clear()
    get_engine.cache_clear()
    from fastapi.testclient import TestClient

    app = create_app()
    if not any(getattr(r, "path", "").startswith("/analysis") for r in app.routes):
        from app.web.pages import analysis

        app.include_router(analysis.router)
    username = f"bench-lead-{uuid.uuid4().hex[:8]}"
    with Session(get_engine()) as session:
        create_user(session, username=username, password="bench-password-1", role="lead")
    with TestClient(app) as client:
        token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/login").text)
        assert token is not None
        client.post(
            "/login",
            data={
                "username": username,
                "password": "bench-password-1",
                "csrf_token": token.group(1),
            },
            follow_redirects=False,  # measure /analysis only, not the overview page
        )
        client.get("/analysis")  # warm-up: imports, templates, fonts
        client.get("/lead")
        from app import db

        timings: dict[str, float] = {}
        for offset, path in enumerate(("/analysis", "/lead")):
            touch_annotation(url, offset=100 + offset)  # a change of content, as a submit
            db._CACHE.clear()  # aggregates computed afresh (the change invalidates them)
            charts._CACHE.clear()
            timings[f"{path} cold"], page = _timed(lambda p=path: client.get(p))
            assert page.status_code == 200, page.text[:500]
            if path == "/analysis":  # then its figures, as the browser fetches them
                figures = re.findall(r'<img src="(/analysis/figure/[^"]+)"', page.text)
                timings["figures cold"], drawn = _timed(
                    lambda f=figures: [client.get(src.replace("&amp;", "&")) for src in f]
                )
                assert all(r.status_code == 200 for r in drawn)
                timings["figures count"] = len(figures)
            timings[f"{path} kept"], page = _timed(lambda p=path: client.get(p))
            assert page.status_code == 200, page.text[:500]
            if path == "/analysis":
                judged = re.search(r'id="judged-count">([\d,]+) judged', page.text)
        seconds = timings["/analysis kept"]
    get_engine().dispose()
    return {
        "seconds": seconds,
        "timings": timings,
        "judged": judged.group(1) if judged else "?",
        "peak_rss_mb": vm_hwm_mb(),
    }


def export_child(url: str, fmt: str, out: str) -> dict[str, Any]:
    """Export everything in one format (run in a child process): seconds, rows, peak RSS."""
    from app.export.writers import export_dump

    engine = create_engine(url)
    baseline = vm_hwm_mb()
    with Session(engine) as session:
        seconds, summary = _timed(lambda: export_dump(session, Path(out), formats=(fmt,)))
    engine.dispose()
    size = Path(summary["files"][f"responses.{fmt}"]).stat().st_size
    return {
        "seconds": seconds,
        "rows": summary["rows"],
        "bytes": size,
        "peak_rss_mb": vm_hwm_mb(),
        "rss_before_mb": baseline,
    }


def _child(*argv: str, timeout: float) -> dict[str, Any]:
    """Run this script in a child process; its last stdout line is a JSON result."""
    done = subprocess.run(
        [sys.executable, __file__, *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"child {argv[:2]} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _print_http(result: dict[str, Any]) -> None:
    t = result["timings"]
    print(
        f"  GET /analysis (HTML, every table; target ≤ 2 s): {t['/analysis cold']:.2f} s "
        f"computed afresh after a change, {t['/analysis kept']:.2f} s kept (content "
        f"unchanged), over {result['judged']} judged responses, peak RSS "
        f"{result['peak_rss_mb']:.0f} MB"
    )
    print(
        f"  its {t['figures count']:.0f} figures (GET /analysis/figure/<name>.svg, as the browser "
        f"fetches them while they scroll into view): {t['figures cold']:.2f} s one after another"
    )
    print(
        f"  GET /lead (overview; target ≤ 1 s): {t['/lead cold']:.2f} s computed afresh after a "
        f"change, {t['/lead kept']:.2f} s with the aggregates kept"
    )


def _print_refresh(url: str) -> None:
    """Refresh the kept cells, as the periodic task does after a bulk load."""
    checkpoints, seconds = refresh_kept_cells(url)
    engine = create_engine(url)
    with engine.connect() as connection:
        kept = connection.exec_driver_sql("SELECT count(*) FROM kept_cells").scalar()
    engine.dispose()
    print(
        f"kept cells refreshed ({checkpoints:,} marked checkpoints; {kept:,} rows kept) "
        f"in {seconds:.1f} s (metrics.refresh_kept_cells)"
    )


def _print_breakdown(label: str, result: dict[str, Any]) -> None:
    print(
        f"  {label}: {result['total']:.2f} s over {result['judged']:,} judged responses "
        f"({result['cells']:,} agent × checkpoint cells), peak RSS {result['peak_rss_mb']:.0f} MB"
    )
    for part, seconds in result["parts"].items():
        print(f"    {part:<28} {seconds:8.3f} s")


# --- main ----------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description="metrics, analysis page and export at scale")
    parser.add_argument("--rows", type=int, default=1_000_000, help="responses in the end")
    parser.add_argument("--base", type=int, default=8000, help="synthetic responses (÷ 20)")
    parser.add_argument("--skip-export", action="store_true")
    parser.add_argument(
        "--keep", action="store_true", help="keep the database (its name is printed) to reuse"
    )
    parser.add_argument("--reuse", help="measure on a database kept by --keep (migrated first)")
    parser.add_argument("--child", choices=["page", "http", "export"], help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--format", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child == "page":
        print(json.dumps(page_breakdown(args.url)))
        return
    if args.child == "http":
        print(json.dumps(page_http(args.url)))
        return
    if args.child == "export":
        print(json.dumps(export_child(args.url, args.format, args.out)))
        return

    from app.cli import upgrade_database
    from app.metrics.synthetic import generate_paper_shaped

    if args.reuse:
        url = _url(args.reuse)
        upgrade_database(url)
        _print_refresh(url)
        _print_table1(time_table1(url, repeat=3), "≤ 1 s")
        print(f"analysis page and overview on {args.reuse}:")
        _print_http(_child("--child", "http", "--url", url, timeout=3600))
        _print_breakdown("breakdown", _child("--child", "page", "--url", url, timeout=3600))
        return

    name = f"halo_bench_{uuid.uuid4().hex[:8]}"
    url = _url(name)
    conninfo = ADMIN.rsplit("/", 1)[0] + f"/{name}"
    with psycopg.connect(ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]
    tmp = tempfile.TemporaryDirectory(prefix="halo-bench-")
    os.environ["VAR_DIR"] = tmp.name
    try:
        upgrade_database(url)
        engine = create_engine(url)
        rows = generate_paper_shaped(n_models=10, n_scenarios=max(1, args.base // 20), k=2)
        base = len(rows)
        with Session(engine) as session:
            ids = scaffold(session, rows)
            templates = templates_of(rows, ids)
            (run0,) = make_runs(session, 0, 1)
        seconds, _ = _timed(lambda: copy_replicas(conninfo, templates, [(0, run0, base)]))
        print(f"inserted {base:,} synthetic annotated responses in {seconds:.1f} s")
        _print_refresh(url)

        _print_table1(time_table1(url), "≤ 100 ms")
        print(f"analysis page at {base:,}:")
        _print_http(_child("--child", "http", "--url", url, timeout=600))
        _print_breakdown("breakdown", _child("--child", "page", "--url", url, timeout=600))

        if args.rows > base:
            replicas, left, replica = [], args.rows - base, 1
            with Session(engine) as session:
                run_ids = make_runs(session, 1, -(-left // base))
            for run_id in run_ids:
                count = min(base, left)
                replicas.append((replica, run_id, count))
                left -= count
                replica += 1
            seconds, _ = _timed(lambda: copy_replicas(conninfo, templates, replicas))
            print(
                f"replicated to {args.rows:,} responses with COPY in {seconds:.1f} s "
                f"({len(replicas)} more runs)"
            )
            _print_refresh(url)
            _print_table1(time_table1(url, repeat=3), "≤ 1 s")
            print(f"analysis page and overview at {args.rows:,}:")
            _print_http(_child("--child", "http", "--url", url, timeout=3600))
            _print_breakdown("breakdown", _child("--child", "page", "--url", url, timeout=3600))
        engine.dispose()

        if not args.skip_export:
            for fmt in ("jsonl", "parquet"):
                out = Path(tmp.name) / f"export-{fmt}"
                result = _child(
                    "--child",
                    "export",
                    "--url",
                    url,
                    "--format",
                    fmt,
                    "--out",
                    str(out),
                    timeout=3600,
                )
                print(
                    f"export {result['rows']:,} rows to {fmt}: {result['seconds']:.1f} s "
                    f"({result['rows'] / result['seconds']:,.0f} rows/s, "
                    f"{result['bytes'] / 2**20:.0f} MB), peak RSS {result['peak_rss_mb']:.0f} MB "
                    f"(after imports {result['rss_before_mb']:.0f} MB; target ≤ 300 MB)"
                )
    finally:
        from app.db import get_engine

        get_engine().dispose()
        if args.keep:
            print(f"kept database {name} ({url})")
        else:
            with psycopg.connect(ADMIN, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]
        tmp.cleanup()


if __name__ == "__main__":
    main()

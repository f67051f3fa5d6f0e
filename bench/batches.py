"""A batch of a million responses on PostgreSQL: create, reassign a scenario, release, close.

Populates ``--rows`` completed responses (the HALO-8K-shaped rows of ``bench/populate.py``,
replicated with COPY, without their annotations and assignments), then times
``create_batch`` over all of them for 10 annotators (target ≤ 2 minutes at 1,000,000; before
issue 16 a batch over 65,535 responses failed with "number of parameters must be between 0 and
65535"), a ``reassign_scenario`` of the largest scenario, and the release of the whole batch.

    .venv/bin/python bench/batches.py [--rows 1000000]

Needs PostgreSQL (HALO_TEST_PG, default postgresql://postgres@127.0.0.1:5432/postgres). Creates
and drops its own database.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import populate  # noqa: E402
import psycopg  # noqa: E402
from sqlalchemy import create_engine, func, text  # noqa: E402
from sqlmodel import Session, col, select  # noqa: E402


def main() -> None:
    """Populate, then time the bulk paths of a batch; prints one line per step."""
    parser = argparse.ArgumentParser(description="a batch of a million responses")
    parser.add_argument("--rows", type=int, default=1_000_000, help="completed responses")
    parser.add_argument("--profile", action="store_true", help="where create_batch spends")
    args = parser.parse_args()

    from app.annotation.creation import create_batch
    from app.annotation.moves import reassign_scenario, release
    from app.cli import upgrade_database
    from app.metrics.synthetic import generate_paper_shaped
    from app.models import Assignment, Checkpoint, Response
    from app.users.service import create_user

    name = f"halo_bench_{uuid.uuid4().hex[:8]}"
    url = populate.url_of(name)
    conninfo = populate.conninfo_of(name)
    with psycopg.connect(populate.ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]
    tmp = tempfile.TemporaryDirectory(prefix="halo-bench-")
    os.environ["VAR_DIR"] = tmp.name
    engine = create_engine(url)
    try:
        upgrade_database(url)
        rows = generate_paper_shaped(n_models=10, n_scenarios=400, k=2)
        with Session(engine) as session:
            ids = populate.scaffold(session, rows)
            templates = populate.templates_of(rows, ids)
            replicas, left = [], args.rows
            run_ids = populate.make_runs(session, 0, -(-args.rows // len(rows)))
        for replica, run_id in enumerate(run_ids):
            replicas.append((replica, run_id, min(len(rows), left)))
            left -= len(rows)
        start = time.perf_counter()
        populate.copy_replicas(conninfo, templates, replicas)
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute("TRUNCATE annotations, annotation_revisions, assignments CASCADE")
            conn.execute("VACUUM ANALYZE assignments")
        print(f"{args.rows:,} completed responses in {time.perf_counter() - start:.1f} s")

        with Session(engine, expire_on_commit=False) as session:
            lead = create_user(session, username="bench-lead", password="bench-lead-1", role="lead")
            people = [
                create_user(
                    session, username=f"bench-a{i}", password="bench-password-1", role="annotator"
                )
                for i in range(10)
            ]
            profile = cProfile.Profile() if args.profile else None
            if profile is not None:
                profile.enable()
            start = time.perf_counter()
            batch = create_batch(
                session,
                name="million",
                annotator_ids=[p.id for p in people if p.id is not None],
                created_by=lead.id,
                expires_after_hours=None,
            )
            seconds = time.perf_counter() - start
            if profile is not None:
                profile.disable()
                pstats.Stats(profile).sort_stats("tottime").print_stats(25)
            count = session.exec(
                select(func.count()).where(col(Assignment.batch_id) == batch.id)
            ).one()
            print(f"create_batch: {count:,} assignments in {seconds:.1f} s (target ≤ 120 s)")

            scenario, holder, items = session.exec(
                select(Checkpoint.scenario_id, Assignment.annotator_id, func.count())
                .join(Response, col(Response.id) == col(Assignment.response_id))
                .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
                .group_by(Checkpoint.scenario_id, Assignment.annotator_id)
                .order_by(func.count().desc(), Checkpoint.scenario_id)
                .limit(1)
            ).one()
            other = next(p.id for p in people if p.id != holder)
            start = time.perf_counter()
            moved = reassign_scenario(
                session,
                batch_id=batch.id,
                scenario_id=scenario,
                kind="primary",
                from_annotator=holder,
                to_annotator=other,
                by=lead.id,
                reason="bench",
            )
            print(
                f"reassign_scenario: {len(moved):,} of {items:,} items of {scenario} in "
                f"{time.perf_counter() - start:.1f} s"
            )
            start = time.perf_counter()
            freed = release(session, batch_id=batch.id, by=lead.id, reason="bench")
            print(f"release: {freed:,} assignments in {time.perf_counter() - start:.1f} s")
            session.execute(text("SELECT 1"))
    finally:
        engine.dispose()
        with psycopg.connect(populate.ADMIN, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]
        tmp.cleanup()


if __name__ == "__main__":
    main()

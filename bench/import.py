"""``halo import responses`` at scale on PostgreSQL: rows per second.

Produces a run of the three baselines in-process over ``--scenarios`` seeded scenarios, has
every completed response judged, exports it (JSONL), writes ``--rows`` rows copied from those
(each under its own run name and response id, so every row is checked and stored), then times
``import_responses`` (both passes: checking every row, replaying its action in the arena, and
storing) in one transaction. Target: 10,000 rows ≤ 7 s (Label Studio's import rate, issue 16).

    .venv/bin/python bench/import.py [--rows 10000] [--scenarios 8]

Needs PostgreSQL (HALO_TEST_PG, default postgresql://postgres@127.0.0.1:5432/postgres). Creates
and drops its own database.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402
from sqlalchemy import create_engine  # noqa: E402
from sqlmodel import Session, select  # noqa: E402

ADMIN = os.environ.get("HALO_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")


def _url(name: str) -> str:
    return ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1) + f"/{name}"


def _rows(session: Session, scenarios: int, tmp: Path) -> list[dict[str, object]]:
    """The exported rows of a judged baseline run over the first `scenarios` scenarios."""
    from app.annotation.creation import create_batch
    from app.annotation.workspace import Answers, submit
    from app.export.writers import export_dump
    from app.models import Assignment, Response, Scenario, User
    from app.runs.service import create_run, execute_response
    from app.users.service import create_user

    ids = list(session.exec(select(Scenario.id).order_by(Scenario.id).limit(scenarios)))
    run = create_run(
        session,
        agent_names=["restraint", "notify_latest", "eager_executor"],
        k=1,
        seed=0,
        scenario_ids=ids,
    )
    for response_id in session.exec(select(Response.id).where(Response.run_id == run.id)).all():
        execute_response(session, response_id)
    annotator: User = create_user(
        session, username="bench-annotator", password="bench-password-1", role="annotator"
    )
    create_batch(session, name="b", annotator_ids=[annotator.id], created_by=None, run_id=run.id)
    held = session.exec(
        select(Assignment.response_id).where(Assignment.annotator_id == annotator.id)
    ).all()
    for response_id in held:
        response = session.get(Response, response_id)
        assert response is not None
        level = "L0" if response.action is None else response.level_predicted
        submit(
            session,
            annotator=annotator,
            response_id=response_id,
            answers=Answers(level=level, verdict="accept"),
            expected_version=None,
        )
    summary = export_dump(session, tmp / "dump", formats=("jsonl",), run_id=run.id)
    lines = Path(summary["files"]["responses.jsonl"]).read_text().splitlines()
    return [json.loads(line) for line in lines]


def main() -> None:
    """Prepare the file, import it, print rows per second."""
    parser = argparse.ArgumentParser(description="halo import responses at scale")
    parser.add_argument("--rows", type=int, default=10_000, help="rows in the imported file")
    parser.add_argument("--scenarios", type=int, default=8, help="scenarios of the base run")
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    args = parser.parse_args()

    from app.cli import upgrade_database
    from app.export.importer import import_responses
    from app.runs.service import ensure_baseline_agents
    from app.scenarios.service import seed_tree

    name = f"halo_bench_{uuid.uuid4().hex[:8]}"
    url = _url(name)
    with psycopg.connect(ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]
    tmp = tempfile.TemporaryDirectory(prefix="halo-bench-")
    os.environ["VAR_DIR"] = tmp.name
    engine = create_engine(url)
    try:
        upgrade_database(url)
        with Session(engine, expire_on_commit=False) as session:
            seed_tree(session, ROOT / "seeds")
            ensure_baseline_agents(session)
            base = _rows(session, args.scenarios, Path(tmp.name))
        path = Path(tmp.name) / "import.jsonl"
        with path.open("w") as out:
            for i in range(args.rows):
                row = base[i % len(base)]
                copy = i // len(base)
                out.write(
                    json.dumps(
                        {
                            **row,
                            "response_id": f"imp-{i:07d}",
                            "run_id": f"imported-{copy:05d}",
                            "agent": f"ext-{row['agent']}",
                        }
                    )
                    + "\n"
                )
        judged = sum(1 for row in base if row.get("verdict") is not None)
        actions = sum(1 for row in base if row.get("action") is not None)
        print(
            f"{args.rows:,} rows ({path.stat().st_size / 2**20:.1f} MB) from {len(base)} "
            f"exported rows ({judged} judged, {actions} with an action to replay)"
        )
        with Session(engine, expire_on_commit=False) as session:
            profile = cProfile.Profile() if args.profile else None
            start = time.perf_counter()
            if profile is not None:
                profile.enable()
            report = import_responses(session, path)
            seconds = time.perf_counter() - start
            if profile is not None:
                profile.disable()
                pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
        print(
            f"import_responses: {report.responses:,} responses ({report.annotations:,} annotated) "
            f"in {seconds:.2f} s: {report.responses / seconds:,.0f} rows/s (target: 10,000 ≤ 7 s)"
        )
    finally:
        engine.dispose()
        with psycopg.connect(ADMIN, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]
        tmp.cleanup()


if __name__ == "__main__":
    main()

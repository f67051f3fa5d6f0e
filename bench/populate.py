"""Synthetic HALO-shaped data at scale on PostgreSQL, shared by the bench scripts.

``generate_paper_shaped`` rows (10 models × scenarios × k = 2, each annotated by its primary
annotator) become the scaffold (environments, scenarios with every checkpoint, agents,
annotators) and COPY templates, replicated into further runs up to any number of responses
(``populate``), each with its primary assignment (its queue place included) and annotation as
the paired protocol leaves them. Used by ``bench/metrics.py`` and ``bench/annotate.py``.

Needs PostgreSQL (HALO_TEST_PG, default postgresql://postgres@127.0.0.1:5432/postgres).
"""

from __future__ import annotations

import json
import os
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402
from sqlmodel import Session  # noqa: E402

from app.models.annotation import blind_order  # noqa: E402

ADMIN = os.environ.get("HALO_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
ACTIONS = {"L1": "notify_user", "L2": "draft_email", "L3": "send_email"}
STAMP = "2026-01-01 00:00:00+00"


PERSONA = json.loads((ROOT / "seeds" / "arena" / "ed" / "environment.json").read_text())["persona"]
"""A real persona, so the annotator's item page renders as it does for seeded scenarios."""


def synthetic_events(n: int) -> list[dict[str, Any]]:
    """`n` observed events an hour apart, shaped like a scenario's (e1..en)."""
    return [
        {
            "id": f"e{i}",
            "at": f"2026-01-05T{8 + i % 12:02d}:00:00+00:00",
            "app": "email",
            "kind": "email_received",
            "summary": f"synthetic event {i}: a message about the school trip form",
            "payload": {"from": "office@example.org", "subject": f"Trip form {i}"},
        }
        for i in range(1, n + 1)
    ]


def url_of(name: str) -> str:
    """SQLAlchemy URL of database `name` on the bench's PostgreSQL server."""
    return ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1) + f"/{name}"


def conninfo_of(name: str) -> str:
    """psycopg conninfo of database `name`."""
    return ADMIN.rsplit("/", 1)[0] + f"/{name}"


@contextmanager
def bench_database(prefix: str = "halo_bench", *, keep: bool = False) -> Iterator[tuple[str, str]]:
    """A fresh, migrated database ``(SQLAlchemy URL, psycopg conninfo)``, dropped afterwards.

    With `keep` it is left in place and its name printed (to EXPLAIN its queries; drop it by
    hand).
    """
    from app.cli import upgrade_database

    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')  # type: ignore[arg-type]
    try:
        upgrade_database(url_of(name))
        yield url_of(name), conninfo_of(name)
    finally:
        from app.db import get_engine

        get_engine().dispose()
        if keep:
            print(f"kept database {name} ({url_of(name)})")
        else:
            with psycopg.connect(ADMIN, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')  # type: ignore[arg-type]


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """``(seconds, value)`` of calling `fn`."""
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def scaffold(session: Session, rows: list[Any]) -> dict[str, Any]:
    """Environments, scenarios, checkpoints, agents and annotators for the synthetic rows."""
    from app.metrics.synthetic import SCENARIOS_PER_ENVIRONMENT
    from app.models import Agent, Checkpoint, Environment, Scenario
    from app.users.service import create_user
    from app.vocabulary import DOMAINS

    scenarios: dict[str, tuple[str, int]] = {}
    for r in rows:
        scenarios.setdefault(r.scenario_id, (r.need_type, r.num_events))
    environments = {}
    for index, scenario_id in enumerate(sorted(scenarios)):
        env = index // SCENARIOS_PER_ENVIRONMENT
        environments[scenario_id] = (f"syn-e{env:02d}", DOMAINS[(env // 5) % len(DOMAINS)])
    for env_id, domain in sorted(set(environments.values())):
        session.add(
            Environment(
                id=env_id,
                domain=domain,
                timezone="UTC",
                persona=PERSONA,
                spec={},
                database_sql="",
                files={},
                content_hash="0" * 64,
            )
        )
    session.flush()
    for scenario_id, (need_type, n) in sorted(scenarios.items()):
        session.add(
            Scenario(
                id=scenario_id,
                environment_id=environments[scenario_id][0],
                need_type=need_type,
                title=f"synthetic {scenario_id}",
                num_events=n,
                events=synthetic_events(n),
                source={"id": scenario_id, "synthetic": True},
                content_hash="0" * 64,
            )
        )
    session.flush()
    for scenario_id, (_need, n) in sorted(scenarios.items()):
        for t in range(1, n + 1):
            session.add(Checkpoint(scenario_id=scenario_id, t=t, design="flow"))
    agents = {}
    for name in sorted({r.agent for r in rows}):
        agent = Agent(name=name, kind="external", config={})
        session.add(agent)
        session.flush()
        agents[name] = agent.id
    session.commit()
    checkpoints = {
        (sid, t): cid
        for cid, sid, t in session.execute(
            Checkpoint.__table__.select().with_only_columns(  # type: ignore[attr-defined]
                Checkpoint.id, Checkpoint.scenario_id, Checkpoint.t
            )
        )
    }
    annotators = {}
    for pseudonym in sorted({r.annotator for r in rows}):
        user = create_user(
            session, username=f"bench-{pseudonym}", password="bench-password-1", role="annotator"
        )
        annotators[pseudonym] = user.id
    return {"agents": agents, "checkpoints": checkpoints, "annotators": annotators}


def copy_text(value: Any) -> str:
    if value is None:
        return "\\N"
    if isinstance(value, bool):
        return "t" if value else "f"
    return str(value)


def templates_of(rows: list[Any], ids: dict[str, Any]) -> tuple[list[str], list[str], list[str]]:
    """Per row, the COPY text of a response (after its id and run) and of its annotation and
    primary assignment (after the response id)."""
    responses, annotations, assignments = [], [], []
    for r in rows:
        action = (
            json.dumps({"command": ACTIONS[r.level_predicted], "args": {"to": "self"}})
            if r.level_predicted in ACTIONS
            else None
        )
        trajectory = json.dumps(
            [
                {
                    "round": 1,
                    "command": "email_list",
                    "args": {"limit": 5},
                    "result": "3 emails: invoice due, dinner plans, school trip form",
                    "ok": True,
                }
            ]
        )
        cells = [
            copy_text(ids["agents"][r.agent]),
            copy_text(ids["checkpoints"][(r.scenario_id, r.checkpoint)]),
            "completed",
            copy_text(action),
            copy_text(r.level_predicted),
            "",
            trajectory,
            "[]",
            "[]",
            "[]",
            "1200",
            "150",
            copy_text(r.reasoning_tokens),
            copy_text(r.retrieval_rounds),
            copy_text(r.local_content_access),
            "{}",
            STAMP,
            STAMP,
        ]
        responses.append("\t".join(cells))
        issues = json.dumps([{"category": c, "note": "synthetic note"} for c in r.other_issues])
        annotations.append(
            "\t".join(
                [
                    copy_text(ids["annotators"][r.annotator]),
                    r.level,
                    r.verdict,
                    copy_text(r.timing),
                    copy_text(r.intensity),
                    copy_text(r.inaction),
                    issues,
                    "1",
                    "1",
                    STAMP,
                    STAMP,
                ]
            )
        )
        assignments.append(
            f"{ids['annotators'][r.annotator]}\t1\t{STAMP}\tprimary\t{r.scenario_id}\t{r.checkpoint}"
        )
    return responses, annotations, assignments


RESPONSE_COLUMNS = (
    "id, run_id, agent_id, checkpoint_id, status, action, level_predicted, rationale, "
    "trajectory, state_diff, permission_flags, llm_calls, prompt_tokens, completion_tokens, "
    "reasoning_tokens, retrieval_rounds, local_content_access, timings, created_at, finished_at"
)
ASSIGNMENT_COLUMNS = (
    "response_id, annotator_id, phase, assigned_at, kind, scenario_id, checkpoint_t, blind_order"
)
ANNOTATION_COLUMNS = (
    "response_id, annotator_id, level, verdict, timing, intensity, inaction, other_issues, "
    "version, phase, created_at, updated_at"
)


def copy_replicas(
    conninfo: str,
    templates: tuple[list[str], list[str], list[str]],
    replicas: list[tuple[int, int, int]],
) -> None:
    """COPY replicas ``(replica, run id, rows)`` of the templates into responses, their primary
    assignments and their annotations (as the paired protocol leaves them)."""
    responses, annotations, assignments = templates

    def chunks(kind: str) -> Iterator[bytes]:
        for replica, run_id, count in replicas:
            prefix = f"b{replica:04d}-"
            if kind == "responses":
                lines = (f"{prefix}{i:05d}\t{run_id}\t{responses[i]}\n" for i in range(count))
            elif kind == "assignments":
                lines = (
                    f"{prefix}{i:05d}\t{assignments[i]}\t{blind_order(f'{prefix}{i:05d}')}\n"
                    for i in range(count)
                )
            else:
                lines = (
                    f"{prefix}{i:05d}\t{relabelled(annotations, i, replica)}\n"
                    for i in range(count)
                )
            yield "".join(lines).encode()

    with psycopg.connect(conninfo) as conn:
        with conn.cursor() as cur:
            with cur.copy(f"COPY responses ({RESPONSE_COLUMNS}) FROM STDIN") as copy:
                for block in chunks("responses"):
                    copy.write(block)
            with cur.copy(f"COPY assignments ({ASSIGNMENT_COLUMNS}) FROM STDIN") as copy:
                for block in chunks("assignments"):
                    copy.write(block)
            with cur.copy(f"COPY annotations ({ANNOTATION_COLUMNS}) FROM STDIN") as copy:
                for block in chunks("annotations"):
                    copy.write(block)
        conn.commit()
        conn.autocommit = True
        # what autovacuum does soon after a bulk load (it is off on the development machine),
        # to every table: the visibility map lets index-only scans skip the heap, and the
        # planner knows the small tables too (scenarios never analysed made the filtered queue
        # page drive from an estimate of 2 scenarios per need type instead of 100: 224 ms, not
        # ~25 ms)
        conn.execute("VACUUM ANALYZE")


LABEL_STRIDE = 7919
"""Replica r judges template row i with the labels of row (i + r × this) mod the rows."""


def relabelled(annotations: list[str], i: int, replica: int) -> str:
    """The annotation template of row `i` (its annotator) with the labels of another row.

    Replicas of a checkpoint are thus judged differently, as real annotators judge different
    responses: their label groups are the many per agent and checkpoint real data gives, not
    one. Replica 0 keeps its own labels.
    """
    if replica == 0:
        return annotations[i]
    annotator = annotations[i].split("\t", 1)[0]
    labels = annotations[(i + replica * LABEL_STRIDE) % len(annotations)].split("\t", 1)[1]
    return f"{annotator}\t{labels}"


def refresh_kept_cells(url: str) -> tuple[int, float]:
    """What the periodic ``metrics.refresh_kept_cells`` does after a bulk load, timed.

    Returns:
        ``(checkpoints recomputed, seconds)``.
    """
    from sqlalchemy import create_engine

    from app.metrics.kept import refresh_kept_cells as refresh

    engine = create_engine(url)
    start = time.perf_counter()
    with Session(engine) as session:
        refreshed = refresh(session)
        session.commit()
    engine.dispose()
    return refreshed, time.perf_counter() - start


def touch_annotation(url: str, offset: int = 0) -> None:
    """A change of content, as a submit makes: one annotation saved again with its verdict
    turned (an accepted one rejected with no timing or intensity, a rejected one accepted).

    Its checkpoint is marked for the kept cells and every kept aggregate is invalidated.
    """
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://", 1)) as conn:
        conn.execute(
            "UPDATE annotations SET version = version + 1, timing = NULL, intensity = NULL, "
            "verdict = CASE verdict WHEN 'accept' THEN 'reject' ELSE 'accept' END WHERE id = "
            "(SELECT id FROM annotations ORDER BY id OFFSET %s LIMIT 1)",
            (offset,),
        )


def make_runs(session: Session, first: int, count: int) -> list[int]:
    from app.models import Run

    runs = [Run(name=f"bench-{first + i:04d}", status="completed") for i in range(count)]
    session.add_all(runs)
    session.commit()
    return [run.id for run in runs if run.id is not None]


def populate(url: str, conninfo: str, *, rows: int, base: int = 8000) -> dict[str, Any]:
    """Fill a bench database with `rows` annotated responses (``base`` synthetic, replicated).

    Returns:
        ``{"ids": scaffold ids, "templates": COPY templates, "base": synthetic rows,
        "rows": responses written, "seconds": time taken, "refresh": (checkpoints, seconds) of
        the refresh of the kept cells afterwards}``.
    """
    from sqlalchemy import create_engine

    from app.metrics.synthetic import generate_paper_shaped

    start = time.perf_counter()
    engine = create_engine(url)
    synthetic = generate_paper_shaped(n_models=10, n_scenarios=max(1, base // 20), k=2)
    count = len(synthetic)
    with Session(engine) as session:
        ids = scaffold(session, synthetic)
        templates = templates_of(synthetic, ids)
        (run0,) = make_runs(session, 0, 1)
    copy_replicas(conninfo, templates, [(0, run0, min(count, rows))])
    if rows > count:
        replicas, left, replica = [], rows - count, 1
        with Session(engine) as session:
            run_ids = make_runs(session, 1, -(-left // count))
        for run_id in run_ids:
            size = min(count, left)
            replicas.append((replica, run_id, size))
            left -= size
            replica += 1
        copy_replicas(conninfo, templates, replicas)
    engine.dispose()
    seconds = time.perf_counter() - start
    return {
        "ids": ids,
        "templates": templates,
        "base": count,
        "rows": max(rows, min(count, rows)),
        "seconds": seconds,
        "refresh": refresh_kept_cells(url),
    }

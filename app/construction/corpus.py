"""``halo corpus export``: the accepted scenarios as seed files (DESIGN.md §4, §11).

A scenario joins the corpus once the human audit accepts it (two approvals, or an adjudication:
``Scenario.audit_status = accepted``). The export writes each such scenario's environment
(``environment.json``, ``database.sql``, ``files/``) and the scenario file exactly as imported,
so ``halo validate`` passes on it and ``halo seed`` imports it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlmodel import Session, col, select

from app.construction.seedfiles import write_environment, write_scenario
from app.errors import UnprocessableError
from app.models import Environment, Scenario
from app.vocabulary import AuditStatus


@dataclass(frozen=True)
class CorpusExport:
    """What :func:`export_corpus` wrote: environment ids and scenario ids, in order."""

    environments: list[str]
    scenarios: list[str]


def export_corpus(session: Session, out: Path) -> CorpusExport:
    """Write every audited-and-accepted scenario with its environment under ``out/arena/``.

    Args:
        session: database session (read only).
        out: the folder to write (created); it must not hold an ``arena`` folder already, so
            an export never mixes with older files.

    Returns:
        The ids written.

    Raises:
        UnprocessableError: `out/arena` exists already, or cannot be written (`out` is a
            file, a folder without write permission).
    """
    root = out / "arena"
    if root.exists():
        raise UnprocessableError(f"{root} exists already; export into a new folder", "out")
    rows = list(
        session.exec(
            select(Scenario)
            .where(Scenario.audit_status == AuditStatus.ACCEPTED)
            .order_by(col(Scenario.environment_id), col(Scenario.id))
        )
    )
    environments: list[str] = []
    try:
        root.mkdir(parents=True)
        for row in rows:
            if row.environment_id not in environments:
                env = session.get(Environment, row.environment_id)
                assert env is not None  # a foreign key
                write_environment(root / env.id, env.spec, env.database_sql, dict(env.files))
                environments.append(env.id)
            write_scenario(root / row.environment_id, row.source)
    except OSError as exc:  # OUT is a file, not writable, the disk is full
        raise UnprocessableError(f"cannot write {root}: {exc}", "out") from exc
    return CorpusExport(environments, [row.id for row in rows])

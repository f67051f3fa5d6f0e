"""stored checkpoint expectations gain their accept entries (acceptance needs content)

Every ``checkpoint_design`` entry of a stored scenario gets ``expected.accept``: the acceptable
forms of help and the evidence each must name (DESIGN §4). A scenario stored before has none to
give, so each entry gets an empty list, which the rubric judge reads as before (an expected level
and command are accepted whatever the help says); importing the revised seeds (``halo seed``)
or a new version of the scenario fills them. Downgrade removes empty lists only, so entries
written under the new schema keep their content.

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-07 16:30:00
"""

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0026"
down_revision: str | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SCENARIOS = sa.table(
    "scenarios", sa.column("id", sa.String), sa.column("checkpoint_design", sa.JSON)
)


def _rewrite(change: Any) -> None:
    """Apply `change(expected)` to every stored entry; write only the rows it changed."""
    connection = op.get_bind()
    rows = connection.execute(sa.select(SCENARIOS.c.id, SCENARIOS.c.checkpoint_design))
    for scenario_id, design in rows.fetchall():
        if isinstance(design, str):  # SQLite hands JSON back as text through a bare table
            design = json.loads(design)
        if not isinstance(design, dict):
            continue
        changed = False
        for entry in design.values():
            expected = entry.get("expected") if isinstance(entry, dict) else None
            if isinstance(expected, dict) and change(expected):
                changed = True
        if changed:
            connection.execute(
                SCENARIOS.update()
                .where(SCENARIOS.c.id == scenario_id)
                .values(checkpoint_design=design)
            )


def _add(expected: dict[str, Any]) -> bool:
    if "accept" in expected:
        return False
    expected["accept"] = []
    return True


def _drop_empty(expected: dict[str, Any]) -> bool:
    if expected.get("accept") != []:
        return False
    del expected["accept"]
    return True


def upgrade() -> None:
    _rewrite(_add)


def downgrade() -> None:
    _rewrite(_drop_empty)

"""judged label groups kept by checkpoint, with the triggers that mark stale checkpoints

``judged_label_groups`` keeps the judged responses counted once (``app.metrics.groups``);
``judged_label_marks`` lists the checkpoints whose groups may be out of date. The triggers
below add a mark in the transaction of every change that can move a judgement of record or
its labels: annotations and assignments (their response's checkpoint; an update only when a
column of ``COUNTED`` changes), a response's status, agent,
checkpoint or counted measures (once it has an annotation), a deleted response, and a
scenario's audit status (its checkpoints). On PostgreSQL they are statement-level with
transition tables (one mark per checkpoint and statement, also for COPY) except the response
update trigger, which is row-level so that its column list and WHEN clause keep lease
bookkeeping free; on SQLite they are row-level. Every checkpoint with annotations is marked
here, so the first refresh builds the groups.

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-02 06:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MEASURED = (
    "status",
    "agent_id",
    "checkpoint_id",
    "reasoning_tokens",
    "retrieval_rounds",
    "local_content_access",
)
"""The response columns the label groups read."""

_CHANGED = " OR ".join(f"OLD.{c} IS DISTINCT FROM NEW.{c}" for c in MEASURED)

COUNTED: dict[str, tuple[str, ...]] = {
    "annotations": (
        "response_id",
        "annotator_id",
        "level",
        "verdict",
        "timing",
        "intensity",
        "other_issues",
        "phase",
    ),
    "assignments": ("response_id", "annotator_id", "kind", "released_at"),
}
"""Per table whose rows name a response, the columns the judgement of record and its labels
read: an update of other columns (a version, a batch, a queue place) marks nothing."""


def _pg_mark_function(table: str) -> str:
    """The statement-level trigger function of `table`: the checkpoints of the responses its
    inserted, deleted or changed rows name; an assignment's only once the response is judged
    (a batch of unjudged responses marks nothing)."""
    judged = (
        ""
        if table == "annotations"
        else (" AND EXISTS (SELECT 1 FROM annotations a WHERE a.response_id = r.id)")
    )
    new = ", ".join(f"n.{c}" for c in COUNTED[table])
    old = ", ".join(f"o.{c}" for c in COUNTED[table])
    mark = "INSERT INTO judged_label_marks (checkpoint_id) SELECT DISTINCT r.checkpoint_id"
    # table and columns are the constants above, no input
    return f"""
    CREATE FUNCTION halo_mark_label_groups_{table}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'INSERT' THEN
            {mark} FROM responses r WHERE r.id IN (SELECT response_id FROM new_rows){judged};
        ELSIF TG_OP = 'DELETE' THEN
            {mark} FROM responses r WHERE r.id IN (SELECT response_id FROM old_rows){judged};
        ELSE
            WITH changed AS (
                SELECT n.response_id AS now_id, o.response_id AS was_id
                FROM new_rows n JOIN old_rows o ON o.id = n.id
                WHERE ({new}) IS DISTINCT FROM ({old})
            )
            {mark} FROM responses r
            WHERE r.id IN (SELECT now_id FROM changed UNION SELECT was_id FROM changed){judged};
        END IF;
        RETURN NULL;
    END
    $$
    """  # noqa: S608


_PG_FUNCTIONS = (
    *(_pg_mark_function(table) for table in COUNTED),
    """
    CREATE FUNCTION halo_mark_label_groups_response() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF EXISTS (SELECT 1 FROM annotations a WHERE a.response_id = NEW.id) THEN
            INSERT INTO judged_label_marks (checkpoint_id) VALUES (OLD.checkpoint_id);
            IF NEW.checkpoint_id IS DISTINCT FROM OLD.checkpoint_id THEN
                INSERT INTO judged_label_marks (checkpoint_id) VALUES (NEW.checkpoint_id);
            END IF;
        END IF;
        RETURN NULL;
    END
    $$
    """,
    """
    CREATE FUNCTION halo_mark_label_groups_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        INSERT INTO judged_label_marks (checkpoint_id)
        SELECT DISTINCT checkpoint_id FROM old_rows;
        RETURN NULL;
    END
    $$
    """,
    """
    CREATE FUNCTION halo_mark_label_groups_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        INSERT INTO judged_label_marks (checkpoint_id)
        SELECT id FROM checkpoints WHERE scenario_id = NEW.id;
        RETURN NULL;
    END
    $$
    """,
)

_STATEMENT_EVENTS = (
    ("insert", "NEW TABLE AS new_rows"),
    ("update", "OLD TABLE AS old_rows NEW TABLE AS new_rows"),
    ("delete", "OLD TABLE AS old_rows"),
)
_JUDGED = ("annotations", "assignments")
"""The tables whose rows name a response: their changes mark the response's checkpoint."""


def _pg_triggers() -> list[str]:
    triggers = [
        f"CREATE TRIGGER halo_label_marks_{event} AFTER {event.upper()} ON {table} "
        f"REFERENCING {refs} FOR EACH STATEMENT "
        f"EXECUTE FUNCTION halo_mark_label_groups_{table}()"
        for table in _JUDGED
        for event, refs in _STATEMENT_EVENTS
    ]
    triggers += [
        f"CREATE TRIGGER halo_label_marks_update AFTER UPDATE OF {', '.join(MEASURED)} "
        f"ON responses FOR EACH ROW WHEN ({_CHANGED}) "
        "EXECUTE FUNCTION halo_mark_label_groups_response()",
        "CREATE TRIGGER halo_label_marks_delete AFTER DELETE ON responses "
        "REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT "
        "EXECUTE FUNCTION halo_mark_label_groups_deleted()",
        "CREATE TRIGGER halo_label_marks_audit AFTER UPDATE OF audit_status ON scenarios "
        "FOR EACH ROW WHEN (OLD.audit_status IS DISTINCT FROM NEW.audit_status) "
        "EXECUTE FUNCTION halo_mark_label_groups_audit()",
    ]
    return triggers


def _sqlite_mark(table: str, row: str) -> str:
    """The INSERT of a mark for the checkpoint of the response `row` (NEW or OLD) names."""
    # `row` is NEW or OLD and `table` one of _JUDGED: constants, no input
    mark = (
        "INSERT INTO judged_label_marks (checkpoint_id) "  # noqa: S608
        f"SELECT checkpoint_id FROM responses WHERE id = {row}.response_id"
    )
    if table != "annotations":  # an assignment counts only once its response is judged
        mark += f" AND EXISTS (SELECT 1 FROM annotations WHERE response_id = {row}.response_id)"  # noqa: S608
    return mark + ";"


def _sqlite_triggers() -> list[str]:
    triggers = []
    for table in _JUDGED:
        columns = COUNTED[table]
        changed = " OR ".join(f"OLD.{c} IS NOT NEW.{c}" for c in columns)
        for event, rows in (("insert", ("NEW",)), ("update", ("NEW", "OLD")), ("delete", ("OLD",))):
            marks = " ".join(_sqlite_mark(table, row) for row in rows)
            on = f"UPDATE OF {', '.join(columns)} ON {table} WHEN {changed}"
            triggers.append(
                f"CREATE TRIGGER halo_label_marks_{table}_{event} AFTER "
                f"{on if event == 'update' else f'{event.upper()} ON {table}'} BEGIN {marks} END"
            )
    triggers += [
        f"CREATE TRIGGER halo_label_marks_responses_update AFTER UPDATE OF {', '.join(MEASURED)} "  # noqa: S608
        f"ON responses WHEN ({_CHANGED}) "
        "AND EXISTS (SELECT 1 FROM annotations WHERE response_id = NEW.id) BEGIN "
        "INSERT INTO judged_label_marks (checkpoint_id) VALUES (OLD.checkpoint_id); "
        "INSERT INTO judged_label_marks (checkpoint_id) SELECT NEW.checkpoint_id "
        "WHERE NEW.checkpoint_id IS NOT OLD.checkpoint_id; END",
        "CREATE TRIGGER halo_label_marks_responses_delete AFTER DELETE ON responses BEGIN "
        "INSERT INTO judged_label_marks (checkpoint_id) VALUES (OLD.checkpoint_id); END",
        "CREATE TRIGGER halo_label_marks_scenarios_audit AFTER UPDATE OF audit_status "
        "ON scenarios WHEN OLD.audit_status IS NOT NEW.audit_status BEGIN "
        "INSERT INTO judged_label_marks (checkpoint_id) "
        "SELECT id FROM checkpoints WHERE scenario_id = NEW.id; END",
    ]
    return triggers


def _pg_drops() -> list[str]:
    drops = [
        f"DROP TRIGGER IF EXISTS halo_label_marks_{event} ON {table}"
        for table in _JUDGED
        for event, _ in _STATEMENT_EVENTS
    ]
    drops += [
        "DROP TRIGGER IF EXISTS halo_label_marks_update ON responses",
        "DROP TRIGGER IF EXISTS halo_label_marks_delete ON responses",
        "DROP TRIGGER IF EXISTS halo_label_marks_audit ON scenarios",
    ]
    for function in ("_annotations", "_assignments", "_response", "_deleted", "_audit"):
        drops.append(f"DROP FUNCTION IF EXISTS halo_mark_label_groups{function}()")
    return drops


def _sqlite_drops() -> list[str]:
    drops = [
        f"DROP TRIGGER IF EXISTS halo_label_marks_{table}_{event}"
        for table in _JUDGED
        for event, _ in _STATEMENT_EVENTS
    ]
    for name in ("responses_update", "responses_delete", "scenarios_audit"):
        drops.append(f"DROP TRIGGER IF EXISTS halo_label_marks_{name}")
    return drops


def upgrade() -> None:
    op.create_table(
        "judged_label_groups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("checkpoint_id", sa.Integer(), nullable=False),
        sa.Column("agent_id", sa.Integer(), nullable=False),
        sa.Column("phase", sa.Integer(), nullable=False),
        sa.Column("level", sqlmodel.sql.sqltypes.AutoString(length=2), nullable=False),
        sa.Column("verdict", sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
        sa.Column("timing", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True),
        sa.Column("intensity", sqlmodel.sql.sqltypes.AutoString(length=16), nullable=True),
        sa.Column("access", sa.Boolean(), nullable=False),
        sa.Column("issues", sa.Integer(), nullable=False),
        sa.Column("k", sa.BigInteger(), nullable=False),
        sa.Column("tokens_sum", sa.BigInteger(), nullable=False),
        sa.Column("tokens_n", sa.BigInteger(), nullable=False),
        sa.Column("rounds_sum", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("judged_label_groups", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_judged_label_groups_checkpoint_id"), ["checkpoint_id"], unique=False
        )
    op.create_table(
        "judged_label_marks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("checkpoint_id", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("judged_label_marks", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_judged_label_marks_checkpoint_id"), ["checkpoint_id"], unique=False
        )
    postgresql = op.get_bind().dialect.name == "postgresql"
    for statement in [*_PG_FUNCTIONS, *_pg_triggers()] if postgresql else _sqlite_triggers():
        op.execute(statement)
    op.execute(
        "INSERT INTO judged_label_marks (checkpoint_id) SELECT DISTINCT r.checkpoint_id "
        "FROM responses r WHERE EXISTS (SELECT 1 FROM annotations a WHERE a.response_id = r.id)"
    )


def downgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    for statement in _pg_drops() if postgresql else _sqlite_drops():
        op.execute(statement)
    with op.batch_alter_table("judged_label_marks", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_judged_label_marks_checkpoint_id"))
    op.drop_table("judged_label_marks")
    with op.batch_alter_table("judged_label_groups", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_judged_label_groups_checkpoint_id"))
    op.drop_table("judged_label_groups")

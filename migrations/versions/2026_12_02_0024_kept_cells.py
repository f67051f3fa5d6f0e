"""kept cells replace kept label groups

``kept_cells`` keeps, per checkpoint, agent and annotation phase (0 for every phase), every count
of a judged cell as one JSON object (``app.metrics.kept``): a read over all runs takes one row
per cell instead of summing the label groups of ``judged_label_groups`` (454,582 rows for 8,000
cells at a million responses, 1.4 s), which this drops. The marks and triggers of migration
0022 stay; on PostgreSQL a TRUNCATE of a table they watch (which fires no row or statement
trigger of 0022) now drops every kept cell and marks every checkpoint, so reads compute afresh
until the next refresh.
Every checkpoint with annotations is marked here, so reads compute afresh until the first
refresh builds the cells.

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-02 16:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TRUNCATED = ("responses", "annotations", "assignments", "scenarios", "checkpoints")
"""Tables whose TRUNCATE can move a judgement of record (PostgreSQL; SQLite has no TRUNCATE)."""

_PG_TRUNCATE_FUNCTION = """
CREATE FUNCTION halo_mark_every_checkpoint() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM kept_cells;
    INSERT INTO judged_label_marks (checkpoint_id) SELECT id FROM checkpoints;
    RETURN NULL;
END $$
"""

MARK_EVERY_JUDGED_CHECKPOINT = (
    "INSERT INTO judged_label_marks (checkpoint_id) SELECT DISTINCT r.checkpoint_id "
    "FROM responses r WHERE EXISTS (SELECT 1 FROM annotations a WHERE a.response_id = r.id)"
)


def upgrade() -> None:
    op.create_table(
        "kept_cells",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("checkpoint_id", sa.Integer(), nullable=False),
        sa.Column("agent_id", sa.Integer(), nullable=False),
        sa.Column("phase", sa.Integer(), nullable=False),
        sa.Column("counts", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("kept_cells", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_kept_cells_checkpoint_id"), ["checkpoint_id"], unique=False
        )
    with op.batch_alter_table("judged_label_groups", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_judged_label_groups_checkpoint_id"))
    op.drop_table("judged_label_groups")
    op.execute("DELETE FROM judged_label_marks")
    op.execute(MARK_EVERY_JUDGED_CHECKPOINT)
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_PG_TRUNCATE_FUNCTION)
        for table in TRUNCATED:  # table names are the constants above, no input
            op.execute(
                f"CREATE TRIGGER halo_label_marks_truncate AFTER TRUNCATE ON {table} "
                "FOR EACH STATEMENT EXECUTE FUNCTION halo_mark_every_checkpoint()"
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in TRUNCATED:
            op.execute(f"DROP TRIGGER IF EXISTS halo_label_marks_truncate ON {table}")
        op.execute("DROP FUNCTION IF EXISTS halo_mark_every_checkpoint()")
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
    with op.batch_alter_table("kept_cells", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_kept_cells_checkpoint_id"))
    op.drop_table("kept_cells")
    op.execute("DELETE FROM judged_label_marks")
    op.execute(MARK_EVERY_JUDGED_CHECKPOINT)

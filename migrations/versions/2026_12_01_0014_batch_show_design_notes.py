"""batches: whether the batch's annotators see the scenario design notes

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-01 20:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("batches", schema=None) as batch_op:
        # existing batches keep the notes hidden, the new default (DESIGN §4)
        batch_op.add_column(
            sa.Column("show_design_notes", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("batches", schema=None) as batch_op:
        batch_op.drop_column("show_design_notes")

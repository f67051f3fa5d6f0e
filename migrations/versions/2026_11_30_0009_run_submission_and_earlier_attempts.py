"""run submission token; responses keep the accounting of earlier failed attempts

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-30 13:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("runs", schema=None) as batch_op:
        batch_op.add_column(sa.Column("submission", sa.String(length=32), nullable=True))
        batch_op.create_unique_constraint("runs_submission_key", ["submission"])
    with op.batch_alter_table("responses", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "earlier_attempts",
                sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
                nullable=False,
                server_default=sa.text("'[]'"),  # existing rows: no retried attempts
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("responses", schema=None) as batch_op:
        batch_op.drop_column("earlier_attempts")
    with op.batch_alter_table("runs", schema=None) as batch_op:
        batch_op.drop_constraint("runs_submission_key", type_="unique")
        batch_op.drop_column("submission")

"""response timings

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 10:40:49.771106
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("responses", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "timings",
                sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
                nullable=False,
                server_default=sa.text("'{}'"),  # existing rows get an empty split
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("responses", schema=None) as batch_op:
        batch_op.drop_column("timings")

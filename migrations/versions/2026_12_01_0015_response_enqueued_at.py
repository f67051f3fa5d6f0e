"""responses: when a task for the response was last sent, so the reconciler re-sends lost ones

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-01 22:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("responses", schema=None) as batch_op:
        batch_op.add_column(sa.Column("enqueued_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("responses", schema=None) as batch_op:
        batch_op.drop_column("enqueued_at")

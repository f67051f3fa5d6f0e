"""responses: whether the reasoning-token sum leaves out calls that did not report them

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-02 00:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("responses", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "reasoning_tokens_partial",
                sa.Boolean(),
                nullable=False,
                server_default=sa.false(),
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("responses", schema=None) as batch_op:
        batch_op.drop_column("reasoning_tokens_partial")

"""export jobs: the one-time token of the form that asked for a job

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-30 15:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("export_jobs", schema=None) as batch_op:
        batch_op.add_column(sa.Column("submission", sa.String(length=32), nullable=True))
        batch_op.create_unique_constraint("export_jobs_submission_key", ["submission"])


def downgrade() -> None:
    with op.batch_alter_table("export_jobs", schema=None) as batch_op:
        batch_op.drop_constraint("export_jobs_submission_key", type_="unique")
        batch_op.drop_column("submission")

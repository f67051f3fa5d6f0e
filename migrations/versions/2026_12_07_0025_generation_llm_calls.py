"""generation candidates keep the LLM calls of the stage in progress; revisions keep theirs

``generation_candidates.llm_calls`` holds the calls a running candidate's LLM stage has made so
far, written before its next call is sent (a corrective message, a retry) and emptied when the
stage's step is stored as a revision; ``candidate_revisions.llm_calls`` keeps every call of a
step, those an earlier attempt (a killed worker) made first. Existing rows: no calls kept.

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-07 16:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLES = ("generation_candidates", "candidate_revisions")


def upgrade() -> None:
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(
                sa.Column(
                    "llm_calls",
                    sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
                    nullable=False,
                    server_default=sa.text("'[]'"),
                )
            )


def downgrade() -> None:
    for table in reversed(TABLES):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("llm_calls")

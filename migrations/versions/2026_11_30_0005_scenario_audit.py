"""scenario audit: reviewers' votes and adjudications (DESIGN §7)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30 11:00:59.381244
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "audit_decisions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("scenario_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("adjudicator_id", sa.Integer(), nullable=False),
        sa.Column("decision", sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
        sa.Column("comment", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("decision IN ('accept', 'reject')", name="ck_audit_decisions_decision"),
        sa.CheckConstraint("length(trim(comment)) > 0", name="ck_audit_decisions_comment"),
        sa.ForeignKeyConstraint(
            ["adjudicator_id"],
            ["users.id"],
        ),
        sa.ForeignKeyConstraint(
            ["scenario_id"],
            ["scenarios.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("scenario_id"),
    )
    with op.batch_alter_table("audit_decisions", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_audit_decisions_adjudicator_id"), ["adjudicator_id"], unique=False
        )

    op.create_table(
        "audit_votes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("scenario_id", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("reviewer_id", sa.Integer(), nullable=False),
        sa.Column("vote", sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
        sa.Column(
            "criteria",
            sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql"),
            nullable=False,
        ),
        sa.Column("comment", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("vote IN ('approve', 'reject')", name="ck_audit_votes_vote"),
        sa.CheckConstraint("length(trim(comment)) > 0", name="ck_audit_votes_comment"),
        sa.ForeignKeyConstraint(
            ["reviewer_id"],
            ["users.id"],
        ),
        sa.ForeignKeyConstraint(
            ["scenario_id"],
            ["scenarios.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("scenario_id", "reviewer_id"),
    )
    with op.batch_alter_table("audit_votes", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_audit_votes_reviewer_id"), ["reviewer_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_audit_votes_scenario_id"), ["scenario_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("audit_votes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_votes_scenario_id"))
        batch_op.drop_index(batch_op.f("ix_audit_votes_reviewer_id"))

    op.drop_table("audit_votes")
    with op.batch_alter_table("audit_decisions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_decisions_adjudicator_id"))

    op.drop_table("audit_decisions")

"""accounts: session epoch, login attempts, case-insensitive usernames

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30 10:55:17.635938
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "login_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sqlmodel.sql.sqltypes.AutoString(length=255), nullable=False),
        sa.Column("ip", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("succeeded", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("login_attempts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_login_attempts_at"), ["at"], unique=False)
        batch_op.create_index("ix_login_attempts_ip_at", ["ip", "at"], unique=False)
        batch_op.create_index("ix_login_attempts_username_at", ["username", "at"], unique=False)

    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(
            # existing accounts start at epoch 0; their old cookies carry no epoch and so end
            sa.Column("session_epoch", sa.Integer(), server_default="0", nullable=False)
        )
    # Autogenerate cannot see expression indexes on SQLite: written by hand. Existing usernames
    # are left as they are; two that differ only in case make this step fail, on purpose.
    op.create_index("ux_users_username_lower", "users", [sa.text("lower(username)")], unique=True)


def downgrade() -> None:
    op.drop_index("ux_users_username_lower", table_name="users")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("session_epoch")

    with op.batch_alter_table("login_attempts", schema=None) as batch_op:
        batch_op.drop_index("ix_login_attempts_username_at")
        batch_op.drop_index("ix_login_attempts_ip_at")
        batch_op.drop_index(batch_op.f("ix_login_attempts_at"))

    op.drop_table("login_attempts")

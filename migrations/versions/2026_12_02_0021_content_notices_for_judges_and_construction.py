"""PostgreSQL: content notices for the construction and judge tables too

Table 5 (generation candidates and their revisions) and Table 11 (judge runs and their
predictions) are read by pages whose aggregates ``app.db.content_cached`` keeps until a
``halo_content`` notice (migration 0018); their tables, added after 0018, get the same
statement-level triggers. SQLite: nothing.

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-02 04:20:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WATCHED = (
    "generation_jobs",
    "generation_candidates",
    "candidate_revisions",
    "judge_runs",
    "judge_predictions",
)


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in WATCHED:
        op.execute(
            f"CREATE TRIGGER halo_content_changed AFTER INSERT OR UPDATE OR DELETE "
            f"ON {table} FOR EACH STATEMENT EXECUTE FUNCTION halo_content_changed()"
        )
        op.execute(
            f"CREATE TRIGGER halo_content_truncated AFTER TRUNCATE "
            f"ON {table} FOR EACH STATEMENT EXECUTE FUNCTION halo_content_changed()"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in WATCHED:
        op.execute(f"DROP TRIGGER IF EXISTS halo_content_changed ON {table}")
        op.execute(f"DROP TRIGGER IF EXISTS halo_content_truncated ON {table}")

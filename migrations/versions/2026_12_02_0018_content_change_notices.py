"""PostgreSQL: notify ``halo_content`` when what the lead and analysis pages read changes

Statement-level triggers on the tables the metric, overview, batch and audit pages read: each
statement that changes them marks its transaction (``halo.content_dirty``) and sends one
``NOTIFY halo_content`` (delivered at commit, folded into one per transaction), so
``app.content_cache`` can keep aggregates until the content changes. Lease bookkeeping on
responses (``claimed_by``, ``heartbeat_at``, ``enqueued_at``) does not count. SQLite: nothing
(the cache is not used there).

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-02 03:30:00
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WATCHED = (
    "users",
    "environments",
    "scenarios",
    "checkpoints",
    "agents",
    "runs",
    "responses",
    "batches",
    "assignments",
    "annotations",
    "audit_votes",
    "audit_decisions",
)
RESPONSE_BOOKKEEPING = ("claimed_by", "heartbeat_at", "enqueued_at")
RESPONSE_COLUMNS = (
    "id, run_id, agent_id, checkpoint_id, status, action, level_predicted, rationale, "
    "trajectory, state_diff, permission_flags, llm_calls, prompt_tokens, completion_tokens, "
    "reasoning_tokens, reasoning_tokens_partial, retrieval_rounds, local_content_access, error, "
    "failure_reason, retry_reason, retry_until, timings, earlier_attempts, raw_output, "
    "created_at, started_at, finished_at"
)
"""Every column of responses but :data:`RESPONSE_BOOKKEEPING` (as of 0016)."""


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        """
        CREATE FUNCTION halo_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM set_config('halo.content_dirty', '1', true);
            PERFORM pg_notify('halo_content', '');
            RETURN NULL;
        END
        $$
        """
    )
    for table in WATCHED:
        update = f"UPDATE OF {RESPONSE_COLUMNS}" if table == "responses" else "UPDATE"
        op.execute(
            f"CREATE TRIGGER halo_content_changed AFTER INSERT OR {update} OR DELETE "
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
    op.execute("DROP FUNCTION IF EXISTS halo_content_changed()")

"""indexes for the lead overview's reads at a million responses

``ix_responses_agent_status`` (agent, status): the outcome counts beside Table 1 are one
index-only GROUP BY agent, status instead of a scan of the responses' heap (their JSON columns
make it ~370 MB at a million). ``ix_assignments_active_expiry`` (expires_at of active
assignments) and ``ix_annotations_created_at``: when the annotation progress next changes with
the data unchanged (the earliest expiry after now, the oldest judgement in the throughput
windows) is three index probes instead of three scans. ``ix_annotations_response_phase``
(response, phase) replaces ``ix_annotations_response_id`` (response): lookups by response keep a
leading column, and the responses with two annotations of a phase (the double-judged items)
are found by an index-only GROUP BY rather than a scan of the annotations' heap.

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-02 06:40:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # plain CREATE/DROP INDEX on both databases (no table rebuild is needed on SQLite)
    op.create_index("ix_responses_agent_status", "responses", ["agent_id", "status"])
    op.create_index(
        "ix_assignments_active_expiry",
        "assignments",
        ["expires_at"],
        postgresql_where=sa.text("released_at IS NULL"),
        sqlite_where=sa.text("released_at IS NULL"),
    )
    op.create_index("ix_annotations_created_at", "annotations", ["created_at"])
    op.create_index("ix_annotations_response_phase", "annotations", ["response_id", "phase"])
    op.drop_index("ix_annotations_response_id", table_name="annotations")


def downgrade() -> None:
    op.create_index("ix_annotations_response_id", "annotations", ["response_id"])
    op.drop_index("ix_annotations_response_phase", table_name="annotations")
    op.drop_index("ix_annotations_created_at", table_name="annotations")
    op.drop_index("ix_assignments_active_expiry", table_name="assignments")
    op.drop_index("ix_responses_agent_status", table_name="responses")

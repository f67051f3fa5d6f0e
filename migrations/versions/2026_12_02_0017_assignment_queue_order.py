"""assignments: the item's place in its annotator's queue (scenario, checkpoint, blind order)

Stored when an assignment is written and indexed with the annotator, so the item page, its
submit and the queue page read the queue a few rows at a time instead of loading and sorting it
(issue 16). The backfill gives every existing assignment the same order as before: the
response's scenario, its checkpoint, then sha256("blind:" + response id) as hex.

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-02 03:20:00
"""

import hashlib
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BYTE_ORDER = sa.String(64).with_variant(sa.String(64, collation="C"), "postgresql")


def _blind(response_id: str) -> str:
    return hashlib.sha256(f"blind:{response_id}".encode()).hexdigest()


def upgrade() -> None:
    with op.batch_alter_table("assignments", schema=None) as batch_op:
        batch_op.add_column(sa.Column("scenario_id", BYTE_ORDER, nullable=True))
        batch_op.add_column(sa.Column("checkpoint_t", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("blind_order", sa.String(64), nullable=True))
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        op.execute(
            "UPDATE assignments AS a SET scenario_id = c.scenario_id, checkpoint_t = c.t, "
            "blind_order = encode(sha256(convert_to('blind:' || a.response_id, 'UTF8')), 'hex') "
            "FROM responses AS r JOIN checkpoints AS c ON c.id = r.checkpoint_id "
            "WHERE r.id = a.response_id"
        )
        blind = "encode(sha256(convert_to('blind:' || response_id, 'UTF8')), 'hex')"
    else:
        bind.connection.driver_connection.create_function(  # type: ignore[union-attr]
            "halo_blind_order", 1, _blind, deterministic=True
        )
        op.execute(
            "UPDATE assignments SET "
            "scenario_id = (SELECT c.scenario_id FROM responses AS r JOIN checkpoints AS c "
            "ON c.id = r.checkpoint_id WHERE r.id = assignments.response_id), "
            "checkpoint_t = (SELECT c.t FROM responses AS r JOIN checkpoints AS c "
            "ON c.id = r.checkpoint_id WHERE r.id = assignments.response_id), "
            "blind_order = halo_blind_order(response_id)"
        )
        blind = "halo_blind_order(response_id)"
    # an assignment of a response that does not exist (only where foreign keys were off) is in
    # no queue: it gets an empty place
    op.execute(  # `blind` is one of the two constant expressions above
        "UPDATE assignments SET scenario_id = COALESCE(scenario_id, ''), "  # noqa: S608
        f"checkpoint_t = COALESCE(checkpoint_t, 0), blind_order = {blind} "
        "WHERE scenario_id IS NULL OR checkpoint_t IS NULL"
    )
    with op.batch_alter_table("assignments", schema=None) as batch_op:
        batch_op.alter_column("scenario_id", existing_type=BYTE_ORDER, nullable=False)
        batch_op.alter_column("checkpoint_t", existing_type=sa.Integer(), nullable=False)
        batch_op.alter_column("blind_order", existing_type=sa.String(64), nullable=False)
        batch_op.create_index(
            "ix_assignments_queue",
            ["annotator_id", "scenario_id", "checkpoint_t", "blind_order"],
            unique=False,
            postgresql_where=sa.text("released_at IS NULL"),
            sqlite_where=sa.text("released_at IS NULL"),
        )


def downgrade() -> None:
    with op.batch_alter_table("assignments", schema=None) as batch_op:
        batch_op.drop_index(
            "ix_assignments_queue",
            postgresql_where=sa.text("released_at IS NULL"),
            sqlite_where=sa.text("released_at IS NULL"),
        )
        batch_op.drop_column("blind_order")
        batch_op.drop_column("checkpoint_t")
        batch_op.drop_column("scenario_id")

"""annotations take the phase of the assignment they were saved under

Until now every annotation was stored as phase 1, even from a phase-2 batch. Set each one to
the phase of the annotator's assignment of that response: the active one if any (a save needs
one), otherwise the newest. Annotations without any assignment keep their phase.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-30 15:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_UPDATE = """
UPDATE annotations SET phase = (
    SELECT a.phase FROM assignments a
    WHERE a.response_id = annotations.response_id AND a.annotator_id = annotations.annotator_id
    ORDER BY CASE WHEN a.released_at IS NULL THEN 0 ELSE 1 END, a.id DESC
    LIMIT 1
)
WHERE EXISTS (
    SELECT 1 FROM assignments a
    WHERE a.response_id = annotations.response_id AND a.annotator_id = annotations.annotator_id
)
"""


def upgrade() -> None:
    op.execute(sa.text(_UPDATE))


def downgrade() -> None:
    """Nothing to undo: the phases set are the right ones."""

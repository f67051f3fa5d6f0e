"""Kept cells: the judged responses counted once per cell, refreshed by checkpoint (DESIGN.md §8).

Derived data, never a source: :mod:`app.metrics.kept` writes both tables and can rebuild them
from responses, assignments and annotations at any time.
"""

from __future__ import annotations

from sqlalchemy import JSON, Column
from sqlmodel import Field, SQLModel


class KeptCell(SQLModel, table=True):
    """The counts of one agent's judged responses at one checkpoint, kept for one phase.

    One record of :func:`app.metrics.groups.aggregate_query` per checkpoint (per agent): the
    judgement of record of each completed response (audited-out scenarios left out) counted
    into every count of a :class:`app.metrics.cells.JudgedCell`.

    Attributes:
        checkpoint_id / agent_id: the cell, by checkpoint row and agent.
        phase: the annotation phase the judgements of record were chosen in; 0 for every phase.
        counts: count name (:func:`app.metrics.groups.cell_measures`) → value, as a JSON
            object; its names are those of the code that wrote it (a change of the counts comes
            with a migration that marks every checkpoint).
    """

    __tablename__ = "kept_cells"

    id: int | None = Field(default=None, primary_key=True)
    # no foreign keys: rows of a removed checkpoint or agent are dropped at the next refresh
    checkpoint_id: int = Field(index=True)
    agent_id: int
    phase: int
    counts: dict[str, int] = Field(sa_column=Column(JSON, nullable=False))


class JudgedLabelMark(SQLModel, table=True):
    """A checkpoint whose kept cells may be out of date.

    Written by the database's triggers (migration 0022) in the transaction of every change to
    annotations, assignments, completed responses and scenario audits; removed by the refresh
    that recomputes the checkpoint.
    """

    __tablename__ = "judged_label_marks"

    id: int | None = Field(default=None, primary_key=True)
    checkpoint_id: int = Field(index=True)

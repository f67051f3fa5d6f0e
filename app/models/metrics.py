"""Kept label groups: the judged responses counted once, refreshed by checkpoint (DESIGN.md §8).

Derived data, never a source: :mod:`app.metrics.label_groups` writes both tables and can rebuild
them from responses, assignments and annotations at any time.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Column
from sqlmodel import Field, SQLModel


class JudgedLabelGroup(SQLModel, table=True):
    """The judged responses of one agent at one checkpoint that share every label.

    One row of :func:`app.metrics.cells.label_groups_query` kept: the judgement of record of
    each completed response (audited-out scenarios left out), grouped by agent, checkpoint,
    level, verdict, timing, intensity, local content access and issue mask (the bits of
    :data:`app.metrics.cells.ISSUE_BITS`), with the group's size and sums.

    Attributes:
        phase: the annotation phase the judgement of record was chosen in; 0 for every phase.
        k: responses in the group; tokens_sum / tokens_n: summed reasoning tokens and the
            responses that report them; rounds_sum: summed retrieval rounds.
    """

    __tablename__ = "judged_label_groups"

    id: int | None = Field(default=None, primary_key=True)
    # no foreign keys: rows of a removed checkpoint or agent are dropped at the next refresh
    checkpoint_id: int = Field(index=True)
    agent_id: int
    phase: int
    level: str = Field(max_length=2)
    verdict: str = Field(max_length=8)
    timing: str | None = Field(default=None, max_length=16)
    intensity: str | None = Field(default=None, max_length=16)
    access: bool
    issues: int
    k: int = Field(sa_column=Column(BigInteger, nullable=False))
    tokens_sum: int = Field(sa_column=Column(BigInteger, nullable=False))
    tokens_n: int = Field(sa_column=Column(BigInteger, nullable=False))
    rounds_sum: int = Field(sa_column=Column(BigInteger, nullable=False))


class JudgedLabelMark(SQLModel, table=True):
    """A checkpoint whose label groups may be out of date.

    Written by the database's triggers (migration 0022) in the transaction of every change to
    annotations, assignments, completed responses and scenario audits; removed by the refresh
    that recomputes the checkpoint.
    """

    __tablename__ = "judged_label_marks"

    id: int | None = Field(default=None, primary_key=True)
    checkpoint_id: int = Field(index=True)

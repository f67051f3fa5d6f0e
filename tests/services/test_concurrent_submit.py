"""Simultaneous submits of one item on a committed database: one annotation, no lost revision."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlmodel import select

from app.annotation.creation import create_batch
from app.db import session_scope
from app.errors import ConflictError
from app.models import Annotation, AnnotationRevision, Assignment, Response, User
from tests.factories import make_run, make_user, submit_answers

THREADS = 8

ANSWERS = [{"level": level, "verdict": "accept"} for level in ("L1", "L2")] + [
    {"level": "L3", "verdict": "reject", "timing": timing, "intensity": intensity}
    for timing, intensity in (
        ("premature", "excessive"),
        ("premature", "insufficient"),
        ("belated", "excessive"),
        ("belated", "insufficient"),
        ("premature", "appropriate"),
        ("appropriate", "excessive"),
    )
]
"""Eight different valid diagnoses of a response that acted, none equal to the first save."""
FIRST = {"level": "L3", "verdict": "accept"}


def _at_once(work: Callable[[int], Any]) -> list[Any]:
    """Run `work(i)` in THREADS threads released together; exceptions are returned."""
    barrier = threading.Barrier(THREADS)

    def run(index: int) -> Any:
        barrier.wait()
        try:
            return work(index)
        except Exception as exc:  # the outcome is what the test checks
            return exc

    with ThreadPoolExecutor(THREADS) as pool:
        return list(pool.map(run, range(THREADS)))


@pytest.fixture
def item(live_db: str) -> tuple[int, str]:
    """(annotator id, response id) of a committed assignment of a response that acted."""
    with session_scope() as s:
        run = make_run(s, agents=("eager_executor",), scenario_ids=["wp-01"], k=1)
        annotator = make_user(s)
        lead = make_user(s, role="lead")
        create_batch(s, name="c", annotator_ids=[annotator.id], created_by=lead.id, run_id=run.id)
        response_id = s.exec(
            select(Response.id)
            .join(Assignment, Assignment.response_id == Response.id)
            .where(Response.run_id == run.id, Response.action.is_not(None))  # type: ignore[union-attr]
        ).first()
        assert response_id is not None and annotator.id is not None
        return annotator.id, response_id


def _submit(annotator_id: int, response_id: str, form: dict, expected: int | None) -> Annotation:
    with session_scope() as s:
        user = s.get(User, annotator_id)
        return submit_answers(
            s, annotator=user, response_id=response_id, form=form, expected_version=expected
        )


def _stored(response_id: str) -> tuple[list[Annotation], list[AnnotationRevision]]:
    with session_scope() as s:
        notes = list(s.exec(select(Annotation).where(Annotation.response_id == response_id)))
        ids = [n.id for n in notes]
        revs = list(
            s.exec(select(AnnotationRevision).where(AnnotationRevision.annotation_id.in_(ids)))  # type: ignore[union-attr]
        )
        return notes, revs


def test_simultaneous_first_saves_store_one_annotation(item: tuple[int, str]) -> None:
    annotator_id, response_id = item
    outcomes = _at_once(lambda _i: _submit(annotator_id, response_id, FIRST, None))
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    notes, revs = _stored(response_id)
    assert [(n.version, n.verdict) for n in notes] == [(1, "accept")]
    assert [r.version for r in revs] == [1]

    # eight different answers against version 1: one wins, the others are told to reload
    outcomes = _at_once(lambda i: _submit(annotator_id, response_id, ANSWERS[i], 1))
    won = [o for o in outcomes if isinstance(o, Annotation)]
    lost = [o for o in outcomes if isinstance(o, ConflictError)]
    assert len(won) == 1 and len(lost) == THREADS - 1, outcomes
    notes, revs = _stored(response_id)
    assert len(notes) == 1 and notes[0].version == 2
    assert sorted(r.version for r in revs) == [1, 2]
    winner = ANSWERS[outcomes.index(won[0])]
    assert notes[0].level == winner["level"] and notes[0].verdict == winner["verdict"]
    latest = next(r for r in revs if r.version == 2)
    assert latest.data["level"] == winner["level"] and latest.data["timing"] == winner.get("timing")

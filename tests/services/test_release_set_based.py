"""Release by hand-built holdings: judged items stay, overlap items follow their primary.

``release`` and ``close_batch`` work in a few set-based statements (one UPDATE for the items,
one for the overlap items of released primary ones); these cases are where a set-based version
could drift from the item-by-item rules: a judgement counts only for its own holder, an overlap
item in another batch still follows its primary item, an overlap item stays while the response
has another active primary item, a released assignment keeps its old release. Run on PostgreSQL
and on SQLite (the embedded default).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from sqlalchemy import create_engine
from sqlmodel import Session, col, select

from app.annotation.moves import close_batch, release
from app.models import Annotation, Assignment, Batch, Response
from app.models.base import utcnow
from tests.factories import make_run, make_user


def _judge(session: Session, annotator, response_id: str) -> None:
    """The annotator's annotation of the response (stored directly: only its existence counts)."""
    session.add(
        Annotation(response_id=response_id, annotator_id=annotator.id, level="L0", verdict="accept")
    )
    session.commit()


def _state(session: Session) -> dict[tuple[str, str, str], tuple[bool, str | None]]:
    """``(response, holder, kind) -> (active, released reason)`` of every assignment."""
    rows = session.exec(
        select(
            Assignment.response_id,
            Assignment.annotator_id,
            Assignment.kind,
            Assignment.released_at,
            Assignment.released_reason,
        )
    ).all()
    return {(r, str(a), k): (at is None, why) for r, a, k, at, why in rows}


def _check_mixed_release(session: Session) -> None:
    # not executed: release does not look at a response's status (and SQLite stays out of runs)
    run = make_run(session, scenario_ids=["wp-01", "wp-02", "wp-03"], k=1, execute=False)
    r1, r2, r3, r4, r5, r6, r7 = sorted(
        session.exec(select(Response.id).where(Response.run_id == run.id)).all()
    )[:7]
    lead, a, b, c = (
        make_user(session, role="lead"),
        make_user(session),
        make_user(session),
        (make_user(session)),
    )
    batch, other = Batch(name="B", expires_after_hours=None), Batch(name="B2")
    session.add_all([batch, other])
    session.commit()
    earlier = utcnow() - timedelta(days=1)

    def hold(response_id: str, who, kind: str, in_batch: Batch, **released) -> Assignment:
        assignment = Assignment(
            response_id=response_id, annotator_id=who.id, batch_id=in_batch.id, kind=kind,
            **released,
        )  # fmt: skip
        session.add(assignment)
        return assignment

    first = hold(r1, a, "primary", batch)
    hold(r1, b, "overlap", batch)  # unjudged: follows r1's primary item
    hold(r2, a, "primary", batch)
    hold(r2, b, "overlap", batch)  # judged below: stays
    hold(r3, a, "primary", batch)  # judged below: stays
    hold(r3, b, "overlap", batch)  # its primary stays, so it stays
    hold(r4, a, "primary", batch, released_at=earlier, released_reason="old", released_by=lead.id)
    hold(r4, b, "overlap", batch)  # its primary was released earlier: untouched
    hold(r5, a, "primary", batch)
    hold(r5, c, "primary", other)  # another active primary item of r5, in another batch
    hold(r5, b, "overlap", batch)  # stays: r5 still has c's primary item
    hold(r6, a, "primary", batch)
    hold(r6, b, "overlap", other)  # in another batch, still follows r6's primary item
    hold(r7, c, "primary", batch)  # unjudged by c (a's judgement is not c's)
    hold(r7, a, "overlap", other)  # judged below: stays
    session.commit()
    _judge(session, b, r2)
    _judge(session, a, r3)
    _judge(session, a, r7)
    assert first.released_at is None  # loaded before the release
    now = utcnow()

    freed = release(session, batch_id=batch.id, by=lead.id, reason="x", kind="primary", now=now)

    assert freed == 7  # r1 r2 r5 r6 r7 primary items, r1 r6 overlap items
    cascade = "primary released: x"
    aid, bid, cid = str(a.id), str(b.id), str(c.id)
    assert _state(session) == {
        (r1, aid, "primary"): (False, "x"),
        (r1, bid, "overlap"): (False, cascade),
        (r2, aid, "primary"): (False, "x"),
        (r2, bid, "overlap"): (True, None),
        (r3, aid, "primary"): (True, None),
        (r3, bid, "overlap"): (True, None),
        (r4, aid, "primary"): (False, "old"),
        (r4, bid, "overlap"): (True, None),
        (r5, aid, "primary"): (False, "x"),
        (r5, cid, "primary"): (True, None),
        (r5, bid, "overlap"): (True, None),
        (r6, aid, "primary"): (False, "x"),
        (r6, bid, "overlap"): (False, cascade),
        (r7, cid, "primary"): (False, "x"),
        (r7, aid, "overlap"): (True, None),
    }
    released = session.exec(
        select(Assignment.released_at, Assignment.released_by).where(
            col(Assignment.released_reason).in_(["x", cascade])
        )
    ).all()
    assert len(released) == 7
    assert {(at.replace(tzinfo=None), by) for at, by in released} == {
        (now.replace(tzinfo=None), lead.id)
    }
    old = session.exec(
        select(Assignment.released_at).where(Assignment.released_reason == "old")
    ).one()
    assert old.replace(tzinfo=None) == earlier.replace(tzinfo=None)
    assert first.released_at is not None and first.released_reason == "x"  # reloaded

    # every kind: the batch's unjudged overlap items r3 r4 r5 (r2's is judged)
    assert release(session, batch_id=batch.id, by=None, reason="y") == 3
    left = {key for key, (active, _why) in _state(session).items() if active}
    assert left == {
        (r2, bid, "overlap"),
        (r3, aid, "primary"),
        (r5, cid, "primary"),
        (r7, aid, "overlap"),
    }
    assert close_batch(session, batch_id=batch.id, by=lead.id) == 0  # only judged items left
    session.refresh(batch)
    assert batch.status == "closed"
    assert release(session, batch_id=other.id, by=lead.id, reason="z") == 1  # c's r5 item


def test_release_keeps_judged_items_and_moves_overlap_with_primary(session: Session) -> None:
    _check_mixed_release(session)


def test_release_keeps_judged_items_and_moves_overlap_with_primary_on_sqlite(
    tmp_path: Path,
) -> None:
    from app.cli import upgrade_database
    from app.runs.service import ensure_baseline_agents
    from app.scenarios.service import seed_tree
    from tests.conftest import SEEDS

    url = f"sqlite:///{tmp_path / 'halo.db'}"
    upgrade_database(url)
    engine = create_engine(url)
    with Session(engine, expire_on_commit=False) as session:
        seed_tree(session, SEEDS)
        ensure_baseline_agents(session)
        session.commit()
        _check_mixed_release(session)
    engine.dispose()

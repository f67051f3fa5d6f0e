"""Whole-scenario moves (paired protocol), overlap items that follow their primary, the
assignment history, deactivated holders, and answers kept when an item lapses."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import Session, col, select

from app.annotation import drafts
from app.annotation.batches import EXPIRED, PRIMARY_RELEASED
from app.annotation.creation import create_batch
from app.annotation.moves import (
    RestartRequired,
    lapsed_assignment,
    reassign_scenario,
    reclaim_expired,
    release,
)
from app.annotation.progress import annotation_progress, batch_progress, list_batches
from app.errors import NotFoundError, UnprocessableError
from app.models import AnnotationDraft, Assignment, Checkpoint, Response
from app.models.base import utcnow
from app.users.service import deactivate_user
from tests.factories import make_run, make_user, submit_answers

SCENARIOS = ["wp-01", "wp-02", "wp-03"]


def _active(session: Session, **where) -> list[tuple[str, str, int, str, int | None]]:
    """(response, scenario, annotator, kind, batch) of active assignments matching `where`."""
    query = (
        select(
            Assignment.response_id,
            Checkpoint.scenario_id,
            Assignment.annotator_id,
            Assignment.kind,
            Assignment.batch_id,
        )
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(col(Assignment.released_at).is_(None))
    )
    for key, value in where.items():
        column = Checkpoint.scenario_id if key == "scenario" else getattr(Assignment, key)
        query = query.where(column == value)
    return list(session.exec(query).all())


def _accept(session: Session, annotator, response_id: str):
    response = session.get(Response, response_id)
    level = "L0" if response.action is None else response.level_predicted
    return submit_answers(
        session,
        annotator=annotator,
        response_id=response_id,
        form={"level": level, "verdict": "accept"},
    )


@pytest.fixture
def world(session: Session):
    run = make_run(session, scenario_ids=SCENARIOS)
    return (
        run,
        make_user(session, role="lead"),
        make_user(session),
        make_user(session),
        make_user(session),
    )


def test_a_move_takes_the_scenario_in_every_batch_of_the_phase(session: Session, world) -> None:
    run, lead, a, _b, c = world
    first = create_batch(session, name="1", annotator_ids=[a.id], created_by=lead.id, run_id=run.id)
    later = make_run(session, scenario_ids=SCENARIOS, seed=5)
    second = create_batch(
        session, name="2", annotator_ids=[c.id], created_by=lead.id, run_id=later.id
    )
    assert {r[2] for r in _active(session, batch_id=second.id)} == {a.id}  # a keeps the scenarios
    before = _active(session, scenario="wp-01", annotator_id=a.id)
    assert {r[4] for r in before} == {first.id, second.id}

    moved = reassign_scenario(
        session,
        batch_id=second.id,
        scenario_id="wp-01",
        kind="primary",
        from_annotator=a.id,
        to_annotator=c.id,
        by=lead.id,
        reason="a moves to another project",
    )
    assert sorted(m.response_id for m in moved) == sorted(r[0] for r in before)
    assert {m.batch_id for m in moved} == {first.id, second.id}  # each keeps its batch
    assert {r[2] for r in _active(session, scenario="wp-01")} == {c.id}  # never split
    assert {r[2] for r in _active(session, scenario="wp-02")} == {a.id}  # others untouched
    # progress says that the move reaches beyond this batch
    row = next(s for s in batch_progress(session, first.id).scenarios if s.scenario_id == "wp-02")
    (holding,) = row.holdings
    assert (holding.annotator_id, holding.kind) == (a.id, "primary")
    assert holding.elsewhere == len(_active(session, scenario="wp-02", batch_id=second.id))


def test_judged_items_never_stay_behind_without_a_restart(session: Session, world) -> None:
    run, lead, a, _b, c = world
    batch = create_batch(session, name="j", annotator_ids=[a.id], created_by=lead.id, run_id=run.id)
    items = sorted(r[0] for r in _active(session, scenario="wp-02"))
    _accept(session, a, items[0])
    kwargs = {
        "batch_id": batch.id,
        "scenario_id": "wp-02",
        "kind": "primary",
        "from_annotator": a.id,
        "to_annotator": c.id,
        "by": lead.id,
        "reason": "reorganised",
    }
    with pytest.raises(UnprocessableError, match="would split the scenario") as refused:
        reassign_scenario(session, **kwargs)
    assert refused.value.field == "restart"
    assert {r[2] for r in _active(session, scenario="wp-02")} == {a.id}
    moved = reassign_scenario(session, **kwargs, restart=True)
    assert sorted(m.response_id for m in moved) == items
    assert {r[2] for r in _active(session, scenario="wp-02")} == {c.id}


def test_items_judged_in_an_earlier_batch_of_the_phase_need_a_restart_that_takes_them(
    session: Session, world
) -> None:
    """The holder judged nothing in this batch but some of the scenario in an earlier batch of
    the phase: the batch page offers the restart, the refusal carries the move to offer again,
    and the restart moves the earlier batch's judged items too."""
    run, lead, a, _b, c = world
    first = create_batch(session, name="1", annotator_ids=[a.id], created_by=lead.id, run_id=run.id)
    judged = sorted(r[0] for r in _active(session, scenario="wp-01", batch_id=first.id))[0]
    _accept(session, a, judged)
    later = make_run(session, scenario_ids=SCENARIOS, seed=5)
    second = create_batch(
        session, name="2", annotator_ids=[c.id], created_by=lead.id, run_id=later.id
    )
    everything = sorted(r[0] for r in _active(session, scenario="wp-01", annotator_id=a.id))
    row = next(s for s in batch_progress(session, second.id).scenarios if s.scenario_id == "wp-01")
    (holding,) = row.holdings
    assert (holding.judged, holding.judged_elsewhere, holding.needs_restart) == (0, 1, True)
    kwargs = {
        "batch_id": second.id,
        "scenario_id": "wp-01",
        "kind": "primary",
        "from_annotator": a.id,
        "to_annotator": c.id,
        "by": lead.id,
        "reason": "a left the project",
    }
    with pytest.raises(RestartRequired, match="would split the scenario") as refused:
        reassign_scenario(session, **kwargs)
    offer = refused.value
    assert (offer.scenario_id, offer.kind, offer.from_annotator, offer.to_annotator) == (
        "wp-01",
        "primary",
        a.id,
        c.id,
    )
    assert (offer.judged, offer.items) == (1, len(everything))
    moved = reassign_scenario(session, **kwargs, restart=True)
    assert sorted(m.response_id for m in moved) == everything
    assert judged in {m.response_id for m in moved if m.batch_id == first.id}
    assert {r[2] for r in _active(session, scenario="wp-01")} == {c.id}


def test_releasing_a_scenario_leaves_it_with_its_annotator(session: Session, world) -> None:
    run, lead, a, b, _c = world
    batch = create_batch(session, name="r", annotator_ids=[a.id], created_by=lead.id, run_id=run.id)
    items = sorted(r[0] for r in _active(session, scenario="wp-03"))
    _accept(session, a, items[0])
    freed = release(
        session, batch_id=batch.id, scenario_id="wp-03", annotator_id=a.id, by=lead.id, reason="x"
    )
    assert freed == len(items) - 1
    assert [r[0] for r in _active(session, scenario="wp-03")] == [items[0]]  # judged one stays
    again = create_batch(session, name="again", annotator_ids=[b.id], created_by=lead.id)
    # the released items come back to a, the scenario's annotator, not to b: no split
    assert {r[2] for r in _active(session, scenario="wp-03", batch_id=again.id)} == {a.id}
    with pytest.raises(UnprocessableError, match="kind"):
        release(session, batch_id=batch.id, kind="both", by=lead.id, reason="x")


def test_releasing_primary_items_releases_their_overlap_items(session: Session, world) -> None:
    run, lead, a, b, _c = world
    batch = create_batch(
        session,
        name="o",
        annotator_ids=[a.id, b.id],
        created_by=lead.id,
        run_id=run.id,
        overlap_share=1.0,
    )
    scenario = next(r[1] for r in _active(session, annotator_id=a.id, kind="primary"))
    overlap = sorted(r[0] for r in _active(session, scenario=scenario, kind="overlap"))
    second = _active(session, scenario=scenario, kind="overlap")[0][2]
    users = {a.id: a, b.id: b}
    _accept(session, users[second], overlap[0])  # a judged overlap item stays
    primary_count = len(_active(session, scenario=scenario, kind="primary"))

    # releasing only the overlap leaves the primary alone
    freed = release(
        session,
        batch_id=batch.id,
        scenario_id=scenario,
        kind="overlap",
        by=lead.id,
        reason="agreement sample too big",
    )
    assert freed == len(overlap) - 1
    assert len(_active(session, scenario=scenario, kind="primary")) == primary_count
    # and releasing the primary takes any unjudged overlap item of the same responses along
    other = next(
        r[1] for r in _active(session, annotator_id=a.id, kind="primary") if r[1] != scenario
    )
    other_overlap = _active(session, scenario=other, kind="overlap")
    assert other_overlap
    everything = len(_active(session, scenario=other))  # nothing of it is judged
    freed = release(
        session, batch_id=batch.id, scenario_id=other, kind="primary", by=lead.id, reason="later"
    )
    assert freed == everything
    assert _active(session, scenario=other) == []
    reasons = set(
        session.exec(
            select(Assignment.released_reason).where(
                col(Assignment.response_id).in_([r[0] for r in other_overlap]),
                Assignment.kind == "overlap",
            )
        ).all()
    )
    assert reasons == {f"{PRIMARY_RELEASED}: later"}
    assert [r[0] for r in _active(session, scenario=scenario, kind="overlap")] == [overlap[0]]


def test_reclaiming_an_expired_primary_takes_its_overlap_along(session: Session, world) -> None:
    run, lead, a, b, c = world
    start = utcnow()
    batch = create_batch(
        session,
        name="e",
        annotator_ids=[a.id, b.id],
        created_by=lead.id,
        run_id=run.id,
        overlap_share=1.0,
        expires_after_hours=1,
        now=start,
    )
    scenario = next(r[1] for r in _active(session, kind="overlap"))
    second = _active(session, scenario=scenario, kind="overlap")[0][2]
    # the overlap moves later, so it expires later than the primary items
    reassign_scenario(
        session,
        batch_id=batch.id,
        scenario_id=scenario,
        kind="overlap",
        from_annotator=second,
        to_annotator=c.id,
        by=lead.id,
        reason="b is busy",
        now=start + timedelta(minutes=30),
    )
    assert reclaim_expired(session, start + timedelta(minutes=59)) == 0
    reclaim_expired(session, start + timedelta(minutes=70))
    assert _active(session, batch_id=batch.id) == []
    reasons = set(
        session.exec(
            select(Assignment.released_reason).where(
                Assignment.batch_id == batch.id, Assignment.annotator_id == c.id
            )
        ).all()
    )
    assert reasons == {f"{PRIMARY_RELEASED}: {EXPIRED}"}


def test_history_of_a_scenario(session: Session, world) -> None:
    run, lead, a, b, c = world
    start = utcnow() - timedelta(hours=5)
    batch = create_batch(
        session,
        name="h",
        annotator_ids=[a.id, b.id],
        created_by=lead.id,
        run_id=run.id,
        expires_after_hours=2,
        now=start,
    )
    scenario = next(r[1] for r in _active(session, annotator_id=a.id))
    count = len(_active(session, scenario=scenario))
    reassign_scenario(
        session,
        batch_id=batch.id,
        scenario_id=scenario,
        kind="primary",
        from_annotator=a.id,
        to_annotator=c.id,
        by=lead.id,
        reason="holiday",
        now=start + timedelta(hours=1),
    )
    release(
        session,
        batch_id=batch.id,
        scenario_id=scenario,
        by=lead.id,
        reason="too hard",
        now=start + timedelta(hours=2),
    )
    other = next(r[1] for r in _active(session, annotator_id=b.id))
    reclaim_expired(session, start + timedelta(hours=3))
    rows = {s.scenario_id: s for s in batch_progress(session, batch.id).scenarios}
    events = [
        (e.action, e.kind, e.items, e.source, e.target, e.by, e.reason)
        for e in rows[scenario].history
    ]
    assert events == [
        ("assign", "primary", count, None, a.username, lead.username, None),
        ("reassign", "primary", count, a.username, c.username, lead.username, "holiday"),
        ("release", "primary", count, c.username, None, lead.username, "too hard"),
    ]
    assert [e.at for e in rows[scenario].history] == [
        start,
        start + timedelta(hours=1),
        start + timedelta(hours=2),
    ]
    assert [(e.action, e.source, e.by) for e in rows[other].history][1:] == [
        ("reclaim", b.username, None)
    ]
    assert rows[scenario].holdings == []  # all released, the row stays for its history


def test_deactivated_holders_are_flagged(session: Session, world) -> None:
    run, lead, a, b, _c = world
    batch = create_batch(
        session, name="d", annotator_ids=[a.id, b.id], created_by=lead.id, run_id=run.id
    )
    deactivate_user(session, user_id=a.id)
    progress = batch_progress(session, batch.id)
    assert [p.annotator_id for p in progress.inactive_holders] == [a.id]
    holdings = [h for s in progress.scenarios for h in s.holdings if h.annotator_id == a.id]
    assert holdings and not any(h.is_active for h in holdings)
    assert next(s for s in list_batches(session) if s.batch.id == batch.id).inactive_holders == 1
    overall = {p.annotator_id: p for p in annotation_progress(session).annotators}
    assert (overall[a.id].is_active, overall[a.id].batch_ids) == (False, [batch.id])
    assert overall[b.id].is_active
    # a deactivated annotator cannot be given a scenario
    scenario = next(
        s.scenario_id for s in progress.scenarios if any(h.annotator_id == b.id for h in s.holdings)
    )
    with pytest.raises(UnprocessableError, match="not an active annotator"):
        reassign_scenario(
            session,
            batch_id=batch.id,
            scenario_id=scenario,
            kind="primary",
            from_annotator=b.id,
            to_annotator=a.id,
            by=lead.id,
            reason="x",
        )


def test_answers_sent_after_a_reclaim_are_kept_as_a_draft(session: Session, world) -> None:
    run, lead, a, b, _c = world
    start = utcnow() - timedelta(hours=3)
    batch = create_batch(
        session,
        name="l",
        annotator_ids=[a.id],
        created_by=lead.id,
        run_id=run.id,
        expires_after_hours=1,
        now=start,
    )
    response_id = _active(session, batch_id=batch.id)[0][0]
    assert lapsed_assignment(session, annotator_id=a.id, response_id=response_id) is not None
    reclaim_expired(session)
    data = {"level": "L1", "verdict": "reject", "timing": "premature", "intensity": "excessive"}
    with pytest.raises(drafts.ItemLapsed, match="NOT submitted") as lapsed:
        drafts.save_draft(
            session, annotator=a, response_id=response_id, data=data, base_version=None
        )
    assert "time ran out" in str(lapsed.value)
    draft = session.exec(
        select(AnnotationDraft).where(
            AnnotationDraft.response_id == response_id, AnnotationDraft.annotator_id == a.id
        )
    ).one()
    assert draft.data["verdict"] == "reject" and draft.data["timing"] == "premature"
    # someone who never held the item gets a plain "not found", and nothing is stored
    with pytest.raises(NotFoundError):
        drafts.save_draft(
            session, annotator=b, response_id=response_id, data=data, base_version=None
        )
    assert lapsed_assignment(session, annotator_id=b.id, response_id=response_id) is None

"""Batches: paired assignment, overlap sample, reassignment, expiry, over-fill, agreement."""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta

import pytest
from sqlmodel import Session, col, select

from app.annotation.batches import EXPIRED
from app.annotation.creation import create_batch
from app.annotation.moves import close_batch, reassign_scenario, reclaim_expired, release
from app.annotation.planner import overlap_checkpoints
from app.annotation.progress import annotation_progress, batch_progress, list_batches
from app.annotation.service import annotator_queue
from app.errors import ConflictError, NotFoundError, UnprocessableError
from app.export.rows import iter_rows
from app.metrics.overlap import agreement_on_overlap, overlap_pairs
from app.metrics.queries import double_judged
from app.models import Annotation, Assignment, Batch, Checkpoint, Response, Scenario
from app.models.base import utcnow
from tests.factories import make_run, make_user, submit_answers

SCENARIOS = ["wp-01", "wp-02", "wp-03", "wp-04"]


def _rows(session: Session, batch_id: int, *, active: bool = True) -> list[tuple]:
    """(response, scenario, t, annotator, kind) of the batch's assignments."""
    query = (
        select(
            Assignment.response_id,
            Checkpoint.scenario_id,
            Checkpoint.t,
            Assignment.annotator_id,
            Assignment.kind,
        )
        .join(Response, col(Response.id) == col(Assignment.response_id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(Assignment.batch_id == batch_id)
    )
    if active:
        query = query.where(col(Assignment.released_at).is_(None))
    return list(session.exec(query).all())


def _accept(session: Session, annotator, response_id: str) -> Annotation:
    """Judge a response as accepted at its predicted level."""
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
    lead = make_user(session, role="lead")
    a, b, c = (make_user(session) for _ in range(3))
    responses = session.exec(
        select(Response.id).where(Response.run_id == run.id, Response.status == "completed")
    ).all()
    return run, lead, a, b, c, len(responses)


def test_paired_protocol_and_balance(session: Session, world) -> None:
    run, lead, a, b, _c, total = world
    batch = create_batch(
        session, name="first", annotator_ids=[a.id, b.id], created_by=lead.id, run_id=run.id
    )
    rows = _rows(session, batch.id)
    assert len(rows) == total and {kind for *_, kind in rows} == {"primary"}
    owners: dict[str, set[int]] = defaultdict(set)
    for _r, scenario, _t, annotator, _k in rows:
        owners[scenario].add(annotator)
    assert set(owners) == set(SCENARIOS)
    assert all(len(v) == 1 for v in owners.values())  # one annotator per scenario
    load = defaultdict(int)
    for *_, annotator, _k in rows:
        load[annotator] += 1
    assert set(load) == {a.id, b.id}
    assert abs(load[a.id] - load[b.id]) <= max(sum(1 for r in rows if r[1] == s) for s in SCENARIOS)
    assert batch.status == "open" and batch.expires_after_hours == 72
    # everything is assigned as primary now: a second batch has nothing to take
    with pytest.raises(UnprocessableError, match="no completed response"):
        create_batch(session, name="again", annotator_ids=[a.id], created_by=lead.id)


def test_filters_by_need_type_and_domain(session: Session, world) -> None:
    run, lead, a, _b, _c, _total = world
    with pytest.raises(UnprocessableError, match="no completed response"):
        create_batch(
            session,
            name="x",
            annotator_ids=[a.id],
            created_by=lead.id,
            run_id=run.id,
            domains=["travel"],
        )
    batch = create_batch(
        session,
        name="blockage only",
        annotator_ids=[a.id],
        created_by=lead.id,
        run_id=run.id,
        need_types=["blockage"],
        domains=["workplace"],
    )
    assert {r[1] for r in _rows(session, batch.id)} == {"wp-03", "wp-04"}
    assert batch.need_types == ["blockage"] and batch.domains == ["workplace"]


def test_scenario_keeps_its_primary_annotator_in_the_phase(session: Session, world) -> None:
    run, lead, a, b, c, _total = world
    create_batch(
        session,
        name="dependency to a",
        annotator_ids=[a.id],
        created_by=lead.id,
        run_id=run.id,
        need_types=["dependency"],
    )
    later_run = make_run(session, scenario_ids=SCENARIOS, seed=7)
    batch = create_batch(
        session, name="later", annotator_ids=[b.id, c.id], created_by=lead.id, run_id=later_run.id
    )
    rows = _rows(session, batch.id)
    assert {r[1] for r in rows} == set(SCENARIOS)
    for _r, scenario, _t, annotator, _k in rows:
        if scenario in ("wp-01", "wp-02"):
            assert annotator == a.id  # a keeps the scenario though not chosen now
        else:
            assert annotator in (b.id, c.id)
    # another phase starts afresh
    third_run = make_run(session, scenario_ids=SCENARIOS, seed=8)
    other = create_batch(
        session,
        name="phase 2",
        annotator_ids=[c.id],
        created_by=lead.id,
        run_id=third_run.id,
        phase=2,
    )
    assert {r[3] for r in _rows(session, other.id)} == {c.id}


def test_overlap_share_goes_to_a_distinct_fixed_second_annotator(session: Session, world) -> None:
    run, lead, a, b, c, total = world
    batch = create_batch(
        session,
        name="overlap",
        annotator_ids=[a.id, b.id, c.id],
        created_by=lead.id,
        run_id=run.id,
        overlap_share=0.5,
        seed=11,
    )
    rows = _rows(session, batch.id)
    primary = {r[0]: r for r in rows if r[4] == "primary"}
    overlap = [r for r in rows if r[4] == "overlap"]
    assert len(primary) == total
    checkpoints = {(r[1], r[2]) for r in primary.values()}
    chosen = {(r[1], r[2]) for r in overlap}
    assert len(chosen) == int(0.5 * len(checkpoints) + 0.5)
    assert chosen == set(overlap_checkpoints(checkpoints, 0.5, 11))
    # every response of a chosen checkpoint is judged twice, by two different people
    assert {r[0] for r in overlap} == {r for r, p in primary.items() if (p[1], p[2]) in chosen}
    for response_id, _s, _t, annotator, _k in overlap:
        assert annotator != primary[response_id][3]
    seconds: dict[str, set[int]] = defaultdict(set)
    for _r, scenario, _t, annotator, _k in overlap:
        seconds[scenario].add(annotator)
    assert all(len(v) == 1 for v in seconds.values())  # fixed per scenario


def test_overlap_needs_two_annotators(session: Session, world) -> None:
    _run, lead, a, _b, _c, _total = world
    with pytest.raises(UnprocessableError, match="two annotators"):
        create_batch(session, name="x", annotator_ids=[a.id], created_by=lead.id, overlap_share=0.2)
    with pytest.raises(UnprocessableError):
        create_batch(
            session, name="x", annotator_ids=[a.id, lead.id], created_by=lead.id
        )  # a lead is no annotator


def test_overlap_sample_is_reproducible_by_seed(session: Session, world) -> None:
    # the sample itself: tests/unit/test_planner.py::test_overlap_sample_is_reproducible_by_seed
    run, lead, a, b, c, _total = world

    def build() -> set[tuple]:
        batch = create_batch(
            session,
            name="seeded",
            annotator_ids=[a.id, b.id, c.id],
            created_by=lead.id,
            run_id=run.id,
            overlap_share=0.3,
            seed=42,
        )
        made = {(r[0], r[3], r[4]) for r in _rows(session, batch.id)}
        close_batch(session, batch_id=batch.id, by=lead.id)  # frees everything again
        return made

    assert build() == build()


def test_reassign_moves_whole_scenarios_and_keeps_history(session: Session, world) -> None:
    run, lead, a, b, c, _total = world
    batch = create_batch(
        session,
        name="r",
        annotator_ids=[a.id, b.id],
        created_by=lead.id,
        run_id=run.id,
        overlap_share=1.0,
    )
    rows = _rows(session, batch.id)
    scenario = next(r[1] for r in rows if r[3] == a.id and r[4] == "primary")
    items = sorted(r[0] for r in rows if r[1] == scenario and r[4] == "primary")
    second = next(r[3] for r in rows if r[1] == scenario and r[4] == "overlap")

    def move(to: int, reason: str = "a is on leave", source: int = a.id, **kw):
        return reassign_scenario(
            session,
            batch_id=batch.id,
            scenario_id=scenario,
            kind="primary",
            from_annotator=source,
            to_annotator=to,
            by=lead.id,
            reason=reason,
            **kw,
        )

    with pytest.raises(UnprocessableError, match="different people"):
        move(second)  # the scenario's overlap annotator cannot also be its primary one
    with pytest.raises(UnprocessableError, match="why"):
        move(c.id, reason=" ")
    with pytest.raises(UnprocessableError, match="holds no primary item"):
        move(a.id, source=c.id)
    moved = move(c.id)
    assert sorted(m.response_id for m in moved) == items  # the whole scenario, nothing less
    assert all(m.kind == "primary" and m.batch_id == batch.id for m in moved)
    assert all(m.expires_at is not None for m in moved)
    released = session.exec(
        select(Assignment).where(
            Assignment.batch_id == batch.id, col(Assignment.released_at).is_not(None)
        )
    ).all()
    assert sorted(r.response_id for r in released) == items
    assert all(
        (r.annotator_id, r.released_reason, r.released_by) == (a.id, "a is on leave", lead.id)
        for r in released
    )
    assert not {i.response_id for i in annotator_queue(session, a)} & set(items)
    assert set(items) <= {i.response_id for i in annotator_queue(session, c)}
    # c judges one item: moving the rest back would split the scenario, so it is refused
    _accept(session, c, items[0])
    with pytest.raises(UnprocessableError, match="split the scenario") as refused:
        move(a.id, reason="back from leave", source=c.id)
    assert f"judged 1 of the {len(items)}" in str(refused.value)
    assert {m.response_id for m in annotator_queue(session, c)} >= set(items)  # nothing moved
    # a restart moves everything, the judged item too, to be judged again by a
    back = move(a.id, reason="back from leave", source=c.id, restart=True)
    assert sorted(m.response_id for m in back) == items
    history = session.exec(
        select(Assignment).where(Assignment.response_id == items[0]).order_by(Assignment.id)
    ).all()
    assert [(h.annotator_id, h.released_reason) for h in history if h.kind == "primary"] == [
        (a.id, "a is on leave"),
        (c.id, "back from leave (restart: 1 judged, to judge again)"),
        (a.id, None),
    ]
    assert _accept(session, a, items[0]).version == 1  # c's judgement does not block a's


def test_release_and_close_keep_judged_items(session: Session, world) -> None:
    run, lead, a, b, _c, _total = world
    batch = create_batch(
        session, name="r", annotator_ids=[a.id, b.id], created_by=lead.id, run_id=run.id
    )
    mine = [r[0] for r in _rows(session, batch.id) if r[3] == a.id]
    _accept(session, a, mine[0])
    assert release(session, batch_id=batch.id, annotator_id=a.id, by=lead.id, reason="x") == (
        len(mine) - 1
    )
    assert [i.response_id for i in annotator_queue(session, a)] == [mine[0]]
    others = len([r for r in _rows(session, batch.id) if r[3] == b.id])
    assert close_batch(session, batch_id=batch.id, by=lead.id) == others
    with pytest.raises(ConflictError):
        close_batch(session, batch_id=batch.id, by=lead.id)
    # released items can go out again
    again = create_batch(session, name="again", annotator_ids=[b.id], created_by=lead.id)
    assert len(_rows(session, again.id)) >= len(mine) - 1 + others


def test_reclaim_expired(session: Session, world) -> None:
    run, lead, a, b, _c, _total = world
    start = utcnow()
    batch = create_batch(
        session,
        name="short",
        annotator_ids=[a.id, b.id],
        created_by=lead.id,
        run_id=run.id,
        expires_after_hours=1,
        now=start,
    )
    rows = _rows(session, batch.id)
    _accept(session, a, next(r[0] for r in rows if r[3] == a.id))
    assert reclaim_expired(session, start + timedelta(minutes=30)) == 0
    progress = batch_progress(session, batch.id, now=start + timedelta(hours=2))
    assert progress.expired == len(rows) - 1 and progress.judged == 1
    assert reclaim_expired(session, start + timedelta(hours=2)) == len(rows) - 1
    left = _rows(session, batch.id)
    assert len(left) == 1
    reasons = session.exec(
        select(Assignment.released_reason).where(
            Assignment.batch_id == batch.id, col(Assignment.released_at).is_not(None)
        )
    ).all()
    assert set(reasons) == {EXPIRED}
    assert reclaim_expired(session, start + timedelta(hours=3)) == 0  # judged ones stay


def test_a_superseded_judgement_does_not_block_the_holder(session: Session, world) -> None:
    run, lead, a, b, _c, _total = world
    batch = create_batch(session, name="o", annotator_ids=[a.id], created_by=lead.id, run_id=run.id)
    response_id = _rows(session, batch.id)[0][0]
    # b judged the item under an assignment released since (a restarted scenario)
    session.add(Assignment(response_id=response_id, annotator_id=b.id, released_at=utcnow()))
    response = session.get(Response, response_id)
    level = "L0" if response.action is None else response.level_predicted
    session.add(
        Annotation(response_id=response_id, annotator_id=b.id, level=level, verdict="reject")
    )
    session.commit()
    _accept(session, a, response_id)
    stored = session.exec(select(Annotation).where(Annotation.response_id == response_id)).all()
    assert sorted(s.annotator_id for s in stored) == sorted([a.id, b.id])
    (row,) = [r for r in iter_rows(session) if r.response_id == response_id]
    assert (row.annotator, row.verdict) == (a.pseudonym, "accept")  # the holder's counts


def test_a_released_holder_cannot_save(session: Session, world) -> None:
    run, lead, a, b, _c, _total = world
    batch = create_batch(session, name="o", annotator_ids=[a.id], created_by=lead.id, run_id=run.id)
    response_id, scenario_id, *_ = _rows(session, batch.id)[0]
    reassign_scenario(
        session,
        batch_id=batch.id,
        scenario_id=scenario_id,
        kind="primary",
        from_annotator=a.id,
        to_annotator=b.id,
        by=lead.id,
        reason="moved",
    )
    with pytest.raises(NotFoundError):
        _accept(session, a, response_id)
    assert _accept(session, b, response_id).version == 1


def _judge(session, annotator, response_id, verdict, level, timing=None, intensity=None):
    form = {"level": level, "verdict": verdict, "timing": timing, "intensity": intensity}
    return submit_answers(session, annotator=annotator, response_id=response_id, form=form)


def test_agreement_on_overlap_by_hand(session: Session, world) -> None:
    run, lead, a, b, _c, _total = world
    batch = create_batch(
        session,
        name="double",
        annotator_ids=[a.id, b.id],
        created_by=lead.id,
        run_id=run.id,
        overlap_share=1.0,
    )
    rows = _rows(session, batch.id)
    holders: dict[str, dict[str, int]] = defaultdict(dict)
    for response_id, _s, _t, annotator, kind in rows:
        holders[response_id][kind] = annotator
    acting = [
        r
        for r in sorted(holders)
        if session.get(Response, r).action is not None and len(holders[r]) == 2
    ][:4]
    assert len(acting) == 4
    users = {a.id: a, b.id: b}
    # (first: verdict, level, timing, intensity), (second: ...) per item
    plan = [
        (("accept", "L1", None, None), ("accept", "L1", None, None)),
        (("accept", "L3", None, None), ("reject", "L3", "belated", "insufficient")),
        (("reject", "L3", "premature", "excessive"), ("reject", "L3", "premature", "excessive")),
        (("reject", "L3", "premature", "excessive"), ("reject", "L2", "belated", "excessive")),
    ]
    for response_id, (first, second) in zip(acting, plan, strict=True):
        _judge(session, users[holders[response_id]["primary"]], response_id, *first)
        _judge(session, users[holders[response_id]["overlap"]], response_id, *second)
    # a primary-only judgement is no pair
    lone = next(r for r in sorted(holders) if r not in acting)
    _accept(session, users[holders[lone]["primary"]], lone)

    result = agreement_on_overlap(session)
    assert result["items"] == 4
    rows_by_field = {row["field"]: row for row in result["rows"]}
    # verdict: p_o = 3/4, p_e = 1/2·1/4 + 1/2·3/4 = 1/2 → κ = 1/2; α = 1 − 7·2/30 = 8/15
    assert rows_by_field["verdict"]["items"] == 4
    assert rows_by_field["verdict"]["kappa"] == pytest.approx(0.5)
    assert rows_by_field["verdict"]["alpha"] == pytest.approx(8 / 15, abs=1e-4)
    assert rows_by_field["verdict"]["agreement"] == pytest.approx(75.0)
    # level: p_o = 3/4, p_e = 1/16 + 3/4·1/2 = 7/16 → κ = 5/9
    assert rows_by_field["level"]["kappa"] == pytest.approx(5 / 9, abs=1e-4)
    # timing: only items both rejected (3 and 4): p_o = 1/2, p_e = 1/2 → κ = 0
    assert rows_by_field["timing"]["items"] == 2
    assert rows_by_field["timing"]["kappa"] == pytest.approx(0.0)
    # intensity: both "excessive" on both items: a single category, κ undefined
    assert rows_by_field["intensity"]["items"] == 2
    assert rows_by_field["intensity"]["kappa"] is None
    assert rows_by_field["intensity"]["kappa_reason"]
    assert agreement_on_overlap(session, phase=2)["items"] == 0

    overall = annotation_progress(session)
    phase = next(p for p in overall.phases if p.phase == 1)
    assert phase.double_judged == 4 and phase.overlap_judged == 4 and phase.judged == 5
    summary = next(s for s in list_batches(session) if s.batch.id == batch.id)
    assert summary.judged == 9 and summary.annotators == 2

    # one definition of a double-judged item: the analysis table reads the same four pairs
    assert [r for r, _a, _b in double_judged(session, run_id=run.id)["verdict"]] == sorted(acting)
    # an audited-out scenario's pairs leave every count (DESIGN §7: out of the corpus)
    out = session.get(Response, acting[0])
    assert out is not None
    checkpoint = session.get(Checkpoint, out.checkpoint_id)
    assert checkpoint is not None
    scenario = session.get(Scenario, checkpoint.scenario_id)
    assert scenario is not None
    scenario.audit_status = "rejected"
    session.add(scenario)
    session.flush()
    gone = {
        r
        for r in acting
        if session.get(Checkpoint, session.get(Response, r).checkpoint_id).scenario_id
        == scenario.id
    }
    left = sorted(set(acting) - gone)
    assert gone and len(left) < 4
    assert [r for r, _a, _b in overlap_pairs(session)] == left
    assert agreement_on_overlap(session)["items"] == len(left)
    assert [r for r, _a, _b in double_judged(session, run_id=run.id)["verdict"]] == left
    phase = next(p for p in annotation_progress(session).phases if p.phase == 1)
    assert phase.double_judged == len(left)


def test_batch_progress_counts_and_throughput(session: Session, world) -> None:
    run, lead, a, b, _c, _total = world
    batch = create_batch(
        session, name="p", annotator_ids=[a.id, b.id], created_by=lead.id, run_id=run.id
    )
    mine = [r[0] for r in _rows(session, batch.id) if r[3] == a.id]
    for index, response_id in enumerate(mine[:3]):
        note = _accept(session, a, response_id)
        note.seconds_spent = [10.0, 20.0, 60.0][index]
        session.add(note)
    session.commit()
    progress = batch_progress(session, batch.id)
    row = next(p for p in progress.annotators if p.annotator_id == a.id)
    assert (row.assigned, row.judged, row.open, row.expired) == (len(mine), 3, len(mine) - 3, 0)
    assert row.per_hour == pytest.approx(3 / 8, abs=0.01)
    assert row.last_day == 3
    assert (row.mean_seconds, row.median_seconds) == (30.0, 20.0)
    assert sum(n for _d, n in progress.by_day) == 3
    assert {s.scenario_id for s in progress.scenarios} == set(SCENARIOS)


def test_a_batch_without_expiry_keeps_none_also_for_moved_items(session: Session, world) -> None:
    run, lead, a, b, _c, _total = world
    batch = create_batch(
        session,
        name="no expiry",
        annotator_ids=[a.id],
        created_by=lead.id,
        run_id=run.id,
        expires_after_hours=None,
    )
    session.expire_all()  # read back what was stored
    assert session.get(Batch, batch.id).expires_after_hours is None
    rows = _rows(session, batch.id)
    assert {session.get(Assignment, i).expires_at for i in _ids(session, batch.id)} == {None}
    moved = reassign_scenario(
        session,
        batch_id=batch.id,
        scenario_id=rows[0][1],
        kind="primary",
        from_annotator=a.id,
        to_annotator=b.id,
        by=lead.id,
        reason="a is away",
    )
    assert moved and {m.expires_at for m in moved} == {None}


def _ids(session: Session, batch_id: int) -> list[int]:
    return list(session.exec(select(Assignment.id).where(Assignment.batch_id == batch_id)).all())


def test_a_batch_name_over_its_column_is_refused_not_cut(session: Session, world) -> None:
    """A 121-character name says what is wrong and where; 120 are kept whole; nothing is stored
    for the refused one."""
    _run, lead, a, *_ = world
    with pytest.raises(UnprocessableError, match="121 characters; use at most 120") as e:
        create_batch(session, name="n" * 121, annotator_ids=[a.id], created_by=lead.id)
    assert e.value.field == "name"
    assert session.exec(select(Batch)).all() == []
    kept = create_batch(
        session, name=" " + "m" * 120 + " ", annotator_ids=[a.id], created_by=lead.id
    )
    assert session.get(Batch, kept.id).name == "m" * 120

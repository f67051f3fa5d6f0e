"""The queue read from its index (app.annotation.queue, issue 16): the stored queue place gives
the same order, labels, neighbours and counts as the sha256 rule worked out here by hand, and
the queue page's windows, filters and search list exactly the items they name."""

from __future__ import annotations

import hashlib
from itertools import groupby

import pytest
from sqlmodel import Session, col, select

from app.annotation import queue, workspace
from app.annotation.creation import create_batch
from app.models import Assignment, Checkpoint, Response, Scenario
from app.vocabulary import AuditStatus
from tests.factories import make_run, make_user


@pytest.fixture
def world(session: Session):
    run = make_run(session, scenario_ids=["wp-01", "wp-02", "hf-01"], k=4)
    annotator, lead = make_user(session), make_user(session, role="lead")
    create_batch(session, name="q", annotator_ids=[annotator.id], created_by=lead.id, run_id=run.id)
    return {"annotator": annotator}


def _by_hand(session: Session, annotator_id: int) -> list[tuple[str, str, int]]:
    """``(response id, scenario, t)`` in queue order, worked out from the responses' checkpoints
    and sha256("blind:<id>"), not from the stored columns."""
    rows = session.exec(
        select(Response.id, Checkpoint.scenario_id, Checkpoint.t)
        .join(Assignment, col(Assignment.response_id) == col(Response.id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(Assignment.annotator_id == annotator_id, col(Assignment.released_at).is_(None))
    ).all()
    blind = {r: hashlib.sha256(f"blind:{r}".encode()).hexdigest() for r, _s, _t in rows}
    return sorted(rows, key=lambda row: (row[1], row[2], blind[row[0]]))


def _labels_by_hand(order: list[tuple[str, str, int]]) -> dict[str, str]:
    labels = {}
    for _key, items in groupby(order, key=lambda row: (row[1], row[2])):
        for index, (response_id, _s, _t) in enumerate(items):
            labels[response_id] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[index % 26]
    return labels


def _judge(session: Session, annotator, response_id: str) -> None:
    """Accept the response's predicted level (a valid diagnosis for every response)."""
    level = session.get(Response, response_id).level_predicted
    outcome = workspace.submit(
        session,
        annotator=annotator,
        response_id=response_id,
        answers=workspace.Answers(level=level, verdict="accept"),
        expected_version=None,
    )
    assert outcome.result == "saved"


def test_the_stored_place_is_the_sha256_order(session: Session, world) -> None:
    a = world["annotator"]
    order = _by_hand(session, a.id)
    assert len(order) == 36  # 3 baselines × k = 4 × 3 scenarios
    stored = session.exec(
        select(Assignment.scenario_id, Assignment.checkpoint_t, Assignment.blind_order).where(
            Assignment.response_id == order[0][0]
        )
    ).one()
    expected = hashlib.sha256(f"blind:{order[0][0]}".encode()).hexdigest()
    assert stored == (order[0][1], order[0][2], expected)
    window = queue.queue_window(session, a.id, queue.QueueFilters(), size=500)
    assert [r.response_id for r in window.rows] == [r for r, _s, _t in order]
    labels = _labels_by_hand(order)
    assert {r.response_id: r.label for r in window.rows} == labels
    assert len(set(labels.values())) > 1  # checkpoints with several responses: A, B, ...


def test_item_place_neighbours_label_and_next_open(session: Session, world) -> None:
    a = world["annotator"]
    order = [r for r, _s, _t in _by_hand(session, a.id)]
    labels = _labels_by_hand(_by_hand(session, a.id))
    middle = order[5]
    page = workspace.open_item(session, annotator=a, response_id=middle)
    assert (page.previous, page.following, page.next_open) == (order[4], order[6], order[6])
    assert page.label == labels[middle]
    first = workspace.open_item(session, annotator=a, response_id=order[0])
    assert (first.previous, first.following) == (None, order[1])
    last = workspace.open_item(session, annotator=a, response_id=order[-1])
    assert (last.following, last.next_open) == (None, order[0])  # wraps to the first open one
    # judge items 6 and 7: the next open item after 5 is 8
    for response_id in order[6:8]:
        _judge(session, a, response_id)
    assert workspace.open_item(session, annotator=a, response_id=order[5]).next_open == order[8]
    progress = workspace.open_progress(session, annotator=a, response_id=order[5])
    assert (progress.position, progress.total, progress.done) == (6, len(order), 2)


def test_windows_page_through_the_whole_queue_both_ways(session: Session, world) -> None:
    a = world["annotator"]
    order = [r for r, _s, _t in _by_hand(session, a.id)]
    everything = queue.QueueFilters()
    seen, after, firsts = [], None, []
    while True:
        window = queue.queue_window(session, a.id, everything, after=after, size=7)
        seen += [r.response_id for r in window.rows]
        firsts.append(window.first)
        assert window.matching == len(order)
        if window.later is None:
            break
        after = window.later
    assert seen == order
    assert firsts == list(range(1, len(order) + 1, 7))
    last = queue.queue_window(session, a.id, everything, last=True, size=7)
    # the last page is the last 7 rows (keyset pages are not aligned to the first page's)
    assert [r.response_id for r in last.rows] == order[-7:]
    assert (last.first, last.later, last.earlier) == (len(order) - 6, None, order[-7])
    back = queue.queue_window(session, a.id, everything, before=order[14], size=7)
    assert [r.response_id for r in back.rows] == order[7:14]
    assert (back.first, back.earlier, back.later) == (8, order[7], order[13])
    start = queue.queue_window(session, a.id, everything, before=order[3], size=7)
    assert [r.response_id for r in start.rows] == order[:3]
    assert (start.first, start.earlier) == (1, None)
    unknown = queue.queue_window(session, a.id, everything, after="not-mine", size=7)
    assert [r.response_id for r in unknown.rows] == order[:7]


def test_filters_and_search_list_exactly_their_items(session: Session, world) -> None:
    a = world["annotator"]
    order = _by_hand(session, a.id)
    labels = _labels_by_hand(order)
    judged = order[1][0]
    _judge(session, a, judged)

    def listed(**filters: str) -> list[str]:
        window = queue.queue_window(session, a.id, queue.QueueFilters(**filters), size=500)
        assert window.matching == len(window.rows)
        # labels are the item page's, whatever the filter
        assert all(r.label == labels[r.response_id] for r in window.rows)
        return [r.response_id for r in window.rows]

    assert listed(status="judged") == [judged]
    assert listed(status="open") == [r for r, _s, _t in order if r != judged]
    assert listed(scenario="wp-02") == [r for r, s, _t in order if s == "wp-02"]
    need = session.get(Scenario, "hf-01").need_type
    by_need = {s.id for s in session.exec(select(Scenario).where(Scenario.need_type == need))}
    assert listed(need=need) == [r for r, s, _t in order if s in by_need]
    title = session.get(Scenario, "wp-01").title
    word = max(title.split(), key=len)
    matches = {
        s
        for s in ("wp-01", "wp-02", "hf-01")
        if word.lower() in session.get(Scenario, s).title.lower() or word.lower() in s
    }
    assert listed(q=word.upper()) == [r for r, s, _t in order if s in matches]
    assert listed(q="HF-0") == [r for r, s, _t in order if s == "hf-01"]
    assert listed(q="%") == []  # LIKE wildcards are searched as text
    assert listed(status="judged", scenario="hf-01") == ([judged] if order[1][1] == "hf-01" else [])


def test_an_audited_out_scenario_leaves_the_queue_and_its_counts(session: Session, world) -> None:
    a = world["annotator"]
    order = _by_hand(session, a.id)
    scenario = session.get(Scenario, "wp-01")
    scenario.audit_status = AuditStatus.REJECTED
    session.add(scenario)
    session.commit()
    kept = [r for r, s, _t in order if s != "wp-01"]
    window = queue.queue_window(session, a.id, queue.QueueFilters(), size=500)
    assert [r.response_id for r in window.rows] == kept
    assert queue.progress(session, a.id) == queue.Progress(total=len(kept), done=0)
    assert ("wp-01", scenario.title) not in queue.queue_scenarios(session, a.id)
    page = workspace.open_queue(session, annotator=a)
    assert (page.total, page.first_open) == (len(kept), kept[0])


def test_an_assignment_written_without_its_place_gets_it(session: Session, world) -> None:
    a = world["annotator"]
    response_id = _by_hand(session, a.id)[0][0]
    other = make_user(session)
    assignment = Assignment(response_id=response_id, annotator_id=other.id, kind="overlap")
    session.add(assignment)
    session.commit()
    checkpoint = session.get(Checkpoint, session.get(Response, response_id).checkpoint_id)
    assert (assignment.scenario_id, assignment.checkpoint_t, assignment.blind_order) == (
        checkpoint.scenario_id,
        checkpoint.t,
        hashlib.sha256(f"blind:{response_id}".encode()).hexdigest(),
    )


def test_a_filtered_view_counts_up_to_the_cap(
    session: Session, world, monkeypatch: pytest.MonkeyPatch
) -> None:
    a = world["annotator"]
    order = [r for r, _s, _t in _by_hand(session, a.id)]
    monkeypatch.setattr(queue, "COUNT_CAP", 5)
    open_items = queue.QueueFilters(status="open")  # all 36 are open
    first = queue.queue_window(session, a.id, open_items, size=4)
    assert [r.response_id for r in first.rows] == order[:4]
    assert (first.matching, first.capped, first.first, first.later) == (5, True, 1, order[3])
    far = queue.queue_window(session, a.id, open_items, after=order[9], size=4)
    assert [r.response_id for r in far.rows] == order[10:14]
    assert (far.first, far.earlier, far.later) == (None, order[10], order[13])  # past the cap
    back = queue.queue_window(session, a.id, open_items, before=order[4], size=4)
    assert (back.first, back.earlier, back.later) == (1, None, order[3])
    # unfiltered views count exactly
    whole = queue.queue_window(session, a.id, queue.QueueFilters(), after=order[9], size=4)
    assert (whole.matching, whole.capped, whole.first) == (36, False, 11)

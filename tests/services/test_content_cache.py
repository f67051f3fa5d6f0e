"""Aggregates kept until the content changes (``app.db.content_cached``, migration 0018).

On a committed database: Table 1 is computed once while nothing changes, computed again once a
submit from another session commits, and a session whose own transaction changed the content
computes it afresh without keeping that value.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from sqlmodel import Session, select

from app.annotation.creation import create_batch
from app.annotation.progress import progress_valid_until
from app.db import content_cached, get_engine, session_scope
from app.metrics import cells
from app.metrics.registry import metric_table
from app.models import Annotation, Assignment, Response
from tests.factories import assign_paired, make_run, make_user, submit_answers


def _accept(session: Session, annotator, response_id: str) -> None:
    response = session.get(Response, response_id)
    assert response is not None
    level = "L0" if response.action is None else response.level_predicted
    submit_answers(
        session,
        annotator=annotator,
        response_id=response_id,
        form={"level": level, "verdict": "accept"},
    )


def _judged(session: Session) -> int:
    return sum(row["n"] for row in metric_table(session, "table1")[1])


def test_table1_is_kept_until_a_submit_commits(live_db: str, monkeypatch) -> None:
    computed: list[object] = []
    real = cells._agent_table1

    def counting(session: Session, filters: cells.MetricFilters) -> object:
        computed.append(filters)
        return real(session, filters)

    monkeypatch.setattr(cells, "_agent_table1", counting)
    with session_scope() as session:
        make_run(session, scenario_ids=["wp-01"], k=1)  # 3 agents × wp-01's checkpoints
        annotator = make_user(session)
        assign_paired(session, annotator_ids=[annotator.id])
        items = sorted(
            session.exec(
                select(Assignment.response_id).where(Assignment.annotator_id == annotator.id)
            ).all()
        )
        assert len(items) >= 3
        _accept(session, annotator, items[0])

    with session_scope() as reader:
        assert _judged(reader) == 1
        assert _judged(reader) == 1
        reader.rollback()
        assert _judged(reader) == 1
    assert len(computed) == 1  # three reads, one computation

    with session_scope() as writer:
        annotator_row = writer.get(type(annotator), annotator.id)
        _accept(writer, annotator_row, items[1])  # commits: a notice
    with session_scope() as reader:
        assert _judged(reader) == 2
        assert _judged(reader) == 2
    assert len(computed) == 2

    # a transaction that changed the content and has not committed computes afresh, and what
    # it saw is not kept for others
    with Session(get_engine()) as dirty:
        response = dirty.get(Response, items[0])
        assert response is not None
        response.status = "api_error"  # its judgement no longer counts: not completed
        dirty.add(response)
        dirty.flush()
        assert _judged(dirty) == 1
        dirty.rollback()
    with session_scope() as reader:
        assert _judged(reader) == 2
    assert len(computed) == 3  # the dirty read; then the kept value again (a rollback is no change)


def test_a_value_that_depends_on_the_clock_is_kept_only_until_it_changes(live_db: str) -> None:
    calls: list[int] = []

    def compute() -> int:
        calls.append(1)
        return len(calls)

    until = datetime.now(UTC) + timedelta(seconds=0.5)
    with session_scope() as reader:
        assert content_cached(reader, "clock", compute, valid_until=lambda: until) == 1
        assert content_cached(reader, "clock", compute, valid_until=lambda: until) == 1
        time.sleep(0.6)
        assert content_cached(reader, "clock", compute, valid_until=lambda: until) == 2


def test_progress_is_valid_until_the_next_expiry_or_window_edge(session: Session) -> None:
    now = datetime.now(UTC).replace(microsecond=0)
    make_run(session, scenario_ids=["wp-01"], k=1)
    annotator, lead = make_user(session), make_user(session, role="lead")
    assert progress_valid_until(session, now) is None  # nothing expires, nothing judged
    create_batch(
        session,
        name="b",
        annotator_ids=[annotator.id],
        created_by=lead.id,
        expires_after_hours=2,
        now=now - timedelta(minutes=30),
    )
    # the assignments expire in 90 minutes; nothing judged yet
    assert progress_valid_until(session, now) == now + timedelta(minutes=90)
    item = session.exec(
        select(Assignment.response_id).where(Assignment.annotator_id == annotator.id)
    ).first()
    _accept(session, annotator, item)  # judged just now: its windows end in 8 h and 1 day
    annotation = session.exec(select(Annotation).where(Annotation.response_id == item)).one()
    assert progress_valid_until(session, now) == now + timedelta(minutes=90)
    annotation.created_at = now - timedelta(hours=7)  # leaves the 8-hour window in an hour
    session.add(annotation)
    session.commit()
    assert progress_valid_until(session, now) == now + timedelta(hours=1)


UNWATCHED = {
    "alembic_version",
    "annotation_drafts",  # an annotator's unsaved answers: no page aggregate reads them
    "annotation_revisions",  # earlier versions of an annotation; the annotation itself is watched
    "export_jobs",
    # derived from watched tables, and read so that the result is the same before and after a
    # refresh (app.metrics.kept): a refresh changes no page
    "kept_cells",
    "judged_label_marks",
    "login_attempts",
}
"""Tables whose changes need no notice: no kept aggregate reads them."""


def test_every_table_a_kept_aggregate_may_read_sends_the_notice(live_db: str) -> None:
    # a table without the trigger would leave Table 5, Table 11 or the overview stale until
    # some other table changed; new tables must be watched or listed above with a reason
    with session_scope() as session:
        tables = set(
            session.connection()
            .exec_driver_sql("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
            .scalars()
        )
        watched = set(
            session.connection()
            .exec_driver_sql(
                "SELECT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
                "WHERE t.tgname = 'halo_content_changed'"
            )
            .scalars()
        )
    assert {"generation_candidates", "judge_predictions", "responses"} <= watched
    assert tables - UNWATCHED == watched

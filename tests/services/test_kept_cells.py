"""Kept cells give the counts computed afresh, after every kind of change (DESIGN.md §8).

The fixture of ``test_metrics_sql`` (two runs of judged responses with overlap judgements,
phase-2 annotations, unknown other-issue categories, an audited-out scenario) is stored; then the
cells and Table 1 over all runs (the path that reads ``kept_cells``) must equal the cells
counted from the rows the database gives back one by one (``judged_responses``, computed afresh,
through ``tests/metrics_oracles.py``) — with every checkpoint marked, after a refresh, and after
each change a trigger of migration 0022 must see: an annotation edited and added, a primary
assignment released, a scenario audited out, a response's measures changed, a response deleted.
On PostgreSQL and on SQLite, whose triggers differ.
"""

from __future__ import annotations

import pytest
from sqlalchemy import delete, func, text
from sqlmodel import Session, col, select

from app.metrics import kept
from app.metrics.cells import JudgedCell, agent_table1_sql, judged_cells_sql
from app.metrics.queries import MetricFilters, judged_responses
from app.models import (
    Annotation,
    AnnotationRevision,
    Assignment,
    Checkpoint,
    JudgedLabelMark,
    KeptCell,
    Response,
    Scenario,
)
from app.models.base import utcnow
from tests.metrics_oracles import counted, judged_cells
from tests.services.test_metrics_sql import Stored, store


def _own(cells: list[JudgedCell], prefix: str) -> list[JudgedCell]:
    return [c for c in cells if c.agent.startswith(prefix)]


def _filters(stored: Stored) -> list[MetricFilters]:
    domain = stored.rows[stored.r1][0].domain
    return [
        MetricFilters(),
        MetricFilters(phase=1),
        MetricFilters(phase=2),
        MetricFilters(need_type="risk"),
        MetricFilters(domain=domain, phase=1),
    ]


def _marks(session: Session) -> int:
    return int(session.exec(select(func.count(col(JudgedLabelMark.id)))).one())


def _assert_same(
    session: Session, stored: Stored, filters_list: list[MetricFilters] | None = None
) -> None:
    """Kept (or partly kept) cells and Table 1 equal the rows computed afresh, per filter."""
    for filters in filters_list or _filters(stored):
        fresh = [
            r
            for r in judged_responses(session, **filters.as_dict())
            if r.agent.startswith(stored.prefix)
        ]
        assert fresh or filters.phase == 2, filters
        assert _own(judged_cells_sql(session, filters), stored.prefix) == judged_cells(fresh)
        table1 = agent_table1_sql(session, filters)
        own = {a: c for a, c in table1.items() if a.startswith(stored.prefix)}
        assert own == counted(fresh, lambda r: r.agent), filters


def _check_every_change(session: Session, stored: Stored) -> None:
    # stored: every checkpoint of the fixture is marked, nothing kept yet
    assert _marks(session) > 0
    everything = stored.rows[stored.r1] + stored.rows[stored.r2]
    own = _own(judged_cells_sql(session, MetricFilters()), stored.prefix)
    assert own == judged_cells(everything)
    _assert_same(session, stored)
    assert kept.refresh_kept_cells(session) > 0
    assert _marks(session) == 0
    assert session.exec(select(func.count(col(KeptCell.id)))).one() > 0
    assert _own(judged_cells_sql(session, MetricFilters()), stored.prefix) == judged_cells(
        everything
    )
    _assert_same(session, stored)
    assert kept.refresh_kept_cells(session) == 0  # nothing marked: nothing to do

    responses = [f"{stored.prefix}{stored.r2}-{i}" for i in range(40)]

    quick = [MetricFilters(), MetricFilters(phase=2)]  # every phase, and one of two

    def changed() -> None:
        session.flush()
        assert _marks(session) > 0, "the change left no mark"
        _assert_same(session, stored, quick)  # kept cells of unmarked checkpoints + marked ones
        assert kept.refresh_kept_cells(session) > 0
        assert _marks(session) == 0
        _assert_same(session, stored, quick)  # all kept

    # an annotation edited: its labels change
    annotation = session.exec(
        select(Annotation).where(Annotation.response_id == responses[0])
    ).first()
    assert annotation is not None
    flip = "reject" if annotation.verdict == "accept" else "accept"
    annotation.verdict = flip
    annotation.timing = "premature" if flip == "reject" else None
    annotation.intensity = "excessive" if flip == "reject" else None
    session.add(annotation)
    changed()

    # the primary assignment of a response with an overlap judgement released: the judgement
    # of record falls back to the earliest annotation, the overlap one
    overlapped = f"{stored.prefix}{stored.r2}-3"  # index % 7 == 3 in the fixture
    primary = session.exec(
        select(Assignment).where(Assignment.response_id == overlapped, Assignment.kind == "primary")
    ).one()
    primary.released_at = utcnow()
    session.add(primary)
    changed()

    # a scenario audited out, and back
    scenario_id = stored.rows[stored.r2][5].scenario_id
    scenario = session.get(Scenario, scenario_id)
    assert scenario is not None
    scenario.audit_status = "rejected"
    session.add(scenario)
    changed()
    scenario.audit_status = "accepted"
    session.add(scenario)
    changed()

    # a response's counted measures changed
    response = session.get(Response, responses[1])
    assert response is not None
    response.reasoning_tokens = (response.reasoning_tokens or 0) + 777
    response.local_content_access = not response.local_content_access
    session.add(response)
    changed()

    # a new annotation for the unannotated completed response of the noise run
    session.add(
        Annotation(
            response_id=f"{stored.prefix}n1",
            annotator_id=annotation.annotator_id,
            level="L0",
            verdict="accept",
            phase=1,
        )
    )
    changed()

    # a judged response deleted with what names it
    gone = responses[2]
    ids = list(session.exec(select(Annotation.id).where(Annotation.response_id == gone)))
    session.execute(
        delete(AnnotationRevision).where(col(AnnotationRevision.annotation_id).in_(ids))
    )
    session.execute(delete(Annotation).where(col(Annotation.response_id) == gone))
    session.execute(delete(Assignment).where(col(Assignment.response_id) == gone))
    session.execute(delete(Response).where(col(Response.id) == gone))
    changed()

    # what the counts do not read marks nothing: lease bookkeeping on a judged response, an
    # annotation saved again with the same labels, an assignment's queue place
    response = session.get(Response, responses[3])
    assert response is not None
    response.heartbeat_at = utcnow()
    session.add(response)
    resaved = session.exec(select(Annotation).where(Annotation.response_id == responses[4])).one()
    resaved.version += 1
    resaved.seconds_spent = 42.0
    session.add(resaved)
    placed = session.exec(select(Assignment).where(Assignment.response_id == responses[4])).one()
    placed.blind_order = "f" * 16
    session.add(placed)
    session.flush()
    assert _marks(session) == 0


def test_kept_cells_follow_every_change_on_postgresql(session: Session) -> None:
    _check_every_change(session, store(session, "lgp"))


def test_kept_cells_follow_every_change_on_sqlite(sqlite_session: Session) -> None:
    stored = store(sqlite_session, "lgs")
    sqlite_session.commit()
    _check_every_change(sqlite_session, stored)
    sqlite_session.commit()


def test_refresh_in_chunks_and_rebuild_give_the_same_cells(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored = store(session, "lgc")
    monkeypatch.setattr(kept, "REFRESH_CHUNK", 7)  # several statements per refresh
    assert kept.refresh_kept_cells(session) > 7
    chunked = sorted(
        (g.checkpoint_id, g.agent_id, g.phase, sorted(g.counts.items()))
        for g in session.exec(select(KeptCell))
    )
    _assert_same(session, stored)
    session.add(JudgedLabelMark(checkpoint_id=chunked[0][0]))
    monkeypatch.setattr(kept, "REBUILD_SHARE", 0.0)  # any mark: one pass over everything
    session.flush()
    _assert_same(session, stored)  # read computes everything afresh too
    assert kept.refresh_kept_cells(session) == 1  # the one mark, by a rebuild
    rebuilt = sorted(
        (g.checkpoint_id, g.agent_id, g.phase, sorted(g.counts.items()))
        for g in session.exec(select(KeptCell))
    )
    assert rebuilt == chunked


def test_a_truncate_drops_the_kept_cells_and_marks_every_checkpoint(session: Session) -> None:
    # TRUNCATE fires none of migration 0022's row or statement triggers; without its own
    # trigger (migration 0024) the kept cells would go on counting the annotations it removed
    stored = store(session, "lgt")
    assert kept.refresh_kept_cells(session) > 0
    assert _own(judged_cells_sql(session, MetricFilters()), stored.prefix) != []
    session.execute(text("TRUNCATE annotations CASCADE"))
    assert session.exec(select(func.count(col(KeptCell.id)))).one() == 0
    assert _marks(session) == session.exec(select(func.count(col(Checkpoint.id)))).one() > 0
    assert judged_cells_sql(session, MetricFilters()) == []
    assert agent_table1_sql(session, MetricFilters()) == {}
    kept.refresh_kept_cells(session)
    assert _marks(session) == 0
    assert judged_cells_sql(session, MetricFilters()) == []

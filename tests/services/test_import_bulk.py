"""``halo import responses`` stores in bulk (COPY), reporting progress, all-or-nothing."""

from __future__ import annotations

from pathlib import Path

from sqlmodel import Session, col, func, select

from app.export import importer
from app.export.importer import import_responses
from app.models import Annotation, AnnotationRevision, Assignment, Response
from tests.services.test_export import _row, _write


def _judged(i: int) -> dict[str, object]:
    return _row(
        response_id=f"bulk-{i}",
        run_id=f"bulk-run-{i // 5}",  # wp-04 has 5+ checkpoints: one run per 5 rows
        checkpoint=1 + i % 5,
        level="L1",
        verdict="accept",
        annotator="P-bulk",
        annotated_at="2026-03-02T10:00:00+00:00",
    )


def test_rows_are_stored_in_bulk_with_progress(
    session: Session, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setattr(importer, "FLUSH_EVERY", 4)  # 11 rows: three bulk writes
    monkeypatch.setattr(importer, "PROGRESS_EVERY", 5)
    calls: list[tuple[str, int, int | None]] = []
    path = _write(tmp_path / "bulk.jsonl", [_judged(i) for i in range(11)])
    report = import_responses(
        session, path, progress=lambda stage, done, total: calls.append((stage, done, total))
    )
    assert (report.responses, report.annotations) == (11, 11)
    assert calls == [
        ("check", 5, None),
        ("check", 10, None),
        ("check", 11, 11),
        ("store", 4, 11),
        ("store", 8, 11),
        ("store", 11, 11),
    ]
    ids = [f"bulk-{i}" for i in range(11)]
    stored = session.exec(select(Response).where(col(Response.id).in_(ids))).all()
    assert len(stored) == 11
    assert all(len(r.state_diff) == 1 and r.llm_calls == [] for r in stored)  # replayed, defaults
    annotations = session.exec(select(Annotation).where(col(Annotation.response_id).in_(ids))).all()
    assert {(a.level, a.verdict, a.version, a.phase) for a in annotations} == {
        ("L1", "accept", 1, 1)
    }
    revisions = session.exec(
        select(AnnotationRevision).where(
            col(AnnotationRevision.annotation_id).in_([a.id for a in annotations])
        )
    ).all()
    assert sorted(r.annotation_id for r in revisions) == sorted(a.id for a in annotations)
    assert all(
        r.version == 1 and r.data["level"] == "L1" and r.data["other_issues"] == []
        for r in revisions
    )
    held = session.exec(
        select(Assignment.kind, func.count())
        .where(col(Assignment.response_id).in_(ids), col(Assignment.released_at).is_(None))
        .group_by(Assignment.kind)
    ).all()
    assert held == [("primary", 11)]

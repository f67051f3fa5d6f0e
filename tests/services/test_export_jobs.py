"""Export jobs: create, run with progress, idempotence, failures and file confinement."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session

from app.errors import NotFoundError, UnprocessableError
from app.export import count_rows, jobs
from app.models.export import ExportJob
from app.settings import get_settings
from tests.factories import make_run


@pytest.fixture
def var_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("VAR_DIR", str(tmp_path))
    get_settings.cache_clear()
    yield tmp_path
    monkeypatch.undo()
    get_settings.cache_clear()


def test_create_refuses_unknown_format_and_run(session: Session, var_dir: Path) -> None:
    with pytest.raises(UnprocessableError, match="unknown format"):
        jobs.create_export_job(session, format="xlsx")
    with pytest.raises(NotFoundError, match="run 987654"):
        jobs.create_export_job(session, format="jsonl", run_id=987654)


def test_job_writes_the_dump_with_progress_and_is_idempotent(
    session: Session, var_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = make_run(session, scenario_ids=["wp-04"])
    job = jobs.create_export_job(session, format="both", run_id=run.id)
    assert (job.status, job.done, job.total, job.path) == ("queued", 0, 0, None)
    seen: list[tuple[int, int]] = []
    writer = jobs._progress_writer

    def spy(s: Session, j: ExportJob):  # type: ignore[no-untyped-def]
        inner = writer(s, j)

        def progress(done: int, total: int) -> None:
            inner(done, total)
            seen.append((j.done, j.total))

        return progress

    monkeypatch.setattr(jobs, "_progress_writer", spy)
    assert job.id is not None
    finished = jobs.run_export_job(session, job.id)
    total = count_rows(session, run_id=run.id)
    assert total == 6  # three baselines × two checkpoints of wp-04
    assert (finished.status, finished.done, finished.total) == ("done", total, total)
    assert finished.path == str(var_dir / "exports" / str(job.id))
    assert seen[0] == (0, total) and seen[-1] == (total, total)
    assert finished.started_at is not None and finished.finished_at is not None
    names = [f.name for f in jobs.job_files(finished)]
    assert names == [
        "README.md",
        "responses.jsonl",
        "responses.parquet",
        "scenarios.jsonl",
        "schema.json",
    ]
    lines = (var_dir / "exports" / str(job.id) / "responses.jsonl").read_text().splitlines()
    assert len(lines) == total and {json.loads(line)["run_id"] for line in lines} == {str(run.id)}
    # a finished job is left alone when its task runs again
    mtime = (var_dir / "exports" / str(job.id) / "responses.jsonl").stat().st_mtime_ns
    again = jobs.run_export_job(session, job.id)
    assert again.status == "done"
    assert (var_dir / "exports" / str(job.id) / "responses.jsonl").stat().st_mtime_ns == mtime


def test_a_failing_export_is_recorded_not_raised(
    session: Session, var_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    job = jobs.create_export_job(session, format="jsonl")

    def broken(*args: object, **kwargs: object) -> dict[str, object]:
        raise OSError("disk full")

    monkeypatch.setattr(jobs, "export_dump", broken)
    assert job.id is not None
    failed = jobs.run_export_job(session, job.id)
    assert failed.status == "failed" and failed.error == "OSError: disk full"
    assert jobs.job_files(failed) == []
    with pytest.raises(NotFoundError):
        jobs.export_file_path(session, job.id, "responses.jsonl")


def test_files_are_served_only_from_the_jobs_own_directory(session: Session, var_dir: Path) -> None:
    make_run(session, scenario_ids=["wp-04"])
    first = jobs.create_export_job(session, format="jsonl")
    second = jobs.create_export_job(session, format="jsonl")
    assert first.id is not None and second.id is not None
    jobs.run_export_job(session, first.id)
    path = jobs.export_file_path(session, first.id, "responses.jsonl")
    assert path == (var_dir / "exports" / str(first.id) / "responses.jsonl").resolve()
    (var_dir / "secret.txt").write_text("not yours")
    (var_dir / "exports" / str(first.id) / ".responses.jsonl.abcd.tmp").write_text("partial")
    for name in (
        "../secret.txt",
        "../../secret.txt",
        str(var_dir / "secret.txt"),
        ".responses.jsonl.abcd.tmp",
        "responses.parquet",  # not written for a JSONL export
        "",
    ):
        with pytest.raises(NotFoundError):
            jobs.export_file_path(session, first.id, name)
    # the second job has not run: none of its (or the first job's) files are served
    with pytest.raises(NotFoundError):
        jobs.export_file_path(session, second.id, "responses.jsonl")
    with pytest.raises(NotFoundError):
        jobs.export_file_path(session, 10**9, "responses.jsonl")
    assert [j.id for j in jobs.list_export_jobs(session)][:2] == [second.id, first.id]

"""Export jobs: create, run with progress, idempotence, failures, file confinement, retention and
deletion."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import update
from sqlmodel import Session, col, select

from app.errors import NotFoundError, UnprocessableError
from app.export import count_rows, jobs
from app.export.jobs import expired_export_jobs
from app.models.base import utcnow
from app.models.export import ExportJob
from app.settings import get_settings
from tests.factories import make_run, make_user


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


# --- retention and deletion -------------------------------------------------------------------


def _job(job_id: int, status: str, user: int | None, finished_days_ago: float | None) -> ExportJob:
    now = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
    finished = None if finished_days_ago is None else now - timedelta(days=finished_days_ago)
    return ExportJob(
        id=job_id,
        format="jsonl",
        status=status,
        created_by=user,
        created_at=now - timedelta(days=100),
        finished_at=finished,
    )


def test_expired_export_jobs_by_age_and_per_user() -> None:
    now = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)
    history = [
        _job(1, "done", 7, 40),  # older than 30 days
        _job(2, "failed", 7, 31),  # older than 30 days
        _job(3, "done", 7, 10),
        _job(4, "done", 7, 5),
        _job(5, "done", 7, 1),
        _job(6, "done", 8, 45),  # another user's, old
        _job(7, "done", None, 2),
        _job(8, "running", 7, None),  # never expires
        _job(9, "queued", 7, None),
    ]
    by_age = expired_export_jobs(history, now=now, retention_days=30, keep_per_user=0)
    assert [j.id for j in by_age] == [1, 2, 6]
    # user 7 keeps its 2 newest finished jobs (4, 5); 8 and the scripts' jobs are alone
    by_count = expired_export_jobs(history, now=now, retention_days=0, keep_per_user=2)
    assert [j.id for j in by_count] == [1, 2, 3]
    both = expired_export_jobs(history, now=now, retention_days=30, keep_per_user=2)
    assert [j.id for j in both] == [1, 2, 3, 6]
    assert expired_export_jobs(history, now=now, retention_days=0, keep_per_user=0) == []
    # a naive time (SQLite gives them back so) is read as UTC: 29 days is not too old
    naive = _job(10, "done", 9, 29)
    assert naive.finished_at is not None
    naive.finished_at = naive.finished_at.replace(tzinfo=None)
    assert expired_export_jobs([naive], now=now, retention_days=30, keep_per_user=0) == []


def _finished(session: Session, user: int | None) -> ExportJob:
    job = jobs.create_export_job(session, format="jsonl", created_by=user)
    assert job.id is not None
    return jobs.run_export_job(session, job.id)


def test_retention_deletes_rows_and_folders_when_jobs_are_created_and_finish(
    session: Session, var_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_run(session, scenario_ids=["wp-04"])
    lead, other = make_user(session, role="lead"), make_user(session, role="lead")
    monkeypatch.setenv("EXPORT_KEEP_PER_USER", "2")
    monkeypatch.setenv("EXPORT_RETENTION_DAYS", "30")
    get_settings.cache_clear()
    first, second = _finished(session, lead.id), _finished(session, lead.id)
    theirs = _finished(session, other.id)
    assert first.id is not None and second.id is not None and theirs.id is not None
    assert (var_dir / "exports" / str(first.id) / "responses.jsonl").is_file()
    # a third finished job of the lead's: the oldest of its three goes, row and folder
    third = _finished(session, lead.id)
    assert third.id is not None
    ids = [j.id for j in jobs.list_export_jobs(session)]
    assert first.id not in ids and {second.id, third.id, theirs.id} <= set(ids)
    assert not (var_dir / "exports" / str(first.id)).exists()
    assert (var_dir / "exports" / str(second.id)).is_dir()
    with pytest.raises(NotFoundError):
        jobs.export_file_path(session, first.id, "responses.jsonl")
    # age: the other lead's job finished 31 days ago goes when the next job is created
    old = session.get(ExportJob, theirs.id)
    assert old is not None
    old.finished_at = utcnow() - timedelta(days=31)
    session.add(old)
    session.commit()
    queued = jobs.create_export_job(session, format="jsonl", created_by=other.id)
    assert session.get(ExportJob, theirs.id) is None
    assert not (var_dir / "exports" / str(theirs.id)).exists()
    assert queued.status == "queued" and (var_dir / "exports" / str(second.id)).is_dir()
    left = session.exec(select(ExportJob)).all()  # nothing more the rule would remove
    assert expired_export_jobs(left, now=utcnow(), retention_days=30, keep_per_user=2) == []


def test_delete_export_job(session: Session, var_dir: Path) -> None:
    make_run(session, scenario_ids=["wp-04"])
    done = _finished(session, None)
    assert done.id is not None
    queued = jobs.create_export_job(session, format="jsonl")
    assert queued.id is not None
    with pytest.raises(UnprocessableError, match="can be deleted once it has finished"):
        jobs.delete_export_job(session, queued.id)
    jobs.delete_export_job(session, done.id)
    assert session.get(ExportJob, done.id) is None
    assert not (var_dir / "exports" / str(done.id)).exists()
    with pytest.raises(NotFoundError):
        jobs.delete_export_job(session, done.id)
    # a failed job without a folder is deleted too
    queued.status = "failed"
    session.add(queued)
    session.commit()
    jobs.delete_export_job(session, queued.id)
    assert session.get(ExportJob, queued.id) is None


# --- holders: interrupted jobs ------------------------------------------------------------------


def _dead_holder() -> str:
    """A holder name for a process of this host that has exited."""
    import socket
    import subprocess

    child = subprocess.Popen(["true"])
    child.wait()
    return f"{socket.gethostname()}:{child.pid}"


def _open_job(session: Session, status: str, holder: str | None, beat_age_s: float) -> ExportJob:
    job = jobs.create_export_job(session, format="both")
    job.status, job.claimed_by = status, holder
    job.heartbeat_at = utcnow() - timedelta(seconds=beat_age_s)
    if status == "running":
        job.started_at = job.heartbeat_at
    session.add(job)
    session.commit()
    return job


def _stored(session: Session) -> dict[int | None, tuple[str, str | None]]:
    """(status, error) of every job as the database holds it."""
    session.expire_all()
    return {j.id: (j.status, j.error) for j in session.exec(select(ExportJob))}


def _interrupted_jobs(session: Session, var_dir: Path) -> tuple[dict[str, int], Path]:
    """Two live jobs and three interrupted ones (by name), and the dead one's directory with the
    temporary files of its killed attempt."""
    live = _open_job(session, "running", "elsewhere:2", 5)  # beating on another host
    waiting = _open_job(session, "queued", None, 600)  # waits for the broker
    silent = _open_job(session, "running", "elsewhere:1", 600)  # no heartbeat for 10 min
    queued = _open_job(session, "queued", _dead_holder(), 1)  # killed before it started
    dead = _open_job(session, "running", _dead_holder(), 1)  # a killed in-process server
    assert dead.id and queued.id and silent.id and live.id and waiting.id
    directory = var_dir / "exports" / str(dead.id)
    directory.mkdir(parents=True)
    (directory / ".responses.jsonl.0a1b2c3d.tmp").write_text("partial")
    (directory / ".responses.parquet.0a1b2c3d.tmp").write_text("partial")
    ids = {"live": live.id, "waiting": waiting.id, "silent": silent.id, "queued": queued.id}
    return ids | {"dead": dead.id}, directory


def test_listing_reads_interrupted_jobs_as_failed_without_writing(
    session: Session, var_dir: Path
) -> None:
    ids, directory = _interrupted_jobs(session, var_dir)
    before = _stored(session)

    listed = {j.id: j for j in jobs.list_export_jobs(session)}

    for name in ("dead", "queued", "silent"):
        job = listed[ids[name]]
        assert job.status == "failed", name
        assert job.error is not None and job.error.startswith("interrupted: the process writing")
        assert job.finished_at is not None
    assert listed[ids["live"]].status == "running" and listed[ids["waiting"]].status == "queued"
    assert _stored(session) == before  # nothing written
    assert before[ids["dead"]] == ("running", None) and before[ids["queued"]] == ("queued", None)
    assert len(list(directory.iterdir())) == 2  # the temporary files wait for the task


def test_the_periodic_task_fails_interrupted_jobs_which_can_then_be_deleted(
    session: Session, var_dir: Path
) -> None:
    ids, directory = _interrupted_jobs(session, var_dir)

    failed = jobs.fail_interrupted_jobs(session)  # what exports.fail_interrupted runs

    assert sorted(failed) == sorted(ids[name] for name in ("dead", "queued", "silent"))
    stored = _stored(session)
    for name in ("dead", "queued", "silent"):
        status, error = stored[ids[name]]
        assert status == "failed", name
        assert error is not None and error.startswith("interrupted")
        job = session.get(ExportJob, ids[name])
        assert job is not None and job.finished_at is not None
    assert stored[ids["live"]][0] == "running" and stored[ids["waiting"]][0] == "queued"
    assert list(directory.iterdir()) == []  # the killed attempt's temporary files are gone
    assert jobs.fail_interrupted_jobs(session) == []  # idempotent
    live, dead = ids["live"], ids["dead"]
    jobs.delete_export_job(session, dead)
    assert session.get(ExportJob, dead) is None
    with pytest.raises(UnprocessableError, match="once it has finished"):
        jobs.delete_export_job(session, live)


def test_delete_takes_in_an_interrupted_job_before_the_periodic_task(
    session: Session, var_dir: Path
) -> None:
    job = _open_job(session, "running", _dead_holder(), 1)
    assert job.id is not None
    directory = var_dir / "exports" / str(job.id)
    directory.mkdir(parents=True)
    (directory / ".responses.jsonl.0a1b2c3d.tmp").write_text("partial")
    jobs.delete_export_job(session, job.id)
    assert session.get(ExportJob, job.id) is None
    assert not directory.exists()


def test_delete_leaves_an_interrupted_job_whose_holder_beat_again(
    session: Session, var_dir: Path
) -> None:
    job = _open_job(session, "running", "elsewhere:1", 600)  # silent: interrupted
    assert job.id is not None
    assert jobs.is_interrupted(job)
    # the holder beats between the read and the delete
    session.execute(
        update(ExportJob)
        .where(col(ExportJob.id) == job.id)
        .values(heartbeat_at=utcnow())
        .execution_options(synchronize_session=False)  # the copy read before the beat stays
    )
    with pytest.raises(UnprocessableError, match="once it has finished"):
        jobs.delete_export_job(session, job.id)
    session.expire_all()
    kept = session.get(ExportJob, job.id)
    assert kept is not None and kept.status == "running"


def test_a_redelivered_task_leaves_a_live_holders_job_and_reruns_an_interrupted_one(
    session: Session, var_dir: Path
) -> None:
    make_run(session, scenario_ids=["wp-04"])
    live = _open_job(session, "running", "elsewhere:2", 5)
    assert live.id is not None
    assert jobs.run_export_job(session, live.id).status == "running"
    assert not (var_dir / "exports" / str(live.id)).exists()
    dead = _open_job(session, "running", _dead_holder(), 1)
    assert dead.id is not None
    directory = var_dir / "exports" / str(dead.id)
    directory.mkdir(parents=True)
    (directory / ".responses.jsonl.0a1b2c3d.tmp").write_text("partial")
    rerun = jobs.run_export_job(session, dead.id)
    assert rerun.status == "done"
    assert rerun.claimed_by == jobs.claimant() and rerun.heartbeat_at is not None
    assert not list(directory.glob(".*.tmp"))


def test_the_same_submission_creates_one_job_even_at_once(live_db: str, var_dir: Path) -> None:
    import threading

    from app.db import session_scope

    token = "ab" * 16
    barrier = threading.Barrier(3)
    outcomes: list[object] = []

    def submit() -> None:
        with session_scope() as s:
            barrier.wait()
            try:
                outcomes.append(jobs.create_export_job(s, format="both", submission=token).id)
            except jobs.DuplicateExport as exc:
                outcomes.append(("duplicate", exc.job_id))

    threads = [threading.Thread(target=submit) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    created = [o for o in outcomes if isinstance(o, int)]
    assert len(created) == 1 and len(outcomes) == 3
    assert all(o == ("duplicate", created[0]) for o in outcomes if o not in created)
    with session_scope() as s:
        assert [j.id for j in jobs.list_export_jobs(s)] == created

"""The HALO-8K-style export and the response import on PostgreSQL (DESIGN.md §9)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
import pyarrow.parquet as pq
import pytest
from sqlalchemy import create_engine, event, func
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from app.errors import ImportFailed, NotFoundError
from app.export import (
    ExportRow,
    export_dump,
    import_responses,
    iter_rows,
    read_parquet_rows,
    schema_json,
    write_jsonl,
    write_parquet,
)
from app.export.writers import PARQUET_SCHEMA
from app.metrics.registry import metric_table
from app.models import (
    Agent,
    Annotation,
    AnnotationRevision,
    Assignment,
    Checkpoint,
    Response,
    Run,
    User,
)
from tests.conftest import SEEDS, create_database, drop_database
from tests.factories import assign_paired, make_run, make_user, submit_answers

REJECT_L3 = {
    "level": "L3",
    "verdict": "reject",
    "timing": "premature",
    "intensity": "excessive",
    "other_issues": [{"category": "unsupported_by_evidence", "note": "  no evidence read  "}],
}
FORMS = {
    "restraint": {"level": "L0", "verdict": "reject"},
    "notify_latest": {"level": "L1", "verdict": "accept"},
    "eager_executor": REJECT_L3,
}


@dataclass
class Fixture:
    run: Run
    other_run: Run
    annotator: User
    second: User
    unannotated: str
    by_agent: dict[str, list[str]]


def _agent_of(session: Session, response_id: str) -> str:
    response = session.get(Response, response_id)
    assert response is not None
    agent = session.get(Agent, response.agent_id)
    assert agent is not None
    return agent.name


@pytest.fixture
def data(session: Session) -> Fixture:
    """wp-04 with the three baselines, 5 of 6 responses judged; a second run of odd statuses."""
    run = make_run(session, scenario_ids=["wp-04"])
    annotator, second = make_user(session), make_user(session)
    assign_paired(session, annotator_ids=[annotator.id], scenario_ids=["wp-04"])
    ids = session.exec(
        select(Response.id).where(Response.run_id == run.id).order_by(col(Response.id))
    ).all()
    by_agent: dict[str, list[str]] = {}
    for response_id in ids:
        by_agent.setdefault(_agent_of(session, response_id), []).append(response_id)
    unannotated = by_agent["notify_latest"][1]
    for name, response_ids in by_agent.items():
        for response_id in response_ids:
            if response_id != unannotated:
                submit_answers(
                    session, annotator=annotator, response_id=response_id, form=FORMS[name]
                )
    # a later, second judgement of one response: the export keeps the first one
    judged_twice = by_agent["restraint"][0]
    session.add(Assignment(response_id=judged_twice, annotator_id=second.id))
    session.commit()
    submit_answers(
        session,
        annotator=second,
        response_id=judged_twice,
        form={"level": "L0", "verdict": "accept"},
    )
    other = make_run(session, scenario_ids=["hm-01"], execute=False)
    statuses = ["protocol_error", "api_error", "pending", "running", "cancelled", "pending"]
    other_ids = session.exec(  # restraint, notify_latest, eager_executor (agent id order)
        select(Response.id)
        .where(Response.run_id == other.id)
        .order_by(col(Response.agent_id), col(Response.checkpoint_id))
    ).all()
    for response_id, status in zip(other_ids, statuses, strict=True):
        response = session.get(Response, response_id)
        assert response is not None
        response.status = status
        if status == "protocol_error":
            response.error = "the reply is not valid JSON"
            response.retrieval_rounds = 0
        session.add(response)
    session.commit()
    return Fixture(run, other, annotator, second, unannotated, by_agent)


def test_rows_by_hand(session: Session, data: Fixture) -> None:
    rows = list(iter_rows(session, run_id=data.run.id))
    assert len(rows) == 6
    by_id = {r.response_id: r for r in rows}
    for row in rows:
        response = session.get(Response, row.response_id)
        checkpoint = session.get(Checkpoint, response.checkpoint_id)
        assert (row.run_id, row.scenario_id, row.environment_id) == (
            str(data.run.id),
            "wp-04",
            "wp",
        )
        assert (row.need_type, row.domain, row.num_events) == ("blockage", "workplace", 5)
        assert row.checkpoint == checkpoint.t and 1 <= row.checkpoint <= 5
        assert row.status == "completed"
        assert (row.prompt_tokens, row.completion_tokens, row.reasoning_tokens) == (None,) * 3
    # restraint: no action, L0, no retrieval; first judgement (inaction) wins over the second
    restraint = by_id[data.by_agent["restraint"][0]]
    assert restraint.agent == "restraint"
    assert restraint.action is None and restraint.level_predicted == "L0"
    assert restraint.trajectory == [] and restraint.retrieval_rounds == 0
    assert not restraint.local_content_access
    assert (restraint.level, restraint.verdict, restraint.timing, restraint.intensity) == (
        "L0",
        "reject",
        None,
        None,
    )
    assert restraint.inaction is True and restraint.other_issues == []
    assert restraint.annotator == data.annotator.pseudonym
    assert restraint.annotator != data.annotator.username and restraint.phase == 1
    first = session.exec(
        select(Annotation)
        .where(Annotation.response_id == restraint.response_id)
        .order_by(col(Annotation.id))
    ).first()
    assert restraint.annotated_at == first.updated_at.astimezone(UTC)
    assert restraint.annotated_at.tzinfo is not None
    # notify_latest: one retrieval round, an L1 notify_user; one accepted, one not annotated
    for response_id in data.by_agent["notify_latest"]:
        row = by_id[response_id]
        assert row.action.command == "notify_user" and row.level_predicted == "L1"
        assert row.action.args["message"].startswith("Heads-up: ")
        assert row.retrieval_rounds == 1 and [s.round for s in row.trajectory] == [1]
        assert row.trajectory[0].command in ("chat_unread", "email_read", "calendar_get")
    accepted = by_id[data.by_agent["notify_latest"][0]]
    assert (accepted.level, accepted.verdict, accepted.inaction) == ("L1", "accept", False)
    assert (accepted.timing, accepted.intensity, accepted.other_issues) == (None, None, [])
    blank = by_id[data.unannotated]
    annotation_values = [
        blank.level,
        blank.verdict,
        blank.timing,
        blank.intensity,
        blank.inaction,
        blank.annotator,
        blank.annotated_at,
        blank.phase,
    ]
    assert annotation_values == [None] * 8 and blank.other_issues == []
    # eager_executor: an L3, rejected premature/excessive with a (stripped) note
    for response_id in data.by_agent["eager_executor"]:
        row = by_id[response_id]
        assert row.level_predicted == "L3" and row.action is not None
        assert (row.verdict, row.timing, row.intensity, row.inaction) == (
            "reject",
            "premature",
            "excessive",
            False,
        )
        assert [(i.category, i.note) for i in row.other_issues] == [
            ("unsupported_by_evidence", "no evidence read")
        ]
    # stored trajectory steps carry `ok`; the row has exactly round/command/args/result
    assert set(by_id[data.unannotated].model_dump()["trajectory"][0]) == {
        "round",
        "command",
        "args",
        "result",
    }


def test_statuses_exported_and_pending_left_out(session: Session, data: Fixture) -> None:
    rows = list(iter_rows(session, run_id=data.other_run.id))
    assert sorted(r.status for r in rows) == ["api_error", "protocol_error"]
    for row in rows:
        assert row.action is None and row.level_predicted is None and row.verdict is None
        # hm-01 of the revised corpus has 5 events (seeds/arena/hm/scenarios/hm-01.json)
        assert (row.scenario_id, row.need_type, row.num_events) == ("hm-01", "dependency", 5)
        assert row.agent == "restraint"
    everything = list(iter_rows(session))
    assert len(everything) == 8
    assert [r.run_id for r in everything] == sorted(
        (r.run_id for r in everything), key=lambda r: int(r)
    )


def test_iter_rows_streams_through_a_server_side_cursor(session: Session, data: Fixture) -> None:
    cursors: list[Any] = []

    def record(conn, cursor, statement, parameters, context, executemany) -> None:
        if "FROM responses" in statement:
            cursors.append(cursor)

    bind = session.connection()
    event.listen(bind, "before_cursor_execute", record)
    try:
        rows = iter_rows(session, run_id=data.run.id, batch_size=2)
        assert cursors == []  # nothing runs before the first row is asked for
        first = next(rows)
        assert len(cursors) == 1 and isinstance(cursors[0], psycopg.ServerCursor)
        assert cursors[0].rownumber == 2  # one batch of two fetched, not all six
        rest = list(rows)
    finally:
        event.remove(bind, "before_cursor_execute", record)
    assert [first.response_id, *(r.response_id for r in rest)] == [
        r.response_id for r in iter_rows(session, run_id=data.run.id)
    ]
    with pytest.raises(ValueError):
        next(iter_rows(session, batch_size=0))


def test_jsonl_and_parquet_read_back_equal_the_rows(
    session: Session, data: Fixture, tmp_path: Path
) -> None:
    rows = list(iter_rows(session))
    assert write_jsonl(iter(rows), tmp_path / "r.jsonl") == 8
    assert write_parquet(iter(rows), tmp_path / "r.parquet", batch_rows=3) == 8
    lines = (tmp_path / "r.jsonl").read_text(encoding="utf-8").splitlines()
    assert [ExportRow.model_validate_json(line) for line in lines] == rows
    first = json.loads(lines[0])
    assert list(first) == list(ExportRow.model_fields)
    parquet = pq.ParquetFile(tmp_path / "r.parquet")
    assert parquet.schema_arrow == PARQUET_SCHEMA
    assert parquet.metadata.num_row_groups == 3  # written batch by batch
    assert list(read_parquet_rows(tmp_path / "r.parquet")) == rows
    table = pq.read_table(tmp_path / "r.parquet")
    eager = next(r for r in table.to_pylist() if r["level_predicted"] == "L3")
    assert isinstance(eager["action"]["args"], str)  # args as JSON text
    assert isinstance(json.loads(eager["action"]["args"]), dict)
    assert eager["other_issues"] == [
        {"category": "unsupported_by_evidence", "note": "no evidence read"}
    ]
    assert eager["annotated_at"].tzinfo is not None
    assert [f.name for f in PARQUET_SCHEMA] == list(ExportRow.model_fields)


def test_export_dump_writes_every_file(session: Session, data: Fixture, tmp_path: Path) -> None:
    calls: list[tuple[int, int]] = []
    summary = export_dump(session, tmp_path / "dump", progress=lambda d, t: calls.append((d, t)))
    out = tmp_path / "dump"
    assert sorted(p.name for p in out.iterdir()) == [
        "README.md",
        "responses.jsonl",
        "responses.parquet",
        "scenarios.jsonl",
        "schema.json",
    ]
    assert summary["rows"] == 8 and calls[0] == (0, 8) and calls[-1] == (8, 8)
    assert summary["by_status"] == {"api_error": 1, "completed": 6, "protocol_error": 1}
    assert summary["by_verdict"] == {"accept": 1, "reject": 4, "unannotated": 3}
    scenario_lines = (out / "scenarios.jsonl").read_text(encoding="utf-8").splitlines()
    sources = [json.loads(line) for line in scenario_lines]
    ids = [s["id"] for s in sources]
    assert ids == sorted(ids) and len(ids) == summary["scenarios"] >= 16
    seed = json.loads((SEEDS / "arena" / "wp" / "scenarios" / "wp-04.json").read_text("utf-8"))
    assert sources[ids.index("wp-04")] == seed  # the file as imported
    schema = json.loads((out / "schema.json").read_text(encoding="utf-8"))
    assert list(schema["properties"]) == list(ExportRow.model_fields)
    assert schema["x-parquet"]["columns"]["trajectory"].startswith("list<")
    assert set(schema["required"]) >= {"response_id", "action", "trajectory", "status"}
    assert "verdict" not in schema["required"]
    card = (out / "README.md").read_text(encoding="utf-8")
    assert "| eager_executor | 2 | 2 | 0 | 0 | 0 | 2 | 0 |" in card
    assert "| restraint | 4 | 2 | 1 | 1 | 0 | 2 | 2 |" in card
    assert "| **all** | 8 | 6 | 1 | 1 | 1 | 4 | 3 |" in card
    assert "| `annotated_at` |" in card and "## Licence" in card
    assert "Paired protocol" in card
    assert data.annotator.username not in (out / "responses.jsonl").read_text("utf-8")

    only = export_dump(session, tmp_path / "one", formats=["jsonl"], run_id=data.run.id)
    assert only["rows"] == 6 and only["scenarios"] == 1
    assert sorted(only["files"]) == [
        "README.md",
        "responses.jsonl",
        "scenarios.jsonl",
        "schema.json",
    ]
    with pytest.raises(NotFoundError):
        export_dump(session, tmp_path / "x", run_id=10**9)
    with pytest.raises(ValueError, match="csv"):
        export_dump(session, tmp_path / "x", formats=["csv"])


def test_failed_export_leaves_no_partial_file(
    session: Session, data: Fixture, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "responses.jsonl").write_text("previous dump\n", encoding="utf-8")

    def broken(*args: Any, **kwargs: Any) -> Iterator[ExportRow]:
        rows = iter_rows(*args, **kwargs)
        yield next(rows)
        raise RuntimeError("database went away")

    monkeypatch.setattr("app.export.writers.iter_rows", broken)
    with pytest.raises(RuntimeError):
        export_dump(session, tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["responses.jsonl"]
    assert (tmp_path / "responses.jsonl").read_text(encoding="utf-8") == "previous dump\n"
    with pytest.raises(RuntimeError):
        write_parquet(broken(session), tmp_path / "r.parquet")
    assert not (tmp_path / "r.parquet").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["responses.jsonl"]


# --- import -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def empty_engine() -> Iterator[Engine]:
    """A migrated database with the seed scenarios and nothing else (no agents, no responses)."""
    from app.cli import upgrade_database
    from app.scenarios.service import seed_tree

    name = f"halo_import_{uuid.uuid4().hex[:10]}"
    url = create_database(name)
    engine = create_engine(url)
    try:
        upgrade_database(url)
        with Session(engine) as s:
            seed_tree(s, SEEDS)
        yield engine
    finally:
        engine.dispose()
        drop_database(name)


@pytest.fixture
def session2(empty_engine: Engine) -> Iterator[Session]:
    connection = empty_engine.connect()
    transaction = connection.begin()
    s = Session(bind=connection, join_transaction_mode="create_savepoint", expire_on_commit=False)
    try:
        yield s
    finally:
        s.close()
        transaction.rollback()
        connection.close()


def test_round_trip_keeps_table1(
    session: Session, session2: Session, data: Fixture, tmp_path: Path
) -> None:
    summary = export_dump(session, tmp_path, formats=["jsonl"])
    assert session2.exec(select(func.count()).select_from(Response)).one() == 0
    report = import_responses(session2, tmp_path / "responses.jsonl")
    assert (report.responses, report.annotations) == (8, 5)
    assert sorted(report.agents_created) == ["eager_executor", "notify_latest", "restraint"]
    assert sorted(report.runs_created) == sorted({str(data.run.id), str(data.other_run.id)})
    assert report.annotators_created == [data.annotator.pseudonym]
    assert metric_table(session2, "table1") == metric_table(session, "table1")
    assert metric_table(session2, "table1")[1]  # not trivially empty
    # exporting again gives the same rows (runs get new ids in the new database)
    again = sorted(iter_rows(session2), key=lambda r: r.response_id)
    before = sorted(iter_rows(session), key=lambda r: r.response_id)
    run_names = {
        str(r.id): r.name for r in session2.exec(select(Run)) if "imported_from" in r.settings
    }
    assert [r.model_copy(update={"run_id": run_names[r.run_id]}) for r in again] == before
    assert summary["rows"] == len(again) == 8
    # imported agents, annotator, assignments and revisions
    agent = session2.exec(select(Agent).where(Agent.name == "restraint")).one()
    assert (agent.kind, agent.config) == ("external", {})
    user = session2.exec(select(User).where(User.pseudonym == data.annotator.pseudonym)).one()
    assert user.username == f"imported-{data.annotator.pseudonym}" and not user.is_active
    assert user.role == "annotator" and user.password_hash.startswith("$argon2")
    assert (
        session2.exec(
            select(func.count()).select_from(Assignment).where(Assignment.annotator_id == user.id)
        ).one()
        == 5
    )
    revisions = session2.exec(select(AnnotationRevision)).all()
    assert len(revisions) == 5 and {r.version for r in revisions} == {1}
    run = session2.exec(select(Run).where(Run.name == str(data.run.id))).one()
    assert run.status == "completed" and run.settings == {"imported_from": "responses.jsonl"}
    restraint = session2.get(Response, data.by_agent["restraint"][0])
    original = session.get(Response, data.by_agent["restraint"][0])
    assert restraint.trajectory == original.trajectory == []
    notify = session2.get(Response, data.unannotated)
    assert notify.trajectory == session.get(Response, data.unannotated).trajectory  # ok kept


def _row(**changes: Any) -> dict[str, Any]:
    """A valid external-harness row (no annotation fields) at wp-04 checkpoint 2."""
    row: dict[str, Any] = {
        "response_id": "ext-1",
        "run_id": "harness-7",
        "agent": "ext-agent",
        "scenario_id": "wp-04",
        "environment_id": "wp",
        "need_type": "blockage",
        "domain": "workplace",
        "checkpoint": 2,
        "num_events": 5,
        "action": {"command": "notify_user", "args": {"message": "Standup moved", "evidence": []}},
        "level_predicted": "L1",
        "prompt_tokens": 1200,
        "completion_tokens": 80,
        "reasoning_tokens": None,
        "retrieval_rounds": 2,
        "local_content_access": True,
        "trajectory": [
            {"round": 1, "command": "chat_unread", "args": {}, "result": "[]"},
            {"round": 2, "command": "db_query", "args": {"sql": "SELECT 1"}, "result": "x"},
            {
                "round": 2,
                "command": "email_read",
                "args": {"message_id": "nope"},
                "result": "error: no",
            },
        ],
        "status": "completed",
    }
    row.update(changes)
    return row


def _write(path: Path, rows: list[Any]) -> Path:
    lines = [r if isinstance(r, str) else json.dumps(r) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_import_external_rows(session: Session, tmp_path: Path) -> None:
    annotated = _row(
        response_id="ext-2",
        checkpoint=3,
        level="L1",
        verdict="reject",
        timing="belated",
        intensity="insufficient",
        annotator="P-ext",
        annotated_at="2026-03-02T10:00:00+01:00",
        phase=2,
    )
    restraint = _row(
        response_id="ext-3",
        checkpoint=4,
        action=None,
        level_predicted="L0",
        trajectory=[],
        retrieval_rounds=0,
        local_content_access=False,
    )
    failed = _row(
        response_id="ext-4", checkpoint=1, action=None, level_predicted=None, status="api_error"
    )
    report = import_responses(
        session, _write(tmp_path / "h.jsonl", [_row(), annotated, restraint, "", failed])
    )
    assert (report.responses, report.annotations) == (4, 1)
    assert report.agents_created == ["ext-agent"] and report.runs_created == ["harness-7"]
    stored = session.get(Response, "ext-1")
    assert stored.status == "completed" and stored.level_predicted == "L1"
    assert stored.action == {
        "command": "notify_user",
        "args": {"message": "Standup moved", "evidence": []},
    }
    assert [s["ok"] for s in stored.trajectory] == [True, True, False]
    assert (stored.prompt_tokens, stored.reasoning_tokens, stored.local_content_access) == (
        1200,
        None,
        True,
    )
    checkpoint = session.get(Checkpoint, stored.checkpoint_id)
    assert (checkpoint.scenario_id, checkpoint.t) == ("wp-04", 2)
    # the action was replayed at its checkpoint: its state diff comes from the arena
    assert len(stored.state_diff) == 1 and "Standup moved" in json.dumps(stored.state_diff)
    assert session.get(Response, "ext-3").state_diff == []  # L0 changes nothing
    annotation = session.exec(select(Annotation).where(Annotation.response_id == "ext-2")).one()
    assert (annotation.level, annotation.verdict, annotation.timing, annotation.intensity) == (
        "L1",
        "reject",
        "belated",
        "insufficient",
    )
    assert annotation.phase == 2 and not annotation.inaction
    assert annotation.updated_at == datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    rows = {r.response_id: r for r in iter_rows(session) if r.response_id.startswith("ext-")}
    assert rows["ext-2"].annotator == "P-ext" and rows["ext-2"].phase == 2
    assert rows["ext-2"].annotated_at == datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    assert rows["ext-3"].verdict is None and rows["ext-3"].level_predicted == "L0"
    assert rows["ext-4"].status == "api_error"
    # a second file of the same harness run is added to the imported run
    more = import_responses(
        session, _write(tmp_path / "more.jsonl", [_row(response_id="ext-5", checkpoint=5)])
    )
    assert (
        more.runs_reused == ["harness-7"] and more.runs_created == [] and more.agents_created == []
    )
    assert (
        session.exec(select(func.count()).select_from(Run).where(Run.name == "harness-7")).one()
        == 1
    )


def test_import_failures_name_every_line_and_store_nothing(
    session: Session, data: Fixture, tmp_path: Path
) -> None:
    existing = data.by_agent["restraint"][0]
    native = session.get(Run, session.get(Response, existing).run_id)
    native_run, native_id = native.name, native.id

    def bad(**changes: Any) -> dict[str, Any]:
        return _row(run_id=f"run-{changes['response_id']}", **changes)  # no slot clashes

    lines: list[Any] = [
        "{not json",
        bad(response_id="ext-2", action={"command": "foo", "args": {}}),
        {**bad(response_id="ext-3", checkpoint="2"), "extra": 1},
        bad(response_id="ext-4", need_type="risk", checkpoint=9),
        bad(response_id="ext-5", level_predicted="L3"),
        bad(
            response_id="ext-6",
            trajectory=[{"round": 1, "command": "send_email", "args": {}, "result": ""}],
        ),
        bad(response_id="ext-7", level="L1", verdict="reject", annotator="P-x"),
        bad(response_id="ext-2", checkpoint=3),
        bad(response_id=existing, checkpoint=4),
        bad(response_id="ext-8", status="pending"),
        bad(response_id="ext-9", checkpoint=5, action={"command": "notify_user", "args": {}}),
        bad(
            response_id="ext-10",
            checkpoint=1,
            action=None,
            level_predicted="L0",
            level="L0",
            verdict="reject",
            inaction=False,
            annotator="P-x",
        ),
        bad(response_id="ext-11", checkpoint=1, scenario_id="zz-99"),
        bad(response_id="ext-12", checkpoint=1, status="protocol_error"),
        bad(response_id="ext-13", checkpoint=1, agent="ext agent", verdict="accept", level="L1"),
        [1, 2],
        bad(
            response_id="ext-14",
            checkpoint=1,
            action={"command": "flag_email", "args": {"message_id": "no-such-mail", "note": "x"}},
        ),
        _row(response_id="ext-15", checkpoint=1, run_id=native_run),
    ]
    path = _write(tmp_path / "bad.jsonl", lines)
    with pytest.raises(ImportFailed) as failure:
        import_responses(session, path)
    assert failure.value.problems == [
        "line 1: $: not valid JSON: Expecting property name enclosed in double quotes (column 2)",
        "line 2: $.action.command: unknown command 'foo'",
        "line 3: $.checkpoint: Input should be a valid integer",
        "line 3: $.extra: Extra inputs are not permitted",
        "line 4: $.need_type: scenario wp-04 has need type 'blockage', not 'risk'",
        "line 4: $.checkpoint: must be between 1 and 5 (the events of wp-04)",
        "line 5: $.level_predicted: must be 'L1' (the catalogue level of notify_user)",
        "line 6: $.trajectory[0].command: send_email is an action command, not a retrieval command",
        "line 6: $.local_content_access: must be false: no db_query in the trajectory returned "
        "rows and no files_read returned text",
        "line 7: $.timing: a rejected L1–L3 needs timing: premature, belated or appropriate",
        "line 8: $.response_id: 'ext-2' is already on line 2",
        f"line 9: $.response_id: {existing!r} already exists (already imported)",
        "line 10: $.status: Input should be 'completed', 'protocol_error' or 'api_error'",
        "line 11: $.action.args: message: Field required",
        "line 12: $.inaction: must be true (true exactly for a rejected L0)",
        "line 13: $.scenario_id: unknown scenario 'zz-99'",
        "line 14: $.action: a protocol_error response has no action; use null",
        "line 14: $.level_predicted: must be null for a protocol_error response",
        "line 15: $.agent: use 1–64 letters, digits, '.', '_' or '-'",
        "line 15: $.annotator: an annotated row needs the annotator's pseudonym",
        "line 16: $: must be a JSON object (one row per line)",
        "line 17: $.action: the arena refuses it at checkpoint 1 of wp-04: message "
        "'no-such-mail' does not exist",
        f"line 18: $.run_id: {native_run!r} is the name of run {native_id}, produced here; "
        "imported responses need a run name of their own",
    ]
    assert session.exec(select(Response).where(col(Response.id).startswith("ext-"))).all() == []
    assert session.exec(select(Agent).where(Agent.name == "ext-agent")).first() is None
    assert session.exec(select(Run).where(Run.name == "harness-7")).first() is None
    assert session.exec(select(User).where(User.pseudonym == "P-x")).first() is None


def test_import_refuses_duplicates_of_a_stored_import(session: Session, tmp_path: Path) -> None:
    path = _write(tmp_path / "h.jsonl", [_row()])
    import_responses(session, path)
    with pytest.raises(ImportFailed) as again:
        import_responses(session, path)
    assert again.value.problems == [
        "line 1: $.response_id: 'ext-1' already exists (already imported)"
    ]
    clash = _write(tmp_path / "clash.jsonl", [_row(response_id="ext-9")])
    with pytest.raises(ImportFailed) as same_slot:
        import_responses(session, clash)
    assert same_slot.value.problems == [
        "line 1: $: imported run 'harness-7' already has a response of ext-agent "
        "at wp-04 checkpoint 2"
    ]
    empty = _write(tmp_path / "empty.jsonl", [""])
    with pytest.raises(ImportFailed, match="1 problem"):
        import_responses(session, empty)
    with pytest.raises(ImportFailed):
        import_responses(session, tmp_path / "missing.jsonl")


def test_schema_json_describes_the_row() -> None:
    schema = schema_json()
    assert schema["$schema"].endswith("2020-12/schema")
    assert schema["additionalProperties"] is False
    assert "JSON text" in schema["x-parquet"]["note"]
    assert schema["properties"]["status"]["enum"] == ["completed", "protocol_error", "api_error"]


def test_import_refuses_the_name_of_an_agent_run_here(session: Session, tmp_path: Path) -> None:
    from app.agents.service import create_agent

    create_agent(
        session, name="pg-good", config={"base_url": "http://127.0.0.1:9/v1", "model": "m"}
    )
    rows = [
        _row(agent="pg-good"),
        _row(response_id="ext-2", checkpoint=3, agent="pg-good"),
        _row(response_id="ext-3", checkpoint=4, agent="restraint"),
        _row(response_id="ext-4", checkpoint=5),
    ]
    with pytest.raises(ImportFailed) as failure:
        import_responses(session, _write(tmp_path / "native.jsonl", rows))
    assert failure.value.problems == [
        "line 1: $.agent: 'pg-good' is an agent run here (openai); imported responses need "
        "their own agent name",
        "line 3: $.agent: 'restraint' is an agent run here (baseline); imported responses need "
        "their own agent name",
    ]
    assert session.exec(select(Response).where(col(Response.id).startswith("ext-"))).all() == []


def test_import_accepts_a_byte_order_mark_and_names_a_directory(
    session: Session, tmp_path: Path
) -> None:
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + (json.dumps(_row()) + "\n").encode("utf-8"))
    assert import_responses(session, path).responses == 1
    with pytest.raises(ImportFailed) as failure:
        import_responses(session, tmp_path)
    assert failure.value.problems == [
        f"{tmp_path}: is a directory; give the JSONL file of responses"
    ]


def test_a_concurrent_import_of_the_same_rows_is_reported_not_a_crash(
    live_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two imports of one file: the second checks before the first commits, then stores."""
    from app.db import session_scope
    from app.export import importer

    path = _write(tmp_path / "race.jsonl", [_row(), _row(response_id="ext-2", checkpoint=3)])
    check = importer._check_database
    raced: list[int] = []

    def check_then_lose_the_race(session: Session, scan: Any, runs: Any) -> None:
        check(session, scan, runs)
        if not raced:  # the other import commits between this one's check and its store
            raced.append(1)
            with session_scope() as other:
                raced.append(import_responses(other, path).responses)

    monkeypatch.setattr(importer, "_check_database", check_then_lose_the_race)
    with session_scope() as session, pytest.raises(ImportFailed) as failure:
        import_responses(session, path)
    assert raced == [1, 2]
    assert failure.value.problems == [
        "race.jsonl: already imported: another import stored some of these rows (responses, "
        "agents or annotators) while this one ran; nothing was stored"
    ]
    with session_scope() as session:
        assert (
            session.exec(select(func.count()).select_from(Run).where(Run.name == "harness-7")).one()
            == 1
        )
        assert (
            len(session.exec(select(Response.id).where(col(Response.id).startswith("ext-"))).all())
            == 2
        )


def test_the_card_lists_only_the_files_written_and_explains_missing_judgements(
    session: Session, data: Fixture, tmp_path: Path
) -> None:
    from app.errors import ImportFailed
    from app.export.importer import import_responses
    from app.models import Scenario

    scenario = session.get(Scenario, "wp-04")
    assert scenario is not None
    scenario.audit_status = "rejected"  # audited out: its responses lose their diagnosis
    session.add(scenario)
    session.commit()
    out = tmp_path / "parquet-only"
    summary = export_dump(session, out, formats=["parquet"], run_id=data.run.id)
    assert sorted(summary["files"]) == [
        "README.md",
        "responses.parquet",
        "scenarios.jsonl",
        "schema.json",
    ]
    card = (out / "README.md").read_text(encoding="utf-8")
    assert "responses.jsonl`" not in card.split("## Counts")[0].split("`halo import")[0]
    assert "`responses.parquet`" in card
    assert "this dump has Parquet only: export again with JSONL to import it" in card
    assert "halo seed seeds/" in card
    assert "primary annotator's judgement (judgement of record)" in card
    assert "first annotation" not in card
    assert "— 6 of them — of scenarios rejected in the scenario audit" in card
    assert "| **all** | 6 | 6 | 0 | 0 | 0 | 0 | 6 |" in card  # none judged after the audit
    assert "no judgement" in card and "unannotated" not in card
    with pytest.raises(ImportFailed) as failed:
        import_responses(session, out / "responses.parquet")
    (problem,) = failed.value.problems
    assert "is a Parquet file" in problem and "responses.jsonl" in problem
    both = export_dump(session, tmp_path / "both", run_id=data.run.id)
    card = (tmp_path / "both" / "README.md").read_text(encoding="utf-8")
    assert "`responses.jsonl`" in card and "`responses.parquet`" in card and both["rows"] == 6
    assert "Parquet only" not in card


def test_import_says_once_to_seed_the_scenarios_first(
    session: Session, data: Fixture, tmp_path: Path
) -> None:
    from app.errors import ImportFailed
    from app.export.importer import import_responses

    export_dump(session, tmp_path / "dump", formats=["jsonl"], run_id=data.run.id)
    row = json.loads((tmp_path / "dump" / "responses.jsonl").read_text("utf-8").splitlines()[0])
    row = {**row, "agent": "external-agent", "run_id": "external"}
    many = tmp_path / "many.jsonl"
    many.write_text(
        "".join(
            json.dumps({**row, "response_id": f"x-{i}", "scenario_id": f"zz-{i:02d}"}) + "\n"
            for i in range(30)
        ),
        encoding="utf-8",
    )
    with pytest.raises(ImportFailed) as failed:
        import_responses(session, many)
    (problem,) = failed.value.problems
    assert problem.startswith("30 rows name 30 scenarios this database does not have ('zz-00',")
    assert "halo seed seeds/" in problem
    few = tmp_path / "few.jsonl"
    few.write_text(json.dumps({**row, "response_id": "y-1", "scenario_id": "zz-99"}) + "\n")
    with pytest.raises(ImportFailed) as failed:
        import_responses(session, few)
    assert failed.value.problems == ["line 1: $.scenario_id: unknown scenario 'zz-99'"]
    # an empty (migrated, unseeded) database: one problem, whatever the file holds
    from sqlalchemy import create_engine

    from app.cli import upgrade_database
    from tests.conftest import create_database, drop_database

    name = f"halo_empty_{uuid.uuid4().hex[:10]}"
    url = create_database(name)
    engine = create_engine(url)
    try:
        upgrade_database(url)
        with Session(engine) as empty, pytest.raises(ImportFailed) as failed:
            import_responses(empty, many)
    finally:
        engine.dispose()
        drop_database(name)
    assert failed.value.problems == [
        "the database has no scenarios: load the scenario tree the responses come from first "
        "(`halo seed seeds/`), then import again"
    ]


def test_import_reports_deeply_nested_json_as_a_bad_line(session: Session, tmp_path: Path) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_bytes(b'{"response_id": ' + b"[" * 3000 + b"]" * 3000 + b"}\n")
    with pytest.raises(ImportFailed) as failure:
        import_responses(session, path)
    assert failure.value.problems == [
        "line 1: $.response_id"
        + "[0]" * 31
        + ": nested more than 32 levels deep (arrays and objects)"
    ]


# ---------------------------------------------------------------- bounded import (DESIGN §3.4)


def _padded(size: int, **changes: Any) -> str:
    """A valid row whose JSON text is exactly `size` bytes, padded in its first result."""
    row = _row(**changes)
    row["trajectory"][0]["result"] = ""
    bare = len(json.dumps(row).encode("utf-8"))
    row["trajectory"][0]["result"] = "r" * (size - bare)
    text = json.dumps(row)
    assert len(text.encode("utf-8")) == size
    return text


def test_import_takes_a_line_of_exactly_the_default_limit_and_refuses_one_byte_more(
    session: Session, tmp_path: Path
) -> None:
    at_limit = _padded(1_000_000)
    over = _padded(1_000_001, response_id="ext-2", checkpoint=3)
    with pytest.raises(ImportFailed) as failure:
        import_responses(session, _write(tmp_path / "over.jsonl", [at_limit, over]))
    assert failure.value.problems == [
        "line 2: $: the line has 1,000,001 bytes, more than the 1,000,000 allowed "
        "(setting IMPORT_MAX_LINE_BYTES)"
    ]
    windows = tmp_path / "windows.jsonl"  # a byte order mark and CRLF count for nothing
    windows.write_bytes(b"\xef\xbb\xbf" + at_limit.encode() + b"\r\n")
    assert import_responses(session, windows).responses == 1


def test_import_line_limit_is_a_setting_and_a_long_line_is_never_read_whole(
    session: Session, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tracemalloc

    from app.settings import get_settings

    huge = _padded(20_000_000, response_id="ext-2", checkpoint=3)
    path = _write(tmp_path / "huge.jsonl", [_row(), huge, "{not json"])
    monkeypatch.setenv("IMPORT_MAX_LINE_BYTES", "5000")
    get_settings.cache_clear()
    try:
        tracemalloc.start()
        with pytest.raises(ImportFailed) as failure:
            import_responses(session, path)
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        monkeypatch.delenv("IMPORT_MAX_LINE_BYTES")
        get_settings.cache_clear()
    assert failure.value.problems == [
        "line 2: $: the line has 20,000,000 bytes, more than the 5,000 allowed "
        "(setting IMPORT_MAX_LINE_BYTES)",
        "line 3: $: not valid JSON: Expecting property name enclosed in double quotes (column 2)",
    ]
    assert peak < 8 * 2**20, f"peak {peak / 2**20:.1f} MiB while refusing a 20 MB line"


def test_import_caps_stored_command_results_as_the_runner_does(
    session: Session, tmp_path: Path
) -> None:
    row = _row()
    row["trajectory"][0]["result"] = "r" * 10_000
    row["trajectory"][1]["result"] = "s" * 4_000
    import_responses(session, _write(tmp_path / "long.jsonl", [row]))
    stored = session.get(Response, "ext-1")
    results = [step["result"] for step in stored.trajectory]
    assert results == ["r" * 4_000 + "\n[truncated]", "s" * 4_000, "error: no"]


def test_import_refuses_text_postgresql_cannot_store_naming_line_and_path(
    session: Session, tmp_path: Path
) -> None:
    nul = _row()
    nul["trajectory"][0]["result"] = "a\x00b"
    surrogate = _row(response_id="ext-2", checkpoint=3, agent="ext-\ud800")
    with pytest.raises(ImportFailed) as failure:
        import_responses(session, _write(tmp_path / "nul.jsonl", [nul, surrogate]))
    assert failure.value.problems == [
        "line 1: $.trajectory[0].result: holds a NUL character (U+0000), which cannot be "
        "stored; remove it",
        "line 2: $.agent: holds a lone surrogate (U+D800), which cannot be stored; remove it",
    ]
    assert session.get(Response, "ext-1") is None


def test_import_confirmed_level_must_agree_with_the_action_as_on_submit(
    session: Session, tmp_path: Path
) -> None:
    annotation = {"verdict": "accept", "annotator": "P-ext"}
    action_called_l0 = _row(level="L0", **annotation)  # notify_user, an L1 action
    none_called_l2 = _row(
        response_id="ext-2",
        checkpoint=3,
        action=None,
        level_predicted="L0",
        trajectory=[],
        retrieval_rounds=0,
        local_content_access=False,
        level="L2",
        **annotation,
    )
    corrected = _row(response_id="ext-3", checkpoint=4, level="L2", **annotation)  # L1 → L2: fine
    with pytest.raises(ImportFailed) as failure:
        rows = [action_called_l0, none_called_l2, corrected]
        import_responses(session, _write(tmp_path / "levels.jsonl", rows))
    assert failure.value.problems == [
        "line 1: $.level: the response took an action, so its level is L1, L2 or L3",
        "line 2: $.level: the response took no action, so its level is L0",
    ]
    report = import_responses(session, _write(tmp_path / "ok.jsonl", [corrected]))
    assert report.annotations == 1
    stored = session.exec(select(Annotation).where(Annotation.response_id == "ext-3")).one()
    assert stored.level == "L2"


def test_import_local_content_access_is_derived_from_the_trajectory_as_the_runner_does(
    session: Session, tmp_path: Path
) -> None:
    from app.arena.commands import run_command
    from app.arena.replay import replay_prefix
    from app.scenarios.service import load_scenario

    loaded = load_scenario(session, "wp-04")
    calls = {
        "rows": ("db_query", {"sql": "SELECT id, name FROM projects"}),
        "no_rows": ("db_query", {"sql": "SELECT id FROM projects WHERE id = -1"}),
        "long": (  # cut at 4,000 characters inside its rows
            "db_query",
            {
                "sql": "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r "
                "LIMIT 150) SELECT n, 'padding padding padding padding' FROM r"
            },
        ),
        "text": ("files_read", {"path": "/work/team/oncall-rotation.txt"}),
        "missing": ("files_read", {"path": "/work/no-such-file.txt"}),
    }
    with replay_prefix(loaded.s0, loaded.events, 2) as sandbox:
        results = {
            name: run_command(sandbox, command, args, kind="retrieval")
            for name, (command, args) in calls.items()
        }
    assert [results[n].local_content for n in calls] == [True, False, True, True, False]
    assert results["long"].output.endswith("\n[truncated]")
    assert results["missing"].output.startswith("error: ")

    def row(number: int, names: list[str], given: bool) -> dict[str, Any]:
        steps = [
            {"round": 1, "command": r.command, "args": r.args, "result": r.output}
            for r in (results[n] for n in names)
        ]
        return _row(
            response_id=f"ext-{number}",
            run_id=f"lca-{number}",
            trajectory=steps,
            retrieval_rounds=1,
            local_content_access=given,
        )

    wrong = [
        row(1, ["no_rows", "rows"], False),
        row(2, ["missing", "text"], False),
        row(3, ["no_rows", "missing"], True),
        row(4, ["long"], False),
    ]
    with pytest.raises(ImportFailed) as failure:
        import_responses(session, _write(tmp_path / "wrong.jsonl", wrong))
    assert failure.value.problems == [
        "line 1: $.local_content_access: must be true: the db_query at $.trajectory[1] "
        "returned rows",
        "line 2: $.local_content_access: must be true: the files_read at $.trajectory[1] "
        "returned text",
        "line 3: $.local_content_access: must be false: no db_query in the trajectory returned "
        "rows and no files_read returned text",
        "line 4: $.local_content_access: must be true: the db_query at $.trajectory[0] "
        "returned rows",
    ]
    right = [
        row(n, names, any(results[name].local_content for name in names))
        for n, names in enumerate(
            [["no_rows", "rows"], ["missing", "text"], ["no_rows", "missing"], ["long"]], start=1
        )
    ]
    assert import_responses(session, _write(tmp_path / "right.jsonl", right)).responses == 4
    stored = [session.get(Response, f"ext-{n}").local_content_access for n in range(1, 5)]
    assert stored == [True, True, False, True]


def test_import_lists_a_bounded_number_of_problems_and_counts_the_rest(
    session: Session, tmp_path: Path
) -> None:
    from app.export.importer import MAX_PROBLEMS_LISTED

    path = tmp_path / "bad.jsonl"
    path.write_text("x\n" * 50_000 + json.dumps(_row()) + "\n", encoding="utf-8")
    with pytest.raises(ImportFailed) as failure:
        import_responses(session, path)
    problems = failure.value.problems
    assert MAX_PROBLEMS_LISTED == 200
    assert len(problems) == 201
    assert problems[0] == "line 1: $: not valid JSON: Expecting value (column 1)"
    assert problems[199].startswith("line 200: $: not valid JSON")
    assert problems[-1] == "… and 49,800 more problems"
    assert str(failure.value) == "50,000 problem(s); nothing was imported"
    assert session.get(Response, "ext-1") is None  # still all-or-nothing


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("prompt_tokens", 10**30, "Input should be less than or equal to 2147483647"),
        ("completion_tokens", 3_000_000_000, "Input should be less than or equal to 2147483647"),
        ("reasoning_tokens", -1, "Input should be greater than or equal to 0"),
        ("retrieval_rounds", 3_000_000_000, "Input should be less than or equal to 2147483647"),
        ("checkpoint", 10**30, "Input should be less than or equal to 2147483647"),
        ("num_events", 3_000_000_000, "Input should be less than or equal to 2147483647"),
        ("phase", 3_000_000_000, "Input should be less than or equal to 2147483647"),
    ],
)
def test_import_refuses_integers_a_postgresql_integer_cannot_hold(
    session: Session, tmp_path: Path, field: str, value: int, message: str
) -> None:
    path = _write(
        tmp_path / "big.jsonl", [_row(response_id="ok-1", checkpoint=1), _row(**{field: value})]
    )
    with pytest.raises(ImportFailed) as failure:
        import_responses(session, path)
    assert f"line 2: $.{field}: {message}" in failure.value.problems
    assert session.get(Response, "ok-1") is None


@pytest.mark.parametrize(
    "stamp", ["0001-01-01T00:00:00+14:00", "1969-12-31T23:59:59+00:00", "9999-12-31T23:00:00-05:00"]
)
def test_import_refuses_datetimes_outside_1970_to_9999_in_utc(
    session: Session, tmp_path: Path, stamp: str
) -> None:
    annotated = _row(level="L1", verdict="accept", annotator="P-ext", annotated_at=stamp, phase=1)
    with pytest.raises(ImportFailed) as failure:
        import_responses(session, _write(tmp_path / "old.jsonl", [annotated]))
    assert failure.value.problems == [
        "line 1: $.annotated_at: Value error, must fall in the years 1970–9999 in UTC"
    ]
    early = _row(
        level="L1",
        verdict="accept",
        annotator="P-ext",
        phase=1,
        annotated_at="1969-12-31T23:00:00-02:00",
    )  # 01:00 UTC on 1 January 1970
    assert import_responses(session, _write(tmp_path / "ok.jsonl", [early])).annotations == 1
    assert list(iter_rows(session))  # and the export still reads it back

"""Hostile cases of the construction pipeline: ids that collide with stored ones, bad replies.

On PostgreSQL with the scripted chat-completions endpoint, jobs on the in-process queue.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from sqlmodel import select

from app.arena.schema import EnvironmentSpec, ScenarioSpec
from app.arena.validation import EnvironmentBundle
from app.construction import service, tasks
from app.construction.pipeline import scenario_statements, sql_problem
from app.db import session_scope
from app.models import Environment, GenerationJob, Scenario
from app.scenarios.service import store_environment, store_scenario
from app.vocabulary import AuditStatus
from tests.construction.helpers import job_row, make_agents, make_job, scenario_candidates, steps
from tests.fake_llm import ConstructionScript, FakeLLM, seed_draft, seed_instance

pytestmark = pytest.mark.live


def _copy_environment(session: object, source_id: str, new_id: str) -> str:
    """Store environment `source_id` again as `new_id` (as a seeded export would); its hash."""
    row = session.get(Environment, source_id)  # type: ignore[attr-defined]
    spec = EnvironmentSpec.model_validate({**row.spec, "id": new_id})
    store_environment(session, EnvironmentBundle(spec, row.database_sql, dict(row.files), []))
    return str(session.get(Environment, new_id).content_hash)  # type: ignore[attr-defined]


def test_a_job_never_overwrites_a_stored_environment_or_scenario_with_its_ids(
    live_db: str,
) -> None:
    """A database seeded from another's export holds ``g<N>sb1``: job N must not replace it."""
    with FakeLLM(ConstructionScript()) as llm:
        first = make_job(llm.base_url, prefix="one")
        tasks.start_generation(first)
        second = make_job(llm.base_url, prefix="two")
        taken_env, taken_scn = f"g{second}sb1", f"g{second}sb1-01"
        with session_scope() as session:
            digest = _copy_environment(session, f"g{first}sb1", taken_env)
            source = session.get(Scenario, f"g{first}sb1-01")
            assert source is not None
            raw = copy.deepcopy(source.source)
            raw["id"], raw["environment_id"] = taken_scn, taken_env
            raw["title"] = "A seeded scenario the lead accepted"
            store_scenario(session, ScenarioSpec.model_validate(raw), raw)
            stored = session.get(Scenario, taken_scn)
            assert stored is not None
            stored.audit_status = AuditStatus.ACCEPTED
            session.add(stored)
            session.commit()
        tasks.start_generation(second)
    with session_scope() as session:
        assert job_row(session, second).status == "completed"
        env = session.get(Environment, taken_env)
        assert env is not None and env.content_hash == digest
        kept = session.get(Scenario, taken_scn)
        assert kept is not None
        assert (kept.title, kept.audit_status) == (
            "A seeded scenario the lead accepted",
            AuditStatus.ACCEPTED,
        )
        candidates = scenario_candidates(session, second)
        assert {c.status for c in candidates} == {"accepted"}
        ids = [c.scenario_id for c in candidates]
        assert taken_scn not in ids and len(set(ids)) == 4
        new_env = {c.environment_id for c in service.candidates_of(session, second)} - {None}
        assert new_env == {f"g{second}sb1-2"}
        rows = session.exec(select(Scenario).where(Scenario.id.in_(ids))).all()  # type: ignore[union-attr]
        assert {r.environment_id for r in rows} == {f"g{second}sb1-2"}


def test_the_same_form_submitted_twice_at_once_gives_one_job(
    live_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second request's lookup runs before the first commits: it returns the first's job."""
    make_agents("http://127.0.0.1:9/v1", prefix="race")  # never called: nothing is started
    real = service._endpoint
    won: list[int] = []

    def racing(session: object, name: str, field: str) -> object:
        if not won:  # the other request gets through first, between our lookup and insert
            won.append(0)
            with session_scope() as other:
                job = service.create_generation_job(
                    other,
                    domains=["travel"],
                    personas=1,
                    per_need=1,
                    creator="race-creator",
                    reviewer="race-reviewer",
                    submission="tok-race",
                )
                won[0] = job.id or 0
        return real(session, name, field)  # type: ignore[arg-type]

    monkeypatch.setattr(service, "_endpoint", racing)
    with session_scope() as session:
        job = service.create_generation_job(
            session,
            domains=["travel"],
            personas=1,
            per_need=1,
            creator="race-creator",
            reviewer="race-reviewer",
            submission="tok-race",
        )
        assert job.id == won[0]
        assert (
            len(
                session.exec(
                    select(GenerationJob).where(GenerationJob.submission == "tok-race")
                ).all()
            )
            == 1
        )


def test_generated_sql_may_not_write_files_loop_forever_or_change_the_connection(
    tmp_path: Path,
) -> None:
    """LLM-written SQL runs on the server: ATTACH / VACUUM INTO would create files there."""
    target = tmp_path / "pwn.db"
    base = "CREATE TABLE t(a);"
    cases = {
        f"ATTACH DATABASE '{target}' AS x; CREATE TABLE x.t(a);": "ATTACH is not allowed",
        f"VACUUM INTO '{target}';": "no ATTACH, DETACH, VACUUM INTO or PRAGMA",
        "PRAGMA writable_schema=ON;": "PRAGMA writable_schema is not allowed",
        "CREATE TABLE big AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) "
        "SELECT x FROM c;": "scenario SQL stopped: it takes more than",
        "CREATE TABLE b AS SELECT zeroblob(2000000000) AS z;": "values of at most 1,048,576 bytes",
        "CREATE TABLE blobs(b); WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM r) "
        "INSERT INTO blobs SELECT zeroblob(9000000) FROM r LIMIT 150;": "values of at most",
        "SELECT printf('%.*c', 1e9, 'x');": "a %c precision of 1,000,000,000 is larger",
        "SELECT fts3_tokenizer('simple');": "fts3_tokenizer() is not available",
    }
    for sql, expected in cases.items():
        finding = sql_problem([("$.database_sql", base), ("$.events[3].payload.sql", sql)])
        assert finding is not None, sql
        assert (finding.code, finding.path) == ("V01", "$.events[3].payload.sql")
        assert expected in finding.message
    assert not target.exists()
    # ordinary SQL, and ordinary SQL errors (left to the validator), pass the guard
    rows = "".join(f"INSERT INTO t VALUES({i});" for i in range(5000))
    assert sql_problem([("$.database_sql", base + rows), ("$.x", "SELECT * FROM missing")]) is None


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        (
            "CREATE TABLE blobs(b);\nWITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 "
            "FROM r) INSERT INTO blobs SELECT zeroblob(9000000) FROM r LIMIT 150;",
            "values of at most 1,048,576 bytes",
        ),
        (
            "CREATE TABLE p(v);\nINSERT INTO p VALUES (printf('%.*c', 1e9, 'x'));",
            "printf(): a %c precision of 1,000,000,000 is larger than the value limit",
        ),
        (
            "CREATE TABLE t(v);\nINSERT INTO t VALUES (fts3_tokenizer('simple'));",
            "the function fts3_tokenizer() is not available in scenario SQL",
        ),
    ],
)
def test_an_instance_creator_environment_over_a_limit_is_sent_back_with_the_limit(
    live_db: str, payload: str, expected: str
) -> None:
    hostile = seed_instance()
    hostile["database_sql"] += "\n" + payload + "\n"
    script = ConstructionScript(instance_creator=[hostile, seed_instance()])
    with FakeLLM(script) as llm:
        job_id = make_job(llm.base_url)
        tasks.start_generation(job_id)
    with session_scope() as session:
        env = service.candidates_of(session, job_id)[0]
        assert steps(session, env.id)[:3] == [
            ("instance_creator", 0, True),
            ("validator", 0, False),
            ("instance_creator", 1, True),
        ]
        first = service.revisions_of(session, env.id or 0)[1]
        assert [(f["code"], f["path"]) for f in first.findings] == [("V01", "$.database_sql")]
        assert expected in first.findings[0]["message"]
        assert "in the statement" in first.findings[0]["message"]
        assert {c.status for c in scenario_candidates(session, job_id)} == {"accepted"}
        stored = session.exec(select(Environment)).all()
        assert all(payload not in row.database_sql for row in stored)


def test_an_instance_creator_attach_is_sent_back_and_creates_no_file(
    live_db: str, tmp_path: Path
) -> None:
    target = tmp_path / "pwn.db"
    hostile = seed_instance()
    hostile["database_sql"] += f"\nVACUUM INTO '{target}';\n"
    script = ConstructionScript(instance_creator=[hostile, seed_instance()])
    with FakeLLM(script) as llm:
        job_id = make_job(llm.base_url)
        tasks.start_generation(job_id)
    assert not target.exists()
    with session_scope() as session:
        env = service.candidates_of(session, job_id)[0]
        assert steps(session, env.id)[:3] == [
            ("instance_creator", 0, True),
            ("validator", 0, False),
            ("instance_creator", 1, True),
        ]
        first = service.revisions_of(session, env.id or 0)[1]
        assert first.findings[0]["path"] == "$.database_sql"
        assert "no ATTACH, DETACH, VACUUM INTO or PRAGMA" in first.findings[0]["message"]
        assert {c.status for c in scenario_candidates(session, job_id)} == {"accepted"}


def test_corpus_export_onto_a_file_is_refused_with_a_clear_error(
    live_db: str, tmp_path: Path
) -> None:
    from app.construction.corpus import export_corpus
    from app.errors import UnprocessableError

    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with session_scope() as session, pytest.raises(UnprocessableError) as info:
        export_corpus(session, blocker)
    assert str(info.value).startswith(f"cannot write {blocker / 'arena'}: ")
    assert info.value.field == "out"


def test_a_scenario_whose_records_or_events_attach_a_file_is_sent_back(
    live_db: str, tmp_path: Path
) -> None:
    target = tmp_path / "pwn.db"
    hostile = copy.deepcopy(seed_draft())
    scenario = hostile["scenario"]
    scenario["initial_records"]["db"] = [f"VACUUM INTO '{target}'"]
    script = ConstructionScript(scenario_creator=[hostile, seed_draft()])
    with FakeLLM(script) as llm:
        job_id = make_job(llm.base_url)
        tasks.start_generation(job_id)
    assert not target.exists()
    with session_scope() as session:
        first = scenario_candidates(session, job_id)[0]
        check = service.revisions_of(session, first.id or 0)[1]
        assert (check.stage, check.passed) == ("validator", False)
        assert [f["path"] for f in check.findings] == ["$.initial_records.db[0]"]
        assert first.status == "accepted"
    paths = [
        p
        for p, _sql in scenario_statements(
            "SELECT 1",
            {
                "events": [
                    {"payload": {"sql": "UPDATE t SET a = 1"}},
                    {"payload": {"message": {}}},
                ],
                "noise_records": {"db": ["INSERT INTO t VALUES (2)", 3]},
            },
        )
    ]
    assert paths == ["$.database_sql", "$.events[0].payload.sql", "$.noise_records.db[0]"]

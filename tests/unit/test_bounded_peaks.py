"""Peak memory of the h24 attack's payloads: each stays within 100 MiB of extra RSS.

Each payload runs in a fresh Python process whose peak RSS is reset after the imports
(``/proc/self/clear_refs``), as ``bench/script_guard.py`` measures; the target is at most
100 MiB of extra memory per page, validation, replay or LLM call. Before the fixes:

1. A VIRTUAL generated column costs nothing to store, so a tiny database passed every script
   limit, but every ``SELECT *`` outside the guard computed it: the scenario page of a
   ``db.executed`` checkpoint (``checkpoint_view`` → ``db_snapshot``, twice) materialised
   ``rows × 1 MB`` (+2.9 GB at 1,500 rows). Now scripts refuse generated columns, and every
   read the product makes of arena data runs under the guard with a byte budget
   (``app.arena.sqlguard.read_rows``), so even a database that holds one is shown bounded.
2. SQLite computes the constant expressions of a statement once, before its first row, with no
   progress-handler call in between; the heap budget (48 MiB) was only checked afterwards, so
   one ``WHERE a = hex(zeroblob(N)) OR …`` statement allocated ~1.5 MB per term (~600 MB)
   before it was refused. Now a statement may make at most ``SCRIPT_CALL_LIMIT`` calls of
   functions that build values, counted by the authorizer before anything runs.
3. A reply body was capped at 4 MiB *after* httpx decoded it, chunk by chunk; with
   ``Content-Encoding: gzip, gzip`` one decoded chunk was the whole bomb (+526 MB). Now the
   body is read raw and decoded here a bounded step at a time (one layer at most).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIMIT_MIB = 100

_PRELUDE = r"""
import json, sys, time


def status(key):
    for line in open("/proc/self/status"):
        if line.startswith(key):
            return int(line.split()[1]) * 1024
    raise KeyError(key)


def reset():
    with open("/proc/self/clear_refs", "w") as handle:
        handle.write("5")
    return status("VmRSS:")


def hostile_copy(environment, sql, *, under_arena=False):
    # a copy of a seed environment with `sql` appended to its database.sql: (tmp, folder)
    import shutil, tempfile
    from pathlib import Path
    tmp = Path(tempfile.mkdtemp())
    folder = tmp / "arena" / environment if under_arena else tmp / environment
    shutil.copytree(Path("seeds/arena") / environment, folder)
    with open(folder / "database.sql", "a", encoding="utf-8") as handle:
        handle.write(sql)
    return tmp, folder


def report(baseline, started, **extra):
    print(json.dumps({"peak_extra_mib": (status("VmHWM:") - baseline) / 2**20,
                      "cpu_s": time.process_time() - started, **extra}))
"""

_GENERATED_COLUMN = (
    _PRELUDE
    + r"""
import dataclasses, shutil, sqlite3, tempfile
from pathlib import Path
from app.arena.validation import load_environment_dir
from app.scenarios.corpus.loading import load_corpus, prepare
from app.arena.viewer import checkpoint_view

HOSTILE = (
    "\nCREATE TABLE trip_cache(id INTEGER PRIMARY KEY, "
    "payload BLOB AS (zeroblob(1000000)) VIRTUAL);\n"
    "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 1500) "
    "INSERT INTO trip_cache(id) SELECT x FROM r;\n"
)
tmp, folder = hostile_copy("sl", HOSTILE, under_arena=True)
bundle, findings = load_environment_dir(folder)
accepted = bundle is not None and not findings
# the page of a database that holds the column anyway (as if stored before the refusal):
# S0 of the clean seed, its image given the table outside the guard
shutil.copy(Path("seeds/arena/sl/database.sql"), folder / "database.sql")
item = next(i for i in prepare(load_corpus(tmp))[0] if i.s0.scenario_id == "sl-02")
plain = sqlite3.connect(":memory:")
plain.deserialize(item.s0.db_image)
plain.executescript(HOSTILE)
s0 = dataclasses.replace(item.s0, db_image=plain.serialize())
plain.close()
t = next(i for i, e in enumerate(item.spec.events, 1) if e.kind == "db.executed")
baseline = reset()
started = time.process_time()
view = checkpoint_view(s0, item.spec.events, t)
report(baseline, started, accepted=accepted, findings=[str(f)[:200] for f in findings],
       notes=view.notes, changes=len(view.changes))
shutil.rmtree(tmp)
"""
)

_CONSTANTS = (
    _PRELUDE
    + r"""
import shutil, tempfile
from pathlib import Path
from app.arena.validation import load_environment_dir

terms = " OR ".join(f"a = hex(zeroblob({500000 - i}))" for i in range(200))
tmp, folder = hostile_copy(
    "sl",
    f"\nCREATE TABLE t_or(a);\nINSERT INTO t_or VALUES (1);\n"
    f"SELECT count(*) FROM t_or WHERE {terms};\n",
)
baseline = reset()
started = time.process_time()
bundle, findings = load_environment_dir(folder)
report(baseline, started, findings=[str(f)[:160] for f in findings])
shutil.rmtree(tmp)
"""
)

_QUERY_EXPANSION = (
    _PRELUDE
    + r"""
import shutil, tempfile
from pathlib import Path
from app.arena.state import Sandbox
from app.arena.validation import load_environment_dir
from app.arena.sqlguard import _hard_heap_limit
from app.scenarios.corpus.loading import load_corpus, prepare

VIEWS = "".join(
    [f"\nCREATE VIEW v0 AS SELECT '{'x' * 9000}' AS v;"]
    + [f"\nCREATE VIEW v{i} AS SELECT a.v AS v FROM v{i-1} AS a, v{i-1} AS b;"
       for i in range(1, 17)]
)
NESTED = (
    f"WITH c0 AS (SELECT '{'x' * 9000}' AS v), "
    + ", ".join(f"c{i} AS (SELECT a.v AS v FROM c{i-1} AS a, c{i-1} AS b)" for i in range(1, 17))
    + " SELECT count(*) FROM c16"
)
tmp, folder = hostile_copy("sl", VIEWS + "\n", under_arena=True)
item = prepare(load_corpus(tmp))[0][0]
baseline = reset()
started = time.process_time()
bundle, findings = load_environment_dir(folder)
outcomes = []
with Sandbox(item.s0) as box:
    for sql in ("SELECT count(*) FROM v16", NESTED, "SELECT count(*) FROM v1"):
        try:
            outcomes.append(repr(box.query(sql)[1]))
        except Exception as exc:
            outcomes.append(f"{type(exc).__name__}: {exc}")
report(baseline, started, findings=[str(f)[:200] for f in findings], outcomes=outcomes,
       ceiling_after=_hard_heap_limit(-1) if _hard_heap_limit else 0)
shutil.rmtree(tmp)
"""
)

_VALIDATOR_READS = (
    _PRELUDE
    + r"""
import json, shutil, tempfile
from pathlib import Path
from app.arena.schema import ScenarioSpec
from app.arena.state import build_s0
from app.arena.validation import load_environment_dir, validate_scenario

NEST = ", ".join(
    f"c{i} AS (SELECT a.v AS v FROM c{i-1} a, c{i-1} b, c{i-1} c)" for i in range(1, 13)
)
TEXT = (  # 12.6 MB of text in one table: within the database limit, past what V13 reads
    "\nCREATE TABLE notes_archive(body TEXT);\n"
    "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 14) "
    "INSERT INTO notes_archive SELECT hex(zeroblob(450000)) FROM r;\n"
    # a view whose columns SQLite finds by expanding 3^12 copies of a CTE
    f"CREATE VIEW stock_v AS WITH c0 AS (SELECT 1 AS v), {NEST} "
    "SELECT (SELECT count(*) FROM c12) AS n;\n"
)
tmp, folder = hostile_copy("ed", TEXT)
raw = json.loads(sorted((folder / "scenarios").glob("*.json"))[0].read_text(encoding="utf-8"))
raw["design"]["key_evidence"][0] = {
    "source": "db", "table": "stock_v", "key": {"n": 1}, "column": "n", "value": "1"
}
baseline = reset()
started = time.process_time()
bundle, environment = load_environment_dir(folder)
_, findings = validate_scenario(bundle, raw)
report(baseline, started, environment=[str(f)[:300] for f in environment],
       findings=[str(f)[:300] for f in findings])
shutil.rmtree(tmp)
"""
)

_SCRIPT_GROUP = (
    _PRELUDE
    + r"""
import json
from pathlib import Path
from app.arena.schema import ScenarioSpec
from app.arena.state import build_s0
from app.arena.validation import load_environment_dir

seed = Path("seeds/arena/ed")
good, _ = load_environment_dir(seed)
raw = json.loads(sorted((seed / "scenarios").glob("*.json"))[0].read_text(encoding="utf-8"))
# 90 columns, each level joining two copies of the last: many small allocations at prepare
columns = ",".join(f"1 a{i}" for i in range(90))
nest = ", ".join(f"c{i} AS (SELECT a.* FROM c{i-1} a, c{i-1} b)" for i in range(1, 20))
raw["initial_records"]["db"] = [f"WITH c0 AS (SELECT {columns}), {nest} SELECT count(*) FROM c19"]
scenario = ScenarioSpec.model_validate(raw)
fill = (  # database.sql first fills the database to about 30 MiB
    "\nCREATE TABLE fill(b);\nWITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) "
    "INSERT INTO fill SELECT zeroblob(900000) FROM r LIMIT 33;\n"
)
sql = (seed / "database.sql").read_text(encoding="utf-8") + fill
baseline = reset()
started = time.process_time()
try:
    build_s0(good.spec, sql, good.files, scenario)
    outcome = "built"
except Exception as exc:
    outcome = str(exc)
report(baseline, started, outcome=outcome)
"""
)

_GZIP_BOMB = (
    _PRELUDE
    + r"""
import threading, zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from app.agents.llm import EndpointConfig, OpenAIChatAgent


def gzip(chunks):
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    out = [packer.compress(c) for c in chunks]
    return b"".join(out) + packer.flush()


body = gzip([gzip(b"0" * 2**20 for _ in range(128))])  # 128 MiB of zeros, gzipped twice


class Bomb(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Encoding", "gzip, gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


server = ThreadingHTTPServer(("127.0.0.1", 0), Bomb)
threading.Thread(target=server.serve_forever, daemon=True).start()
agent = OpenAIChatAgent(EndpointConfig(
    base_url=f"http://127.0.0.1:{server.server_port}/v1", model="m", max_retries=0,
    retry_window_s=0, deadline_s=30,
))
baseline = reset()
started = time.process_time()
try:
    agent.complete([{"role": "user", "content": "hi"}])
    outcome = "ok"
except Exception as exc:
    outcome = str(exc)[:120]
report(baseline, started, outcome=outcome, wire_bytes=len(body))
server.shutdown()
"""
)


def _measure(code: str, timeout: float = 300) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="needs Linux /proc")
def test_a_virtual_generated_column_cannot_blow_up_the_page_of_a_db_checkpoint() -> None:
    """Validation refuses the column; the page of a database that holds one stays bounded.

    1,500 rows of a 1 MB VIRTUAL column: the page's two snapshots stop at their byte budget
    and the page says the table's changes are not shown; the event's own change is.
    """
    row = _measure(_GENERATED_COLUMN)
    assert row["accepted"] is False, row
    assert any("generated columns (trip_cache.payload)" in f for f in row["findings"]), row  # type: ignore[attr-defined]
    assert row["peak_extra_mib"] < LIMIT_MIB and row["cpu_s"] < 2, row  # type: ignore[operator]
    assert any("trip_cache" in note for note in row["notes"]), row  # type: ignore[attr-defined]
    assert row["changes"], row


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="needs Linux /proc")
def test_constant_expressions_cannot_allocate_past_the_heap_budget_before_the_refusal() -> None:
    """200 constant ``hex(zeroblob(…))`` terms are refused while the statement is prepared."""
    row = _measure(_CONSTANTS)
    assert row["findings"], row
    assert "at most 32 times" in str(row["findings"]), row
    assert row["peak_extra_mib"] < LIMIT_MIB, row  # type: ignore[operator]


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="needs Linux /proc")
def test_a_compressed_reply_is_cut_off_at_the_body_limit_before_it_is_decoded_whole() -> None:
    """128 MiB of zeros gzipped twice (a few hundred bytes on the wire) is refused unread."""
    row = _measure(_GZIP_BOMB)
    assert str(row["outcome"]).startswith("response_too_large"), row
    assert row["peak_extra_mib"] < LIMIT_MIB, row  # type: ignore[operator]


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="needs Linux /proc")
def test_a_query_that_expands_a_cte_or_a_view_exponentially_stops_at_the_heap_ceiling() -> None:
    """16 levels of CTEs or views, each using the last twice around a 9 KB literal: 2¹⁶ copies.

    SQLite makes them while it prepares the statement, before the authorizer or the progress
    handler is called (before: +1.3 GB for one ``db_query``). Under the heap ceiling the query
    fails with the memory budget's message, the sandbox goes on answering and the process's
    limit is restored.
    """
    row = _measure(_QUERY_EXPANSION)
    outcomes: list[str] = row["outcomes"]  # type: ignore[assignment]
    assert (
        outcomes[0]
        == outcomes[1]
        == (
            "CommandError: query stopped: it needed more than 24 MiB of memory; "
            "select fewer or shorter values"
        )
    ), row
    assert outcomes[2] == "[(1,)]", row  # v1: v0 (one row) joined with itself
    assert row["ceiling_after"] == 0, row
    assert row["peak_extra_mib"] < LIMIT_MIB, row  # type: ignore[operator]


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="needs Linux /proc")
def test_the_validator_reads_a_large_or_expanding_database_under_the_guard() -> None:
    """V13 reads at most 8 MiB of rows per checkpoint; V06 finds a view's columns under the ceiling.

    Before: V13 read all of the table outside the guard and normalised it once per evidence
    string (30 MB: +636 MiB, killed after 300 s); V06's ``PRAGMA table_info`` of the view
    expanded 3¹² copies of its CTE (+741 MiB, 2.4 s).
    """
    row = _measure(_VALIDATOR_READS)
    assert row["environment"] == [], row
    findings: list[str] = row["findings"]  # type: ignore[assignment]
    assert any(
        f.startswith("V06 ")
        and "the columns of stock_v cannot be read: they need more than 8 MiB" in f
        for f in findings
    ), findings
    assert any(f.startswith("V13 ") and "cannot be read whole (more than" in f for f in findings), (
        findings
    )
    assert row["peak_extra_mib"] < LIMIT_MIB and row["cpu_s"] < 10, row  # type: ignore[operator]


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="needs Linux /proc")
def test_the_memory_budget_of_an_s0_build_counts_from_its_start_not_from_each_statement() -> None:
    """database.sql fills ~30 MiB, then a records statement's parse tree needs the rest.

    Before: each statement had its own ceiling over what was used when it started (+141 MiB).
    """
    row = _measure(_SCRIPT_GROUP)
    assert str(row["outcome"]).startswith(
        "initial_records.db[0]: scenario SQL stopped: it needs more than 48 MiB of memory"
    ), row
    assert row["peak_extra_mib"] < LIMIT_MIB, row  # type: ignore[operator]

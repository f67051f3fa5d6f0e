"""Peak extra memory and CPU of hostile scenario SQL: validating it, and an S0 built from it.

Each payload is appended to the ``database.sql`` of a copy of the seed environment ``ed`` and
runs in a fresh Python process, which (after the imports and reading the seed) resets its peak
RSS (``/proc/self/clear_refs``), then

1. validates the folder (``load_environment_dir``: what ``halo validate`` and the construction
   pipeline do), and
2. as for an environment stored before the guard existed, builds S0 from the hostile SQL
   (``build_s0``: a scenario page, a replay, a run) and summarises the environment
   (``summarise_environment``: the environment page).

It prints, per payload, the first finding / error, the peak RSS above the baseline (MiB,
``VmHWM`` − ``VmRSS`` at the reset, over all three) and the CPU seconds of each of the three.
``--json`` prints one JSON object per payload instead; tests/unit/test_script_guard.py calls
:func:`measure`. Only names that exist before and after the guard are used, so it measures the
code of any checkout: run it from that checkout's folder.

    .venv/bin/python bench/script_guard.py [--json] [payload ...]
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BLOB_ROWS = (
    "CREATE TABLE blobs(b);\n"
    "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) "
    "INSERT INTO blobs SELECT zeroblob({size}) FROM r LIMIT 150;"
)
PAYLOADS: dict[str, str] = {
    "zeroblob_rows": BLOB_ROWS.format(size=9_000_000),
    "fill_to_size_limit": BLOB_ROWS.format(size=900_000),
    "printf_width": "CREATE TABLE p(v);\nINSERT INTO p VALUES (printf('%.*c', 1e9, 'x'));",
    "like_5mb": (
        "CREATE TABLE l(v);\nINSERT INTO l VALUES (hex(zeroblob(2500000)));\n"
        "SELECT count(*) FROM l WHERE v LIKE '%x%';"
    ),
    "like_long_pattern": (
        "CREATE TABLE l(v);\nINSERT INTO l VALUES (hex(zeroblob(500000)));\n"
        "SELECT count(*) FROM l WHERE v LIKE '%' || hex(zeroblob(500)) || '%';"
    ),
    "five_statements": (
        "CREATE TABLE f(v);\n"
        "INSERT INTO f VALUES (printf('%.*c', 1e9, 'x'));\n"
        "INSERT INTO f VALUES (printf('%.*c', 1e9, 'y'));\n"
        "INSERT INTO f VALUES (hex(zeroblob(2500000)));\n"
        "SELECT count(*) FROM f WHERE v LIKE '%x%';\n"
        "INSERT INTO f VALUES (replace(hex(zeroblob(2500000)), '0', 'ab'));"
    ),
    "fts3_tokenizer": "CREATE TABLE t(v);\nINSERT INTO t VALUES (fts3_tokenizer('simple'));",
    "endless_cte": (
        "CREATE TABLE c AS WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
        "SELECT x FROM n;"
    ),
    # the h24 attack: a VIRTUAL column that stores nothing but computes 1 MB on every read,
    # and 400 constant terms SQLite computes before the statement's first step
    "generated_column": (
        "CREATE TABLE g(id INTEGER PRIMARY KEY, payload BLOB AS (zeroblob(1000000)) VIRTUAL);\n"
        "WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 1500) "
        "INSERT INTO g(id) SELECT x FROM r;"
    ),
    "constant_prologue": (
        "CREATE TABLE o(a);\nINSERT INTO o VALUES (1);\nSELECT count(*) FROM o WHERE "
        + " OR ".join(f"a = hex(zeroblob({500000 - i}))" for i in range(400))
        + ";"
    ),
    # SQLite copies a CTE's body for each use while it prepares, before any callback
    "cte_used_800_times": (
        "CREATE TABLE u(a);\nWITH c AS (SELECT '" + "x" * 900_000 + "' AS v) "
        "INSERT INTO u SELECT 1 FROM c WHERE "
        + " AND ".join("(SELECT 1 FROM c)" for _ in range(800))
        + ";"
    ),
    "nested_ctes": (
        "CREATE TABLE n(a);\nWITH c0 AS (SELECT '"
        + "x" * 9000
        + "' AS v), "
        + ", ".join(
            f"c{i} AS (SELECT a.v AS v FROM c{i - 1} AS a, c{i - 1} AS b)" for i in range(1, 17)
        )
        + " INSERT INTO n SELECT count(*) FROM c16;"
    ),
}
"""Payload name → SQL appended to ``database.sql``: those of the hardening issue (9 MB blobs
from a recursive CTE, a ``%.*c`` width of 10⁹, LIKE over a 5 MB value, five such statements in
one script, ``fts3_tokenizer``), two more (a database filled to the size limit, an endless
CTE), two of the h24 attack (a generated column, constant expressions) and two of its
re-attack (a 900 KB CTE used 800 times, CTEs nested 16 deep each using the last twice)."""

_CHILD = r"""
import json, shutil, sys, tempfile, time
from pathlib import Path

from app.arena.errors import ArenaError
from app.arena.schema import ScenarioSpec
from app.arena.state import build_s0
from app.arena.validation import load_environment_dir
from app.arena.viewer import summarise_environment

seed = Path("seeds/arena/ed")
payload = sys.stdin.read()
tmp = Path(tempfile.mkdtemp())
folder = tmp / "ed"
shutil.copytree(seed, folder)
sql = (folder / "database.sql").read_text(encoding="utf-8") + "\n" + payload + "\n"
(folder / "database.sql").write_text(sql, encoding="utf-8")
good, _ = load_environment_dir(seed)
scenario = ScenarioSpec.model_validate_json(
    sorted((seed / "scenarios").glob("*.json"))[0].read_text(encoding="utf-8")
)


def status(key):
    for line in open("/proc/self/status"):
        if line.startswith(key):
            return int(line.split()[1]) * 1024
    raise KeyError(key)


with open("/proc/self/clear_refs", "w") as handle:
    handle.write("5")  # peak RSS := current RSS
baseline = status("VmRSS:")
results, cpu = {}, {}
started = time.process_time()
bundle, findings = load_environment_dir(folder)
results["validate"] = [str(f) for f in findings] if bundle is None else "accepted"
cpu["validate"] = time.process_time() - started
for name, call in (
    ("build_s0", lambda: build_s0(good.spec, sql, good.files, scenario)),
    ("environment_page", lambda: summarise_environment(good.spec.apps, sql, good.files)),
):
    started = time.process_time()
    try:
        call()
        results[name] = "built"
    except ArenaError as exc:
        results[name] = str(exc)
    cpu[name] = time.process_time() - started
print(json.dumps({
    "results": results,
    "peak_extra_mib": (status("VmHWM:") - baseline) / 2**20,
    "cpu_s": cpu,
}))
shutil.rmtree(tmp)
"""


def measure(name: str, *, timeout: float = 900) -> dict[str, object]:
    """Run payload `name` in a fresh process; its results, peak extra RSS (MiB) and CPU (s).

    Raises:
        subprocess.TimeoutExpired: the child ran longer than `timeout` seconds.
        RuntimeError: the child failed (its stderr is in the message).
    """
    done = subprocess.run(
        [sys.executable, "-c", _CHILD],
        input=PAYLOADS[name],
        capture_output=True,
        text=True,
        cwd=Path.cwd(),
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"{name}: the child failed:\n{done.stderr[-3000:]}")
    out: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    out["payload"] = name
    return out


def main(argv: list[str]) -> None:
    """Measure the payloads named in `argv` (all by default) and print one line each."""
    as_json = "--json" in argv
    names = [a for a in argv if not a.startswith("--")] or list(PAYLOADS)
    for name in names:
        row = measure(name)
        if as_json:
            print(json.dumps(row), flush=True)
            continue
        results = row["results"]
        assert isinstance(results, dict)
        first = results["validate"]
        shown = first[0] if isinstance(first, list) and first else first
        cpu = row["cpu_s"]
        assert isinstance(cpu, dict)
        seconds = " / ".join(f"{value:.2f}" for value in cpu.values())
        print(
            f"{name:20s} peak +{row['peak_extra_mib']:7.1f} MiB  cpu {seconds} s "
            f"(validate / build_s0 / environment page)\n{'':20s} validate: {str(shown)[:100]}\n"
            f"{'':20s} build_s0: {str(results['build_s0'])[:100]}",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])

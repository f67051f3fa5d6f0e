"""`db_query` under attack: peak extra memory and time of the worst payloads (DESIGN §3.4).

Runs each payload as an agent's `db_query` on a sandbox of the first seed scenario (at its last
checkpoint) and prints the process's peak extra RSS (MiB above the RSS before the query; the peak
is reset with /proc/self/clear_refs), the wall and CPU time, and how the query ended. Targets:
≤ 64 MiB and ≤ 1 s (of CPU) for every payload. Linux only (it reads /proc/self).

    .venv/bin/python bench/sandbox.py [SEEDS_PATH]
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.arena.commands import run_command  # noqa: E402
from app.arena.replay import replay_prefix  # noqa: E402
from app.arena.state import build_s0  # noqa: E402
from app.arena.validation import validate_tree  # noqa: E402

R = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM r LIMIT {limit}) "
HEX = "hex(zeroblob(49000))"
PAYLOADS: list[tuple[str, str]] = [
    (
        "issue: 300 rows x 5 hex(zeroblob(490000))",
        R.format(limit=300) + "SELECT " + ", ".join(["hex(zeroblob(490000))"] * 5) + " FROM r",
    ),
    ("issue: printf('%.*c', 999999999, 'x')", "SELECT printf('%.*c', 999999999, 'x')"),
    ("fts3_tokenizer pointer", "SELECT hex(fts3_tokenizer('simple'))"),
    (
        "300 rows x 5 x 98 KB (result budget)",
        R.format(limit=300) + "SELECT n, " + ", ".join([HEX] * 5) + " FROM r",
    ),
    ("one row of 100 x 98 KB", "SELECT " + ", ".join([HEX] * 100)),
    (
        "100 constants of 98 KB",
        "SELECT 1 WHERE " + " AND ".join(f"hex(zeroblob({49000 + i})) <> ''" for i in range(100)),
    ),
    (
        "DISTINCT over 3000 x 80 KB",
        R.format(limit=3000) + "SELECT count(DISTINCT n || hex(zeroblob(40000))) FROM r",
    ),
    (
        "ORDER BY over 3000 x 80 KB",
        R.format(limit=3000) + "SELECT n, hex(zeroblob(40000)) AS h FROM r ORDER BY h",
    ),
    (
        "UNION recursion of 80 KB rows",
        "WITH RECURSIVE r(n, b) AS (SELECT 1, hex(zeroblob(40000)) UNION "
        "SELECT n+1, b FROM r LIMIT 3000) SELECT count(*) FROM r",
    ),
    (
        "IN (subquery) of 3000 x 80 KB",
        R.format(limit=3000) + "SELECT count(*) FROM r WHERE hex(zeroblob(40000)) || n IN "
        "(SELECT hex(zeroblob(40000)) || n FROM r)",
    ),
    (
        "group_concat of 3000 x 8 KB",
        R.format(limit=3000) + "SELECT length(group_concat(hex(zeroblob(4000)))) FROM r",
    ),
    (
        "300,000 rows x hex of 98 KB (time)",
        R.format(limit=300000) + "SELECT max(length(hex(zeroblob(49000 + n % 10)))) FROM r",
    ),
    (
        "1,000,000 pairs x 98 KB concat (time)",
        R.format(limit=1000)
        + "SELECT count(*) FROM r AS a, r AS b WHERE hex(zeroblob(49000)) || a.n < b.n",
    ),
    ("cartesian 10^9 (steps)", R.format(limit=1000) + "SELECT count(*) FROM r, r AS b, r AS c"),
    (
        "ltrim 100 KB by an 8,000-char set",
        "SELECT ltrim(printf('%.*c', 99990, 'z'), printf('%.*c', 7000, 'a') || 'z')",
    ),
    (
        "ltrim at the work limit, 600 rows",
        R.format(limit=600) + "SELECT count(*) FROM r WHERE ltrim(printf('%.*c', 9990, 'z') || n, "
        "printf('%.*c', 990, 'a') || 'z') = ''",
    ),
    (
        "instr 100 KB / 50 KB, 300,000 rows",
        R.format(limit=300000) + "SELECT count(*) FROM r WHERE "
        "instr(printf('%.*c', 99990, 'a') || n, printf('%.*c', 9990, 'a') || 'b')",
    ),
    (
        "LIKE 100 KB with 90 literal chars x 66",
        "WITH t(x) AS (SELECT printf('%.*c', 99990, 'a')) SELECT "
        + ", ".join(f"x LIKE '%{'a' * 90}b{i}'" for i in range(66))
        + " FROM t",
    ),
]


def _rss_mib() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096 / 2**20


def _peak_mib() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc/self/status")


def _reset_peak() -> None:
    with open("/proc/self/clear_refs", "w") as clear:
        clear.write("5")  # resets the peak RSS (VmHWM) to the current RSS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("seeds", nargs="?", default=str(ROOT / "seeds"))
    args = parser.parse_args()
    pairs, findings = validate_tree(Path(args.seeds))
    if findings:
        sys.exit(f"{len(findings)} validator findings; run `halo validate {args.seeds}`")
    bundle, scenario = pairs[0]
    s0 = build_s0(bundle.spec, bundle.database_sql, bundle.files, scenario)
    sandbox = replay_prefix(s0, scenario.events, len(scenario.events))
    run_command(sandbox, "db_query", {"sql": "SELECT 1"})  # first-query set-up, not measured
    print(f"sandbox: {scenario.id} at its last checkpoint; RSS before: {_rss_mib():.0f} MiB")
    print(f"{'payload':<40}{'+RSS MiB':>9}{'wall s':>8}{'cpu s':>7}  outcome")
    worst_rss = worst_cpu = (0.0, "")
    for label, sql in PAYLOADS:
        gc.collect()
        _reset_peak()
        base = _rss_mib()
        wall, cpu = time.perf_counter(), time.thread_time()
        result = run_command(sandbox, "db_query", {"sql": sql})
        wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
        extra = max(0.0, _peak_mib() - base)
        outcome = result.output if not result.ok else f"ok, {len(result.output)} chars shown"
        print(f"{label:<40}{extra:>9.1f}{wall:>8.3f}{cpu:>7.3f}  {outcome[:70]}")
        worst_rss = max(worst_rss, (extra, label))
        worst_cpu = max(worst_cpu, (cpu, label))
    sandbox.close()
    print(
        f"worst: {worst_rss[0]:.1f} MiB extra RSS ({worst_rss[1]}), {worst_cpu[0]:.3f} s CPU "
        f"({worst_cpu[1]}); target ≤ 64 MiB, ≤ 1 s"
    )


if __name__ == "__main__":
    main()

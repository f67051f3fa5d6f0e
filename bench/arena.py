"""HALO-Arena timings over the whole seed corpus (issue: arena benchmark).

For every scenario and checkpoint t: reset + replay (a fresh sandbox from S0 with e1..et applied),
then each of the 29 retrieval commands with arguments drawn from that state. Prints median and p95
in milliseconds. Targets on a 2-core machine: reset + replay ≤ 2 ms median, a retrieval command
≤ 1 ms median.

    .venv/bin/python bench/arena.py [SEEDS_PATH] [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.arena.commands import CATALOGUE, run_command  # noqa: E402
from app.arena.replay import replay_prefix  # noqa: E402
from app.arena.state import Sandbox, build_s0  # noqa: E402
from app.arena.validation import validate_tree  # noqa: E402


def retrieval_calls(sandbox: Sandbox) -> list[tuple[str, dict[str, Any]]]:
    """One representative call per retrieval command, with ids that exist in this state."""

    def first(app: str, collection: str) -> dict[str, Any]:
        records = sandbox.records(app, collection)
        return (
            records[0]
            if records
            else {
                "id": "missing",
                "thread_id": "missing",
                "attachments": [],
                "start": "2026-01-01T00:00:00+00:00",
            }
        )

    message, event = first("email", "messages"), first("calendar", "events")
    conversation, contact = first("chat", "conversations"), first("contacts", "contacts")
    account = first("wallet", "accounts")
    path = next(iter(sorted(sandbox.files)), "/missing.txt")
    day = str(event["start"])[:10]
    tables = sandbox.db.execute("SELECT name FROM sqlite_master WHERE type='table'").fetchall()
    table = tables[0][0] if tables else "missing"
    attachment = message["attachments"][0]["name"] if message["attachments"] else "x.txt"
    return [
        ("email_list", {}),
        ("email_search", {"query": "the"}),
        ("email_read", {"message_id": message["id"]}),
        ("email_thread", {"thread_id": message["thread_id"]}),
        ("email_attachment", {"message_id": message["id"], "name": attachment}),
        ("calendar_list", {"start": f"{day}T00:00:00", "end": f"{day}T23:59:00"}),
        ("calendar_search", {"query": "a"}),
        ("calendar_get", {"event_id": event["id"]}),
        ("calendar_free_slots", {"date": day, "duration_minutes": 60}),
        ("calendar_conflicts", {"start": f"{day}T09:00:00", "end": f"{day}T18:00:00"}),
        ("chat_conversations", {}),
        ("chat_history", {"conversation_id": conversation["id"]}),
        ("chat_search", {"query": "the"}),
        ("chat_unread", {}),
        ("chat_participants", {"conversation_id": conversation["id"]}),
        ("contacts_list", {}),
        ("contacts_search", {"query": "a"}),
        ("contacts_get", {"contact_id": contact["id"]}),
        ("contacts_groups", {}),
        ("wallet_accounts", {}),
        ("wallet_transactions", {"account_id": account["id"]}),
        ("wallet_search", {"query": "a"}),
        ("wallet_scheduled", {}),
        ("db_tables", {}),
        ("db_schema", {"table": table}),
        ("db_query", {"sql": f'SELECT * FROM "{table}" LIMIT 50'}),
        ("files_list", {}),
        ("files_read", {"path": path}),
        ("files_search", {"query": "the"}),
    ]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("seeds", nargs="?", default=str(ROOT / "seeds"))
    parser.add_argument("--repeat", type=int, default=20, help="timings per checkpoint")
    args = parser.parse_args()
    pairs, findings = validate_tree(Path(args.seeds))
    if findings:
        sys.exit(f"{len(findings)} validator findings; run `halo validate {args.seeds}`")
    replay_ms: list[float] = []
    command_ms: dict[str, list[float]] = defaultdict(list)
    checkpoints = 0
    for bundle, scenario in pairs:
        s0 = build_s0(bundle.spec, bundle.database_sql, bundle.files, scenario)
        for t in range(1, len(scenario.events) + 1):
            checkpoints += 1
            for _ in range(args.repeat):
                start = time.perf_counter()
                sandbox = replay_prefix(s0, scenario.events, t)
                replay_ms.append((time.perf_counter() - start) * 1000)
                sandbox.close()
            with replay_prefix(s0, scenario.events, t) as sandbox:
                for name, call_args in retrieval_calls(sandbox):
                    for _ in range(max(1, args.repeat // 4)):
                        start = time.perf_counter()
                        run_command(sandbox, name, call_args, kind="retrieval")
                        command_ms[name].append((time.perf_counter() - start) * 1000)
    every = [v for values in command_ms.values() for v in values]
    catalogue = sum(1 for spec in CATALOGUE.values() if spec.level is None)
    print(
        f"corpus: {len(pairs)} scenarios, {checkpoints} checkpoints, "
        f"{len(command_ms)} retrieval commands (of {catalogue})"
    )
    print(f"{'measure':<28}{'median ms':>12}{'p95 ms':>12}{'n':>8}")
    print(
        f"{'reset + replay':<28}{statistics.median(replay_ms):>12.3f}"
        f"{percentile(replay_ms, 0.95):>12.3f}{len(replay_ms):>8}"
    )
    print(
        f"{'retrieval (all commands)':<28}{statistics.median(every):>12.3f}"
        f"{percentile(every, 0.95):>12.3f}{len(every):>8}"
    )
    for name in sorted(command_ms):
        values = command_ms[name]
        print(
            f"  {name:<26}{statistics.median(values):>12.3f}{percentile(values, 0.95):>12.3f}"
            f"{len(values):>8}"
        )


if __name__ == "__main__":
    main()

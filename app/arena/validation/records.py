"""The app records of an environment or a scenario, as the rules walk them (DESIGN.md §4).

Records are visited in file order (:func:`indexed_records`) and located by JSON path
(:func:`record_path`); id lookups, balances and "does this text mention that value" are shared by
several rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from app.arena.evidence import text_leaves
from app.arena.schema import APPS, COLLECTION_PATHS, AppRecords, collection_records, dump_record
from app.jsonpath import join_path

Collections = dict[tuple[str, str], dict[str, dict[str, Any]]]
"""(app, collection) → {record id → record dict}, as in :attr:`app.arena.state.S0.collections`."""

PARTS = ("initial_records", "noise_records")
"""The parts of a scenario that hold records (each a :class:`~app.arena.schema.ScenarioRecords`)."""


def indexed_records(records: AppRecords) -> Iterator[tuple[tuple[str, str], int, Any]]:
    """Yield ((app, collection), index, record model) in file order."""
    for key in COLLECTION_PATHS:
        for index, item in enumerate(collection_records(records, key)):
            yield key, index, item


def record_path(base: str, key: tuple[str, str], index: int, *field: str) -> str:
    """A record's JSON path, e.g. ``$.apps.chat.messages[2].text``.

    Args:
        base: the path of the records part: ``$.apps``, ``$.initial_records``, ...
        key: (app, collection), e.g. ``("chat", "messages")``.
        index: the record's index in its collection.
        *field: member names under the record, e.g. ``"text"``.
    """
    return join_path(f"{base}.{COLLECTION_PATHS[key]}[{index}]", *field)


def app_ids(collections: Collections, app: str) -> set[str]:
    """Every record id of one app, over all its collections (ids are unique per app)."""
    return {rid for (a, _c), records in collections.items() if a == app for rid in records}


def environment_collections(
    apps: AppRecords,
) -> tuple[Collections, list[tuple[tuple[str, str], int, str, str]]]:
    """An environment's base records by id, the first record of each id per app winning.

    Returns:
        (the collections; the records whose id an earlier record of the same app holds, as
        (app and collection, index, id, JSON path of the first holder) in file order).
    """
    collections: Collections = {key: {} for key in COLLECTION_PATHS}
    seen: dict[str, dict[str, str]] = {app: {} for app in APPS}
    repeated: list[tuple[tuple[str, str], int, str, str]] = []
    for key, index, record in indexed_records(apps):
        rid = record.id
        if rid in seen[key[0]]:
            repeated.append((key, index, rid, seen[key[0]][rid]))
            continue
        seen[key[0]][rid] = record_path("$.apps", key, index)
        collections[key][rid] = dump_record(record)
    return collections, repeated


def balance_gaps(collections: Collections) -> dict[str, tuple[int, int]]:
    """Accounts whose balance is not opening + posted transactions: id → (balance, expected)."""
    expected = {
        aid: account["opening_balance_minor"]
        for aid, account in collections[("wallet", "accounts")].items()
    }
    for transaction in collections[("wallet", "transactions")].values():
        if transaction["status"] == "posted" and transaction["account_id"] in expected:
            expected[transaction["account_id"]] += transaction["amount_minor"]
    return {
        aid: (account["balance_minor"], expected[aid])
        for aid, account in collections[("wallet", "accounts")].items()
        if account["balance_minor"] != expected[aid]
    }


def mentions(value: Any, needle: str) -> bool:
    """Whether any string or number inside a JSON value contains `needle`, case-insensitively."""
    folded = needle.casefold()
    return any(folded in leaf.casefold() for leaf in text_leaves(value))

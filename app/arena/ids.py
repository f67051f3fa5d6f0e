"""The shape of an opaque record id, ``<kind>-<8 hex>`` (V12, issue 12; DESIGN.md §4.1).

The definition the validator (V12), the corpus statistics (the id-leak check) and the rewrite
(``halo corpus reid``, :mod:`app.scenarios.corpus.ids`) share.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping

KINDS: Mapping[tuple[str, str], str] = {
    ("email", "messages"): "msg",
    ("email", "threads"): "thr",
    ("calendar", "events"): "cal",
    ("chat", "conversations"): "conv",
    ("chat", "messages"): "chm",
    ("contacts", "contacts"): "ct",
    ("wallet", "accounts"): "acct",
    ("wallet", "transactions"): "txn",
    ("wallet", "scheduled_payments"): "sched",
}
"""(app, collection) → the kind prefix of its opaque ids; ``email.threads`` stands for the
``thread_id`` values of email messages (threads are no collection of their own)."""

HEX_DIGITS = 8
"""Hex digits of the hash in an opaque id (32 bits: ~1 collision in 10^5 pairs per kind of an
environment; :func:`app.scenarios.corpus.ids.reid_environment` refuses one)."""

_OPAQUE = re.compile(rf"^([a-z]+)-[0-9a-f]{{{HEX_DIGITS}}}$")
_KIND_NAMES = frozenset(KINDS.values())


def looks_opaque(record_id: str) -> bool:
    """Whether `record_id` has the opaque shape of any kind of :data:`KINDS`."""
    match = _OPAQUE.match(record_id)
    return match is not None and match.group(1) in _KIND_NAMES


def is_opaque(record_id: str, kind: str) -> bool:
    """Whether `record_id` already has the opaque shape ``<kind>-<8 hex>`` of `kind`."""
    match = _OPAQUE.match(record_id)
    return match is not None and match.group(1) == kind


def opaque_id(environment_id: str, kind: str, old_id: str) -> str:
    """The opaque id of `old_id` (a record id of `kind`) in `environment_id`.

    Args:
        environment_id: the environment, e.g. ``"hm"``.
        kind: a value of :data:`KINDS`, e.g. ``"msg"``.
        old_id: the id as written, e.g. ``"hm06-m4"``.

    Returns:
        `old_id` itself when it is already opaque for `kind`, else ``<kind>-<8 hex>`` from
        ``sha256("<environment_id>:<kind>:<old_id>")`` (UTF-8).
    """
    if is_opaque(old_id, kind):
        return old_id
    digest = hashlib.sha256(f"{environment_id}:{kind}:{old_id}".encode()).hexdigest()
    return f"{kind}-{digest[:HEX_DIGITS]}"

"""What a validator rule is: :class:`Rule` (DESIGN.md §4.1)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.arena.schema import EnvironmentSpec
from app.arena.validation.context import Context
from app.arena.validation.findings import Finding


@dataclass(frozen=True)
class Rule:
    """One deterministic rule of DESIGN.md §4.1.

    Attributes:
        code: its stable code, ``"V01"`` .. ``"V13"``; the findings it reports carry it.
        title: the rule in a line, as DESIGN.md §4.1 words it.
        check: the findings of one scenario, in document order; ``[]`` when it passes.
        check_environment: the findings of an environment's own records (``environment.json``
            ``apps``), given the spec and the file's name for the messages (e.g.
            ``hm/environment.json``); None for a rule about scenarios only.
    """

    code: str
    title: str
    check: Callable[[Context], list[Finding]]
    check_environment: Callable[[EnvironmentSpec, str], list[Finding]] | None = None

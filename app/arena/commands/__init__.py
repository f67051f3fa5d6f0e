"""The 48-command catalogue of HALO-Arena (DESIGN.md §3.3).

Importing this package registers every command; :data:`CATALOGUE` is the one source of truth that
runs, the validator, the JSON Schema export, the UI and the export read.
"""

from app.arena.commands import actions  # noqa: F401  (registers retrieval, then actions)
from app.arena.commands.registry import (
    CATALOGUE,
    CommandResult,
    CommandSpec,
    level_of,
    output_local_content,
    returned_local_content,
    run_command,
    tool_schemas,
    truncate,
    validate_call,
)

__all__ = [
    "CATALOGUE",
    "CommandResult",
    "CommandSpec",
    "level_of",
    "output_local_content",
    "returned_local_content",
    "run_command",
    "tool_schemas",
    "truncate",
    "validate_call",
]

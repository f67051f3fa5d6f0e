"""Errors raised by arena code. None of them carries HTTP meaning."""


class ArenaError(Exception):
    """A scenario or environment cannot be built or replayed (bad SQL, a reference that fails)."""


class CommandError(Exception):
    """A command was refused or failed; the message goes back to the agent as data (DESIGN §3.4)."""

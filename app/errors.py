"""Domain errors. No HTTP here: `app.web.errors` maps them to responses in one place."""

from __future__ import annotations


class DomainError(Exception):
    """Base of errors a service raises for a caller to show."""


class NotFoundError(DomainError):
    """The thing asked for does not exist (or the caller may not know that it does)."""


class ForbiddenError(DomainError):
    """The caller's role does not allow this."""


class UnprocessableError(DomainError):
    """The input breaks a rule; `field` names where, when known."""

    def __init__(self, message: str, field: str | None = None) -> None:
        """Refuse the input with `message`, naming the `field` at fault when known."""
        super().__init__(message)
        self.field = field


def refuse_long_name(name: str, maximum: int, field: str = "name") -> None:
    """Refuse a `name` of more than `maximum` characters (its column's length), never cut it.

    Raises:
        UnprocessableError: on `field`, saying how long the name is and the most allowed.
    """
    if len(name) > maximum:
        raise UnprocessableError(
            f"the name is {len(name):,} characters; use at most {maximum}", field
        )


class ConflictError(DomainError):
    """The input conflicts with stored state (a duplicate, a stale version)."""


class ImportFailed(DomainError):
    """An all-or-nothing import found problems; nothing was stored.

    Attributes:
        problems: one line per problem, each naming where (file, line, JSON path, rule code);
            when `more` problems were only counted, a last line ``… and N more problems``.
        more: problems found beyond those listed (0 when all are listed).
    """

    def __init__(self, problems: list[str], more: int = 0) -> None:
        """Refuse the import, listing the problems kept and counting `more` beyond them."""
        super().__init__(f"{len(problems) + more:,} problem(s); nothing was imported")
        self.problems = problems + ([f"… and {more:,} more problems"] if more else [])
        self.more = more

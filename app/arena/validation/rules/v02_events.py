"""V02 — "4–6 events, strictly increasing `at`, all in the environment's time zone" (DESIGN §4.1).

"In the time zone" means each ``at`` carries the zone's UTC offset at that instant (so
``+01:00`` in winter and ``+02:00`` in summer for Europe/Berlin).
"""

from __future__ import annotations

from app.arena.validation.context import Context
from app.arena.validation.findings import Finding
from app.arena.validation.rules.base import Rule

CODE = "V02"
EVENTS_MIN, EVENTS_MAX = 4, 6


def check(ctx: Context) -> list[Finding]:
    """The number of events, then per parsed event: after its predecessor, the zone's offset.

    Without an environment the offsets are not checked; an event that does not parse is
    skipped (and its successor is not compared with it).
    """
    findings: list[Finding] = []
    n, tz = ctx.n_events, ctx.tz
    if n is not None and not EVENTS_MIN <= n <= EVENTS_MAX:
        findings.append(
            Finding(
                CODE,
                ctx.sid,
                "$.events",
                f"{n} events; a scenario has {EVENTS_MIN}–{EVENTS_MAX}",
            )
        )
    for index, event in ctx.parsed_events():
        path = f"$.events[{index}].at"
        previous = ctx.events[index - 1] if index else None
        if previous is not None and event.at <= previous.at:
            findings.append(
                Finding(
                    CODE,
                    ctx.sid,
                    path,
                    f"{event.at.isoformat()} is not after the previous event "
                    f"({previous.at.isoformat()})",
                )
            )
        if tz is None or ctx.env is None:
            continue
        local = event.at.astimezone(tz)
        if event.at.utcoffset() != local.utcoffset():
            findings.append(
                Finding(
                    CODE,
                    ctx.sid,
                    path,
                    f"{event.at.isoformat()} does not carry the offset of "
                    f"{ctx.env.spec.timezone} at that instant "
                    f"({local.isoformat()})",
                )
            )
    return findings


RULE = Rule(CODE, "4–6 events, strictly increasing `at`, all in the environment's time zone", check)

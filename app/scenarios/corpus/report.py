"""``halo corpus stats`` as text: rich tables of every statistic, the targets last."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from app.arena.viewer import format_money
from app.scenarios.corpus.arcs import LABEL_LETTERS
from app.scenarios.corpus.stats import CorpusStats
from app.vocabulary import LEVELS, NEED_TYPES

EXAMPLES = 6
"""Scenario ids shown per row before ``…``."""


def ids(values: Iterable[str], limit: int = EXAMPLES) -> str:
    """Up to `limit` ids joined by commas, ``…`` when there are more."""
    items = list(values)
    return ", ".join(items[:limit]) + (", …" if len(items) > limit else "")


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _table(title: str, *columns: str) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold")
    for column in columns:
        table.add_column(column, overflow="fold")  # long names wrap, never cut off
    return table


def render_stats(stats: CorpusStats, source: str) -> RenderableType:
    """Every statistic as rich tables, targets last.

    Args:
        stats: the statistics.
        source: what they were computed from (a seed path), for the heading.
    """
    return Group(*_parts(stats, source))


def _parts(stats: CorpusStats, source: str) -> Iterator[RenderableType]:
    yield Text(
        f"Corpus {source}: {stats.environments} environments, {stats.scenarios} scenarios",
        style="bold",
    )
    for problem in stats.problems:
        yield Text(f"left out: {problem}", style="yellow")
    for skipped in stats.skipped:
        yield Text(f"left out: {skipped.scenario_id}: {skipped.reason}", style="yellow")

    mix = stats.mix
    domains = _table("Domains", "domain", "environments", "scenarios")
    for domain, count in mix.scenarios_by_domain.items():
        domains.add_row(domain, str(mix.environments_by_domain[domain]), str(count))
    yield domains
    levels = _table("Need types × best-intervention levels", "need type", *LEVELS, "scenarios")
    for need in NEED_TYPES:
        row = mix.level_by_need_type[need]
        levels.add_row(need, *(str(row[level]) for level in LEVELS), str(mix.by_need_type[need]))
    levels.add_row("all", *(str(mix.by_level[level]) for level in LEVELS), str(stats.scenarios))
    yield levels

    legend = ", ".join(f"{letter} {label}" for label, letter in LABEL_LETTERS.items())
    patterns = _table(f"Arc patterns ({legend})", "pattern", "scenarios", "examples")
    for pattern in stats.patterns:
        patterns.add_row(pattern.pattern, str(pattern.count), ids(pattern.scenario_ids))
    yield patterns
    windows = stats.windows
    quintiles = _table(
        "First window at (t_w-1)/(n-1), by quintile",
        "0–0.2",
        "0.2–0.4",
        "0.4–0.6",
        "0.6–0.8",
        "0.8–1",
        "with a window",
    )
    quintiles.add_row(*(str(count) for count in windows.quintiles), str(windows.with_window))
    yield quintiles

    personas = _table(
        "Persona permissions",
        "environment",
        "may send",
        "may pay",
        "may change calendar",
        "spending limit",
        "low limit",
        "restricted",
    )
    for p in stats.personas:
        personas.add_row(
            p.environment_id,
            _yes(p.may_send_on_behalf),
            _yes(p.may_pay),
            _yes(p.may_change_calendar),
            format_money(p.spending_limit_minor, p.currency),
            _yes(p.low_limit),
            _yes(p.restricted),
        )
    yield personas
    currencies = _table("Wallet currencies", "environment", "base", "in its scenarios' S0")
    for c in stats.currencies:
        currencies.add_row(c.environment_id, ", ".join(c.base), ", ".join(c.scenarios))
    yield currencies
    unreachable = _table(
        "L3 best interventions: unreachable-user phrases", "scenario", "command", "phrases"
    )
    for u in stats.unreachable:
        unreachable.add_row(u.scenario_id, u.command, ", ".join(u.phrases) or "–")
    yield unreachable

    leaks = [leak for leak in stats.id_leaks if leak.leaks]
    above = sum(leak.noise_above for leak in stats.id_leaks)
    yield Text(
        f"Id-leak check: in {stats.id_leak_count} of {stats.id_compared_count} scenarios with "
        f"numbered story and noise ids the numbers separate story from noise ({above} with "
        f"every noise id above every story id): {ids((leak.scenario_id for leak in leaks), 12)}"
    )
    future = _table(
        "Future-record check: S0 emails, chat messages and transactions dated after e1",
        "environment",
        "scenarios",
        "affected",
        "records",
        "environment",
        "initial records",
        "noise records",
    )
    for f in stats.future:
        by_source = f.by_source
        future.add_row(
            f.environment_id,
            str(f.scenarios),
            str(f.scenarios_affected),
            str(f.count),
            str(by_source["environment"]),
            str(by_source["initial_records"]),
            str(by_source["noise_records"]),
        )
    yield future

    sequences = stats.kind_sequences
    yield Text(
        f"Event-kind sequences: {sequences.distinct} distinct of {sequences.scenarios} scenarios"
    )
    if sequences.repeated:
        repeated = _table("Repeated event-kind sequences", "kinds", "scenarios")
        for sequence in sequences.repeated:
            repeated.add_row(" → ".join(sequence.kinds), ids(sequence.scenario_ids))
        yield repeated
    similar = _table(
        "Largest TF-IDF cosine between scenarios of different environments",
        "scenario",
        "scenario",
        "cosine",
    )
    for pair in stats.similar:
        similar.add_row(pair.scenario_a, pair.scenario_b, f"{pair.cosine:.4f}")
    yield similar

    retrieval = _table(
        "Retrieval space",
        "environment",
        "tables",
        "rows",
        "files",
        "file lines",
        "S0 rows (min–max)",
        "S0 files (min–max)",
    )
    for r in stats.retrieval:
        retrieval.add_row(
            r.environment_id,
            str(r.tables),
            str(r.rows),
            str(r.files),
            str(r.file_lines),
            f"{r.s0_min_rows}–{r.s0_max_rows}" if r.s0_min_rows is not None else "–",
            f"{r.s0_min_files}–{r.s0_max_files}" if r.s0_min_files is not None else "–",
        )
    yield retrieval
    distractors = _table(
        "Near-duplicate distractors for key evidence", "scenario", "item", "distractor"
    )
    for check in stats.distractors:
        for item in check.items:
            if item.distractor is not None:
                distractors.add_row(
                    check.scenario_id, f"[{item.index}] {item.source}", item.distractor
                )
    yield distractors

    targets = _table("Targets", "target", "what", "measured", "threshold", "result")
    for target in stats.targets:
        targets.add_row(
            target.name,
            target.description,
            target.detail,
            f"{target.comparison} {format_threshold(target.threshold, target.unit)}",
            (Text("PASS", style="green") if target.passed else Text("FAIL", style="bold red"))
            + Text("" if target.gating else " (not gating yet)", style="dim"),
        )
    yield targets
    met = sum(target.passed for target in stats.targets)
    waiting = sum(not target.gating for target in stats.targets)
    yield Text(
        f"{met} of {len(stats.targets)} targets met"
        + (f" ({waiting} not gating --check yet)" if waiting else ""),
        style="bold",
    )


def format_threshold(value: float, unit: str = "share") -> str:
    """A threshold as people write it: ``10``, ``1/3``, ``25%``; a ``number`` as ``0.65``."""
    if unit == "number" and value != int(value):
        return f"{value:.2f}"
    if value == int(value):
        return str(int(value))
    if abs(value - 1 / 3) < 1e-9:
        return "1/3"
    return f"{value:.0%}"

"""The paper's figures drawn server-side as SVG text (matplotlib, Agg backend). No I/O here.

Each function takes the figure's data (:func:`app.metrics.registry.figure_of`) and returns an
``<svg>`` element as text, ready to embed in a page or serve as ``image/svg+xml``. Figures are
built on :class:`matplotlib.figure.Figure` directly, never through pyplot, so concurrent
requests share no global figure state; text stays text (``svg.fonttype = none``) and ids are
salted deterministically, so the same data gives the same SVG.
"""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Callable, Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")

from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from app.vocabulary import Intensity

ACCENT = "#3461c1"
MUTED = "#8a94a6"
INTENSITY_COLOURS: dict[Intensity, str] = {
    Intensity.INSUFFICIENT: "#e0a526",
    Intensity.EXCESSIVE: "#c8553d",
    Intensity.APPROPRIATE: "#7fa7e3",
}
FIGURE4_SERIES = {
    "intervention": ("Δ intervention share (L1–L3)", MUTED),
    "gain": ("action gain (accepted L1–L3)", ACCENT),
    "loss": ("restraint loss (accepted L0)", "#e0a526"),
}
"""Figure 4's bar series: key → (legend label, colour). Bars and legend both draw from here."""
# Set once for the process (only these charts use matplotlib here): rc_context per figure
# would swap global state under concurrent requests.
matplotlib.rcParams.update(
    {"svg.fonttype": "none", "svg.hashsalt": "halo-workbench", "font.size": 9}
)


_NO_METADATA: dict[str, Any] = {"Creator": None, "Date": None, "Format": None, "Type": None}
"""No ``<metadata>`` block: no date (the same data gives the same SVG), nothing for screen
readers to announce."""


def _svg(fig: Figure) -> str:
    """The figure as an ``<svg>`` element (no XML prolog, no date)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata=_NO_METADATA)
    text = buffer.getvalue().decode("utf-8")
    return text[text.index("<svg") :]


def _figure(width: float, height: float) -> Figure:
    return Figure(figsize=(width, height))


def _empty(message: str) -> str:
    fig = _figure(5, 1)
    ax = fig.add_subplot()
    ax.axis("off")
    ax.text(0.5, 0.5, message, ha="center", va="center", color=MUTED)
    return _svg(fig)


def _whiskers(
    values: Sequence[float], intervals: Sequence[tuple[float, float] | None]
) -> list[list[float]]:
    """Matplotlib ``yerr``: distances from each value down and up to its interval."""
    lows = [v - ci[0] if ci else 0.0 for v, ci in zip(values, intervals, strict=True)]
    highs = [ci[1] - v if ci else 0.0 for v, ci in zip(values, intervals, strict=True)]
    return [lows, highs]


def figure3_svg(data: dict[str, Any]) -> str:
    """Figure 3: over-proactive share of rejected responses per agent, with Wilson whiskers.

    Args:
        data: :func:`app.metrics.figure3.figure3` as JSON data.

    Returns:
        SVG text; agents with nothing rejected are left out; the pooled share is a dashed line.
    """
    rows = [r for r in data["by_agent"] if r["share"] is not None]
    if not rows:
        return _empty("No rejected responses yet.")
    fig = _figure(max(4.0, 0.55 * len(rows) + 1.5), 3.2)
    ax = fig.add_subplot()
    x = list(range(len(rows)))
    shares = [r["share"] for r in rows]
    ax.bar(x, shares, color=ACCENT, width=0.6)
    ax.errorbar(
        x,
        shares,
        yerr=_whiskers(shares, [r["share_ci"] for r in rows]),
        fmt="none",
        ecolor="#1c2233",
        capsize=3,
        linewidth=1,
    )
    overall = data["overall"]["share"]
    if overall is not None:
        ax.axhline(overall, color=MUTED, linestyle="--", linewidth=1, label=f"all {overall:.1f}%")
        ax.legend(loc="upper right", frameon=False)
    ax.set_xticks(x, [r["agent"] for r in rows], rotation=30, ha="right")
    ax.set_ylim(0, 100)
    ax.set_ylabel("over-proactive, % of rejected")
    ax.spines[["top", "right"]].set_visible(False)
    return _svg(fig)


def _diverging(parts: Sequence[Sequence[float]]) -> list[list[float]]:
    """Bar starts for diverging stacks: positive parts stack right of 0, negative ones left."""
    starts: list[list[float]] = []
    right = [0.0] * len(parts[0])
    left = [0.0] * len(parts[0])
    for values in parts:
        starts.append([r if v >= 0 else lf for v, r, lf in zip(values, right, left, strict=True)])
        right = [r + max(v, 0.0) for v, r in zip(values, right, strict=True)]
        left = [lf + min(v, 0.0) for v, lf in zip(values, left, strict=True)]
    return starts


def _hbars(
    ax: Axes,
    y: Sequence[float],
    widths: Sequence[float],
    lefts: Sequence[float],
    *,
    color: str,
    label: str | None = None,
    height: float = 0.6,
) -> None:
    """Horizontal bars as one collection: what ``barh`` draws, faster.

    No patch (and its transforms and limit updates) per bar: Figure 4 has a row per pair of
    agents.
    """
    half = height / 2
    verts = [
        [(x0, yy - half), (x0 + w, yy - half), (x0 + w, yy + half), (x0, yy + half)]
        for yy, w, x0 in zip(y, widths, lefts, strict=True)
    ]
    ax.add_collection(PolyCollection(verts, facecolors=color, edgecolors="none", label=label))
    ax.autoscale_view()


def figure4_svg(pairs: list[dict[str, Any]]) -> str:
    """Figure 4: paired differences A − B on shared checkpoints, in percentage points.

    Args:
        pairs: :func:`app.metrics.figure4.figure4_pairs` as JSON data.

    Returns:
        SVG text: per pair, Δ intervention share, and Δ acceptability split into action gain
        (accepted L1–L3) and restraint loss (accepted L0) with the total as a diamond.
    """
    rows = [p for p in pairs if p["delta_acceptability_pp"] is not None]
    if not rows:
        return _empty("No two agents share a checkpoint yet.")
    fig = _figure(8.0, 0.32 * len(rows) + 1.4)
    left, right = fig.subplots(1, 2, sharey=True)
    y = list(range(len(rows)))[::-1]
    labels = [f"{p['agent_a']} − {p['agent_b']}" for p in rows]
    colour = {key: c for key, (_label, c) in FIGURE4_SERIES.items()}
    intervention = [p["delta_intervention_pp"] for p in rows]
    _hbars(left, y, intervention, [0.0] * len(rows), color=colour["intervention"])
    left.set_title("Δ intervention share (pp)")
    gain = [p["action_gain_pp"] or 0.0 for p in rows]
    loss = [p["restraint_loss_pp"] or 0.0 for p in rows]
    gain_start, loss_start = _diverging([gain, loss])
    _hbars(right, y, gain, gain_start, color=colour["gain"])
    _hbars(right, y, loss, loss_start, color=colour["loss"])
    right.scatter(
        [p["delta_acceptability_pp"] for p in rows], y, marker="D", color="#1c2233", s=14, zorder=3
    )
    right.set_title("Δ acceptability (pp)")
    # one legend for both panels, every bar colour in it, from the same table as the bars
    handles: list[Any] = [
        Patch(facecolor=c, edgecolor="none", label=label) for label, c in FIGURE4_SERIES.values()
    ]
    handles.append(
        Line2D(
            [],
            [],
            marker="D",
            color="#1c2233",
            linestyle="none",
            markersize=4,
            label="Δ acceptability",
        )
    )
    right.legend(
        handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False, fontsize=8
    )
    for ax in (left, right):
        ax.axvline(0, color="#1c2233", linewidth=0.8)
        ax.spines[["top", "right"]].set_visible(False)
    left.set_yticks(y, labels)
    return _svg(fig)


def figure6_svg(data: dict[str, Any]) -> str:
    """Figure 6: mean retrieval rounds vs acceptability per agent, with Wilson whiskers.

    Args:
        data: :func:`app.metrics.figure6.figure6` as JSON data.

    Returns:
        SVG text; the title gives Pearson r and Spearman ρ when defined.
    """
    rows = [r for r in data["by_agent"] if r["acceptability"] is not None]
    if not rows:
        return _empty("No judged responses yet.")
    fig = _figure(5.5, 3.6)
    ax = fig.add_subplot()
    xs = [r["retrieval_rounds"] for r in rows]
    ys = [r["acceptability"] for r in rows]
    ax.errorbar(
        xs,
        ys,
        yerr=_whiskers(ys, [r["acceptability_ci"] for r in rows]),
        fmt="o",
        color=ACCENT,
        ecolor=MUTED,
        capsize=2,
        markersize=5,
    )
    for x, y, r in zip(xs, ys, rows, strict=True):
        ax.annotate(r["agent"], (x, y), textcoords="offset points", xytext=(4, 4), fontsize=8)
    corr = data["correlation"]
    if corr["pearson_r"] is not None:
        ax.set_title(
            f"Pearson r = {corr['pearson_r']:.2f}, Spearman ρ = {corr['spearman_rho']:.2f}"
        )
    else:
        ax.set_title(f"correlation: {corr['reason']}", color=MUTED)
    ax.set_xlabel("mean retrieval rounds")
    ax.set_ylabel("acceptability (%)")
    ax.spines[["top", "right"]].set_visible(False)
    return _svg(fig)


def figure7_svg(rows: list[dict[str, Any]]) -> str:
    """Figure 7: intensity shares of well-timed rejected actions, stacked by level.

    Args:
        rows: :func:`app.metrics.figure7.figure7` as JSON data (L1, L2, L3 and L1–L3).

    Returns:
        SVG text: one stacked bar per level (insufficient, excessive, appropriate, % of n) with
        n above it; levels without such responses are left out.
    """
    present = [r for r in rows if r["n"]]
    if not present:
        return _empty("No rejected L1–L3 responses with appropriate timing yet.")
    fig = _figure(max(4.0, 1.1 * len(present) + 2.0), 3.4)
    ax = fig.add_subplot()
    x = list(range(len(present)))
    bottom = [0.0] * len(present)
    for intensity, colour in INTENSITY_COLOURS.items():
        values = [r[intensity] or 0.0 for r in present]
        ax.bar(x, values, bottom=bottom, color=colour, width=0.6, label=intensity)
        bottom = [b + v for b, v in zip(bottom, values, strict=True)]
    for xx, r in zip(x, present, strict=True):
        ax.text(xx, 101, f"n={r['n']}", ha="center", va="bottom", fontsize=8, color=MUTED)
    ax.set_xticks(x, [r["level"] for r in present])
    ax.set_ylim(0, 110)
    ax.set_ylabel("% of rejected, well-timed")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    ax.spines[["top", "right"]].set_visible(False)
    return _svg(fig)


FIGURE5_SERIES = {
    "L0": ("L0 share", MUTED),
    "accepted_action": ("accepted action (accepted L1–L3)", ACCENT),
    "accepted_restraint": ("accepted restraint (accepted L0)", "#e0a526"),
}
"""Figure 5's bar series: key → (legend label, colour)."""
SERIES_COLOURS = (
    "#3461c1",
    "#c8553d",
    "#2a9d8f",
    "#e0a526",
    "#7b4fa3",
    "#5c6b7a",
    "#d17ab0",
    "#8c6d31",
    "#1b7837",
    "#b2182b",
)
"""Colours of the series of Figures 8 and 9 (agents, need types), repeated past ten."""


def figure5_svg(rows: list[dict[str, Any]]) -> str:
    """Figure 5: per agent, the L0 share beside acceptability split into its two contributions.

    Args:
        rows: :func:`app.metrics.figure5.figure5` as JSON data.

    Returns:
        SVG text: per agent, a bar of the L0 share and a stacked bar of accepted action
        (accepted L1–L3) and accepted restraint (accepted L0), which add to acceptability; Wilson
        whiskers on the L0 share and on acceptability.
    """
    present = [r for r in rows if r["n"]]
    if not present:
        return _empty("No judged responses yet.")
    fig = _figure(max(4.5, 0.8 * len(present) + 2.5), 3.4)
    ax = fig.add_subplot()
    x = list(range(len(present)))
    colour = {key: c for key, (_label, c) in FIGURE5_SERIES.items()}
    left = [xx - 0.2 for xx in x]
    right = [xx + 0.2 for xx in x]
    l0 = [r["L0"] for r in present]
    ax.bar(left, l0, width=0.36, color=colour["L0"])
    action = [r["accepted_action"] for r in present]
    restraint = [r["accepted_restraint"] for r in present]
    ax.bar(right, action, width=0.36, color=colour["accepted_action"])
    ax.bar(right, restraint, bottom=action, width=0.36, color=colour["accepted_restraint"])
    accept = [r["acceptability"] for r in present]
    for xs, values, key in ((left, l0, "L0_ci"), (right, accept, "acceptability_ci")):
        ax.errorbar(
            xs,
            values,
            yerr=_whiskers(values, [r[key] for r in present]),
            fmt="none",
            ecolor="#1c2233",
            capsize=3,
            linewidth=1,
        )
    handles: list[Any] = [
        Patch(facecolor=c, edgecolor="none", label=label) for label, c in FIGURE5_SERIES.values()
    ]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    ax.set_xticks(x, [r["agent"] for r in present], rotation=30, ha="right")
    ax.set_ylim(0, 100)
    ax.set_ylabel("% of annotated responses")
    ax.set_title("left: L0 share · right: acceptability = action + restraint", fontsize=8)
    ax.spines[["top", "right"]].set_visible(False)
    return _svg(fig)


def _dot_rows(rows: Sequence[dict[str, Any]], series_key: str, *, leaders: bool, empty: str) -> str:
    """Acceptability per domain (rows of the axis) and series, as dots with Wilson whiskers.

    Figures 8 (series: agents; each domain's leaders drawn as black-edged stars) and 9
    (series: need types). Domains keep the order of the rows, top to bottom.
    """
    present = [r for r in rows if r["acceptability"] is not None]
    if not present:
        return _empty(empty)
    domains = list(dict.fromkeys(r["domain"] for r in present))
    series = list(dict.fromkeys(r[series_key] for r in present))
    band = 0.8 / max(len(series), 1)
    y_of = {d: len(domains) - 1 - i for i, d in enumerate(domains)}
    fig = _figure(7.0, len(domains) * (0.3 + 0.07 * len(series)) + 1.0)
    ax = fig.add_subplot()
    # one collection each for whiskers, dots and stars (a figure has agents × domains points)
    index = {name: i for i, name in enumerate(series)}
    colours = [SERIES_COLOURS[index[r[series_key]] % len(SERIES_COLOURS)] for r in present]
    ys = [y_of[r["domain"]] + 0.4 - band * (index[r[series_key]] + 0.5) for r in present]
    xs = [r["acceptability"] for r in present]
    intervals = [r["acceptability_ci"] or (x, x) for r, x in zip(present, xs, strict=True)]
    ax.hlines(ys, [ci[0] for ci in intervals], [ci[1] for ci in intervals], colors=colours, lw=1)
    ax.scatter(xs, ys, c=colours, s=16, marker="o", zorder=2)
    if leaders:
        top = [i for i, r in enumerate(present) if r["leader"]]
        if top:
            ax.scatter(
                [xs[i] for i in top],
                [ys[i] for i in top],
                marker="*",
                s=80,
                c=[colours[i] for i in top],
                edgecolors="#1c2233",
                linewidths=0.8,
                zorder=3,
                gid="leaders",
            )
    handles: list[Any] = [
        Line2D([], [], marker="o", markersize=4, linewidth=1, color=c, label=str(name))
        for name, c in zip(
            series,
            (SERIES_COLOURS[i % len(SERIES_COLOURS)] for i in range(len(series))),
            strict=True,
        )
    ]
    if leaders:
        handles.append(
            Line2D(
                [],
                [],
                marker="*",
                color="#1c2233",
                linestyle="none",
                markersize=8,
                label="domain leader",
            )
        )
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), frameon=False)
    ax.set_yticks([y_of[d] for d in domains], domains)
    if len(domains) > 1:  # a faint rule between domains
        ax.hlines([b + 0.5 for b in range(len(domains) - 1)], 0, 100, colors="#e3e6ec", lw=0.6)
    ax.set_ylim(-0.6, len(domains) - 0.4)
    ax.set_xlim(0, 100)
    ax.set_xlabel("acceptability, % of annotated responses (95% Wilson interval)")
    ax.grid(axis="x", color="#e3e6ec", linewidth=0.6)
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)
    return _svg(fig)


def figure8_svg(rows: list[dict[str, Any]]) -> str:
    """Figure 8: acceptability per agent in each domain, each domain's leaders starred.

    Args:
        rows: :func:`app.metrics.figure8.figure8` as JSON data.

    Returns:
        SVG text: a row per domain, a dot per agent with its Wilson interval.
    """
    return _dot_rows(rows, "agent", leaders=True, empty="No judged responses yet.")


def figure9_svg(rows: list[dict[str, Any]]) -> str:
    """Figure 9: acceptability per need type in each domain (all agents).

    Args:
        rows: :func:`app.metrics.figure9.figure9` as JSON data.

    Returns:
        SVG text: a row per domain, a dot per need type with its Wilson interval.
    """
    return _dot_rows(rows, "need_type", leaders=False, empty="No judged responses yet.")


RENDERERS: dict[str, Callable[[Any], str]] = {
    "figure3": figure3_svg,
    "figure4": figure4_svg,
    "figure5": figure5_svg,
    "figure6": figure6_svg,
    "figure7": figure7_svg,
    "figure8": figure8_svg,
    "figure9": figure9_svg,
}
"""Figure name → renderer (the names of :data:`app.metrics.registry.FIGURES`)."""


def render_figure(name: str, data: Any) -> str:
    """SVG text of a named figure; the same data is drawn once (a small cache of recent SVGs).

    Raises:
        KeyError: an unknown figure name.
    """
    renderer = RENDERERS[name]
    key = (name, json.dumps(data, sort_keys=True, default=str))
    with _LOCK:
        svg = _CACHE.get(key)
    if svg is None:
        svg = renderer(data)
        with _LOCK:
            _CACHE[key] = svg
            while len(_CACHE) > _CACHE_SIZE:
                _CACHE.pop(next(iter(_CACHE)))
    return svg


_CACHE_SIZE = 32
_LOCK = threading.Lock()
_CACHE: dict[tuple[str, str], str] = {}
"""Recent SVGs by (figure, data); drawing dominates the analysis page's time."""

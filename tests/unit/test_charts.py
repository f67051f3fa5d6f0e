"""The figures' SVG: Figure 4's bars use the legend's colours (issue 17, item 8); Figures 5, 8
and 9 draw what their rows say."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from app.metrics.charts import figure4_svg, figure5_svg, figure8_svg, figure9_svg

SVG = "{http://www.w3.org/2000/svg}"
PAIRS = [
    {
        "agent_a": "alpha",
        "agent_b": "beta",
        "delta_intervention_pp": 12.5,
        "action_gain_pp": 7.5,
        "restraint_loss_pp": -2.5,
        "delta_acceptability_pp": 5.0,
    },
    {
        "agent_a": "alpha",
        "agent_b": "gamma",
        "delta_intervention_pp": -5.0,
        "action_gain_pp": -3.0,
        "restraint_loss_pp": 4.0,
        "delta_acceptability_pp": 1.0,
    },
]


def _fill(element: ET.Element) -> str | None:
    match = re.search(r"fill:\s*(#[0-9a-f]{6})", element.get("style", ""))
    return match.group(1) if match else None


def test_figure4_bars_use_the_legends_colours() -> None:
    root = ET.fromstring(figure4_svg(PAIRS))
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g")}
    bars = {
        _fill(path)
        for gid, group in groups.items()
        if gid and gid.startswith("PolyCollection_")
        for path in group.iter(f"{SVG}path")
    }
    (legend,) = [g for gid, g in groups.items() if gid and gid.startswith("legend_")]
    swatches = [_fill(path) for path in legend.iter(f"{SVG}path") if _fill(path)]
    labels = [t.text for t in legend.iter(f"{SVG}text")]
    assert bars == {"#8a94a6", "#3461c1", "#e0a526"}
    # every bar colour is explained by the legend, and the legend names nothing not drawn
    assert set(swatches) == bars and len(swatches) == len(bars)
    assert labels == [
        "Δ intervention share (L1–L3)",
        "action gain (accepted L1–L3)",
        "restraint loss (accepted L0)",
        "Δ acceptability",
    ]


FIGURE8_ROWS = [
    {"domain": "health", "agent": "A", "acceptability": 50.0, "acceptability_ci": (10.0, 90.0)},
    {"domain": "health", "agent": "B", "acceptability": 20.0, "acceptability_ci": (5.0, 60.0)},
    {"domain": "travel", "agent": "A", "acceptability": 70.0, "acceptability_ci": (40.0, 90.0)},
    {"domain": "travel", "agent": "B", "acceptability": 70.0, "acceptability_ci": (40.0, 90.0)},
]
LEADERS = [True, False, True, True]  # A leads health; A and B tie in travel


def _legend_labels(root: ET.Element) -> list[str | None]:
    (legend,) = [g for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("legend_")]
    return [t.text for t in legend.iter(f"{SVG}text")]


def test_figure8_stars_every_leader_and_names_the_domains() -> None:
    rows = [{**r, "leader": lead} for r, lead in zip(FIGURE8_ROWS, LEADERS, strict=True)]
    svg = figure8_svg(rows)
    root = ET.fromstring(svg)
    (star_group,) = [g for g in root.iter(f"{SVG}g") if g.get("id") == "leaders"]
    stars = list(star_group.iter(f"{SVG}use"))
    assert len(stars) == 3  # one per leader, ties included
    assert _legend_labels(root) == ["A", "B", "domain leader"]
    assert "health" in svg and "travel" in svg
    assert figure8_svg(rows) == svg  # the same data gives the same SVG


def test_figure9_draws_need_types_without_leaders() -> None:
    rows = [
        {**r, "need_type": r["agent"].replace("A", "risk").replace("B", "blockage")}
        for r in FIGURE8_ROWS
    ]
    root = ET.fromstring(figure9_svg(rows))
    assert _legend_labels(root) == ["risk", "blockage"]
    assert not [g for g in root.iter(f"{SVG}g") if g.get("id") == "leaders"]
    assert "No judged responses yet." in figure9_svg([])


def test_figure5_stacks_action_and_restraint_to_acceptability() -> None:
    rows = [
        {
            "agent": "A",
            "n": 10,
            "L0": 30.0,
            "L0_ci": (10.0, 60.0),
            "acceptability": 50.0,
            "acceptability_ci": (20.0, 80.0),
            "accepted_action": 40.0,
            "accepted_restraint": 10.0,
        }
    ]
    root = ET.fromstring(figure5_svg(rows))
    assert _legend_labels(root) == [
        "L0 share",
        "accepted action (accepted L1–L3)",
        "accepted restraint (accepted L0)",
    ]
    # the bars' heights (SVG units) are in the ratio of their values: 30, 40 and 10
    (legend,) = [g for g in root.iter(f"{SVG}g") if (g.get("id") or "").startswith("legend_")]
    swatches = {id(path) for path in legend.iter(f"{SVG}path")}
    spans: dict[str | None, tuple[float, float]] = {}
    for g in root.iter(f"{SVG}g"):
        if not (g.get("id") or "").startswith("patch_"):
            continue
        for path in g.iter(f"{SVG}path"):
            ys = [float(y) for y in re.findall(r"[ML] [-\d.]+ ([-\d.]+)", path.get("d", ""))]
            if id(path) not in swatches and _fill(path) and len(ys) >= 4:
                spans[_fill(path)] = (min(ys), max(ys))
    heights = {fill: high - low for fill, (low, high) in spans.items()}
    # accepted restraint sits on accepted action (SVG y grows downwards)
    assert round(spans["#e0a526"][1], 2) == round(spans["#3461c1"][0], 2)
    assert round(heights["#3461c1"] / heights["#8a94a6"], 3) == round(40 / 30, 3)
    assert round(heights["#e0a526"] / heights["#8a94a6"], 3) == round(10 / 30, 3)
    assert "No judged responses yet." in figure5_svg([])

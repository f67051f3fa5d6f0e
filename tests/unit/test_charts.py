"""The figures' SVG: Figure 4's bars use the legend's colours (issue 17, item 8)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from app.metrics.charts import figure4_svg

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

"""The package map of the README's "Architecture" section, checked against the imports.

Each package of ``app/`` may import packages of lower layers only (and itself); nothing in
``app/`` imports ``workers/``. The imports are read from the source text, so a new arrow that
breaks the map fails here with the file and line that adds it.
"""

from __future__ import annotations

import re
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"

LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"settings", "errors", "jsonpath", "vocabulary", "percent"}),
    frozenset({"bounded"}),
    frozenset({"arena", "models", "db"}),
    frozenset({"jobs"}),
    frozenset({"scenarios", "users", "agents"}),
    frozenset({"runs", "annotation"}),
    frozenset({"export", "judges", "construction"}),
    frozenset({"metrics"}),
    frozenset({"web", "cli"}),
    frozenset({"main"}),
)
"""Bottom to top, as in the README: a package may import only packages of lower layers."""

_IMPORT = re.compile(
    r"^\s*(?:from\s+(app|workers)(?:\.(\w+))?\s+import\s+\(?\s*(\w+)|import\s+(app|workers)(?:\.(\w+))?)",
    re.M,
)


def _package(path: Path) -> str:
    parts = path.relative_to(APP).parts
    return parts[0] if len(parts) > 1 else path.stem


def _layer(package: str) -> int:
    for index, members in enumerate(LAYERS):
        if package in members:
            return index
    raise AssertionError(f"app/{package} is in no layer of LAYERS (add it to the README map too)")


def _imports() -> list[tuple[str, int, str, str]]:
    """(file, line, importing package, imported package or 'workers') for every import."""
    found = []
    for path in sorted(APP.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for match in _IMPORT.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            root = match.group(1) or match.group(4)
            # `from app import x` imports the package app/x; `from app.x import y` app/x
            name = match.group(2) or match.group(5) or (match.group(3) if match.group(1) else "")
            target = "workers" if root == "workers" else (name or "")
            found.append((str(path.relative_to(APP.parent)), line, _package(path), target))
    return found


def test_every_package_imports_only_lower_layers() -> None:
    wrong = [
        f"{file}:{line}: app/{source} (layer {_layer(source)}) imports app/{target} "
        f"(layer {_layer(target)})"
        for file, line, source, target in _imports()
        if target not in ("", "workers", source) and _layer(target) >= _layer(source)
    ]
    assert wrong == []


def test_nothing_in_app_imports_workers() -> None:
    assert [f"{file}:{line}" for file, line, _, target in _imports() if target == "workers"] == []


def test_the_map_names_every_package() -> None:
    packages = {_package(path) for path in APP.rglob("*.py")} - {"__init__"}
    assert packages <= set().union(*LAYERS)

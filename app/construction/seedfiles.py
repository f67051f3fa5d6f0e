"""Writing environments and scenarios as seed files (DESIGN.md §4 layout).

The pipeline writes a new environment into a temporary folder to check it with the validator's
own environment checks (:func:`app.arena.validation.load_environment_dir`), and
``halo corpus export`` writes accepted scenarios with their environments, for ``halo seed``.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath
from typing import Any

from app.errors import UnprocessableError


def _file_target(root: Path, virtual: str) -> Path:
    """Where virtual file `virtual` (``/home/a.txt``) lives under ``root/files``.

    Raises:
        UnprocessableError: a path that is not absolute, or climbs out with ``..``.
    """
    path = PurePosixPath(virtual)
    if not path.is_absolute() or ".." in path.parts or len(path.parts) < 2:
        raise UnprocessableError(f"file path {virtual!r} must be absolute, without '..'", "files")
    return root.joinpath("files", *path.parts[1:])


def write_environment(
    folder: Path, spec: dict[str, Any], database_sql: str, files: dict[str, str]
) -> None:
    """Write ``environment.json``, ``database.sql`` and ``files/`` into `folder` (created).

    Args:
        folder: ``<root>/<environment_id>``.
        spec: the ``environment.json`` object.
        database_sql: SQL text.
        files: virtual path → text.

    Raises:
        UnprocessableError: a file path outside the environment's root.
    """
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "scenarios").mkdir(exist_ok=True)
    (folder / "environment.json").write_text(
        json.dumps(spec, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    (folder / "database.sql").write_text(database_sql, encoding="utf-8")
    for virtual, text in sorted(files.items()):
        target = _file_target(folder, virtual)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def write_scenario(folder: Path, scenario: dict[str, Any]) -> Path:
    """Write one scenario file ``scenarios/<id>.json`` into environment folder `folder`."""
    target = folder / "scenarios" / f"{scenario['id']}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(scenario, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return target

"""Reading seed folders for the validator: environments, scenario files, the seed tree.

Layout (DESIGN.md §4): ``seeds/arena/<environment>/`` holds ``environment.json``,
``database.sql``, ``files/**`` and ``scenarios/*.json``. Every JSON file is read within the
bounds of DESIGN §3.4 (:mod:`app.bounded`); whatever cannot be read is a V01 finding naming the
file (and the JSON path where there is one), never an exception.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import ValidationError

from app.arena.errors import CommandError
from app.arena.schema import EnvironmentSpec
from app.arena.sqlclock import SqlClock
from app.arena.sqlguard import open_arena_db, run_script
from app.arena.state import normalise_path
from app.arena.validation.context import EnvironmentBundle
from app.arena.validation.findings import Finding, validation_findings
from app.arena.validation.rules import RULES
from app.bounded import (
    MAX_ENVIRONMENT_FILE_CHARS,
    MAX_ENVIRONMENT_FILES,
    MAX_SEED_FILE,
    MAX_SEED_STRING,
    MAX_SEED_VALUES,
    JSONTooDeep,
    JSONTooLarge,
    load_json,
    text_problem,
    unstorable_text,
)


class SeedFileTooLarge(ValueError):
    """A seed file is larger than :data:`~app.bounded.MAX_SEED_FILE`; the message says so."""


def read_seed_text(path: Path) -> str:
    """The text of one seed file (UTF-8), refused unread when it is too large.

    Raises:
        SeedFileTooLarge: it holds more than :data:`~app.bounded.MAX_SEED_FILE` bytes.
        UnicodeDecodeError: it is not UTF-8.
        OSError: it cannot be read.
    """
    size = path.stat().st_size
    if size > MAX_SEED_FILE:
        raise SeedFileTooLarge(
            f"it is {size:,} bytes, more than the limit of {MAX_SEED_FILE:,} of a seed file"
        )
    with path.open("rb") as handle:
        data = handle.read(MAX_SEED_FILE + 1)  # the file may have grown since
    if len(data) > MAX_SEED_FILE:
        raise SeedFileTooLarge(f"it is more than {MAX_SEED_FILE:,} bytes, the limit of a seed file")
    return data.decode("utf-8")


def read_json(
    path: Path, sid: str | None, file: str | None, label: str | None
) -> tuple[Any, list[Finding]]:
    """A JSON file read within the bounds of DESIGN §3.4, the one reader of seed JSON.

    Args:
        path: the file.
        sid: ``scenario_id`` of the findings (None for an environment).
        file: ``file`` of the findings (None for an environment).
        label: the file as named at the start of an environment finding's message (e.g.
            ``hm/environment.json``); None for a scenario file (its ``file`` names it).

    Returns:
        (the parsed value, None when there is any finding; V01 findings). Not UTF-8, not
        valid JSON (line and column), nested deeper than :data:`~app.bounded.MAX_JSON_DEPTH`
        (the JSON path of the first container too deep), or a string or key holding text
        PostgreSQL cannot store (NUL, a lone surrogate: one finding per string, by JSON path)
        or longer than :data:`~app.bounded.MAX_SEED_STRING` characters.
    """
    prefix = f"{label}: " if label else ""
    try:
        data = load_json(read_seed_text(path), max_values=MAX_SEED_VALUES)
    except (SeedFileTooLarge, JSONTooLarge) as exc:
        return None, [Finding("V01", sid, "$", f"{prefix}{exc}", file)]
    except json.JSONDecodeError as exc:
        return None, [_json_finding(label, sid, exc, file)]
    except UnicodeDecodeError as exc:
        subject = f"{label} is not" if label else "not"
        return None, [Finding("V01", sid, "$", f"{subject} UTF-8: {exc}", file)]
    except JSONTooDeep as exc:
        message = f"{prefix}nested more than {exc.max_depth} levels deep (arrays and objects)"
        return None, [Finding("V01", sid, exc.path, message, file)]
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        subject = f"{label} is not" if label else "not"
        return None, [Finding("V01", sid, "$", f"{subject} valid JSON: {exc}", file)]
    findings = [
        Finding("V01", sid, where, prefix + message, file)
        for where, message in unstorable_text(data, max_length=MAX_SEED_STRING)
    ]
    return (None if findings else data), findings


def _json_finding(
    label: str | None, scenario_id: str | None, exc: json.JSONDecodeError, file: str | None = None
) -> Finding:
    subject = f"{label} is not" if label else "not"
    return Finding(
        "V01",
        scenario_id,
        "$",
        f"{subject} valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
        file,
    )


def _text_file_problem(text: str) -> str | None:
    """``line N holds a NUL character (U+0000), ...`` for a text file PostgreSQL cannot store."""
    found = text_problem(text)
    if found is None:
        return None
    offset, what = found
    line = text.count("\n", 0, offset) + 1
    return f"line {line} holds {what}, which cannot be stored; remove it"


def load_environment_dir(path: Path) -> tuple[EnvironmentBundle | None, list[Finding]]:
    """Read one environment folder of the DESIGN §4 layout and check the environment itself.

    Layout: ``environment.json``, ``database.sql``, ``files/**`` (``files/home/a.txt`` is the
    virtual ``/home/a.txt``), ``scenarios/*.json``. The environment is checked for V01
    (schema, folder name = id, a known IANA time zone, UTF-8 files without links or NUL
    characters, SQL that runs without reading the host clock; JSON within the bounds of
    :func:`read_json`) and by every rule's ``check_environment`` (V04: ids unique per app,
    references resolve within the base state; V09: balances). Scenario files are only read
    here; :func:`~app.arena.validation.validate.validate_scenario` checks them.

    Args:
        path: the environment folder, e.g. ``seeds/arena/hm``.

    Returns:
        (the bundle, or None when the environment cannot be used at all; findings). Environment
        findings have ``scenario_id`` None and name the file in their message; a scenario file
        that is not valid JSON gives a V01 finding with its ``file``, line and column and is left
        out of ``bundle.scenarios``.

    Source: DESIGN.md §4, §4.1; seeds/README.md.
    """
    bundle, findings = load_environment(path)
    if bundle is not None:
        bundle.scenarios, file_findings = read_scenario_files(path)
        findings += file_findings
    return bundle, findings


def load_environment(path: Path) -> tuple[EnvironmentBundle | None, list[Finding]]:
    """:func:`load_environment_dir` without reading the scenario files (``scenarios`` empty)."""
    label = f"{path.name}/environment.json"
    env_file = path / "environment.json"
    if not env_file.is_file():
        return None, [Finding("V01", None, "$", f"{label} is missing")]
    raw, read_findings = read_json(env_file, None, None, label)
    if read_findings:
        return None, read_findings
    try:
        spec = EnvironmentSpec.model_validate(raw)
    except ValidationError as exc:
        return None, validation_findings("V01", None, "$", raw, exc, prefix=f"{label}: ")

    findings: list[Finding] = []
    if spec.id != path.name:
        findings.append(
            Finding(
                "V01",
                None,
                "$.id",
                f"{label}: id {spec.id!r} differs from its folder name {path.name!r}",
            )
        )
    try:
        timezone = ZoneInfo(spec.timezone)
    except (ZoneInfoNotFoundError, ValueError):
        findings.append(
            Finding("V01", None, "$.timezone", f"{label}: unknown IANA time zone {spec.timezone!r}")
        )
        return None, findings

    sql_file = path / "database.sql"
    database_sql = ""
    if not sql_file.is_file():
        findings.append(Finding("V01", None, "$", f"{path.name}/database.sql is missing"))
    else:
        try:
            database_sql = read_seed_text(sql_file)
            if (problem := _text_file_problem(database_sql)) is not None:
                findings.append(Finding("V01", None, "$", f"{path.name}/database.sql: {problem}"))
                return None, findings
            db = open_arena_db()
            clock = SqlClock(timezone)
            clock.install(db)
            try:
                run_script(db, clock, database_sql)
            finally:
                db.close()
        except SeedFileTooLarge as exc:
            findings.append(Finding("V01", None, "$", f"{path.name}/database.sql: {exc}"))
            return None, findings
        except (UnicodeDecodeError, sqlite3.Error) as exc:
            findings.append(Finding("V01", None, "$", f"{path.name}/database.sql fails: {exc}"))
            return None, findings

    files: dict[str, str] = {}
    files_dir = path / "files"
    total = 0
    if files_dir.is_dir():
        for count, file in enumerate(sorted(files_dir.rglob("*")), 1):
            if count > MAX_ENVIRONMENT_FILES or total > MAX_ENVIRONMENT_FILE_CHARS:
                findings.append(
                    Finding(
                        "V01",
                        None,
                        "$",
                        f"{path.name}/files holds more than {MAX_ENVIRONMENT_FILES:,} entries or "
                        f"{MAX_ENVIRONMENT_FILE_CHARS:,} characters, the limits of an environment",
                    )
                )
                return None, findings
            virtual = "/" + file.relative_to(files_dir).as_posix()
            where = f"{path.name}/files{virtual}"
            if file.is_symlink():
                findings.append(Finding("V01", None, "$", f"{where} is a link; links are refused"))
            elif file.is_file():
                try:
                    text = read_seed_text(file)
                    if (problem := _text_file_problem(text)) is not None:
                        findings.append(Finding("V01", None, "$", f"{where}: {problem}"))
                        continue
                    files[normalise_path(virtual)] = text
                    total += len(text)
                except (UnicodeDecodeError, CommandError, SeedFileTooLarge) as exc:
                    findings.append(Finding("V01", None, "$", f"{where} cannot be used: {exc}"))

    for rule in RULES:
        if rule.check_environment is not None:
            findings += rule.check_environment(spec, label)
    return EnvironmentBundle(spec, database_sql, files, []), findings


def read_scenario_files(
    path: Path, names: Iterable[str] | None = None
) -> tuple[list[tuple[str, dict[str, Any]]], list[Finding]]:
    """Read the scenario files of one environment folder.

    Args:
        path: the environment folder (its files are ``scenarios/*.json``).
        names: file names to read (e.g. ``["hm-03.json"]``); None for every ``*.json`` there.

    Returns:
        ((file name, JSON object) in file-name order; findings). A file that is not UTF-8, not
        valid JSON (line and column in the message) or not a JSON object gives a V01 finding
        with path ``$`` and its ``file``, and is left out of the list; so is one nested too
        deeply or holding a NUL or lone surrogate in a string, its findings naming the JSON path
        (see :func:`read_json`).
    """
    scenarios_dir = path / "scenarios"
    if names is None:
        files = sorted(scenarios_dir.glob("*.json")) if scenarios_dir.is_dir() else []
    else:
        files = [scenarios_dir / name for name in names]
    scenarios: list[tuple[str, dict[str, Any]]] = []
    findings: list[Finding] = []
    for file in files:
        where = f"{path.name}/scenarios/{file.name}"
        data, read_findings = read_json(file, file.stem, where, None)
        if read_findings:
            findings += read_findings
            continue
        if not isinstance(data, dict):
            findings.append(Finding("V01", file.stem, "$", "must hold a JSON object", where))
            continue
        scenarios.append((file.name, data))
    return scenarios, findings


def load_seed_tree(path: Path) -> tuple[list[EnvironmentBundle], list[Finding]]:
    """Read every environment under a seed folder.

    Args:
        path: ``seeds/`` (holding ``arena/``), ``seeds/arena/`` (holding environment folders) or
            a single environment folder (holding ``environment.json``).

    Returns:
        (the environments that can be used, in folder-name order; findings of all environments).
        A missing folder or one without any environment gives a V01 finding with path ``$``.

    Source: DESIGN.md §4.
    """
    folders, findings = environment_folders(path)
    bundles: list[EnvironmentBundle] = []
    for folder in folders:
        bundle, env_findings = load_environment_dir(folder)
        findings.extend(env_findings)
        if bundle is not None:
            bundles.append(bundle)
    return bundles, findings


def environment_folders(path: Path) -> tuple[list[Path], list[Finding]]:
    """The environment folders under a seed folder (see :func:`load_seed_tree`), in name order."""
    if (path / "environment.json").is_file():
        return [path], []
    root = path / "arena" if (path / "arena").is_dir() else path
    if not root.is_dir():
        return [], [Finding("V01", None, "$", f"{path} is not a folder")]
    folders = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
    if not folders:
        return [], [Finding("V01", None, "$", f"{root} holds no environment folder")]
    return folders, []

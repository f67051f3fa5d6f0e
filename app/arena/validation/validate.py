"""Running the rules: one scenario, one scenario file, a seed tree (DESIGN.md §4.1)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from app.arena.errors import ArenaError
from app.arena.schema import ScenarioSpec
from app.arena.validation.context import EnvironmentBundle, build_context
from app.arena.validation.findings import Finding
from app.arena.validation.loading import environment_folders, load_environment, read_scenario_files
from app.arena.validation.rules import RULES


class SeedPathError(ArenaError):
    """A path given to :func:`validate_path` is neither a seed folder nor a scenario file."""


def validate_scenario(
    env: EnvironmentBundle | None,
    raw: dict[str, Any],
    *,
    file: str | None = None,
) -> tuple[ScenarioSpec | None, list[Finding]]:
    """Check one scenario file against its environment with every rule of :data:`RULES`.

    V01 comes first (pydantic schema, unknown fields are errors, ``environment_id`` = the
    environment's id). When the file parses, every other rule runs and every violation is
    reported. When it does not, the other rules still run on the parts that parse (the events one
    by one; the records, best intervention, key evidence and checkpoint design each as a whole),
    each rule only where everything it needs parsed, so nothing is reported that a fixed file
    would not report. The rules, one module each, are listed in
    :mod:`app.arena.validation.rules` (V01 structure, V02 events, V03 apps and payloads, V04 ids
    and references, V05 best intervention, V06 key evidence, V07 checkpoint design, V08 noise,
    V09 balances, V10 visibility, V11 consistency, V12 ids, V13 expectations); each module's
    docstring says what it checks.

    Args:
        env: the environment the scenario belongs to; None when it cannot be used (then only
            the rules that need no environment run: V01, V02 without the time zone, V03, V05
            without the replay, V06 without resolving, V07, V08).
        raw: the scenario file's JSON object.
        file: the file's path for the findings (e.g. ``hm/scenarios/hm-03.json``); its stem
            names the scenario when the file has no usable id.

    Returns:
        (the parsed scenario, or None when it does not parse; findings sorted by rule code, in
        document order within a rule). The scenario passes only when the list is empty.

    Source: DESIGN.md §4.1; seeds/README.md.
    """
    raw_id = raw.get("id") if isinstance(raw, dict) else None
    sid = raw_id if isinstance(raw_id, str) and raw_id else None
    if sid is None and file is not None:
        sid = Path(file).stem
    if not isinstance(raw, dict):
        return None, [Finding("V01", sid, "$", "a scenario file holds one JSON object", file)]
    ctx = build_context(env, raw, sid)
    findings = [finding for rule in RULES for finding in rule.check(ctx)]
    if file is not None:
        findings = [replace(finding, file=file) for finding in findings]
    findings.sort(key=lambda finding: finding.code)
    return (ctx.spec if ctx.schema_error is None else None), findings


def validate_tree(path: Path) -> tuple[list[tuple[EnvironmentBundle, ScenarioSpec]], list[Finding]]:
    """Validate every environment and scenario under a seed folder.

    Every environment folder and every scenario file is checked, whatever fails elsewhere: a
    scenario file that does not parse (V01) still gets every other rule its parsed parts allow
    (see :func:`validate_scenario`), and the scenario files of an environment that cannot be used
    still get the rules that need no environment. Also checks that each scenario file is named
    ``<id>.json`` and that scenario ids are unique across the tree (both V01, path ``$.id``).

    Args:
        path: ``seeds/``, ``seeds/arena/`` or one environment folder.

    Returns:
        (the scenarios that pass every rule, with their environment, in folder and file order;
        all findings, scenario findings naming their ``file``). Import is all-or-nothing per
        scenario (DESIGN §4.1), so a scenario with a finding is not in the first list.

    Source: DESIGN.md §4, §4.1.
    """
    folders, findings = environment_folders(path)
    passed: list[tuple[EnvironmentBundle, ScenarioSpec]] = []
    owners: dict[str, str] = {}
    for folder in folders:
        folder_passed, folder_findings = _validate_environment_folder(folder, None, owners)
        passed += folder_passed
        findings += folder_findings
    return passed, findings


def validate_file(path: Path) -> tuple[list[tuple[EnvironmentBundle, ScenarioSpec]], list[Finding]]:
    """Validate one scenario file against its environment (every rule of :data:`RULES`).

    The environment is the folder holding ``scenarios/`` (DESIGN §4 layout); its own findings are
    reported too, since the scenario is checked against it. Scenario ids are not compared with
    other files (:func:`validate_tree` does that).

    Args:
        path: ``<environment>/scenarios/<id>.json``.

    Returns:
        (the scenario with its environment when it passes every rule, else empty; findings).

    Raises:
        SeedPathError: `path` is not a ``.json`` file in a ``scenarios`` folder beside an
            ``environment.json``.
    """
    folder = path.parent.parent
    if not (
        path.is_file()
        and path.suffix == ".json"
        and path.parent.name == "scenarios"
        and (folder / "environment.json").is_file()
    ):
        raise SeedPathError(
            f"{path} is not a scenario file: expected <environment>/scenarios/<id>.json "
            f"in an environment folder with environment.json"
        )
    return _validate_environment_folder(folder, [path.name], {})


def validate_path(path: Path) -> tuple[list[tuple[EnvironmentBundle, ScenarioSpec]], list[Finding]]:
    """Validate a seed folder, an environment's ``environment.json`` or one scenario file.

    A folder goes to :func:`validate_tree`, ``environment.json`` validates that environment
    (:func:`validate_tree` on its folder), any other file goes to :func:`validate_file`.

    Args:
        path: the folder or file.

    Returns:
        (the scenarios that pass every rule, with their environment; all findings).

    Raises:
        SeedPathError: `path` does not exist, is neither a file nor a folder, or is a file that
            is neither a scenario file nor an ``environment.json``.
    """
    if path.is_dir():
        return validate_tree(path)
    if path.is_file():
        if path.name == "environment.json":
            return validate_tree(path.parent)
        return validate_file(path)
    if not path.exists():
        raise SeedPathError(f"{path} does not exist")
    raise SeedPathError(f"{path} is neither a file nor a folder")


def _validate_environment_folder(
    folder: Path, names: list[str] | None, owners: dict[str, str]
) -> tuple[list[tuple[EnvironmentBundle, ScenarioSpec]], list[Finding]]:
    """The environment's findings, then each scenario file's (all of them, in file order).

    Args:
        folder: the environment folder.
        names: scenario file names to check; None for all.
        owners: scenario id → the file that first used it, shared across a tree (updated).
    """
    bundle, findings = load_environment(folder)
    scenarios, file_findings = read_scenario_files(folder, names)
    findings += file_findings
    if bundle is not None:
        bundle.scenarios = scenarios
    passed: list[tuple[EnvironmentBundle, ScenarioSpec]] = []
    for file_name, raw in scenarios:
        where = f"{folder.name}/scenarios/{file_name}"
        spec, scenario_findings = validate_scenario(bundle, raw, file=where)
        if spec is not None:
            if Path(file_name).stem != spec.id:
                scenario_findings.append(
                    Finding(
                        "V01",
                        spec.id,
                        "$.id",
                        f"id {spec.id!r} differs from its file name {file_name!r}",
                        where,
                    )
                )
            if spec.id in owners:
                scenario_findings.append(
                    Finding(
                        "V01",
                        spec.id,
                        "$.id",
                        f"scenario id {spec.id!r} in {where} is already used by {owners[spec.id]}",
                        where,
                    )
                )
            else:
                owners[spec.id] = where
            scenario_findings.sort(key=lambda finding: finding.code)
        findings.extend(scenario_findings)
        if bundle is not None and spec is not None and not scenario_findings:
            passed.append((bundle, spec))
    return passed, findings

"""`halo validate PATH` on a seed tree, an environment, a scenario file, a bad path (DESIGN §10)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.arena.validation import SeedPathError, validate_path
from app.cli import cli
from tests.unit.test_validator import move_e3_to_e2s_time, scenario_dict, write_environment

runner = CliRunner()


def halo_validate(path: Path) -> tuple[int, str, str]:
    result = runner.invoke(cli, ["validate", str(path)])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def arena(tmp_path: Path) -> Path:
    """seeds/arena/hm with a valid hm-03.json and a hm-05.json that breaks V01, V02 and V07."""
    bad = {**scenario_dict(), "id": "hm-05", "bogus": True}
    move_e3_to_e2s_time(bad)
    bad["checkpoint_design"].pop("2")
    write_environment(
        tmp_path / "seeds" / "arena",
        scenarios={"hm-03.json": scenario_dict(), "hm-05.json": bad},
    )
    return tmp_path / "seeds" / "arena"


def test_a_valid_scenario_file(arena: Path) -> None:
    code, out, _err = halo_validate(arena / "hm" / "scenarios" / "hm-03.json")

    assert code == 0
    assert out.strip() == "1 scenario in 1 domain pass V01–V13"


def test_an_invalid_scenario_file_lists_every_finding_with_file_and_path(arena: Path) -> None:
    code, out, err = halo_validate(arena / "hm" / "scenarios" / "hm-05.json")

    assert code == 1
    lines = out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "V01 hm-05 hm/scenarios/hm-05.json $.bogus",
        "V02 hm-05 hm/scenarios/hm-05.json $.events[2].at",
        "V07 hm-05 hm/scenarios/hm-05.json $.checkpoint_design",
    ]
    assert "3 finding(s)" in err


def test_the_tree_still_works_and_checks_every_file(arena: Path) -> None:
    code, out, _err = halo_validate(arena.parent)
    assert code == 1
    assert len(out.splitlines()) == 3

    (arena / "hm" / "scenarios" / "hm-05.json").unlink()
    for path in (arena.parent, arena, arena / "hm", arena / "hm" / "environment.json"):
        code, out, _err = halo_validate(path)
        assert (code, out.strip()) == (0, "1 scenario in 1 domain pass V01–V13"), path


def test_a_scenario_file_that_is_not_json(arena: Path) -> None:
    broken = arena / "hm" / "scenarios" / "hm-06.json"
    broken.write_text('{"id": "hm-06",\n', encoding="utf-8")

    code, out, _err = halo_validate(broken)

    assert code == 1
    assert out.startswith("V01 hm-06 hm/scenarios/hm-06.json $: not valid JSON")
    assert "(line 2, column 1)" in out


@pytest.mark.parametrize(
    "relative, message",
    [
        ("missing.json", "does not exist"),
        ("hm/scenarios/missing.json", "does not exist"),
        ("hm/database.sql", "is not a scenario file: expected <environment>/scenarios/<id>.json"),
        ("hm/files/home/boiler-manual.txt", "is not a scenario file"),
    ],
)
def test_a_path_that_is_neither_is_a_clear_error(arena: Path, relative: str, message: str) -> None:
    code, out, err = halo_validate(arena / relative)

    assert code == 1
    assert out == ""
    assert err.startswith("error: ")
    assert message in err


def test_a_json_file_outside_the_layout_is_a_clear_error(tmp_path: Path) -> None:
    loose = tmp_path / "hm-03.json"
    loose.write_text("{}", encoding="utf-8")

    code, _out, err = halo_validate(loose)

    assert code == 1
    assert "is not a scenario file" in err


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs /dev/null")
def test_a_device_is_neither_a_file_nor_a_folder() -> None:
    with pytest.raises(SeedPathError, match="is neither a file nor a folder"):
        validate_path(Path(os.devnull))


def test_deep_nesting_and_nul_are_located_findings_never_a_traceback(arena: Path) -> None:
    deep = {**scenario_dict(), "id": "hm-06", "title": "@deep@"}
    (arena / "hm" / "scenarios" / "hm-06.json").write_text(
        json.dumps(deep).replace('"@deep@"', "[" * 100_000 + "]" * 100_000), encoding="utf-8"
    )
    nul = scenario_dict() | {"id": "hm-07"}
    nul["events"][0]["summary"] = "Tom Berger sends\x00 a quote"
    (arena / "hm" / "scenarios" / "hm-07.json").write_text(json.dumps(nul), encoding="utf-8")

    result = runner.invoke(cli, ["validate", str(arena / "hm" / "scenarios" / "hm-06.json")])
    assert (result.exit_code, type(result.exception)) == (1, SystemExit)
    assert result.stdout.splitlines() == [
        "V01 hm-06 hm/scenarios/hm-06.json $.title"
        + "[0]" * 31
        + ": nested more than 32 levels deep (arrays and objects)"
    ]
    code, out, _err = halo_validate(arena / "hm" / "scenarios" / "hm-07.json")
    assert (code, out.splitlines()) == (
        1,
        [
            "V01 hm-07 hm/scenarios/hm-07.json $.events[0].summary: holds a NUL character "
            "(U+0000), which cannot be stored; remove it"
        ],
    )

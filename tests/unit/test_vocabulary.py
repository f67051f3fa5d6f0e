"""The vocabulary module: DESIGN §2's values, spelled once, behaving as plain strings."""

from __future__ import annotations

import json
import sqlite3
from enum import StrEnum
from typing import Literal, get_args

import pytest

from app import vocabulary as v


def test_the_glossary_values_are_designs() -> None:
    """Each set holds exactly DESIGN.md §2's words, in its order."""
    assert [str(x) for x in v.LEVELS] == ["L0", "L1", "L2", "L3"]
    assert [str(x) for x in v.ACTION_LEVELS] == ["L1", "L2", "L3"]
    assert [str(x) for x in v.VERDICTS] == ["accept", "reject"]
    assert [str(x) for x in v.TIMINGS] == ["premature", "belated", "appropriate"]
    assert [str(x) for x in v.INTENSITIES] == ["insufficient", "excessive", "appropriate"]
    assert [str(x) for x in v.OTHER_ISSUES] == [
        "unsupported_by_evidence",
        "irrelevant_action",
        "factual_contradiction",
        "other",
    ]
    assert [str(x) for x in v.NEED_TYPES] == ["dependency", "blockage", "risk", "opportunity"]
    assert [str(x) for x in v.DOMAINS] == [
        "workplace",
        "education",
        "health",
        "household_finance",
        "travel",
        "family_care",
        "social_life",
        "home_maintenance",
        "shopping_services",
        "small_business",
    ]
    assert [str(x) for x in v.EXPORTED_STATUSES] == ["completed", "protocol_error", "api_error"]


def test_statuses_cover_every_value_the_database_holds() -> None:
    assert [str(x) for x in v.ResponseStatus] == [
        "pending",
        "running",
        "completed",
        "protocol_error",
        "api_error",
        "cancelled",
    ]
    assert [str(x) for x in v.RunStatus] == ["pending", "running", "completed", "cancelled"]
    assert [str(x) for x in v.ExportJobStatus] == ["queued", "running", "done", "failed"]
    assert [str(x) for x in v.BatchStatus] == ["open", "closed"]
    assert [str(x) for x in v.AuditStatus] == ["pending", "accepted", "rejected", "split"]
    assert [str(x) for x in v.VOTES] == ["approve", "reject"]
    assert [str(x) for x in v.DECISIONS] == ["accept", "reject"]
    assert [str(x) for x in v.ASSIGNMENT_KINDS] == ["primary", "overlap"]
    assert [str(x) for x in v.ROLES] == ["annotator", "lead", "researcher", "admin"]


def test_a_member_is_its_string_everywhere_it_leaves_the_program() -> None:
    member = v.OtherIssue.FACTUAL_CONTRADICTION
    assert member == "factual_contradiction" and hash(member) == hash("factual_contradiction")
    assert str(member) == f"{member}" == f"{member:>21}".strip() == "factual_contradiction"
    assert json.dumps({member: [member]}) == (
        '{"factual_contradiction": ["factual_contradiction"]}'
    )
    assert ", ".join(v.VERDICTS) == "accept, reject"
    assert {"L0": 1}[v.Level.L0] == 1 and "risk" in v.NEED_TYPES
    db = sqlite3.connect(":memory:")
    assert db.execute("SELECT ?, typeof(?)", (member, member)).fetchone() == (
        "factual_contradiction",
        "text",
    )


def test_every_literal_alias_lists_its_enumerations_values() -> None:
    pairs = {
        v.LevelValue: v.Level,
        v.VerdictValue: v.Verdict,
        v.TimingValue: v.Timing,
        v.IntensityValue: v.Intensity,
        v.OtherIssueValue: v.OtherIssue,
        v.NeedTypeValue: v.NeedType,
        v.DomainValue: v.Domain,
    }
    for alias, enum in pairs.items():
        assert get_args(alias) == tuple(member.value for member in enum)
    assert get_args(v.ActionLevelValue) == ("L1", "L2", "L3")
    assert get_args(v.ExportedStatusValue) == ("completed", "protocol_error", "api_error")


def test_an_alias_that_drifts_from_its_enumeration_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Shrunk(StrEnum):
        ACCEPT = "accept"

    monkeypatch.setattr(v, "VerdictValue", Literal["accept", "reject", "maybe"])
    with pytest.raises(RuntimeError, match=r"does not list \['accept', 'reject'\] in order"):
        v._check_aliases()
    monkeypatch.setattr(v, "VerdictValue", Literal["accept", "reject"])
    monkeypatch.setattr(v, "VERDICTS", tuple(Shrunk))
    with pytest.raises(RuntimeError, match=r"does not list \['accept'\] in order"):
        v._check_aliases()

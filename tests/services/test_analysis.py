"""Every named metric table through the database, against values worked out by hand.

The fixture (``world``) stores, in run R1, ten annotated completed responses of three agents at
four checkpoints of two seed scenarios, plus noise the tables must ignore:

    scenario hm-01 (dependency, home_maintenance, 5 events), ed-03 (blockage, education, 6)

    id  agent  checkpoint  first annotation (u1)                       rounds tokens access
    a1  alpha  hm-01 t2    L1 accept                                       2   1000   yes
    a2  alpha  hm-01 t4    L3 reject premature excessive                   0   3000   no
    a3  alpha  ed-03 t1    L0 reject (inaction), other: irrelevant_action  1   –      no
    a4  alpha  ed-03 t3    L1 reject appropriate appropriate,
                           other: unsupported_by_evidence                  3   2000   yes
    b1  beta   hm-01 t2    L0 accept                                       1   –      no
    b2  beta   hm-01 t4    L1 reject belated insufficient                  2   –      yes
    b3  beta   ed-03 t1    L2 accept                                       4   –      yes
    b4  beta   ed-03 t3    L1 accept                                       1   –      no
    g1  gamma  hm-01 t2    L2 reject appropriate excessive                 5   500    yes
    g2  gamma  ed-03 t3    L1 reject appropriate appropriate,
                           other: factual_contradiction                    5   –      no

No assignments are stored, so each response's judgement of record is its earliest annotation
(u1's). Second annotations by u2 (later ids, so never the judgement of record): a1 L1 accept,
b2 L1 reject premature insufficient, g1 L2 reject appropriate excessive (all phase 1), and
b4 L1 reject premature appropriate in phase 2. Noise: an unannotated completed response and
an annotated protocol_error response in R1, and an annotated response (alpha, L1 accept) in run R2.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlmodel import Session, select

from app.metrics.queries import double_judged, judged_responses
from app.metrics.registry import TABLES, metric_table
from app.metrics.render import rank_marks, render_table, table_marks
from app.models import Agent, Annotation, Assignment, Checkpoint, Response, Run
from tests.factories import make_user
from tests.metrics_oracles import figure4_pairs

_ids = itertools.count(1)


@dataclass
class World:
    r1: int
    r2: int
    ids: dict[str, str]


def table1_rows(session: Session, **filters: Any) -> list[dict[str, Any]]:
    """The rows of ``halo metrics table1`` under the filters."""
    return metric_table(session, "table1", **filters)[1]


def _checkpoint(session: Session, scenario_id: str, t: int) -> int:
    checkpoint = session.exec(
        select(Checkpoint).where(Checkpoint.scenario_id == scenario_id, Checkpoint.t == t)
    ).one()
    assert checkpoint.id is not None
    return checkpoint.id


def _diagnosis(spec: str) -> dict[str, Any]:
    """``"L1 reject premature excessive"`` → annotation fields."""
    parts = spec.split()
    level, verdict = parts[0], parts[1]
    timing = parts[2] if len(parts) > 2 else None
    intensity = parts[3] if len(parts) > 3 else None
    return {
        "level": level,
        "verdict": verdict,
        "timing": timing,
        "intensity": intensity,
        "inaction": verdict == "reject" and level == "L0",
    }


@pytest.fixture
def world(session: Session) -> World:
    return build_world(session)


def build_world(session: Session) -> World:
    """Store the fixture of the module docstring; returns the run ids and response ids."""
    agents = {}
    for name in ("alpha", "beta", "gamma"):
        agent = Agent(name=name, kind="external", config={})
        session.add(agent)
        session.flush()
        agents[name] = agent.id
    r1, r2 = Run(name="analysis-r1"), Run(name="analysis-r2")
    session.add_all([r1, r2])
    session.flush()
    u1, u2 = make_user(session), make_user(session)
    tag = next(_ids)
    ids: dict[str, str] = {}

    def response(
        key: str,
        agent: str,
        scenario: str,
        t: int,
        rounds: int,
        tokens: int | None,
        access: bool,
        *,
        run: Run = r1,
        status: str = "completed",
    ) -> str:
        rid = f"an{tag}-{key}"
        ids[key] = rid
        session.add(
            Response(
                id=rid,
                run_id=run.id,
                agent_id=agents[agent],
                checkpoint_id=_checkpoint(session, scenario, t),
                status=status,
                level_predicted="L1",
                retrieval_rounds=rounds,
                reasoning_tokens=tokens,
                local_content_access=access,
            )
        )
        session.flush()
        return rid

    def annotate(key: str, spec: str, user: Any = u1, phase: int = 1, other: str = "") -> None:
        issues = [{"category": other, "note": "see trajectory"}] if other else []
        session.add(
            Annotation(
                response_id=ids[key],
                annotator_id=user.id,
                phase=phase,
                other_issues=issues,
                **_diagnosis(spec),
            )
        )
        session.flush()

    rows = [
        ("a1", "alpha", "hm-01", 2, 2, 1000, True, "L1 accept", ""),
        ("a2", "alpha", "hm-01", 4, 0, 3000, False, "L3 reject premature excessive", ""),
        ("a3", "alpha", "ed-03", 1, 1, None, False, "L0 reject", "irrelevant_action"),
        (
            "a4",
            "alpha",
            "ed-03",
            3,
            3,
            2000,
            True,
            "L1 reject appropriate appropriate",
            "unsupported_by_evidence",
        ),
        ("b1", "beta", "hm-01", 2, 1, None, False, "L0 accept", ""),
        ("b2", "beta", "hm-01", 4, 2, None, True, "L1 reject belated insufficient", ""),
        ("b3", "beta", "ed-03", 1, 4, None, True, "L2 accept", ""),
        ("b4", "beta", "ed-03", 3, 1, None, False, "L1 accept", ""),
        ("g1", "gamma", "hm-01", 2, 5, 500, True, "L2 reject appropriate excessive", ""),
        (
            "g2",
            "gamma",
            "ed-03",
            3,
            5,
            None,
            False,
            "L1 reject appropriate appropriate",
            "factual_contradiction",
        ),
    ]
    for key, agent, scenario, t, rounds, tokens, access, spec, other in rows:
        response(key, agent, scenario, t, rounds, tokens, access)
        annotate(key, spec, other=other)
    annotate("a1", "L1 accept", user=u2)
    annotate("b2", "L1 reject premature insufficient", user=u2)
    annotate("g1", "L2 reject appropriate excessive", user=u2)
    annotate("b4", "L1 reject premature appropriate", user=u2, phase=2)
    # noise: unannotated, failed but annotated, another run
    response("n1", "gamma", "hm-01", 4, 9, 9000, True)
    response("n2", "gamma", "ed-03", 1, 9, 9000, True, status="protocol_error")
    annotate("n2", "L0 accept")
    response("x1", "alpha", "hm-01", 2, 2, None, False, run=r2)
    annotate("x1", "L1 accept")
    _construction_and_audit(session, u1, u2)
    assert r1.id is not None and r2.id is not None
    return World(r1.id, r2.id, ids)


def _construction_and_audit(session: Session, u1: Any, u2: Any) -> None:
    """One accepted scenario candidate (Table 5) and two approvals of wp-02 (Table 6)."""
    from app.models import AuditVote, CandidateRevision, GenerationCandidate, GenerationJob

    job = GenerationJob(params={})
    session.add(job)
    session.flush()
    assert job.id is not None
    flags = dict.fromkeys(
        (
            "validator_first_pass",
            "validator_passed",
            "reviewer_first_pass",
            "reviewer_passed",
            "noise_first_pass",
            "noise_passed",
        ),
        True,
    )
    candidate = GenerationCandidate(
        job_id=job.id,
        kind="scenario",
        domain="workplace",
        need_type="risk",
        status="accepted",
        **flags,
    )
    session.add(candidate)
    session.flush()
    assert candidate.id is not None
    session.add(CandidateRevision(candidate_id=candidate.id, stage="scenario_creator", passed=True))
    for user in (u1, u2):  # the votes alone count for Table 6; the audit status is left as is
        session.add(
            AuditVote(
                scenario_id="wp-02", reviewer_id=user.id, vote="approve", criteria={}, comment="ok"
            )
        )
    session.flush()


def _by(rows: list[dict[str, Any]], *keys: str) -> dict[Any, dict[str, Any]]:
    return {tuple(r[k] for k in keys) if len(keys) > 1 else r[keys[0]]: r for r in rows}


def test_judged_responses_take_the_first_annotation_with_pseudonyms(
    session: Session, world: World
) -> None:
    rows = judged_responses(session, run_id=world.r1)
    assert len(rows) == 10  # n1 unannotated, n2 not completed, x1 in R2
    b2 = next(r for r in rows if r.response_id == world.ids["b2"])
    assert (b2.timing, b2.intensity, b2.phase) == ("belated", "insufficient", 1)  # not u2's
    assert b2.annotator is not None and b2.annotator.startswith("A")
    a4 = next(r for r in rows if r.response_id == world.ids["a4"])
    assert a4.other_issues == ("unsupported_by_evidence",) and a4.checkpoint == 3
    assert (a4.need_type, a4.domain, a4.num_events) == ("blockage", "education", 6)
    assert len(judged_responses(session)) >= 11  # R2's x1 too
    assert [r.response_id for r in judged_responses(session, run_id=world.r1, phase=2)] == [
        world.ids["b4"]
    ]


def test_the_judgement_of_record_is_the_primary_annotators(session: Session) -> None:
    """An overlap judgement saved first neither counts in the tables nor leads the κ pair."""
    agent = Agent(name="delta", kind="external", config={})
    run = Run(name="analysis-record")
    session.add_all([agent, run])
    session.flush()
    primary, overlap = make_user(session), make_user(session)
    response = Response(
        id=f"an{next(_ids)}-rec",
        run_id=run.id,
        agent_id=agent.id,
        checkpoint_id=_checkpoint(session, "tr-01", 2),
        status="completed",
        level_predicted="L3",
    )
    session.add(response)
    session.flush()
    session.add(Assignment(response_id=response.id, annotator_id=primary.id, kind="primary"))
    session.add(Assignment(response_id=response.id, annotator_id=overlap.id, kind="overlap"))
    # the overlap judgement has the lower id
    session.add(
        Annotation(
            response_id=response.id,
            annotator_id=overlap.id,
            **_diagnosis("L3 reject premature excessive"),
        )
    )
    session.flush()
    session.add(
        Annotation(response_id=response.id, annotator_id=primary.id, **_diagnosis("L3 accept"))
    )
    session.flush()
    (row,) = table1_rows(session, run_id=run.id)
    assert (row["agent"], row["acceptability"], row["premature"]) == ("delta", 100.0, 0.0)
    (judged,) = judged_responses(session, run_id=run.id)
    assert judged.annotator == primary.pseudonym
    pairs = double_judged(session, run_id=run.id)
    assert pairs["verdict"] == [(response.id, "accept", "reject")]  # record first
    # a judgement superseded by a restart (its author's assignment released) is no rater
    for note in session.exec(
        select(Annotation).where(
            Annotation.response_id == response.id, Annotation.annotator_id == overlap.id
        )
    ):
        session.delete(note)
    earlier = make_user(session)
    session.add(
        Assignment(
            response_id=response.id,
            annotator_id=earlier.id,
            kind="primary",
            released_at=datetime(2026, 1, 1, tzinfo=UTC),
        )
    )
    session.add(
        Annotation(response_id=response.id, annotator_id=earlier.id, **_diagnosis("L3 accept"))
    )
    session.flush()
    assert double_judged(session, run_id=run.id)["verdict"] == []


def test_table1_by_hand(session: Session, world: World) -> None:
    columns, rows = metric_table(session, "table1", run_id=world.r1)
    alpha, beta, gamma = rows
    assert columns[:3] == ("agent", "n", "acceptability") and "acceptability_ci" not in columns
    # alpha: 4 responses, a1 accepted → 25%; L0 a3, L1 a1 a4, L3 a2; inaction a3;
    # premature and excessive a2; tokens (1000 + 3000 + 2000) / 3 = 2.0 k; rounds 6 / 4
    assert alpha == {
        "agent": "alpha",
        "n": 4,
        "acceptability": 25.0,
        "L0": 25.0,
        "L1": 50.0,
        "L2": 0.0,
        "L3": 25.0,
        "inaction": 25.0,
        "premature": 25.0,
        "belated": 0.0,
        "insufficient": 0.0,
        "excessive": 25.0,
        "reasoning_tokens_k": 2.0,
        "retrieval_rounds": 1.5,
    }
    # beta: b1 b3 b4 accepted → 75%; belated and insufficient b2; no tokens; rounds 8 / 4
    assert (beta["acceptability"], beta["belated"], beta["insufficient"]) == (75.0, 25.0, 25.0)
    assert (beta["L0"], beta["L1"], beta["L2"], beta["inaction"]) == (25.0, 50.0, 25.0, 0.0)
    assert beta["reasoning_tokens_k"] is None and beta["retrieval_rounds"] == 2.0
    # gamma: nothing accepted; excessive g1 1/2; tokens 500 → 0.5 k; rounds 10 / 2
    assert (gamma["n"], gamma["acceptability"], gamma["excessive"]) == (2, 0.0, 50.0)
    assert (gamma["reasoning_tokens_k"], gamma["retrieval_rounds"]) == (0.5, 5.0)
    # filters: phase 2 has only b4 by u2 (reject premature); R2 adds x1 to alpha
    (beta2,) = table1_rows(session, run_id=world.r1, phase=2)
    assert (beta2["agent"], beta2["n"], beta2["premature"]) == ("beta", 1, 100.0)
    assert {r["agent"]: r["n"] for r in table1_rows(session, run_id=world.r2)} == {"alpha": 1}
    (gamma_dep,) = [
        r
        for r in table1_rows(session, run_id=world.r1, need_type="dependency")
        if r["agent"] == "gamma"
    ]
    assert gamma_dep["n"] == 1 and gamma_dep["excessive"] == 100.0  # g1 only
    assert [r["n"] for r in table1_rows(session, run_id=world.r1, domain="education")] == [2, 2, 1]


def test_table1_ci_marks_best_second_third(session: Session, world: World) -> None:
    columns, rows = metric_table(session, "table1_ci", run_id=world.r1)
    alpha, beta, gamma = rows
    # 1 of 4: centre (0.25 + z²/8) / (1 + z²/4) = 0.730182 / 1.960365 = 0.372472, half-width
    # z·sqrt(0.046875 + z²/64) / 1.960365 = 0.326886 → (4.56, 69.94); 3 of 4 mirrors it
    assert alpha["acceptability_ci"] == (4.56, 69.94)
    assert beta["acceptability_ci"] == (30.06, 95.44)
    # 0 of 2 → (0, z²/(2 + z²)) = (0, 65.76)
    assert gamma["acceptability_ci"] == (0.0, 65.76)
    marks = table_marks("table1_ci", columns, rows)
    # acceptability higher is better: beta 75, alpha 25, gamma 0
    assert (marks[(1, "acceptability")], marks[(0, "acceptability")]) == (1, 2)
    assert marks[(2, "acceptability")] == 3
    # excessive lower is better: beta 0 (best), alpha 25, gamma 50
    assert [marks[(i, "excessive")] for i in range(3)] == [2, 1, 3]
    # level shares are not ranked
    assert not any(column == "L1" for _i, column in marks)


def test_table2_and_table9_by_hand(session: Session, world: World) -> None:
    _, need = metric_table(session, "table2", run_id=world.r1)
    assert [r["need_type"] for r in need] == ["dependency", "blockage"]  # DESIGN order
    dependency, blockage = need
    # dependency = hm-01: a1 a2 b1 b2 g1; accepted a1 b1 → 40%; excessive a2 g1 → 40%;
    # tokens (1000 + 3000 + 500) / 3 = 1.5 k; rounds (2 + 0 + 1 + 2 + 5) / 5 = 2.0
    assert (dependency["n"], dependency["acceptability"], dependency["excessive"]) == (
        5,
        40.0,
        40.0,
    )
    assert dependency["acceptability_ci"] == (11.76, 76.93)  # 2 of 5
    assert (dependency["reasoning_tokens_k"], dependency["retrieval_rounds"]) == (1.5, 2.0)
    # blockage = ed-03: a3 a4 b3 b4 g2; accepted b3 b4; L1 a4 b4 g2 → 60%; inaction a3
    assert (blockage["acceptability"], blockage["L1"], blockage["inaction"]) == (40.0, 60.0, 20.0)
    assert (blockage["reasoning_tokens_k"], blockage["retrieval_rounds"]) == (2.0, 2.8)
    _, domain = metric_table(session, "table2_domain", run_id=world.r1)
    # DESIGN order puts education (ed-03) before home_maintenance (hm-01)
    assert [(r["domain"], r["n"], r["acceptability"]) for r in domain] == [
        ("education", 5, 40.0),
        ("home_maintenance", 5, 40.0),
    ]
    columns, rows = metric_table(session, "table9", run_id=world.r1)
    assert [(r["agent"], r["need_type"], r["n"], r["acceptability"]) for r in rows] == [
        ("alpha", "dependency", 2, 50.0),
        ("alpha", "blockage", 2, 0.0),
        ("beta", "dependency", 2, 50.0),
        ("beta", "blockage", 2, 100.0),
        ("gamma", "dependency", 1, 0.0),
        ("gamma", "blockage", 1, 0.0),
    ]
    marks = table_marks("table9", columns, rows)
    # ranked within need type: dependency alpha = beta 50 (tied best), gamma 0 second;
    # blockage beta 100 best, alpha = gamma 0 second
    assert [marks[(i, "acceptability")] for i in range(6)] == [1, 2, 1, 1, 2, 2]


def test_figure3_by_hand(session: Session, world: World) -> None:
    columns, rows = metric_table(session, "figure3", run_id=world.r1)
    # rejected: alpha a2 a3 a4 (over-proactive: a2); beta b2 (belated: no); gamma g1 (excessive)
    # and g2 → 1/3, 0/1, 1/2; all 2/6
    assert [(r["agent"], r["rejected"], r["over_proactive"], r["share"]) for r in rows] == [
        ("alpha", 3, 1, 33.33),
        ("beta", 1, 0, 0.0),
        ("gamma", 2, 1, 50.0),
        ("all", 6, 2, 33.33),
    ]
    assert rows[3]["share_ci"] == (9.68, 70.0)  # 2 of 6
    marks = table_marks("figure3", columns, rows)
    # lower is better; the pooled row is never ranked
    assert [marks.get((i, "share")) for i in range(4)] == [2, 1, 3, None]


def test_figure4_pairs_by_hand(session: Session, world: World) -> None:
    _, rows = metric_table(session, "figure4", run_id=world.r1)
    pairs = _by(rows, "agent_a", "agent_b")
    ab = pairs[("alpha", "beta")]
    # 4 shared checkpoints; intervention 3/4 each; acceptability 25 vs 75; accepted L1–L3
    # a1 vs b3 b4 → −25; accepted L0 none vs b1 → −25; −25 − 25 = −50
    assert (ab["n_shared"], ab["delta_intervention_pp"], ab["delta_acceptability_pp"]) == (
        4,
        0.0,
        -50.0,
    )
    assert (ab["action_gain_pp"], ab["restraint_loss_pp"]) == (-25.0, -25.0)
    # alpha vs gamma at hm-01 t2 and ed-03 t3: a1 accepted, a4 g1 g2 rejected → +50, all action
    ag = pairs[("alpha", "gamma")]
    assert (ag["n_shared"], ag["delta_acceptability_pp"], ag["action_gain_pp"]) == (2, 50.0, 50.0)
    # beta vs gamma: b1 (L0) and b4 (L1) accepted → intervention 50 vs 100, +100 = 50 + 50
    bg = pairs[("beta", "gamma")]
    assert (bg["delta_intervention_pp"], bg["delta_acceptability_pp"]) == (-50.0, 100.0)
    assert (bg["action_gain_pp"], bg["restraint_loss_pp"]) == (50.0, 50.0)
    # the service groups rows per agent first; the result is the pure function's
    assert rows == figure4_pairs(judged_responses(session, run_id=world.r1))


def test_figure6_by_hand(session: Session, world: World) -> None:
    _, by_agent = metric_table(session, "figure6", run_id=world.r1)
    assert [(r["agent"], r["retrieval_rounds"], r["acceptability"]) for r in by_agent] == [
        ("alpha", 1.5, 25.0),
        ("beta", 2.0, 75.0),
        ("gamma", 5.0, 0.0),
    ]
    _, access = metric_table(session, "figure6_access", run_id=world.r1)
    # L1 with access: a1 (accept), a4, b2 (insufficient) → 1/3 and 1/3; without: b4 (accept),
    # g2 → 1/2 and 0/2
    with_, without = access
    assert (with_["n"], with_["acceptability"], with_["insufficient"]) == (3, 33.33, 33.33)
    assert (without["n"], without["acceptability"], without["insufficient"]) == (2, 50.0, 0.0)
    _, stats = metric_table(session, "figure6_stats", run_id=world.r1)
    pearson, spearman, lpm = stats
    # x = (1.5, 2, 5), y = (25, 75, 0): Σdxdy = −95.833, Σdx² = 7.1667, Σdy² = 2916.67
    # → r = −95.833 / 144.578 = −0.6628; ranks (1, 2, 3) vs (2, 3, 1): ρ = 1 − 6·6/24 = −0.5
    assert (pearson["estimate"], spearman["estimate"]) == (-0.6628, -0.5)
    assert pearson["n"] == 3
    # only ed-03 t3 has two or more L1 responses: one cluster, no model
    assert lpm["estimate"] is None and "fewer than 2 checkpoints" in lpm["note"]


def test_figure7_by_hand(session: Session, world: World) -> None:
    _, rows = metric_table(session, "figure7", run_id=world.r1)
    by_level = _by(rows, "level")
    # base: rejected L1–L3 with appropriate timing: a4 (L1), g2 (L1), g1 (L2, excessive)
    l1, l2, l3, all_ = (by_level[k] for k in ("L1", "L2", "L3", "L1–L3"))
    assert (l1["n"], l1["appropriate"], l1["excessive"]) == (2, 100.0, 0.0)
    # ed-03 t3 has b4 accepted; hm-01 t2 has a1 and b1 accepted
    assert (l1["accepted_elsewhere_count"], l1["accepted_elsewhere"]) == (2, 100.0)
    assert (l2["n"], l2["excessive"], l2["accepted_elsewhere"]) == (1, 100.0, 100.0)
    assert l3["n"] == 0 and l3["excessive"] is None and l3["excessive_ci"] is None
    assert (all_["n"], all_["excessive"], all_["appropriate"]) == (3, 33.33, 66.67)


def test_figure5_by_hand(session: Session, world: World) -> None:
    _, rows = metric_table(session, "figure5", run_id=world.r1)
    keys = ("agent", "n", "L0", "acceptability", "accepted_action", "accepted_restraint")
    got = [tuple(r[k] for k in keys) for r in rows]
    # alpha: L0 a3; accepted a1 (L1) → 1/4 each, no accepted L0
    # beta: L0 b1; accepted b1 (L0), b3 (L2), b4 (L1) → 3/4 = 2/4 action + 1/4 restraint
    # gamma: g1 (L2) and g2 (L1), both rejected
    assert got == [
        ("alpha", 4, 25.0, 25.0, 25.0, 0.0),
        ("beta", 4, 25.0, 75.0, 50.0, 25.0),
        ("gamma", 2, 0.0, 0.0, 0.0, 0.0),
    ]
    assert rows[1]["accepted_action_ci"] == (15.0, 85.0)  # 2 of 4: 0.5 ± 0.349966
    assert rows[1]["acceptability_ci"] == (30.06, 95.44)  # 3 of 4, as Table 1
    # the page's phase filter: only b4's phase-2 annotation (L1 reject) → beta 0 of 1
    _, phase2 = metric_table(session, "figure5", run_id=world.r1, phase=2)
    assert [(r["agent"], r["n"], r["acceptability"]) for r in phase2] == [("beta", 1, 0.0)]


def test_figure8_by_hand(session: Session, world: World) -> None:
    _, rows = metric_table(session, "figure8", run_id=world.r1)
    # education (ed-03) before home_maintenance (hm-01), DESIGN §2 order
    # education: alpha a3 a4 rejected; beta b3 b4 accepted; gamma g2 rejected → beta leads
    # home_maintenance: alpha a1 ✓ a2 ✗, beta b1 ✓ b2 ✗ (a tie at 1/2), gamma g1 ✗
    assert [
        (r["domain"], r["agent"], r["n"], r["accepted"], r["acceptability"], r["leader"])
        for r in rows
    ] == [
        ("education", "alpha", 2, 0, 0.0, False),
        ("education", "beta", 2, 2, 100.0, True),
        ("education", "gamma", 1, 0, 0.0, False),
        ("home_maintenance", "alpha", 2, 1, 50.0, True),
        ("home_maintenance", "beta", 2, 1, 50.0, True),
        ("home_maintenance", "gamma", 1, 0, 0.0, False),
    ]
    # 2 of 2 → (2 / (2 + z²), 1) = (34.24, 100); 1 of 2 → (9.45, 90.55)
    assert (rows[1]["acceptability_ci"], rows[3]["acceptability_ci"]) == (
        (34.24, 100.0),
        (9.45, 90.55),
    )


def test_figure9_by_hand(session: Session, world: World) -> None:
    _, rows = metric_table(session, "figure9", run_id=world.r1)
    # ed-03 (blockage, education): a3 a4 b3 b4 g2, b3 b4 accepted → 2/5;
    # hm-01 (dependency, home_maintenance): a1 a2 b1 b2 g1, a1 b1 accepted → 2/5
    assert [(r["domain"], r["need_type"], r["n"], r["acceptability"]) for r in rows] == [
        ("education", "blockage", 5, 40.0),
        ("home_maintenance", "dependency", 5, 40.0),
    ]
    assert rows[0]["acceptability_ci"] == (11.76, 76.93)  # 2 of 5
    _, only = metric_table(session, "figure9", run_id=world.r1, domain="education")
    assert [(r["domain"], r["n"]) for r in only] == [("education", 5)]


def test_table10_by_hand(session: Session, world: World) -> None:
    _, rows = metric_table(session, "table10", run_id=world.r1)
    by_category = _by(rows, "category")
    # rejected: a2 a3 a4 b2 g1 g2 = 6; with other issues a3 a4 g2 = 3 → 50% of rejected
    assert by_category["any"]["count"] == 3 and by_category["any"]["share_of_rejected"] == 50.0
    for category in ("unsupported_by_evidence", "irrelevant_action", "factual_contradiction"):
        row = by_category[category]
        # 1 of 3 with issues, 1 of 6 rejected
        assert (row["count"], row["share_within"], row["share_of_rejected"]) == (1, 33.33, 16.67)
    assert by_category["other"]["count"] == 0 and by_category["other"]["share_within"] == 0.0


def test_tables7_8_by_hand(session: Session, world: World) -> None:
    columns, rows = metric_table(session, "tables7_8", run_id=world.r1)
    assert columns[:6] == ("n_events", "responses", "t1", "t2", "t3", "t4")
    five, six, total = rows
    # a row per scenario length (revised corpus: hm-01 has 5 events, ed-03 6), then "all"
    # n = 5 (hm-01): t2 a1 b1 g1, t4 a2 b2; n = 6 (ed-03): t1 a3 b3, t3 a4 b4 g2
    counts = ("n_events", "responses", "t1", "t2", "t3", "t4")
    assert tuple(five[c] for c in counts) == ("5", 5, 0, 3, 0, 2)
    assert tuple(six[c] for c in counts) == ("6", 5, 2, 0, 3, 0)
    assert tuple(total[c] for c in counts) == ("all", 10, 2, 3, 3, 2)
    assert five["cramers_v"] is None and six["max_wasserstein"] is None  # on "all" only
    # agents × t = alpha (1 1 1 1), beta (1 1 1 1), gamma (0 1 1 0): χ² = 1/6 + 1/6 + 4/3 = 5/3,
    # V = sqrt(χ² / (10 · 2)) = 0.2887. Positions (t − 1) / (n − 1): hm-01 t2 → .25, t4 → .75;
    # ed-03 t1 → 0, t3 → .4; so alpha = beta = {0, .25, .4, .75} (¼ each), gamma = {.25, .4}
    # (½ each). W(alpha, beta) = 0; W(alpha, gamma) = Σ |F_a − F_g| · gap
    # = .25 · .25 (on [0, .25)) + 0 · .15 + .25 · .35 (on [.4, .75)) = 0.15, as W(beta, gamma);
    # the first pair reaching it is alpha vs gamma
    assert (total["n_events"], total["cramers_v"], total["max_wasserstein"]) == (
        "all",
        0.2887,
        0.15,
    )
    assert total["max_wasserstein_pair"] == "alpha vs gamma"


def test_agreement_by_hand(session: Session, world: World) -> None:
    _, rows = metric_table(session, "agreement", run_id=world.r1)
    by_field = _by(rows, "field")
    verdict = by_field["verdict"]
    # a1 (accept, accept), b2 (reject, reject), g1 (reject, reject), b4 (accept, reject):
    # p_o = 3/4; marginals a: 2 accept 2 reject, b: 1 accept 3 reject → p_e = 1/8 + 3/8 = 1/2
    # → κ = (3/4 − 1/2) / (1/2) = 0.5; α = 1 − (N − 1) · 2 / (2 · n_acc · n_rej) = 1 − 7·2/30
    assert (verdict["items"], verdict["agreement"], verdict["kappa"]) == (4, 75.0, 0.5)
    assert verdict["alpha"] == 0.5333
    # level all equal (L1 L1 L2 L1 twice): κ = 1
    assert (by_field["level"]["agreement"], by_field["level"]["kappa"]) == (100.0, 1.0)
    # timing with both labels: b2 (belated, premature), g1 (appropriate, appropriate):
    # p_o = 1/2, p_e = 1/2 · 1/2 = 1/4 → κ = (1/2 − 1/4) / (3/4) = 0.3333
    timing = by_field["timing"]
    assert (timing["items"], timing["agreement"], timing["kappa"]) == (2, 50.0, 0.3333)
    # phase 1 only: b4's second annotation is phase 2, so three double-judged responses
    _, phase1 = metric_table(session, "agreement", run_id=world.r1, phase=1)
    assert _by(phase1, "field")["verdict"]["items"] == 3


def test_table11_needs_predictions_and_scores_them(session: Session, world: World) -> None:
    with pytest.raises(KeyError, match="judge predictions"):
        metric_table(session, "table11", run_id=world.r1)
    ids = world.ids
    predictions = {
        ids["a1"]: {"verdict": "accept", "level": "L1", "timing": None, "intensity": None},
        ids["a2"]: {
            "verdict": "reject",
            "level": "L3",
            "timing": "premature",
            "intensity": "excessive",
        },
        ids["b1"]: {"verdict": "reject", "level": "L0", "timing": None, "intensity": None},
        ids["b2"]: {
            "verdict": "reject",
            "level": "L1",
            "timing": "belated",
            "intensity": "excessive",
        },
        "no-such-response": {"verdict": "accept", "level": "L0"},
    }
    _, (summary,) = metric_table(session, "table11", predictions=predictions, run_id=world.r1)
    # 4 matched of 10 human rows; verdicts right on a1 a2 b2 (3/4); all four fields on a1 a2
    assert (summary["n"], summary["unmatched"]) == (4, 6)
    assert (summary["verdict_accuracy"], summary["joint_accuracy"]) == (75.0, 50.0)
    _, confusion = metric_table(
        session, "table11_confusion", predictions=predictions, run_id=world.r1
    )
    verdicts = {
        (r["human"], r["predicted"]): r["count"] for r in confusion if r["field"] == "verdict"
    }
    assert verdicts == {
        ("accept", "accept"): 1,
        ("accept", "reject"): 1,
        ("reject", "accept"): 0,
        ("reject", "reject"): 2,
    }


def test_every_table_row_has_exactly_its_columns(session: Session, world: World) -> None:
    """The typed rows of every named table give exactly the spec's columns, in order, so no
    renderer fills a missing column with None or drops a value."""
    predictions = {world.ids["a1"]: {"verdict": "accept", "level": "L1"}}
    for name in TABLES:
        columns, rows = metric_table(session, name, predictions=predictions, run_id=world.r1)
        assert rows, name
        for row in rows:
            assert tuple(row) == columns, name


def test_every_table_renders_in_every_format(session: Session, world: World) -> None:
    for name, spec in TABLES.items():
        if spec.needs_predictions:
            continue
        columns, rows = metric_table(session, name, run_id=world.r1)
        assert rows, name
        marks = table_marks(name, columns, rows)
        for fmt in ("json", "csv", "latex"):
            text = render_table(columns, rows, fmt, marks=marks)
            assert text.strip(), (name, fmt)
        header = render_table(columns, rows, "csv").splitlines()[0].split(",")
        for column in columns:
            if column.endswith("_ci"):
                assert f"{column}_low" in header and f"{column}_high" in header
                assert column not in header


def test_csv_and_latex_split_intervals_and_mark_ranks(session: Session, world: World) -> None:
    columns, rows = metric_table(session, "table1_ci", run_id=world.r1)
    lines = render_table(columns, rows, "csv").splitlines()
    header = lines[0].split(",")
    assert header[:5] == [
        "agent",
        "n",
        "acceptability",
        "acceptability_ci_low",
        "acceptability_ci_high",
    ]
    assert lines[1].startswith("alpha,4,25.0,4.56,69.94,")
    latex = render_table(columns, rows, "latex", marks=table_marks("table1_ci", columns, rows))
    assert latex.startswith("\\begin{tabular}{l") and "\\toprule" in latex
    assert "acceptability\\_ci\\_low" in latex
    beta_line = next(line for line in latex.splitlines() if line.startswith("beta"))
    assert beta_line.startswith("beta & 4 & \\textbf{75.00} & 30.06 & 95.44")
    alpha_line = next(line for line in latex.splitlines() if line.startswith("alpha"))
    assert "\\underline{25.00}" in alpha_line and "--" in render_table(
        columns, rows, "latex"
    )  # beta's reasoning tokens


def test_rank_marks_ties_and_too_few_rows() -> None:
    rows = [{"agent": "a", "premature": 10.0}, {"agent": "b", "premature": 10.0}]
    assert rank_marks(("agent", "premature"), rows) == {(0, "premature"): 1, (1, "premature"): 1}
    assert rank_marks(("agent", "premature"), rows[:1]) == {}
    with_none = [*rows, {"agent": "c", "premature": None}, {"agent": "all", "premature": 0.0}]
    assert (2, "premature") not in rank_marks(("agent", "premature"), with_none)
    assert (3, "premature") not in rank_marks(("agent", "premature"), with_none)


def test_unknown_table_is_a_key_error(session: Session) -> None:
    with pytest.raises(KeyError, match="available: table1"):
        metric_table(session, "table99")


def test_halo_metrics_prints_every_table_in_every_format(live_db: str) -> None:
    import csv
    import io
    import json

    from typer.testing import CliRunner

    from app.cli import cli
    from app.db import session_scope

    with session_scope() as s:
        world = build_world(s)
        s.commit()
    runner = CliRunner()
    for name, spec in TABLES.items():
        if spec.needs_predictions:
            result = runner.invoke(cli, ["metrics", name, "--run", str(world.r1)])
            if name == "table11":  # Table 11 live: one row per judge run (none here)
                assert result.exit_code == 0 and json.loads(result.stdout) == []
                continue
            assert result.exit_code == 2 and "judge predictions" in result.output
            continue
        for fmt in ("json", "csv", "latex"):
            result = runner.invoke(cli, ["metrics", name, "--format", fmt, "--run", str(world.r1)])
            assert result.exit_code == 0, (name, fmt, result.output)
            if fmt == "json":
                assert isinstance(json.loads(result.stdout), list)
            elif fmt == "csv":
                assert list(csv.DictReader(io.StringIO(result.stdout))), name
            else:
                assert result.stdout.startswith("\\begin{tabular}"), name
    table1 = json.loads(runner.invoke(cli, ["metrics", "table1", "--run", str(world.r1)]).stdout)
    # the DESIGN §10 contract: exactly these keys, rates in percent (alpha: 1 of 4 accepted)
    assert list(table1[0]) == [
        "agent",
        "n",
        "acceptability",
        "L0",
        "L1",
        "L2",
        "L3",
        "inaction",
        "premature",
        "belated",
        "insufficient",
        "excessive",
        "reasoning_tokens_k",
        "retrieval_rounds",
    ]
    assert (table1[0]["agent"], table1[0]["acceptability"]) == ("alpha", 25.0)


def test_halo_metrics_takes_the_analysis_pages_filters(live_db: str) -> None:
    import json
    import re

    from typer.testing import CliRunner

    from app.cli import cli
    from app.db import session_scope

    with session_scope() as s:
        world = build_world(s)
        s.commit()
    runner = CliRunner()

    def printed(*args: str) -> list[dict[str, Any]]:
        result = runner.invoke(cli, ["metrics", *args, "--run", str(world.r1)])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)

    # --need-type dependency: hm-01 only (alpha a1 a2, beta b1 b2, gamma g1)
    rows = printed("table1", "--need-type", "dependency")
    assert [(r["agent"], r["n"], r["acceptability"]) for r in rows] == [
        ("alpha", 2, 50.0),
        ("beta", 2, 50.0),
        ("gamma", 1, 0.0),
    ]
    # --domain education: ed-03 only; --phase 2: b4's second annotation only
    assert [(r["agent"], r["n"]) for r in printed("table1_ci", "--domain", "education")] == [
        ("alpha", 2),
        ("beta", 2),
        ("gamma", 1),
    ]
    assert [(r["agent"], r["n"], r["L1"]) for r in printed("table1", "--phase", "2")] == [
        ("beta", 1, 100.0)
    ]
    assert printed("figure9", "--need-type", "blockage", "--domain", "home_maintenance") == []
    # every filter equals the same filters given to the tables directly (one definition)
    with session_scope() as s:
        for args, filters in (
            (("--need-type", "dependency"), {"need_type": "dependency"}),
            (("--domain", "education", "--phase", "1"), {"domain": "education", "phase": 1}),
        ):
            for name in ("table2", "figure5", "figure8", "table10"):
                direct = metric_table(s, name, run_id=world.r1, **filters)[1]
                assert printed(name, *args) == json.loads(json.dumps(direct)), (name, args)
    # bad values: a clear error that lists what is allowed, nothing on stdout
    for args, expected in (
        (("--need-type", "urgent"), "'dependency', 'blockage', 'risk', 'opportunity'"),
        (("--domain", "space"), "'workplace', 'education', 'health'"),
        (("--phase", "0"), "--phase"),
    ):
        result = runner.invoke(cli, ["metrics", "table1", *args])
        assert result.exit_code == 2 and result.stdout == "", args
        # typer's error box may wrap the message: compare without its borders and line breaks
        message = re.sub(r"[\s│╭╮╰╯─]+", " ", result.output)
        assert expected in message, (args, result.output)

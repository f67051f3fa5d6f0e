"""Scenario audit on PostgreSQL: votes, status transitions, adjudication, queues, Table 6 counts."""

from __future__ import annotations

import pytest
from sqlalchemy import func
from sqlmodel import Session, select

from app.annotation.audit import (
    CRITERIA,
    adjudicate,
    adjudication_queue,
    audit_queue,
    audit_statistics,
    cast_vote,
    check_vote,
    load_review,
)
from app.annotation.creation import NothingToAssign
from app.annotation.service import annotator_queue
from app.errors import ConflictError, ForbiddenError, NotFoundError, UnprocessableError
from app.models import Assignment, AuditDecision, AuditVote, Scenario
from tests.factories import assign_paired, make_run, make_user

PASS = dict.fromkeys(CRITERIA, "pass")


def failing(*keys: str) -> dict[str, str]:
    return {**PASS, **dict.fromkeys(keys, "fail")}


def approve(session: Session, scenario_id: str, reviewer, comment: str = "sound") -> AuditVote:
    return cast_vote(
        session,
        scenario_id=scenario_id,
        reviewer=reviewer,
        vote="approve",
        criteria=PASS,
        comment=comment,
    )


def reject(session: Session, scenario_id: str, reviewer, *failed: str) -> AuditVote:
    return cast_vote(
        session,
        scenario_id=scenario_id,
        reviewer=reviewer,
        vote="reject",
        criteria=failing(*(failed or ("causal_support",))),
        comment="the need does not follow",
    )


def status(session: Session, scenario_id: str) -> str:
    scenario = session.get(Scenario, scenario_id)
    assert scenario is not None
    session.refresh(scenario)
    return scenario.audit_status


@pytest.fixture
def people(session: Session):
    """Two researchers, two leads, an admin and an annotator."""
    return {
        "r1": make_user(session, role="researcher"),
        "r2": make_user(session, role="researcher"),
        "lead": make_user(session, role="lead"),
        "lead2": make_user(session, role="lead"),
        "admin": make_user(session, role="admin"),
        "annotator": make_user(session, role="annotator"),
    }


def test_two_approvals_accept(session: Session, people) -> None:
    approve(session, "hm-01", people["r1"])
    assert status(session, "hm-01") == "pending"
    approve(session, "hm-01", people["lead"])
    assert status(session, "hm-01") == "accepted"


def test_two_rejections_reject(session: Session, people) -> None:
    reject(session, "hm-02", people["r1"])
    assert status(session, "hm-02") == "pending"
    reject(session, "hm-02", people["admin"], "need_identity")
    assert status(session, "hm-02") == "rejected"


def test_disagreement_is_a_split(session: Session, people) -> None:
    approve(session, "hm-03", people["r1"])
    reject(session, "hm-03", people["r2"])
    assert status(session, "hm-03") == "split"


def test_same_reviewer_cannot_vote_twice(session: Session, people) -> None:
    approve(session, "hm-01", people["r1"])
    with pytest.raises(ConflictError, match="already voted"):
        reject(session, "hm-01", people["r1"])
    assert status(session, "hm-01") == "pending"
    votes = session.exec(select(AuditVote).where(AuditVote.scenario_id == "hm-01")).all()
    assert [v.vote for v in votes] == ["approve"]


def test_third_vote_is_refused(session: Session, people) -> None:
    approve(session, "hm-01", people["r1"])
    reject(session, "hm-01", people["r2"])
    with pytest.raises(ConflictError, match="two reviewers have voted; a split goes to adj"):
        approve(session, "hm-01", people["lead"])
    assert status(session, "hm-01") == "split"
    count = session.exec(
        select(func.count()).select_from(AuditVote).where(AuditVote.scenario_id == "hm-01")
    ).one()
    assert count == 2


def test_annotators_do_not_audit(session: Session, people) -> None:
    with pytest.raises(ForbiddenError):
        approve(session, "hm-01", people["annotator"])
    with pytest.raises(ForbiddenError):
        audit_queue(session, people["annotator"])
    with pytest.raises(ForbiddenError):
        load_review(session, people["annotator"], "hm-01")


def test_unknown_scenario(session: Session, people) -> None:
    with pytest.raises(NotFoundError):
        approve(session, "zz-99", people["r1"])


@pytest.mark.parametrize(
    ("vote", "criteria", "comment", "field"),
    [
        ("maybe", PASS, "x", "vote"),
        ("approve", {k: "pass" for k in list(CRITERIA)[:4]}, "x", "criteria"),
        ("approve", {**PASS, "realism": "pass"}, "x", "criteria"),
        ("approve", {**PASS, "need_identity": "unsure"}, "x", "criteria"),
        ("approve", failing("timing_boundaries"), "x", "criteria"),
        ("reject", PASS, "x", "criteria"),
        ("approve", PASS, "   ", "comment"),
        ("approve", PASS, "x" * 4001, "comment"),
    ],
)
def test_vote_input_rules(vote, criteria, comment, field) -> None:
    with pytest.raises(UnprocessableError) as info:
        check_vote(vote, criteria, comment)
    assert info.value.field == field


def test_invalid_vote_stores_nothing(session: Session, people) -> None:
    with pytest.raises(UnprocessableError):
        cast_vote(
            session,
            scenario_id="hm-01",
            reviewer=people["r1"],
            vote="approve",
            criteria=PASS,
            comment="",
        )
    assert session.exec(select(AuditVote).where(AuditVote.scenario_id == "hm-01")).all() == []
    approve(session, "hm-01", people["r1"])  # the lock was released; a valid vote goes through


def test_vote_is_stored_normalised(session: Session, people) -> None:
    vote = reject(session, "hm-01", people["r1"], "retrieval_necessity", "timing_boundaries")
    assert list(vote.criteria) == list(CRITERIA)
    assert vote.criteria["retrieval_necessity"] == "fail"
    assert vote.criteria["causal_support"] == "pass"
    assert vote.comment == "the need does not follow"


def test_adjudication_rules(session: Session, people) -> None:
    approve(session, "hm-03", people["r1"])
    with pytest.raises(ConflictError, match="not split"):
        adjudicate(
            session, scenario_id="hm-03", adjudicator=people["lead"], decision="accept", comment="x"
        )
    reject(session, "hm-03", people["lead2"])
    assert status(session, "hm-03") == "split"
    with pytest.raises(ForbiddenError, match="only leads and admins"):
        adjudicate(
            session, scenario_id="hm-03", adjudicator=people["r2"], decision="accept", comment="x"
        )
    with pytest.raises(ForbiddenError, match="you reviewed"):
        adjudicate(
            session,
            scenario_id="hm-03",
            adjudicator=people["lead2"],
            decision="accept",
            comment="x",
        )
    with pytest.raises(UnprocessableError) as info:
        adjudicate(
            session, scenario_id="hm-03", adjudicator=people["lead"], decision="accept", comment=""
        )
    assert info.value.field == "comment"
    with pytest.raises(UnprocessableError):
        adjudicate(
            session, scenario_id="hm-03", adjudicator=people["lead"], decision="maybe", comment="x"
        )
    assert status(session, "hm-03") == "split"
    decision = adjudicate(
        session,
        scenario_id="hm-03",
        adjudicator=people["lead"],
        decision="reject",
        comment="the window closes earlier than labelled",
    )
    assert decision.decision == "reject"
    assert status(session, "hm-03") == "rejected"
    with pytest.raises(ConflictError):
        adjudicate(
            session,
            scenario_id="hm-03",
            adjudicator=people["admin"],
            decision="accept",
            comment="x",
        )
    decisions = session.exec(select(AuditDecision).where(AuditDecision.scenario_id == "hm-03"))
    assert len(decisions.all()) == 1


def test_admin_may_adjudicate_and_accept(session: Session, people) -> None:
    approve(session, "hm-04", people["r1"])
    reject(session, "hm-04", people["r2"])
    adjudicate(
        session, scenario_id="hm-04", adjudicator=people["admin"], decision="accept", comment="ok"
    )
    assert status(session, "hm-04") == "accepted"


def test_audit_queue_spreads_work(session: Session, people) -> None:
    first = [i.scenario_id for i in audit_queue(session, people["r1"])]
    total = session.exec(select(func.count()).select_from(Scenario)).one()
    assert first == sorted(first) and len(first) == total
    approve(session, "hm-01", people["r1"])  # r1 voted: gone from r1's queue only
    reject(session, "hm-02", people["r2"])  # one vote: still in r1's queue
    approve(session, "hm-03", people["r2"])
    approve(session, "hm-03", people["lead"])  # two votes: gone from everyone's queue
    queue_r1 = [i.scenario_id for i in audit_queue(session, people["r1"])]
    queue_admin = [i.scenario_id for i in audit_queue(session, people["admin"])]
    assert "hm-01" not in queue_r1 and "hm-01" in queue_admin
    assert "hm-02" in queue_r1 and "hm-02" not in [
        i.scenario_id for i in audit_queue(session, people["r2"])
    ]
    assert "hm-03" not in queue_r1 and "hm-03" not in queue_admin
    assert len(queue_admin) == total - 1


def test_first_vote_is_hidden_from_everyone_else(session: Session, people) -> None:
    approve(session, "hm-01", people["r1"], comment="first reviewer's private reasoning")
    second = load_review(session, people["r2"], "hm-01")
    assert second.votes == [] and second.hidden_votes == 1 and second.can_vote
    lead = load_review(session, people["lead"], "hm-01")
    assert lead.votes == [] and lead.can_vote
    own = load_review(session, people["r1"], "hm-01")
    assert [v.vote.comment for v in own.votes] == ["first reviewer's private reasoning"]
    assert not own.can_vote
    reject(session, "hm-01", people["r2"])
    after = load_review(session, people["r2"], "hm-01")
    assert len(after.votes) == 2 and not after.can_vote
    assert len(load_review(session, people["lead"], "hm-01").votes) == 2  # for adjudication


def test_adjudication_queue(session: Session, people) -> None:
    approve(session, "hm-03", people["r1"])
    reject(session, "hm-03", people["lead2"])
    approve(session, "hm-05", people["r1"])
    reject(session, "hm-05", people["r2"])
    approve(session, "hm-06", people["r1"])  # one vote only: not a split
    assert [i.scenario.id for i in adjudication_queue(session)] == ["hm-03", "hm-05"]
    item = adjudication_queue(session)[0]
    assert [v.vote.vote for v in item.votes] == ["approve", "reject"]
    assert [i.scenario.id for i in adjudication_queue(session, people["lead2"])] == ["hm-05"]
    adjudicate(
        session, scenario_id="hm-05", adjudicator=people["lead"], decision="accept", comment="ok"
    )
    assert [i.scenario.id for i in adjudication_queue(session)] == ["hm-03"]


def test_statistics_by_hand(session: Session, people) -> None:
    r1, r2, lead, admin = people["r1"], people["r2"], people["lead"], people["admin"]
    # approve/approve ×2
    approve(session, "ed-01", r1)
    approve(session, "ed-01", r2)
    approve(session, "ed-02", r1)
    approve(session, "ed-02", lead)
    # reject/reject ×1 (fails: causal ×2, need ×1)
    reject(session, "ed-03", r1, "causal_support", "need_identity")
    reject(session, "ed-03", r2, "causal_support")
    # splits ×3: one adjudicated accept, one adjudicated reject, one waiting
    approve(session, "ed-04", r1)
    reject(session, "ed-04", r2, "timing_boundaries")
    approve(session, "ed-05", r1)
    reject(session, "ed-05", r2, "timing_boundaries", "retrieval_necessity")
    reject(session, "ed-06", r1, "proportional_intensity")
    approve(session, "ed-06", r2)
    adjudicate(session, scenario_id="ed-04", adjudicator=lead, decision="accept", comment="ok")
    adjudicate(session, scenario_id="ed-05", adjudicator=admin, decision="reject", comment="no")
    # one vote only: counted as a vote, its criteria stay private
    reject(session, "ed-07", r1, "need_identity")

    stats = audit_statistics(session)
    total = session.exec(select(func.count()).select_from(Scenario)).one()
    assert stats.scenarios == total
    assert stats.pairs == {"approve/approve": 2, "approve/reject": 3, "reject/reject": 1}
    assert stats.adjudicated == {"accepted": 1, "rejected": 1}
    assert stats.awaiting_adjudication == 1
    assert stats.criterion_failures == {  # ed-07's lone vote is not counted
        "causal_support": 2,
        "need_identity": 1,
        "timing_boundaries": 2,
        "retrieval_necessity": 1,
        "proportional_intensity": 1,
    }
    assert stats.votes == 13
    assert stats.one_vote == 1
    assert stats.unreviewed == total - 7
    assert (stats.accepted, stats.rejected) == (3, 2)
    assert stats.agreement == pytest.approx(3 / 6)
    statuses = {s: status(session, s) for s in ("ed-04", "ed-05", "ed-06", "ed-07")}
    assert statuses == {
        "ed-04": "accepted",
        "ed-05": "rejected",
        "ed-06": "split",
        "ed-07": "pending",
    }


def test_empty_statistics(session: Session) -> None:
    stats = audit_statistics(session)
    assert stats.votes == 0 and stats.agreement is None
    assert stats.unreviewed == stats.scenarios


def test_rejected_scenario_leaves_annotation_queues(session: Session, people) -> None:
    make_run(session, scenario_ids=["wp-01", "wp-02"])
    annotator = people["annotator"]
    reject(session, "wp-01", people["r1"])
    reject(session, "wp-01", people["r2"])
    approve(session, "wp-02", people["r1"])
    reject(session, "wp-02", people["r2"])  # split: not (yet) audited out
    assign_paired(session, annotator_ids=[annotator.id])
    assigned = session.exec(select(Assignment).where(Assignment.annotator_id == annotator.id)).all()
    scenarios = {i.scenario_id for i in annotator_queue(session, annotator)}
    assert scenarios == {"wp-02"} and len(assigned) == 6
    # audited out after assignment: its responses leave the queue too
    adjudicate(
        session, scenario_id="wp-02", adjudicator=people["lead"], decision="reject", comment="no"
    )
    assert annotator_queue(session, annotator) == []
    with pytest.raises(NothingToAssign):  # nothing new: both scenarios are audited out
        assign_paired(session, annotator_ids=[annotator.id])


def test_an_audited_out_item_cannot_be_opened_or_judged_by_url(session) -> None:
    from app.annotation.service import annotator_queue, load_item
    from app.errors import NotFoundError
    from app.models import Scenario
    from tests.factories import assign_paired, make_run, make_user

    make_run(session, scenario_ids=["ss-03"])
    annotator = make_user(session)
    assign_paired(session, annotator_ids=[annotator.id])
    item = annotator_queue(session, annotator)[0]
    scenario = session.get(Scenario, "ss-03")
    scenario.audit_status = "rejected"
    session.add(scenario)
    session.commit()
    import pytest

    with pytest.raises(NotFoundError, match="audited out"):
        load_item(session, annotator, item.response_id)

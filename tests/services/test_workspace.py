"""The annotator's workflow in the domain layer (app.annotation.workspace, DESIGN.md §7): what
open_item shows (draft restored or stale, the timeline) and what submit comes to (saved with
the next open item, invalid, conflict, lapsed), each submit one transaction."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta

import pytest
from sqlalchemy import event
from sqlmodel import Session, col, select

from app.annotation import drafts, workspace
from app.annotation.creation import create_batch
from app.annotation.workspace import Answers
from app.errors import NotFoundError
from app.models import (
    Annotation,
    AnnotationDraft,
    AnnotationRevision,
    Assignment,
    Checkpoint,
    Response,
    Scenario,
)
from app.models.base import utcnow
from tests.factories import make_run, make_user, submit_answers

REJECT_L3 = Answers(level="L3", verdict="reject", timing="premature", intensity="excessive")
ACCEPT_L3 = Answers(level="L3", verdict="accept")


@pytest.fixture
def world(session: Session):
    run = make_run(session, scenario_ids=["wp-01", "wp-02"])
    annotator, lead = make_user(session), make_user(session, role="lead")
    create_batch(session, name="w", annotator_ids=[annotator.id], created_by=lead.id, run_id=run.id)
    return {"annotator": annotator, "other": make_user(session), "run": run}


def _order(session: Session, annotator_id: int) -> list[str]:
    """The annotator's response ids in queue order, worked out here: scenario, checkpoint,
    then sha256("blind:<id>") (the blinded shuffle)."""
    rows = session.exec(
        select(Response.id, Checkpoint.scenario_id, Checkpoint.t)
        .join(Assignment, col(Assignment.response_id) == col(Response.id))
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(Assignment.annotator_id == annotator_id, col(Assignment.released_at).is_(None))
    ).all()
    key = {r: (s, t, hashlib.sha256(f"blind:{r}".encode()).hexdigest()) for r, s, t in rows}
    return sorted(key, key=key.__getitem__)


def _acted(session: Session, order: list[str]) -> list[str]:
    """The response ids of `order` whose response took an L3 action."""
    return [r for r in order if session.get(Response, r).level_predicted == "L3"]


def _commits(session: Session) -> list[int]:
    """A list that grows by one at every commit of `session`."""
    seen: list[int] = []
    event.listen(session, "after_commit", lambda _s: seen.append(1))
    return seen


def _draft(session: Session, annotator, response_id: str, answers: Answers, base: int | None):
    return drafts.save_draft(
        session,
        annotator=annotator,
        response_id=response_id,
        data=answers.draft(),
        base_version=base,
    )


# ---------------------------------------------------------------------------------------------
# open_item


def test_open_item_shows_the_predicted_level_and_the_timeline(session: Session, world) -> None:
    a = world["annotator"]
    order = _order(session, a.id)
    response_id = order[1]
    page = workspace.open_item(session, annotator=a, response_id=response_id)
    response = session.get(Response, response_id)
    checkpoint = session.get(Checkpoint, response.checkpoint_id)
    events = session.get(Scenario, checkpoint.scenario_id).events[: checkpoint.t]
    assert [e.id for e in page.timeline] == [e["id"] for e in events]
    assert page.timeline[0].gap is None
    for before, now, shown in zip(events, events[1:], page.timeline[1:], strict=False):
        gap = datetime.fromisoformat(now["at"]) - datetime.fromisoformat(before["at"])
        assert shown.gap == gap and shown.when == datetime.fromisoformat(now["at"])
    assert page.values == {
        "level": response.level_predicted,
        "verdict": None,
        "timing": None,
        "intensity": None,
        "other_issues": [],
    }
    assert (page.version, page.restored, page.stale_draft, page.stored) == (None, None, None, None)
    assert (page.previous, page.following) == (order[0], order[2])
    progress = workspace.open_progress(session, annotator=a, response_id=order[1])
    assert (progress.position, progress.total, progress.done) == (2, len(order), 0)


def test_open_item_restores_a_newer_draft_written_on_the_saved_version(
    session: Session, world
) -> None:
    a = world["annotator"]
    response_id = _acted(session, _order(session, a.id))[0]
    submit_answers(session, annotator=a, response_id=response_id, form=ACCEPT_L3.diagnosis())
    written = _draft(session, a, response_id, REJECT_L3, base=1)
    page = workspace.open_item(session, annotator=a, response_id=response_id)
    assert page.values["verdict"] == "reject" and page.values["timing"] == "premature"
    assert page.restored == written.updated_at and page.stale_draft is None
    assert page.version == 1 and page.stored is None
    # a draft on the saved version but older than the save is neither restored nor stale
    written.updated_at = utcnow() - timedelta(days=1)
    session.add(written)
    session.commit()
    page = workspace.open_item(session, annotator=a, response_id=response_id)
    assert page.values["verdict"] == "accept"
    assert (page.restored, page.stale_draft) == (None, None)


def test_open_item_keeps_a_stale_draft_aside_unless_asked_for(session: Session, world) -> None:
    a = world["annotator"]
    response_id = _acted(session, _order(session, a.id))[0]
    submit_answers(session, annotator=a, response_id=response_id, form=ACCEPT_L3.diagnosis())
    # another tab, opened before the save, keeps autosaving on no version (a save discards the
    # draft it finds, so a stale one is one written after the save on an older version)
    written = _draft(session, a, response_id, REJECT_L3, base=None)
    page = workspace.open_item(session, annotator=a, response_id=response_id)
    assert page.values["verdict"] == "accept"  # the saved version, not the stale draft
    assert page.stale_draft == written.updated_at and page.restored is None
    assert page.version == 1
    page = workspace.open_item(session, annotator=a, response_id=response_id, show_stale_draft=True)
    assert page.values["verdict"] == "reject" and page.restored == written.updated_at
    assert page.stored is not None and (page.stored.version, page.stored.verdict) == (1, "accept")
    assert page.version == 1  # submitting it replaces version 1 on purpose


def test_open_item_of_a_lapsed_item_says_why_and_keeps_the_draft(session: Session, world) -> None:
    a = world["annotator"]
    response_id = _order(session, a.id)[0]
    _draft(session, a, response_id, REJECT_L3, base=None)
    for assignment in session.exec(select(Assignment).where(Assignment.annotator_id == a.id)):
        assignment.expires_at = utcnow() - timedelta(minutes=1)
        session.add(assignment)
    session.commit()
    with pytest.raises(workspace.ItemGone) as gone:
        workspace.open_item(session, annotator=a, response_id=response_id)
    assert "time ran out" in gone.value.lapse.message
    assert gone.value.lapse.values["verdict"] == "reject"
    assert gone.value.lapse.submitted is False
    with pytest.raises(NotFoundError) as never:  # never theirs: a plain not-found
        workspace.open_item(session, annotator=world["other"], response_id=response_id)
    assert not isinstance(never.value, workspace.ItemGone)


# ---------------------------------------------------------------------------------------------
# submit


def test_submit_saves_discards_the_draft_and_names_the_next_open_item_in_one_commit(
    session: Session, world
) -> None:
    a = world["annotator"]
    order = _order(session, a.id)
    first = order[0]
    answers = Answers(level=session.get(Response, first).level_predicted, verdict="accept")
    _draft(session, a, first, answers, base=None)
    commits = _commits(session)
    outcome = workspace.submit(
        session, annotator=a, response_id=first, answers=answers, expected_version=None
    )
    assert len(commits) == 1
    assert outcome.result == "saved" and outcome.next_open == order[1]
    assert outcome.page is None and outcome.lapse is None
    saved = session.exec(select(Annotation).where(Annotation.response_id == first)).one()
    assert (saved.verdict, saved.version) == ("accept", 1)
    assert drafts.get_draft(session, annotator=a, response_id=first) is None
    # the last item wraps round to the first open one before it
    last = order[-1]
    outcome = workspace.submit(
        session,
        annotator=a,
        response_id=last,
        answers=Answers(level=session.get(Response, last).level_predicted, verdict="accept"),
        expected_version=None,
    )
    assert outcome.next_open == order[1]


def test_submitting_the_last_open_item_finishes_the_queue(session: Session, world) -> None:
    a = world["annotator"]
    order = _order(session, a.id)
    for response_id in order[:-1]:
        level = session.get(Response, response_id).level_predicted
        submit_answers(
            session,
            annotator=a,
            response_id=response_id,
            form={"level": level, "verdict": "accept"},
        )
    level = session.get(Response, order[-1]).level_predicted
    outcome = workspace.submit(
        session,
        annotator=a,
        response_id=order[-1],
        answers=Answers(level=level, verdict="accept"),
        expected_version=None,
    )
    assert outcome.result == "saved" and outcome.next_open is None


def test_a_failure_after_the_save_rolls_back_the_whole_submit(
    session: Session, world, monkeypatch: pytest.MonkeyPatch
) -> None:
    a = world["annotator"]
    response_id = _acted(session, _order(session, a.id))[0]
    _draft(session, a, response_id, REJECT_L3, base=None)

    def broken(*_args, **_kwargs):
        raise RuntimeError("the next item could not be found")

    monkeypatch.setattr(workspace.queue, "next_open", broken)  # runs after the save
    with pytest.raises(RuntimeError):
        workspace.submit(
            session, annotator=a, response_id=response_id, answers=REJECT_L3, expected_version=None
        )
    assert session.exec(select(Annotation).where(Annotation.response_id == response_id)).all() == []
    assert session.exec(select(AnnotationRevision)).all() == []
    kept = session.exec(
        select(AnnotationDraft).where(AnnotationDraft.response_id == response_id)
    ).one()
    assert kept.data["verdict"] == "reject"  # the draft was not discarded either


def test_an_invalid_submit_saves_nothing_and_shows_the_answers_with_the_reason(
    session: Session, world
) -> None:
    a = world["annotator"]
    response_id = _acted(session, _order(session, a.id))[0]
    submit_answers(session, annotator=a, response_id=response_id, form=ACCEPT_L3.diagnosis())
    broken = Answers(level="L3", verdict="reject", timing="appropriate", intensity="appropriate")
    outcome = workspace.submit(
        session, annotator=a, response_id=response_id, answers=broken, expected_version=1
    )
    assert outcome.result == "invalid" and outcome.page is not None
    assert outcome.page.error.field == "other_issues"
    assert outcome.page.error.message.startswith("Other issues: ")
    assert outcome.page.values["timing"] == "appropriate"
    assert outcome.page.version == 1 and outcome.page.issues_required is True
    saved = session.exec(select(Annotation).where(Annotation.response_id == response_id)).one()
    assert (saved.verdict, saved.version) == ("accept", 1)
    # a note for an issue that is not ticked is refused, and shown back as written
    noted = Answers(level="L3", verdict="reject", notes={"other": "  kept as typed "})
    outcome = workspace.submit(
        session, annotator=a, response_id=response_id, answers=noted, expected_version=None
    )
    assert outcome.result == "invalid" and outcome.page.version is None
    assert outcome.page.values["other_issues"] == [
        {"category": "other", "note": "  kept as typed "}
    ]


def test_a_conflicting_submit_shows_the_stored_version_beside_the_answers(
    session: Session, world
) -> None:
    a = world["annotator"]
    response_id = _acted(session, _order(session, a.id))[0]
    submit_answers(session, annotator=a, response_id=response_id, form=ACCEPT_L3.diagnosis())
    outcome = workspace.submit(
        session, annotator=a, response_id=response_id, answers=REJECT_L3, expected_version=None
    )
    assert outcome.result == "conflict" and outcome.page is not None
    assert outcome.page.error.field == "version" and "saved elsewhere" in outcome.page.error.message
    assert outcome.page.stored.version == 1 and outcome.page.stored.verdict == "accept"
    assert outcome.page.values["verdict"] == "reject" and outcome.page.version == 1
    assert [r.version for r in session.exec(select(AnnotationRevision))] == [1]  # nothing new


def test_a_submit_for_a_lapsed_item_keeps_the_answers_as_a_draft(session: Session, world) -> None:
    a = world["annotator"]
    response_id = _acted(session, _order(session, a.id))[0]
    for assignment in session.exec(select(Assignment).where(Assignment.annotator_id == a.id)):
        assignment.expires_at = utcnow() - timedelta(minutes=1)
        session.add(assignment)
    session.commit()
    commits = _commits(session)
    outcome = workspace.submit(
        session, annotator=a, response_id=response_id, answers=REJECT_L3, expected_version=None
    )
    assert len(commits) == 1  # the draft
    assert outcome.result == "lapsed" and outcome.lapse.submitted is True
    assert "NOT submitted" in outcome.lapse.message and "time ran out" in outcome.lapse.message
    assert outcome.lapse.values["verdict"] == "reject"
    assert session.exec(select(Annotation)).all() == []
    draft = drafts.get_draft(session, annotator=a, response_id=response_id)
    assert draft is not None and draft.data["timing"] == "premature"
    with pytest.raises(NotFoundError):  # never theirs: nothing kept
        workspace.submit(
            session,
            annotator=world["other"],
            response_id=response_id,
            answers=REJECT_L3,
            expected_version=None,
        )
    assert drafts.get_draft(session, annotator=world["other"], response_id=response_id) is None


def test_a_draft_keeps_only_words_of_the_vocabulary(session: Session, world) -> None:
    a = world["annotator"]
    response_id = _acted(session, _order(session, a.id))[0]
    sent = {
        "level": "L3",
        "verdict": "reject",
        "timing": "belated",
        "intensity": "excessive",
        "other_issues": ["other", "made_up"],
        "notes": {"other": "x" * 6000, "made_up": "dropped"},
        "extra": "dropped",
    }
    kept = drafts.save_draft(
        session, annotator=a, response_id=response_id, data=sent, base_version=None
    ).data
    assert kept["timing"] == "belated" and kept["intensity"] == "excessive"
    assert kept["other_issues"] == ["other"] and len(kept["notes"]["other"]) == 5000
    assert "extra" not in kept and set(kept["notes"]) == {"other"}
    for timing, intensity in (("soon", "appropriate"), ("appropriate", "huge")):
        kept = drafts.save_draft(
            session,
            annotator=a,
            response_id=response_id,
            data={"timing": timing, "intensity": intensity},
            base_version=None,
        ).data
        assert (kept["timing"], kept["intensity"]) == (
            None if timing == "soon" else timing,
            None if intensity == "huge" else intensity,
        )

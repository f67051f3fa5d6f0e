"""The annotator's workspace: the queue, the diagnosis page and its submit (DESIGN.md §7).

One function per page or action, so the web layer parses, makes one call and renders:

* :func:`open_queue`, :func:`open_checkpoint` and :func:`open_item` read (they never write):
  :func:`open_item` decides whether a draft is restored or stale and builds the timeline.
* :func:`response_view` is what the item page shows of a response, for anyone who must see
  exactly that and no more (the automatic judges of DESIGN §12 and their training data).
* :func:`submit` saves the judgement, discards the draft and finds the next open item in one
  transaction (commits once); a refused submit comes back as a :class:`SubmitOutcome` with the
  page to show again, and answers sent for an item that left the queue are kept as a draft.

Blinded: nothing here carries an agent's name; responses at a checkpoint are labelled A, B, C…
in a stable shuffled order (:func:`app.annotation.service.blind_order`). The queue is read a few
rows at a time from its index (:mod:`app.annotation.queue`), never loaded whole.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from enum import Enum
from typing import Any, Literal

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from app.agents import parts
from app.annotation import drafts, queue, rules
from app.annotation.service import (
    SAVING_ELSEWHERE,
    Departure,
    DiagnosisItem,
    load_item,
    queue_departures,
    record_diagnosis,
    revisions,
)
from app.errors import ConflictError, NotFoundError, UnprocessableError
from app.models import (
    Annotation,
    AnnotationRevision,
    Checkpoint,
    Environment,
    Response,
    Scenario,
    User,
)
from app.models.base import as_utc
from app.vocabulary import ResponseStatus

# ---------------------------------------------------------------------------------------------
# What the annotator sent


@dataclass(frozen=True)
class Answers:
    """The diagnosis form as the annotator sent it, before any rule is checked.

    Attributes:
        level / verdict / timing / intensity: the chosen values (None or "" when none).
        ticked: the other-issue categories ticked, in the order sent.
        notes: category → the note written for it, for every category of
            :data:`app.annotation.rules.OTHER_ISSUES` ("" when none).
    """

    level: str | None = None
    verdict: str | None = None
    timing: str | None = None
    intensity: str | None = None
    ticked: tuple[str, ...] = ()
    notes: dict[str, str] = field(default_factory=dict)

    def note(self, category: str) -> str:
        """The note written for `category`, as sent ("" when none)."""
        return self.notes.get(category, "")

    def diagnosis(self) -> dict[str, Any]:
        """The answers as a diagnosis to check and save (other issues with stripped notes).

        Raises:
            UnprocessableError: a note written for a category that is not ticked (it would be
                lost); ``field`` is ``other_issues``.
        """
        for category in rules.OTHER_ISSUES:
            if self.note(category).strip() and category not in self.ticked:
                raise UnprocessableError(
                    f"a note is written for {rules.ISSUE_LABELS[category]} but the issue is not "
                    "ticked; tick it or clear the note",
                    "other_issues",
                )
        return {
            "level": self.level,
            "verdict": self.verdict,
            "timing": self.timing or None,
            "intensity": self.intensity or None,
            "other_issues": [{"category": c, "note": self.note(c).strip()} for c in self.ticked],
        }

    def shown(self) -> dict[str, Any]:
        """The answers as the page shows them back when they cannot be read as a diagnosis.

        Every category ticked or with a note is listed, with the note as written.
        """
        return {
            "level": self.level,
            "verdict": self.verdict,
            "timing": self.timing,
            "intensity": self.intensity,
            "other_issues": [
                {"category": c, "note": self.note(c)}
                for c in rules.OTHER_ISSUES
                if self.note(c) or c in self.ticked
            ],
        }

    def draft(self) -> dict[str, Any]:
        """The answers as a draft (see :func:`app.annotation.drafts.save_draft`)."""
        return {
            "level": self.level,
            "verdict": self.verdict,
            "timing": self.timing,
            "intensity": self.intensity,
            "other_issues": list(self.ticked),
            "notes": {c: self.note(c) for c in rules.OTHER_ISSUES},
        }


# ---------------------------------------------------------------------------------------------
# The queue and the checkpoint view


@dataclass(frozen=True)
class QueuePage:
    """The annotator's queue page: one window of rows, filtered, with the counts.

    Attributes:
        window: the rows shown (:class:`app.annotation.queue.QueueWindow`), with their blinded
            labels and their scenarios' summaries.
        filters: the filters applied.
        total / done: items in the whole queue and items judged (unfiltered).
        first_open: the first unjudged item of the queue, None when all are judged.
        departures: judged items that left the queue, and why.
        scenarios: ``(id, title)`` of the scenarios in the queue (for the scenario filter).
        has_due: True when an unjudged item of a scenario shown has a due time.
    """

    window: queue.QueueWindow
    filters: queue.QueueFilters
    total: int
    done: int
    first_open: str | None
    departures: list[Departure]
    scenarios: list[tuple[str, str]]
    has_due: bool


def open_queue(
    session: Session,
    *,
    annotator: User,
    filters: queue.QueueFilters | None = None,
    after: str | None = None,
    before: str | None = None,
    last: bool = False,
) -> QueuePage:
    """One page of the annotator's queue with the judged items that left it (read only).

    Only the rows shown are loaded (:mod:`app.annotation.queue`); the counts are COUNTs in SQL.

    Args:
        session: database session (read only).
        annotator: the annotator.
        filters: which items to list (None: all).
        after: list the rows after this item (see :func:`app.annotation.queue.queue_window`).
        before: list the rows before this item.
        last: list the last page.
    """
    assert annotator.id is not None
    filters = filters or queue.QueueFilters()
    counts = queue.progress(session, annotator.id)
    window = queue.queue_window(
        session,
        annotator.id,
        filters,
        after=after,
        before=before,
        last=last,
        matching=None if filters.active else counts.total,
    )
    return QueuePage(
        window=window,
        filters=filters,
        total=counts.total,
        done=counts.done,
        first_open=queue.next_open(session, annotator.id, None),
        departures=queue_departures(session, annotator),
        scenarios=queue.queue_scenarios(session, annotator.id),
        has_due=any(summary.due for summary in window.scenarios.values()),
    )


@dataclass(frozen=True)
class CheckpointPage:
    """All of an annotator's blinded responses at one checkpoint, side by side.

    Attributes:
        items: the responses, in the queue's blinded order.
        labels: response id → blinded label.
        events: the scenario's events up to the checkpoint (the shared prefix).
    """

    items: list[DiagnosisItem]
    labels: dict[str, str]
    events: list[dict[str, Any]]

    @property
    def first(self) -> DiagnosisItem:
        """The first response (its scenario, environment and checkpoint are everyone's)."""
        return self.items[0]


def open_checkpoint(
    session: Session, *, annotator: User, scenario_id: str, t: int
) -> CheckpointPage:
    """The annotator's responses at checkpoint (`scenario_id`, `t`), read only.

    The paired protocol's same person, same prefix.

    Raises:
        NotFoundError: the annotator has no response at this checkpoint in their queue.
    """
    assert annotator.id is not None
    here = queue.checkpoint_items(session, annotator.id, scenario_id, t)
    if not here:
        raise NotFoundError("no responses of yours at this checkpoint")
    items = [load_item(session, annotator, response_id) for response_id in here]
    return CheckpointPage(
        items=items,
        labels={r: queue.label_of(i) for i, r in enumerate(here)},
        events=items[0].scenario.events[:t],
    )


# ---------------------------------------------------------------------------------------------
# The diagnosis page


@dataclass(frozen=True)
class TimelineEvent:
    """One event of the prefix the annotator judges from.

    Attributes:
        id / at / app / kind / summary / payload: the scenario's event (``at`` as written).
        when: ``at`` read as a time.
        gap: the time since the event before; None for the first.
    """

    id: str
    at: str
    app: str
    kind: str
    summary: str
    payload: Any
    when: datetime
    gap: timedelta | None


def timeline(events: list[dict[str, Any]]) -> list[TimelineEvent]:
    """The events, in order, with their times read and the gaps between them."""
    result: list[TimelineEvent] = []
    previous_at: datetime | None = None
    for event in events:
        at = datetime.fromisoformat(event["at"])
        result.append(
            TimelineEvent(
                id=str(event.get("id", "")),
                at=str(event["at"]),
                app=str(event.get("app", "")),
                kind=str(event.get("kind", "")),
                summary=str(event.get("summary", "")),
                payload=event.get("payload"),
                when=at,
                gap=None if previous_at is None else at - previous_at,
            )
        )
        previous_at = at
    return result


def checkpoint_timeline(scenario: Scenario, checkpoint: Checkpoint) -> list[TimelineEvent]:
    """The events e1..et the item page shows at `checkpoint` (the prefix the judgement is from)."""
    return timeline(scenario.events[: checkpoint.t])


def pretty_result(text: str) -> str:
    """A command result as the item page shows it: JSON indented, anything else as it is."""
    try:
        return json.dumps(json.loads(text), indent=2, ensure_ascii=False)
    except (TypeError, ValueError):
        return text


@dataclass(frozen=True)
class ResponseView:
    """What the diagnosis page shows of one response, and nothing more (blinded: no agent).

    The persona (of `environment`), the scenario's title, need type and domain, the events up to
    the checkpoint, the trajectory, the final action with its permission flags, rationale and
    state diff. Never the agent's name, and never the scenario's design notes (the item page
    shows them only where a batch allows it).

    Attributes:
        response: the completed response (its ``agent_id`` is not for display).
        scenario / environment / checkpoint: its context.
        timeline: the events e1..et (:func:`checkpoint_timeline`).
    """

    response: Response
    scenario: Scenario
    environment: Environment
    checkpoint: Checkpoint
    timeline: list[TimelineEvent]

    @property
    def has_action(self) -> bool:
        """True when the response ended with an action (its level is then L1–L3)."""
        return self.response.action is not None


def response_view(session: Session, response_id: str) -> ResponseView:
    """The item page's content of one completed response, for an automatic judge (read only).

    Raises:
        NotFoundError: no such response, or it is not ``completed`` (only completed responses
            are judged, DESIGN §5).
    """
    response = session.get(Response, response_id)
    if response is None or response.status != ResponseStatus.COMPLETED:
        raise NotFoundError(f"response {response_id} does not exist or is not completed")
    checkpoint = session.get(Checkpoint, response.checkpoint_id)
    assert checkpoint is not None
    scenario = session.get(Scenario, checkpoint.scenario_id)
    assert scenario is not None
    environment = session.get(Environment, scenario.environment_id)
    assert environment is not None
    return ResponseView(
        response, scenario, environment, checkpoint, checkpoint_timeline(scenario, checkpoint)
    )


@dataclass(frozen=True)
class Refusal:
    """Why a submit was refused: the field (its name, "" when none) and the message shown."""

    field: str
    message: str


@dataclass(frozen=True)
class SavedVersion:
    """The stored diagnosis, shown beside the annotator's answers after a conflict."""

    version: int
    level: str | None
    verdict: str | None
    timing: str | None
    intensity: str | None
    other_issues: list[dict[str, Any]]

    @classmethod
    def of(cls, annotation: Annotation) -> SavedVersion:
        """A snapshot of `annotation`."""
        return cls(
            version=annotation.version,
            level=annotation.level,
            verdict=annotation.verdict,
            timing=annotation.timing,
            intensity=annotation.intensity,
            other_issues=list(annotation.other_issues),
        )


@dataclass(frozen=True)
class DiagnosisPage:
    """Everything the diagnosis page shows for one item (blinded: no agent).

    Attributes:
        item: the response with its scenario, environment, checkpoint and the annotator's
            saved annotation.
        timeline: the events up to the checkpoint.
        values: the answers in the form (``level``, ``verdict``, ``timing``, ``intensity``,
            ``other_issues`` as ``[{category, note}]``): a restored draft, the saved diagnosis,
            answers sent back after a refusal, or the level predicted from the command.
        version: the version the form submits as the one its answers started from (None
            before a first save).
        restored: when the draft shown was written; None when no draft is shown.
        stale_draft: when a draft written on an older version was written (it is not shown);
            None when there is none.
        stored: the saved version, shown beside the answers (after a conflict, or with a
            stale draft brought back); None otherwise.
        error: why a submit was refused; None when none was.
        history: the annotation's kept revisions, oldest first.
        previous / following / next_open: neighbouring response ids in the queue and the next
            unjudged one (see :func:`app.annotation.queue.item_place`).
        label: the item's blinded label at its checkpoint.
        at_checkpoint: how many of the annotator's responses share this checkpoint.
        visible: the conditional fields the answers shown open (DESIGN §7).
        issues_required: True when the answers shown need at least one other issue.
        allowed_levels: levels the response may have (L0 only without an action).
    """

    item: DiagnosisItem
    timeline: list[TimelineEvent]
    values: dict[str, Any]
    version: int | None
    restored: datetime | None
    stale_draft: datetime | None
    stored: SavedVersion | None
    error: Refusal | None
    history: list[AnnotationRevision]
    previous: str | None
    following: str | None
    next_open: str | None
    label: str
    at_checkpoint: int
    visible: frozenset[str]
    issues_required: bool
    allowed_levels: tuple[str, ...]

    @property
    def issues(self) -> dict[str, str]:
        """Other-issue category → its note, for the answers shown."""
        return {i["category"]: i["note"] for i in self.values["other_issues"]}


class _Shown(Enum):
    VERSION = "the version shown"


_SHOWN = _Shown.VERSION
"""Default `base_version` of :func:`_page`: the version of what is shown."""


def _page(
    session: Session,
    annotator: User,
    response_id: str,
    *,
    values: dict[str, Any] | None = None,
    error: Refusal | None = None,
    stored: SavedVersion | None = None,
    base_version: int | Literal[_Shown.VERSION] | None = _SHOWN,
    show_stale_draft: bool = False,
) -> DiagnosisPage:
    """The diagnosis page; see :func:`open_item`.

    `values` (answers sent back after a refusal) replace the saved ones or a draft;
    `base_version` replaces the version shown.
    """
    item = load_item(session, annotator, response_id)
    assert annotator.id is not None
    key = queue.place_of(session, annotator.id, response_id)
    if key is None:
        raise NotFoundError("no such item in your queue")
    place = queue.item_place(session, annotator.id, key)
    annotation = item.annotation
    current = annotation.version if annotation is not None else None
    draft = drafts.get_draft(session, annotator=annotator, response_id=response_id)
    restored = None
    stale_draft = None
    if values is None and draft is not None:
        if annotation is None or (
            draft.base_version == current
            and as_utc(draft.updated_at) > as_utc(annotation.updated_at)
        ):
            values, restored = drafts.draft_values(draft), draft.updated_at
        elif draft.base_version != current:
            if show_stale_draft:
                # the annotator asked for it with the saved version in view: submitting it
                # replaces the saved version on purpose
                values, restored = drafts.draft_values(draft), draft.updated_at
                stored = stored or SavedVersion.of(annotation)
            else:
                stale_draft = draft.updated_at
    version = current if base_version is _SHOWN else base_version
    if values is None:
        if annotation is not None:
            values = {
                "level": annotation.level,
                "verdict": annotation.verdict,
                "timing": annotation.timing,
                "intensity": annotation.intensity,
                "other_issues": annotation.other_issues,
            }
        else:
            values = {
                "level": item.response.level_predicted,
                "verdict": None,
                "timing": None,
                "intensity": None,
                "other_issues": [],
            }
    shown = [values.get(name) for name in ("level", "verdict", "timing", "intensity")]
    return DiagnosisPage(
        item=item,
        timeline=checkpoint_timeline(item.scenario, item.checkpoint),
        values=values,
        version=version,
        restored=restored,
        stale_draft=stale_draft,
        stored=stored,
        error=error,
        history=revisions(session, annotation.id) if annotation and annotation.id else [],
        previous=place.previous,
        following=place.following,
        next_open=place.next_open,
        label=place.label,
        at_checkpoint=place.at_checkpoint,
        visible=frozenset(rules.visible_fields(shown[0], shown[1])),
        issues_required=rules.other_issues_required(*shown),
        allowed_levels=rules.allowed_levels(item.response.action is not None),
    )


def open_progress(session: Session, *, annotator: User, response_id: str) -> queue.ItemProgress:
    """The item's position in the annotator's queue and the queue's counts (read only).

    The item page's progress line, loaded after the page: counting reads the whole queue's
    index entries, which the page itself never waits for.

    Raises:
        NotFoundError: the item is not in the annotator's queue.
    """
    assert annotator.id is not None
    key = queue.place_of(session, annotator.id, response_id)
    if key is None:
        raise NotFoundError("no such item in your queue")
    return queue.item_progress(session, annotator.id, key)


ITEM_PAGE_PARTS = frozenset({"action.args", "step.args", "step.result"})
"""The part kinds (:func:`app.agents.parts.part_kind`) the item and checkpoint pages show.

Never the agent's LLM calls (``call.*``) or its raw output: their text can name the model,
and annotators are blinded (DESIGN §7).
"""


def item_page_shows(part: str) -> bool:
    """True when the item page may show (and link to the download of) `part`."""
    return parts.part_kind(part) in ITEM_PAGE_PARTS


def open_part(session: Session, *, annotator: User, response_id: str, part: str) -> str:
    """The exact stored text of one part of an item in the annotator's queue (its download).

    The same checks as the item page's: only an item in this annotator's queue, never another
    annotator's, and only a part the page shows (:data:`ITEM_PAGE_PARTS`); `part` as
    :func:`app.agents.parts.response_part` names it (read only). Researchers and leads have
    the whole grammar on the run's response page.

    Raises:
        NotFoundError: the item is not in the annotator's queue, it has no such part, or the
            item page does not show that kind of part.
    """
    assert annotator.id is not None
    if queue.place_of(session, annotator.id, response_id) is None:
        raise NotFoundError("no such item in your queue")
    response = session.get(Response, response_id)
    if response is None:
        raise NotFoundError("no such item in your queue")
    return parts.response_part(response, part, kinds=ITEM_PAGE_PARTS)


@dataclass(frozen=True)
class Lapse:
    """An item the annotator held that has left their queue, with their kept answers.

    Attributes:
        response_id: the item.
        message: what happened, for the annotator.
        values: the answers kept as a draft (as :attr:`DiagnosisPage.values`), or None.
        submitted: True when the annotator had just submitted (their answers were not saved);
            False when they only opened the item.
    """

    response_id: str
    message: str
    values: dict[str, Any] | None
    submitted: bool


class ItemGone(NotFoundError):
    """The annotator opened an item that has left their queue.

    It was released, expired, its batch closed or its scenario audited out; :attr:`lapse`
    says what happened and holds any kept answers.
    """

    def __init__(self, lapse: Lapse) -> None:
        """Refuse the item, saying why (:attr:`Lapse.message`)."""
        super().__init__(lapse.message)
        self.lapse = lapse


def _kept(session: Session, annotator: User, response_id: str) -> dict[str, Any] | None:
    draft = drafts.get_draft(session, annotator=annotator, response_id=response_id)
    return drafts.draft_values(draft) if draft is not None else None


def open_item(
    session: Session, *, annotator: User, response_id: str, show_stale_draft: bool = False
) -> DiagnosisPage:
    """The diagnosis page of one item of the annotator's queue (read only).

    The answers shown are the annotator's draft when it is newer than the saved diagnosis and
    was written on the saved version (the draft is "restored"), else the saved diagnosis, else
    the level predicted from the command. A draft written on an older version than the saved
    one is stale: the saved version is shown with ``stale_draft`` set (the page offers to bring
    the draft back), unless `show_stale_draft`, which shows the draft with the saved version
    beside it (submitting it then replaces the saved version on purpose).

    Args:
        session: database session (read only).
        annotator: the annotator.
        response_id: the item.
        show_stale_draft: show a stale draft instead of the saved version.

    Returns:
        The page, with the timeline of events up to the checkpoint and the item's place in the
        queue.

    Raises:
        ItemGone: the annotator held the item but it has left their queue.
        NotFoundError: the item was never theirs (indistinguishable from one that does not
            exist).
    """
    try:
        return _page(session, annotator, response_id, show_stale_draft=show_stale_draft)
    except NotFoundError:
        assert annotator.id is not None
        why = drafts.lapse_of(session, annotator_id=annotator.id, response_id=response_id)
        if why is None:
            raise
        raise ItemGone(
            Lapse(
                response_id=response_id,
                message=f"{why}.",
                values=_kept(session, annotator, response_id),
                submitted=False,
            )
        ) from None


# ---------------------------------------------------------------------------------------------
# Submitting the diagnosis


@dataclass(frozen=True)
class SubmitOutcome:
    """What a submit of the diagnosis form came to.

    Attributes:
        result: ``saved``; ``invalid`` (a DESIGN §7 rule is broken: nothing saved; `page` shows
            the answers with the reason); ``conflict`` (the item was saved elsewhere since the
            page was opened: nothing saved; `page` shows the answers beside the stored version,
            and submitting them again replaces it on purpose); ``lapsed`` (the item left the
            queue: the answers were kept as a draft; `lapse` says what happened).
        annotation: the stored annotation (``saved``).
        next_open: the next unjudged item of the queue, None when none is left (``saved``).
        page: the diagnosis page to show again (``invalid``, ``conflict``).
        lapse: what happened to the item, with the kept answers (``lapsed``).
    """

    result: Literal["saved", "invalid", "conflict", "lapsed"]
    annotation: Annotation | None = None
    next_open: str | None = None
    page: DiagnosisPage | None = None
    lapse: Lapse | None = None


def _save_and_advance(
    session: Session,
    annotator: User,
    response_id: str,
    diagnosis: dict[str, Any],
    expected_version: int | None,
    seconds_spent: float | None,
) -> SubmitOutcome:
    """Save, discard the draft and find the next open item; one commit."""
    for _attempt in range(3):
        try:
            annotation = record_diagnosis(
                session,
                annotator=annotator,
                response_id=response_id,
                form=diagnosis,
                expected_version=expected_version,
                seconds_spent=seconds_spent,
            )
        except IntegrityError:
            session.rollback()  # a simultaneous first save won; try again as an update
            continue
        drafts.remove_draft(session, annotator=annotator, response_id=response_id)
        assert annotator.id is not None
        next_open = queue.next_open(
            session, annotator.id, queue.place_of(session, annotator.id, response_id)
        )
        session.commit()
        return SubmitOutcome(result="saved", annotation=annotation, next_open=next_open)
    raise ConflictError(SAVING_ELSEWHERE)


def _keep_as_draft(
    session: Session,
    annotator: User,
    response_id: str,
    answers: Answers,
    expected_version: int | None,
) -> SubmitOutcome:
    """Keep the answers of a submit for an item that left the queue as a draft; one commit.

    Raises:
        NotFoundError: the annotator never held the item (nothing kept).
    """
    try:
        drafts.store_draft(
            session,
            annotator=annotator,
            response_id=response_id,
            data=answers.draft(),
            base_version=expected_version,
        )
    except drafts.ItemLapsed as lapsed:
        session.commit()
        return SubmitOutcome(
            result="lapsed",
            lapse=Lapse(
                response_id=response_id,
                message=str(lapsed),
                values=_kept(session, annotator, response_id),
                submitted=True,
            ),
        )
    # held again meanwhile: the item is the annotator's, yet the save did not find it
    session.commit()
    raise NotFoundError("no such item in your queue")


def submit(
    session: Session,
    *,
    annotator: User,
    response_id: str,
    answers: Answers,
    expected_version: int | None,
    seconds_spent: float | None = None,
) -> SubmitOutcome:
    """Submit the diagnosis form in one transaction.

    Saves the judgement, discards the draft and finds the next open item; commits once, and
    nothing is saved when any step fails.

    Every save keeps a revision (:func:`app.annotation.service.record_diagnosis`); sending the
    same answers again (a retry after a lost reply, a double click) saves nothing twice.

    Args:
        session: database session (commits once).
        annotator: the submitting user (must hold the assignment).
        response_id: the item.
        answers: the form as sent.
        expected_version: the version the page's answers started from (None before a first
            save); a save against a newer stored version is a conflict.
        seconds_spent: time on the page, in seconds (None: unknown).

    Returns:
        The outcome: ``saved`` with the next open item, or a refusal (``invalid``,
        ``conflict``) with the page to show again, or ``lapsed`` when the item left the queue
        (the answers are then kept as a draft, committed).

    Raises:
        NotFoundError: the item was never the annotator's, or it left their queue while a
            refused page was being built.
    """
    diagnosis: dict[str, Any] | None = None
    try:
        diagnosis = answers.diagnosis()
        return _save_and_advance(
            session, annotator, response_id, diagnosis, expected_version, seconds_spent
        )
    except UnprocessableError as exc:
        session.rollback()
        # the field by its label on the form ("Other issues: ..."), never its name
        message = f"{rules.field_label(exc.field)}: {exc}" if exc.field else str(exc)
        # the page keeps the version this edit started from: if the item was saved elsewhere
        # meanwhile, the corrected submit conflicts instead of silently replacing that save
        page = _page(
            session,
            annotator,
            response_id,
            values=diagnosis or answers.shown(),
            error=Refusal(exc.field or "", message),
            base_version=expected_version,
        )
        return SubmitOutcome(result="invalid", page=page)
    except NotFoundError:
        # the item left the queue while the page was open (expiry, reassignment, release):
        # never lose the answers silently
        session.rollback()
        return _keep_as_draft(session, annotator, response_id, answers, expected_version)
    except ConflictError as exc:
        session.rollback()
        current = load_item(session, annotator, response_id).annotation
        # keep what the annotator entered; the stored version is shown beside it, and
        # submitting again (now against the current version) replaces it on purpose
        page = _page(
            session,
            annotator,
            response_id,
            values=diagnosis,
            error=Refusal("version", str(exc)),
            stored=SavedVersion.of(current) if current is not None else None,
        )
        return SubmitOutcome(result="conflict", page=page)
    except Exception:
        session.rollback()  # any other failure: nothing of the submit is kept
        raise

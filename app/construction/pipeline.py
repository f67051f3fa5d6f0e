"""The stages of the construction pipeline for one candidate (DESIGN.md §11, paper Figure 2).

No database here: a :class:`Recorder` keeps every step (the service stores them as candidate
revisions and counts the job's tokens), keeps the calls of a stage in progress before its next
call is sent (:meth:`Recorder.keep`: the first call before a corrective message, failed attempts
before their retry), and says when the job must stop (token budget, cancel).

* :func:`build_environment` — Instance Creator, its output checked by the validator's own
  environment checks (V01, V04, V09 on ``environment.json``, SQL, files), findings sent back.
* :func:`build_scenario` — Scenario Creator → Validator (V01–V13 but V08, the noise rule, since
  noise comes later) → Reviewer (five criteria) → Noise Creator → Validator again (every rule, so
  the scenario imports: V08, V10 and V12 are the ones noise can break). Validator findings
  (code, JSON path, message) and failed criteria with the reviewer's comments go back to the
  creator, up to `rounds` revisions of each creator.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol
from zoneinfo import ZoneInfo

from app.agents.client import LLMCall
from app.agents.llm import OpenAIChatAgent
from app.annotation.audit import CRITERIA
from app.arena.sqlclock import SqlClock
from app.arena.sqlguard import ScriptBudget, ScriptRefused, open_arena_db, run_script
from app.arena.validation import EnvironmentBundle, Finding, load_environment_dir
from app.arena.validation import validate_scenario as run_validator
from app.construction.schemas import InstanceOutput, NoiseOutput, ReviewOutput, ScenarioOutput
from app.construction.seedfiles import write_environment
from app.construction.stages import call_stage, prompt_name
from app.errors import UnprocessableError
from app.jobs.backoff import Backoff

NEED_MEANINGS = {
    "dependency": "a missing prerequisite",
    "blockage": "an ongoing activity is stuck",
    "risk": "a loss that has not happened yet",
    "opportunity": "an optional gain",
}
"""DESIGN §2 need types, as the Scenario Creator is told them."""

NOISE_RULE = "V08"
"""The rule about noise records: not checked before the Noise Creator has written them."""

FORMAT = (
    "email message {id, thread_id, folder inbox|sent|drafts|archive, from, to[], cc[], subject, "
    "body, at, read, flagged, attachments[{name, text}]}; calendar event {id, title, start, end, "
    "location, attendees[], description, status confirmed|tentative|cancelled|draft}; chat "
    "conversation {id, title, participants[]} and message {id, conversation_id, sender, text, "
    "at, read}; contact {id, name, emails[], phones[], organization, relationship, groups[], "
    "notes}; wallet account {id, name, currency, balance_minor, opening_balance_minor}, "
    "transaction {id, account_id, at, amount_minor, counterparty, description, category, status "
    "posted|pending}, scheduled payment {id, account_id, payee, amount_minor, currency, due, "
    "status scheduled|paid|cancelled, memo}. Event kinds and payloads: email.received/"
    "email.sent {message}, calendar.created {event}, calendar.updated {event_id, changes}, "
    "calendar.cancelled {event_id}, chat.message {message, conversation?}, contacts.updated "
    "{contact}, wallet.transaction {transaction}, wallet.scheduled {scheduled_payment}, "
    "files.written {path, content}, db.executed {sql}. Action commands of the best "
    "intervention: L1 notify_user, create_reminder, flag_email, flag_calendar_event, "
    "flag_chat_message, flag_transaction; L2 draft_email, draft_chat_message, "
    "draft_calendar_event, draft_payment, draft_contact, create_note; L3 send_email, "
    "send_chat_message, create_calendar_event, reschedule_calendar_event, "
    "cancel_calendar_event, make_payment, cancel_scheduled_payment. Validator rules V01-V13 "
    "(DESIGN §4.1) apply; key evidence values appear nowhere in the five apps' records or the "
    "event summaries."
)


def sql_problem(statements: list[tuple[str, str]]) -> Finding | None:
    """The first generated SQL statement the SQL guard refuses, as a V01 finding.

    Generated SQL comes from an LLM. It runs as all scenario SQL does
    (:func:`app.arena.sqlguard.run_script`: the allowed statement kinds and functions, values
    of at most :data:`~app.arena.sqlguard.SCRIPT_VALUE_LIMIT` bytes, a database of at most
    :data:`~app.arena.sqlguard.SCRIPT_DATABASE_LIMIT`, one step, memory and CPU budget for
    all of it, as for one S0 build) on a throwaway in-memory database, so that the refusal goes
    back to the creator at the statement's JSON path with the limit it hit. Ordinary SQL
    errors (a missing table) are left to the validator.

    Args:
        statements: (JSON path, SQL text) in the order S0 runs them (``database.sql`` first).

    Returns:
        A V01 finding at the statement's path, or None.
    """
    db = open_arena_db()
    clock = SqlClock(ZoneInfo("UTC"))
    clock.install(db)
    budget = ScriptBudget()
    try:
        for path, sql in statements:
            try:
                run_script(db, clock, sql, budget=budget)
            except ScriptRefused as exc:
                return Finding("V01", None, path, str(exc))
            except sqlite3.Error:
                continue  # the validator reports it at its path
    finally:
        db.close()
    return None


def scenario_statements(database_sql: str, raw: dict[str, Any]) -> list[tuple[str, str]]:
    """(JSON path, SQL) of an environment's ``database.sql`` and a scenario file's statements.

    In S0's order: ``database.sql``, ``initial_records.db``, ``events[i].payload.sql``,
    ``noise_records.db``; values that are not strings are skipped (the schema reports them).
    """
    out = [("$.database_sql", database_sql)]
    for key in ("initial_records", "events", "noise_records"):
        value = raw.get(key)
        if key == "events" and isinstance(value, list):
            for i, event in enumerate(value):
                payload = event.get("payload") if isinstance(event, dict) else None
                if isinstance(payload, dict) and isinstance(payload.get("sql"), str):
                    out.append((f"$.events[{i}].payload.sql", payload["sql"]))
        elif isinstance(value, dict) and isinstance(value.get("db"), list):
            out += [
                (f"$.{key}.db[{i}]", sql)
                for i, sql in enumerate(value["db"])
                if isinstance(sql, str)
            ]
    return out


def guarded_validate(bundle: EnvironmentBundle, raw: dict[str, Any]) -> list[Finding]:
    """The validator's findings on scenario file `raw`, after :func:`sql_problem` allows its SQL."""
    problem = sql_problem(scenario_statements(bundle.database_sql, raw))
    if problem is not None:
        return [problem]
    _spec, findings = run_validator(bundle, raw)
    return findings


class StopJob(Exception):
    """The job must stop before the next LLM call: its token budget is spent, or cancelled."""


ENDPOINT_FAILURE = "api_error"
"""How the reason of a candidate that failed on the endpoint (retries exhausted: ``rate_limited``,
``endpoint_unavailable``, ``timeout``, ...) begins: infrastructure, so a resume retries it, as
*Retry failed* retries a response's ``api_error``; malformed output is model behaviour and stays."""


class CandidateFailed(Exception):
    """The candidate cannot go on: malformed output twice, an endpoint failure (the reason)."""


class CandidateRejected(Exception):
    """The candidate used its revision rounds and still fails a stage (the reason)."""


class Recorder(Protocol):
    """Where a candidate's steps go, and who says when to stop."""

    def step(
        self,
        stage: str,
        *,
        round: int,
        passed: bool,
        output: dict[str, Any] | None = None,
        raw: str | None = None,
        findings: list[Finding] | None = None,
        verdicts: dict[str, Any] | None = None,
        feedback: str | None = None,
        calls: list[LLMCall] | None = None,
        prompt: str | None = None,
    ) -> None:
        """Keep one step (an LLM stage's output, a validator run or a review) of the candidate."""
        ...

    def keep(self, stage: str, *, round: int, calls: list[LLMCall]) -> None:
        """Keep the calls `stage` has made so far, before its next call is sent.

        The step that ends the stage keeps them all; these are for a worker killed before it.
        """
        ...

    def check(self) -> None:
        """Raise :class:`StopJob` when the job must stop (budget spent, cancelled)."""
        ...


def findings_feedback(findings: list[Finding]) -> str:
    """Validator findings as revision feedback: one ``CODE $.path: message`` line each."""
    return "Validator findings:\n" + "\n".join(
        f"{finding.code} {finding.path}: {finding.message}" for finding in findings
    )


def review_feedback(review: ReviewOutput) -> str:
    """The failed criteria with the reviewer's comments, as revision feedback."""
    lines = [
        f"{CRITERIA[name][0]}: {entry['comment']}"
        for name, entry in review.verdicts().items()
        if entry["verdict"] == "fail"
    ]
    return "Reviewer comments (failed criteria):\n" + "\n".join(lines)


def finding_dicts(findings: list[Finding]) -> list[dict[str, Any]]:
    """Findings as stored: ``{"code", "path", "message"}`` each."""
    return [{"code": f.code, "path": f.path, "message": f.message} for f in findings]


@dataclass
class Stage:
    """One call to a creator, ready to be made again with feedback (a revision)."""

    client: OpenAIChatAgent
    name: str
    values: dict[str, Any]


def _call(
    stage: Stage,
    recorder: Recorder,
    round_: int,
    feedback: str | None = None,
    previous: str | None = None,
) -> Any:
    """Call `stage` once (after :meth:`Recorder.check`), record it, return its output model.

    A reviewer's step passes when it approves, and keeps its verdicts per criterion. Each call
    of the stage that another follows (the first before a corrective message, a failed attempt
    before its retry) is handed to :meth:`Recorder.keep` before the next is sent.
    """
    from app.construction.stages import MalformedOutput, StageAPIError

    recorder.check()
    made: list[LLMCall] = []

    def on_calls(calls: list[LLMCall]) -> None:
        made[:] = calls
        recorder.keep(stage.name, round=round_, calls=calls)

    def on_backoff(backoff: Backoff) -> None:
        recorder.keep(stage.name, round=round_, calls=[*made, *backoff.calls])

    try:
        result = call_stage(
            replace(stage.client, on_backoff=on_backoff),
            stage.name,
            stage.values,
            feedback=feedback,
            previous=previous,
            on_calls=on_calls,
        )
    except MalformedOutput as exc:
        recorder.step(
            stage.name,
            round=round_,
            passed=False,
            raw=exc.raw,
            feedback=feedback,
            calls=exc.calls,
            prompt=prompt_name(stage.name),
        )
        raise CandidateFailed(str(exc)) from exc
    except StageAPIError as exc:
        recorder.step(
            stage.name,
            round=round_,
            passed=False,
            raw=str(exc),
            feedback=feedback,
            calls=exc.calls,
            prompt=prompt_name(stage.name),
        )
        raise CandidateFailed(f"{ENDPOINT_FAILURE}: {exc}") from exc
    review = result.output if isinstance(result.output, ReviewOutput) else None
    recorder.step(
        stage.name,
        round=round_,
        passed=review.approved if review is not None else True,
        output=result.output.model_dump(mode="json"),
        raw=result.raw,
        verdicts=review.verdicts() if review is not None else None,
        feedback=feedback,
        calls=result.calls,
        prompt=prompt_name(stage.name),
    )
    return result.output


def check_environment(
    environment_id: str, output: InstanceOutput, domain: str | None = None
) -> tuple[EnvironmentBundle | None, list[Finding], dict[str, Any]]:
    """The Instance Creator's output as an environment, and the validator's findings on it.

    The environment gets `environment_id` and, when given, the candidate's `domain` (whatever
    the output says); it is written as seed files into a temporary folder
    and read back with :func:`app.arena.validation.load_environment_dir`, so exactly the checks
    of ``halo validate`` apply.

    Returns:
        (the bundle, None when unusable; the findings; the ``environment.json`` object).
    """
    spec = {"id": environment_id, **{k: v for k, v in output.environment.items() if k != "id"}}
    if domain is not None:
        spec["domain"] = domain
    problem = sql_problem([("$.database_sql", output.database_sql)])
    if problem is not None:
        return None, [problem], spec
    with tempfile.TemporaryDirectory(prefix="halo-gen-") as tmp:
        folder = Path(tmp) / environment_id
        try:
            write_environment(folder, spec, output.database_sql, output.files)
        except (UnprocessableError, OSError, ValueError) as exc:
            return None, [Finding("V01", None, "$.files", str(exc))], spec
        bundle, findings = load_environment_dir(folder)
    return bundle, findings, spec


def build_environment(
    client: OpenAIChatAgent,
    *,
    environment_id: str,
    domain: str,
    slot: int,
    existing: list[str],
    rounds: int,
    recorder: Recorder,
) -> tuple[EnvironmentBundle, dict[str, Any]]:
    """Instance Creator with validator feedback, up to `rounds` revisions.

    Args:
        client: the creator agent's endpoint.
        environment_id: the id the environment gets.
        domain: DESIGN §2 domain.
        slot: the persona's number within the domain (1-based).
        existing: ids and persona names of the domain's environments, to differ from.
        rounds: most revisions after the first output.
        recorder: keeps every step.

    Returns:
        (the checked environment bundle, its ``environment.json`` object).

    Raises:
        StopJob: the budget is spent or the job was cancelled.
        CandidateFailed: malformed output twice, or an endpoint failure.
        CandidateRejected: findings remain after `rounds` revisions.
    """
    stage = Stage(
        client,
        "instance_creator",
        {"domain": domain, "slot": str(slot), "existing": existing or "none", "format": FORMAT},
    )
    output: InstanceOutput = _call(stage, recorder, 0)
    for round_ in range(rounds + 1):
        bundle, findings, spec = check_environment(environment_id, output, domain)
        recorder.step(
            "validator",
            round=round_,
            passed=not findings and bundle is not None,
            output=spec,
            findings=findings,
        )
        if bundle is not None and not findings:
            return bundle, spec
        if round_ == rounds:
            break
        output = _call(
            stage,
            recorder,
            round_ + 1,
            findings_feedback(findings),
            json.dumps(output.model_dump(mode="json"), ensure_ascii=False),
        )
    raise CandidateRejected(f"the environment still fails the validator after {rounds} revisions")


def scenario_file(
    draft: dict[str, Any],
    scenario_id: str,
    environment_id: str,
    noise: dict[str, Any] | None,
    need_type: str | None = None,
) -> dict[str, Any]:
    """The scenario file of a creator's draft: the pipeline's id, environment, need and noise.

    The id, the environment and the need type are the candidate's, whatever the draft says.
    """
    body = {k: v for k, v in draft.items() if k not in ("id", "environment_id", "noise_records")}
    raw: dict[str, Any] = {"id": scenario_id, "environment_id": environment_id, **body}
    if need_type is not None:
        raw["need_type"] = need_type
    if noise is not None:
        raw["noise_records"] = noise
    return raw


def _summaries_text(summaries: list[str]) -> str:
    return "\n".join(f"- {line}" for line in summaries) if summaries else "(none yet)"


def environment_values(bundle: EnvironmentBundle) -> dict[str, Any]:
    """What the creators are told about the environment (persona, tables, files)."""
    spec = bundle.spec
    tables = [
        line.split("(")[0].replace("CREATE TABLE", "").strip().strip('"')
        for line in bundle.database_sql.splitlines()
        if line.strip().upper().startswith("CREATE TABLE")
    ]
    return {
        "environment_id": spec.id,
        "domain": spec.domain,
        "timezone": spec.timezone,
        "persona": spec.persona.model_dump(mode="json"),
        "tables": tables,
        "files": sorted(bundle.files),
    }


@dataclass(frozen=True)
class BuiltScenario:
    """An accepted candidate: the scenario file (with noise) that passes every rule."""

    raw: dict[str, Any]


def build_scenario(
    creator: OpenAIChatAgent,
    reviewer: OpenAIChatAgent,
    *,
    bundle: EnvironmentBundle,
    need_type: str,
    scenario_id: str,
    existing: list[str],
    rounds: int,
    recorder: Recorder,
) -> BuiltScenario:
    """Scenario Creator → Validator → Reviewer → Noise Creator → Validator, with revisions.

    Args:
        creator: the creator agent's endpoint (Scenario Creator and Noise Creator).
        reviewer: the reviewer agent's endpoint.
        bundle: the environment.
        need_type: DESIGN §2 need type.
        scenario_id: the id the scenario gets.
        existing: one-line summaries of the environment's scenarios (shown to the creator).
        rounds: most revisions of the scenario (validator and reviewer feedback together), and
            separately of the noise.
        recorder: keeps every step.

    Returns:
        The :class:`BuiltScenario`.

    Raises:
        StopJob: the budget is spent or the job was cancelled.
        CandidateFailed: malformed output twice, or an endpoint failure.
        CandidateRejected: a stage still fails after `rounds` revisions.
    """
    values = {
        **environment_values(bundle),
        "need_type": need_type,
        "need_meaning": NEED_MEANINGS.get(need_type, need_type),
        "existing": _summaries_text(existing),
        "format": FORMAT,
    }
    creator_stage = Stage(creator, "scenario_creator", values)
    draft: ScenarioOutput = _call(creator_stage, recorder, 0)
    revision = 0
    while True:
        raw = scenario_file(draft.scenario, scenario_id, bundle.spec.id, None, need_type)
        findings = [f for f in guarded_validate(bundle, raw) if f.code != NOISE_RULE]
        recorder.step(
            "validator", round=revision, passed=not findings, output=raw, findings=findings
        )
        feedback: str
        if findings:
            feedback = findings_feedback(findings)
            stage_failed = "validator"
        else:
            review_stage = Stage(
                reviewer,
                "reviewer",
                {
                    **environment_values(bundle),
                    "scenario": raw,
                    "criteria": {key: text for key, (_label, text) in CRITERIA.items()},
                },
            )
            review: ReviewOutput = _call(review_stage, recorder, revision)
            if review.approved:
                break
            feedback = review_feedback(review)
            stage_failed = "reviewer"
        if revision == rounds:
            raise CandidateRejected(
                f"the {stage_failed} still rejects the scenario after {rounds} revisions"
            )
        revision += 1
        draft = _call(
            creator_stage,
            recorder,
            revision,
            feedback,
            json.dumps(draft.model_dump(mode="json"), ensure_ascii=False),
        )
    noise_stage = Stage(
        creator,
        "noise_creator",
        {**environment_values(bundle), "scenario": raw},
    )
    noise: NoiseOutput = _call(noise_stage, recorder, 0)
    for round_ in range(rounds + 1):
        full = scenario_file(
            draft.scenario, scenario_id, bundle.spec.id, noise.noise_records, need_type
        )
        findings = guarded_validate(bundle, full)
        recorder.step(
            "noise_validator", round=round_, passed=not findings, output=full, findings=findings
        )
        if not findings:
            return BuiltScenario(full)
        if round_ == rounds:
            break
        noise = _call(
            noise_stage,
            recorder,
            round_ + 1,
            findings_feedback(findings),
            json.dumps(noise.model_dump(mode="json"), ensure_ascii=False),
        )
    raise CandidateRejected(f"the noise still fails the validator after {rounds} revisions")

"""The stages of the construction pipeline for one candidate (DESIGN.md §11, paper Figure 2).

No database here: a :class:`Recorder` keeps every step (the service stores them as candidate
revisions and counts the job's tokens), keeps the calls of a stage in progress before its next
call is sent (:meth:`Recorder.keep`: the first call before a corrective message, failed attempts
before their retry), and says when the job must stop (token budget, cancel).

* :func:`build_environment` — Instance Creator, its output checked by the validator's own
  environment checks (V01, V04, V09 on ``environment.json``, SQL, files), findings sent back.
* :func:`build_scenario` — Scenario Creator → Validator (the design without its noise,
  :func:`design_findings`, and the request's checks: need type, near duplicates) → Reviewer
  (five criteria and the request's two) → Noise Creator → Validator again (every rule, so the
  scenario imports: V08, V09, V10 and V12 are the ones noise can break). Validator findings
  (code, JSON path, message) and failed criteria with the reviewer's comments go back to the
  creator, up to `rounds` revisions of each creator.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
from collections.abc import Callable, Sequence
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
from app.arena.validation.records import record_path
from app.construction.schemas import InstanceOutput, NoiseOutput, ReviewOutput, ScenarioOutput
from app.construction.seedfiles import write_environment
from app.construction.stages import call_stage, prompt_name
from app.errors import UnprocessableError
from app.jobs.backoff import Backoff
from app.scenarios.corpus.similarity import tfidf_cosines, visible_text

NEED_MEANINGS = {
    "dependency": "a missing prerequisite",
    "blockage": "an ongoing activity is stuck",
    "risk": "a loss that has not happened yet",
    "opportunity": "an optional gain",
}
"""DESIGN §2 need types, as the Scenario Creator is told them."""

NOISE_RULE = "V08"
"""The rule about noise records: not checked before the Noise Creator has written them."""

BALANCE_RULE = "V09"
"""Wallet balances: of a scenario's own accounts, checked once the noise is written."""

REQUEST_CRITERIA: dict[str, tuple[str, str]] = {
    "requested_need_type": (
        "Requested need type",
        "The need is really of the requested type (see the request above), not a need of "
        "another type written under its name.",
    ),
    "requested_domain": (
        "Requested domain",
        "The persona's world and the story belong to the requested domain.",
    ),
}
"""The reviewer's criteria about the job's request, after the five of the audit (DESIGN §7)."""

REVIEW_CRITERIA: dict[str, tuple[str, str]] = {**CRITERIA, **REQUEST_CRITERIA}
"""Every criterion the Reviewer judges: key → (label, what it asks)."""

DOMAIN_CHECK, NEED_TYPE_CHECK, DUPLICATE_CHECK = "DOMAIN", "NEED_TYPE", "DUPLICATE"
"""Codes of the pipeline's own deterministic findings (beside the validator's V01–V13): the
environment's domain or the scenario's need type is not the requested one; the scenario is a
near duplicate of a stored scenario or of another candidate of its job."""

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
        f"{REVIEW_CRITERIA[name][0]}: {entry['comment']}"
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

    The environment gets `environment_id` and, when given, the candidate's `domain`; an output
    that names another domain gets a ``DOMAIN`` finding (the request's domain is checked, not
    silently written over a persona of another world). It is written as seed files into a
    temporary folder and read back with :func:`app.arena.validation.load_environment_dir`, so
    exactly the checks of ``halo validate`` apply.

    Returns:
        (the bundle, None when unusable; the findings; the ``environment.json`` object).
    """
    spec = {"id": environment_id, **{k: v for k, v in output.environment.items() if k != "id"}}
    wrong: list[Finding] = []
    if domain is not None:
        said = spec.get("domain")
        if said is not None and said != domain:
            wrong.append(
                Finding(
                    DOMAIN_CHECK,
                    None,
                    "$.environment.domain",
                    f"the request is for an environment of the {domain} domain; this one is "
                    f"{said!r}: write a persona and a world of the {domain} domain",
                )
            )
        spec["domain"] = domain
    problem = sql_problem([("$.database_sql", output.database_sql)])
    if problem is not None:
        return None, [*wrong, problem], spec
    with tempfile.TemporaryDirectory(prefix="halo-gen-") as tmp:
        folder = Path(tmp) / environment_id
        try:
            write_environment(folder, spec, output.database_sql, output.files)
        except (UnprocessableError, OSError, ValueError) as exc:
            return None, [Finding("V01", None, "$.files", str(exc))], spec
        bundle, findings = load_environment_dir(folder)
    return bundle, [*wrong, *findings], spec


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


def noise_balances(raw: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """The scenario's own accounts whose balance its own records do not explain.

    For each account of ``initial_records.wallet.accounts``: its balance minus (its opening
    balance + the posted transactions of ``initial_records`` on it), in minor units, where that
    is not 0. In the shipped shape (51 of the 90 shipped scenarios) that difference is the
    account's history before the story, posted noise transactions; the Noise Creator is told
    the amounts to book.

    Returns:
        Account id → (its index in ``initial_records.wallet.accounts``, the amount).
    """
    records = raw.get("initial_records")
    wallet = records.get("wallet") if isinstance(records, dict) else None
    if not isinstance(wallet, dict):
        return {}
    accounts = wallet.get("accounts")
    transactions = wallet.get("transactions")
    posted: dict[str, int] = {}
    for transaction in transactions if isinstance(transactions, list) else []:
        if (
            isinstance(transaction, dict)
            and transaction.get("status") == "posted"
            and isinstance(transaction.get("amount_minor"), int)
        ):
            key = str(transaction.get("account_id"))
            posted[key] = posted.get(key, 0) + transaction["amount_minor"]
    gaps: dict[str, tuple[int, int]] = {}
    for index, account in enumerate(accounts if isinstance(accounts, list) else []):
        if not isinstance(account, dict):
            continue
        balance, opening = account.get("balance_minor"), account.get("opening_balance_minor")
        if not isinstance(balance, int) or not isinstance(opening, int):
            continue
        gap = balance - opening - posted.get(str(account.get("id")), 0)
        if gap:
            gaps[str(account.get("id"))] = (index, gap)
    return gaps


def design_findings(bundle: EnvironmentBundle, raw: dict[str, Any]) -> list[Finding]:
    """The pre-noise check: the validator's findings on the design, which has no noise yet.

    DESIGN §11 runs the Validator (stage 3) on the Scenario Creator's design before the Noise
    Creator (stage 5) writes anything, and S0 is base ⊕ initial records ⊕ noise records
    (DESIGN §2). Two rules are about that S0 and not about the design:

    * V08 (12–20 noise records) — there are none yet;
    * V09 on the scenario's *own* accounts — in today's shape an account's balance already
      includes its posted noise transactions (the history before the story: 51 of the 90
      shipped scenarios), so opening + the design's posted transactions differs from the
      balance by exactly what the noise will book. That difference cannot be subtracted now
      (the noise does not exist yet), and judging it after subtracting the noise would judge
      a state that is never built; so V09 on those accounts is judged where S0 exists, after
      the Noise Creator, on every rule, and the Noise Creator is told the amount
      (:func:`noise_balances`).

    The rest of V09 is the design's own and is judged here: an environment account the design
    books on (noise cannot make the environment's balance right), and every balance after the
    design's posted transaction events.

    Args:
        bundle: the environment.
        raw: the scenario file without ``noise_records``.

    Returns:
        The findings, as :func:`guarded_validate` reports them, less those two.
    """
    deferred = {
        record_path("$.initial_records", ("wallet", "accounts"), index, "balance_minor")
        for index, _gap in noise_balances(raw).values()
    }
    return [
        finding
        for finding in guarded_validate(bundle, raw)
        if finding.code != NOISE_RULE
        and not (finding.code == BALANCE_RULE and finding.path in deferred)
    ]


def request_findings(draft: dict[str, Any], need_type: str) -> list[Finding]:
    """The deterministic check of the request on a Scenario Creator's draft: its need type.

    A draft that says another need type than the candidate's (the job asked for `per_need`
    scenarios of each type) is sent back; one that says none gets the candidate's.
    """
    said = draft.get("need_type")
    if said is None or said == need_type:
        return []
    return [
        Finding(
            NEED_TYPE_CHECK,
            None,
            "$.need_type",
            f"the request is for a {need_type} scenario ({NEED_MEANINGS.get(need_type, '')}); "
            f"this one says {said!r}: write a need of the requested type",
        )
    ]


Neighbours = Callable[[], Sequence[tuple[str, str]]]
"""What a candidate is compared with: (label, :func:`visible_text`) of every stored scenario and
every other candidate of its job, read when called (the job goes on while a candidate runs)."""


def duplicate_findings(
    raw: dict[str, Any], neighbours: Sequence[tuple[str, str]], threshold: float
) -> list[Finding]:
    """A ``DUPLICATE`` finding when the draft reads like a stored scenario or another candidate.

    TF-IDF cosine (:func:`app.scenarios.corpus.similarity.tfidf_cosines`, the vectoriser of
    ``halo corpus stats``) of the draft's :func:`~app.scenarios.corpus.similarity.visible_text`
    (its events and initial records: what an agent or annotator reads, not its title or design)
    against each neighbour's; the nearest at or above `threshold` is named with its cosine. The
    noise is left out on both sides: the Scenario Creator, who gets the finding, writes the
    story, and noise is meant to differ.

    Args:
        raw: the scenario file (its noise, if any, is not read).
        neighbours: (label such as ``scenario hm-01``, its visible text) of what to compare with.
        threshold: the ``GENERATION_DUPLICATE_COSINE`` setting.
    """
    if not neighbours:
        return []
    cosines = tfidf_cosines([visible_text(raw), *(text for _label, text in neighbours)])[0][1:]
    nearest = max(range(len(neighbours)), key=lambda i: float(cosines[i]))
    cosine = float(cosines[nearest])
    if cosine < threshold:
        return []
    return [
        Finding(
            DUPLICATE_CHECK,
            None,
            "$.events",
            f"this scenario is a near duplicate of {neighbours[nearest][0]} (TF-IDF cosine "
            f"{cosine:.2f} of what an agent reads, events and records; at most {threshold:.2f} "
            "is allowed): write a different story, not a variant of it",
        )
    ]


def _balances_text(gaps: dict[str, tuple[int, int]]) -> str:
    if not gaps:
        return (
            "none: every balance of the scenario is explained by its own records, so noise "
            'transactions are "pending" or on an account of the noise\'s own'
        )
    return "; ".join(
        f"account {account_id!r}: its posted noise transactions sum to exactly {amount} minor "
        "units (the history before the story)"
        for account_id, (_index, amount) in gaps.items()
    )


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
    neighbours: Neighbours | None = None,
    duplicate_cosine: float = 1.01,
) -> BuiltScenario:
    """Scenario Creator → Validator → Reviewer → Noise Creator → Validator, with revisions.

    The first Validator judges the design without noise (:func:`design_findings`), the
    request's need type (:func:`request_findings`) and near duplicates
    (:func:`duplicate_findings`); the Reviewer judges the five criteria and the request's two
    (:data:`REVIEW_CRITERIA`); all of it goes back to the Scenario Creator. The Noise Creator is
    told the balances its posted transactions must explain (:func:`noise_balances`), and the
    second Validator runs every rule on the whole file.

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
        neighbours: what the draft must not duplicate (None: nothing).
        duplicate_cosine: the cosine at which a draft is a near duplicate.

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
        findings = [
            *request_findings(draft.scenario, need_type),
            *design_findings(bundle, raw),
            *duplicate_findings(raw, neighbours() if neighbours else (), duplicate_cosine),
        ]
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
                    "need_type": need_type,
                    "need_meaning": NEED_MEANINGS.get(need_type, need_type),
                    "scenario": raw,
                    "criteria": {key: text for key, (_label, text) in REVIEW_CRITERIA.items()},
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
        {
            **environment_values(bundle),
            "scenario": raw,
            "balances": _balances_text(noise_balances(raw)),
        },
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

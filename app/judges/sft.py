"""``halo export judge-sft``: chat-format training data for a judge (DESIGN.md §12).

One JSON object per judged response (its judgement of record, audited-out scenarios left
out), in ``train.jsonl`` or ``test.jsonl``::

    {"scenario_id": "hm-01", "response_id": "…",
     "messages": [{"role": "system", "content": <the judge prompt>},
                  {"role": "user", "content": <what the annotator sees>},
                  {"role": "assistant", "content": <the human diagnosis as JSON>}]}

The user message is the judge's (:func:`app.judges.prompt.user_message` of
:func:`app.annotation.workspace.response_view`), so a judge fine-tuned on it is asked the
same way at judge time — the agent's text included, quoted as JSON data the agent cannot
break out of, so a forged heading, flag line or verdict in it never reads as the product's.
The split is by scenario with a seeded shuffle: no scenario is on both sides. ``README.md``
in the directory is the card. The files load with 🤗 ``datasets``
(``load_dataset("json", data_files={"train": ".../train.jsonl", "test": ".../test.jsonl"})``)
and the ``messages`` column is the conversational format TRL's ``SFTTrainer`` takes.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from sqlalchemy import select as sa_select
from sqlmodel import Session, col

from app.annotation.service import judgement_of_record
from app.annotation.workspace import response_view
from app.errors import UnprocessableError
from app.judges.prompt import PROMPT_VERSION, judge_messages
from app.models import Annotation, Checkpoint, Response

MAX_SEED = 2**31 - 1
FILES = ("train.jsonl", "test.jsonl", "README.md")


def diagnosis_json(annotation: Annotation) -> str:
    """A human diagnosis as the assistant answers it: the judge's reply format (no rationale)."""
    return json.dumps(
        {
            "level": annotation.level,
            "verdict": annotation.verdict,
            "timing": annotation.timing,
            "intensity": annotation.intensity,
            "other_issues": [
                {"category": i["category"], "note": i["note"]} for i in annotation.other_issues
            ],
        },
        ensure_ascii=False,
    )


def split_scenarios(scenario_ids: list[str], *, seed: int, test_share: float) -> set[str]:
    """The scenarios of the test side: a seeded shuffle, ``round(share × scenarios)`` of them.

    At least one scenario goes to each side when there are two or more and the share is
    above 0; a share of 0, or a single scenario, puts everything in train.
    """
    ordered = sorted(set(scenario_ids))
    if len(ordered) < 2:  # one scenario cannot be split: it trains (train is never empty)
        return set()
    random.Random(seed).shuffle(ordered)
    n_test = round(test_share * len(ordered))
    if test_share > 0:
        n_test = min(max(n_test, 1), len(ordered) - 1)
    return set(ordered[:n_test])


def export_judge_sft(
    session: Session,
    out: Path,
    *,
    seed: int = 0,
    test_share: float = 0.2,
    run_id: int | None = None,
) -> dict[str, Any]:
    """Write ``train.jsonl``, ``test.jsonl`` and ``README.md`` into `out` (created if missing).

    ``test.jsonl`` is left out (and an earlier one removed) when the test side is empty — a
    share of 0 or a single scenario — since ``datasets`` refuses to load an empty split.

    Args:
        session: database session (read only).
        out: the directory.
        seed: the split's seed (0..2³¹−1).
        test_share: the share of scenarios in the test side, 0 ≤ share < 1.
        run_id: only this run's responses; None for all.

    Returns:
        ``{"train": rows, "test": rows, "train_scenarios": n, "test_scenarios": n,
        "files": [...]}``.

    Raises:
        UnprocessableError: a seed or share out of range, `out` an existing file, or no judged
            response.
    """
    if not 0 <= seed <= MAX_SEED:
        raise UnprocessableError(f"seed must be between 0 and {MAX_SEED}", "seed")
    if not 0 <= test_share < 1:
        raise UnprocessableError("the test share must be at least 0 and below 1", "test_share")
    if out.exists() and not out.is_dir():
        raise UnprocessableError(f"--out {out} is a file, not a directory", "out")
    record = judgement_of_record()
    query = (
        sa_select(col(Response.id), col(Checkpoint.scenario_id), col(Annotation.id))
        .join(record, record.c.response_id == col(Response.id))
        .join(Annotation, col(Annotation.id) == record.c.annotation_id)
        .join(Checkpoint, col(Checkpoint.id) == col(Response.checkpoint_id))
        .where(col(Response.status) == "completed")
        .order_by(col(Checkpoint.scenario_id), col(Checkpoint.t), col(Response.id))
    )
    if run_id is not None:
        query = query.where(col(Response.run_id) == run_id)
    rows = session.execute(query).all()
    if not rows:
        raise UnprocessableError("no judged responses to write", "run")
    test_side = split_scenarios([r[1] for r in rows], seed=seed, test_share=test_share)
    out.mkdir(parents=True, exist_ok=True)
    counts = {"train": 0, "test": 0}
    with (
        (out / "train.jsonl").open("w", encoding="utf-8") as train,
        (out / "test.jsonl").open("w", encoding="utf-8") as test,
    ):
        for response_id, scenario_id, annotation_id in rows:
            annotation = session.get(Annotation, annotation_id)
            assert annotation is not None
            view = response_view(session, response_id)
            messages: list[dict[str, str]] = judge_messages(view)
            messages.append({"role": "assistant", "content": diagnosis_json(annotation)})
            side = "test" if scenario_id in test_side else "train"
            line = {"scenario_id": scenario_id, "response_id": response_id, "messages": messages}
            (test if side == "test" else train).write(json.dumps(line, ensure_ascii=False) + "\n")
            counts[side] += 1
            # rows are written as they come: memory stays flat (scenarios stay, a few hundred)
            session.expunge(view.response)
            session.expunge(annotation)
    if not counts["test"]:  # an empty JSONL is a split `datasets` refuses to load
        (out / "test.jsonl").unlink()
    all_scenarios = {r[1] for r in rows}
    summary: dict[str, Any] = {
        **counts,
        "train_scenarios": len(all_scenarios - test_side),
        "test_scenarios": len(test_side),
        "files": [f for f in FILES if counts["test"] or f != "test.jsonl"],
    }
    (out / "README.md").write_text(
        _card(summary, seed=seed, test_share=test_share, run_id=run_id), encoding="utf-8"
    )
    return summary


def _card(summary: dict[str, Any], *, seed: int, test_share: float, run_id: int | None) -> str:
    if summary["test"]:
        data_files = '{"train": "train.jsonl", "test": "test.jsonl"}'
        eval_arg = 'eval_dataset=data["test"], '
    else:  # no test side (share 0 or one scenario): no test.jsonl
        data_files, eval_arg = '{"train": "train.jsonl"}', ""
    return f"""# HALO judge SFT data

Chat-format training data for an automatic judge of proactive-agent responses (HALO workbench,
DESIGN §12; paper Appendix H). One row per human-judged response (its judgement of record;
audited-out scenarios left out){f" of run {run_id}" if run_id is not None else ""}.

| split | rows | scenarios |
|---|---|---|
| train | {summary["train"]} | {summary["train_scenarios"]} |
| test | {summary["test"]} | {summary["test_scenarios"]} |

Split by scenario (seed {seed}, test share {test_share:g} of the scenarios, shuffled with
Python's `random.Random(seed)` over the sorted scenario ids): no scenario is in both files.

Each line: `scenario_id`, `response_id` and `messages`:

- `system`: the judge prompt `judge.{PROMPT_VERSION}` (the diagnosis rules and the answer format);
- `user`: what the annotator sees — persona, events up to the checkpoint, the agent's
  trajectory, its final action with its permission flags and the state diff it would cause
  (never the agent's name). Everything the agent wrote (its commands' arguments and results,
  its action's arguments, its rationale, the text it put into records) is quoted as JSON — in
  fenced `json` blocks and as JSON values of the state diff — so it is data, never a heading,
  flag line or instruction; the system prompt says so;
- `assistant`: the human diagnosis as one JSON object (`level`, `verdict`, `timing`,
  `intensity`, `other_issues`), which obeys the annotation rules (DESIGN §7).

## Loading

```python
from datasets import load_dataset

data = load_dataset("json", data_files={data_files})
```

The `messages` column is the conversational format TRL's `SFTTrainer` takes (LoRA through
`peft_config`, or axolotl's `chat_template` datasets):

```python
from trl import SFTConfig, SFTTrainer

trainer = SFTTrainer(model="Qwen/Qwen2.5-0.5B-Instruct", train_dataset=data["train"],
                     {eval_arg}args=SFTConfig(output_dir="judge-sft"))
```
"""

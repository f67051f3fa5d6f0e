"""How alike scenarios read: TF-IDF cosines over their text.

One vectoriser for every comparison of the product (``halo corpus stats``'s templated-text check
across environments, the construction pipeline's near-duplicate check), so that a cosine means
the same wherever it is reported. :func:`visible_text` is the text an agent or annotator reads
of a scenario's story (events and initial records), without its design text (title, need, notes)
and without ids, addresses and dates; it reads the scenario file's JSON, so a draft that does
not parse yet and a stored file compare alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

RECORD_TEXT_FIELDS = frozenset(
    {
        "subject",
        "body",
        "title",
        "description",
        "text",
        "name",
        "organization",
        "notes",
        "counterparty",
        "payee",
        "memo",
        "location",
        "content",
        "sql",
    }
)
"""The fields of records and event payloads whose text an agent reads (not ids, addresses,
dates, amounts or statuses, which differ between any two stories and say nothing of them)."""


def _record_text(value: Any, key: str | None, out: list[str]) -> None:
    """Collect the readable text of a JSON value: text fields, files and SQL statements."""
    if isinstance(value, dict):
        if key == "files":
            out += [text for text in value.values() if isinstance(text, str)]
            return
        for name, item in value.items():
            _record_text(item, str(name), out)
    elif isinstance(value, list):
        for item in value:
            if key == "db" and isinstance(item, str):
                out.append(item)
            else:
                _record_text(item, key, out)
    elif isinstance(value, str) and key in RECORD_TEXT_FIELDS and value:
        out.append(value)


def visible_text(raw: Any, *, noise: bool = False) -> str:
    """The story text of a scenario file that an agent or annotator reads.

    Each event's summary and the text of its payload (messages, calendar entries, transactions,
    written files, SQL), then the text of the initial records (and of the noise records when
    `noise`): subjects, bodies, titles, descriptions, chat texts, names, organisations, notes,
    counterparties, payees, memos, locations, file contents and ``db`` statements. Not the
    title or the design, which nobody sees before the trajectory; not ids, addresses, dates or
    amounts. Tolerant: parts of the wrong type are skipped.

    Args:
        raw: a scenario file's JSON object (as stored in ``Scenario.source``, or a draft).
        noise: include the noise records.
    """
    out: list[str] = []
    if not isinstance(raw, dict):
        return ""
    events = raw.get("events")
    for event in events if isinstance(events, list) else []:
        if isinstance(event, dict):
            if isinstance(event.get("summary"), str):
                out.append(event["summary"])
            _record_text(event.get("payload"), None, out)
    parts = ("initial_records", "noise_records") if noise else ("initial_records",)
    for part in parts:
        _record_text(raw.get(part), None, out)
    return "\n".join(out)


def tfidf_cosines(texts: Sequence[str]) -> Any:
    """The pairwise cosine matrix (n × n numpy array) of `texts` under one TF-IDF model.

    scikit-learn's ``TfidfVectorizer`` (English stop words, sublinear term frequency), fitted on
    `texts` themselves, then ``cosine_similarity``. An empty or stop-words-only text has
    cosine 0 with everything.
    """
    import numpy as np
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.metrics.pairwise import cosine_similarity

    if not any(text.strip() for text in texts):
        return np.zeros((len(texts), len(texts)))
    try:
        matrix = TfidfVectorizer(stop_words="english", sublinear_tf=True).fit_transform(texts)
    except ValueError:  # every text holds only stop words
        return np.zeros((len(texts), len(texts)))
    return cosine_similarity(matrix)

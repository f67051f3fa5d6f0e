"""Column headings of metric tables on the pages (the downloads keep the column names)."""

from __future__ import annotations

from markupsafe import Markup

COLUMN_LABELS: dict[str, str] = {
    "agent": "Agent",
    "need_type": "Need type",
    "domain": "Domain",
    "acceptability": "Acc. %",
    "L0": "L0 %",
    "L1": "L1 %",
    "L2": "L2 %",
    "L3": "L3 %",
    "inaction": "Inaction %",
    "premature": "Premature %",
    "belated": "Belated %",
    "insufficient": "Insufficient %",
    "excessive": "Excessive %",
    "appropriate": "Appropriate %",
    "reasoning_tokens_k": "Reas. tok. (k)",
    "retrieval_rounds": "Rounds",
    "share": "Over-proactive %",
    "over_proactive": "Over-proactive",
    "share_within": "% within",
    "share_of_rejected": "% of rejected",
    "accepted_elsewhere": "Accepted elsewhere %",
    "accepted_elsewhere_count": "Accepted elsewhere",
    "accepted": "Accepted",
    "accepted_action": "Accepted action %",
    "accepted_restraint": "Accepted restraint %",
    "leader": "Domain leader",
    "verdict_accuracy": "Verdict acc. %",
    "joint_accuracy": "Joint acc. %",
    "agreement": "Agreement %",
    "kappa": "Cohen's κ",
    "initial_pass_rate": "Initial pass %",
    "initial_fail_rate": "Initial fail %",
    "final_pass_rate": "Final pass %",
    "mean_revisions": "Revisions",
    "percent": "%",
    "alpha": "Krippendorff's α",
}

COLUMN_ABBREVIATIONS: dict[str, tuple[str, str]] = {
    "acceptability": ("Acc. %", "Acceptability, % of annotated responses"),
    "inaction": ("Inact. %", "Inaction (rejected L0), %"),
    "premature": ("Prem. %", "Premature, %"),
    "belated": ("Bel. %", "Belated, %"),
    "insufficient": ("Insuf. %", "Insufficient, %"),
    "excessive": ("Exc. %", "Excessive, %"),
    "appropriate": ("Appr. %", "Appropriate, %"),
    "reasoning_tokens_k": ("Tok. (k)", "Mean reasoning tokens, thousands"),
    "retrieval_rounds": ("Rounds", "Mean retrieval rounds"),
    "planned": ("Planned", "Planned responses (all but cancelled)"),
    "completed": ("Compl.", "Completed responses (the ones judged)"),
    "open": ("Open", "Pending or running responses (not ended yet)"),
    "protocol_error_n": ("Prot. err.", "Responses ended protocol_error"),
    "api_error_n": ("API err.", "Responses ended api_error"),
    "protocol_error": ("Prot. err. %", "Protocol errors, % of planned responses"),
    "api_error": ("API err. %", "API errors, % of planned responses"),
}
"""Short headings (with their full name as the ``<abbr>`` title) for the wide tables: Table 1
with its intervals fits a 1440-px screen. Downloads keep the column names."""


def label(column: str) -> Markup:
    """Heading of a column on the page: an ``<abbr title>`` where the heading is shortened."""
    if column in COLUMN_ABBREVIATIONS:
        short, full = COLUMN_ABBREVIATIONS[column]
        return Markup('<abbr title="{}">{}</abbr>').format(full, short)
    return Markup("{}").format(COLUMN_LABELS.get(column, column.replace("_", " ")))

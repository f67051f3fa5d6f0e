"""Automatic judges as first-class runs (DESIGN.md §12, paper Appendix H, Table 11).

* :mod:`~app.judges.prompt` — the versioned judge prompt (``prompts/judge.v<N>.txt``) and the
  user message: what the annotator's item page shows
  (:func:`app.annotation.workspace.response_view`), as text.
* :mod:`~app.judges.diagnosis` — a judge's reply read as a diagnosis checked by the §7 rules
  (:func:`app.annotation.rules.check_diagnosis`); pure.
* :mod:`~app.judges.judging` — one LLM judgement: the call, one corrective message after an
  invalid diagnosis, then failure with the reason; pure but for the endpoint call.
* :mod:`~app.judges.rubric` — the built-in ``rubric`` judge from ``checkpoint_design``; pure.
* :mod:`~app.judges.service` — judge runs and their predictions in the database: plan,
  execute one prediction under a lease, cancel, retry, reconcile, progress, predictions for
  Table 11.
* :mod:`~app.judges.tasks` — the judge run as a job of the engine (``judges.execute``,
  ``judges.reconcile``) and :func:`~app.judges.tasks.start_judge_run`.
* :mod:`~app.judges.sft` — ``halo export judge-sft``: chat-format training data.
"""

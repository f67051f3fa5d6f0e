"""The scenario construction pipeline (DESIGN.md §11, paper Figure 2, Tables 5–6).

* :mod:`.schemas` — each LLM stage's pydantic output schema;
  ``prompts/<stage>.v<N>.txt`` — each stage's versioned prompt template.
* :mod:`.stages` — one LLM stage call: prompt, structured output or tolerant JSON extraction,
  one corrective message.
* :mod:`.pipeline` — the stages of one candidate with their revision loops (no database).
* :mod:`.service` — generation jobs: plan, run (leases), cancel, resume, progress.
* :mod:`.tasks` — the job engine's task and the start/resume functions.
* :mod:`.corpus` — ``halo corpus export``: accepted scenarios as seed files.
* :mod:`.seedfiles` — writing the DESIGN §4 seed layout.
"""

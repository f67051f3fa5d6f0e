"""Runs: plan responses over sampled checkpoints and produce them (DESIGN.md §5–§6)."""

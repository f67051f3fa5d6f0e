"""Metric tables over annotated responses (DESIGN.md §8): pure formulas and their queries."""

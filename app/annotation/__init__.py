"""Diagnosis rules, assignments and the annotation service (DESIGN.md §7)."""

"""Agents and the protocol that drives them (DESIGN.md §5): one response at one checkpoint."""

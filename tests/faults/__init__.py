"""Runs under injected infrastructure faults, on services of the tests own (issue 11)."""

"""HALO-Arena: the executable personal environment (DESIGN.md §3–§4).

Pure code: it imports neither the database layer nor the web layer, so runs, the validator, the
viewer and the benchmarks share one implementation of state, replay, commands and sandbox.
"""

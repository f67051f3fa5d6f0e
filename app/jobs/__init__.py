"""The one job engine (DESIGN.md §13): leases, endpoint slots, backoff and progress shared by
every job (agent runs and exports today, judge runs and generation jobs next)."""

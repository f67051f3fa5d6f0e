"""HALO workbench: evaluate proactive agents in HALO-Arena with fine-grained human diagnosis."""

"""The HALO-8K-style dataset export and the response import (DESIGN.md §9).

* :mod:`app.export.rows` — the canonical row model and the streaming query.
* :mod:`app.export.writers` — JSONL, Parquet, scenarios, schema and dataset card; ``export_dump``.
* :mod:`app.export.importer` — ``import_responses``: the same rows back in, all-or-nothing.
* :mod:`app.export.cli` — ``halo export`` and ``halo import responses``.
"""

from app.export.importer import ImportReport, import_responses
from app.export.rows import Action, ExportRow, OtherIssue, TrajectoryStep, count_rows, iter_rows
from app.export.writers import (
    PARQUET_SCHEMA,
    dataset_card,
    export_dump,
    read_parquet_rows,
    schema_json,
    write_jsonl,
    write_parquet,
)

__all__ = [
    "PARQUET_SCHEMA",
    "Action",
    "ExportRow",
    "ImportReport",
    "OtherIssue",
    "TrajectoryStep",
    "count_rows",
    "dataset_card",
    "export_dump",
    "import_responses",
    "iter_rows",
    "read_parquet_rows",
    "schema_json",
    "write_jsonl",
    "write_parquet",
]

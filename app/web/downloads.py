"""A metric table as a file download: one response for /analysis and /lead (DESIGN.md §8)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import Response

from app.errors import NotFoundError
from app.metrics.render import DOWNLOADS, render_metric_table


def download_response(
    name: str, columns: Sequence[str], rows: Sequence[Mapping[str, Any]], extension: str
) -> Response:
    """Named table `name` rendered as a ``<name>.<extension>`` attachment.

    Rendered by :func:`app.metrics.render.render_metric_table`, as ``halo metrics`` prints it.

    Args:
        name: the table's name.
        columns: the table's columns.
        rows: its rows.
        extension: ``csv``, ``tex`` or ``json`` (:data:`app.metrics.render.DOWNLOADS`).

    Raises:
        NotFoundError: an unknown extension.
    """
    download = DOWNLOADS.get(extension)
    if download is None:
        raise NotFoundError(f"no table {name}.{extension}; use {', '.join(DOWNLOADS)}")
    return Response(
        render_metric_table(name, columns, rows, download.fmt),
        media_type=download.media_type,
        headers={"Content-Disposition": f'attachment; filename="{name}.{extension}"'},
    )


def text_download(text: str, response_id: str, part: str) -> Response:
    """One stored text of a response, exactly as stored, as a UTF-8 ``.txt`` attachment.

    Args:
        text: the text (:func:`app.agents.parts.response_part`).
        response_id: the response, named in the file name.
        part: the part, named in the file name (characters other than letters, digits, ``.``,
            ``_`` and ``-`` become ``_``).
    """
    name = re.sub(r"[^A-Za-z0-9._-]", "_", f"{response_id}-{part}")[:120]
    return Response(
        text.encode("utf-8", "surrogatepass"),
        media_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}.txt"'},
    )

"""Metric tables over annotated responses (DESIGN.md §8): one way through.

- :mod:`~app.metrics.queries`: the filters, and the queries that read judged responses one by
  one (Table 11) or as label pairs (agreement);
- :mod:`~app.metrics.cells`: the judged cells and the one SQL aggregate that counts them;
- :mod:`~app.metrics.stats`: percentages, Wilson intervals, correlations, the LPM;
- one module per paper artefact, each a pure function of cells (or of their Table 1 counts per
  group) returning typed rows: :mod:`~app.metrics.table1`, :mod:`~app.metrics.table2`,
  :mod:`~app.metrics.table9`, :mod:`~app.metrics.figure3`, :mod:`~app.metrics.figure4`,
  :mod:`~app.metrics.figure6`, :mod:`~app.metrics.figure7`, :mod:`~app.metrics.table10`,
  :mod:`~app.metrics.tables7_8`, :mod:`~app.metrics.table11`, :mod:`~app.metrics.agreement`;
- :mod:`~app.metrics.registry`: the names of ``halo metrics`` and the pages → artefact and
  columns; :mod:`~app.metrics.render`: HTML context, JSON, CSV, LaTeX;
  :mod:`~app.metrics.charts`: the figures as SVG.
"""

"""Batch simulation: arenas between bots, statistics and reports."""

#: Games per Parquet file of `cosmotable simulate` (sim/runner.py). Kept here, outside the runner,
#: so that the CLI shows it in --help without importing pyarrow: every `cosmotable` process (a
#: server, a terminal game) would otherwise load pyarrow at start-up, about 0.15 s of CPU each.
DEFAULT_CHUNK = 500

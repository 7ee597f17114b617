"""Batch simulation: arenas between bots, statistics and reports."""

"""`cosmotable report`: one self-contained HTML page (plots embedded as PNG) from a simulation.

Every figure is computed from the rows alone (see sim/runner.py), except the exact MLEM crash
odds, which come from the game's odds tool (`cosmotable mlem odds`) for comparison. The general
section is this module's; each game adds a section of its own (`games/<id>/report.py`, the `report`
part of its descriptor) built with the helpers here.
"""

from __future__ import annotations

import base64
import html
import io
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: never open a window
import matplotlib.pyplot as plt
import pyarrow as pa

from cosmotable import games
from cosmotable.sim.runner import load, read_plan
from cosmotable.sim.stats import wilson_interval


@dataclass
class Rate:
    """A win rate (shared wins count 1/k) with its 95% Wilson interval."""

    label: str
    wins: float
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


# ------------------------------------------------------------------------------------- statistics
def seat_rates(rows: list[dict[str, Any]], players: int) -> list[Rate]:
    wins = [0.0] * players
    for row in rows:
        for seat in row["winners"]:
            wins[seat] += 1 / len(row["winners"])
    return [Rate(f"seat {seat}", wins[seat], len(rows)) for seat in range(players)]


def bot_rates(rows: list[dict[str, Any]]) -> list[Rate]:
    wins: Counter = Counter()
    seated: Counter = Counter()
    for row in rows:
        for seat, bot in enumerate(row["bots"]):
            seated[bot] += 1
            if seat in row["winners"]:
                wins[bot] += 1 / len(row["winners"])
    return [Rate(bot, wins[bot], seated[bot]) for bot in sorted(seated)]


# ---------------------------------------------------------------------------------------- figures
def png(fig) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def rate_figure(rates: Sequence[Rate], title: str, baseline: float | None = None) -> str:
    fig, ax = plt.subplots(figsize=(max(4.0, 1.1 * len(rates) + 2), 3.2))
    xs = range(len(rates))
    values = [r.rate for r in rates]
    # max(0, ...): the Wilson bounds hold the rate, up to float rounding at 0 and 1.
    low = [max(0.0, r.rate - r.interval[0]) for r in rates]
    high = [max(0.0, r.interval[1] - r.rate) for r in rates]
    ax.bar(xs, values, color="#4c78a8")
    ax.errorbar(xs, values, yerr=[low, high], fmt="none", ecolor="black", capsize=5)
    if baseline is not None:
        ax.axhline(baseline, color="#e45756", linestyle="--", label=f"fair share {baseline:.1%}")
        ax.legend(loc="upper right")
    long = any(len(r.label) > 10 for r in rates)
    ax.set_xticks(
        list(xs), [r.label for r in rates], rotation=30 if long else 0, ha="right" if long else "center"
    )
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_ylim(0, min(1.0, max(v + h for v, h in zip(values, high, strict=True)) * 1.25 + 0.02))
    ax.set_title(title)
    return png(fig)


def distribution_figure(series: dict[str, list[float]], title: str, xlabel: str) -> str:
    fig, ax = plt.subplots(figsize=(6.5, 3.2))
    every = [v for values in series.values() for v in values]
    low, high = (min(every), max(every)) if every else (0, 1)
    bins = min(40, max(5, int(high - low) + 1))
    for label, values in series.items():
        ax.hist(values, bins=bins, range=(low, high + 1), histtype="step", linewidth=1.6, label=label)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title)
    if len(series) > 1:
        ax.legend(fontsize="small")
    return png(fig)


def bars_figure(labels: list[str], values: list[float], title: str, ylabel: str) -> str:
    fig, ax = plt.subplots(figsize=(max(4.5, 0.45 * len(labels) + 2), 3.4))
    ax.bar(range(len(labels)), values, color="#72b7b2")
    ax.set_xticks(range(len(labels)), labels, rotation=45 if len(labels) > 6 else 0, ha="right")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    return png(fig)


def grouped_bars_figure(groups: list[str], series: dict[str, list[float]], title: str, ylabel: str) -> str:
    fig, ax = plt.subplots(figsize=(max(5.0, 1.2 * len(groups) + 2), 3.4))
    width = 0.8 / max(1, len(series))
    for i, (label, values) in enumerate(series.items()):
        ax.bar([g + i * width for g in range(len(groups))], values, width=width, label=label)
    ax.set_xticks([g + 0.4 - width / 2 for g in range(len(groups))], groups)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize="small")
    return png(fig)


# ------------------------------------------------------------------------------------------- HTML
def html_table(header: Sequence[str], body: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    rows = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in body)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def html_img(src: str, alt: str) -> str:
    return f'<img src="{src}" alt="{html.escape(alt)}">'


def pct(x: float) -> str:
    return f"{x:.1%}"


def rate_rows(rates: Sequence[Rate]) -> list[list[str]]:
    return [
        [r.label, str(r.games), f"{r.wins:g}", pct(r.rate), f"{pct(r.interval[0])} – {pct(r.interval[1])}"]
        for r in rates
    ]


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def general_section(rows: list[dict[str, Any]], players: int) -> str:
    seats = seat_rates(rows, players)
    bots = bot_rates(rows)
    header = ["", "games", "wins", "win rate", "95% interval"]
    parts = [
        "<h2>Win rates</h2>",
        "<p>Shared victories count 1/k to each of the k winners. Intervals: 95% Wilson score.</p>",
        html_img(rate_figure(seats, "Win rate by seat", 1 / players), "win rate by seat"),
        html_table(header, rate_rows(seats)),
    ]
    if len(bots) > 1:
        parts += [
            html_img(rate_figure(bots, "Win rate by bot (per seat taken)", 1 / players), "win rate by bot"),
            html_table(header, rate_rows(bots)),
        ]
    by_seat = {f"seat {s}": [row["scores"][s] for row in rows] for s in range(players)}
    parts += [
        "<h2>Scores</h2>",
        html_img(distribution_figure(by_seat, "Final scores by seat", "points"), "score distribution"),
        html_table(
            ["seat", "mean", "min", "max"],
            [[label, f"{mean(v):.1f}", min(v), max(v)] for label, v in by_seat.items()],
        ),
    ]
    if len(bots) > 1:
        by_bot: dict[str, list[float]] = defaultdict(list)
        for row in rows:
            for seat, bot in enumerate(row["bots"]):
                by_bot[bot].append(row["scores"][seat])
        parts.append(
            html_img(distribution_figure(dict(by_bot), "Final scores by bot", "points"), "scores by bot")
        )
    turns = [row["turns"] for row in rows]
    steps = [row["steps"] for row in rows]
    parts += [
        "<h2>Game length</h2>",
        html_img(
            distribution_figure({"turns": turns}, "Game length", "turns (the game's own unit)"), "turns"
        ),
        html_img(
            distribution_figure({"steps": steps}, "Game length in steps", "actions incl. chance"), "steps"
        ),
        html_table(
            ["measure", "mean", "min", "max"],
            [
                ["turns", f"{mean(turns):.1f}", min(turns), max(turns)],
                ["steps", f"{mean(steps):.1f}", min(steps), max(steps)],
                ["decisions", f"{mean([r['decisions'] for r in rows]):.1f}", "", ""],
            ],
        ),
    ]
    return "\n".join(parts)


def sum_counts(rows: list[dict[str, Any]], column: str, key: str) -> Counter:
    total: Counter = Counter()
    for row in rows:
        for item in row[column]:
            total[item[key]] += item["count"]
    return total


STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1000px; margin: 2em auto; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; display: block; margin: 0.8em 0; }
.meta { color: #555; }
"""


def render(table: pa.Table, plan: dict[str, Any]) -> str:
    """The whole HTML page for the rows of one simulation."""
    game = plan["game"]
    players = plan["players"]
    spec = games.get(game)
    rows = table.drop_columns(["rolls"]).to_pylist() if "rolls" in table.column_names else table.to_pylist()
    variants = ", ".join(plan["variants"]) or "none"
    # The game's own section (the `report` part of its descriptor); a game without one has the
    # general section alone.
    part = games.descriptor(game).load("report")
    body = part.section(table, rows, players) if part is not None else ""
    meta = html_table(
        ["setting", "value"],
        [
            ["games", table.num_rows],
            ["players", players],
            ["bots (seats take them in turn, every rotation)", ", ".join(plan["bots"])],
            ["variants", variants],
            ["seed", plan["seed"]],
        ],
    )
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{html.escape(spec.name)}: simulation report</title><style>{STYLE}</style></head><body>"
        f"<h1>{html.escape(spec.name)}: {table.num_rows} simulated games</h1>{meta}"
        f"{general_section(rows, players)}{body}</body></html>"
    )


def write_report(results: Path | str, out: Path | str) -> Path:
    """Read a results directory and write its HTML report to `out`."""
    table = load(results)
    page = render(table, read_plan(results))
    out = Path(out)
    out.write_text(page, encoding="utf-8")
    return out

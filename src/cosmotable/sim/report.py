"""`cosmotable report`: one self-contained HTML page (plots embedded as PNG) from a simulation.

Every figure is computed from the rows alone (see sim/runner.py), except the exact MLEM crash
odds, which come from the game's odds tool (`cosmotable mlem odds`) for comparison.
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

#: Fewest observations for a crash-rate cell to be drawn (fewer would be noise).
MIN_ROLLS = 20


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


def crash_observations(rolls: pa.ChunkedArray) -> dict[tuple[int, int], tuple[int, int]]:
    """(space, dice) -> (crashes, rolls that ended in a travel or a crash). Rerolls (UFO token)
    and a roll the game ended on are left out: their outcome is not the roll's own."""
    counts: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    flat = pa.concat_arrays([c.flatten() for c in rolls.chunks]) if rolls.num_chunks else None
    if flat is None or len(flat) == 0:
        return {}
    spaces = flat.field("space").to_pylist()
    dice = flat.field("dice").to_pylist()
    outcomes = flat.field("outcome").to_pylist()
    for space, n, outcome in zip(spaces, dice, outcomes, strict=True):
        if outcome in ("travel", "crash"):
            cell = counts[(space, n)]
            cell[0] += outcome == "crash"
            cell[1] += 1
    return {key: (c, t) for key, (c, t) in counts.items()}


# ---------------------------------------------------------------------------------------- figures
def _png(fig) -> str:
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
    return _png(fig)


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
    return _png(fig)


def bars_figure(labels: list[str], values: list[float], title: str, ylabel: str) -> str:
    fig, ax = plt.subplots(figsize=(max(4.5, 0.45 * len(labels) + 2), 3.4))
    ax.bar(range(len(labels)), values, color="#72b7b2")
    ax.set_xticks(range(len(labels)), labels, rotation=45 if len(labels) > 6 else 0, ha="right")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    return _png(fig)


def grouped_bars_figure(groups: list[str], series: dict[str, list[float]], title: str, ylabel: str) -> str:
    fig, ax = plt.subplots(figsize=(max(5.0, 1.2 * len(groups) + 2), 3.4))
    width = 0.8 / max(1, len(series))
    for i, (label, values) in enumerate(series.items()):
        ax.bar([g + i * width for g in range(len(groups))], values, width=width, label=label)
    ax.set_xticks([g + 0.4 - width / 2 for g in range(len(groups))], groups)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize="small")
    return _png(fig)


def crash_figure(observed: dict[tuple[int, int], tuple[int, int]], exact: list[list[float]]) -> str:
    """One panel per number of dice: the observed crash rate by space (dots with 95% Wilson
    intervals, cells with at least MIN_ROLLS rolls) against the exact odds (line)."""
    count = len(exact[0])
    columns = 3
    fig, axes = plt.subplots(
        -(-count // columns), columns, figsize=(11, 3.0 * -(-count // columns)), sharex=True, sharey=True
    )
    for dice, ax in zip(range(1, count + 1), axes.flat, strict=False):
        ax.plot(range(len(exact)), [row[dice - 1] for row in exact], color="#e45756", label="exact odds")
        cells = sorted((s, c, t) for (s, d), (c, t) in observed.items() if d == dice and t >= MIN_ROLLS)
        if cells:
            xs = [s for s, _, _ in cells]
            ys = [c / t for _, c, t in cells]
            bounds = [wilson_interval(c, t) for _, c, t in cells]
            ax.errorbar(
                xs,
                ys,
                yerr=[
                    [max(0.0, y - b[0]) for y, b in zip(ys, bounds, strict=True)],
                    [max(0.0, b[1] - y) for y, b in zip(ys, bounds, strict=True)],
                ],
                fmt="o",
                color="#4c78a8",
                markersize=3,
                capsize=2,
                label="in play",
            )
        ax.set_title(f"{dice} {'die' if dice == 1 else 'dice'}")
        ax.grid(alpha=0.3)
    for ax in axes.flat[count:]:
        ax.set_visible(False)
    for ax in axes[-1]:
        ax.set_xlabel("space rolled from")
    for ax in axes[:, 0]:
        ax.set_ylabel("P(crash)")
    axes.flat[0].legend(fontsize="small")
    fig.suptitle(f"Crash rate in play (cells with >= {MIN_ROLLS} rolls) vs exact odds")
    fig.tight_layout()
    return _png(fig)


# ------------------------------------------------------------------------------------------- HTML
def _table(header: Sequence[str], body: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    rows = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in body)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def _img(src: str, alt: str) -> str:
    return f'<img src="{src}" alt="{html.escape(alt)}">'


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _rate_rows(rates: Sequence[Rate]) -> list[list[str]]:
    return [
        [r.label, str(r.games), f"{r.wins:g}", _pct(r.rate), f"{_pct(r.interval[0])} – {_pct(r.interval[1])}"]
        for r in rates
    ]


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def general_section(rows: list[dict[str, Any]], players: int) -> str:
    seats = seat_rates(rows, players)
    bots = bot_rates(rows)
    header = ["", "games", "wins", "win rate", "95% interval"]
    parts = [
        "<h2>Win rates</h2>",
        "<p>Shared victories count 1/k to each of the k winners. Intervals: 95% Wilson score.</p>",
        _img(rate_figure(seats, "Win rate by seat", 1 / players), "win rate by seat"),
        _table(header, _rate_rows(seats)),
    ]
    if len(bots) > 1:
        parts += [
            _img(rate_figure(bots, "Win rate by bot (per seat taken)", 1 / players), "win rate by bot"),
            _table(header, _rate_rows(bots)),
        ]
    by_seat = {f"seat {s}": [row["scores"][s] for row in rows] for s in range(players)}
    parts += [
        "<h2>Scores</h2>",
        _img(distribution_figure(by_seat, "Final scores by seat", "points"), "score distribution"),
        _table(
            ["seat", "mean", "min", "max"],
            [[label, f"{_mean(v):.1f}", min(v), max(v)] for label, v in by_seat.items()],
        ),
    ]
    if len(bots) > 1:
        by_bot: dict[str, list[float]] = defaultdict(list)
        for row in rows:
            for seat, bot in enumerate(row["bots"]):
                by_bot[bot].append(row["scores"][seat])
        parts.append(
            _img(distribution_figure(dict(by_bot), "Final scores by bot", "points"), "scores by bot")
        )
    turns = [row["turns"] for row in rows]
    steps = [row["steps"] for row in rows]
    parts += [
        "<h2>Game length</h2>",
        _img(distribution_figure({"turns": turns}, "Game length", "turns (the game's own unit)"), "turns"),
        _img(distribution_figure({"steps": steps}, "Game length in steps", "actions incl. chance"), "steps"),
        _table(
            ["measure", "mean", "min", "max"],
            [
                ["turns", f"{_mean(turns):.1f}", min(turns), max(turns)],
                ["steps", f"{_mean(steps):.1f}", min(steps), max(steps)],
                ["decisions", f"{_mean([r['decisions'] for r in rows]):.1f}", "", ""],
            ],
        ),
    ]
    return "\n".join(parts)


def mlem_section(table: pa.Table, rows: list[dict[str, Any]], players: int) -> str:
    from cosmotable.games.mlem.odds import crash_table

    exact = [[float(p) for p in row] for row in crash_table(games.get("mlem"))]
    observed = crash_observations(table.column("rolls"))
    crashes = [row["crashes"] for row in rows]
    per_expedition = [c / row["turns"] for c, row in zip(crashes, rows, strict=True)]
    parts = [
        "<h2>MLEM: crashes</h2>",
        (
            f"<p>Mean crashes per game {_mean(crashes):.2f}; per expedition {_mean(per_expedition):.3f}. "
            "Exact odds: a bare roll (no helper astronaut aboard, no expedition token), from the game's own "
            "odds tool; in play helpers and tokens can save a rocket, and a commander facing helper-saved "
            "rolls may still choose to crash, so the observed rate can sit below or above the line.</p>"
        ),
        _img(crash_figure(observed, exact), "crash rate by space and dice"),
    ]
    cells = sorted(observed.items())
    parts.append("<details><summary>Every cell with enough rolls</summary>")
    parts.append(
        _table(
            ["space", "dice", "rolls", "crashes", "observed", "95% interval", "exact"],
            [
                [
                    s,
                    d,
                    t,
                    c,
                    _pct(c / t),
                    "{} – {}".format(*map(_pct, wilson_interval(c, t))),
                    _pct(exact[s][d - 1]),
                ]
                for (s, d), (c, t) in cells
                if t >= MIN_ROLLS and s < len(exact)
            ],
        )
    )
    parts.append("</details>")
    # Abilities: what each astronaut brings when it lands (planet landings score at the end).
    landed: dict[str, list[int]] = defaultdict(list)
    places: dict[str, Counter] = defaultdict(Counter)
    for row in rows:
        for landing in row["landings"]:
            landed[landing["astronaut"]].append(landing["points"])
            places[landing["astronaut"]][landing["place"]] += 1
    names = sorted(landed)
    parts += [
        "<h2>MLEM: astronauts (abilities)</h2>",
        (
            "<p>Points an astronaut scores when it lands (moons, deep space); planet landings count 0 here "
            "because planets are scored at the end by majority.</p>"
        ),
        _img(
            bars_figure(names, [_mean(landed[n]) for n in names], "Mean points per landing", "points"),
            "ability value",
        ),
        _table(
            ["astronaut", "landings", "mean points", "moon", "planet", "deep space"],
            [
                [
                    n,
                    len(landed[n]),
                    f"{_mean(landed[n]):.2f}",
                    places[n]["moon"],
                    places[n]["planet"],
                    places[n]["deep"],
                ]
                for n in names
            ],
        ),
    ]
    # Goal tiles: how often taken, when, and how often the taker wins.
    taken: dict[str, list[int]] = defaultdict(list)
    taker_wins: Counter = Counter()
    for row in rows:
        for goal in row["goals"]:
            taken[goal["goal"]].append(goal["expedition"])
            if goal["seat"] in row["winners"]:
                taker_wins[goal["goal"]] += 1 / len(row["winners"])
    goal_rates = [Rate(g, taker_wins[g], len(taken[g])) for g in sorted(taken)]
    parts.append("<h2>MLEM: goal tiles</h2>")
    if goal_rates:
        parts += [
            _img(
                rate_figure(goal_rates, "Win rate of the seat that took the goal", 1 / players), "goal value"
            ),
            _table(
                [
                    "goal",
                    "taken in games",
                    "share of games",
                    "mean expedition",
                    "taker's win rate",
                    "95% interval",
                ],
                [
                    [
                        r.label,
                        r.games,
                        _pct(r.games / len(rows)),
                        f"{_mean(taken[r.label]):.1f}",
                        _pct(r.rate),
                        "{} – {}".format(*map(_pct, r.interval)),
                    ]
                    for r in goal_rates
                ],
            ),
        ]
    else:
        parts.append("<p>No goal tile was taken in these games.</p>")
    return "\n".join(parts)


def _sum_counts(rows: list[dict[str, Any]], column: str, key: str) -> Counter:
    total: Counter = Counter()
    for row in rows:
        for item in row[column]:
            total[item[key]] += item["count"]
    return total


def kosmodrom_section(rows: list[dict[str, Any]], players: int) -> str:
    zones = ["rockets_started", "advanced_to_test", "advanced_to_launch"]
    series = {f"seat {s}": [_mean([row[z][s] for row in rows]) for z in zones] for s in range(players)}
    cards = _sum_counts(rows, "cards_played", "card")
    actions = _sum_counts(rows, "action_cards", "card")
    card_names = sorted(cards, key=lambda c: -cards[c])
    action_names = sorted(actions, key=lambda c: -actions[c])
    reasons = Counter(row["end_reason"] for row in rows)
    protect = [_mean([row["protections_placed"][s] for row in rows]) for s in range(players)]
    return "\n".join(
        [
            "<h2>Kosmodrom: rockets by zone</h2>",
            _img(
                grouped_bars_figure(
                    ["started (assembly)", "to test stand", "to launch table"],
                    series,
                    "Rockets per game",
                    "mean",
                ),
                "launches per zone",
            ),
            _table(
                ["seat", "started", "to test", "to launch", "protections placed"],
                [
                    [f"seat {s}", *(f"{v:.2f}" for v in series[f"seat {s}"]), f"{protect[s]:.2f}"]
                    for s in range(players)
                ],
            ),
            "<h2>Kosmodrom: cards</h2>",
            (
                "<p>The engine never lets a protected target be attacked (the play is not legal), so blocking "
                "shows as the protections placed: Top Secret, Security System, Certification, Labor Contract.</p>"
            ),
            _img(
                bars_figure(
                    card_names, [cards[c] / len(rows) for c in card_names], "Cards played", "per game"
                ),
                "cards played",
            ),
            _img(
                bars_figure(
                    action_names, [actions[c] / len(rows) for c in action_names], "Action cards", "per game"
                ),
                "action cards",
            )
            if action_names
            else "<p>No action card was played.</p>",
            _table(["game end", "games"], [[r or "-", n] for r, n in reasons.most_common()]),
        ]
    )


def planet_section(rows: list[dict[str, Any]], players: int) -> str:
    coins = [_mean([row["scores"][s] for row in rows]) for s in range(players)]
    delivered = [_mean([row["coins_delivered"][s] for row in rows]) for s in range(players)]
    made = [_mean([row["attacks_made"][s] for row in rows]) for s in range(players)]
    suffered = [_mean([row["attacks_suffered"][s] for row in rows]) for s in range(players)]
    tiles = Counter()
    for row in rows:
        for item in row["tiles_met"]:
            tiles[item["tile"]] += item["count"]
    tile_names = sorted(tiles, key=lambda t: -tiles[t])
    reasons = Counter(row["end_reason"] for row in rows)
    seats = [f"seat {s}" for s in range(players)]
    return "\n".join(
        [
            "<h2>Planet: coins and attacks per seat</h2>",
            _img(
                grouped_bars_figure(
                    seats,
                    {
                        "score": coins,
                        "coins delivered": delivered,
                        "attacks made": made,
                        "attacks suffered": suffered,
                    },
                    "Per seat",
                    "mean per game",
                ),
                "coins and attacks",
            ),
            _table(
                ["seat", "score", "coins delivered", "attacks made", "attacks suffered"],
                [
                    [
                        seats[s],
                        f"{coins[s]:.2f}",
                        f"{delivered[s]:.2f}",
                        f"{made[s]:.2f}",
                        f"{suffered[s]:.2f}",
                    ]
                    for s in range(players)
                ],
            ),
            "<h2>Planet: tiles met</h2>",
            _img(
                bars_figure(
                    tile_names, [tiles[t] / len(rows) for t in tile_names], "Tiles revealed", "per game"
                ),
                "tiles met",
            ),
            _table(["game end", "games"], [[r or "-", n] for r, n in reasons.most_common()]),
        ]
    )


SECTIONS = {"mlem": mlem_section, "kosmodrom": kosmodrom_section, "planet": planet_section}

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
    section = SECTIONS[game]
    body = (
        section(table, rows, players) if game == "mlem" else section(rows, players)  # type: ignore[operator]
    )
    meta = _table(
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

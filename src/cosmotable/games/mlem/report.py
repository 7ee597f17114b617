"""MLEM's section of the simulation report (`cosmotable report`): crash rates in play against the
exact odds, landings, goals.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

import matplotlib.pyplot as plt
import pyarrow as pa

from cosmotable.games.mlem.game import GAME
from cosmotable.games.mlem.odds import crash_table
from cosmotable.sim.report import Rate, bars_figure, html_img, html_table, mean, pct, png, rate_figure
from cosmotable.sim.stats import wilson_interval

#: Fewest observations for a crash-rate cell to be drawn (fewer would be noise).
MIN_ROLLS = 20


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
    return png(fig)


def section(table: pa.Table, rows: list[dict[str, Any]], players: int) -> str:
    exact = [[float(p) for p in row] for row in crash_table(GAME)]
    observed = crash_observations(table.column("rolls"))
    crashes = [row["crashes"] for row in rows]
    per_expedition = [c / row["turns"] for c, row in zip(crashes, rows, strict=True)]
    parts = [
        "<h2>MLEM: crashes</h2>",
        (
            f"<p>Mean crashes per game {mean(crashes):.2f}; per expedition {mean(per_expedition):.3f}. "
            "Exact odds: a bare roll (no helper astronaut aboard, no expedition token), from the game's own "
            "odds tool; in play helpers and tokens can save a rocket, and a commander facing helper-saved "
            "rolls may still choose to crash, so the observed rate can sit below or above the line.</p>"
        ),
        html_img(crash_figure(observed, exact), "crash rate by space and dice"),
    ]
    cells = sorted(observed.items())
    parts.append("<details><summary>Every cell with enough rolls</summary>")
    parts.append(
        html_table(
            ["space", "dice", "rolls", "crashes", "observed", "95% interval", "exact"],
            [
                [
                    s,
                    d,
                    t,
                    c,
                    pct(c / t),
                    "{} – {}".format(*map(pct, wilson_interval(c, t))),
                    pct(exact[s][d - 1]),
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
        html_img(
            bars_figure(names, [mean(landed[n]) for n in names], "Mean points per landing", "points"),
            "ability value",
        ),
        html_table(
            ["astronaut", "landings", "mean points", "moon", "planet", "deep space"],
            [
                [
                    n,
                    len(landed[n]),
                    f"{mean(landed[n]):.2f}",
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
            html_img(
                rate_figure(goal_rates, "Win rate of the seat that took the goal", 1 / players), "goal value"
            ),
            html_table(
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
                        pct(r.games / len(rows)),
                        f"{mean(taken[r.label]):.1f}",
                        pct(r.rate),
                        "{} – {}".format(*map(pct, r.interval)),
                    ]
                    for r in goal_rates
                ],
            ),
        ]
    else:
        parts.append("<p>No goal tile was taken in these games.</p>")
    return "\n".join(parts)

"""Planet's section of the simulation report (`cosmotable report`): coins, attacks, tiles met, how games end."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pyarrow as pa

from cosmotable.sim.report import bars_figure, grouped_bars_figure, html_img, html_table, mean


def section(table: pa.Table, rows: list[dict[str, Any]], players: int) -> str:
    coins = [mean([row["scores"][s] for row in rows]) for s in range(players)]
    delivered = [mean([row["coins_delivered"][s] for row in rows]) for s in range(players)]
    made = [mean([row["attacks_made"][s] for row in rows]) for s in range(players)]
    suffered = [mean([row["attacks_suffered"][s] for row in rows]) for s in range(players)]
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
            html_img(
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
            html_table(
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
            html_img(
                bars_figure(
                    tile_names, [tiles[t] / len(rows) for t in tile_names], "Tiles revealed", "per game"
                ),
                "tiles met",
            ),
            html_table(["game end", "games"], [[r or "-", n] for r, n in reasons.most_common()]),
        ]
    )

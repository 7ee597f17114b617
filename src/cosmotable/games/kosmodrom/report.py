"""Kosmodrom's section of the simulation report (`cosmotable report`): cards played, action cards, how games end."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pyarrow as pa

from cosmotable.sim.report import bars_figure, grouped_bars_figure, html_img, html_table, mean, sum_counts


def section(table: pa.Table, rows: list[dict[str, Any]], players: int) -> str:
    zones = ["rockets_started", "advanced_to_test", "advanced_to_launch"]
    series = {f"seat {s}": [mean([row[z][s] for row in rows]) for z in zones] for s in range(players)}
    cards = sum_counts(rows, "cards_played", "card")
    actions = sum_counts(rows, "action_cards", "card")
    card_names = sorted(cards, key=lambda c: -cards[c])
    action_names = sorted(actions, key=lambda c: -actions[c])
    reasons = Counter(row["end_reason"] for row in rows)
    protect = [mean([row["protections_placed"][s] for row in rows]) for s in range(players)]
    return "\n".join(
        [
            "<h2>Kosmodrom: rockets by zone</h2>",
            html_img(
                grouped_bars_figure(
                    ["started (assembly)", "to test stand", "to launch table"],
                    series,
                    "Rockets per game",
                    "mean",
                ),
                "launches per zone",
            ),
            html_table(
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
            html_img(
                bars_figure(
                    card_names, [cards[c] / len(rows) for c in card_names], "Cards played", "per game"
                ),
                "cards played",
            ),
            html_img(
                bars_figure(
                    action_names, [actions[c] / len(rows) for c in action_names], "Action cards", "per game"
                ),
                "action cards",
            )
            if action_names
            else "<p>No action card was played.</p>",
            html_table(["game end", "games"], [[r or "-", n] for r, n in reasons.most_common()]),
        ]
    )

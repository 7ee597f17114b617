"""Kosmodrom's picture for the RL adapters' `rgb_array` render: the three zones and their rockets.

Drawn from a view only (`cosmotable.envs.drawing` sets up the figure and says why).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cosmotable.envs.drawing import ACCENT, BACKGROUND, DIM, INK, seat_colour, text, to_act

ZONES = ("assembly", "test", "launch")


def draw(ax, view: Mapping[str, Any]) -> None:
    """Three zones (assembly, test, launch) holding the rockets in play, coloured by owner, with
    their metal and fuel; the deck and discard; each seat's hand as a count of card backs (the
    cards themselves only in the viewing seat's own hand), experts, upgrades and score."""
    from matplotlib.patches import Rectangle

    text(
        ax,
        1,
        64,
        f"turn {view['turn']} (seat {view['turn_seat']})   phase {view['phase']}   {to_act(view)}",
        size=8,
    )
    deck = view["deck"]
    text(
        ax,
        1,
        60.5,
        f"deck {deck['count']}   discard {len(view['discard'])} (top: {view['discard_top'] or '-'})   "
        f"launch-pad area {len(view['launch_pad_area'])}/4"
        + (f"   countdown {view['countdown']['turns_left']}" if view.get("countdown") else ""),
        size=7,
    )
    by_zone: dict[str, list[Mapping[str, Any]]] = {z: [] for z in ZONES}
    for rocket in view["rockets"]:
        by_zone.setdefault(rocket["zone"], []).append(rocket)
    for zi, zone in enumerate(ZONES):
        x0 = 1 + zi * 33
        ax.add_artist(Rectangle((x0, 27), 31.5, 30, facecolor="#13213f", edgecolor=DIM, lw=0.8))
        text(ax, x0 + 1, 55.5, zone, size=8, color=ACCENT)
        for k, rocket in enumerate(by_zone.get(zone, ())[:14]):
            col, row = k % 2, k // 2
            x, y = x0 + 1 + col * 15.5, 51 - row * 3.4
            ax.add_artist(
                Rectangle(
                    (x, y - 1.4),
                    14.5,
                    2.8,
                    facecolor=seat_colour(rocket["owner"]),
                    edgecolor=INK if rocket["complete"] else BACKGROUND,
                    lw=1.0,
                )
            )
            label = f"{rocket['card'][:9]} M{rocket['metal']}/{rocket['needs_metal']} F{rocket['fuel']}/{rocket['needs_fuel']}"
            text(ax, x + 0.4, y, label, size=5, color="#0b1630")
        extra = len(by_zone.get(zone, ())) - 14
        if extra > 0:
            text(ax, x0 + 1, 28.2, f"+{extra} more", size=6, color=DIM)
    own = view.get("hand")
    for k, p in enumerate(view["players"]):
        y = 23 - k * 5.5
        seat = p["seat"]
        ax.add_artist(Rectangle((1, y - 1.2), 2.4, 2.4, facecolor=seat_colour(seat)))
        experts = ", ".join(e for e in p["experts"].values() if e) or "-"
        winner = " WINNER" if seat in view.get("winners", ()) else ""
        text(
            ax,
            4.5,
            y + 0.8,
            f"seat {seat}: score {p['score']['total']}   experts {experts}   "
            f"upgrades {', '.join(p['upgrades']) or '-'}{winner}",
            size=6.5,
        )
        # the hand: card backs, one per card; only the viewing seat's own cards are named
        mine = own is not None and view.get("seat") == seat
        for j in range(min(int(p["hand_count"]), 16)):
            ax.add_artist(
                Rectangle((4.5 + j * 2.2, y - 2.2), 1.8, 2.2, facecolor="#5c4d7d", edgecolor=INK, lw=0.3)
            )
        hand_text = f"hand {p['hand_count']}" + (f": {', '.join(sorted(own))}" if mine else "")
        text(ax, 4.5 + min(int(p["hand_count"]), 16) * 2.2 + 1, y - 1.1, hand_text[:90], size=6, color=DIM)

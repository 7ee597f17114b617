"""Kosmodrom's cards in the terminal: their names (English or Russian), colours by type, a hand and a
rocket as one line each, the `look` entries and the list of all 140 cards (data/cards.toml). Used by
the screen (screen.py), which draws the table around them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.text import Text

from cosmotable.games.kosmodrom.cards import default_cards
from cosmotable.ui.terminal.common import LookEntry

TYPE_STYLES = {
    "rocket": "bold bright_white",
    "component": "cyan",
    "expert": "green",
    "advantage": "magenta",
    "launch_pad": "yellow",
    "action": "red",
    "upgrade": "blue",
}


def card_name(card: str, russian: bool = False) -> str:
    spec = default_cards().cards.get(card)
    if spec is None:
        return card
    return f"{spec.name_en} ({spec.name_ru})" if russian else spec.name_en


def card_text(card: str, russian: bool = False) -> Text:
    spec = default_cards().cards.get(card)
    style = TYPE_STYLES.get(spec.type, "") if spec else ""
    return Text(card_name(card, russian), style=style)


def offered_cards(cards: list[str]) -> str:
    """`['metal', 'metal', 'jack']` -> 'Jack of All Trades, 2 Metal' (or 'nothing')."""
    counts = sorted(Counter(cards).items(), key=lambda kv: card_order(kv[0]))
    return ", ".join(f"{n} {card_name(c)}" if n > 1 else card_name(c) for c, n in counts) or "nothing"


def hand_text(cards: list[str]) -> Text:
    out = Text()
    for i, (card, n) in enumerate(sorted(Counter(cards).items(), key=lambda kv: card_order(kv[0]))):
        if i:
            out.append(" · ")
        out.append_text(card_text(card))
        if n > 1:
            out.append(f" ×{n}", style="bold")
    return out or Text("(empty)", style="dim")


def card_order(card: str) -> tuple[int, str]:
    spec = default_cards().cards[card]
    order = ("rocket", "component", "expert", "advantage", "upgrade", "action", "launch_pad")
    return order.index(spec.type), card


def rocket_line(r: dict[str, Any]) -> Text:
    out = Text.assemble((r["id"], "bold"), " ", card_text(r["card"]), f" {r['points']}")
    metal = f"M{r['metal']}/{r['needs_metal']}"
    fuel = f"F{r['fuel']}/{r['needs_fuel']}"
    if r["complete"]:
        out.append(" ✔ complete", style="green")
    else:
        out.append(f" {metal} {fuel}", style="cyan")
    for adv in r["advantages"]:
        out.append(" +")
        out.append_text(card_text(adv))
    return out


def kosmodrom_look_entries() -> list[LookEntry]:
    """Every card by its id, English and Russian names, with its text from data/cards.toml."""
    return [
        LookEntry(
            (c.name_en, c.id, c.name_ru),
            f"{c.name_en} ({c.name_ru})",
            f"{c.text} ×{c.count} in the deck.",
            c.type,
        )
        for c in default_cards().cards.values()
    ]


def cards_list() -> Text:
    """The 140 cards by type, one paragraph each: name, id, count, what it does (data/cards.toml)."""
    out = Text("The cards (data/cards.toml)", style="bold")
    kind = None
    for c in sorted(default_cards().cards.values(), key=lambda c: card_order(c.id)):
        if c.type != kind:
            kind = c.type
            out.append(f"\n{kind.replace('_', ' ').capitalize()}", style="bold underline")
        out.append("\n• ")
        out.append(f"{c.name_en} ({c.name_ru})", style=TYPE_STYLES.get(c.type, "bold"))
        out.append(f" `{c.id}` ×{c.count}: ", style="dim")
        out.append(c.text)
    return out

"""Kosmodrom's rules summary in Markdown: `cosmotable rules kosmodrom` and the server's rules page."""

from __future__ import annotations


def rules_markdown() -> str:
    return """# Космо Дром (Kosmodrom) - rules summary

Build rockets in your **assembly shop**, move them to the **test stand** and on to the **launch table**.
When the 4 launch-pad cards have reached the middle of the table, every player has one more turn (the
player who completed the pad last) and the game is scored.

**Set-up.** The 4 launch-pad cards are set aside, 6 cards dealt to each player, then the launch-pad
cards are shuffled into the bottom half of the deck; chance picks who starts.

**A turn.** 1) Your launch-pad cards advance one zone (one per zone). 2) Complete rockets may advance one
zone, one per zone (two with Overtime), if the zone's expert was there at the start of the turn.
3) Draw up to your hand limit (6, Warehouse 8); one card may be the top of the discard pile; a drawn
launch-pad card is placed in your assembly shop and replaced. 4) Play any cards. 5) The moment
your hand is empty, draw a new one and go on playing (once a turn). 6) Discard any cards, ending
with at most your hand limit.

**Cards.** Rockets need metal and fuel (components go only on rockets in the assembly shop).
Experts: Engineer (assembly), Inspector (test), Mission Control (launch), Jack of All Trades (any);
one per zone, never replaced. Advantages, one of each per rocket: Certification (test stand; stops
Retest; +3 on the launch table), Astronaut (+4 with Oxygen, else -4), Oxygen, Top Secret (stops
Scrub, Sabotage, Vacuum) - on the launch table. Upgrades (one at a time): Labor Contract, Overtime,
Security System, Warehouse. Actions (13 kinds) can be played only if carried out in full.

**Scoring.** Rockets: launch table +value, test stand 0, assembly shop -value. Astronaut with oxygen
+4, without -4. Certification on the launch table +3. No Mission Control on the launch table -10.
Tie: more advantage cards in play.

**Variants.** quick, slow (exclusive), negotiation, superpowers - see `cosmotable games`. Negotiation:
in step 4 offer another player any number of your cards, as a gift or for any number of theirs
(`trade 2 metal,fuel for jack`, `gift 2 oxygen`); they accept or refuse.

**In play.** Type `look NAME` (e.g. `look swift`, `look overtime`, or a Russian name) to read any card.

**Where the data comes from.** All 140 cards, their counts, points and requirements are the
rulebook's own (`data/cards.toml`, `source` field); nothing is reconstructed except the English card
names, which are ours (the English edition's names are not public in text). Every decision the
rulebook leaves open is in `src/cosmotable/games/kosmodrom/RULINGS.md`.
"""


def summary_markdown() -> str:
    """The whole summary (`cosmotable.ui.rules`)."""
    return rules_markdown()

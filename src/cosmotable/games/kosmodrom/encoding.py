"""Kosmodrom encoding: the fixed action and chance enumerations and the observation vector.

Rocket slots. The engine names rockets `r1`, `r2`, ... in the order they are played and never reuses
a number, so a scrubbed rocket's card can come back as `r22` and beyond: the ids are unbounded.
What is bounded is the number of rockets in play at once: every rocket is a rocket card, and the
deck holds 21 (12 Swift, 4 Rapid, 3 Intrepid, 2 Fearless), so at most `MAX_ROCKETS` = 21. The
enumeration therefore names rockets by *slot*: `r<k>` in an encoded action means the k-th rocket in
play, in play order (the order of `view["rockets"]`); `action_to_index(action, state)` and
`index_to_action(index, state)` translate between slots and engine ids at `state` (the adapters
always pass the state; without it slots and ids coincide, which is true until a rocket is scrubbed).

Decision actions (indices in this order; sizes for the default card set, 4 seats max):

1. `advance r1` .. `advance r21` (21).
2. `done`, `draw`, `take`, `accept`, `refuse` (5).
3. `play <card> [target]` for every card that can be played (card-file order), with every target
   the rules can name: rockets and upgrades none; components and advantages a rocket slot; experts a
   zone; Scrub, Retest, Vacuum, Top Priority a rocket slot; Sabotage a rocket slot and `metal`/`fuel`;
   Key to Start and Headhunting `SEAT:ZONE`; Budget Cut a seat; Soldering Iron a card kind; Industrial Espionage one seat or two seats `a,b` (a < b); the rest none.
4. `keep <card>` (a stolen card), `discard <card>`, `top <card>` for every card kind but the
   launch-pad cards.
5. Negotiation (Ruling K12), an offer built step by step: `offer <seat>` for seats 0-3 (start an
   offer to that seat), `give <card>` (add one card of your hand), `want <card>` (ask for one card of
   theirs) for every card kind but the launch-pad cards, then `propose` and `withdraw`. A trade of
   any number of cards for any number of cards is a sequence of these (one index per card), so the
   enumeration stays small and fixed. The whole-offer forms the engine also accepts (`gift 2
   metal,fuel`, `trade 2 metal for jack,fuel`) have no index: they are never in `legal_actions`.

Chance outcomes: `deck <card>` for every card kind (launch-pad cards included), then `pick <card>`
for every card kind but the launch-pad cards, then `first <seat>` for seats 0-3 (who starts, Ruling
K1).

The observation is built only from `state.view(seat)`; seat-relative (relative seat r is absolute
seat (seat + r) % num_players), padded to 4 seats. Its layout is `KosmodromEncoding.layout`, printed
in docs/observations.md.

This module holds the enumerations and the layout; the class's other parts are mixins in their own
files: the constants the layout and the writer share (encoding_layout.py), the vector written from a
view (encoding_view.py), and the hidden information of the history (encoding_hidden.py, with the
rewrite of a determinized history in encoding_rewrite.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cosmotable import games
from cosmotable.engine import Action, GameConfig, State
from cosmotable.envs.encodings import Encoding, ObservationBuilder, last_game_over
from cosmotable.games.kosmodrom.actions import Advance, Play
from cosmotable.games.kosmodrom.cards import PADS, ZONES, default_cards
from cosmotable.games.kosmodrom.encoding_hidden import HiddenHistory
from cosmotable.games.kosmodrom.encoding_layout import (
    HAND_SCALE,
    MAX_SEATS,
    PHASES,
    SCORE_PARTS,
    SCORE_SCALE,
    VARIANT_NAMES,
)
from cosmotable.games.kosmodrom.encoding_rewrite import Plan
from cosmotable.games.kosmodrom.encoding_view import ViewObservation

ROCKET_TARGET = ("scrub", "retest", "vacuum", "top_priority")
SEAT_ZONE_TARGET = ("key_to_start", "headhunting")


def _rocket_slot_count(cards) -> int:
    return sum(c.count for c in cards.cards.values() if c.type == "rocket")


def decision_actions(cards, max_rockets: int) -> list[str]:
    ids = list(cards.cards)
    hand_cards = [c for c in ids if cards.cards[c].type != "launch_pad"]
    slots = [f"r{k}" for k in range(1, max_rockets + 1)]
    seats = range(MAX_SEATS)
    texts = [f"advance {r}" for r in slots]
    texts += ["done", "draw", "take", "accept", "refuse"]
    for card in hand_cards:
        kind = cards.cards[card].type
        if kind in ("rocket", "upgrade"):
            targets = [""]
        elif kind in ("component", "advantage"):
            targets = slots
        elif kind == "expert":
            targets = list(ZONES)
        elif card in ROCKET_TARGET:
            targets = slots
        elif card == "sabotage":
            targets = [f"{r} {part}" for r in slots for part in ("metal", "fuel")]
        elif card in SEAT_ZONE_TARGET:
            targets = [f"{s}:{z}" for s in seats for z in ZONES]
        elif card == "budget_cut":
            targets = [str(s) for s in seats]
        elif card == "soldering_iron":
            targets = list(hand_cards)  # any card of the discard pile (Ruling K9: itself too)
        elif card == "espionage":
            targets = [str(s) for s in seats] + [f"{a},{b}" for a in seats for b in seats if a < b]
        else:
            targets = [""]
        texts += [f"play {card} {t}".rstrip() for t in targets]
    texts += [f"keep {c}" for c in hand_cards]
    texts += [f"discard {c}" for c in hand_cards]
    texts += [f"top {c}" for c in hand_cards]
    texts += [f"offer {s}" for s in seats]
    texts += [f"give {c}" for c in hand_cards]
    texts += [f"want {c}" for c in hand_cards]
    texts += ["propose", "withdraw"]
    return texts


def chance_outcomes(cards) -> list[str]:
    ids = list(cards.cards)
    return (
        [f"deck {c}" for c in ids]
        + [f"pick {c}" for c in ids if cards.cards[c].type != "launch_pad"]
        + [f"first {s}" for s in range(MAX_SEATS)]
    )


def _renamed(action: Action, rename: Mapping[str, str]) -> Action:
    """`action` with its rocket names mapped through `rename` (unchanged where none appear)."""
    if isinstance(action, Advance):
        return Advance(rename.get(action.rocket, action.rocket))
    if isinstance(action, Play) and action.target.startswith("r"):
        rid, sep, rest = action.target.partition(" ")
        if rid in rename:
            return Play(action.card, rename[rid] + sep + rest)
    return action


class KosmodromEncoding(HiddenHistory, ViewObservation, Encoding):
    game_id = "kosmodrom"

    def __init__(self, config: GameConfig):
        game = games.get("kosmodrom")
        self.cards = default_cards()
        self.card_ids = list(self.cards.cards)
        self.hand_cards = [c for c in self.card_ids if self.cards.cards[c].type != "launch_pad"]
        self.rocket_cards = list(self.cards.of_type("rocket"))
        self.expert_cards = list(self.cards.of_type("expert"))
        self.advantage_cards = list(self.cards.of_type("advantage"))
        self.upgrade_cards = list(self.cards.of_type("upgrade"))
        self.max_rockets = _rocket_slot_count(self.cards)
        self.max_parts = max(
            [1, *(max(c.metal, c.fuel) for c in self.cards.cards.values() if c.type == "rocket")]
        )
        self._card_pos = {c: i for i, c in enumerate(self.card_ids)}
        self._builder = self._declare()
        self._slices = self._builder.slices()
        self._head_range = slice(0, self._slices["players"].start)  # `num_players` .. `hand`
        self._player_width = self._slices["players"].stop - self._slices["players"].start
        self._player_width //= MAX_SEATS
        # (seat, seed, history length, last actions) -> the rewrite's plan: IS-MCTS resamples one state often
        self._plan_cache: dict[tuple, Plan] = {}
        super().__init__(
            game,
            config,
            decision_actions(self.cards, self.max_rockets),
            chance_outcomes(self.cards),
            self._builder.segments,
        )

    # ------------------------------------------------------------------ rocket slots
    @staticmethod
    def _rocket_ids(state: State) -> list[str]:
        return list(state.rockets)  # type: ignore[attr-defined]  # public: rockets in play, in play order

    def action_to_index(self, action: Action | str, state: State | None = None) -> int:
        if state is not None:
            if isinstance(action, str):
                action = self.game.parse_action(action)
            if isinstance(action, Advance | Play):
                ids = self._rocket_ids(state)
                action = _renamed(action, {rid: f"r{k + 1}" for k, rid in enumerate(ids)})
        return super().action_to_index(action)

    def index_to_action(self, index: int, state: State | None = None) -> Action:
        action = super().index_to_action(index)
        if state is not None and isinstance(action, Advance | Play):
            ids = self._rocket_ids(state)
            action = _renamed(action, {f"r{k + 1}": rid for k, rid in enumerate(ids)})
        return action

    # ------------------------------------------------------------------ layout
    def _declare(self) -> ObservationBuilder:
        b = ObservationBuilder()
        P, C, R = MAX_SEATS, len(self.card_ids), self.max_rockets
        cards = ", ".join(self.card_ids)
        b.add("num_players", P - 1, "one-hot number of players: 2, 3, 4")
        b.add("variants", len(VARIANT_NAMES), "1 if the variant is in play: " + ", ".join(VARIANT_NAMES))
        b.add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
        b.add("to_act", P + 2, "one-hot who acts: relative seats 0-3, then chance, then game over")
        b.add("turn_seat", P, "one-hot relative seat whose turn it is")
        b.add("turn", 1, "turn number / 200")
        b.add(
            "deck",
            4,
            "deck: cards / 140, launch-pad cards in the deck / 4, launch-pad cards set aside / 4, "
            "reshuffles / 10",
        )
        b.add("discard_counts", C, f"discard pile: cards of each kind / 10 (card-file order: {cards})")
        b.add("discard_size", 1, "discard pile size / 140")
        b.add("discard_top", C, "one-hot kind of the discard pile's top card")
        b.add(
            "launch_pad_area",
            len(PADS),
            "1 for each launch-pad card in the launch-pad area (" + ", ".join(PADS) + ")",
        )
        b.add(
            "countdown",
            1 + 1 + P,
            "final countdown: running, turn ends left / 5, one-hot relative seat of the completer",
        )
        b.add(
            "step",
            3 + len(ZONES),
            "this turn: took the discard top, redrawn, research draws left / 3, "
            "rockets advanced from each zone (assembly, test, launch) / 2",
        )
        b.add("steal_from", P, "Industrial Espionage: cards still to steal from each relative seat / 2")
        b.add(
            "stolen",
            1 + C,
            "stolen cards awaiting keep/discard: count / 4, then per kind / 4 (named to the thief only)",
        )
        b.add("field_duty", P, "Field Duty: relative seats still to discard")
        b.add("order", 1, "1 while the player chooses the top discard (discard_order)")
        b.add(
            "offer",
            3 + 2 * P + 2 * C,
            "negotiation offer awaiting an answer: present, gift, trade, one-hot "
            "relative seat offering (4), one-hot relative seat asked (4), cards given per kind / 4, cards "
            "wanted per kind / 4",
        )
        b.add(
            "draft",
            1 + P + 2 * C,
            "negotiation offer being built (phase offer): present, one-hot relative "
            "seat asked (4), cards given so far per kind / 4, cards wanted so far per kind / 4",
        )
        b.add("hand", C, f"own hand: cards of each kind / {HAND_SCALE:g}")
        b.add(
            "players",
            P
            * (
                2
                + C
                + 1
                + len(ZONES) * len(self.expert_cards)
                + len(self.upgrade_cards)
                + len(ZONES)
                + 1
                + 2 * len(SCORE_PARTS)
            ),
            "per relative seat (4): seated, hand size / 8, cards known to be in that hand (every seat's "
            f"knowledge for the own seat) per kind / {HAND_SCALE:g}, hand limit is 8 (Warehouse), "
            "per zone (assembly, test, launch) one-hot expert (" + ", ".join(self.expert_cards) + "), "
            "upgrades in play (" + ", ".join(self.upgrade_cards) + "), launch-pad cards per zone / 4, "
            "advantage cards / 10, then score parts (" + ", ".join(SCORE_PARTS) + f") as positive part / "
            f"{SCORE_SCALE:g} and negative part / {SCORE_SCALE:g}",
        )
        b.add(
            "rockets",
            R * (1 + P + len(self.rocket_cards) + len(ZONES) + 5 + len(self.advantage_cards) + 1),
            f"per rocket slot (1-{R}, rockets in play in play order; the slot of `r<k>` in actions): "
            "present, one-hot owner relative seat (4), one-hot rocket card ("
            + ", ".join(self.rocket_cards)
            + "), one-hot zone (assembly, test, launch), metal / 4, fuel / 4, metal needed / 4, "
            "fuel needed / 4, complete, advantages ("
            + ", ".join(self.advantage_cards)
            + "), may advance now",
        )
        # Totals can fall far below zero (unfinished rockets count against their owner; -78 has
        # been reached), so the total is split into its positive and negative part: no clipping.
        b.add(
            "scores",
            2 * P,
            f"per relative seat: score total's positive part / {SCORE_SCALE:g}, "
            f"then its negative part / {SCORE_SCALE:g} (no clipping)",
        )
        b.add("winners", P, "per relative seat: 1 if among the winners (game over only)")
        return b

    # ------------------------------------------------------------------ observation

    # ------------------------------------------------------------------ hidden information

    # ------------------------------------------------------------------ text
    def cap_reason(self, state: State) -> str | None:
        """The safety cap on turns (`max_turns`, Ruling K26) ends the game with reason "max_turns"."""
        event = last_game_over(state) if state.is_terminal() else None
        if event is not None and event.data.get("reason") == "max_turns":
            return event.text.split(":")[0]
        return None

    def render_view(self, view: Mapping[str, Any]) -> str:
        lines = [
            f"Kosmodrom  {view['num_players']} players  variants: {', '.join(view['variants']) or 'none'}",
            (
                f"turn {view['turn']} (seat {view['turn_seat']})  phase {view['phase']}  deck {view['deck']['count']}  "
                f"discard top {view['discard_top'] or '-'}  launch pad {len(view['launch_pad_area'])}/4"
            ),
        ]
        for p in view["players"]:
            lines.append(
                f"seat {p['seat']}: score {p['score']['total']}  hand {p['hand_count']}  "
                f"rockets {' '.join(p['rockets']) or '-'}"
            )
        for r in view["rockets"]:
            lines.append(
                f"  {r['id']} s{r['owner']} {r['card']} {r['zone']} m{r['metal']}/{r['needs_metal']} "
                f"f{r['fuel']}/{r['needs_fuel']} {' '.join(r['advantages'])}"
            )
        if view["hand"] is not None:
            lines.append("hand: " + " ".join(view["hand"]))
        if view["winners"]:
            lines.append(f"game over: winners {view['winners']}")
        return "\n".join(lines)


def encoding_for(config: GameConfig) -> KosmodromEncoding:
    return KosmodromEncoding(config)


# ---------------------------------------------------------------- docs/observations.md
# The enumeration's groups, as `cosmotable.envs.docs` lists them: (text the actions start with, meaning).
ACTION_GROUPS: list[tuple[str, str]] = [
    (
        "advance",
        (
            "`advance r<k>`: advance the rocket in slot k (the k-th rocket in play, in play order; "
            "at most 21 rockets, one per rocket card, are in play at once)"
        ),
    ),
    ("done", "`done` (end step 2, 4 or 6)"),
    ("draw", "`draw` (step 3, from the deck)"),
    ("take", "`take` (step 3, the top discard)"),
    ("accept", "`accept` (negotiation)"),
    ("refuse", "`refuse` (negotiation)"),
    (
        "play",
        (
            "`play <card> [target]`: every card but the launch-pad cards, card-file order, with every "
            "target it can name (rocket slots, zones, `SEAT:ZONE`, seats 0-3, card kinds)"
        ),
    ),
    ("keep", "`keep <card>` (a stolen card kept in hand)"),
    ("discard", "`discard <card>` (step 6, Field Duty, a stolen card)"),
    ("top", "`top <card>` (the card put on top of the discard pile after an action card)"),
    ("offer", "`offer <seat>` (negotiation, seats 0-3): start building an offer to that seat"),
    ("give", "`give <card>` (negotiation): add one card of your hand to the offer being built"),
    ("want", "`want <card>` (negotiation): ask for one more card of the other seat's"),
    (
        "propose",
        (
            "`propose` (negotiation): make the offer built - a gift if it asks for nothing, else a "
            "trade of any number of cards for any number (Ruling K12)"
        ),
    ),
    ("withdraw", "`withdraw` (negotiation): drop the offer being built"),
]
CHANCE_GROUPS: list[tuple[str, str]] = [
    ("deck", "`deck <card>`: the card drawn from the deck (every card kind, launch-pad cards included)"),
    ("pick", "`pick <card>`: the card Industrial Espionage steals"),
    ("first", "`first <seat>`: the seat that takes the first turn, after the deal (Ruling K1)"),
]
#: What the tables above leave to say.
DOC_NOTE = (
    "Rocket ids (`r1`, `r2`, ... in the engine) are never reused, so a scrubbed rocket's card "
    "comes back under a new id: actions therefore name rocket *slots* (see `advance`), "
    "translated to and from engine ids by `action_to_index(action, state)` / "
    "`index_to_action(index, state)`; the `rockets` segment uses the same slots.\n\n"
    "Negotiation (Ruling K12): the rulebook lets a player trade any number of cards for any "
    "number, or give any number away. An offer is therefore built one card at a time: "
    "`offer <seat>`, then `give <card>` once per card of yours and `want <card>` once per card "
    "asked for (at most as many as that seat holds), then `propose` (or `withdraw`). The "
    "enumeration stays 4 + 2 x card kinds + 2 indices whatever the offer's size; the `draft` "
    "segment shows the offer being built and `offer` the one awaiting an answer. An offer "
    "refused, a trade accepted or a draft withdrawn is not built again in the same turn, so "
    "a turn stays finite. The engine also accepts a whole offer typed at once (`gift 2 "
    "metal,fuel`, `trade 2 metal,fuel for jack`); it has no index here."
)

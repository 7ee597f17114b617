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
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from cosmotable import games
from cosmotable.engine import Action, Event, GameConfig, State
from cosmotable.envs.encodings import Encoding, ObservationBuilder, last_game_over, one_hot
from cosmotable.games.kosmodrom.actions import Advance, DeckCard, Pick, Play
from cosmotable.games.kosmodrom.encoding_rewrite import DeterminizationError, Plan, plan, rewrite

try:  # `keep <card>` (a stolen card kept in hand): newer rules versions
    from cosmotable.games.kosmodrom.actions import Keep
except ImportError:  # pragma: no cover - older rules without the keep/discard choice
    Keep = None  # type: ignore[assignment,misc]
from cosmotable.games.kosmodrom.cards import PADS, ZONES, default_cards

MAX_SEATS = 4
PHASES = (
    "deal",
    "first",
    "advance",
    "draw",
    "draw_deck",
    "play",
    "research",
    "steal",
    "stolen",
    "field_duty",
    "discard_order",
    "offer",
    "answer",
    "redraw",
    "discard",
    "over",
)
VARIANT_NAMES = ("quick", "slow", "negotiation", "superpowers")
SCORE_PARTS = ("rockets", "astronauts", "certifications", "mission_control", "total")
ROCKET_TARGET = ("scrub", "retest", "vacuum", "top_priority")
SEAT_ZONE_TARGET = ("key_to_start", "headhunting")
SCORE_SCALE = 50.0
HAND_SCALE = 8.0


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


class KosmodromEncoding(Encoding):
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
    def observe(self, view: Mapping[str, Any], seat: int) -> np.ndarray:
        vec = np.zeros(self._builder.size, dtype=np.float32)
        self._write_head(vec, view, seat)
        for p in view["players"]:
            self._write_player(vec, view, p, seat)
        self._write_rockets(vec, view, seat)
        self._write_winners(vec, view, seat)
        return vec

    def update_observation(
        self, vec: np.ndarray, state: State, seat: int, events: Sequence[Event] | None, memo: dict[str, Any]
    ) -> None:
        """Incremental: the seat's view is compared, part by part, with the view the vector was
        last written from (kept in `memo`): the table's head (phase, step, deck, discard, own hand;
        cheap) is always rewritten, a player's row only when that player's part of the view
        changed, the rockets only when they or the rockets that may advance changed, the winners
        at the end. Most steps touch one player and no rocket."""
        view = state.view(seat)
        before = memo.get("view")
        memo["view"] = view
        if events is None or before is None:
            vec[:] = self.observe(view, seat)
            return
        vec[self._head_range] = 0.0
        self._write_head(vec, view, seat)
        for p, old in zip(view["players"], before["players"], strict=True):
            if p != old:
                self._write_player(vec, view, p, seat, clear=True)
        if (
            view["rockets"] != before["rockets"]
            or view["step"]["advanceable"] != before["step"]["advanceable"]
        ):
            vec[self._slices["rockets"]] = 0.0
            self._write_rockets(vec, view, seat)
        if view["winners"] != before["winners"]:
            vec[self._slices["winners"]] = 0.0
            self._write_winners(vec, view, seat)

    def _write_head(self, vec: np.ndarray, view: Mapping[str, Any], seat: int) -> None:
        """The segments `num_players` .. `hand`: the table but the players, rockets and winners."""
        n = int(view["num_players"])
        P, C = MAX_SEATS, len(self.card_ids)
        slices = self._slices
        pos = self._card_pos

        def rel(s: int | None) -> int | None:
            return None if s is None else (int(s) - seat) % n

        def put(name: str) -> np.ndarray:
            return vec[slices[name]]

        one_hot(put("num_players"), n - 2)
        for i, name in enumerate(VARIANT_NAMES):
            put("variants")[i] = float(name in view["variants"])
        one_hot(put("phase"), PHASES.index(view["phase"]) if view["phase"] in PHASES else None)
        cp = int(view["current_player"])
        one_hot(put("to_act"), rel(cp) if cp >= 0 else (P if cp == -1 else P + 1))
        one_hot(put("turn_seat"), rel(view["turn_seat"]))
        put("turn")[0] = min(view["turn"] / 200.0, 50.0)
        deck = view["deck"]
        put("deck")[:] = (
            deck["count"] / 140.0,
            deck["launch_pads_in_deck"] / 4.0,
            deck["launch_pads_set_aside"] / 4.0,
            min(deck["reshuffles"] / 10.0, 50.0),
        )
        dc = put("discard_counts")
        for card in view["discard"]:
            dc[pos[card]] += 0.1
        put("discard_size")[0] = len(view["discard"]) / 140.0
        if view["discard_top"] is not None:
            one_hot(put("discard_top"), pos[view["discard_top"]])
        for card in view["launch_pad_area"]:
            if card in PADS:
                put("launch_pad_area")[PADS.index(card)] = 1.0
        if view["countdown"] is not None:
            cd = put("countdown")
            cd[0] = 1.0
            cd[1] = view["countdown"]["turns_left"] / 5.0
            one_hot(cd[2:], rel(view["countdown"]["completer"]))
        step = view["step"]
        st = put("step")
        st[0] = float(bool(step["took_discard"]))
        st[1] = float(bool(step["redrawn"]))
        st[2] = step["research_left"] / 3.0
        for i, zone in enumerate(ZONES):
            st[3 + i] = step["advanced"].get(zone, 0) / 2.0
        for s in step["steal_from"]:
            put("steal_from")[rel(s)] += 0.5
        pending = step.get("stolen_pending")
        if pending:
            sv = put("stolen")
            if isinstance(pending, int):
                sv[0] = pending / 4.0
            else:
                sv[0] = len(pending) / 4.0
                for card in pending:
                    sv[1 + pos[card]] += 0.25
        for s in step["field_duty_queue"]:
            put("field_duty")[rel(s)] = 1.0
        put("order")[0] = float(step["order_from"] is not None)
        offer = step["offer"]
        if offer is not None:
            o = put("offer")
            o[0] = 1.0
            o[1 if offer["kind"] == "gift" else 2] = 1.0
            one_hot(o[3 : 3 + P], rel(offer["from"]))
            one_hot(o[3 + P : 3 + 2 * P], rel(offer["to"]))
            for card in offer["give"]:
                o[3 + 2 * P + pos[card]] += 0.25
            for card in offer["want"]:
                o[3 + 2 * P + C + pos[card]] += 0.25
        draft = step.get("draft")
        if draft is not None:
            d = put("draft")
            d[0] = 1.0
            one_hot(d[1 : 1 + P], rel(draft["to"]))
            for card in draft["give"]:
                d[1 + P + pos[card]] += 0.25
            for card in draft["want"]:
                d[1 + P + C + pos[card]] += 0.25
        if view["hand"] is not None:
            hand = put("hand")
            for card in view["hand"]:
                hand[pos[card]] += 1.0 / HAND_SCALE

    def _write_player(
        self, vec: np.ndarray, view: Mapping[str, Any], p: Mapping[str, Any], seat: int, clear: bool = False
    ) -> None:
        """One player's row of `players` and their entries of `scores` (cleared first with `clear`)."""
        n = int(view["num_players"])
        C = len(self.card_ids)
        pos = self._card_pos
        r = (int(p["seat"]) - seat) % n
        E, U, Z = len(self.expert_cards), len(self.upgrade_cards), len(ZONES)
        players = vec[self._slices["players"]].reshape(MAX_SEATS, self._player_width)
        scores = vec[self._slices["scores"]]
        row = players[r]
        if clear:
            row[:] = 0.0
        row[0] = 1.0
        row[1] = p["hand_count"] / HAND_SCALE
        for card in p["known_hand"]:
            row[2 + pos[card]] += 1.0 / HAND_SCALE
        base = 2 + C
        row[base] = float(p["hand_limit"] > 6)
        base += 1
        for zi, zone in enumerate(ZONES):
            expert = p["experts"].get(zone)
            if expert in self.expert_cards:
                row[base + zi * E + self.expert_cards.index(expert)] = 1.0
        base += Z * E
        for up in p["upgrades"]:
            if up in self.upgrade_cards:
                row[base + self.upgrade_cards.index(up)] = 1.0
        base += U
        for zi, zone in enumerate(ZONES):
            row[base + zi] = len(p["launch_pads"].get(zone, ())) / 4.0
        base += Z
        row[base] = p["advantage_cards"] / 10.0
        base += 1
        for i, part in enumerate(SCORE_PARTS):
            value = p["score"][part]
            row[base + 2 * i] = max(value, 0) / SCORE_SCALE
            row[base + 2 * i + 1] = max(-value, 0) / SCORE_SCALE
        total = p["score"]["total"]
        scores[2 * r : 2 * r + 2] = (max(total, 0) / SCORE_SCALE, max(-total, 0) / SCORE_SCALE)

    def _write_rockets(self, vec: np.ndarray, view: Mapping[str, Any], seat: int) -> None:
        n = int(view["num_players"])
        P, Z = MAX_SEATS, len(ZONES)
        A = len(self.advantage_cards)
        rwidth = 1 + P + len(self.rocket_cards) + Z + 5 + A + 1
        rockets = vec[self._slices["rockets"]].reshape(self.max_rockets, rwidth)
        advanceable = set(view["step"]["advanceable"])
        for k, r in enumerate(view["rockets"][: self.max_rockets]):
            row = rockets[k]
            row[0] = 1.0
            one_hot(row[1 : 1 + P], None if r["owner"] is None else (int(r["owner"]) - seat) % n)
            base = 1 + P
            if r["card"] in self.rocket_cards:
                row[base + self.rocket_cards.index(r["card"])] = 1.0
            base += len(self.rocket_cards)
            one_hot(row[base : base + Z], ZONES.index(r["zone"]) if r["zone"] in ZONES else None)
            base += Z
            row[base : base + 5] = (
                r["metal"] / 4.0,
                r["fuel"] / 4.0,
                r["needs_metal"] / 4.0,
                r["needs_fuel"] / 4.0,
                float(bool(r["complete"])),
            )
            base += 5
            for adv in r["advantages"]:
                if adv in self.advantage_cards:
                    row[base + self.advantage_cards.index(adv)] = 1.0
            row[-1] = float(r["id"] in advanceable)

    def _write_winners(self, vec: np.ndarray, view: Mapping[str, Any], seat: int) -> None:
        n = int(view["num_players"])
        winners = vec[self._slices["winners"]]
        for s in view["winners"]:
            winners[(int(s) - seat) % n] = 1.0

    # ------------------------------------------------------------------ hidden information
    @staticmethod
    def _hidden_receiver(state: State, action: Action) -> tuple[int | None, tuple[int, ...]]:
        """For a chance outcome: (the seat whose hand it enters, the seats that see it); (None, ())
        for a public outcome."""
        phase = state.phase  # type: ignore[attr-defined]
        if isinstance(action, DeckCard):
            if phase == "deal":
                seat = state.dealt % state.num_players  # type: ignore[attr-defined]
                return seat, (seat,)
            if action.card in PADS:
                return None, ()
            seat = state.turn_seat  # type: ignore[attr-defined]
            return seat, (seat,)
        if isinstance(action, Pick):
            thief, victim = state.turn_seat, state.steal_from[0]  # type: ignore[attr-defined]
            return thief, (thief, victim)
        return None, ()

    def redact(self, state: State, action: Action, seat: int) -> str:
        """Deck draws are seen only by the drawer (launch-pad cards by everyone), a stolen card only
        by the thief and the victim; the thief's `keep <card>` names the card to the thief only (the
        engine tells the others "keeps the stolen card")."""
        if Keep is not None and isinstance(action, Keep):
            return str(action) if seat == state.turn_seat else "keep ?"  # type: ignore[attr-defined]
        receiver, seen = self._hidden_receiver(state, action)
        if receiver is None or seat in seen:
            return str(action)
        if isinstance(action, Pick):
            return f"pick ? from seat {state.steal_from[0]}"  # type: ignore[attr-defined]
        return f"deck ? to seat {receiver}"

    def redact_all(self, state: State, action: Action) -> list[str]:
        n = state.config.num_players
        if isinstance(action, DeckCard | Pick) or (Keep is not None and isinstance(action, Keep)):
            return [self.redact(state, action, seat) for seat in range(n)]
        return [str(action)] * n

    def resampled_history(self, state: State, resampled: State, seat: int | None = None) -> list[Action]:
        """A history consistent with everything `seat` knows, every outcome it did not see redrawn:
        other seats' deck draws, cards Industrial Espionage moved between two other seats and the
        thief's `keep` of them (see `encoding_rewrite`: only what `seat` sees of the history is
        used, the hidden values never). Randomness comes from `resampled`'s seed (the engine's
        `resample_for(seat, rng)` redraws it from `rng`); `seat` is recognised from `resampled` when
        not given. Raises `DeterminizationError` rather than return the true history."""
        if seat is None:
            seat = self._resampled_seat(state, resampled)
            if seat is None:
                raise DeterminizationError("pass seat=: the resampled state matches no seat's knowledge")
        history = list(state.history)
        key = (seat, state.seed, len(history), tuple(map(str, history[-50:])))
        cached = self._plan_cache.get(key)
        if cached is None:
            cached = plan(self.card_ids, self._hidden_receiver, self.redact, state, seat)
            if len(self._plan_cache) > 8:
                self._plan_cache.clear()
            self._plan_cache[key] = cached
        return rewrite(cached, history, random.Random(getattr(resampled, "seed", 0)))

    @staticmethod
    def _resampled_seat(state: State, resampled: State) -> int | None:
        """`resample_for(seat)` keeps exactly the events `seat` may see (and that seat's hand)."""
        n = state.config.num_players
        for s in range(n):
            if [e for e in state.events if e.visible(s)] == list(resampled.events) and state.view(s)[
                "hand"
            ] == resampled.view(s)["hand"]:
                return s
        return None

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

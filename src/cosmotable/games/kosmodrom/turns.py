"""Kosmodrom's turn (rulebook: ход игры): who starts, the launch-pad cards and rockets that advance
at its start (шаг 1-2), its steps ended one by one, the discards, and the end of the game with
its scores (подсчёт очков). A part of KosmodromState (state.py), as the card effects (effects.py)
are, whose launch-pad check a turn's start runs."""

from __future__ import annotations

from cosmotable.games.kosmodrom.cards import ZONE_NAMES
from cosmotable.games.kosmodrom.effects import CardEffects
from cosmotable.games.kosmodrom.phases import ADVANCE, DISCARD, DRAW, FIELD, OVER, PLAY
from cosmotable.games.kosmodrom.scoring import score_breakdown

NEXT_ZONE = {"assembly": "test", "test": "launch"}


class Turns(CardEffects):
    """The turn's course and the game's end."""

    def _first(self, seat: int) -> None:
        self.first_seat = seat
        self.emit("first-player", f"seat {seat} takes the first turn", seat)
        self._start_turn(seat)

    def _start_turn(self, seat: int) -> None:
        self.turn_seat = seat
        self.turn += 1
        self._reset_turn_flags()
        if not self.silent:  # a search's copy records nothing: no text to build
            self.emit("turn", f"turn {self.turn}: seat {seat}", seat, turn=self.turn)
        tab = self.tableaux[seat]
        # rulebook (шаг 1, стартовая площадка): every launch-pad card advances one zone, no expert
        # needed; at most one card from each zone per turn. The launch table's card goes first so no
        # card moves twice.
        if tab.pads["launch"]:
            card = tab.pads["launch"].pop(0)
            self._pad_to_centre(
                seat, card, f"seat {seat}'s {self.spec(card).name_en} reaches the launch-pad area", False
            )
        for zone in ("test", "assembly"):
            if tab.pads[zone]:
                card = tab.pads[zone].pop(0)
                tab.pads[NEXT_ZONE[zone]].append(card)
                self.emit(
                    "pad",
                    f"seat {seat}'s {self.spec(card).name_en} advances to the {ZONE_NAMES[NEXT_ZONE[zone]]}",
                    seat,
                    card=card,
                    to=NEXT_ZONE[zone],
                    drawn=False,
                )
        # rulebook (продвижение ракет): at the very start of the turn the rocket must be complete and
        # the zone's expert in place; the launch table is the last zone.
        for rid, rocket in self.rockets.items():
            if (
                rocket.owner == seat
                and rocket.zone in NEXT_ZONE
                and tab.experts[rocket.zone] is not None
                and rocket.complete(self.spec(rocket.card))
            ):
                self.eligible[rid] = rocket.zone
        self.phase = ADVANCE

    def _advance(self, rid: str) -> None:
        rocket = self.rockets[rid]
        start = rocket.zone
        self.advanced[start] += 1
        rocket.zone = NEXT_ZONE[start]
        if not self.silent:  # a search's copy records nothing: no text to build
            self.emit(
                "advance",
                f"seat {rocket.owner} advances {rid} ({self.spec(rocket.card).name_en}) from the {ZONE_NAMES[start]} to the {ZONE_NAMES[rocket.zone]}",
                rocket.owner,
                rocket=rid,
                zone=rocket.zone,
                from_zone=start,
                card=rocket.card,
            )

    def _redraw_due(self) -> bool:
        """rulebook (шаг 5): the hand is empty in step 4, not yet refilled this turn, and there is a
        card to draw (the discard pile counts: it becomes the deck)."""
        seat = self.turn_seat
        return (
            not self.redrawn
            and sum(self.hands[seat].values()) == 0
            and (self.deck_count() > 0 or bool(self.discard))
        )

    def _done(self) -> None:
        if self.phase == ADVANCE:
            self.phase = DRAW
        elif self.phase == PLAY:
            self.phase = DISCARD
        elif self.phase == DISCARD:
            self._end_turn()

    def _end_turn(self) -> None:
        if self.countdown is not None:
            self.countdown -= 1
            if self.countdown == 0:
                self._game_over("the final countdown is over")
                return
        if self.turn >= self.max_turns:
            # Ruling K26: nobody draws the launch-pad cards out (every hand kept full): the table is
            # scored as it stands, with the reason logged.
            self._game_over(
                f"the safety cap of {self.max_turns} turns was reached (the launch pad was not completed)"
            )
            return
        self._start_turn((self.turn_seat + 1) % self.num_players)

    def _game_over(self, reason: str) -> None:
        self.phase = OVER
        self.end_reason = reason
        self.emit(
            "game-over",
            reason + ": " + ", ".join(f"seat {s} {p}" for s, p in enumerate(self.scores())),
            scores=self.scores(),
            reason="countdown" if self.countdown == 0 else "max_turns",
            max_turns=self.max_turns,
        )

    def _discard_from_hand(self, card: str) -> None:
        seat = self.current_player()
        self.hands[seat][card] -= 1
        if self.hands[seat][card] == 0:
            del self.hands[seat][card]
        self._forget(seat, card)
        self.discard.append(card)
        if self.phase == FIELD:
            self.field_queue.pop(0)
            self.emit(
                "field-duty", f"seat {seat} discards {self.spec(card).name_en} (Field Duty)", seat, card=card
            )
        elif not self.silent:  # a search's copy records nothing: no text to build
            self.emit("discard", f"seat {seat} discards {self.spec(card).name_en}", seat, card=card)

    def scores(self) -> list[int]:
        return [score_breakdown(self, s)["total"] for s in range(self.num_players)]

    def advantage_cards(self, seat: int) -> int:
        return sum(len(r.advantages) for r in self.rockets.values() if r.owner == seat)

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        scores = self.scores()
        best = max(scores)
        tied = [s for s in range(self.num_players) if scores[s] == best]
        # rulebook (подсчёт очков): on a tie, the player with more advantage cards wins; Ruling K10:
        # still tied, the win is shared.
        most = max(self.advantage_cards(s) for s in tied)
        return [s for s in tied if self.advantage_cards(s) == most]

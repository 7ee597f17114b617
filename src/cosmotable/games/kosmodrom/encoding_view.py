"""Kosmodrom's observation written from a seat's view: the writer of the vector that encoding.py
lays out, in full or in place between steps."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from cosmotable.engine import Event, State
from cosmotable.envs.encodings import Encoding, one_hot
from cosmotable.games.kosmodrom.cards import PADS, ZONES
from cosmotable.games.kosmodrom.encoding_layout import (
    HAND_SCALE,
    MAX_SEATS,
    PHASES,
    SCORE_PARTS,
    SCORE_SCALE,
    VARIANT_NAMES,
)


class ViewObservation(Encoding):
    """The observation written from a seat's view, and updated in place from it."""

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

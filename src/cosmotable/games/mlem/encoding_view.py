"""MLEM's observation written from a seat's view: the reference writer of the vector that
encoding.py lays out (encoding_state.py writes the same vector faster, from the state)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from cosmotable.envs.encodings import Encoding, one_hot
from cosmotable.games.mlem.board import ABILITIES, DIE_FACES
from cosmotable.games.mlem.encoding_layout import (
    DISCOVERY_KINDS,
    EXPEDITION_SCALE,
    MAX_SEATS,
    PART_SCALE,
    PHASES,
    SCORE_PARTS,
    SCORE_SCALE,
    TOKEN_ABILITIES,
    VARIANT_NAMES,
    variant_of,
)


class ViewObservation(Encoding):
    """The observation written from a seat's view (the engine's public form of what the seat sees)."""

    def observe(self, view: Mapping[str, Any], seat: int) -> np.ndarray:
        b = self._builder
        vec = np.zeros(b.size, dtype=np.float32)
        n = int(view["num_players"])
        P, A = MAX_SEATS, len(ABILITIES)

        def rel(s: int | None) -> int | None:
            return None if s is None else (int(s) - seat) % n

        slices = self._slices

        def put(name: str) -> np.ndarray:
            return vec[slices[name]]

        one_hot(put("num_players"), n - 2)
        variants = set(view["variants"])
        for i, name in enumerate(VARIANT_NAMES):
            put("variants")[i] = float(name in variants)
        one_hot(put("phase"), PHASES.index(view["phase"]) if view["phase"] in PHASES else None)
        cp = int(view["current_player"])
        one_hot(put("to_act"), rel(cp) if cp >= 0 else (P if cp == -1 else P + 1))
        put("expedition")[0] = view["expedition"] / EXPEDITION_SCALE
        one_hot(put("starter"), rel(view["starter"]))
        track = max(1, int(view["crash_track_length"]))
        put("crashes")[0] = view["crashes"] / track
        one_hot(put("crashes_onehot"), int(view["crashes"]))
        put("end_triggered")[0] = float(bool(view["end_triggered"]))

        rocket = view["rocket"]
        position = int(rocket["position"])
        one_hot(put("position"), min(position, self.num_positions - 1))
        one_hot(put("dice"), int(rocket["dice"]))
        if rocket["roll"] is not None:
            put("roll_present")[0] = 1.0
            counts = put("roll_counts")
            for face in rocket["roll"]:
                counts[DIE_FACES.index(face)] += 1.0 / 6.0
        spaces = view["mat"]["spaces"]  # the printed mat, as the view shows it
        if position < len(spaces):
            space = spaces[position]
            for i, face in enumerate(DIE_FACES):
                put("space_faces")[i] = float(face in space["faces"])
            put("space_afterburner")[0] = (space["afterburner"] or 0) / 3.0 if "A" in space["faces"] else 0.0
        one_hot(put("commander"), P if rocket["commander"] is None else rel(rocket["commander"]))
        board = put("rocket_board").reshape(P, 3 + P + A)
        for entry in rocket["board"][:P]:
            row = board[entry["slot"]]
            row[0] = 1.0
            row[1] = float(bool(entry["aboard"]))
            row[2] = float(bool(entry["helper_used"]))
            one_hot(row[3 : 3 + P], rel(entry["seat"]))
            one_hot(row[3 + P :], ABILITIES.index(entry["astronaut"]))
        one_hot(put("deciding"), P if rocket["deciding"] is None else int(rocket["deciding"]))

        players = put("players").reshape(P, 2 + A + len(SCORE_PARTS) + 4)
        for p in view["players"]:
            row = players[rel(p["seat"])]
            row[0] = 1.0
            for astronaut in p["available"]:
                row[1 + ABILITIES.index(astronaut)] = 1.0
            row[1 + A] = p["placed"] / 8.0
            base = 2 + A
            score = p["score"]
            for i, part in enumerate(SCORE_PARTS):
                row[base + i] = score.get(part, 0) / PART_SCALE
            base += len(SCORE_PARTS)
            row[base] = float(
                all(
                    part in score
                    for part in ("ufo", "discoveries", "missions")
                    if variant_of(part) in variants
                )
            )
            row[base + 1] = p["face_down_tokens"]["ufo"] / 5.0
            row[base + 2] = p["face_down_tokens"]["discoveries"] / 5.0
            row[base + 3] = sum(score.values()) / SCORE_SCALE

        moons = put("moons").reshape(len(self.moon_ids), 2 + P)
        for moon in view["moons"]:
            occ = moon["occupant"]
            if occ is None or moon["id"] not in self._moon_pos:
                continue
            row = moons[self._moon_pos[moon["id"]]]
            row[0] = 1.0
            one_hot(row[1 : 1 + P], rel(occ["seat"]))
            row[1 + P] = float(occ["astronaut"] == "moon_expert")

        planets = put("planets").reshape(len(self.planet_ids), P, 2 + P)
        for planet in view["planets"]:
            if planet["id"] not in self._planet_pos:
                continue
            block = planets[self._planet_pos[planet["id"]]]
            for order, r in enumerate(planet["rows"]):
                row = block[rel(r["seat"])]
                row[0] = len(r["astronauts"]) / 8.0
                row[1] = float("planet_expert" in r["astronauts"])
                one_hot(row[2:], order)

        deep = put("deep_space").reshape(P, 3)
        for d in view["deep_space"]:
            row = deep[rel(d["seat"])]
            row[0 if d["where"] == "comet" else 1] += 0.5 if d["where"] == "comet" else 1 / 8.0
            row[2] += d["points"] / PART_SCALE

        goals = put("goals").reshape(len(self.goals), 1 + P)
        for g in view["goals"]:
            if g["id"] not in self._goal_pos:
                continue
            row = goals[self._goal_pos[g["id"]]]
            if g["claimed_by"] is None:
                row[0] = 1.0
            else:
                one_hot(row[1:], rel(g["claimed_by"]))

        vs = view.get("variant_state") or {}
        ufo = vs.get("ufo")
        if ufo is not None:
            one_hot(put("ufo_position"), int(ufo["position"]))
            tok = put("ufo_token")
            token = ufo["token"]
            tok[3] = ufo["expedition_tokens_left"] / max(1, len(self.expedition_ids))
            if token is not None:
                tok[0] = 1.0
                tok[1] = float(bool(ufo["ability_spent"]))
                tok[2] = token["ufo_move"] / self.max_token_move
                one_hot(tok[4 : 4 + self.max_dice + 1], int(token["dice"]))
                base = 4 + self.max_dice + 1
                one_hot(tok[base : base + len(TOKEN_ABILITIES)], TOKEN_ABILITIES.index(token["ability"]))
                base += len(TOKEN_ABILITIES)
                for face in token["extra_dice"]:
                    tok[base + DIE_FACES.index(face)] += 1.0
            stack = ufo["ufo_stack"]
            total = self.tokens.ufo_points
            st = put("ufo_stack")
            st[0] = len(stack) / max(1, len(total))
            st[1] = (stack[0] if stack else 0) / self.max_ufo_points
            st[2] = sum(stack) / max(1, sum(total))
            taken = put("ufo_taken").reshape(P, 2)
            for s, values in ufo["taken"].items():
                taken[rel(int(s))] = (1.0, sum(values) / 10.0)
        disc = vs.get("discovery")
        if disc is not None:
            on_mat = put("discovery_on_mat").reshape(self.num_spaces, len(DISCOVERY_KINDS) + 1)
            for t in disc["on_mat"]:
                if 0 <= t["space"] < self.num_spaces:
                    row = on_mat[t["space"]]
                    one_hot(row[: len(DISCOVERY_KINDS)], DISCOVERY_KINDS.index(t["kind"]))
                    row[-1] = t["points"] / self.max_discovery_points
            put("discovery_misc")[0] = disc["face_down_left"] / max(1, len(self.discovery_ids))
            taken = put("discovery_taken").reshape(P, 2)
            for s, values in disc["taken"].items():
                taken[rel(int(s))] = (1.0, sum(values) / 10.0)
        missions = vs.get("missions")
        if missions is not None:
            pub = put("missions_public").reshape(P, 2)
            for s in range(n):
                pub[rel(s)] = (missions["dealt"][s] / 4.0, float(bool(missions["chosen"][s])))
            M = len(self.mission_ids)
            hands = put("missions_hands").reshape(P, 2 + 3 * M)
            for s, hand in missions["hands"].items():
                row = hands[rel(int(s))]
                row[0] = 1.0
                row[1] = hand["points"] / 10.0
                for m in hand["dealt"]:
                    i = self._mission_pos.get(m["id"])
                    if i is not None:
                        row[2 + 3 * i] = 1.0
                if hand["returned"] in self._mission_pos:
                    row[2 + 3 * self._mission_pos[hand["returned"]] + 1] = 1.0
                for m in hand["completed"]:
                    if m in self._mission_pos:
                        row[2 + 3 * self._mission_pos[m] + 2] = 1.0

        for s, total in enumerate(view["scores"]):
            put("scores")[rel(s)] = total / SCORE_SCALE
        for s in view["winners"]:
            put("winners")[rel(s)] = 1.0
        return vec

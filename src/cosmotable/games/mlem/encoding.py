"""MLEM encoding: the fixed action and chance enumerations and the observation vector.

Decision actions (indices in this order; sizes for the default mat and token sets):

1. `board <astronaut>` for the 8 astronauts (8).
2. `travel ...`: every subset of the 5 die faces (`1 2 3 4 A`) x every subset of helper seats 0-4
   x {plain, `+extra`, `+keep`}, except plain and `+keep` with neither dice nor helper, which do not
   exist (3,070).
3. `crash`, `stay` (2).
4. `land`: `moon`, `deep` and `planet` with shifts 0/-1/+1, then `land planet <id>` for every planet
   of the mat with shifts 0/-1/+1 (named forms appear only where a space links to several planets,
   never on the default mat) (24).
5. `return`, `reroll` (2).
6. `return-mission <id>` for every mission token (20).

Chance outcomes: every roll multiset of 1..6 dice (faces in `1 2 3 4 A` order: 5 + 15 + 35 + 70 + 126
+ 210 = 461), then `reveal-expedition <id>` (14), `reveal-discovery <id>` (20), `deal-mission <id>`
(20).

The observation is built only from `state.view(seat)`; seat-relative (relative seat r is absolute
seat (seat + r) % num_players), always padded to 5 seats. Its layout is `MlemEncoding.layout`,
printed in docs/observations.md.

This module holds the enumerations and the layout; the class's other parts are mixins in their own
files: the constants the layout and the writers share (encoding_layout.py), the vector written from
a view (encoding_view.py) and from the state in place (encoding_state.py), and the hidden
information of the history (encoding_hidden.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations, combinations_with_replacement
from typing import Any

import numpy as np

from cosmotable import games
from cosmotable.engine import GameConfig
from cosmotable.envs.encodings import Encoding, ObservationBuilder
from cosmotable.games.mlem.board import ABILITIES, DIE_FACES, default_goals
from cosmotable.games.mlem.encoding_hidden import HiddenHistory
from cosmotable.games.mlem.encoding_layout import (
    DISCOVERY_KINDS,
    EXPEDITION_SCALE,
    MAX_SEATS,
    PART_SCALE,
    PHASES,
    SCORE_PARTS,
    SCORE_SCALE,
    TOKEN_ABILITIES,
    variant_of,
)
from cosmotable.games.mlem.encoding_state import StateObservation
from cosmotable.games.mlem.encoding_view import ViewObservation
from cosmotable.games.mlem.state import HIDDEN_PARTS

TRAVEL_FLAGS = ("", " +extra", " +keep")


def _subsets(items):
    return [combo for size in range(len(items) + 1) for combo in combinations(items, size)]


def decision_actions(planet_ids, mission_ids) -> list[str]:
    texts = [f"board {a}" for a in ABILITIES]
    for flag in TRAVEL_FLAGS:
        for groups in _subsets(DIE_FACES):
            for helpers in _subsets(range(MAX_SEATS)):
                if not groups and not helpers and flag != " +extra":
                    continue  # only +extra travels with neither dice nor a helper
                parts = ",".join([*groups, *(f"H{h}" for h in helpers)])
                texts.append(("travel " + parts if parts else "travel") + flag)
    texts += ["crash", "stay"]
    shifts = ("", " -1", " +1")
    for place in ("moon", "deep", "planet"):
        texts += [f"land {place}{s}" for s in shifts]
    for pid in planet_ids:
        texts += [f"land planet {pid}{s}" for s in shifts]
    texts += ["return", "reroll"]
    texts += [f"return-mission {m}" for m in mission_ids]
    return texts


def chance_outcomes(max_dice, expedition_ids, discovery_ids, mission_ids) -> list[str]:
    texts = []
    for k in range(1, max_dice + 1):
        texts += ["roll " + ",".join(c) for c in combinations_with_replacement(DIE_FACES, k)]
    texts += [f"reveal-expedition {t}" for t in expedition_ids]
    texts += [f"reveal-discovery {t}" for t in discovery_ids]
    texts += [f"deal-mission {m}" for m in mission_ids]
    return texts


class MlemEncoding(HiddenHistory, StateObservation, ViewObservation, Encoding):
    game_id = "mlem"

    def __init__(self, config: GameConfig):
        game = games.get("mlem")
        mat = game.mat(config)  # type: ignore[attr-defined]
        tokens = game.tokens(config)  # type: ignore[attr-defined]
        self.mat = mat
        self.tokens = tokens
        self.goals = default_goals()
        self.planet_ids = list(mat.planets)
        self.moon_ids = list(mat.moons)
        self.mission_ids = sorted(tokens.missions)
        self.expedition_ids = sorted(tokens.expedition)
        self.discovery_ids = sorted(tokens.discoveries)
        self.max_dice = max([mat.dice_count, *(t.dice for t in tokens.expedition.values())])
        self.num_positions = mat.deep_space + 1  # 0..last_space, then deep space
        self.num_spaces = mat.last_space + 1
        self.max_ufo_points = max([1, *tokens.ufo_points])
        self.max_discovery_points = max([1, *(d.points for d in tokens.discoveries.values())])
        self.max_mission_points = max([1, *tokens.mission_points])
        self.max_token_move = max([1, *(t.ufo_move for t in tokens.expedition.values())])
        self._mission_pos = {m: i for i, m in enumerate(self.mission_ids)}
        self._moon_pos = {m: i for i, m in enumerate(self.moon_ids)}
        self._planet_pos = {p: i for i, p in enumerate(self.planet_ids)}
        self._goal_pos = {g.id: i for i, g in enumerate(self.goals)}
        self._builder = self._declare()
        self._slices = self._builder.slices()
        # Constants of the fast path (`observe_state`): segment starts, positions of names, and
        # each printed space's accepted faces and afterburner value.
        self._offsets = {name: sl.start for name, sl in self._slices.items()}
        self._phase_pos = {p: i for i, p in enumerate(PHASES)}
        self._face_pos = {f: i for i, f in enumerate(DIE_FACES)}
        self._ability_pos = {a: i for i, a in enumerate(ABILITIES)}
        self._part_pos = {part: i for i, part in enumerate(SCORE_PARTS)}
        self._turn_range = slice(self._slices["phase"].start, self._slices["deciding"].stop)
        # Zeros to copy over a segment through a memoryview (a third of numpy's `vec[a:b] = 0.0`).
        self._zeros: Any = memoryview(np.zeros(self._builder.size, dtype=np.float32))
        self._turn_zeros = self._zeros[: self._turn_range.stop - self._turn_range.start]
        # Per printed space, the (index, value) items it sets: accepted faces and afterburner value.
        faces_at, afterburner_at = self._offsets["space_faces"], self._offsets["space_afterburner"]
        self._space_items: list[tuple[tuple[int, float], ...]] = [
            (
                *((faces_at + i, 1.0) for i, f in enumerate(DIE_FACES) if f in sp.faces),
                *(((afterburner_at, (sp.afterburner or 0) / 3.0),) if "A" in sp.faces else ()),
            )
            for sp in mat.spaces
        ]
        # Per roll (a sorted tuple of faces), the (index, value) items of `roll_counts`; few distinct.
        self._roll_items: dict[tuple[str, ...], tuple[tuple[int, float], ...]] = {}
        self._turn_starts = tuple(
            self._offsets[name]
            for name in (
                "phase",
                "to_act",
                "expedition",
                "starter",
                "crashes",
                "crashes_onehot",
                "end_triggered",
                "position",
                "dice",
                "roll_present",
                "roll_counts",
                "commander",
                "rocket_board",
                "deciding",
            )
        )
        self._rocket_record = 3 + MAX_SEATS + len(ABILITIES)
        self._crash_track = mat.crash_track_length
        self._crash_scale = max(1, mat.crash_track_length)
        self._last_position = self.num_positions - 1
        # (seat, rocket, aboard, helpers used) -> that `rocket_board` segment (`_write_turn`).
        self._rocket_blocks: dict[tuple[Any, ...], Any] = {}
        self._player_record = 2 + len(ABILITIES) + len(SCORE_PARTS) + 4
        self._hidden_in_play = any(variant_of(part) in config.variants for part in HIDDEN_PARTS)
        super().__init__(
            game,
            config,
            decision_actions(self.planet_ids, self.mission_ids),
            chance_outcomes(self.max_dice, self.expedition_ids, self.discovery_ids, self.mission_ids),
            self._builder.segments,
        )

    # ------------------------------------------------------------------ layout
    def _declare(self) -> ObservationBuilder:
        b = ObservationBuilder()
        P, A = MAX_SEATS, len(ABILITIES)
        astronauts = ", ".join(ABILITIES)
        b.add("num_players", P - 1, "one-hot number of players: 2, 3, 4, 5")
        b.add("variants", 3, "1 if the variant is in play: ufo, discovery, secret_missions")
        b.add("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES))
        b.add("to_act", P + 2, "one-hot who acts: relative seats 0-4, then chance, then game over")
        b.add("expedition", 1, f"expedition number / {EXPEDITION_SCALE:g}")
        b.add("starter", P, "one-hot relative seat of this expedition's starter")
        b.add("crashes", 1, "crashes / crash-track length")
        b.add(
            "crashes_onehot",
            self.mat.crash_track_length + 1,
            f"one-hot number of crashes 0..{self.mat.crash_track_length}",
        )
        b.add("end_triggered", 1, "1 once a player has all 8 astronauts on the mat (last expedition)")
        b.add(
            "position",
            self.num_positions,
            f"one-hot rocket position: spaces 0..{self.mat.last_space}, then deep space",
        )
        b.add("dice", self.max_dice + 1, f"one-hot dice the commander holds, 0..{self.max_dice}")
        b.add("roll_present", 1, "1 while a roll is on the table (travel phase)")
        b.add("roll_counts", len(DIE_FACES), "dice showing each face 1, 2, 3, 4, A in the roll / 6")
        b.add(
            "space_faces", len(DIE_FACES), "faces the rocket's space accepts (1, 2, 3, 4, A); 0 in deep space"
        )
        b.add("space_afterburner", 1, "afterburner value at the rocket's space / 3 (0 where not accepted)")
        b.add("commander", P + 1, "one-hot relative seat of the commander, then 'no commander'")
        b.add(
            "rocket_board",
            P * (3 + P + A),
            "5 rocket-board slots, top first, each: present, aboard, helper used, relative seat (5), "
            f"astronaut one-hot ({astronauts})",
        )
        b.add("deciding", P + 1, "one-hot rocket-board slot deciding (landing/parachute), then 'none'")
        b.add(
            "players",
            P * (2 + A + len(SCORE_PARTS) + 4),
            "per relative seat (5): seated, available astronauts (8, same order as above), placed / 8, "
            f"score parts / {PART_SCALE:g} ({', '.join(SCORE_PARTS)}; hidden parts 0 for other seats "
            "until the end), hidden parts visible, face-down UFO tokens / 5, face-down discovery tokens / 5, "
            f"visible total score / {SCORE_SCALE:g}",
        )
        b.add(
            "moons",
            len(self.moon_ids) * (1 + P + 1),
            "per moon of the mat (mat order): occupied, occupant's relative seat (5), occupant is the moon expert",
        )
        b.add(
            "planets",
            len(self.planet_ids) * P * (2 + P),
            "per planet (mat order) x relative seat (5): astronauts there / 8, planet expert there, "
            "one-hot row order (arrival order, 5)",
        )
        b.add(
            "deep_space",
            P * 3,
            "per relative seat: astronauts on the comet / 2, in the galaxy / 8, deep-space points / 50",
        )
        b.add(
            "goals",
            len(self.goals) * (1 + P),
            "per goal tile: unclaimed, one-hot relative seat of its owner (5)",
        )
        b.add(
            "ufo_position",
            self.num_positions,
            "UFO variant: one-hot position of the UFO marker (0..last space, then deep space, its start)",
        )
        b.add(
            "ufo_token",
            4 + self.max_dice + 1 + len(TOKEN_ABILITIES) + len(DIE_FACES),
            "UFO variant, this expedition's token: present, ability spent, UFO move / max, "
            f"tokens left face down / {len(self.expedition_ids)}, one-hot starting dice 0..{self.max_dice}, "
            "one-hot ability (extra, keep, reroll), extra dice per face (1, 2, 3, 4, A)",
        )
        b.add(
            "ufo_stack",
            3,
            "UFO variant: tokens left in the UFO stack / total, top value / max, sum / total sum",
        )
        b.add(
            "ufo_taken",
            P * 2,
            "UFO variant, per relative seat: taken UFO points visible (own seat; everyone at the end), points / 10",
        )
        b.add(
            "discovery_on_mat",
            self.num_spaces * (len(DISCOVERY_KINDS) + 1),
            "Discovery variant, per space: one-hot face-up token kind (points, die return, wormhole), points / max",
        )
        b.add("discovery_misc", 1, "Discovery variant: face-down tokens left / total")
        b.add(
            "discovery_taken",
            P * 2,
            "Discovery variant, per relative seat: taken points visible, points / 10",
        )
        b.add(
            "missions_public",
            P * 2,
            "Secret Missions, per relative seat: missions dealt / 4, mission to return chosen",
        )
        b.add(
            "missions_hands",
            P * (2 + 3 * len(self.mission_ids)),
            "Secret Missions, per relative seat: hand visible, mission points / 10, then per mission id "
            "(sorted): dealt, returned, completed (own seat; every seat at the end)",
        )
        b.add("scores", P, f"per relative seat: visible total score / {SCORE_SCALE:g}")
        b.add("winners", P, "per relative seat: 1 if among the winners (game over only)")
        return b

    # ------------------------------------------------------------------ observation

    # ------------------------------------------------------------------ fast observation

    # ------------------------------------------------------------------ hidden information

    # ------------------------------------------------------------------ text
    def render_view(self, view: Mapping[str, Any]) -> str:
        rocket = view["rocket"]
        lines = [
            f"MLEM  {view['num_players']} players  variants: {', '.join(view['variants']) or 'none'}",
            (
                f"expedition {view['expedition']}  starter seat {view['starter']}  "
                f"crashes {view['crashes']}/{view['crash_track_length']}  phase {view['phase']}  "
                f"to act: {_who(view['current_player'])}"
            ),
            (
                f"rocket at {'deep space' if rocket['in_deep_space'] else 'space ' + str(rocket['position'])}"
                f"  dice {rocket['dice']}  roll {','.join(rocket['roll']) if rocket['roll'] else '-'}"
                f"  commander {rocket['commander'] if rocket['commander'] is not None else '-'}"
            ),
            "board: "
            + (
                ", ".join(
                    f"{e['slot']}:s{e['seat']}/{e['astronaut']}{'' if e['aboard'] else '(left)'}"
                    for e in rocket["board"]
                )
                or "-"
            ),
        ]
        for p in view["players"]:
            lines.append(
                f"seat {p['seat']}: score {view['scores'][p['seat']]}  placed {p['placed']}/8  "
                f"available {' '.join(p['available']) or '-'}"
            )
        taken = [f"{m['id']}(s{m['occupant']['seat']})" for m in view["moons"] if m["occupant"]]
        lines.append("moons: " + (" ".join(taken) or "-"))
        lines.append(
            "planets: "
            + " ".join(
                f"{p['id']}[" + " ".join(f"s{r['seat']}x{len(r['astronauts'])}" for r in p["rows"]) + "]"
                for p in view["planets"]
            )
        )
        if view["winners"]:
            lines.append(f"game over: winners {view['winners']}")
        return "\n".join(lines)


def _who(player: int) -> str:
    return {-1: "chance", -4: "nobody (game over)"}.get(player, f"seat {player}")


def encoding_for(config: GameConfig) -> MlemEncoding:
    return MlemEncoding(config)


# ---------------------------------------------------------------- docs/observations.md
# The enumeration's groups, as `cosmotable.envs.docs` lists them: (text the actions start with, meaning).
ACTION_GROUPS: list[tuple[str, str]] = [
    (
        "board ",
        (
            "`board <astronaut>`: satellite, navigator, parachutist, moon_expert, planet_expert, "
            "deep_space_expert, die_discarder, helper"
        ),
    ),
    (
        "travel",
        (
            "`travel <groups>,<helpers> [+extra\\|+keep]`: every subset of the faces `1 2 3 4 A` x every "
            "subset of helper seats `H0`-`H4` (absolute seats) x {plain, `+extra`, `+keep`}, in that "
            "order (flag, then face subsets by size then lexicographically, then helper subsets likewise); "
            "plain and `+keep` travel with neither dice nor helper do not exist"
        ),
    ),
    ("crash", "`crash` (decline the helpers / extra dice that could save the rocket)"),
    ("stay", "`stay` (landing phase)"),
    ("land moon", "`land moon`, `land moon -1`, `land moon +1` (shifts: navigator only)"),
    ("land deep", "`land deep` (+-1): deep space from space 25 by the navigator's +1"),
    (
        "land planet",
        (
            "`land planet` (+-1), then `land planet <id>` (+-1) for every planet of the mat "
            "(named forms only where a space links to several planets: never on the default mat)"
        ),
    ),
    ("return", "`return` (a parachutist after a crash goes home)"),
    ("reroll", "`reroll` (UFO expedition token)"),
    ("return-mission", "`return-mission <id>` for every mission token (Secret Missions set-up)"),
]
CHANCE_GROUPS: list[tuple[str, str]] = [
    ("roll ", "`roll ...`: every multiset of 1..6 dice over the faces `1 2 3 4 A` (5, 15, 35, 70, 126, 210)"),
    ("reveal-expedition", "`reveal-expedition <id>`: the expedition token of an expedition (UFO)"),
    ("reveal-discovery", "`reveal-discovery <id>`: a discovery token turned face up (Discovery)"),
    ("deal-mission", "`deal-mission <id>`: a secret mission dealt (Secret Missions)"),
]
#: What the tables above leave to say.
DOC_NOTE = (
    "The sizes are for the default mat and token sets; a game started with other data files "
    "(`board=`, `missions=` ... options) gets an encoding built from those files, with the same structure."
)

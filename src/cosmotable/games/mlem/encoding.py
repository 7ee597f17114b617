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
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

import numpy as np

from cosmotable import games
from cosmotable.engine import CHANCE, Action, Event, GameConfig, State
from cosmotable.envs.encodings import Encoding, ObservationBuilder, one_hot
from cosmotable.games.mlem.actions import DealMission, ReturnMission
from cosmotable.games.mlem.board import ABILITIES, DIE_FACES, default_goals
from cosmotable.games.mlem.state import HIDDEN_PARTS
from cosmotable.games.mlem.variants import MISSIONS_DEALT

MAX_SEATS = 5
PHASES = (
    "launch",
    "roll",
    "travel",
    "landing",
    "parachute",
    "over",
    "deal",
    "choose",
    "reveal_discovery",
    "reveal_expedition",
)
VARIANT_NAMES = ("ufo", "discovery", "secret_missions")
SCORE_PARTS = ("moons", "deep_space", "goals", "planets", "ufo", "discoveries", "missions")
TRAVEL_FLAGS = ("", " +extra", " +keep")
TOKEN_ABILITIES = ("extra", "keep", "reroll")
DISCOVERY_KINDS = ("points", "die_return", "wormhole")
# Scales that keep every value of the observation roughly within [0, 1].
SCORE_SCALE = 100.0
PART_SCALE = 50.0
EXPEDITION_SCALE = 50.0


def _sixths(most: int = 12) -> tuple[float, ...]:
    """k/6 as the view's encoding sums it (1/6 added k times in float32), for k = 0..most."""
    acc = np.zeros(1, dtype=np.float32)
    out = [0.0]
    for _ in range(most):
        acc[0] += 1.0 / 6.0
        out.append(float(acc[0]))
    return tuple(out)


#: `roll_counts` entries: k dice of a face give SIXTHS[k].
SIXTHS = _sixths()
#: Events after which nothing on the mat changed, only the turn segments (`phase` .. `deciding`),
#: the UFO token and the available astronauts (`MlemEncoding.update_observation`): a roll, a travel
#: without a landing, a reroll, boarding (and the satellite's jump to its space), a crash, a die set
#: aside (die discarder), a new commander, a new expedition (starter and number; the astronauts
#: still aboard went home: their seats' available ones are rewritten), the last expedition
#: announced. Landings, tokens and goals taken and the end emit other events.
QUIET_EVENTS = frozenset(
    {
        "roll",
        "travel",
        "reroll",
        "board",
        "satellite",
        "crash",
        "discard",
        "commander",
        "expedition",
        "end-triggered",
    }
)


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


class MlemEncoding(Encoding):
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
        self._player_record = 2 + len(ABILITIES) + len(SCORE_PARTS) + 4
        self._hidden_in_play = any(_variant_of(part) in config.variants for part in HIDDEN_PARTS)
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
                    if _variant_of(part) in variants
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

    # ------------------------------------------------------------------ fast observation
    def observe_state(self, state: State, seat: int) -> np.ndarray:
        """The same vector as `observe(state.view(seat), seat)`, written straight from the state.

        Building the JSON view (mat included) costs more than the rules' own step, so the
        environments use this. It reads only what `views.build_view` shows `seat`: other seats'
        face-down tokens and secret missions are read only when `sees(owner)` (the owner, or
        anyone once the game is over), exactly as the view hides them; a property test
        (tests/envs/test_mlem_encoding.py) checks the two are equal on every state of random games.
        """
        vec = np.zeros(self._builder.size, dtype=np.float32)
        self._write_all(vec, state, seat)
        return vec

    def update_observation(
        self, vec: np.ndarray, state: State, seat: int, events: Sequence[Event] | None, memo: dict[str, Any]
    ) -> None:
        """Bring `vec` (this seat's observation at an earlier state of the same game) up to date,
        `events` being what the actions since then emitted.

        Most steps only roll, travel or pass the command: they change the turn segments (`phase`
        .. `deciding`) and the UFO token, nothing on the mat. So after events all of `QUIET_EVENTS`
        only those are rewritten (and the available astronauts after a boarding or a new
        expedition); a landing or a goal tile taken rewrites also the seat's row, its score and
        the place landed on or the tile; any other event (a token taken, the end) rewrites the
        whole vector. tests/envs/test_incremental_observations.py checks the result equals
        `observe(state.view(seat), seat)` after every step of random games.
        """
        available: set[int] = set()
        news: list[Event] = []  # landings and goal tiles taken
        # Secret missions: a landing can complete one (the `missions_hands` segment).
        landings_known = state.missions is None
        for event in () if events is None else events:
            kind = event.kind
            if kind in QUIET_EVENTS:
                if kind == "board" and event.seat is not None:
                    available.add(event.seat)  # boarding takes one of this seat's astronauts
                elif kind == "expedition":
                    available.update(range(state.num_players))  # those aboard went home
            elif kind == "goal" or (kind == "land" and landings_known):
                news.append(event)
            else:
                break
        else:
            if events is not None:
                # A view of the vector to write items through, kept with it (memo: one per vector).
                items = memo.get("items")
                if items is None or items[0] is not vec:
                    items = memo["items"] = (vec, memoryview(vec))
                mv = items[1]
                self._update_turn(vec, mv, state, seat, available)
                if news:
                    self._write_news(vec, mv, state, seat, news)
                return
        vec[:] = 0.0
        self._write_all(vec, state, seat)

    def _update_turn(self, vec: np.ndarray, mv: Any, state: State, seat: int, available: set[int]) -> None:
        """Rewrite what the quiet events can change: the turn segments, the UFO token and the
        available astronauts of the seats in `available`."""
        # Zeroed by copying from a zero buffer: a third of numpy's `vec[a:b] = 0.0`.
        mv[self._turn_range] = self._turn_zeros
        self._write_turn(mv, state, seat)
        if state.ufo is not None:
            vec[self._slices["ufo_token"]] = 0.0
            self._write_ufo_token(vec, state)
        if available:
            self._write_available(mv, state, seat, available)

    def _write_all(self, vec: np.ndarray, state: State, seat: int) -> None:
        # Item writes through a memoryview cost half of numpy's (typed Any: typeshed has int items).
        mv: Any = memoryview(vec)
        o = self._offsets
        n = state.num_players
        variants = state.config.variants
        mv[o["num_players"] + n - 2] = 1.0
        for i, name in enumerate(VARIANT_NAMES):
            if name in variants:
                mv[o["variants"] + i] = 1.0
        self._write_turn(mv, state, seat)
        visible_totals = self._write_players(vec, state, seat)
        self._write_mat(vec, state, seat)
        if state.ufo is not None:
            self._write_ufo_token(vec, state)
        self._write_variants(vec, state, seat)
        for s, total in enumerate(visible_totals):
            mv[o["scores"] + (s - seat) % n] = total / SCORE_SCALE
        if state.is_terminal():
            for s in state.winners():
                mv[o["winners"] + (s - seat) % n] = 1.0

    def _write_turn(self, mv: Any, state: State, seat: int) -> None:
        """The segments `phase` .. `deciding` (zeroed before) through `mv`, a memoryview of the
        vector: whose turn, the crash track, the rocket and its board."""
        # Item writes through a memoryview cost half of numpy's (typed Any: typeshed has int items);
        # the segment starts are unpacked from one tuple (this runs at every step of an env).
        (
            o_phase,
            o_to_act,
            o_expedition,
            o_starter,
            o_crashes,
            o_crashes_onehot,
            o_end_triggered,
            o_position,
            o_dice,
            o_roll_present,
            o_roll_counts,
            o_commander,
            o_rocket_board,
            o_deciding,
        ) = self._turn_starts
        n = state.num_players
        P = MAX_SEATS
        crash_track = self.mat.crash_track_length
        phase = self._phase_pos.get(state.phase)
        if phase is not None:
            mv[o_phase + phase] = 1.0
        cp = state.current_player()
        mv[o_to_act + ((cp - seat) % n if cp >= 0 else (P if cp == CHANCE else P + 1))] = 1.0
        mv[o_expedition] = state.expedition / EXPEDITION_SCALE
        mv[o_starter + (state.starter - seat) % n] = 1.0
        crashes = state.crashes
        mv[o_crashes] = crashes / max(1, crash_track)
        if 0 <= crashes <= crash_track:
            mv[o_crashes_onehot + crashes] = 1.0
        if state.end_triggered:
            mv[o_end_triggered] = 1.0

        position = state.position
        mv[o_position + min(position, self.num_positions - 1)] = 1.0
        if 0 <= state.dice <= self.max_dice:
            mv[o_dice + state.dice] = 1.0
        roll = state.roll
        if roll is not None:
            mv[o_roll_present] = 1.0
            items = self._roll_items.get(roll)
            if items is None:
                items = self._roll_items[roll] = self._count_roll(roll, o_roll_counts)
            for index, value in items:
                mv[index] = value
        if position < len(self._space_items):
            for index, value in self._space_items[position]:
                mv[index] = value
        commander = state.current_commander_seat()
        mv[o_commander + (P if commander is None else (commander - seat) % n)] = 1.0
        record = self._rocket_record
        ability_pos = self._ability_pos
        aboard = state.aboard
        for slot, (s, astronaut) in enumerate(state.rocket[:P]):
            base = o_rocket_board + slot * record
            mv[base] = 1.0
            if aboard[slot]:
                mv[base + 1] = 1.0
            if astronaut == "helper" and s in state.helpers_used:
                mv[base + 2] = 1.0
            mv[base + 3 + (s - seat) % n] = 1.0
            mv[base + 3 + P + ability_pos[astronaut]] = 1.0
        mv[o_deciding + (state.queue[0] if state.queue else P)] = 1.0

    def _count_roll(self, roll: tuple[str, ...], start: int) -> tuple[tuple[int, float], ...]:
        """The `roll_counts` items of a roll: dice per face / 6 (exact float32 sixths)."""
        faces: dict[str, int] = {}
        for face in roll:
            faces[face] = faces.get(face, 0) + 1
        return tuple((start + self._face_pos[face], SIXTHS[k]) for face, k in faces.items())

    def _write_available(self, mv: Any, state: State, seat: int, seats: Iterable[int]) -> None:
        """Only the available-astronaut entries of these seats' `players` rows (what boarding and
        going home change), through `mv`, a memoryview of the vector."""
        n = state.num_players
        A = len(ABILITIES)
        ability_pos = self._ability_pos
        zeros = self._zeros[:A]
        for s in seats:
            base = self._offsets["players"] + ((s - seat) % n) * self._player_record + 1
            mv[base : base + A] = zeros
            for astronaut in state.available[s]:
                mv[base + ability_pos[astronaut]] = 1.0

    def _write_players(self, vec: np.ndarray, state: State, seat: int) -> list[int]:
        """The `players` rows; returns each seat's total score as `seat` sees it."""
        # Item writes through a memoryview cost half of numpy's (typed Any: typeshed has int items).
        mv: Any = memoryview(vec)
        terminal = state.is_terminal()
        return [self._write_player_row(mv, state, seat, s, terminal) for s in range(state.num_players)]

    def _write_player_row(self, mv: Any, state: State, seat: int, s: int, terminal: bool) -> int:
        """Seat `s`'s row of `players` (zeroed before); returns its total score as `seat` sees it."""
        A = len(ABILITIES)
        base = self._offsets["players"] + ((s - seat) % state.num_players) * self._player_record
        mv[base] = 1.0
        ability_pos = self._ability_pos
        for astronaut in state.available[s]:
            mv[base + 1 + ability_pos[astronaut]] = 1.0
        mv[base + 1 + A] = state.placed[s] / 8.0
        shown = terminal or s == seat
        total = 0
        part_pos = self._part_pos
        # One pass over the seat's points; zeros are not written (the rows start zeroed). Hidden
        # score parts of the other seats are left out until the end, as in the view.
        for part, value in state.points[s].items():
            if not shown and part in HIDDEN_PARTS:
                continue
            total += value
            i = part_pos.get(part)
            if value and i is not None:
                mv[base + 2 + A + i] = value / PART_SCALE
        tail = base + 2 + A + len(SCORE_PARTS)
        if shown or not self._hidden_in_play:
            mv[tail] = 1.0
        if state.ufo:
            mv[tail + 1] = len(state.ufo.taken[s]) / 5.0
        if state.discovery:
            mv[tail + 2] = len(state.discovery.taken[s]) / 5.0
        mv[tail + 3] = total / SCORE_SCALE
        return total

    def _write_news(self, vec: np.ndarray, mv: Any, state: State, seat: int, news: list[Event]) -> None:
        """After `land` and `goal` events without any other news (no token taken, no end; no
        secret missions, whose completions a landing can change): rewrite the seats' rows of
        `players` and `scores`, the places landed on (the moon, the planet's rows, the seat's deep
        space) and the goal tiles taken; `mv` is a memoryview of `vec`."""
        o = self._offsets
        n = state.num_players
        P = MAX_SEATS
        terminal = state.is_terminal()
        for s in {event.seat for event in news}:
            assert s is not None  # a landing or a goal tile is always some seat's
            rel = (s - seat) % n
            row = o["players"] + rel * self._player_record
            mv[row : row + self._player_record] = self._zeros[: self._player_record]
            mv[o["scores"] + rel] = self._write_player_row(mv, state, seat, s, terminal) / SCORE_SCALE
        for event in news:
            if event.kind == "goal":
                pos = self._goal_pos.get(event.data["goal"])
                if pos is not None:
                    base = o["goals"] + pos * (1 + P)
                    mv[base : base + 1 + P] = self._zeros[: 1 + P]
                    owner = state.goal_owner.get(event.data["goal"])
                    mv[base if owner is None else base + 1 + (owner - seat) % n] = 1.0
                continue
            lander = event.seat
            assert lander is not None
            rel = (lander - seat) % n
            place = event.data["place"]
            if place == "moon":
                self._write_moon(mv, event.data["moon"], state, seat)
            elif place == "planet":
                pos = self._planet_pos.get(event.data["planet"])
                if pos is not None:
                    start = o["planets"] + pos * P * (2 + P)
                    mv[start : start + P * (2 + P)] = self._zeros[: P * (2 + P)]
                    self._write_planet(mv, pos, state.planets[event.data["planet"]], n, seat)
            else:
                base = o["deep_space"] + rel * 3
                mv[base : base + 3] = self._zeros[:3]
                for owner, _astronaut, where, points in state.deep_space:
                    if owner == lander:
                        self._add_deep_space(vec, base, where, points)

    def _write_mat(self, vec: np.ndarray, state: State, seat: int) -> None:
        """Moons, planets, deep space and goal tiles."""
        # Item writes through a memoryview cost half of numpy's (typed Any: typeshed has int items).
        mv: Any = memoryview(vec)
        o = self._offsets
        n = state.num_players
        P = MAX_SEATS
        for moon_id in state.moons:
            self._write_moon(mv, moon_id, state, seat)
        for planet_id, rows in state.planets.items():
            pos = self._planet_pos.get(planet_id)
            if pos is not None:
                self._write_planet(mv, pos, rows, n, seat)
        for s, _astronaut, where, points in state.deep_space:
            self._add_deep_space(vec, o["deep_space"] + ((s - seat) % n) * 3, where, points)
        for g in state.goals:
            pos = self._goal_pos.get(g.id)
            if pos is None:
                continue
            owner = state.goal_owner.get(g.id)
            base = o["goals"] + pos * (1 + P)
            mv[base if owner is None else base + 1 + (owner - seat) % n] = 1.0

    def _write_moon(self, mv: Any, moon_id: str, state: State, seat: int) -> None:
        pos = self._moon_pos.get(moon_id)
        if pos is None:
            return
        s, astronaut = state.moons[moon_id]
        base = self._offsets["moons"] + pos * (2 + MAX_SEATS)
        mv[base] = 1.0
        mv[base + 1 + (s - seat) % state.num_players] = 1.0
        if astronaut == "moon_expert":
            mv[base + 1 + MAX_SEATS] = 1.0

    def _write_planet(self, mv: Any, pos: int, rows: list[tuple[int, list[str]]], n: int, seat: int) -> None:
        """One planet's rows (zeroed before), in arrival order."""
        P = MAX_SEATS
        for order, (s, astronauts) in enumerate(rows):
            base = self._offsets["planets"] + (pos * P + (s - seat) % n) * (2 + P)
            mv[base] = len(astronauts) / 8.0
            mv[base + 1] = float("planet_expert" in astronauts)
            if order < P:
                mv[base + 2 + order] = 1.0

    @staticmethod
    def _add_deep_space(vec: np.ndarray, base: int, where: str, points: int) -> None:
        """Add one astronaut in deep space to its seat's row (float32 sums, in arrival order)."""
        if where == "comet":
            vec[base] += 0.5
        else:
            vec[base + 1] += 1 / 8.0
        vec[base + 2] += points / PART_SCALE

    def _write_ufo_token(self, vec: np.ndarray, state: State) -> None:
        """The UFO variant's `ufo_token` segment: this expedition's token (spent or not)."""
        # Item writes through a memoryview cost half of numpy's (typed Any: typeshed has int items).
        mv: Any = memoryview(vec)
        ufo = state.ufo
        base = self._offsets["ufo_token"]
        mv[base + 3] = len(ufo.pool) / max(1, len(self.expedition_ids))
        if ufo.token:
            token = self.tokens.expedition[ufo.token]
            mv[base] = 1.0
            mv[base + 1] = float(bool(ufo.spent))
            mv[base + 2] = token.ufo_move / self.max_token_move
            if 0 <= token.dice <= self.max_dice:
                mv[base + 4 + token.dice] = 1.0
            k = base + 4 + self.max_dice + 1
            mv[k + TOKEN_ABILITIES.index(token.ability)] = 1.0
            k += len(TOKEN_ABILITIES)
            for face in token.extra_dice:
                vec[k + self._face_pos[face]] += 1.0

    def _write_variants(self, vec: np.ndarray, state: State, seat: int) -> None:
        """The variants' segments but `ufo_token`: UFO marker and stack, discoveries, missions."""
        o = self._offsets
        n = state.num_players
        terminal = state.is_terminal()
        tokens = self.tokens
        ufo = state.ufo
        if ufo is not None:
            if 0 <= ufo.position < self.num_positions:  # deep space (its start) included
                vec[o["ufo_position"] + ufo.position] = 1.0
            stack, total = ufo.stack, tokens.ufo_points
            base = o["ufo_stack"]
            vec[base] = len(stack) / max(1, len(total))
            vec[base + 1] = (stack[0] if stack else 0) / self.max_ufo_points
            vec[base + 2] = sum(stack) / max(1, sum(total))
            for s, taken in enumerate(ufo.taken):
                if terminal or s == seat:
                    base = o["ufo_taken"] + ((s - seat) % n) * 2
                    vec[base], vec[base + 1] = 1.0, sum(taken) / 10.0
        table = state.discovery
        if table is not None:
            record = len(DISCOVERY_KINDS) + 1
            for space, tid in table.on_mat.items():
                if 0 <= space < self.num_spaces:
                    token = tokens.discoveries[tid]
                    base = o["discovery_on_mat"] + space * record
                    vec[base + DISCOVERY_KINDS.index(token.kind)] = 1.0
                    vec[base + record - 1] = token.points / self.max_discovery_points
            vec[o["discovery_misc"]] = len(table.pool) / max(1, len(self.discovery_ids))
            for s, taken in enumerate(table.taken):
                if terminal or s == seat:
                    base = o["discovery_taken"] + ((s - seat) % n) * 2
                    vec[base] = 1.0
                    vec[base + 1] = sum(tokens.discoveries[t].points for t in taken) / 10.0
        hands = state.missions
        if hands is not None:
            M = len(self.mission_ids)
            for s in range(n):
                base = o["missions_public"] + ((s - seat) % n) * 2
                vec[base] = len(hands.dealt[s]) / 4.0
                vec[base + 1] = float(hands.returned[s] is not None)
                if not (terminal or s == seat):
                    continue
                base = o["missions_hands"] + ((s - seat) % n) * (2 + 3 * M)
                completed = state.completed_missions(s)
                vec[base] = 1.0
                vec[base + 1] = tokens.mission_points[min(len(completed), 3)] / 10.0
                for m in hands.dealt[s]:
                    i = self._mission_pos.get(m)
                    if i is not None:
                        vec[base + 2 + 3 * i] = 1.0
                if hands.returned[s] in self._mission_pos:
                    vec[base + 2 + 3 * self._mission_pos[hands.returned[s]] + 1] = 1.0
                for m in completed:
                    if m in self._mission_pos:
                        vec[base + 2 + 3 * self._mission_pos[m] + 2] = 1.0

    # ------------------------------------------------------------------ hidden information
    def redact(self, state: State, action: Action, seat: int) -> str:
        """What `seat` learns when `action` is applied to `state`: dealt missions are seen only by
        their recipient, the returned mission only by the seat returning it."""
        if isinstance(action, DealMission):
            dealt = state.public_view()["variant_state"]["missions"]["dealt"]
            recipient = next((s for s, count in enumerate(dealt) if count < MISSIONS_DEALT), None)
            return str(action) if recipient == seat else f"deal-mission ? to seat {recipient}"
        if isinstance(action, ReturnMission):
            actor = state.current_player()
            return str(action) if actor == seat else f"return-mission ? by seat {actor}"
        return str(action)

    def redact_all(self, state: State, action: Action) -> list[str]:
        n = state.config.num_players
        if isinstance(action, DealMission | ReturnMission):
            return [self.redact(state, action, seat) for seat in range(n)]
        return [str(action)] * n

    def resampled_history(self, state: State, resampled: State, seat: int | None = None) -> list[Action]:
        """`resample_for` redraws the other seats' missions without touching the history: rewrite
        each `deal-mission` / `return-mission` from the resampled hands (deals go seat by seat,
        four each; returns in seat order), read from the resampled state's views."""
        if "secret_missions" not in state.config.variants:
            return list(resampled.history)
        n = state.config.num_players
        hands = {}
        for s in range(n):
            hand = resampled.view(s)["variant_state"]["missions"]["hands"][str(s)]
            hands[s] = ([m["id"] for m in hand["dealt"]], hand["returned"])
        dealt = [0] * n
        returned = 0
        history: list[Action] = []
        for action in state.history:
            if isinstance(action, DealMission):
                seat = next(s for s in range(n) if dealt[s] < MISSIONS_DEALT)
                action = DealMission(hands[seat][0][dealt[seat]])
                dealt[seat] += 1
            elif isinstance(action, ReturnMission):
                action = ReturnMission(hands[returned][1])
                returned += 1
            history.append(action)
        return history

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


def _variant_of(part: str) -> str:
    return {"ufo": "ufo", "discoveries": "discovery", "missions": "secret_missions"}[part]


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

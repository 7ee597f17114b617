"""MLEM moves in the terminal: the legal moves of a seat in menu order, each with a plain-English
gloss built from the views before and after the move (never from the state's internals)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from cosmotable.engine import Action, State
from cosmotable.games.mlem.board import default_astronauts
from cosmotable.games.mlem.screen_text import (
    DISCOVERY_STYLE,
    UFO_STYLE,
    WORMHOLE_JUMP,
    astronaut_short,
    face_value,
    ordinal,
    planet_standing,
    risk_text,
)
from cosmotable.ui.terminal.common import Move, SeatScreen


class MlemMoves(SeatScreen):
    """Explains MLEM moves: `moves()` lists them with their glosses (the drawing is `MlemScreen`'s)."""

    def moves(self, state: State, seat: int) -> list[Move]:
        """The legal moves of `seat`, in menu order, each with a plain-English gloss."""
        view = state.view(seat)
        out = []
        steps: dict[int, int | None] = {}
        for action in state.legal_actions():
            after = state.clone()
            before = len(after.events)
            after.apply(action)
            # The engine's own account of the flight (steps, end, dice left), when it reports one.
            moved = next((dict(e.data) for e in after.events[before:] if e.kind == "travel"), None)
            move = Move(action, self.gloss(view, after.view(seat), action, seat, moved))
            data = action.to_json()
            if data["kind"] == "travel":
                move.group, move.brief = self._travel_parts(view, data, brief=True, moved=moved)
            elif data["kind"] == "crash":
                move.group = Text(
                    "or decline the helpers and the token:"
                    if view.get("variant_state", {}).get("ufo")
                    else "or decline the helpers:"
                )
                move.brief = Text(f"the rocket crashes ({view['crashes'] + 1}/{view['crash_track_length']})")
            elif data["kind"] == "reroll":
                move.group = Text("or use the expedition token:")
                move.brief = Text(f"roll all {view['rocket']['dice']} dice again", style="magenta")
            steps[id(move)] = moved["steps"] if moved and "steps" in moved else None
            out.append(move)
        if view["phase"] == "travel":
            mat, rocket = view["mat"], view["rocket"]
            space = mat["spaces"][rocket["position"]]

            def key(item):
                data = item.action.to_json()
                if data["kind"] != "travel":
                    return (1, 0, 0)
                used = [f for f in rocket["roll"] if f in data.get("groups", ())]
                helpers = data.get("helpers", ())
                moved_steps = steps.get(id(item))
                n = (
                    moved_steps
                    if moved_steps is not None
                    else sum(face_value(space, f) for f in used) + len(helpers)
                )
                return (0, n, len(used) + len(helpers), data.get("extra", False), data.get("keep", False))

            out.sort(key=key)
        return out

    def gloss(
        self,
        view: dict[str, Any],
        after: dict[str, Any],
        action: Action,
        seat: int,
        moved: dict[str, Any] | None = None,
    ) -> Text:
        data = action.to_json()
        kind = data["kind"]
        rocket = view["rocket"]
        if kind == "board":
            a = default_astronauts().get(data["astronaut"])
            if a is None:
                return Text(data["astronaut"])
            text = a.text
            if a.id == "helper":
                text = (
                    text + f" In travel moves it is H{seat} (H + your seat number), e.g. 'travel 2,H{seat}'."
                )
            return Text.assemble((a.name, "bold"), (f" ({astronaut_short(a.id, seat)})", "dim"), f": {text}")
        if kind == "travel":
            return self._gloss_travel(view, data, moved)
        if kind == "crash":
            crash = Text(
                f"no rolled die fits space {rocket['position']}: the rocket crashes "
                f"(crash {view['crashes'] + 1}/{view['crash_track_length']}) and everyone aboard goes home"
            )
            if any(e["astronaut"] == "parachutist" and e["aboard"] for e in rocket["board"]):
                crash.append(" (a parachutist may still land)")
            alternatives = []
            if any(
                e["astronaut"] == "helper" and e["aboard"] and not e["helper_used"] for e in rocket["board"]
            ):
                alternatives.append("a helper")
            ufo = view.get("variant_state", {}).get("ufo") or {}
            if ufo.get("token") and not ufo.get("ability_spent"):
                alternatives.append("the expedition token")
            if alternatives:
                crash.append(f" - instead of using {' or '.join(alternatives)}", style="dim")
            return crash
        if kind == "stay":
            return self._gloss_stay(view)
        if kind == "return":
            return Text("the Parachutist goes back to your available astronauts (no points)")
        if kind == "land":
            return self._gloss_land(view, after, data, seat)
        if kind == "reroll":
            dice = rocket["dice"]
            out = Text(
                f"use the expedition token: roll all {dice} {'die' if dice == 1 else 'dice'} again "
                f"(once); the new roll must be used · "
            )
            out.append_text(risk_text(view["mat"], rocket["position"], dice, False))
            out.append(" for the new roll")
            return out
        if kind == "return_mission":
            return self._gloss_return_mission(view, data["mission"], seat)
        return Text("")

    def _gloss_return_mission(self, view: dict[str, Any], mission_id: str, seat: int) -> Text:
        hand = view.get("variant_state", {}).get("missions", {}).get("hands", {}).get(str(seat))
        if hand is None:
            return Text(f"return mission {mission_id} to the box")
        by_id = {x["id"]: x for x in hand["dealt"]}
        back = by_id.get(mission_id)
        out = Text("return ")
        out.append(
            f"{mission_id} {back['name']} (space {','.join(map(str, back['spaces']))})"
            if back
            else mission_id,
            style="bold",
        )
        out.append(" to the box; keep ")
        kept = [x for x in hand["dealt"] if x["id"] != mission_id]
        out.append(", ".join(f"{x['name']} ({','.join(map(str, x['spaces']))})" for x in kept))
        return out

    def _gloss_travel(
        self, view: dict[str, Any], data: dict[str, Any], moved: dict[str, Any] | None = None
    ) -> Text:
        where, then = self._travel_parts(view, data, moved=moved)
        out = Text.assemble(where, " · ", then) if then.plain else where
        note = self._token_note(view, data)
        if note.plain:
            out.append(" · ")
            out.append_text(note)
        return out

    @staticmethod
    def _token_note(view: dict[str, Any], data: dict[str, Any], brief: bool = False) -> Text:
        """What `+extra` / `+keep` add to a travel move (the token is then spent)."""
        ufo = view.get("variant_state", {}).get("ufo") or {}
        token = ufo.get("token") or {}
        space = (
            view["mat"]["spaces"][view["rocket"]["position"]] if not view["rocket"]["in_deep_space"] else None
        )
        if data.get("extra"):
            faces = [f for f in token.get("extra_dice", []) if space is None or f in space["faces"]]
            shown = "+".join(f"A(={space['afterburner']})" if f == "A" and space else f for f in faces)
            text = (
                f"+extra {shown}"
                if brief
                else f"with the token's extra {'die' if len(faces) == 1 else 'dice'} {shown}"
            )
            return Text(text + ("" if brief else " (token used up)"), style="magenta")
        if data.get("keep"):
            return Text("+keep" if brief else "keeping the dice used (token used up)", style="magenta")
        return Text("")

    def _travel_parts(
        self,
        view: dict[str, Any],
        data: dict[str, Any],
        brief: bool = False,
        moved: dict[str, Any] | None = None,
    ) -> tuple[Text, Text]:
        """(`move 4 to space 7 (planet Rubin 3/2/1)`, `5 dice left · 3% crash risk`);
        brief: (..., `5 dice, risk 3%`). `moved`: the engine's travel event data, when known."""
        mat, rocket = view["mat"], view["rocket"]
        position = rocket["position"]
        if moved and all(k in moved for k in ("steps", "end", "dice_left")):
            steps, dest, dice_left = moved["steps"], moved["end"], moved["dice_left"]
        else:
            space = mat["spaces"][position]
            used = [f for f in rocket["roll"] if f in data.get("groups", ())]
            steps = sum(face_value(space, f) for f in used) + len(data.get("helpers", ()))
            dest = min(position + steps, mat["deep_space"])
            dice_left = max(rocket["dice"] - sum(1 for f in used if f != "A"), 1)
        where = Text(f"move {steps} to ")
        then = Text()
        # A discovery where the flight ends changes where the rocket stays and the dice it keeps.
        found = {d["space"]: d for d in view.get("variant_state", {}).get("discovery", {}).get("on_mat", [])}
        seen: set[int] = set()
        while dest in found and dest not in seen and dest < mat["deep_space"]:
            seen.add(dest)
            token = found[dest]
            if token["kind"] == "wormhole":
                where.append(f"space {dest} ", style="bold")
                where.append(f"◆ wormhole, on {WORMHOLE_JUMP} to ", style=DISCOVERY_STYLE)
                dest = min(dest + WORMHOLE_JUMP, mat["deep_space"])
            elif token["kind"] == "die_return":
                dice_left = min(dice_left + 1, mat["dice_count"])
                break
            else:
                break
        if dest >= mat["deep_space"]:
            where.append("DEEP SPACE", style="bold green")
            where.append(
                f": all leave; commander to the comet +{mat['comet_points']}, "
                f"others to the galaxy +{mat['galaxy_points']}"
            )
        else:
            where.append(f"space {dest}", style="bold")
            where.append_text(self._what_is_at(view, dest))
            where.append_text(self._arrival_note(view, dest))
            helpers_left = any(
                e["astronaut"] == "helper"
                and e["aboard"]
                and not e["helper_used"]
                and e["seat"] not in data.get("helpers", ())
                for e in rocket["board"]
            )
            dice_text = f"{dice_left} {'die' if dice_left == 1 else 'dice'}"
            then.append(f"{dice_text}, " if brief else f"{dice_text} left · ")
            then.append_text(risk_text(mat, dest, dice_left, helpers_left, brief))
        return where, then

    @staticmethod
    def _arrival_note(view: dict[str, Any], dest: int) -> Text:
        """Variant effects of ending a flight on `dest`: a discovery token, UFO contact."""
        vs = view.get("variant_state", {})
        out = Text()
        for token in vs.get("discovery", {}).get("on_mat", []):
            if token["space"] == dest:
                if token["kind"] == "points":
                    out.append(f" ◆ discovery: +{token['points']} for the commander", style=DISCOVERY_STYLE)
                elif token["kind"] == "die_return":
                    out.append(" ◆ discovery: take back a die", style=DISCOVERY_STYLE)
                else:
                    continue  # a wormhole is drawn by _travel_parts
        ufo = vs.get("ufo")
        if ufo and ufo["position"] == dest and ufo["ufo_stack"]:
            out.append(
                f" ▼ UFO contact: the commander takes a {ufo['ufo_stack'][0]}-point UFO token",
                style=UFO_STYLE,
            )
        return out

    def _what_is_at(self, view: dict[str, Any], number: int) -> Text:
        mat = view["mat"]
        space = mat["spaces"][number]
        if number < mat["first_landing_space"]:
            return Text(" (no landing)", style="dim")
        moons = {m["id"]: m for m in view["moons"]}
        planets = {p["id"]: p for p in view["planets"]}
        parts = []
        for pid in space["planets"]:
            p = planets.get(pid)
            if p:
                parts.append(f"planet {p['name']} {'/'.join(str(x) for x in p['points'])}")
        free = [str(moons[m]["points"]) for m in space["moons"] if moons[m]["occupant"] is None]
        if space["moons"]:
            parts.append(
                f"free moon{'s' if len(free) > 1 else ''} {', '.join(free)}" if free else "moons taken"
            )
        return Text(f" ({'; '.join(parts)})" if parts else " (nothing to land on)")

    def _gloss_stay(self, view: dict[str, Any]) -> Text:
        rocket, mat = view["rocket"], view["mat"]
        helpers = any(
            e["astronaut"] == "helper" and e["aboard"] and not e["helper_used"] for e in rocket["board"]
        )
        out = Text(
            f"stay aboard for the next roll: {rocket['dice']} {'die' if rocket['dice'] == 1 else 'dice'} on "
            f"space {rocket['position']}, "
        )
        out.append_text(risk_text(mat, rocket["position"], rocket["dice"], helpers))
        return out

    def _gloss_land(
        self, view: dict[str, Any], after: dict[str, Any], data: dict[str, Any], seat: int
    ) -> Text:
        mat, rocket = view["mat"], view["rocket"]
        entry = rocket["board"][rocket["deciding"]] if rocket["deciding"] is not None else None
        astronaut = entry["astronaut"] if entry else ""
        number = rocket["position"] + data.get("shift", 0)
        out = Text()
        place = data["place"]
        if place == "deep":
            out.append("leave for the galaxy in deep space", style="bold")
            out.append(f": +{mat['galaxy_points']} now")
        elif place == "moon":
            moons = {m["id"]: m for m in view["moons"]}
            free = [moons[m] for m in mat["spaces"][number]["moons"] if moons[m]["occupant"] is None]
            points = free[0]["points"] if free else 0
            gained = points * 2 if astronaut == "moon_expert" else points
            out.append(f"land on the {points}-point moon at space {number}", style="bold")
            out.append(f": +{gained} now")
            if astronaut == "moon_expert":
                out.append(" (Moon expert doubles it)")
        else:
            planet_id = data.get("planet") or mat["spaces"][number]["planets"][0]
            planet = next(p for p in after["planets"] if p["id"] == planet_id)
            standing = planet_standing(planet)
            place_index = next(i for i, (s, _) in enumerate(standing) if s == seat)
            points = standing[place_index][1]
            out.append(f"land on planet {planet['name']}", style="bold")
            if data.get("shift"):
                out.append(f" at space {number}")
            before = next(p for p in view["planets"] if p["id"] == planet_id)
            had = dict(planet_standing(before)).get(seat, 0)
            out.append(
                f" ({'/'.join(str(x) for x in planet['points'])} at the end): you would be "
                f"{ordinal(place_index + 1)} of {len(standing)}, worth {points} if it ended now"
            )
            if had:
                out.append(f" (you have {had} there now)")
        before_goals = {g["id"]: g["claimed_by"] for g in view["goals"]}
        for goal in after["goals"]:
            if goal["claimed_by"] == seat and before_goals.get(goal["id"]) is None:
                out.append(f'; takes the goal tile "{goal["text"]}" (+{goal["points"]})', style="bold yellow")
        if astronaut == "die_discarder":
            # Ballast: the commander sets one die aside, never the last one (astronauts.toml).
            if rocket["dice"] > 1:
                out.append(f"; the commander sets a die aside ({rocket['dice'] - 1} left)")
            else:
                out.append("; no die is set aside: the commander holds only the last one")
        if (
            entry
            and entry["seat"] == rocket["commander"]
            and any(e["aboard"] and e["slot"] != entry["slot"] for e in rocket["board"])
        ):
            first_aboard = next((e for e in rocket["board"] if e["aboard"]), None)
            if first_aboard is not None and first_aboard["slot"] == entry["slot"]:
                nxt = next(e for e in rocket["board"] if e["aboard"] and e["slot"] != entry["slot"])
                out.append("; command passes to ")
                out.append_text(self.name(nxt["seat"]))
        return out

"""MLEM's rules summary and its variants in Markdown: `cosmotable rules mlem` and the server's
rules page. Figures (planets, goals, tokens) come from the game's data files."""

from __future__ import annotations

from cosmotable.games.mlem.board import default_goals, default_mat


def rules_markdown() -> str:
    mat = default_mat()
    goals = default_goals()
    planets = ", ".join(
        f"{p.name} (space {','.join(map(str, p.spaces))}: {'/'.join(map(str, p.points))})"
        for p in mat.planets.values()
    )
    goal_lines = "\n".join(f"- {g.text} - {g.points} points" for g in goals)
    faces = ", ".join("afterburner (A)" if f == "A" else f for f in mat.die_faces)
    return f"""
# MLEM: Space Agency - rules summary

Reiner Knizia's push-your-luck dice game for 2-5 players. Cats race into space: every expedition the
players put one astronaut each on a shared rocket, the commander rolls dice to fly it along the track,
and at each stop every astronaut aboard decides whether to leave for a moon or planet now or stay for
a farther, richer destination - before the rocket crashes.

## Set-up
Each player has the 8 astronauts of one colour, one of each ability (below). The crash token is on the
first field of the crash track. The 4 goal tiles lie beside the mat. Seat 0 starts the first expedition.

## An expedition
**Launch.** The rocket is put on space 0. The starting player boards one of their available astronauts
in the first slot of the rocket board, then each other player in turn boards one. The starter's
astronaut is the **commander**. (With a Satellite engineer aboard the rocket starts on space
{mat.satellite_space}.)

**Travel.** 1) The commander rolls every die still held ({mat.dice_count} at first; faces {faces}) and
groups them by face. Only faces printed beside the rocket's space may be used. 2) The commander picks
one or more *whole* groups and moves the rocket by their sum; the afterburner A is worth the value
printed at that space (shown as A1, A2, A3). 3) Used dice are set aside - except afterburners, which stay -
and the commander always keeps at least one die.

**Crash.** If no rolled die fits the rocket's space, the rocket crashes: the crash token moves one field,
everyone aboard goes back to their owner (a Parachutist may still land at the crash space), and the
expedition ends.

**Landing.** After each flight (from space {mat.first_landing_space} on; spaces 0-{mat.first_landing_space - 1}
have nothing to land on) the commander, then everyone else in rocket-board order, decides to stay aboard
or leave:
- **Moons** hold one astronaut each. You take the free moon farthest from the rocket (the one with the most
  points) and score its points at once. If every moon there is taken, no one can land on them.
- **Planets** take any number of astronauts, in rows in order of arrival: a colour's first astronaut starts
  a new row at the bottom. Planets score only at the end.
- **Deep space** is the field after space {mat.last_space}. A rocket reaching it empties: the commander goes to
  the comet ({mat.comet_points} points), everyone else to the galaxy ({mat.galaxy_points} points), scored at once.

**Change of commander.** When the commander leaves, the next astronaut aboard (rocket-board order) takes
over the dice that are left.

**End of the expedition.** When everyone has left the rocket or it crashed. The next player starts the
next expedition.

## Goal tiles
The first player to meet a tile's condition during a landing takes it; no one else can.
{goal_lines}

## End of the game
When the crash token reaches the end of the crash track ({mat.crash_track_length} crashes), or when a
player has all 8 astronauts on the mat - then the current expedition is finished first.

## Scoring
Moon and deep-space points (scored at once), plus 5 per goal tile, plus the planets, scored from the one
nearest the start: the player with the most astronauts there takes the first value, the second most the
second value, every other player present the third. Ties go to whoever landed there first. Planets on
this mat: {planets}. The highest total wins; tied players share the victory.
"""


def variants_markdown() -> str:
    from cosmotable.games.mlem.tokens import default_token_data

    mat = default_mat()
    exp = default_token_data("expedition_tokens")["token"]
    ufo_points = default_token_data("ufo_tokens")["points"]
    disc = default_token_data("discoveries")["token"]
    missions = default_token_data("missions")
    kinds = {k: sum(1 for t in disc if t["kind"] == k) for k in ("points", "die_return", "wormhole")}
    return f"""
# Advanced variants

Add any of them, in any combination: `cosmotable play mlem --variant ufo --variant discovery
--variant secret-missions` (or `--variants all`). Each adds a score part, counted at the end.

## UFO
**Set-up.** The {len(exp)} expedition tokens are shuffled face down. The UFO figure starts on the last space of the
mat (the "+" field, here {"deep space" if mat.ufo_start_space >= mat.deep_space else f"space {mat.ufo_start_space}"}); the {len(ufo_points)} UFO tokens ({", ".join(map(str, ufo_points))})
are stacked beside the mat, highest on top.

**Expedition token.** At the start of every expedition the commander reveals the top expedition token. It shows:
- **UFO move** - the UFO moves 0-3 spaces towards the start of the track (it gets closer every expedition);
- **dice** - the commander starts with 4, 5 or 6 dice and sets the rest aside;
- **one extra ability**, usable **once** during the expedition by the commander (or a later commander if it is
  still unused):
  - *extra dice* (`travel 2 +extra`, `travel +extra`): the dice printed on the token are added to a flight,
    whatever was rolled; **all** of them that the rocket's space accepts must be used. Used when nothing rolled
    fits, they save the rocket from crashing;
  - *keep dice* (`travel 3 +keep`): the dice used in this travel phase are not set aside;
  - *reroll* (`reroll`): roll **all** the available dice again; the new roll must be used.

**UFO contact.** When a travel phase **ends** on the UFO's space (deep space too, while the UFO is still there),
the commander takes the top UFO token (while any are left) and keeps it face down: its points count at the end. (Once all expedition tokens are used, expeditions
have none.)

## Discovery
**Set-up.** The {len(disc)} discovery tokens are shuffled face down; five are turned face up onto their spaces of the mat.

When a travel phase **ends** on a discovery token, it is activated at once, removed, and a new one is turned face up
(while the stack lasts), so five stay on the mat:
- **1, 2 or 3 points** ({kinds["points"]} tokens): the commander keeps it face down; the points count at the end;
- **die** ({kinds["die_return"]}): the commander takes back one set-aside die (after setting aside the dice just used);
  with every die in hand it has no effect;
- **wormhole** ({kinds["wormhole"]}): the rocket moves on 4 spaces at once, then the travel phase ends (a token
  there is activated too).

## Secret Missions
**Set-up.** The {len(missions["mission"])} mission tokens are shuffled; each player is dealt 4, keeps 3 and returns one
to the box (`return-mission s02`), in secret. A mission names a moon or a planet and the space(s) it is reached from;
it is completed by landing one of your astronauts there. At the end: 1 / 2 / 3 completed missions score
{" / ".join(map(str, missions["points"][1:]))} points.

In the terminal your missions are drawn on your screen only; in hot-seat games the next player is asked to press
Enter before their private screen is drawn.
"""


def summary_markdown() -> str:
    """The whole summary (`cosmotable.ui.rules`): the rules, then the variants."""
    return rules_markdown() + "\n\n" + variants_markdown()

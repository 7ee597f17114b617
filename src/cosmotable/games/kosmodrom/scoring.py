"""End-of-game scoring (rulebook, "Подсчёт очков"): a breakdown per player.

Only cards in play count, never the hand. Rockets by zone: launch table +value, test stand 0,
assembly shop -value. Astronaut with oxygen on its rocket +4, without -4. Certification on the
launch table +3 (test stand 0). No Mission Control on the launch table (a Jack of All Trades counts):
-10.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cosmotable.games.kosmodrom.table import KosmodromTable

ROCKET_SIGN = {"launch": 1, "test": 0, "assembly": -1}
ASTRONAUT_POINTS = 4
CERTIFICATION_POINTS = 3
NO_MISSION_CONTROL = -10


def score_breakdown(state: KosmodromTable, seat: int) -> dict[str, Any]:
    rockets = astronauts = certifications = 0
    for rocket in state.rockets.values():
        if rocket.owner != seat:
            continue
        rockets += ROCKET_SIGN[rocket.zone] * state.cards.cards[rocket.card].points
        if "astronaut" in rocket.advantages:
            astronauts += ASTRONAUT_POINTS if "oxygen" in rocket.advantages else -ASTRONAUT_POINTS
        if "certification" in rocket.advantages and rocket.zone == "launch":
            certifications += CERTIFICATION_POINTS
    mission_control = 0 if state.tableaux[seat].experts["launch"] is not None else NO_MISSION_CONTROL
    return {
        "rockets": rockets,
        "astronauts": astronauts,
        "certifications": certifications,
        "mission_control": mission_control,
        "total": rockets + astronauts + certifications + mission_control,
    }

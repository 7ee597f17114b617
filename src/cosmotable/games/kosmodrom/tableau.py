"""What lies in front of a player: rockets (with components and advantages), expert slots, upgrades
and launch-pad cards. Plain mutable records that copy cheaply and serialise to JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cosmotable.games.kosmodrom.cards import ZONES, Card


@dataclass
class Rocket:
    id: str  # r1, r2... in the order rockets are played: stable targets for actions
    owner: int
    card: str
    zone: str = "assembly"
    metal: int = 0
    fuel: int = 0
    advantages: list[str] = field(default_factory=list)

    def copy(self) -> Rocket:
        return Rocket(self.id, self.owner, self.card, self.zone, self.metal, self.fuel, list(self.advantages))

    def complete(self, spec: Card) -> bool:
        # rulebook (сборка ракет): complete once every required component is placed.
        return self.metal >= spec.metal and self.fuel >= spec.fuel

    def cards(self) -> list[str]:
        """Every card of this rocket, in the order they go to the discard pile."""
        return [self.card, *["metal"] * self.metal, *["fuel"] * self.fuel, *self.advantages]

    def to_json(self, spec: Card) -> dict[str, Any]:
        return {
            "id": self.id,
            "owner": self.owner,
            "card": self.card,
            "zone": self.zone,
            "metal": self.metal,
            "fuel": self.fuel,
            "needs_metal": spec.metal,
            "needs_fuel": spec.fuel,
            "complete": self.complete(spec),
            "points": spec.points,
            "advantages": list(self.advantages),
        }


@dataclass
class Tableau:
    experts: dict[str, str | None] = field(default_factory=lambda: dict.fromkeys(ZONES))
    upgrades: list[str] = field(default_factory=list)
    pads: dict[str, list[str]] = field(default_factory=lambda: {z: [] for z in ZONES})

    def copy(self) -> Tableau:
        return Tableau(dict(self.experts), list(self.upgrades), {z: list(p) for z, p in self.pads.items()})

    def to_json(self) -> dict[str, Any]:
        return {
            "experts": dict(self.experts),
            "upgrades": list(self.upgrades),
            "launch_pads": {z: list(p) for z, p in self.pads.items()},
        }

    def card_count(self) -> int:
        return (
            sum(1 for e in self.experts.values() if e)
            + len(self.upgrades)
            + sum(len(p) for p in self.pads.values())
        )

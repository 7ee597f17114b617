"""Planet's hidden information in the action history: what an obelisk's peek shows, seen by the
peeking seat only (the redacted text), and the history a determinization replays (the OpenSpiel
adapter's resample)."""

from __future__ import annotations

from cosmotable.engine import Action, State
from cosmotable.envs.encodings import DeterminizationError, Encoding
from cosmotable.games.planet.actions import Meteor, Reveal
from cosmotable.games.planet.board import parse_cell


class HiddenHistory(Encoding):
    """What a seat may know of a history: the redacted actions and a determinization's history."""

    def redact(self, state: State, action: Action, seat: int) -> str | None:
        """What an obelisk shows is seen only by the seat peeking: the others see that a tile was
        looked at (`reveal ?`); its kind and orientation are one outcome (Ruling R3)."""
        if isinstance(action, Reveal) and state.phase == "peek-reveal":  # type: ignore[attr-defined]
            peeker = state.seat  # type: ignore[attr-defined]
            if seat != peeker:
                return f"reveal ? (peek by seat {peeker})"
        return str(action)

    def redact_all(self, state: State, action: Action) -> list[str | None]:
        n = state.config.num_players
        if isinstance(action, Reveal):
            return [self.redact(state, action, seat) for seat in range(n)]
        return [str(action)] * n

    def resampled_history(self, state: State, resampled: State, seat: int | None = None) -> list[Action]:
        """`resample_for` redraws the face-down tiles fixed by obelisk peeks `seat` did not see, but
        keeps the history: rewrite each such peek's `reveal KIND [QUARTER]` with the tile the
        resampled state has where that tile lies now. A meteorite carries a fixed tile to another
        cell, so each peeked tile is followed through the swaps (public moves) to its cell today.
        A peeked tile revealed since, or seen by `seat`, keeps its outcome (`seat` knows it).

        Every rewritten draw replays: `resample_for` redraws the hidden tiles from what is left of
        each colour after every tile drawn to this day, so no colour runs out at any earlier draw.
        Raises `DeterminizationError` if the result would not lead to `resampled`'s tiles (never
        the true history in place of a sample)."""
        if seat is None:
            seat = self._resampled_seat(state, resampled)
        wanted = {c: t for c, t in resampled.tile.items() if c not in resampled.revealed}  # type: ignore[attr-defined]
        new = self.game.state_from_config(state.config, state.seed)
        history = list(state.history)
        peeks: dict[int, tuple] = {}  # history index of a hidden peek's reveal -> the cell its tile is in
        at: dict[tuple, int] = {}  # cell -> the hidden peek whose tile lies there
        for index, action in enumerate(history):
            if (
                isinstance(action, Reveal)
                and new.phase == "peek-reveal"  # type: ignore[attr-defined]
                and (seat is None or self.redact(new, action, seat) != str(action))
            ):
                at[new.pending] = index  # type: ignore[attr-defined]
            elif isinstance(action, Meteor) and len(new.meteor_pick) == 1:  # type: ignore[attr-defined]
                # rulebook (meteorite): the two tiles trade places, face-down ones included.
                a, b = new.meteor_pick[0], parse_cell(action.cell)  # type: ignore[attr-defined]
                ta, tb = at.pop(a, None), at.pop(b, None)
                if ta is not None:
                    at[b] = ta
                if tb is not None:
                    at[a] = tb
            new.apply(action)
        for cell, index in at.items():
            peeks[index] = cell
        out = list(history)
        for index, cell in peeks.items():
            if cell in wanted and cell not in new.revealed:  # type: ignore[attr-defined]
                kid, rot = wanted[cell]
                out[index] = Reveal(kid, rot if self.box.kinds[kid].orientations() else None)
        final = dict(new.tile)  # type: ignore[attr-defined]
        for index, cell in peeks.items():
            if cell in wanted and cell not in new.revealed:  # type: ignore[attr-defined]
                final[cell] = wanted[cell]
        final = {c: t for c, t in final.items() if c not in new.revealed}  # type: ignore[attr-defined]
        if final != wanted:
            raise DeterminizationError(
                f"the resampled face-down tiles {sorted(set(wanted) ^ set(final))} do not "
                "come from peeks in the history"
            )
        return out

    @staticmethod
    def _resampled_seat(state: State, resampled: State) -> int | None:
        """`resample_for(seat)` keeps the tiles `seat` has seen: the seat whose peeked tiles all
        stayed (None when several fit: then every peek is rewritten from `resampled`)."""
        fits = [
            s
            for s in range(state.config.num_players)
            if all(
                resampled.tile.get(c) == t
                for c, t in state.tile.items()  # type: ignore[attr-defined]
                if s in state.seen.get(c, ())
            )
        ]  # type: ignore[attr-defined]
        return fits[0] if len(fits) == 1 else None

"""Kosmodrom's hidden information in the action history: which chance outcomes (deck draws, stolen
cards) and `keep` choices each seat may see (the redacted text), and the history a determinization
replays (the OpenSpiel adapter's resample; the plan and its rewrite are encoding_rewrite.py's)."""

from __future__ import annotations

import random

from cosmotable.engine import Action, State
from cosmotable.envs.encodings import Encoding
from cosmotable.games.kosmodrom.actions import DeckCard, Pick
from cosmotable.games.kosmodrom.encoding_rewrite import DeterminizationError, plan, rewrite

try:  # `keep <card>` (a stolen card kept in hand): newer rules versions
    from cosmotable.games.kosmodrom.actions import Keep
except ImportError:  # pragma: no cover - older rules without the keep/discard choice
    Keep = None  # type: ignore[assignment,misc]
from cosmotable.games.kosmodrom.cards import PADS


class HiddenHistory(Encoding):
    """What a seat may know of a history: the redacted actions and a determinization's history."""

    @staticmethod
    def _hidden_receiver(state: State, action: Action) -> tuple[int | None, tuple[int, ...]]:
        """For a chance outcome: (the seat whose hand it enters, the seats that see it); (None, ())
        for a public outcome."""
        phase = state.phase  # type: ignore[attr-defined]
        if isinstance(action, DeckCard):
            if phase == "deal":
                seat = state.dealt % state.num_players  # type: ignore[attr-defined]
                return seat, (seat,)
            if action.card in PADS:
                return None, ()
            seat = state.turn_seat  # type: ignore[attr-defined]
            return seat, (seat,)
        if isinstance(action, Pick):
            thief, victim = state.turn_seat, state.steal_from[0]  # type: ignore[attr-defined]
            return thief, (thief, victim)
        return None, ()

    def redact(self, state: State, action: Action, seat: int) -> str:
        """Deck draws are seen only by the drawer (launch-pad cards by everyone), a stolen card only
        by the thief and the victim; the thief's `keep <card>` names the card to the thief only (the
        engine tells the others "keeps the stolen card")."""
        if Keep is not None and isinstance(action, Keep):
            return str(action) if seat == state.turn_seat else "keep ?"  # type: ignore[attr-defined]
        receiver, seen = self._hidden_receiver(state, action)
        if receiver is None or seat in seen:
            return str(action)
        if isinstance(action, Pick):
            return f"pick ? from seat {state.steal_from[0]}"  # type: ignore[attr-defined]
        return f"deck ? to seat {receiver}"

    def redact_all(self, state: State, action: Action) -> list[str]:
        n = state.config.num_players
        if isinstance(action, DeckCard | Pick) or (Keep is not None and isinstance(action, Keep)):
            return [self.redact(state, action, seat) for seat in range(n)]
        return [str(action)] * n

    def resampled_history(self, state: State, resampled: State, seat: int | None = None) -> list[Action]:
        """A history consistent with everything `seat` knows, every outcome it did not see redrawn:
        other seats' deck draws, cards Industrial Espionage moved between two other seats and the
        thief's `keep` of them (see `encoding_rewrite`: only what `seat` sees of the history is
        used, the hidden values never). Randomness comes from `resampled`'s seed (the engine's
        `resample_for(seat, rng)` redraws it from `rng`); `seat` is recognised from `resampled` when
        not given. Raises `DeterminizationError` rather than return the true history."""
        if seat is None:
            seat = self._resampled_seat(state, resampled)
            if seat is None:
                raise DeterminizationError("pass seat=: the resampled state matches no seat's knowledge")
        history = list(state.history)
        key = (seat, state.seed, len(history), tuple(map(str, history[-50:])))
        cached = self._plan_cache.get(key)
        if cached is None:
            cached = plan(self.card_ids, self._hidden_receiver, self.redact, state, seat)
            if len(self._plan_cache) > 8:
                self._plan_cache.clear()
            self._plan_cache[key] = cached
        return rewrite(cached, history, random.Random(getattr(resampled, "seed", 0)))

    @staticmethod
    def _resampled_seat(state: State, resampled: State) -> int | None:
        """`resample_for(seat)` keeps exactly the events `seat` may see (and that seat's hand)."""
        n = state.config.num_players
        for s in range(n):
            if [e for e in state.events if e.visible(s)] == list(resampled.events) and state.view(s)[
                "hand"
            ] == resampled.view(s)["hand"]:
                return s
        return None

"""Terminal UI (Rich): per-game screens drawn from `state.view(seat)` and the play/replay loops."""

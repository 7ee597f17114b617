"""Cosmotable: play, study and train AI on three space-themed tabletop games."""

__version__ = "0.1.0"

# `gymnasium.make("cosmotable/Mlem-v0")` after `import cosmotable` alone: the research environments
# register their Gymnasium ids when gymnasium is imported (cosmotable.envs.gym_registration); this
# imports neither gymnasium nor any adapter.
from cosmotable import envs as _envs  # noqa: F401

# The games registry hands itself to the engine's record loading (engine/record.py): imported here,
# so that any use of cosmotable - `from cosmotable.engine import load_state` included - has it.
from cosmotable import games as _games  # noqa: F401

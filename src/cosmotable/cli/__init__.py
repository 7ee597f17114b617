"""The `cosmotable` command (`cosmotable.cli:app`): the commands are in `app.py`, `play.py` and the
modules beside them, and each game's own tools in its `cli` part."""

from cosmotable.cli.app import app

__all__ = ["app"]

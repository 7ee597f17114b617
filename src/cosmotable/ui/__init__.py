"""User interfaces over the engine API. `ui.terminal`: the Rich terminal screens behind the CLI."""

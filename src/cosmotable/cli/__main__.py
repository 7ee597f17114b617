"""`python -m cosmotable.cli`: the command, where the installed `cosmotable` script is missing."""

from cosmotable.cli.app import app

app()

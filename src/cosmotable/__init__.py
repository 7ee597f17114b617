"""Cosmotable: play, study and train AI on three space-themed tabletop games."""

__version__ = "0.1.0"

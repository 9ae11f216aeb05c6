"""Bolola, an online card room."""

__version__ = "0.1.0"

"""companion: a table companion for card, tile and dice games played with real components."""

__version__ = "0.1.0"

"""companion: a table companion for Laminate Rummy."""

__version__ = "0.1.0"

"""The names a game imports from the platform, in one place: refusals (``refusals.py``), the viewer
(``viewer.py``), options (``options.py``) and the contract itself (``contract.py``: ``Game``, ``Outcome``,
``Query``).
"""

from __future__ import annotations

from .contract import Game, Outcome, Query
from .options import Option, clean_options
from .refusals import COMMON_CODES, BadRequest, Fill, Refusal, RuleError
from .viewer import Viewer

__all__ = ["COMMON_CODES", "BadRequest", "Fill", "Game", "Option", "Outcome", "Query", "Refusal", "RuleError",
           "Viewer", "clean_options"]

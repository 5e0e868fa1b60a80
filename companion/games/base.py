"""The names a game imports from the platform, in one place: refusals (``refusals.py``), the viewer
(``viewer.py``), options (``options.py``) and the contract itself (``contract.py``: ``Game``, ``Outcome``,
``Query``). Games not yet on the contract also find ``presentation`` here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .contract import Game, Outcome, Query
from .options import Option, clean_options
from .refusals import COMMON_CODES, BadRequest, Fill, Refusal, RuleError
from .viewer import Viewer

__all__ = ["COMMON_CODES", "BadRequest", "Fill", "Game", "Option", "Outcome", "Query", "Refusal", "RuleError",
           "Viewer", "clean_options", "presentation"]


def presentation(package: str) -> tuple[Callable[[], Any], Callable[[], dict[str, Any]]]:
    """A game package's ``ui`` and ``api_schema`` loaders for :class:`Game`: ``<package>.ui.UI`` and
    ``<package>.api_schema.schema()``, imported only when first asked for (the pages and the OpenAPI
    document), so the engine stays free of presentation."""
    import importlib

    def ui() -> Any:
        return importlib.import_module(f"{package}.ui").UI

    def api_schema() -> dict[str, Any]:
        return importlib.import_module(f"{package}.api_schema").schema()

    return ui, api_schema

"""The templates' environment: Jinja's, with a faster path for the views' plain dicts.

Every ``v.name`` in a template is ``Environment.getattr(v, "name")``, which tries the attribute first and the
item only when that raises ``AttributeError``: for the views (plain dicts, read a few thousand times per table
rendering) that is an exception raised and caught on every read — ~15 % of a Laminate rendering. A plain dict
has no attributes but its methods, so the item is looked up at once unless the name is one of those: the same
answer as Jinja's, without the exception. (``getattr`` is the environment's documented hook, the one Jinja's
own sandbox overrides; Flask takes the class from ``Flask.jinja_environment``.)
"""

from __future__ import annotations

from typing import Any

import jinja2
from flask import Flask
from flask.templating import Environment

_DICT_NAMES = frozenset(dir(dict))  # what getattr finds on a plain dict: its methods and dunders


class DictViewsGetattr(jinja2.Environment):
    """The hook alone (a Jinja environment of its own in the tests, to compare with Jinja's)."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_NAMES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


class ViewsEnvironment(DictViewsGetattr, Environment):
    """Flask's environment (templates found in the blueprints too) with the faster hook."""


class CompanionFlask(Flask):
    jinja_environment = ViewsEnvironment

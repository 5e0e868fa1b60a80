"""The templates' environment reads the views' dict keys directly; it must answer exactly as Jinja's own."""

from __future__ import annotations

import pytest
from jinja2 import Environment, StrictUndefined, Undefined

from companion.web.templating import DictViewsGetattr, ViewsEnvironment


class _Obj:
    picker = "attribute"

    def __getitem__(self, key: str) -> str:
        return f"item {key}"


SOURCES = [
    "{{ v.picker }}",                       # a key
    "{{ v.items is callable }}",            # a dict method's name: the method, as Jinja gives it
    "{{ v.get('picker') }}",
    "{{ v.missing is defined }}",           # absent: undefined, not an error
    "{{ v.nested.deeper }}",
    "{{ o.picker }} {{ o.other }}",         # not a plain dict: Jinja's own order (attribute, then item)
    "{{ d.picker }}",                       # a dict subclass: Jinja's own path
    "{{ v['picker'] }}",
]


class _Dict(dict):  # type: ignore[type-arg]
    @property
    def picker(self) -> str:
        return "subclass attribute"


@pytest.mark.parametrize("source", SOURCES)
def test_views_environment_answers_as_jinja_does(source: str) -> None:
    values = {"v": {"picker": "key", "items": "shadowed key", "nested": {"deeper": 3}}, "o": _Obj(),
              "d": _Dict(picker="key")}
    plain, mine = Environment(), DictViewsGetattr()
    assert mine.from_string(source).render(values) == plain.from_string(source).render(values)


def test_missing_key_is_strictly_undefined_under_strict_undefined() -> None:
    plain, mine = Environment(undefined=StrictUndefined), DictViewsGetattr(undefined=StrictUndefined)
    for env in (plain, mine):
        with pytest.raises(Exception, match="missing"):
            env.from_string("{{ v.missing }}").render(v={})


def test_the_app_uses_the_views_environment(tmp_path: object) -> None:
    from companion.web import create_app

    app = create_app(str(tmp_path) + "/t.db")  # type: ignore[operator]
    assert isinstance(app.jinja_env, ViewsEnvironment)
    with app.app_context():
        assert isinstance(app.jinja_env.getattr({"x": 1}, "missing"), Undefined)
        assert app.jinja_env.getattr({"x": 1}, "x") == 1
    app.extensions["companion"].close()

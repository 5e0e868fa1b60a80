"""Seat parts: the few places of a game's live region that differ with the seat a phone names ("This device:
Ben": its turn line, its buttons, its hand), so that the rest of the page is rendered once for every phone.

A game declares them (``GameUI.seat_parts``: a template of macros, one per part, each called as
``name(v, *args)`` and reading only ``v``) and places each in its live region with
``{{ seat_part(v, "name", args…) }}``; the frame's own parts (the root's "my turn") are in ``_seat_parts.html``.
A rendering is in one of three modes:

* **whole** (the default: every page, every form's answer, a game without seat parts): ``seat_part`` calls the
  macro in place, so the page is what it always was;
* **shared** (``record()``): the fragment for every phone that sees the same but its seat, rendered for a phone
  with no seat; ``seat_part`` writes a mark instead (``<!--seat-part:NONCE:N-->``, the nonce new per
  rendering) and notes which part with which arguments goes there;
* **seat** (``render_parts``): only this phone's parts, one per noted slot, from the view as this phone sees it.

fragcache joins them per phone. A part that is not declared as one is rendered in the shared rendering as the
phone with no seat sees it — never another seat's.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
from collections.abc import Iterator
from typing import Any

from flask import current_app, g, request
from markupsafe import Markup

from ...games import base
from . import pages
from .frame import game_ui

FRAME_PARTS = "_seat_parts.html"  # the frame's own parts (templates/)


class Recording:
    """A shared rendering under way: a mark for each part placed, and what each part is (the same part with
    the same arguments placed twice is one slot)."""

    def __init__(self) -> None:
        self.nonce = secrets.token_hex(8)
        self.slots: list[tuple[str, tuple[Any, ...]]] = []
        self._numbers: dict[tuple[str, str], int] = {}

    def mark(self, name: str, args: tuple[Any, ...]) -> str:
        key = (name, repr(args))  # arguments are plain values (numbers, text): their text tells them apart
        number = self._numbers.get(key)
        if number is None:
            number = self._numbers[key] = len(self.slots)
            self.slots.append((name, args))
        return f"<!--seat-part:{self.nonce}:{number}-->"


def begin() -> None:
    """A new rendering in this request (a whole one, unless ``record`` follows)."""
    g.seat_part_recording = None


def record() -> Recording:
    """The next rendering in this request is a shared one: marks instead of parts (until ``stop``)."""
    recording = g.seat_part_recording = Recording()
    return recording


def stop() -> None:
    g.seat_part_recording = None


@contextlib.contextmanager
def for_the_cache() -> Iterator[None]:
    """A rendering made to be cut into fragcache's pieces: a big remembered text (the card grid) is written as
    a mark, kept and compressed once for every rendering that holds it (``pieces.block_mark``)."""
    g.share_texts = True
    try:
        yield
    finally:
        g.share_texts = False


# The parts' templates made into modules, once per template, game, language and deployment: a module holds the
# frame's functions (``t`` in its language, ``asset``…), which is all a part may use besides ``v``. Making one
# per rendering cost more than the parts themselves.
_MODULES: dict[tuple[Any, ...], tuple[Any, Any]] = {}
_MODULES_LOCK = threading.Lock()


def _modules() -> list[Any]:
    """The modules parts are looked for in: the game's seat parts first, then the frame's."""
    game: base.Game[Any, Any] | None = g.get("game")
    ui = game_ui(game) if game is not None else None
    out = []
    for template in ((ui.seat_parts,) if ui is not None and ui.seat_parts else ()) + (FRAME_PARTS,):
        # by the game too: the module keeps the context of its first rendering (``remembered``'s scope names the game)
        key = (template, id(ui), id(game), getattr(g, "lang", None), request.script_root, id(current_app))
        found = _MODULES.get(key)
        if found is None or found[0] is not ui:
            variables: dict[str, Any] = {}
            current_app.update_template_context(variables)
            module = current_app.jinja_env.get_template(template).make_module(variables)
            with _MODULES_LOCK:
                if len(_MODULES) >= 256:  # templates x games x languages x deployments: a handful
                    _MODULES.clear()
                found = _MODULES[key] = (ui, module)
        out.append(found[1])
    return out


def _macro(name: str, modules: list[Any] | None = None) -> Any:
    for module in modules if modules is not None else _modules():
        macro = getattr(module, name, None)
        if macro is not None:
            return macro
    raise LookupError(f"no seat part {name!r} (the game's seat_parts template or {FRAME_PARTS})")


@pages.app_template_global("seat_part")
def seat_part(v: Any, name: str, *args: Any) -> Markup:
    """The template function: the part in place (a whole rendering) or its mark (a shared one)."""
    recording: Recording | None = g.get("seat_part_recording")
    if recording is not None:
        return Markup(recording.mark(name, args))
    return Markup(_macro(name)(v, *args))


def render_parts(view: dict[str, Any], slots: list[tuple[str, tuple[Any, ...]]]) -> list[str]:
    """This phone's seat parts for the slots of the shared rendering, from its own view (in the request
    context the fragment is rendered in)."""
    begin()
    modules = _modules()
    return [str(_macro(name, modules)(view, *args)) for name, args in slots]

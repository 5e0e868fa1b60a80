"""Actions as small frozen values with their JSON form (docs/api.md, すたっぷすたっぷ); parse and back
round-trip. Cards are named by their number (1–6), never by position.

Secret fields: ``Roll.face``/``Roll.salt`` are filled by the server in phone-box mode (``game.prepare``) and
hidden from every output by :func:`redact_action`; a ``Doubt`` carries the revealed face and salt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import StapBadRequest
from .state import MAX_PLAYERS


@dataclass(frozen=True)
class Cards:
    """ST2b: one player's three task cards, typed in during set-up."""
    seat: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Deal:
    """ST2b: draw three cards at random for every seat that has none yet (``cards`` filled by the server)."""
    cards: tuple[tuple[int, ...] | None, ...] | None = None


@dataclass(frozen=True)
class Points:
    """ST2d: the points printed on the cards, row = card 1–6, column = face 1–6."""
    table: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Begin:
    pass


@dataclass(frozen=True)
class BankDie:
    """ST12①."""
    player: int | None = None


@dataclass(frozen=True)
class Lift:
    """ST12②: a die from one of the parent's cards back to materials."""
    card: int
    player: int | None = None


@dataclass(frozen=True)
class Roll:
    """ST4. ``face``/``salt``/``commit``: phone-box mode only, filled by the server."""
    player: int | None = None
    face: int | None = None
    salt: str | None = None
    commit: str | None = None


@dataclass(frozen=True)
class Retract:
    """ST12③."""
    player: int | None = None


@dataclass(frozen=True)
class Declare:
    """ST5."""
    face: int
    card: int
    player: int | None = None


@dataclass(frozen=True)
class Skip:
    """ST10b: a stuck parent who could use an effect chooses to be skipped."""
    player: int | None = None


@dataclass(frozen=True)
class Pass:
    """ST6."""
    player: int | None = None


@dataclass(frozen=True)
class DoubtCall:
    """ST6/ST7. In phone-box mode the server writes the revealed face and salt in (``game.prepare``)."""
    player: int | None = None
    face: int | None = None
    salt: str | None = None


@dataclass(frozen=True)
class Reveal:
    """ST7, real dice: the face the opened box shows."""
    face: int


@dataclass(frozen=True)
class Pay:
    """ST7c: the payer chooses die or coin."""
    what: str
    player: int | None = None


@dataclass(frozen=True)
class Take:
    """ST7a: the parent takes the die of this card of the doubter's."""
    card: int
    player: int | None = None


@dataclass(frozen=True)
class NextGame:
    """ST16: set up the second game (``parent``: its first parent, default the first game's)."""
    parent: int | None = None


Action = (Cards | Deal | Points | Begin | BankDie | Lift | Roll | Retract | Declare | Skip | Pass | DoubtCall
          | Reveal | Pay | Take | NextGame)
TYPES: dict[str, type] = {"cards": Cards, "deal": Deal, "points": Points, "begin": Begin, "bank_die": BankDie,
                          "lift": Lift, "roll": Roll, "retract": Retract, "declare": Declare, "skip": Skip,
                          "pass": Pass, "doubt": DoubtCall, "reveal": Reveal, "pay": Pay, "take": Take,
                          "next_game": NextGame}
NAMES = {cls: name for name, cls in TYPES.items()}
FIELDS: dict[str, tuple[str, ...]] = {
    "cards": ("seat", "cards"), "deal": ("cards",), "points": ("table",), "begin": (), "bank_die": ("player",),
    "lift": ("card", "player"), "roll": ("player", "face", "salt", "commit"), "retract": ("player",),
    "declare": ("face", "card", "player"), "skip": ("player",), "pass": ("player",),
    "doubt": ("player", "face", "salt"), "reveal": ("face",), "pay": ("what", "player"),
    "take": ("card", "player"), "next_game": ("parent",),
}
SECRET_FIELDS = {"roll": ("face", "salt")}  # what redact_action drops (the commitment stays)
_HEX = re.compile(r"^[0-9a-f]{1,64}$")
MAX_POINTS = 999


def _bad(detail: str, detail_ja: str, code: str = "bad_request") -> StapBadRequest:
    return StapBadRequest(detail, code, detail_ja=detail_ja)


def _int(raw: dict[str, Any], key: str, lo: int, hi: int, *, optional: bool = False) -> int | None:
    value = raw.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _bad(f"“{key}” must be a whole number from {lo} to {hi}",
                   f"「{key}」は{lo}〜{hi}の整数で指定してください")
    return value


def _face(raw: dict[str, Any], key: str = "face", *, optional: bool = False) -> int | None:
    value = raw.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise _bad("a die face is a number from 1 to 6", "ダイスの目は1〜6の数字です", "bad_face")
    return value


def _hex(raw: dict[str, Any], key: str) -> str | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not _HEX.match(value):
        raise _bad(f"“{key}” must be lower-case hexadecimal", f"「{key}」は小文字の16進数で指定してください")
    return value


def parse_cards(value: Any) -> tuple[int, ...]:
    if (not isinstance(value, list) or len(value) != 3
            or any(isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= 6 for c in value)
            or len(set(value)) != 3):
        raise _bad("“cards” must be three different card numbers from 1 to 6", "課題カードは1〜6の異なる3枚です",
                   "bad_cards")
    return tuple(sorted(value))


def parse_action(raw: Any, state: Any = None) -> Action:
    if not isinstance(raw, dict):
        raise _bad("an action is a JSON object", "操作は JSON のオブジェクトで指定してください")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in TYPES:
        shown = kind[:20] if isinstance(kind, str) else type(kind).__name__
        raise _bad(f"unknown action type “{shown}”", f"「{shown}」という操作はありません")
    extra = set(raw) - {"type", *FIELDS[kind]}
    if extra:
        raise _bad(f"unknown field “{sorted(extra)[0][:20]}” for “{kind}”",
                   f"「{kind}」に「{sorted(extra)[0][:20]}」という項目はありません")
    seat_hi = (state.n if state is not None else MAX_PLAYERS) - 1
    player = _int(raw, "player", 0, seat_hi, optional=True) if "player" in FIELDS[kind] else None
    if kind == "cards":
        return Cards(_int(raw, "seat", 0, seat_hi) or 0, parse_cards(raw.get("cards")))
    if kind == "deal":
        value = raw.get("cards")
        if value is None:
            return Deal()
        if not isinstance(value, list) or len(value) != seat_hi + 1:
            raise _bad("“cards” must list one entry per seat", "「cards」は席ごとに1つずつ指定してください")
        return Deal(tuple(None if v is None else parse_cards(v) for v in value))
    if kind == "points":
        table = raw.get("table")
        if (not isinstance(table, list) or len(table) != 6
                or any(not isinstance(row, list) or len(row) != 6 for row in table)
                or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= MAX_POINTS
                       for row in table for x in row)):
            raise _bad(f"“table” must be 6 rows (cards 1–6) of 6 whole numbers 0–{MAX_POINTS} (faces 1–6)",
                       f"「table」は6行（カード1〜6）× 6個（目1〜6）の0〜{MAX_POINTS}の整数です")
        return Points(tuple(tuple(row) for row in table))
    if kind == "begin":
        return Begin()
    if kind == "bank_die":
        return BankDie(player)
    if kind == "lift":
        return Lift(_int(raw, "card", 1, 6) or 1, player)
    if kind == "roll":
        return Roll(player, _face(raw, optional=True), _hex(raw, "salt"), _hex(raw, "commit"))
    if kind == "retract":
        return Retract(player)
    if kind == "declare":
        return Declare(_face(raw) or 1, _int(raw, "card", 1, 6) or 1, player)
    if kind == "skip":
        return Skip(player)
    if kind == "pass":
        return Pass(player)
    if kind == "doubt":
        return DoubtCall(player, _face(raw, optional=True), _hex(raw, "salt"))
    if kind == "reveal":
        return Reveal(_face(raw) or 1)
    if kind == "pay":
        what = raw.get("what")
        if what not in ("die",
                        "coin"):
            raise _bad("“what” must be \"die\" or \"coin\"",
                       "「what」は die（ダイス）か coin（コイン）で指定してください")
        return Pay(what, player)
    if kind == "take":
        return Take(_int(raw, "card", 1, 6) or 1, player)
    return NextGame(_int(raw, "parent", 0, seat_hi, optional=True))


def action_to_json(action: Action) -> dict[str, Any]:
    """What the log stores (the secret roll fields included: ``redact_action`` hides them on output)."""
    kind = NAMES[type(action)]
    out: dict[str, Any] = {"type": kind}
    for key in FIELDS[kind]:
        value = getattr(action, key, None)
        if value is None:
            continue
        if isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        out[key] = value
    return out


def redact_action(action: dict[str, Any]) -> dict[str, Any]:
    """ST4/ST8: what every output shows of a logged action: a roll without its face and salt."""
    if not isinstance(action, dict):
        return action
    hidden = SECRET_FIELDS.get(str(action.get("type")), ())
    return {k: v for k, v in action.items() if k not in hidden}

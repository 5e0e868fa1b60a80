"""Actions of The Pairs as small frozen values, with their JSON form (docs/api.md, The Pairs); parse and back
round-trip."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..pairs import NUMBERS, parse_card
from ..pairs.deck import MAX_COPIES
from .errors import PairsBadRequest

TARGETS = ("a", "b", "place")
MAX_HAND = MAX_COPIES * len(NUMBERS)  # the largest table deck (PD5); the real check is the hand count


@dataclass(frozen=True)
class Play:
    """TP6: a hand card (``card``) to pile a/b or to the own place; or, with ``source`` "place", the place card to
    pile a/b (``card`` optional, then checked against the place)."""

    to: str
    card: int | None = None
    source: str = "hand"
    player: int | None = None


@dataclass(frozen=True)
class Draw:
    """TP9: the draw, from the deck or from one's own place."""

    source: str
    player: int | None = None


@dataclass(frozen=True)
class Pass:
    """TP8: hand, place and deck are all empty."""

    player: int | None = None


@dataclass(frozen=True)
class Stuck:
    """TP8: "I cannot play": the player falls out and the team loses. ``hand``: the hand, if shown."""

    hand: tuple[int, ...] | None = None
    player: int | None = None


Action = Play | Draw | Pass | Stuck
_TYPES: dict[str, type] = {"play": Play, "draw": Draw, "pass": Pass, "stuck": Stuck}
_NAMES = {cls: name for name, cls in _TYPES.items()}
_FIELDS: dict[str, set[str]] = {"play": {"card", "to", "from", "player"}, "draw": {"from", "player"},
                                "pass": {"player"}, "stuck": {"hand", "player"}}


def _bad(detail: str, detail_ja: str) -> PairsBadRequest:
    return PairsBadRequest(detail, detail_ja=detail_ja)


def _player(raw: Any, state: Any) -> int | None:
    if raw is None:
        return None
    hi = 4 if state is None else state.n - 1
    if isinstance(raw, bool) or not isinstance(raw, int) or not 0 <= raw <= hi:
        raise _bad(f"“player” must be a seat from 0 to {hi}", f"「player」は0〜{hi}の席番号で指定してください")
    return raw


def _word(raw: Any, name: str, allowed: tuple[str, ...]) -> str:
    word = raw.strip().lower() if isinstance(raw, str) else None
    if word not in allowed:
        raise _bad(f"“{name}” must be one of " + ", ".join(f"“{w}”" for w in allowed),
                   f"「{name}」は " + "・".join(allowed) + " のどれかです")
    return word


def parse_action(raw: Any, state: Any = None) -> Action:
    """The action a JSON object describes; 400 ``bad_request`` if it describes none."""
    if not isinstance(raw, dict):
        raise _bad("an action must be an object", "操作はオブジェクトで指定してください")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in _TYPES:
        raise _bad("“type” must be one of " + ", ".join(_TYPES), "「type」は " + "・".join(_TYPES) + " のどれかです")
    extra = set(raw) - _FIELDS[kind] - {"type"}
    if extra:
        raise _bad(f"unknown field “{sorted(extra)[0]}” for “{kind}”",
                   f"「{kind}」に「{sorted(extra)[0]}」という項目はありません")
    player = _player(raw.get("player"), state)
    if kind == "play":
        if "to" not in raw:
            raise _bad("“play” needs “to”: “a”, “b” or “place”", "「play」には「to」（a・b・place）が必要です")
        to = _word(raw["to"], "to", TARGETS)
        source = _word(raw.get("from", "hand"), "from", ("hand", "place"))
        card = None if raw.get("card") is None else parse_card(raw["card"], "card")
        if source == "hand" and card is None:
            raise _bad("a card from the hand needs “card”, its number 1–10",
                       "手札から出すカードには「card」（1〜10の数字）が必要です")
        if source == "place" and to == "place":
            raise _bad("the place card goes to pile “a” or “b”", "場札は捨て札置場 a か b に出します")
        return Play(to, card, source, player)
    if kind == "draw":
        if "from" not in raw:
            raise _bad("“draw” needs “from”: “deck” or “place”", "「draw」には「from」（deck か place）が必要です")
        return Draw(_word(raw["from"], "from", ("deck", "place")), player)
    if kind == "pass":
        return Pass(player)
    hand = raw.get("hand")
    if hand is None:
        return Stuck(None, player)
    if not isinstance(hand, list) or len(hand) > MAX_HAND:
        raise _bad(f"“hand” must be a list of at most {MAX_HAND} card numbers",
                   f"「hand」は{MAX_HAND}枚以下のカードの数字のリストで指定してください")
    return Stuck(tuple(parse_card(c, "hand") for c in hand), player)


def action_to_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": _NAMES[type(action)]}
    if isinstance(action, Play):
        if action.source == "place":
            out["from"] = "place"
        if action.card is not None:
            out["card"] = action.card
        out["to"] = action.to
    elif isinstance(action, Draw):
        out["from"] = action.source
    elif isinstance(action, Stuck) and action.hand is not None:
        out["hand"] = list(action.hand)
    if action.player is not None:
        out["player"] = action.player
    return out

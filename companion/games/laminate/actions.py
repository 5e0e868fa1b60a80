"""Actions as small frozen values, with their JSON form (API.md, ACTION)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .deck import DEFAULT_DECK, Card, Deck
from .errors import Malformed
from .papers import PAPERS

MAX_CARDS = 49  # a meld can never hold more cards than the deck has
MAX_CITES = 64


@dataclass(frozen=True)
class Research:
    source: str  # "deck" or "discard"
    player: int | None = None


@dataclass(frozen=True)
class Publish:
    paper: str
    cards: tuple[Card, ...]
    cite: tuple[int, ...] = ()
    player: int | None = None
    # whether the request carried "cite" at all: the log shows an action as it was sent
    cite_listed: bool = field(default=True, compare=False)


@dataclass(frozen=True)
class Review:
    paper: int
    card: Card
    player: int | None = None


@dataclass(frozen=True)
class Pass:
    player: int | None = None


@dataclass(frozen=True)
class EndFlag:
    card: Card
    player: int | None = None


Action = Research | Publish | Review | Pass | EndFlag
ACTION_TYPES = ("research", "publish", "review", "pass", "endflag")


def _bad(detail: str, detail_ja: str) -> Malformed:
    return Malformed("bad_request", detail=detail, detail_ja=detail_ja)


def _int(value: Any, field: str, lo: int = 0, hi: int = 2**31) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _bad(f"“{field}” must be an integer from {lo} to {hi}",
                   f"「{field}」は{lo}〜{hi}の整数で指定してください")
    return value


def _card_list(value: Any, field: str, deck: Deck) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _bad(f"“{field}” must be a list of cards", f"「{field}」はカードのリストで指定してください")
    if len(value) > MAX_CARDS:
        raise _bad(f"“{field}” holds more cards than the deck has", f"「{field}」のカードがデッキの枚数より多すぎます")
    return tuple(deck.parse(v) for v in value)


def parse_cite(value: Any) -> tuple[int, ...]:
    """A ``cite`` list of paper ids (absent or null means none)."""
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > MAX_CITES:
        raise _bad("“cite” must be a list of paper ids", "「cite」は論文番号のリストで指定してください")
    return tuple(_int(c, "cite", 1) for c in value)


def parse_action(obj: Any, deck: Deck = DEFAULT_DECK) -> Action:
    """Turn an API ``action`` object into an Action. Raises Malformed (400) for anything odd."""
    if not isinstance(obj, dict):
        raise _bad("“action” must be an object", "「action」はオブジェクトで指定してください")
    kind = obj.get("type")
    if kind not in ACTION_TYPES:
        raise _bad(f"unknown action type {str(kind)[:30]!r}; expected one of {', '.join(ACTION_TYPES)}",
                   f"「type」は {'・'.join(ACTION_TYPES)} のどれかです")
    player = obj.get("player")
    if player is not None:
        player = _int(player, "player")  # any seat number; one that is not active is not_your_turn
    if kind == "research":
        source = obj.get("from")
        if source not in ("deck", "discard"):
            raise _bad("research needs “from”: “deck” or “discard”",
                       "research には「from」（deck か discard）が必要です")
        return Research(source, player)
    if kind == "publish":
        paper = obj.get("paper")
        if not isinstance(paper, str):
            raise _bad("publish needs “paper”: a paper type id", "publish には「paper」（論文の種類）が必要です")
        if paper not in PAPERS:
            raise Malformed("unknown_paper", paper_id=paper[:40])
        cards = _card_list(obj.get("cards"), "cards", deck)
        return Publish(paper, cards, parse_cite(obj.get("cite")), player, cite_listed="cite" in obj)
    if kind == "review":
        return Review(_int(obj.get("paper"), "paper", 1), deck.parse(obj.get("card")), player)
    if kind == "pass":
        return Pass(player)
    return EndFlag(deck.parse(obj.get("card")), player)


def action_to_json(action: Action) -> dict[str, Any]:
    """The canonical JSON form (cards always in number notation)."""
    out: dict[str, Any]
    if isinstance(action, Research):
        out = {"type": "research", "from": action.source}
    elif isinstance(action, Publish):
        out = {"type": "publish", "paper": action.paper, "cards": [str(c) for c in action.cards]}
        if action.cite or action.cite_listed:
            out["cite"] = list(action.cite)
    elif isinstance(action, Review):
        out = {"type": "review", "paper": action.paper, "card": str(action.card)}
    elif isinstance(action, Pass):
        out = {"type": "pass"}
    else:
        out = {"type": "endflag", "card": str(action.card)}
    if action.player is not None:
        out["player"] = action.player
    return out

"""What Laminate's pages show, computed from a table request: plain dicts for the templates (no Flask here).

Everything a template prints about a Laminate table comes from here: players with their papers, the supply,
the countdown (R17), announcements, the picker's grid (open again from a page's address or a form's flash,
with its dry run), and the end-of-game ranking with its tie-break (R18). The frame (ids, links, version,
history, undo, ``v.over``/``v.running``) comes from the web layer; the sentence of each logged action from
``history.py``.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from ..base import RuleError
from ..texts import COMMON
from ..ui import TableRequest, parse_uint
from .cardnames import rank_label
from .deck import DEFAULT_DECK, Card, Deck
from .papers import ENDFLAG, PAPER_TYPES, PAPERS, PUBLISHABLE
from .rules import meld_report
from .state import GameState
from .suitnames import suit_names_view
from .texts import join_names, reason, t, tn
from .todo import todo

ECHO_MAX = 300  # characters of a refusal sentence kept for the page


# --- cards ----------------------------------------------------------------------------------------------


def card_view(card: Card | str, lang: str, names: dict[str, str] | None = None,
              deck: Deck = DEFAULT_DECK) -> dict[str, Any]:
    if not isinstance(card, Card):
        card = deck.parse(card)
    suit = deck.suit_by_id[card.suit]
    suit_name = (names or {}).get(card.suit) or suit.name(lang)
    return {"id": str(card), "suit": card.suit, "rank": card.rank, "rank_label": rank_label(card.rank),
            "suit_name": suit_name, "label": deck.label(card, lang, names), "symbol": suit.symbol}


def cards_text(cards: list[Card], lang: str, names: dict[str, str] | None, deck: Deck = DEFAULT_DECK) -> str:
    sep = COMMON.t("list_sep", lang)
    return sep.join(deck.label(c, lang, names) for c in cards)


def paper_name(paper_type: str, lang: str) -> str:
    return PAPERS[paper_type].name(lang)


def points_text(n: int, lang: str) -> str:
    return tn("points", n, lang)


def cards_count(n: int, lang: str) -> str:
    return tn("cards", n, lang)


# --- countdown and announcements ------------------------------------------------------------------------


def turns_left_by_seat(state: GameState) -> list[int] | None:
    """R17: how many turns each seat still has (None before the end condition)."""
    if state.end is None:
        return None
    left = [0] * state.n
    if state.over or state.active is None:
        return left
    start = (state.end.trigger + 1) % state.n if state.pending == ENDFLAG else state.active
    for k in range(state.end.turns_left):
        left[(start + k) % state.n] += 1
    return left


def is_last_turn(state: GameState) -> bool:
    return (state.end is not None and not state.over and state.pending is None
            and state.active is not None and state.end.turns_left <= state.n)


def announcements(state: GameState, answer: dict[str, Any], lang: str) -> list[dict[str, str]]:
    """Milestones the devices announce once each (keys stay the same while the milestone holds)."""
    out: list[dict[str, str]] = []
    if state.end is not None:
        trig = state.end.trigger
        out.append({"key": f"end-{trig}", "kind": "end",
                    "text": t("end_met", lang, name=state.names[trig], score=state.score(trig))})
        flag = next((p for p in state.papers if p.type == ENDFLAG), None)
        if flag is not None:
            out.append({"key": f"flag-{flag.id}", "kind": "flag",
                        "text": tn("endflag_taken", state.end.turns_left, lang, name=state.names[flag.owner])})
        elif state.pending is None and not state.over:
            out.append({"key": "flag-none", "kind": "flag",
                        "text": tn("endflag_none", state.end.turns_left, lang, name=state.names[trig])})
    if is_last_turn(state) and state.active is not None:
        out.append({"key": f"last-{state.turn}", "kind": "last",
                    "text": t("last_turn_of", lang, name=state.names[state.active])})
    if state.over:
        out.append({"key": "over", "kind": "over", "text": t("ann_over", lang, winners=winners_text(answer, lang))})
    return out


def speak_turn(state: GameState, lang: str) -> dict[str, str] | None:
    """What a device that turned speech on says when a turn starts: the countdown (R17) and whose turn it
    is. The key names the moment, so no device says it twice."""
    if state.over or state.active is None:
        return None
    name = state.names[state.active]
    text = t("speak_endflag" if state.pending == ENDFLAG else "speak_turn", lang, name=name)
    if state.end is not None and state.pending is None:
        left = state.end.turns_left
        text = (t("speak_last", lang) if left == 1 else tn("speak_countdown", left, lang)) + " " + text
    return {"key": f"turn-{state.turn}-{state.active}-{state.pending or ''}", "text": text}


def winners_text(answer: dict[str, Any], lang: str) -> str:
    names = [answer["players"][s]["name"] for s in answer["winners"]]
    if not names:
        return ""
    return t("winner_one" if len(names) == 1 else "winner_many", lang, names=join_names(names, lang))


def tiebreak_text(answer: dict[str, Any], lang: str) -> str | None:
    decided = answer.get("decided_by")
    players = answer["players"]
    if decided in (None, "score"):
        return None
    top = players[answer["ranking"][0]]["score"]
    tied = [p for p in players if p["score"] == top]
    names = join_names([p["name"] for p in tied], lang)
    if decided == "fewest_papers":
        win = players[answer["winners"][0]]
        return tn("tb_fewest", top, lang, names=names, score=top, winner=win["name"], n=win["complete"])
    papers = tn("tb_papers", players[answer["winners"][0]]["complete"], lang)
    return tn("tb_shared", top, lang, names=names, score=top, papers=papers)


# --- the table ------------------------------------------------------------------------------------------


def table_view(req: TableRequest[GameState]) -> dict[str, Any]:
    """Laminate's part of what ``laminate/_table.html`` needs (the frame adds ids, links and the history). A
    page asked with ``?picker=open`` (no script) opens the picker with the selection in its address, and with
    ``check=1`` shows the refusal a publish would get, asked as a dry run; a form's flash does the same."""
    flash = req.flash or {}
    selection = flash.get("selection")
    check = bool(flash.get("check"))
    query_open = req.query.get("picker", [""])[0] == "open"
    if selection is None and query_open:
        def split(key: str) -> list[str]:
            return [v for raw in req.query.get(key, []) for v in raw.split(",") if v]
        selection = {"cards": split("cards"), "cite": split("cite"), "paper": req.query.get("paper", [None])[0]}
        check = req.query.get("check", [""])[0] == "1"
    view = _table_view(req, selection, check)
    latest = next((r for r in reversed(req.history) if r.get("shown", True) and r.get("text")), None)
    if req.error and req.error.get("code") == "stale" and latest:  # say what changed: the latest move
        view["error"] = {**req.error, "message": f"{req.error.get('message', '')} "
                                                 f"{t('js_stale_what', req.lang, what=latest['text'])}"}
    view["picker_open"] = (bool(flash.get("picker")) or query_open) and req.viewer.full and view["can_act"]
    if (req.viewer.full and check and selection and req.error is None and req.query.get("check", [""])[0] == "1"
            and selection.get("paper")):
        refusal = req.dry_run({"type": "publish", "paper": selection["paper"], "cards": selection["cards"],
                               "cite": _uints(selection["cite"])})
        if refusal is not None:
            view["error"] = _refusal(refusal, PICKER_WHERE.get(refusal.code, "top"), req.lang)
    return view


def _uints(values: list[Any]) -> list[int]:
    return [n for v in values if (n := parse_uint(str(v))) is not None]


def _refusal(exc: RuleError, where: str, lang: str) -> dict[str, Any]:
    card = exc.params.get("card")
    return {"code": exc.code, "message": exc.message(lang)[:ECHO_MAX], "where": where,
            "card": str(card)[:40] if card is not None else None}


def _table_view(req: TableRequest[GameState], selection: dict[str, Any] | None, check: bool) -> dict[str, Any]:
    state = req.state
    deck: Deck = state.card_deck
    names = req.options.get("suit_names") or None
    answer = req.answer
    full, lang = req.viewer.full, req.lang
    running = not state.over
    can_act = full and running
    turns = turns_left_by_seat(state)
    active = state.active

    def cv(card: Card) -> dict[str, Any]:
        return card_view(card, lang, names, deck)

    players = []
    for p in answer["players"]:
        seat = p["seat"]
        papers = []
        for paper in state.papers_of(seat):
            papers.append({
                "id": paper.id, "type": paper.type, "name": paper_name(paper.type, lang),
                "points": PAPERS[paper.type].points, "points_text": points_text(PAPERS[paper.type].points, lang),
                "complete": paper.complete, "cards": [cv(c) for c in paper.cards],
                "reviewable": can_act and state.pending is None and len(paper.cards) >= 2,
            })
        players.append({**p, "papers": papers, "active": seat == active,
                        "turns_left": turns[seat] if turns else None,
                        "last_turn": is_last_turn(state) and seat == active,
                        "hand_text": cards_count(p["hand"], lang), "score_text": points_text(p["score"], lang)})

    supply = []
    for ptype in PAPER_TYPES:
        supply.append({"id": ptype.id, "name": ptype.name(lang), "points": ptype.points,
                       "points_text": points_text(ptype.points, lang), "total": ptype.copies,
                       "left": answer["supply"][ptype.id], "rule": ptype.rule(lang),
                       "pips": [i < answer["supply"][ptype.id] for i in range(ptype.copies)]})

    countdown = None
    if turns is not None and running and state.end is not None:
        countdown = {
            "total": state.end.turns_left,
            "text": (t("countdown_one", lang) if state.end.turns_left == 1
                     else tn("countdown_total", state.end.turns_left, lang)),
            "seats": [{"seat": s, "name": state.names[s], "left": turns[s],
                       "left_text": t("turns_left_0", lang) if turns[s] == 0 else tn("turns_left", turns[s], lang),
                       "active": s == active and state.pending is None}
                      for s in _seat_order(state)],
            "end_text": t("end_met", lang, name=state.names[state.end.trigger],
                          score=state.score(state.end.trigger)),
        }

    standings: dict[str, Any] | None = None
    if state.over:
        standings = {"rows": [], "tiebreak": tiebreak_text(answer, lang), "by_passes": state.passes >= state.n}
        place, prev = 0, None
        for i, seat in enumerate(answer["ranking"]):
            p = answer["players"][seat]
            key = (p["score"], p["complete"])
            if key != prev:
                place, prev = i + 1, key
            standings["rows"].append({"place": place, "name": p["name"], "seat": seat, "score": p["score"],
                                      "complete": p["complete"], "winner": seat in answer["winners"]})

    view = {
        "answer": answer, "state": state, "turn": state.turn, "can_act": can_act,
        "active": active, "active_name": state.names[active] if active is not None else None,
        "pending": state.pending, "players": players, "supply": supply,
        "deck": state.deck, "discard": state.discard,
        "deck_text": cards_count(state.deck, lang), "discard_text": cards_count(state.discard, lang),
        "can": answer["can"], "countdown": countdown, "standings": standings,
        "end_title": winners_text(answer, lang) if state.over else None,
        "announcements": announcements(state, answer, lang),
        "speak_turn": speak_turn(state, lang),
        "last_turn": is_last_turn(state),
        "review_possible": can_act and state.pending is None and state.can_review(),
    }
    view.update(seat_view(req, view))
    view["suit_rename"] = suit_names_view(deck, names, lang) if full else None
    if can_act:
        view["picker"] = picker_view(state, lang, names, selection or {}, check)
        if state.pending == ENDFLAG:
            view["endflag_suits"] = grid(deck, state, lang, names, selected=set((selection or {}).get("cards", [])))
    return view


def seat_view(req: TableRequest[GameState], shared: dict[str, Any]) -> dict[str, Any]:
    """What of the table's view differs with the seat this phone names (``GameUI.seat_view``; the rest of
    ``shared``, the view made for no seat, is the same for every phone): "me", whether it is my turn, what to do
    with my real cards, my "my hand" assistant. Read only by the seat parts (``_seat_parts.html``)."""
    state = req.state
    deck: Deck = state.card_deck
    names = req.options.get("suit_names") or None
    lang, me, running = req.lang, req.me, not state.over
    assistant = assistant_view(deck, state, req.answer, lang, names, me) if req.viewer.full and running else None
    if assistant is not None:
        assistant["watching"] = req.watching and me is None
    return {"me": me, "my_turn": me is not None and me == state.active and running,
            "todo": todo(req, lambda c: deck.label(c, lang, names)), "assistant": assistant}


def assistant_view(deck: Deck, state: GameState, answer: dict[str, Any], lang: str,
                   names: dict[str, str] | None, me: int | None) -> dict[str, Any]:
    """The "my hand" panel on the players' page. The hand itself never reaches the server's pages: the
    grid is the whole deck (cards on the table greyed), and the device's script ticks what it keeps."""
    out: dict[str, Any] = {"on": bool(answer.get("hints", True)), "me": me}
    if me is not None and out["on"]:
        out.update(name=state.names[me], public_hand=answer["players"][me]["hand"],
                   suits=grid(deck, state, lang, names, selected=set()))
    return out


def _seat_order(state: GameState) -> list[int]:
    """Seats in the order their remaining turns come (R17), starting with the next to play."""
    if state.end is None:
        return list(range(state.n))
    start = (state.end.trigger + 1) % state.n if state.pending == ENDFLAG else state.active
    if start is None:
        start = 0
    return [(start + k) % state.n for k in range(state.n)]


_GRIDS: OrderedDict[tuple[Any, ...], tuple[Deck, list[dict[str, Any]]]] = OrderedDict()
_GRIDS_LOCK = threading.Lock()
MAX_GRIDS = 256  # a few per table in play (the picker's, the hand's, the End Flag's; per language)


def grid(deck: Deck, state: GameState, lang: str, names: dict[str, str] | None,
         selected: set[str]) -> list[dict[str, Any]]:
    """The deck as rows by suit, each card marked on the table (greyed) and/or selected. Made once per deck,
    language, suit names, cards on the table and selection, then shared (every seat's assistant, the picker,
    every version that moved no card): read, never changed."""
    on_table = {str(c) for c in state.cards_on_table()}
    key = (id(deck), lang, repr(sorted((names or {}).items())), frozenset(on_table), frozenset(selected))
    with _GRIDS_LOCK:
        found = _GRIDS.get(key)
        if found is not None and found[0] is deck:
            _GRIDS.move_to_end(key)
            return found[1]
    rows = _grid(deck, on_table, lang, names, selected)
    with _GRIDS_LOCK:
        _GRIDS[key] = (deck, rows)
        while len(_GRIDS) > MAX_GRIDS:
            _GRIDS.popitem(last=False)
    return rows


def _grid(deck: Deck, on_table: set[str], lang: str, names: dict[str, str] | None,
          selected: set[str]) -> list[dict[str, Any]]:
    rows = []
    for suit in deck.suits:
        cards = []
        for rank in suit.ranks:
            view = card_view(Card(suit.id, rank), lang, names, deck)
            view["on_table"] = view["id"] in on_table
            view["selected"] = view["id"] in selected and not view["on_table"]
            cards.append(view)
        rows.append({"id": suit.id, "name": (names or {}).get(suit.id) or suit.name(lang), "symbol": suit.symbol,
                     "cards": cards})
    return rows


def picker_view(state: GameState, lang: str, names: dict[str, str] | None, selection: dict[str, Any],
                check: bool) -> dict[str, Any]:
    deck: Deck = state.card_deck
    active = state.active
    chosen_cards = [c for c in selection.get("cards", []) if isinstance(c, str)]
    chosen_cite = {n for c in selection.get("cite", []) if (n := parse_uint(str(c))) is not None}
    chosen_paper = selection.get("paper")
    citable: list[dict[str, Any]] = []
    for paper in state.papers:
        if paper.complete:
            own = paper.owner == active
            citable.append({"id": paper.id, "owner": paper.owner, "owner_name": state.names[paper.owner],
                            "name": paper_name(paper.type, lang), "card": card_view(paper.cards[0], lang, names, deck),
                            "own": own, "selected": paper.id in chosen_cite,
                            "cost": t("cite_free", lang) if own else t("cite_cost", lang,
                                                                       name=state.names[paper.owner])})
    citable.sort(key=lambda c: deck.index.get(deck.parse(c["card"]["id"]), 0))  # next to the grid: deck order
    papers = []
    for pid in PUBLISHABLE:
        ptype = PAPERS[pid]
        left = state.supply_of(pid)
        owned = active is not None and state.owns(active, pid)
        papers.append({"id": pid, "name": ptype.name(lang), "points": ptype.points,
                       "points_text": points_text(ptype.points, lang), "left": left, "rule": ptype.rule(lang),
                       "owned": owned, "selected": pid == chosen_paper,
                       "note": (t("paper_owned", lang, name=state.names[active]) if owned and active is not None else
                                t("supply_none", lang) if left == 0 else t("supply_left", lang, n=left))})
    matches = None
    if check and (chosen_cards or chosen_cite):
        try:
            cards = [deck.parse(c) for c in chosen_cards]
            report = meld_report(state, cards, sorted(chosen_cite))
            matches = [{"id": p, "name": paper_name(p, lang), "legal": code is None,
                        "reason": reason(code, lang) if code else None} for p, code in report]
        except RuleError:
            matches = None
    return {"suits": grid(deck, state, lang, names, set(chosen_cards)), "citable": citable, "papers": papers,
            "hand": state.hands[active] if active is not None else 0,
            "active_name": state.names[active] if active is not None else "",
            "matches": matches, "count": len(chosen_cards)}


# --- error placement ------------------------------------------------------------------------------------

#: Which part of the picker a publish refusal belongs next to.
PICKER_WHERE: dict[str, str] = {
    "bad_card": "cards", "card_on_table": "cards", "duplicate_card": "cards", "rank_exhausted": "cards",
    "no_hand_card": "cards",
    "cite_unknown": "cite", "cite_not_complete": "cite", "cite_duplicate": "cite",
    "no_match": "paper", "supply_empty": "paper", "already_owned": "paper", "unknown_paper": "paper",
    "endflag_not_publishable": "paper",
    "hand_too_small": "summary",
}


def error_shown(view: dict[str, Any], where: str | None, picker_open: bool) -> bool:
    """Whether ``_table.html`` renders the place a refusal belongs to (else the page shows it at the top)."""
    if where == "top":
        return True
    if where == "bar":
        return bool(view["full"] and (view["can_act"] or view["undo_text"]))
    if where == "endflag":
        return bool(view["can_act"] and view["pending"] == ENDFLAG)
    if where in ("cards", "cite", "paper", "summary"):
        return bool(picker_open and view.get("picker") and view["pending"] is None)
    if where == "setting-suit_names":
        return bool(view.get("suit_rename"))
    if where and where.startswith("paper-"):
        return any(where == f"paper-{paper['id']}" for p in view["players"] for paper in p["papers"])
    return False

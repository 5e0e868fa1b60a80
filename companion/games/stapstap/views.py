"""What すたっぷすたっぷ's pages show, from a table request: plain dicts for the templates (no Flask here).

Everything comes from ``req.answer`` (the STATE this viewer may see) except the names and the rules
constants, so a page can never show more than the JSON of the same viewer: the secret face is in
``answer["box"]["face"]`` only for the parent's proven phone (ST4)."""

from __future__ import annotations

import hashlib
from typing import Any

from ..texts import join_names
from ..ui import TableRequest
from .state import State
from .texts import t, tn

PIPS = {1: (4,), 2: (0, 8), 3: (0, 4, 8), 4: (0, 2, 6, 8), 5: (0, 2, 4, 6, 8), 6: (0, 2, 3, 5, 6, 8)}


def die_view(face: int | None, lang: str) -> dict[str, Any]:
    """A die drawn with pips (a 3×3 grid), or a blank one when the face is unknown."""
    pips = PIPS.get(face or 0, ())
    return {"face": face, "cells": [i in pips for i in range(9)],
            "label": t("die_label", lang, face=face) if face else ""}


def _actor(a: dict[str, Any]) -> int | None:
    """Whose controls the page shows now: the parent's (roll, effects, declaration, take), the asked player's
    (pass or doubt), the payer's; None when any phone may act (set-up, the typed-in face, the next game)."""
    step = a["step"]
    if step in ("start", "rolled", "take"):
        return a["parent"]
    if step == "challenge":
        return a["to_ask"][0] if a["to_ask"] else None
    if step == "pay":
        return (a["doubt"] or {}).get("payer")
    return None


def table_view(req: TableRequest[State]) -> dict[str, Any]:
    a = req.answer
    lang = req.lang
    names = [p["name"] for p in a["players"]]
    step = a["step"]
    box_mode = a["mode"] == "box"
    me = req.me
    actor = _actor(a)
    full = req.viewer.full
    # real dice: any phone may act (one phone can run the table), but a phone that said which player it is
    # acts for another player only through a deliberate step; phone box: each seat acts on its own proven phone
    can_act = full and (not box_mode or actor is None or me == actor)
    act_for = can_act and not box_mode and actor is not None and me is not None and me != actor
    parent = a["parent"]
    doubt = a["doubt"]
    players = []
    for p in a["players"]:
        cards = []
        for c in p["cards"]:
            face = c["face"]
            pts = a["points"][c["card"] - 1][face - 1] if face else None
            label = (t("card_with", lang, card=c["card"], face=face, points=tn("pts", pts, lang)) if pts is not None
                     else t("card_empty", lang, card=c["card"]))
            cards.append({"card": c["card"], "face": face, "die": die_view(face, lang), "points": pts,
                          "label": label,
                          "declared": step == "challenge" and p["seat"] == parent and a["box"]
                          and a["box"]["card"] == c["card"],
                          "taken": bool(doubt and doubt.get("card_taken") == c["card"]
                                        and doubt.get("doubter") == p["seat"] and step == "start")})
        players.append({
            **p, "cards": cards, "me": me == p["seat"], "parent": p["seat"] == parent,
            "asked": p["answer"] == "asked", "passed": p["answer"] == "pass",
            "doubter": bool(doubt and doubt["doubter"] == p["seat"] and step in ("reveal", "pay", "take")),
            "dice_list": range(min(p["dice"], 8)), "coin_list": range(min(p["coins"], 6)),
            "dice_text": tn("dice", p["dice"], lang), "coins_text": tn("coins", p["coins"], lang),
            "unused_text": t("later_cards", lang, cards="・".join(map(str, p["unused"]))) if p["unused"] else "",
        })
    box = a["box"]
    box_view = None
    if box is not None:
        box_view = {"face": box["face"], "die": die_view(box["face"], lang), "commit": box["commit"],
                    "seal": (box["commit"] or "")[:12], "declared": box["declared"], "card": box["card"],
                    "declared_die": die_view(box["declared"], lang) if box["declared"] else None}
    result = _result(a, names, lang)
    headline = _headline(a, names, me, lang)
    # The centre of the table speaks to every seat, never to "you", whichever phone shows it, and its box has
    # no face: it is the parent's own phone's alone (ST4), even when that phone turns table-centre mode on.
    centre_headline = headline if me is None else _headline(a, names, None, lang)
    centre_box = None if box_view is None else {k: box_view[k] for k in ("seal", "declared", "card", "declared_die")}
    actor_name = names[actor] if actor is not None else None
    return {
        "mode": a["mode"], "box_mode": box_mode, "step": step, "game_no": a["game_no"], "parent": parent,
        "players": players, "bank": a["bank"], "bank_dice_list": range(min(a["bank"]["dice"], 15)),
        "bank_coin_list": range(min(a["bank"]["coins"], 6)), "box": box_view, "result": result,
        "headline": headline, "centre_headline": centre_headline, "centre_box": centre_box,
        "can_act": can_act, "actor": actor, "actor_name": actor_name,
        # a device with no seat runs the table for whoever acts: it says whose controls these are
        "acting_for": actor_name if can_act and not box_mode and actor is not None and me is None else None,
        "act_for": act_for, "act_for_id": f"st-act-for-{a['game_no']}-{a['rolls']}-{step}-{actor}",
        "my_turn": me is not None and me == actor,
        "answer_later": step == "challenge" and me is not None and me in a["to_ask"][1:],
        "can": a["can"], "skips": a["skips"], "active_count": sum(1 for p in a["players"] if not p["out"]),
        "face_choices": [die_view(f, lang) for f in range(1, 7)],
        "empty_cards": [c["card"] for c in a["players"][parent]["cards"] if c["face"] is None]
        if parent is not None else [],
        "full_cards": [c["card"] for c in a["players"][parent]["cards"] if c["face"] is not None]
        if parent is not None else [],
        "take_cards": _take_cards(a), "victim_name": names[doubt["doubter"]] if doubt else None,
        "setup_rows": _setup_rows(a) if step == "setup" else [],
        "points_rows": [{"card": i + 1, "values": row} for i, row in enumerate(a["points"])],
        "scores": _scores(a, names, lang), "end_title": _winners(a, names, lang),
        "extra_short": tn("extra_short", a["extra_short"], lang)
        if a["extra_short"] and a["game_no"] == 2 and step == "start" else "",
        "bank_text": f'{tn("dice", a["bank"]["dice"], lang)}, {tn("coins", a["bank"]["coins"], lang)}',
        "me_parent": me is not None and me == parent,
        "announcements": _announcements(a, result, lang, _winners(a, names, lang)),
    }


def _announcements(a: dict[str, Any], result: dict[str, Any] | None, lang: str,
                   winners: str | None = None) -> list[dict[str, str]]:
    """Said once per phone (the frame's news): the box opened, a game over, the match over and who won."""
    out = []
    if result is not None:
        out.append({"key": f"doubt-{a['game_no']}-{a['rolls']}", "kind": "end" if not result["truth"] else "turn",
                    "text": " ".join(result["lines"])})
    if a["step"] == "scored":
        out.append({"key": "game-1-over", "kind": "end", "text": t("st_scored", lang)})
    if a["over"] and winners:
        out.append({"key": "over", "kind": "over", "text": t("ann_over", lang, winners=winners)})
    return out


def _headline(a: dict[str, Any], names: list[str], me: int | None, lang: str) -> str:
    step = a["step"]
    parent = a["parent"]
    pname = names[parent] if parent is not None else ""
    if step == "setup":
        return t("st_setup", lang)
    if step == "start":
        return t("st_start_me" if me == parent else "st_start", lang, name=pname)
    if step == "rolled":
        return t("st_rolled_me" if me == parent else "st_rolled", lang, name=pname)
    if step == "challenge":
        return t("st_challenge", lang, name=pname, face=a["box"]["declared"], card=a["box"]["card"])
    if step == "reveal":
        return t("st_reveal", lang)
    if step == "pay":
        return t("st_pay", lang, name=names[a["doubt"]["payer"]])
    if step == "take":
        return t("st_take", lang, name=pname, victim=names[a["doubt"]["doubter"]])
    if step == "scored":
        return t("st_scored", lang)
    return t("over_title", lang)


def _result(a: dict[str, Any], names: list[str], lang: str) -> dict[str, Any] | None:
    """The last doubt, once the box was opened (public from then on)."""
    d = a["doubt"]
    if d is None or d["face"] is None:
        return None
    key = "res_truth" if d["truth"] else "res_lie"
    lines = [t(key, lang, doubter=names[d["doubter"]], parent=names[d["parent"]],
               declared=t("face_word", lang, face=d["declared"]), face=d["face"])]
    if d["paid"] == "card":
        lines.append(t("res_taken", lang, parent=names[d["parent"]], doubter=names[d["doubter"]],
                       card=d["card_taken"]))
    elif d["paid"]:
        payer = d["payer"]
        receiver = d["doubter"] if payer == d["parent"] else d["parent"]
        lines.append(t("res_paid", lang, payer=names[payer], receiver=names[receiver],
                       what=t("what_" + d["paid"], lang)))
    seal = None
    if d["salt"] and d["commit"]:
        ok = hashlib.sha256(f"{d['face']}:{d['salt']}".encode()).hexdigest() == d["commit"]
        seal = {"ok": ok, "text": t("seal_ok", lang, face=d["face"], salt=d["salt"][:8] + "…") if ok
                else t("seal_bad", lang), "commit": d["commit"][:12]}
    return {"truth": d["truth"], "lines": lines, "die": die_view(d["face"], lang),
            "declared": die_view(d["declared"], lang), "seal": seal}


def _take_cards(a: dict[str, Any]) -> list[int]:
    d = a["doubt"]
    if a["step"] != "take" or d is None:
        return []
    return [c["card"] for c in a["players"][d["doubter"]]["cards"] if c["face"] is not None]


def _setup_rows(a: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"seat": p["seat"], "name": p["name"], "cards": [c["card"] for c in p["cards"]],
             "done": bool(p["cards"])} for p in a["players"]]


def _scores(a: dict[str, Any], names: list[str], lang: str) -> dict[str, Any] | None:
    if a["step"] == "setup":
        return None
    rows = []
    for p in a["players"]:
        games = list(p["games"])
        now = p["score"] if a["step"] not in ("scored", "over") else None
        rows.append({"name": p["name"], "games": games, "now": now, "total": p["total"] + (now or 0),
                     "winner": p["seat"] in a["winners"]})
    cols = [t("col_game", lang, g=g + 1) for g in range(len(a["scores"]))]
    return {"rows": rows, "cols": cols, "live": a["step"] not in ("scored", "over")}


def _winners(a: dict[str, Any], names: list[str], lang: str) -> str | None:
    """The end screen's heading: who won the match (ST16a: a tie shares the win)."""
    if not a["over"]:
        return None
    won = [names[i] for i in a["winners"]]
    if len(won) == 1:
        return t("winner_one", lang, name=won[0])
    return t("winner_many", lang, names=join_names(won, lang))

"""The STATE of a すたっぷすたっぷ table as JSON (docs/api.md, すたっぷすたっぷ): everything is public except the
face in the phone box, which only the parent's proven phone is shown (``box.secret_visible``, ST4)."""

from __future__ import annotations

from typing import Any

from ..base import Viewer
from .box import secret_visible
from .pieces import can_roll, effects_possible
from .scoring import breakdown, game_scores, ranking, totals, winners
from .state import PLAYING, State, Step


def state_to_json(state: State, viewer: Viewer | None = None, options: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    box = state.box
    box_json = None
    if box is not None:
        box_json = {"commit": box.commit, "declared": box.declared, "card": box.card,
                    "face": box.face if secret_visible(state, viewer) else None}
    doubt = state.doubt
    doubt_json = None
    if doubt is not None:
        doubt_json = {"parent": doubt.parent, "doubter": doubt.doubter, "declared": doubt.declared,
                      "card": doubt.card, "face": doubt.face, "salt": doubt.salt, "commit": doubt.commit,
                      "truth": None if doubt.face is None else doubt.face == doubt.declared,
                      "payer": doubt.payer, "paid": doubt.paid, "card_taken": doubt.card_taken}
    playing = state.step in PLAYING
    running = game_scores(state) if state.step != Step.SETUP else tuple(0 for _ in state.names)
    parent = state.parent if playing else None
    waiting = state.to_ask() if state.step == Step.CHALLENGE else []
    players = []
    for i, p in enumerate(state.players):
        players.append({
            "seat": i, "name": state.names[i], "dice": p.dice, "coins": p.coins,
            "cards": [{"card": s.card, "face": s.face} for s in p.slots],
            "unused": list(state.unused[i]) if state.unused and state.unused[i] else [],
            "out": p.out, "full": p.full,
            "score": running[i], "score_parts": breakdown(state, i),
            "games": [g[i] for g in state.scores], "total": totals(state)[i],
            "answer": "pass" if i in state.asked else ("asked" if waiting and waiting[0] == i else None),
        })
    me = parent if parent is not None else 0
    can = {
        "setup": state.step == Step.SETUP,
        "bank_die": state.step == Step.START and "bank_die" in effects_possible(state, me),
        "lift": state.step == Step.START and "lift" in effects_possible(state, me),
        "roll": state.step == Step.START and can_roll(state, me),
        "skip": state.step == Step.START and not can_roll(state, me),
        "retract": state.step == Step.ROLLED and state.players[me].coins > 0,
        "declare": state.step == Step.ROLLED,
        "answer": state.step == Step.CHALLENGE,
        "reveal": state.step == Step.REVEAL,
        "pay": state.step == Step.PAY, "take": state.step == Step.TAKE,
        "next_game": state.step == Step.SCORED,
    }
    return {
        "mode": state.mode, "game_no": state.game, "step": state.step, "parent": parent, "first": state.first,
        "players": players, "bank": {"dice": state.bank_dice, "coins": state.bank_coins},
        "box": box_json, "doubt": doubt_json, "asked": list(state.asked),
        "to_ask": waiting, "skips": state.skips, "rolls": state.rolls,
        "points": [list(row) for row in state.points],
        "scores": [list(g) for g in state.scores],
        "totals": list(totals(state)), "over": state.over,
        "winners": list(winners(state)), "ranking": list(ranking(state)) if state.over else [],
        "extra_short": state.extra_short, "can": can,
        "proven": viewer.proven if viewer is not None and viewer.full else None,
        "dice_total": state.dice_total(), "coin_total": state.coin_total(),
    }

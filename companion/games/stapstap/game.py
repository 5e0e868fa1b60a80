"""すたっぷすたっぷ as a :class:`~companion.games.base.Game`: the engine behind the interface the core speaks
to, its JSON view (the secret face only for the parent's proven phone), and the hooks for server randomness,
seat proofs, redaction and undo (docs/rules-stapstap.md ST4, ST8)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..base import Game, Outcome, RuleError, Viewer, presentation
from .actions import (
    Action,
    BankDie,
    Deal,
    Declare,
    DoubtCall,
    Lift,
    Pass,
    Pay,
    Retract,
    Roll,
    Skip,
    Take,
    action_to_json,
    parse_action,
    redact_action,
)
from .errors import ERROR_CODES, StapError
from .options import OPTIONS
from .rules import PARENT_ACTIONS, apply, new_game
from .scoring import breakdown, game_scores, ranking, totals, winners
from .state import FACES, MAX_PLAYERS, MIN_PLAYERS, State
from .turns import can_roll, effects_possible


def commitment(face: int, salt: str) -> str:
    """ST4 (phone box): the public hash that fixes the face before the declaration; a doubt reveals both."""
    return hashlib.sha256(f"{face}:{salt}".encode()).hexdigest()


def prepare(state: State, action: Action, randbelow: Callable[[int], int]) -> Action:
    """Fill in what the server decides before ``apply`` (committed actions only): the phone box's roll with
    its salt and commitment, the revealed face of a doubt (copied from the hidden state, so the log says it
    where it is revealed), a random deal of task cards."""
    if isinstance(action, Roll):
        if state.mode != "box":
            return Roll(action.player)
        face = randbelow(6) + 1
        salt = f"{randbelow(2 ** 128):032x}"
        return Roll(action.player, face, salt, commitment(face, salt))
    if isinstance(action, DoubtCall) and state.mode == "box":
        box = state.box
        if state.step == "challenge" and box is not None and box.face is not None:
            return replace(action, face=box.face, salt=box.salt)
        return replace(action, face=None, salt=None)
    if isinstance(action, Deal):
        cards: list[tuple[int, ...] | None] = []
        for p in state.players:
            if p.slots:
                cards.append(None)
                continue
            pool = list(FACES)
            for i in range(len(pool) - 1, 0, -1):  # Fisher–Yates with the server's random source
                j = randbelow(i + 1)
                pool[i], pool[j] = pool[j], pool[i]
            cards.append(tuple(sorted(pool[:3])))
        return Deal(tuple(cards))
    return action


def proof_needed(state: State, action: Action) -> int | None:
    """Phone box: the seat whose phone must send this action (the parent's own steps, each player's own
    answer, the payer's payment). With real dice one phone may run the table: None."""
    if state.mode != "box":
        return None
    player = getattr(action, "player", None)
    if isinstance(action, (*PARENT_ACTIONS, Take)):
        return player if player is not None else state.parent
    if isinstance(action, (Pass, DoubtCall)):
        if player is not None:
            return player
        waiting = state.to_ask() if state.step == "challenge" else []
        return waiting[0] if waiting else None
    if isinstance(action, Pay):
        if player is not None:
            return player
        return state.doubt.payer if state.doubt is not None else None
    return None


def private_seats(options: dict[str, Any]) -> bool:
    return options.get("mode") == "box"


def undo_blocked(state: State, action: Action) -> RuleError | None:
    """Phone box: a roll is never undone (no re-rolling until the face suits), a revealed face never hidden."""
    if state.mode != "box":
        return None
    if isinstance(action, Roll):
        return StapError("undo_secret_roll")
    if isinstance(action, DoubtCall):
        return StapError("undo_revealed")
    return None


def take_over_blocked(state: State, seat: int) -> RuleError | None:
    """ST4 (phone box): while the die is in the box, the parent's seat stays on the phone that rolled. Another
    phone taking it over would be shown the face (a peek for whoever takes it); voiding the roll instead
    would let a parent re-roll by taking over their own seat. So the take-over waits until the die has left
    the box (retract, all pass, or a doubt that opens it)."""
    hidden = state.box is not None and state.step in ("rolled", "challenge")  # a doubt opens the box at once
    if state.mode != "box" or not hidden or seat != state.parent:
        return None
    return StapError("take_over_mid_roll", parent_name=state.names[seat])


def actor(state: State, action: Action) -> int | None:
    if isinstance(action, (*PARENT_ACTIONS, Take)):
        return state.parent if state.step not in ("setup", "scored") else None
    if isinstance(action, (Pass, DoubtCall)):
        if action.player is not None:
            return action.player
        waiting = state.to_ask() if state.step == "challenge" else []
        return waiting[0] if waiting else None
    if isinstance(action, Pay):
        if action.player is not None:
            return action.player
        return state.doubt.payer if state.doubt is not None else None
    return None


def secret_visible(state: State, viewer: Viewer | None) -> bool:
    """ST4: the face in the box reaches only the parent's proven phone (never the view link, never a seat
    that is merely chosen by cookie)."""
    if viewer is None or not viewer.full or state.mode != "box" or state.box is None:
        return False
    return getattr(viewer, "proven", None) == state.parent


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
    playing = state.step in ("start", "rolled", "challenge", "reveal", "pay", "take")
    running = game_scores(state) if state.step not in ("setup",) else tuple(0 for _ in state.names)
    parent = state.parent if playing else None
    waiting = state.to_ask() if state.step == "challenge" else []
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
        "setup": state.step == "setup",
        "bank_die": state.step == "start" and "bank_die" in effects_possible(state, me),
        "lift": state.step == "start" and "lift" in effects_possible(state, me),
        "roll": state.step == "start" and can_roll(state, me),
        "skip": state.step == "start" and not can_roll(state, me),
        "retract": state.step == "rolled" and state.players[me].coins > 0,
        "declare": state.step == "rolled",
        "answer": state.step == "challenge",
        "reveal": state.step == "reveal",
        "pay": state.step == "pay", "take": state.step == "take",
        "next_game": state.step == "scored",
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
        "proven": getattr(viewer, "proven", None) if viewer is not None and viewer.full else None,
        "dice_total": state.dice_total(), "coin_total": state.coin_total(),
    }


def outcome(state: State) -> Outcome | None:
    if not state.over:
        return None
    return Outcome(winners(state), ranking(state), "total")


def is_over(state: State) -> bool:
    return state.over


_ui, _api_schema = presentation(__package__)  # loaded only by the pages and the OpenAPI document


def scores(state: State) -> tuple[int, ...]:
    """The plays record: the two-game total so far, the running game included while it is played."""
    done = totals(state)
    if state.step in ("setup", "scored", "over"):
        return done
    return tuple(a + b for a, b in zip(done, game_scores(state), strict=True))


_HOOKS: dict[str, Any] = {"prepare": prepare, "proof_needed": proof_needed, "private_seats": private_seats,
                          "redact_action": redact_action, "undo_blocked": undo_blocked, "scores": scores,
                          "take_over_blocked": take_over_blocked}

GAME = Game(
    id="stapstap",
    name=("Stap-stap", "すたっぷすたっぷ"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=OPTIONS,
    new_game=new_game,
    parse_action=parse_action,
    action_to_json=action_to_json,
    actor=actor,
    apply=apply,
    state_to_json=state_to_json,
    outcome=outcome,
    is_over=is_over,
    error_codes=ERROR_CODES,
    ui=_ui,
    api_schema=_api_schema,
    package=__package__,
    # the platform's seat-token hooks (present once companion.games.base.Game has them)
    **{k: v for k, v in _HOOKS.items() if k in Game.__dataclass_fields__},
)

__all__ = ["GAME", "Declare", "Lift", "BankDie", "Retract", "Skip", "commitment", "prepare", "proof_needed"]

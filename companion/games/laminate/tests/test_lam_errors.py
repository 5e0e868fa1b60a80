"""Every error code of Laminate (the docs/api.md list), reached at least once with the expected code, and the
sentences that go with them. ``not_your_turn`` and ``game_over`` are the platform's now (``Game.play``), the
others the rules'."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from laminate_helpers import C, apply, cards, parse, refuse, short_deck, table

from companion.games.base import RuleError
from companion.games.laminate import (
    GAME,
    EndFlag,
    EndInfo,
    IllegalAction,
    Pass,
    Publish,
    Research,
    Review,
)
from companion.games.laminate.errors import CODES

ROOT = Path(__file__).resolve().parents[4]
#: answered by the service (versions and undo history live there, not in the game)
WEB_ONLY = {"stale", "nothing_to_undo"}


def api_codes() -> set[str]:
    """The error codes docs/api.md lists for Laminate (its "## Error codes" paragraph): the contract, kept
    apart from the code on purpose."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    start = text.index("## Error codes")
    return set(re.findall(r"`([a-z_]+)`", text[start:text.index("\n\n", start)]))


def _pending():
    state = table(3, papers=[(0, "straight11", "suit7-13"), (0, "sum100", "suit6-12")])
    return apply(state, Research("deck"))


# code -> (state, action, rule): playing the action at that table must refuse with that code
APPLY_CASES = {
    "not_your_turn": (table(3), Research("deck", player=1), "API"),
    "game_over": (table(3, over=True), Research("deck"), "R18"),
    "unknown_paper": (table(3), Publish("kind7", cards("heart-7 book-7 coin-7")), "R2"),
    "no_match": (table(3), Publish("kind3", cards("heart-7 book-7 coin-6")), "R3"),
    "supply_empty": (table(3, papers=[(1, "evens", "heart-4")], hands=(6, 3, 3)),
                     Publish("evens", cards("book-2 book-4 heart-6 book-8 onion-10 suit6-12")), "R6"),
    "already_owned": (table(3, papers=[(0, "kind3", "heart-7 book-7")]),
                      Publish("kind3", cards("heart-6 book-6 coin-6")), "R6"),
    "cite_unknown": (table(3), Publish("kind3", cards("heart-7 book-7"), (1,)), "R7"),
    "cite_not_complete": (table(3, papers=[(1, "kind3", "heart-7 book-7")]),
                          Publish("kind3", cards("coin-7 onion-7"), (1,)), "R7"),
    "cite_duplicate": (table(3, papers=[(1, "kind3", "heart-7")]),
                       Publish("kind3", cards("coin-7"), (1, 1)), "R7"),
    "card_on_table": (table(3, papers=[(1, "kind3", "heart-7")]),
                      Publish("kind3", cards("heart-7 book-7 coin-7")), "R6"),
    "duplicate_card": (table(3), Publish("kind3", cards("heart-7 book-7 book-7")), "R6"),
    "rank_exhausted": (table(3, papers=[(1, "sum49", "heart-7"), (2, "sum49", "book-7")]),
                       Publish("kind3", cards("coin-7 onion-7 coffin-7")), "R1"),
    "no_hand_card": (table(3, papers=[(1, "kind3", "heart-7"), (1, "kind5", "book-7"), (2, "sum49", "coin-7")]),
                     Publish("kind3", (), (1, 2, 3)), "R7"),
    "hand_too_small": (table(3, hands=(2, 3, 3)), Publish("kind3", cards("heart-7 book-7 coin-7")), "R7"),
    "research_impossible": (table(3, hands=(16, 17, 16), deck=0, discard=0), Research("deck"), "R9"),
    "discard_empty": (table(3, discard=0), Research("discard"), "R8"),
    "paper_unknown": (table(3), Review(1, C("heart-7")), "R10"),
    "not_under_review": (table(3, papers=[(1, "kind3", "heart-7")]), Review(1, C("heart-7")), "R11"),
    "card_not_in_paper": (table(3, papers=[(1, "kind3", "heart-7 book-7")]), Review(1, C("coin-7")), "R10"),
    "pass_not_allowed": (table(3), Pass(), "R12"),
    "endflag_pending": (_pending(), Research("deck"), "R16"),
    "no_endflag_pending": (table(3, end=EndInfo(0, 3)), EndFlag(C("heart-2")), "R16"),
    "endflag_not_publishable": (table(3), Publish("endflag", cards("heart-7")), "R16"),
}

# code -> API action object that the platform's parser refuses with that code (400)
PARSE_CASES = {
    "bad_card": {"type": "review", "paper": 1, "card": "heart-9"},
    "unknown_paper": {"type": "publish", "paper": "straight3", "cards": ["heart-1"]},
}


@pytest.mark.parametrize("code", sorted(APPLY_CASES))
def test_every_engine_code_is_reached_through_apply(code):
    state, action, _rule = APPLY_CASES[code]
    # rank_exhausted needs a deck file that miscounts a rank (every real card is unique): see short_deck
    err = refuse(state, action, code, deck=short_deck(7, 4) if code == "rank_exhausted" else None)
    assert err.malformed == (code == "unknown_paper")  # 400 vs 422 in the web layer
    text_en, text_ja = err.message("en"), err.message("ja")
    assert text_en and text_ja and text_en != text_ja
    for text in (text_en, text_ja):
        assert not re.search(r"\{[a-z_]+\}", text), f"unfilled placeholder in {text!r}"


@pytest.mark.parametrize("code", sorted(PARSE_CASES))
def test_parse_codes(code):
    with pytest.raises(RuleError) as info:
        parse(PARSE_CASES[code])
    assert info.value.code == code and info.value.malformed
    assert not re.search(r"\{[a-z_]+\}", info.value.message("en"))


def test_every_api_code_but_the_web_layers_is_covered():
    assert set(GAME.codes) == api_codes() - WEB_ONLY | {"bad_request"}, "the game's codes are the documented ones"
    assert set(CODES) == set(GAME.codes) - {"bad_request", "game_over", "not_your_turn"}, \
        "a sentence for every rule's code, none for the platform's"
    covered = set(APPLY_CASES) | set(PARSE_CASES)
    assert covered == api_codes() - WEB_ONLY


def test_the_platform_codes_have_sentences_in_the_games_refusal():
    for code in ("nothing_to_undo", "game_over", "not_your_turn"):  # the service words "stale" itself
        err = IllegalAction(code)
        assert err.message("en") and err.message("ja")


def test_unknown_codes_cannot_be_raised():
    with pytest.raises(ValueError):
        IllegalAction("not_a_code")


def test_messages_name_players_papers_and_cards():
    state = table(3, papers=[(0, "ak", "heart-1 suit7-13"), (0, "kind3", "heart-7 book-7")])
    err = refuse(state, Publish("kind3", cards("heart-6 book-6 coin-6")), "already_owned")
    assert "Hilbert" in err.message("en") and "Three of a Kind" in err.message("en")
    assert "Hilbert" in err.message("ja") and "3カード" in err.message("ja")
    err = refuse(state, Review(1, C("coin-7")), "card_not_in_paper")
    assert "Coin 7" in err.message("en") and "コイン7" in err.message("ja")
    err = refuse(table(3), Research("deck", player=2), "not_your_turn")
    assert "Hilbert" in err.message("en") and "Noether" in err.message("en")
    assert err.params["player"] == 2 and err.params["active"] == 0
    assert str(err).startswith("not_your_turn: ")
    with pytest.raises(RuleError) as info:  # no such seat: not an action of this table at all
        parse({"type": "research", "from": "deck", "player": 4}, table(3))
    assert info.value.code == "bad_request"

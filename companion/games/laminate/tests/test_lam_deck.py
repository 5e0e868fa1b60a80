"""R1 (the Seven deck) and R2 (the paper supply): the data the rules are built on."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.games.laminate import DEFAULT_DECK, PAPER_IDS, PAPERS, Card, Deck, Malformed
from companion.games.laminate.papers import END_THRESHOLD, PUBLISHABLE


def test_r1_deck_has_49_cards_with_rank_r_in_7_minus_abs_7_minus_r_copies():
    assert DEFAULT_DECK.size == 49
    assert len(set(DEFAULT_DECK.cards)) == 49, "no two cards share both suit and rank"
    counts = Counter(c.rank for c in DEFAULT_DECK.cards)
    assert counts == {r: 7 - abs(7 - r) for r in range(1, 14)}
    assert DEFAULT_DECK.rank_copies == dict(counts)
    assert sum(c.rank for c in DEFAULT_DECK.cards) == 343 == 7**3


def test_r1_every_suit_has_exactly_one_seven_and_seven_consecutive_ranks():
    assert [s.id for s in DEFAULT_DECK.suits] == ["heart", "book", "coin", "onion", "coffin", "suit6", "suit7"]
    for offset, suit in enumerate(DEFAULT_DECK.suits):
        assert suit.ranks == tuple(range(1 + offset, 8 + offset))
        assert sum(1 for c in DEFAULT_DECK.cards if c.suit == suit.id and c.rank == 7) == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("coin-7", Card("coin", 7)),
        ("coin-K", None),  # coin has no K
        ("suit7-K", Card("suit7", 13)),
        ("suit7-k", Card("suit7", 13)),
        ("SUIT7-13", Card("suit7", 13)),
        ("heart-A", Card("heart", 1)),
        ("heart-a", Card("heart", 1)),
        ("coffin-J", Card("coffin", 11)),
        ("suit6-Q", Card("suit6", 12)),
    ],
)
def test_r1_card_notation_accepts_numbers_and_face_letters_case_insensitively(text, expected):
    if expected is None:
        with pytest.raises(Malformed) as info:
            Card.parse(text)
        assert info.value.code == "bad_card"
    else:
        assert Card.parse(text) == expected


@pytest.mark.parametrize(
    "text",
    ["heart-9", "joker-1", " onion-10", "onion-10 ", "book-08", "coin- 7", "coin -7", "coin-14", "coin-0",
     "coin-", "coin", "-7", "", "coin-7-", "coin-+7", "coin-٧", "coin-７", "coin-7.0", "coin-100", "x" * 41,
     7, None, ["coin-7"], {"suit": "coin"}],
)
def test_r1_anything_that_names_no_card_is_bad_card(text):
    with pytest.raises(Malformed) as info:
        DEFAULT_DECK.parse(text)
    assert info.value.code == "bad_card"
    assert info.value.malformed  # the web layer answers 400


def test_r1_output_notation_uses_numbers_and_round_trips():
    assert str(Card.parse("suit7-K")) == "suit7-13"
    assert str(Card.parse("heart-a")) == "heart-1"
    for card in DEFAULT_DECK.cards:
        assert Card.parse(str(card)) == card
        assert eval(repr(card), {"Card": Card}) == card  # noqa: S307 - repr is documented as Card.parse(...)


def test_r1_labels_use_face_letters_and_both_languages():
    assert DEFAULT_DECK.label(Card.parse("coin-7")) == "Coin 7"
    assert DEFAULT_DECK.label(Card.parse("coin-7"), "ja") == "コイン7"
    assert DEFAULT_DECK.label(Card.parse("heart-1")) == "Heart A"
    assert DEFAULT_DECK.label(Card.parse("suit7-13"), "ja") == "スート7K"
    assert DEFAULT_DECK.label(Card.parse("suit6-12"), names={"suit6": "Moon"}) == "Moon Q"


def test_r1_deck_is_data_a_different_file_changes_the_cards():
    data = {"suits": [{"id": "Red", "ja": "赤", "en": "Red", "ranks": [1, 2, 3]},
                      {"id": "blue", "ja": "青", "en": "Blue", "ranks": [3, 4]}]}
    deck = Deck(data)
    assert deck.size == 5
    assert deck.rank_copies == {1: 1, 2: 1, 3: 2, 4: 1}
    assert deck.parse("RED-A") == Card("red", 1)
    with pytest.raises(Malformed):
        deck.parse("coin-7")
    assert deck.index[Card("blue", 4)] == 4


@pytest.mark.parametrize(
    "suits",
    [
        [{"id": "a", "ja": "a", "en": "a", "ranks": [1, 1]}],
        [{"id": "a", "ja": "a", "en": "a", "ranks": [0]}],
        [{"id": "a", "ja": "a", "en": "a", "ranks": [14]}],
        [{"id": "a", "ja": "a", "en": "a", "ranks": [1]}, {"id": "A", "ja": "b", "en": "b", "ranks": [2]}],
    ],
)
def test_r1_deck_file_with_duplicate_cards_or_bad_ranks_is_rejected(suits):
    with pytest.raises(ValueError):
        Deck({"suits": suits})


def test_r2_paper_table_points_and_copies():
    expected = {
        "straight5": (1, 4), "straight7": (3, 3), "straight9": (5, 2), "straight11": (9, 1),
        "kind3": (1, 4), "kind5": (4, 3), "pairs3": (2, 3), "pairs4": (5, 2), "triple3": (7, 1),
        "flush4": (4, 2), "flush6": (7, 2), "sum49": (2, 4), "sum100": (6, 1), "ak": (2, 1),
        "evens": (6, 1), "endflag": (1, 1),
    }
    assert list(PAPER_IDS) == list(expected)
    assert {k: (p.points, p.copies) for k, p in PAPERS.items()} == expected
    assert sum(p.copies for p in PAPERS.values()) == 35
    assert len(PUBLISHABLE) == 15 and "endflag" not in PUBLISHABLE
    assert END_THRESHOLD == 15
    for paper in PAPERS.values():
        assert paper.name("ja") and paper.name("en") and paper.rule("ja") and paper.rule("en")

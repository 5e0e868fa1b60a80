"""R3 exactness: every publishable type with a positive and a negative example, and the edge cases."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from laminate_helpers import cards, reference_satisfies

from companion.games.laminate import DEFAULT_DECK, Card, matches, satisfies
from companion.games.laminate.melds import why_not
from companion.games.laminate.papers import PUBLISHABLE

# (type, a meld that makes it, a meld that does not)
EXAMPLES = [
    ("straight5", "heart-3 heart-4 heart-5 book-6 coin-7", "heart-3 heart-4 heart-5 book-6 coin-8"),
    ("straight7", "heart-1 heart-2 heart-3 heart-4 heart-5 heart-6 heart-7",
     "heart-1 heart-2 heart-3 heart-4 heart-5 heart-6 book-6"),
    ("straight9", "heart-1 heart-2 heart-3 heart-4 heart-5 heart-6 heart-7 book-8 coin-9",
     "heart-1 heart-2 heart-3 heart-4 heart-5 heart-6 heart-7 book-8 coin-8"),
    ("straight11", "coin-3 coin-4 coin-5 coin-6 coin-7 coin-8 coin-9 onion-10 coffin-11 suit6-12 suit7-13",
     "coin-3 coin-4 coin-5 coin-6 coin-7 coin-8 coin-9 onion-10 coffin-11 suit6-12 suit7-12"),
    ("kind3", "heart-7 book-7 coin-7", "heart-7 book-7 coin-8"),
    ("kind5", "heart-7 book-7 coin-7 onion-7 coffin-7", "heart-7 book-7 coin-7 onion-7 coffin-8"),
    ("pairs3", "heart-2 book-2 heart-3 book-3 heart-4 book-4", "heart-2 book-2 heart-3 book-3 heart-4 heart-5"),
    ("pairs4", "heart-2 book-2 heart-3 book-3 heart-4 book-4 heart-5 book-5",
     "heart-2 book-2 heart-3 book-3 heart-4 book-4 heart-5 heart-6"),
    ("triple3", "heart-3 book-3 coin-3 heart-4 book-4 coin-4 heart-5 book-5 coin-5",
     "heart-3 book-3 coin-3 heart-4 book-4 coin-4 heart-5 book-5 heart-6"),
    ("flush4", "onion-4 onion-5 onion-6 onion-7", "onion-4 onion-5 onion-6 coin-7"),
    ("flush6", "suit6-6 suit6-7 suit6-8 suit6-9 suit6-10 suit6-11",
     "suit6-6 suit6-7 suit6-8 suit6-9 suit6-10 suit6-12"),
    ("sum49", "suit7-13 suit6-12 coffin-11 onion-10 heart-3", "suit7-13 suit6-12 coffin-11 onion-10 heart-2"),
    ("sum100", "suit7-13 suit7-12 suit6-12 suit7-11 suit6-11 coffin-11 suit7-10 suit6-10 coffin-10",
     "suit7-13 suit7-12 suit6-12 suit7-11 suit6-11 coffin-11 suit7-10 suit6-10 onion-9"),
    ("ak", "heart-1 suit7-13", "heart-1 suit6-12"),
    ("evens", "book-2 heart-4 heart-6 book-8 onion-10 suit6-12", "book-2 heart-4 heart-6 book-8 onion-10 suit7-13"),
]


def test_r3_examples_cover_all_15_publishable_types():
    assert sorted(t for t, _, _ in EXAMPLES) == sorted(PUBLISHABLE)
    assert len(EXAMPLES) == 15


@pytest.mark.parametrize(("paper", "good", "bad"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_r3_each_type_positive_and_negative(paper, good, bad):
    good_cards, bad_cards = cards(good), cards(bad)
    assert satisfies(paper, good_cards)
    assert paper in matches(good_cards)
    assert why_not(paper, good_cards) is None
    assert not satisfies(paper, bad_cards)
    assert paper not in matches(bad_cards)
    assert why_not(paper, bad_cards) is not None
    # order of the cards never matters
    assert satisfies(paper, tuple(reversed(good_cards)))


@pytest.mark.parametrize(
    ("paper", "good"),
    [(t, g) for t, g, _ in EXAMPLES if t != "sum100"],
    ids=[t for t, _, _ in EXAMPLES if t != "sum100"],
)
def test_r3_extra_cards_are_refused_for_every_type_but_sum100(paper, good):
    meld = cards(good)
    on = set(meld)
    for extra in DEFAULT_DECK.cards:
        if extra in on:
            continue
        assert not satisfies(paper, meld + (extra,)), f"{paper} accepted extra {extra}"


def test_r3_sum100_takes_any_cards_as_long_as_the_total_is_at_least_100():
    exactly_100 = cards("suit7-13 suit7-12 suit6-12 suit7-11 suit6-11 coffin-11 suit7-10 suit6-10 coffin-10")
    assert sum(c.rank for c in exactly_100) == 100
    assert satisfies("sum100", exactly_100)
    assert satisfies("sum100", exactly_100 + cards("heart-1"))
    assert satisfies("sum100", exactly_100 + cards("heart-1 heart-2 heart-3"))
    # far more than needed, of any shape: the whole deck
    assert satisfies("sum100", DEFAULT_DECK.cards)
    assert not satisfies("sum100", exactly_100[:-1] + cards("onion-9"))  # 99
    assert not satisfies("sum100", ())


def test_r3_sum49_is_exact():
    meld = cards("suit7-13 suit6-12 coffin-11 onion-10 heart-3")
    assert sum(c.rank for c in meld) == 49
    assert satisfies("sum49", meld)
    assert not satisfies("sum49", meld + cards("heart-1"))  # 50
    assert not satisfies("sum49", meld[:-1] + cards("heart-2"))  # 48
    assert not satisfies("sum49", ())
    # seven 7s make 49 too: any number of cards
    sevens = tuple(c for c in DEFAULT_DECK.cards if c.rank == 7)
    assert satisfies("sum49", sevens)


def test_r3_straights_never_wrap_k_to_a():
    wrap5 = cards("onion-10 coffin-11 suit6-12 suit7-13 heart-1")
    assert not satisfies("straight5", wrap5)
    wrap9 = cards("coffin-6 coffin-7 coffin-8 coffin-9 coffin-10 coffin-11 suit6-12 suit7-13 heart-1")
    assert not satisfies("straight9", wrap9)
    wrap4 = cards("suit6-12 suit7-13 heart-1 heart-2")
    assert not satisfies("straight5", wrap4 + cards("heart-3"))
    assert satisfies("straight5", cards("suit7-9 suit7-10 suit7-11 suit7-12 suit7-13"))
    assert satisfies("straight5", cards("heart-1 heart-2 heart-3 heart-4 heart-5"))


def test_r3_straights_need_distinct_ranks_and_exact_length():
    assert not satisfies("straight5", cards("heart-3 heart-4 book-4 heart-5 heart-6"))
    assert not satisfies("straight5", cards("heart-3 heart-4 heart-5 heart-6"))
    assert not satisfies("straight5", cards("heart-2 heart-3 heart-4 heart-5 heart-6 heart-7"))
    assert not satisfies("straight7", cards("heart-1 heart-2 heart-3 heart-4 heart-5"))


def test_r3_four_sevens_are_not_two_pairs():
    four_sevens_two_eights = cards("heart-7 book-7 coin-7 onion-7 book-8 coin-8")
    assert not satisfies("pairs3", four_sevens_two_eights)
    assert matches(four_sevens_two_eights) == []
    four_sevens_four_eights = cards("heart-7 book-7 coin-7 onion-7 book-8 coin-8 onion-8 coffin-8")
    assert not satisfies("pairs4", four_sevens_four_eights)
    six_sevens_three_eights = cards("heart-7 book-7 coin-7 onion-7 coffin-7 suit6-7 book-8 coin-8 onion-8")
    assert not satisfies("triple3", six_sevens_three_eights)


def test_r3_pairs_and_triples_need_exact_group_sizes():
    # a triple among pairs (3+2+1) is not three pairs
    assert not satisfies("pairs3", cards("heart-2 book-2 heart-3 book-3 coin-3 heart-4"))
    # 4 pairs are not 3 pairs, 3 pairs are not 4 pairs
    four_pairs = cards("heart-2 book-2 heart-3 book-3 heart-4 book-4 heart-5 book-5")
    assert not satisfies("pairs3", four_pairs)
    assert not satisfies("pairs4", four_pairs[:6])
    # 2 groups of 3 + 3 singles is not triple three
    assert not satisfies("triple3", cards("heart-3 book-3 coin-3 heart-4 book-4 coin-4 heart-5 heart-6 heart-7"))


def test_r3_kinds_are_one_rank_and_exact_count():
    assert not satisfies("kind3", cards("heart-7 book-7 coin-7 onion-7"))
    assert not satisfies("kind3", cards("heart-7 book-7"))
    assert not satisfies("kind5", cards("heart-7 book-7 coin-7 onion-7 coffin-7 suit6-7"))
    assert not satisfies("kind5", cards("heart-7 book-7 coin-7 onion-7"))


def test_r3_flush_needs_one_suit_and_a_run():
    assert satisfies("flush4", cards("heart-1 heart-2 heart-3 heart-4"))
    assert not satisfies("flush4", cards("heart-1 heart-2 heart-3 book-4"))
    assert not satisfies("flush4", cards("heart-1 heart-2 heart-3 heart-5"))
    assert not satisfies("flush4", cards("heart-1 heart-2 heart-3 heart-4 heart-5"))
    assert not satisfies("flush6", cards("heart-1 heart-2 heart-3 heart-4 heart-5 book-6"))
    assert satisfies("flush6", cards("heart-1 heart-2 heart-3 heart-4 heart-5 heart-6"))
    # a one-suit run is also a straight of the same length when lengths coincide: none do (4/6 vs 5/7/9/11)
    assert matches(cards("heart-1 heart-2 heart-3 heart-4")) == ["flush4"]


def test_r3_ak_is_exactly_one_a_and_one_k():
    assert satisfies("ak", cards("suit7-13 heart-1"))
    assert not satisfies("ak", cards("heart-1"))
    assert not satisfies("ak", cards("suit7-13"))
    assert not satisfies("ak", cards("heart-1 suit7-13 heart-2"))
    assert not satisfies("ak", cards("heart-2 suit7-12"))


def test_r3_evens_is_exactly_one_each_of_2_4_6_8_10_q():
    base = cards("book-2 heart-4 heart-6 book-8 onion-10 suit6-12")
    assert satisfies("evens", base)
    assert not satisfies("evens", base[:-1])
    assert not satisfies("evens", base + cards("heart-2"))
    assert not satisfies("evens", base[:-1] + cards("book-4"))  # 4 twice, no Q
    assert not satisfies("evens", cards("book-2 heart-4 heart-6 book-8 onion-10 coin-3"))


def test_r3_a_meld_may_match_several_papers_and_every_one_is_reported():
    four_to_ten = cards("onion-4 onion-5 onion-6 onion-7 onion-8 onion-9 onion-10")
    assert sum(c.rank for c in four_to_ten) == 49
    assert matches(four_to_ten) == ["straight7", "sum49"]
    mixed = cards("heart-4 heart-5 book-6 coin-7 onion-8 coffin-9 suit6-10")
    assert matches(mixed) == ["straight7", "sum49"]
    # kind3 of 12s... no; seven 7s are sum49 only (not kind5: seven cards)
    sevens = tuple(c for c in DEFAULT_DECK.cards if c.rank == 7)
    assert matches(sevens) == ["sum49"]
    # a big meld can be sum100 and straight11 at once? 3..13 sums 88: only straight11
    assert matches(cards("coin-3 coin-4 coin-5 coin-6 coin-7 coin-8 coin-9 onion-10 coffin-11 suit6-12 suit7-13")) \
        == ["straight11"]


def test_r3_matches_lists_in_r2_order_and_nothing_for_an_empty_meld():
    assert matches([]) == []
    assert matches(cards("heart-1 suit7-13")) == ["ak"]
    for paper, good, _ in EXAMPLES:
        found = matches(cards(good))
        assert found == [p for p in PUBLISHABLE if p in found]
        assert paper in found


def test_r3_endflag_is_not_a_meld_type():
    with pytest.raises(ValueError):
        why_not("endflag", cards("heart-7"))
    assert "endflag" not in matches(cards("heart-7"))


# --- property: the matcher agrees with an independent restatement of R3 --------------------------------

DECK = DEFAULT_DECK.cards


def _by_rank(rank):
    return [c for c in DECK if c.rank == rank]


def _instance(kind, rng, twist=False):
    """A random meld of ``kind`` from distinct deck cards. ``twist``: a near miss instead (a straight
    through K-A, groups that may share a rank such as four 7s and two 8s)."""
    if kind.startswith("straight"):
        length = int(kind[8:])
        lo = rng.randint(15 - length, 13) if twist else rng.randint(1, 14 - length)
        return [rng.choice(_by_rank((lo + i - 1) % 13 + 1)) for i in range(length)]
    if kind.startswith("flush"):
        length = int(kind[5:])
        suit = rng.choice(DEFAULT_DECK.suits)
        lo = rng.randint(0, len(suit.ranks) - length)
        return [Card(suit.id, r) for r in suit.ranks[lo:lo + length]]
    if kind.startswith("kind"):
        size = int(kind[4:])
        rank = rng.choice([r for r in range(1, 14) if len(_by_rank(r)) >= size])
        return rng.sample(_by_rank(rank), size)
    if kind in ("pairs3", "pairs4", "triple3"):
        groups, size = {"pairs3": (3, 2), "pairs4": (4, 2), "triple3": (3, 3)}[kind]
        eligible = [r for r in range(1, 14) if len(_by_rank(r)) >= size]
        ranks = [rng.choice(eligible) for _ in range(groups)] if twist else rng.sample(eligible, groups)
        want = Counter(ranks)
        return [c for r, k in want.items() for c in rng.sample(_by_rank(r), min(size * k, len(_by_rank(r))))]
    if kind == "ak":
        return [_by_rank(1)[0], _by_rank(13)[0]]
    if kind == "evens":
        return [rng.choice(_by_rank(r)) for r in (2, 4, 6, 8, 10, 12)]
    target = 49 if kind == "sum49" else 100
    pool = list(DECK)
    rng.shuffle(pool)
    meld, total = [], 0
    for card in pool:
        if total >= target or (kind == "sum49" and total + card.rank > 49):
            continue
        meld.append(card)
        total += card.rank
    return meld


@st.composite
def near_patterns(draw):
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    kind = draw(st.sampled_from(PUBLISHABLE))
    if draw(st.integers(0, 9)) == 0:
        return draw(st.lists(st.sampled_from(DECK), unique=True, max_size=14))
    meld = _instance(kind, rng, twist=draw(st.booleans()))
    others = [c for c in DECK if c not in meld]
    change = draw(st.sampled_from(["none", "none", "add", "drop", "swap"]))
    if change == "add":
        meld.append(rng.choice(others))
    elif change == "drop" and meld:
        meld.pop(rng.randrange(len(meld)))
    elif change == "swap" and meld:
        meld[rng.randrange(len(meld))] = rng.choice(others)
    rng.shuffle(meld)
    return meld


@settings(max_examples=400, deadline=None)
@given(meld=near_patterns())
def test_r3_matcher_agrees_with_an_independent_reference(meld):
    expected = [p for p in PUBLISHABLE if reference_satisfies(p, meld)]
    assert [p for p in PUBLISHABLE if satisfies(p, meld)] == expected
    assert matches(meld) == expected
    assert matches(reversed(meld)) == expected

"""Pyramid says where a card goes in words, and why a card has only the bottom row (issue 20): the builder's
line above the pyramid gives the true reason (no two cards side by side yet, every upper slot taken, or each
upper slot too small for the card), and the history and the slot buttons say "at the left end of the bottom
row" or "in the 2nd row from the bottom, over 9 and 5" — never the API's ``(row, x)`` coordinates. PY numbers:
docs/rules-pyramid.md."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from flask.testing import FlaskClient
from py_helpers import game, turn

from companion.games.pyramid import Place, State, Stop, apply
from companion.games.pyramid.history import describe
from companion.games.pyramid.pyramid import grid
from companion.games.pyramid.views import pyramid_view, slots_text
from companion.games.pyramid.where import ordinal, where_text

COORDINATES = re.compile(r"place -?\d|row -?\d+ \(|位置-?\d")


def placed(state: State, card: int, row: int, x: int, lang: str = "en") -> str:
    """The history's sentence for placing ``card`` at ``(row, x)`` in the active pyramid."""
    after = apply(state, Place(card, row, x))
    text = describe(state, after, Place(card, row, x), state.active, lang)
    assert not COORDINATES.search(text), text
    return text


def building(*rows: tuple[int, ...], take: tuple[int, ...]) -> State:
    """Aki's pyramid already holds ``rows`` (bottom first, each row from x = 0, resting on the one below), and
    Aki turns ``take`` and stops: Aki builds."""
    pyramid = tuple((r + 1, x, c) for r, row in enumerate(rows) for x, c in enumerate(row))
    return apply(turn(replace(game(), pyramids=(pyramid, ())), *take), Stop())


# --- the builder's line: why only the bottom row ----------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_py7a_the_first_card_is_said_to_start_the_pyramid(lang: str) -> None:
    text = slots_text({}, 3, lang)
    assert text == ("3 starts the pyramid: the first card goes in the bottom row." if lang == "en"
                    else "3でピラミッドを始めます。最初のカードは最下段に置きます。")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_py7b_one_card_below_means_no_upper_slot_yet_not_a_card_too_big(lang: str) -> None:
    """The issue's case: an 8 alone in the bottom row and a 3 to place. 3 < 8; there is simply no slot above."""
    state = building((8,), take=(3,))
    text = slots_text(grid(state.pyramids[0]), 3, lang)
    assert text == ("No upper slot yet: a card above needs two cards side by side under it, so 3 goes in the "
                    "bottom row." if lang == "en" else
                    "上の段にはまだ置けません。上の段のカードには下に2枚並んだカードが必要なので、3は最下段に置きます。")
    assert "big" not in text and "大き" not in text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_py7b_the_one_upper_slot_is_too_small_with_its_limit_and_supports(lang: str) -> None:
    state = building((2, 6), take=(3,))
    text = slots_text(grid(state.pyramids[0]), 3, lang)
    assert text == ("3 is bigger than 2, the most that fits over 2 and 6: it goes in the bottom row." if lang == "en"
                    else "2と6の上に置けるのは2以下なので、3は最下段に置きます。")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_py7b_every_upper_slot_is_too_small_says_the_largest_limit(lang: str) -> None:
    state = building((2, 6, 1, 4), take=(5,))  # slots over 2·6, 6·1, 1·4: at most 2, 1, 1
    text = slots_text(grid(state.pyramids[0]), 5, lang)
    assert text == ("5 is bigger than any upper slot takes (at most 2): it goes in the bottom row." if lang == "en"
                    else "上の段に置けるのは最大でも2なので、5は最下段に置きます。")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_py7b_py7c_every_upper_slot_taken(lang: str) -> None:
    state = building((6, 7), (5,), take=(1,))  # a finished triangle: its one upper place holds the 5
    text = slots_text(grid(state.pyramids[0]), 1, lang)
    assert text == ("Every upper slot is taken: 1 goes in the bottom row." if lang == "en"
                    else "上の段の置ける場所はすべて埋まっています。1は最下段に置きます。")


def test_py7b_a_card_that_fits_above_counts_its_places() -> None:
    state = building((9, 6, 3, 8), take=(3,))
    assert slots_text(grid(state.pyramids[0]), 3, "en") == "3 fits in 5 places"  # both ends and three slots


# --- the history and the slot buttons: where, in words -----------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_py7a_history_says_the_first_card_and_the_bottom_rows_ends(lang: str) -> None:
    state = apply(turn(game(), 5, 8, 9), Stop())
    first = placed(state, 5, 1, 0, lang)
    state = apply(state, Place(5, 1, 0))
    right = placed(state, 8, 1, 1, lang)
    state = apply(state, Place(8, 1, 1))
    left = placed(state, 9, 1, -1, lang)
    if lang == "en":
        assert first == "Aki placed 5 as the first card of the bottom row."
        assert right == "Aki placed 8 at the right end of the bottom row."
        assert left.startswith("Aki placed 9 at the left end of the bottom row.")
    else:
        assert first == "Akiさんが5を最下段の最初の位置に置きました。"
        assert right == "Akiさんが8を最下段の右端に置きました。"
        assert left.startswith("Akiさんが9を最下段の左端に置きました。")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_py7b_history_says_the_row_from_the_bottom_and_the_two_cards_under(lang: str) -> None:
    state = building((9, 5, 8), take=(4,))
    text = placed(state, 4, 2, 1, lang)  # over the 5 and the 8
    assert text.startswith("Aki placed 4 in the 2nd row from the bottom, over 5 and 8." if lang == "en"
                           else "Akiさんが4を下から2段目の5と8の上に置きました。")
    state = building((9, 5, 8), (5, 4), take=(3,))
    assert placed(state, 3, 3, 0, lang).startswith(
        "Aki placed 3 in the 3rd row from the bottom, over 5 and 4." if lang == "en"
        else "Akiさんが3を下から3段目の5と4の上に置きました。")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_py7b_two_places_over_the_same_numbers_are_told_apart_from_the_left(lang: str) -> None:
    state = building((5, 5, 5), take=(2,))  # over 5·5 at x = 0 and again at x = 1
    text = placed(state, 2, 2, 1, lang)
    assert text.startswith("Aki placed 2 in the 2nd row from the bottom, 2nd from the left (over 5 and 5)."
                           if lang == "en" else "Akiさんが2を下から2段目の左から2番目（5と5の上）に置きました。")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_py7_slot_buttons_are_named_in_words(lang: str) -> None:
    state = building((9, 6, 3, 8), take=(3,))
    labels = [c["label"] for row in pyramid_view(state, 0, lang, 3)["rows"] for c in row["cells"]
              if c["kind"] == "slot"]
    if lang == "en":
        assert labels == ["Put 3 in the 2nd row from the bottom, over 9 and 6",
                          "Put 3 in the 2nd row from the bottom, over 6 and 3",
                          "Put 3 in the 2nd row from the bottom, over 3 and 8",
                          "Put 3 at the left end of the bottom row", "Put 3 at the right end of the bottom row"]
    else:
        assert labels[0] == "3を下から2段目の9と6の上に置く" and labels[-1] == "3を最下段の右端に置く"
    assert not any(COORDINATES.search(label) for label in labels)


def test_ordinals_in_english() -> None:
    assert [ordinal(n, "en") for n in (1, 2, 3, 4, 10, 11, 12, 13, 21, 22)] == \
        ["1st", "2nd", "3rd", "4th", "10th", "11th", "12th", "13th", "21st", "22nd"]
    assert ordinal(3, "ja") == "3"
    assert where_text({}, 1, 0, "en") == "as the first card of the bottom row"


# --- the page, without script ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_py7b_the_page_says_no_upper_slot_yet_and_the_history_says_where(client: FlaskClient, lang: str) -> None:
    made = client.post("/api/tables", json={"game": "pyramid", "players": ["Ann", "Bo"], "start": 0})
    tid = made.get_json()["id"]
    for action in ({"type": "turn", "card": 8}, {"type": "stop"}, {"type": "place", "card": 8, "row": 1, "x": 0},
                   {"type": "turn", "card": 7}, {"type": "turn", "card": 7},
                   {"type": "turn", "card": 3}, {"type": "stop"}):
        assert client.post(f"/api/tables/{tid}/actions", json={"action": action}).status_code == 200
    html = client.get(f"/t/{tid}", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert ("No upper slot yet" if lang == "en" else "上の段にはまだ置けません") in html
    assert "too big" not in html
    assert ("Ann placed 8 as the first card of the bottom row." if lang == "en"
            else "Annさんが8を最下段の最初の位置に置きました。") in html
    assert ("Put 3 at the left end of the bottom row" if lang == "en" else "3を最下段の左端に置く") in html
    assert not COORDINATES.search(html)

"""RK1 tiles: the string form, parsing, values and names."""

from __future__ import annotations

import pytest

from companion.games.base import BadRequest
from companion.games.rummikub import COLOURS, JOKER, TILE_KINDS, TOTAL_TILES, label, parse_tile, value_of
from companion.games.rummikub.tiles import over_supply, sorted_tiles


def test_rk1_106_tiles_in_four_colours() -> None:
    assert COLOURS == ("b", "r", "y", "k")
    assert len(TILE_KINDS) == 53 and TOTAL_TILES == 106


@pytest.mark.parametrize(("raw", "tile"), [("r9", "r9"), ("R9", "r9"), ("b13", "b13"), ("K1", "k1"),
                                           ("j", "J"), ("J", "J"), (" y7 ", "y7")])
def test_rk1_parse_tile_is_case_insensitive(raw: str, tile: str) -> None:
    assert parse_tile(raw) == tile


@pytest.mark.parametrize("raw", ["r0", "r14", "g5", "r", "9", "rr9", "r09", "JJ", "", 9, None, ["r9"], "joker"])
def test_rk1_bad_tile_is_a_400(raw: object) -> None:
    with pytest.raises(BadRequest) as caught:
        parse_tile(raw)
    assert caught.value.code == "bad_tile" and caught.value.malformed
    assert "r9" in caught.value.message("en") and "ジョーカー" in caught.value.message("ja")


def test_rk1_values_and_labels() -> None:
    assert value_of("r9") == 9 and value_of("*10") == 10 and value_of(JOKER) == 0 and value_of(JOKER, 50) == 50
    assert label("r9") == "red 9" and label("r9", "ja") == "赤の9"
    assert label("J") == "joker" and label("J", "ja") == "ジョーカー"
    assert label("*10") == "any 10" and label("k13", "ja") == "黒の13"


def test_rk1_sort_and_supply() -> None:
    assert sorted_tiles(["J", "k1", "b2", "r1", "b1"]) == ["b1", "b2", "r1", "k1", "J"]
    assert over_supply(["r1", "r1", "J", "J"]) == []
    assert over_supply(["J", "r1", "r1", "J", "r1", "J"]) == [("r1", 3), ("J", 3)]

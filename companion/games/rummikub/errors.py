"""Typed refusals with stable codes (docs/api.md, "Rummikub over the JSON API") and a sentence in English and
Japanese. The refusals every game shares (``bad_request``, ``not_your_turn``) are the platform's (``Game.play``,
``ActionSet.parse``); ``game_over`` is the platform's check in Rummikub's own words (a match is over).

Params hold machine-readable values (tile codes, numbers) for the API; a sentence shows tiles as words
("red 9" / "赤の9") in the reader's language (``words``).
"""

from __future__ import annotations

from typing import Any

from ..base import BadRequest, RuleError
from .tilenames import JOKER, TILE_KINDS, label, labels

_SET = ("Set {set}: {tiles} ", "セット{set}（{tiles}）")

# code -> (English, Japanese); placeholders are filled from the error's params.
MESSAGES: dict[str, tuple[str, str]] = {
    "bad_tile": ("“{tile}” is not a tile: write a colour letter (b, r, y, k) and a number 1–13, e.g. r9, or J "
                 "for a joker.",
                 "「{tile}」はタイルではありません。色の文字（b・r・y・k）と1〜13の数字（例：r9）、"
                 "ジョーカーはJで指定してください。"),
    "game_over": ("The match is over: no more actions.", "対戦は終了しています。これ以上の操作はできません。"),
    "round_over": ("This round is over: enter the racks or start the next round.",
                   "このラウンドは終了しています。残った手牌を入力するか、次のラウンドを始めてください。"),
    "pool_empty": ("The pool is empty: nothing to draw. Play, or pass.",
                   "山にタイルが残っていないので引けません。タイルを出すか、パスしてください。"),
    "cannot_pass": ("You may pass only when the pool is empty; draw a tile instead.",
                    "パスできるのは山が空のときだけです。代わりに1枚引いてください。"),
    "timer_off": ("This table plays without a turn timer.", "この卓では手番の制限時間を使っていません。"),
    "round_not_over": ("Racks are entered only after the round has ended.",
                       "手牌の入力はラウンドが終わってからです。"),
    "round_not_scored": ("The next round starts once this round is over and every rack is entered.",
                         "次のラウンドは、このラウンドが終わり全員の手牌を入力してから始められます。"),
    "rack_size_mismatch": ("{player_name} should have {want} tiles left, but {got} were entered.",
                           "{player_name}さんの残りは{want}枚のはずですが、{got}枚が入力されました。"),
    "rack_already_entered": ("{player_name}'s rack is already entered.",
                             "{player_name}さんの手牌はすでに入力されています。"),
    "tile_not_in_supply": ("The game has only two of each tile (and two jokers), but this makes {count} × {tile}.",
                           "タイルは各2枚（ジョーカーも2枚）しかありませんが、これでは{tile}が{count}枚になります。"),
    "set_too_short": (_SET[0] + "has fewer than 3 tiles.", _SET[1] + "は3枚未満です。"),
    "run_gap": (_SET[0] + "is not a run: {numbers} missing.",
                _SET[1] + "はランになっていません。{numbers}が足りません。"),
    "run_mixed_colours": (_SET[0] + "is not a run: a run is all one colour.",
                          _SET[1] + "はランになっていません。ランはすべて同じ色です。"),
    "run_out_of_range": (_SET[0] + "does not fit between 1 and 13 (a run cannot go past 13 back to 1).",
                         _SET[1] + "は1〜13に収まりません（13から1へはつながりません）。"),
    "run_too_long": (_SET[0] + "has more than 13 tiles.", _SET[1] + "は13枚を超えています。"),
    "group_mixed_numbers": (_SET[0] + "is not a group: a group is all one number.",
                            _SET[1] + "はグループになっていません。グループはすべて同じ数字です。"),
    "group_repeated_colour": (_SET[0] + "is not a group: each colour may appear only once.",
                              _SET[1] + "はグループになっていません。同じ色は1枚までです。"),
    "group_too_big": (_SET[0] + "has more than 4 tiles; a group has 3 or 4.",
                      _SET[1] + "は4枚を超えています。グループは3枚か4枚です。"),
    "not_a_set": (_SET[0] + "is neither a run (one colour, consecutive numbers in ascending order) nor a group "
                  "(one number, different colours).",
                  _SET[1] + "はラン（同じ色の連続した数字を小さい順に）でもグループ（同じ数字で異なる色）でも"
                  "ありません。"),
    "table_tile_removed": ("Tiles on the table must stay on the table; missing: {tiles}.",
                           "場のタイルは場に残さなければなりません。足りないタイル：{tiles}。"),
    "no_rack_tile": ("A play must add at least one tile from your rack.",
                     "手牌から少なくとも1枚は出す必要があります。"),
    "rack_count_exceeded": ("This adds {added} tiles, but {player_name} holds only {rack}.",
                            "{added}枚出そうとしていますが、{player_name}さんの手牌は{rack}枚です。"),
    "initial_meld_uses_table": ("A first play uses only your own tiles: leave the table's sets as they are and "
                                "lay new sets.",
                                "最初の出し方では自分の手牌だけを使います。場の組はそのままにして、新しい組を出してください。"),
    "initial_meld_too_low": ("A first play must total at least {minimum}; these sets total {total}.",
                             "最初に出す組の合計は{minimum}以上が必要です。この組の合計は{total}です。"),
    "rack_too_large": ("{player_name} holds {rack} tiles, but this rack has {got}: take out the tiles that are not "
                       "on it.",
                       "{player_name}さんの手牌は{rack}枚ですが、この手牌は{got}枚です。手元にないタイルを外してください。"),
    "assistant_unavailable": ("The best-play assistant cannot run on this server (its solver is not installed).",
                              "このサーバーでは最善手アシスタントを使えません（ソルバーが入っていません）。"),
    "joker_set_broken": ("At this table a set with a joker may only be extended: {tiles} must stay together.",
                         "この卓ではジョーカーを含む組は継ぎ足ししかできません。{tiles}はそのまま残してください。"),
}

_TILE_PARAMS = ("tile",)
_TILE_LIST_PARAMS = ("tiles",)


def render(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Params as words for a sentence: tile codes become "red 9" / "赤の9", number lists "7, 8" / "7・8"."""
    out = dict(params)
    for key in _TILE_PARAMS:
        if isinstance(out.get(key), str) and (out[key] in TILE_KINDS or out[key] == JOKER):
            out[key] = label(out[key], lang)
    for key in _TILE_LIST_PARAMS:
        if isinstance(out.get(key), list):
            out[key] = labels(out[key], lang)
    if isinstance(out.get("numbers"), list):
        nums = [str(n) for n in out["numbers"]]
        if lang == "ja":
            out["numbers"] = "・".join(nums)
        else:
            out["numbers"] = (", ".join(nums[:-1]) + " and " + nums[-1] if len(nums) > 1 else nums[0]) + (
                " are" if len(nums) > 1 else " is")
    return out


class RummikubError(RuleError):
    """A move the Rummikub rules forbid (422)."""

    MESSAGES = MESSAGES

    def words(self, lang: str) -> dict[str, Any]:
        return render(self.params, lang)


class RummikubBadRequest(BadRequest):
    """A request that is no Rummikub action at all (400): a string that is no tile, a body that is no table, a
    set-up Rummikub cannot play."""

    MESSAGES = MESSAGES

    def words(self, lang: str) -> dict[str, Any]:
        return render(self.params, lang)

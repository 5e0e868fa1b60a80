"""Words every game's pages share (whose turn, undo, history, game over), in English and Japanese, and the
small machinery that looks a sentence up. Pure: no Flask. The pages' frame has its own texts
(``companion.web.ui_text``); each game has its own (``companion.games.<game>.texts``); both fall back here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Texts:
    """Sentences by key, each (English, Japanese), looked up here first and then in ``parents``."""

    def __init__(self, own: Mapping[str, tuple[str, str]], *parents: Texts) -> None:
        self.own = dict(own)
        self.parents = parents
        self._found: dict[str, tuple[str, str] | None] = {}  # a page looks up ~500 keys: each walk once

    def pair(self, key: str) -> tuple[str, str] | None:
        try:
            return self._found[key]
        except KeyError:
            pass
        found = self.own.get(key)
        if found is None:
            for parent in self.parents:
                found = parent.pair(key)
                if found is not None:
                    break
        if len(self._found) < 8192:  # keys come from the code, not from requests: bounded anyway
            self._found[key] = found
        return found

    def __contains__(self, key: str) -> bool:
        return self.pair(key) is not None

    def __getitem__(self, key: str) -> tuple[str, str]:
        found = self.pair(key)
        if found is None:
            raise KeyError(key)
        return found

    def t(self, key: str, lang: str, **params: Any) -> str:
        en, ja = self[key]
        template = ja if lang == "ja" else en
        return template.format(**params) if params else template


def join_names(names: list[str], lang: str) -> str:
    """'A', 'A and B', 'A, B and C' / 'A', 'AさんとB', 'Aさん、BさんとC' (the caller adds the last さん)."""
    if len(names) <= 1:
        return "".join(names)
    if lang == "ja":
        return "さん、".join(names[:-1]) + "さんと" + names[-1]
    return ", ".join(names[:-1]) + " and " + names[-1]


COMMON = Texts({
    "history_older": ("{n} older entries are in the log (JSON or CSV below).",
                      "それより前の{n}件はログ（下のJSON・CSV）にあります。"),
    "h_undo": ("Undo: {what}", "取り消し：{what}"),
    "h_settings": ("Table settings changed.", "卓の設定が変わりました。"),
    "h_seat": ("{name}'s phone joined the table.", "{name}さんの端末が卓に参加しました。"),
    "h_seat_taken_over": ("{name}'s seat moved to another phone.", "{name}さんの席が別の端末に移りました。"),
    "seat_claim_title": ("Which seat is this phone?", "この端末はどの席ですか？"),
    "seat_claim_help": ("Each player claims their own seat on their own phone: what only that player may see "
                        "(a hidden die) is shown on that phone alone.",
                        "各自が自分の端末で自分の席を登録します。本人だけが見られるもの（隠したサイコロなど）は"
                        "その端末にだけ表示されます。"),
    "seat_claim": ("I am {name}", "{name}です"),
    "seat_take_over": ("Move {name}'s seat to this phone", "{name}さんの席をこの端末に移す"),
    "seat_held": ("on another phone", "別の端末で登録済み"),
    "seat_yours": ("This phone is {name}.", "この端末は{name}さんの席です。"),
    "by_device": ("on {name}'s phone", "{name}さんの端末から"),
    "h_unknown": ("{p}: {type}", "{p}さん：{type}"),
    "js_network": ("The server did not answer. Check the connection and try again.",
                   "サーバーから応答がありません。接続を確認してもう一度どうぞ。"),
    "js_reload": ("This page was out of date; reloading it…", "ページが古くなっていたので再読み込みします…"),
    'game_over': ('Game over', 'ゲーム終了'),
    'me_badge': ('You', 'あなた'),
    'nav_home': ('New table', '新しい卓'),
    'refused': ('Not accepted', '受け付けられませんでした'),
    'sound_off': ('Sound off', '音なし'),
    'sound_on': ('Sound on', '音あり'),
    'turn_of': ('{name}’s turn', '{name}さんの番'),
    'undo_confirm_text': ('This takes back: {what}', '取り消す手：{what}'),
    'undo_confirm_title': ('Undo the last move?', '直前の手を取り消しますか？'),
    'undo_no': ('Keep it', 'やめる'),
    'undo_yes': ('Yes, undo it', '取り消す'),
    'undo': ('Undo', '取り消し'),
    'undone_mark': ('undone', '取り消し済み'),
    'history_title': ('History', '履歴'),
    'history_all': ('Whole history ({n} entries)', 'すべての履歴（{n}件）'),
    'history_empty': ('No moves yet.', 'まだ手はありません。'),
    'export_json': ('Log as JSON', 'ログ（JSON）'),
    'export_csv': ('Log as CSV', 'ログ（CSV）'),
    'your_turn': ('Your turn, {name}', 'あなたの番です（{name}さん）'),
    'point_1': ('1 pt', '1点'),
    'points_n': ('{n} pts', '{n}点'),
})

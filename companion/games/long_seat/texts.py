"""Long Seat's words for its pages, in English and Japanese (です/ます). Shared words come from
``companion.games.texts.COMMON``. Written for this app: never the seed's text."""

from __future__ import annotations

from typing import Any

from ..texts import COMMON, Texts, join_names

OWN: dict[str, tuple[str, str]] = {
    # --- status ------------------------------------------------------------------------------------------------
    "deck_label": ("Deck", "山札"),
    "deck_n": ("{n} cards in the deck", "山札{n}枚"),
    "deck_last": ("Last card!", "最後の1枚！"),
    "turn_n": ("Turn {n}", "{n}手番目"),
    "laid_n": ("Laid this turn: {n}", "この手番で置いた枚数：{n}"),
    # --- the row -----------------------------------------------------------------------------------------------
    "row_title": ("The row", "場"),
    "row_empty": ("The row is empty: the next card goes beside the deck.",
                  "場は空です。次のカードは山札のすぐ隣に置きます。"),
    "card_label": ("{n}", "{n}"),
    "card_new": ("{n}, laid this turn", "{n}（この手番で置いたカード）"),
    "row_note": ("A card matching one in the row takes both and every card between them.",
                 "場のカードと同じ数字が出ると、その2枚と間のカードをすべて引き取ります。"),
    # --- risk --------------------------------------------------------------------------------------------------
    "risk_title": ("Next card", "次の1枚"),
    "risk_pair": ("Chance of a pair: {frac} ({pct}%)", "ペアになる確率：{frac}（{pct}%）"),
    "risk_none": ("No pair possible: no number of the row is left in the deck.",
                  "ペアにはなりません。場にある数字は山札に残っていません。"),
    "risk_empty": ("The row is empty: the next card cannot make a pair.",
                   "場が空なので、次の1枚でペアにはなりません。"),
    "risk_key": ("Under each card: copies left in the deck · cards a pair on it would take.",
                 "各カードの下：山札の残り枚数・そのカードでペアになったときに引き取る枚数。"),
    "cap_left": ("{n} left", "残{n}"),
    "cap_takes": ("takes {n}", "{n}枚"),
    "cap_spoken": ("{card}: {n} left in the deck; a pair would take {takes} cards",
                   "{card}：山札に残り{n}枚、ペアなら{takes}枚を引き取ります"),
    "lay_short": ("Turn a card", "カードをめくる"),
    "risk_stop": ("Stop now: {n} of your face-up cards turn face down.",
                  "いま終了すると、表向きのカード{n}枚を裏向きにできます。"),
    "risk_stop_none": ("Stop now: you have no face-up card to turn.",
                       "いま終了しても、裏向きにする表向きのカードはありません。"),
    "risk_off": ("The risk display is off: this table plays from memory.",
                 "リスク表示はオフです。この卓は記憶で遊びます。"),
    "risk_turn_off": ("Hide the risk", "リスクを隠す"),
    "risk_turn_on": ("Show the risk", "リスクを表示"),
    # --- players ------------------------------------------------------------------------------------------------
    "players_title": ("Players", "プレイヤー"),
    "face_up_n": ("{n} face up", "表{n}枚"),
    "face_down_n": ("{n} face down", "裏{n}枚"),
    "face_up_cards": ("{name}'s face-up cards: {cards}", "{name}さんの表向きのカード：{cards}"),
    "face_down_cards": ("{name}'s face-down cards: {n}", "{name}さんの裏向きのカード：{n}枚"),
    "score_label": ("Score", "得点"),
    "active_badge": ("Playing", "手番"),
    # --- the action area ----------------------------------------------------------------------------------------
    "actions_for": ("For {name}", "{name}さんの操作"),
    "lay_title": ("Turn the top card and tap its number", "山札の一番上をめくり、その数字を押してください"),
    "left_label": ("left ", "残り"),
    "stop": ("Stop", "終了"),
    "stop_sub": ("turn {n} face down", "{n}枚を裏向きに"),
    "stop_sub_none": ("end the turn", "手番を終える"),
    "stop_need": ("lay a card first", "先に1枚置く"),
    # --- end --------------------------------------------------------------------------------------------------------
    "final_title": ("Final standings", "最終順位"),
    "col_place": ("Place", "順位"),
    "col_player": ("Player", "プレイヤー"),
    "col_down": ("Face down", "裏"),
    "col_up": ("Face up", "表"),
    "col_score": ("Score", "得点"),
    "winner_one": ("{name} wins!", "{name}さんの勝ちです！"),
    "winner_many": ("{names} share the win!", "{names}さんが勝利を分け合いました！"),
    "decided_score": ("The highest score wins (LS9).", "合計点が一番高い人の勝ちです（LS9）。"),
    "decided_face_down": ("Tied on score: more face-down cards wins (LS9).",
                          "同点のため、裏向きのカードが多い人の勝ちです（LS9）。"),
    "decided_shared": ("Tied on score and on face-down cards: the win is shared (LS9).",
                       "合計点も裏向きの枚数も同じなので、勝利を分け合います（LS9）。"),
    "row_left_end": ("Left in the row, nobody's: {cards}", "場に残ったカード（誰のものでもありません）：{cards}"),
    # --- announcements ------------------------------------------------------------------------------------------
    "ann_pair": ("Pair of {card}! {name} takes {count}.", "{card}のペア！ {name}さんが{count}引き取ります。"),
    "ann_last": ("Last card in the deck!", "山札は残り1枚です！"),
    # --- history ------------------------------------------------------------------------------------------------
    "h_lay": ("{p} turned {a_card}.", "{p}さんが{card}をめくりました。"),
    "h_pair": ("{p} turned {a_card}: a pair! {p} takes {count} face up ({cards}).",
               "{p}さんが{card}をめくりペア成立！ {count}を表向きで引き取りました（{cards}）。"),
    "h_stop": ("{p} stopped after {laid}: {flipped} turned face down.",
               "{p}さんが{laid}置いて終了：{flipped}を裏向きにしました。"),
    "h_stop_none": ("{p} stopped after {laid}; no face-up card to turn.",
                    "{p}さんが{laid}置いて終了しました。裏向きにするカードはありません。"),
    "h_last": ("That was the last card: the game is over.", "最後の1枚でした。ゲーム終了です。"),
    "cards_1": ("1 card", "1枚"),
    "cards_n": ("{n} cards", "{n}枚"),
    "rules_title": ("Long Seat: the rules", "ロングシートのルール"),
    # --- the start page's deck editor (PD5) ---------------------------------------------------------------------
    "deck_summary_default": ("The table's deck: the standard 55 cards", "この卓のデッキ：標準の55枚"),
    "deck_summary_custom": ("The table's deck: {n} cards (edited)", "この卓のデッキ：{n}枚（変更あり）"),
    "deck_help": ("Lost a card, or have a spare? Set how many cards of each number your deck holds (0–20). "
                  "Every count and the risk then use your deck.",
                  "カードをなくした、または予備がある場合は、数字ごとの枚数（0〜20）を合わせてください。"
                  "枚数の確認やリスクの計算はこのデッキで行います。"),
    "deck_copies_of": ("Cards numbered {n}", "{n}のカードの枚数"),
    "deck_reset": ("Use the standard deck", "標準のデッキに戻す"),
}

LS = Texts(OWN, COMMON)


def t(key: str, lang: str, **params: Any) -> str:
    return LS.t(key, lang, **params)


def count_text(n: int, lang: str) -> str:
    return t("cards_1", lang) if n == 1 else t("cards_n", lang, n=n)


def a_card(card: int) -> str:
    """ "a 7", "an 8": the English article before a number read aloud."""
    return f"an {card}" if card == 8 else f"a {card}"


def cards_text(cards: tuple[int, ...] | list[int], lang: str) -> str:
    return ("・" if lang == "ja" else " ").join(map(str, cards))


__all__ = ["LS", "a_card", "cards_text", "count_text", "join_names", "t"]

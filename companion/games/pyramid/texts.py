"""Pyramid's words for its pages, in English and Japanese (です/ます). Shared words come from
``companion.games.texts.COMMON``. Written for this app: never the seed's text."""

from __future__ import annotations

from typing import Any

from ..texts import COMMON, Texts, join_names

OWN: dict[str, tuple[str, str]] = {
    # --- status -------------------------------------------------------------------------------------------
    "phase_turning": ("Turning cards", "カードをめくる"),
    "phase_building": ("Building the pyramid", "ピラミッドを建設中"),
    "deck_label": ("Deck", "山札"),
    "deck_n": ("{n} cards in the deck", "山札 {n}枚"),
    "discard_label": ("Discard", "捨て札"),
    "discard_n": ("{n} cards in the discard pile", "捨て札 {n}枚"),
    "turn_no": ("Turn {n}", "{n}手番目"),
    "actions_for": ("For {name}", "{name}さんの操作"),
    # --- this turn ------------------------------------------------------------------------------------------
    "this_turn": ("Turned this turn", "この手番でめくったカード"),
    "none_turned": ("No card yet: turn the top card of the deck.",
                    "まだめくっていません。山札の一番上をめくってください。"),
    "risk_label": ("Next card busts", "次のカードでアウト"),
    "risk_value": ("{num} in {den} · {pct}%", "{den}枚中{num}枚・{pct}%"),
    "risk_help": ("{num} of the {den} cards left in the deck repeat a number turned this turn.",
                  "山札に残る{den}枚のうち{num}枚が、この手番でめくった数字と同じです。"),
    "risk_zero": ("The first card of a turn never busts.", "手番の1枚目でアウトになることはありません。"),
    "risk_turn_on": ("Show the risk", "リスクを表示"),
    "risk_turn_off": ("Hide the risk", "リスクを隠す"),
    "picker_title": ("Which number did the card show?", "めくったカードの数字は？"),
    "picker_help": ("One tap per card turned. The small number is how many are still in the deck.",
                    "めくるたびに1回タップします。小さな数字は山札に残っている枚数です。"),
    "picker_left": ("", "残"),
    "stop": ("Stop and build", "やめて建設する"),
    "stop_sub": ("take {n}", "{n}枚を獲得"),
    "stop_none": ("turn a card first", "まず1枚めくる"),
    "forced_note": ("That was the last card: {name} stops and builds, then the game ends (PY8).",
                    "山札の最後の1枚でした。{name}さんは建設してゲーム終了です（PY8）。"),
    # --- building -------------------------------------------------------------------------------------------
    "build_title": ("Place the cards", "獲得したカードを置く"),
    "build_help": ("Pick a card, then tap a dashed slot. Bottom row: next to the row. Above: over two cards, "
                   "at most the smaller of them. Placed cards never move.",
                   "カードを選び、点線の場所をタップします。最下段は今ある列のとなりへ。上の段は2枚の上に、"
                   "その小さい方以下のカードを置きます。置いたカードは動かせません。"),
    "to_place": ("Still to place", "これから置くカード"),
    "pick_card": ("Choose {card}", "{card}を選ぶ"),
    "chosen_card": ("{card}, chosen", "{card}（選択中）"),
    "slot_label": ("Put {card} {where}", "{card}を{where}に置く"),
    "slot_count": ("{card} fits in {n} places", "{card}を置ける場所：{n}か所"),
    "slot_first": ("{card} starts the pyramid: the first card goes in the bottom row.",
                   "{card}でピラミッドを始めます。最初のカードは最下段に置きます。"),
    "only_bottom_none": ("No upper slot yet: a card above needs two cards side by side under it, so {card} goes "
                         "in the bottom row.",
                         "上の段にはまだ置けません。上の段のカードには下に2枚並んだカードが必要なので、"
                         "{card}は最下段に置きます。"),
    "only_bottom_full": ("Every upper slot is taken: {card} goes in the bottom row.",
                         "上の段の置ける場所はすべて埋まっています。{card}は最下段に置きます。"),
    "only_bottom_one": ("{card} is bigger than {limit}, the most that fits over {left} and {right}: it goes in "
                        "the bottom row.",
                        "{left}と{right}の上に置けるのは{limit}以下なので、{card}は最下段に置きます。"),
    "only_bottom_all": ("{card} is bigger than any upper slot takes (at most {limit}): it goes in the bottom row.",
                        "上の段に置けるのは最大でも{limit}なので、{card}は最下段に置きます。"),
    # where a card goes, in words: "Put 5 {where}", "Aki placed 5 {where}." (where.py)
    "where_first": ("as the first card of the bottom row", "最下段の最初の位置"),
    "where_left": ("at the left end of the bottom row", "最下段の左端"),
    "where_right": ("at the right end of the bottom row", "最下段の右端"),
    "where_up": ("in the {row} row from the bottom, over {left} and {right}", "下から{row}段目の{left}と{right}の上"),
    "where_up_at": ("in the {row} row from the bottom, {k} from the left (over {left} and {right})",
                    "下から{row}段目の左から{k}番目（{left}と{right}の上）"),
    # --- pyramids --------------------------------------------------------------------------------------------
    "pyramids_title": ("Pyramids", "ピラミッド"),
    "pyr_summary": ("{h} rows · {n} cards", "{h}段・{n}枚"),
    "pyr_summary_1": ("1 row · {n} cards", "1段・{n}枚"),
    "pyr_empty": ("No card yet", "まだカードがありません"),
    "pyr_label": ("{name}’s pyramid: {rows}", "{name}さんのピラミッド：{rows}"),
    "rows_spoken": ("row {r}: {cards}", "{r}段目：{cards}"),
    "place_n": ("#{n}", "{n}位"),
    "active_badge": ("Turning", "手番"),
    "building_badge": ("Building", "建設中"),
    # --- last turn, deck ---------------------------------------------------------------------------------------
    "last_bust": ("{name} turned a second {card}: out. Discarded: {cards}.",
                  "{name}さんは{card}を2枚めくってアウト。捨て札：{cards}"),
    "last_built": ("{name} built with {cards}.", "{name}さんが{cards}で建設しました。"),
    "deck_title": ("Cards left in the deck ({n})", "山札に残っているカード（{n}枚）"),
    "deck_help": ("Every card that leaves the deck is face up, so these counts are exact.",
                  "山札から出たカードはすべて表向きなので、この枚数は正確です。"),
    "copies_left": ("{card}: {n} left", "{card}：残り{n}枚"),
    # --- the end ---------------------------------------------------------------------------------------------
    "winner_one": ("{name} wins!", "{name}さんの勝ち！"),
    "winner_many": ("{names} share the win!", "{names}さんが勝利を分かち合いました！"),
    "decided_height": ("The tallest pyramid wins: {h} rows.", "最も高いピラミッド（{h}段）の勝ちです。"),
    "decided_top": ("Same height: more cards in the top row wins.", "段数が同じなので、最上段の枚数で決まりました。"),
    "decided_row": ("Same height and the same rows above: row {row} decides.",
                    "段数もその上の段も同じなので、{row}段目の枚数で決まりました。"),
    "decided_tie": ("Equal in every row: the win is shared.", "すべての段の枚数が同じなので、勝利を分かち合います。"),
    "final_title": ("Final ranking", "最終順位"),
    "col_place": ("Place", "順位"),
    "col_player": ("Player", "プレイヤー"),
    "col_height": ("Rows", "段数"),
    "col_rows": ("Cards per row, top first", "各段の枚数（上から）"),
    # --- announcements ------------------------------------------------------------------------------------------
    "ann_last_card": ("One card left in the deck!", "山札は残り1枚です！"),
    "ann_deck_out": ("The deck is empty: this is the last turn.", "山札がなくなりました。これが最後の手番です。"),
    # --- history ---------------------------------------------------------------------------------------------
    "h_turn": ("{p} turned a {card}.", "{p}さんが{card}をめくりました。"),
    "h_bust": ("{p} turned a second {card}: out! {cards} go to the discard pile.",
               "{p}さんは{card}を2枚めくってアウト！ {cards}は捨て札になりました。"),
    "h_forced": ("That was the last card: {p} builds.", "山札の最後の1枚でした。{p}さんは建設します。"),
    "h_stop": ("{p} stopped and takes {cards}.", "{p}さんはめくるのをやめて{cards}を獲得しました。"),
    "h_place": ("{p} placed {card} {where}.", "{p}さんが{card}を{where}に置きました。"),
    "h_built": ("{p}’s pyramid: {h} rows, {n} cards.", "{p}さんのピラミッドは{h}段・{n}枚になりました。"),
    "h_built_1": ("{p}’s pyramid: 1 row, {n} cards.", "{p}さんのピラミッドは1段・{n}枚になりました。"),
    # --- rules page ----------------------------------------------------------------------------------------
    "rules_title": ("Pyramid: the rules", "ピラミッドのルール"),
}

PY = Texts(OWN, COMMON)


def t(key: str, lang: str, **params: Any) -> str:
    return PY.t(key, lang, **params)


def cards_text(cards: list[int] | tuple[int, ...], lang: str) -> str:
    """7, 3, 9 / 7・3・9."""
    return ("・" if lang == "ja" else ", ").join(str(c) for c in cards)


__all__ = ["OWN", "PY", "cards_text", "join_names", "t"]

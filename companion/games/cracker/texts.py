"""Cracker's words for its pages, in English and Japanese (です/ます). Shared words come from
``companion.games.texts.COMMON``. Written for this app: never the seed's text."""

from __future__ import annotations

from typing import Any

from ..texts import COMMON, Texts, join_names

OWN: dict[str, tuple[str, str]] = {
    # --- status ------------------------------------------------------------------------------------------
    "round_of": ("Round {r} of {n}", "第{r}ラウンド／全{n}"),
    "dealer_is": ("{name} deals", "ディーラー：{name}さん"),
    "dealer_badge": ("Dealer", "親"),
    "setup_note": ("Deal 10 cards face down to each player from the {n} number cards (leave out any blank card); "
                   "the other {d} are the deck.",
                   "数字カード{n}枚（白紙のカードは除きます）から各自に10枚ずつ裏向きで配り、残り{d}枚を山札にします。"),
    "deck_note": ("This table’s deck: {n} cards", "この卓のデッキ：{n}枚"),
    "step_draw_first": ("{name}: draw the top card, show it, and enter it",
                        "{name}さん：山札の一番上を引いて見せ、入力してください"),
    "step_draw_change": ("Change! {name}: discard the {c}, draw the top card, show it, and enter it",
                         "チェンジ！ {name}さん：{c}を捨て札にし、山札から引いて見せ、入力してください"),
    "step_play": ("{name} received a {card}: pair it or pass a card to {left}",
                  "{name}さんが{card}を受け取りました。ペアにするか、{left}さんにカードを渡してください"),
    "step_play_paired": ("{name} paired the {card}: now pass a card to {left}",
                         "{name}さんは{card}をペアにしました。{left}さんにカードを渡してください"),
    "step_blocked": ("The {c} went all the way round, but the deck is empty: no change.",
                     "{c}が一周しましたが、山札がないのでチェンジできません。"),
    "reveal_status": ("Round {r} is over: enter the highest numbers",
                      "第{r}ラウンド終了：残った手札の最大の数字を入力"),
    "scored_status": ("Round {r} is scored", "第{r}ラウンドの得点が出ました"),
    # --- the felt ----------------------------------------------------------------------------------------
    "players_title": ("Players, passing to the left", "プレイヤー（左隣へ渡します）"),
    "hand_n": ("{n} cards", "{n}枚"),
    "hand_1": ("1 card", "1枚"),
    "hand_of": ("{name}: {count} in hand", "{name}さん：手札{count}"),
    "known_label": ("Known to hold", "持っているはず"),
    "known_none": ("nothing known", "不明"),
    "total_label": ("Total", "合計"),
    "passer_badge": ("just passed", "渡した直後"),
    "active_badge": ("Turn", "手番"),
    "deck_label": ("Deck", "山札"),
    "deck_n": ("{n} cards in the deck", "山札{n}枚"),
    "discard_label": ("Discard", "捨て札"),
    "discard_n": ("{n} discarded", "捨て札{n}枚"),
    "discard_empty": ("none yet", "まだなし"),
    "received_label": ("Received", "受け取った札"),
    "received_from": ("from {name}", "{name}さんから"),
    "drawn_from_deck": ("from the deck", "山札から"),
    "streak_text": ("{card} has gone {count} of {of} seats", "{card}が{of}人中{count}人まで回りました"),
    "streak_none": ("No number on its way round", "回っている数字はありません"),
    "streak_help": ("CR8: when one number goes all the way round without a pair, it is changed.",
                    "CR8：ペアが出ないまま同じ数字が一周するとチェンジです。"),
    "last_pass": ("{p} passed a {card} to {q}", "{p}さんが{q}さんに{card}を渡しました"),
    # --- actions -----------------------------------------------------------------------------------------
    "actions_for": ("For {name}", "{name}さんの操作"),
    "draw_title": ("Which card was drawn?", "引いたカードは？"),
    "draw_help": ("Show it to everyone, add it to the hand, and tap its number.",
                  "全員に見せて手札に加え、その数字を押してください。"),
    "pass_title": ("Pass which card to {left}?", "{left}さんに渡すカードは？"),
    "pass_help": ("Show it, hand it over, and tap its number. Under each: the most {name} can hold.",
                  "見せてから渡し、その数字を押してください。下の数字は{name}さんが持ちうる最大枚数です。"),
    "up_to": ("≤", "≤"),
    "pair_do": ("Discard a pair of {card}", "{card}のペアを捨てる"),
    "pair_sub": ("with the card just received", "受け取ったカードで"),
    "pair_done": ("Pair discarded", "ペアを捨てました"),
    "end_round_do": ("End the round: everyone loses their highest number", "ラウンド終了：全員が最大の数字を失点"),
    "end_round_help": ("Or, if {name} can go out after passing, declare it first.",
                       "{name}さんが渡したあとに上がれるなら、先に宣言してください。"),
    # --- going out ---------------------------------------------------------------------------------------
    "declare_title": ("Go out (上がり)", "上がり"),
    "declare_opening_help": ("Before the first draw, anyone dealt a winning hand may go out at once (CR3).",
                             "最初に引く前なら、配られた手札で上がっている人は誰でもすぐ宣言できます（CR3）。"),
    "declare_for": ("{name} goes out…", "{name}さんが上がる…"),
    "declare_help": ("Show the whole hand: all one number (4 4 4) or a run (3 4 5 6). Type its numbers.",
                     "手札をすべて見せます。すべて同じ数字（4 4 4）か連続した数字（3 4 5 6）です。"
                     "数字を入力してください。"),
    "declare_label": ("{name}’s hand ({n})", "{name}さんの手札（{n}）"),
    "declare_submit": ("Declare", "上がりを宣言"),
    # --- round end ---------------------------------------------------------------------------------------
    "out_title": ("{name} went out!", "{name}さんが上がりました！"),
    "dealt_title": ("{name} was dealt a winning hand!", "{name}さんは配られた手札で上がりです！"),
    "empty_title": ("The deck is empty: everyone loses", "山札切れ：全員が失点します"),
    "out_hand": ("{name}’s hand", "{name}さんの手札"),
    "reveal_title": ("Highest number left in each hand", "残った手札の最大の数字"),
    "reveal_help": ("Each player taps the highest number in their hand; it is what they lose.",
                    "各自、手札に残った最大の数字を押します。それが失点になります。"),
    "reveal_for": ("{name} ({n})", "{name}さん（{n}）"),
    "reveal_none": ("No cards", "手札なし"),
    "reveal_waiting": ("waiting", "入力待ち"),
    "reveal_entered": ("highest {max}", "最大{max}"),
    "reveal_out": ("Went out", "上がり"),
    "scores_title": ("Round {r} scores", "第{r}ラウンドの得点"),
    "col_player": ("Player", "プレイヤー"),
    "col_max": ("Highest", "最大"),
    "col_score": ("Score", "得点"),
    "col_total": ("Total", "合計"),
    "col_place": ("Place", "順位"),
    "col_round": ("R{r}", "第{r}R"),
    "next_round": ("Start round {r}", "第{r}ラウンドを始める"),
    "final_title": ("Final standings", "最終順位"),
    "winner_one": ("{name} wins the match!", "{name}さんの優勝です！"),
    "winner_many": ("{names} share the win!", "{names}さんが同点で優勝です！"),
    "rounds_title": ("Rounds so far", "これまでのラウンド"),
    # --- announcements and history ----------------------------------------------------------------------
    "ann_change": ("Change! The {c} went all the way round.", "チェンジ！ {c}が一周しました。"),
    "ann_blocked": ("The {c} went all the way round, but the deck is empty.",
                    "{c}が一周しましたが、山札がありません。"),
    "ann_scores": ("Round {r}: {list}", "第{r}ラウンド：{list}"),
    "h_draw_first": ("{p} drew a {card} from the deck and showed it.",
                     "{p}さんが山札から{card}を引いて見せました。"),
    "h_draw_change": ("Change: {p} discarded the {c} and drew a {card}.",
                      "チェンジ：{p}さんが{c}を捨て、{card}を引きました。"),
    "h_pair": ("{p} discarded a pair of {card}.", "{p}さんが{card}のペアを捨てました。"),
    "h_pass": ("{p} passed a {card} to {q}.", "{p}さんが{q}さんに{card}を渡しました。"),
    "h_change_due": ("The {card} went all the way round: change.", "{card}が一周しました：チェンジです。"),
    "h_blocked": ("The {card} went all the way round, but the deck is empty.",
                  "{card}が一周しましたが、山札がありません。"),
    "h_declare": ("{p} went out: {hand}!", "{p}さんが上がりました：{hand}！"),
    "h_declare_dealt": ("{p} was dealt a winning hand: {hand}!", "{p}さんは配られた手札で上がりです：{hand}！"),
    "h_end_round": ("No change possible: round {r} ends and everyone loses their highest number.",
                    "チェンジできないため第{r}ラウンド終了。全員が手札の最大の数字を失点します。"),
    "h_reveal": ("{p}’s highest number: {max}.", "{p}さんの最大の数字：{max}。"),
    "h_reveal_none": ("{p} has no cards left.", "{p}さんの手札はありません。"),
    "h_scored": ("Round {r} scores: {list}.", "第{r}ラウンドの得点：{list}。"),
    "h_next_round": ("Round {r} begins; {p} deals.", "第{r}ラウンド開始。ディーラーは{p}さんです。"),
    "rules_title": ("Cracker: the rules", "クラッカーのルール"),
    "rules_back": ("Back to the table", "卓に戻る"),
    "rules_table_note": ("This table: {rounds} rounds, a deck of {n} cards ({counts}).",
                         "この卓：{rounds}ラウンド、デッキ{n}枚（{counts}）。"),
}

CR = Texts(OWN, COMMON)


def t(key: str, lang: str, **params: Any) -> str:
    return CR.t(key, lang, **params)


def hand_text(hand: list[int] | tuple[int, ...], lang: str) -> str:
    return ("・" if lang == "ja" else " ").join(map(str, hand))


def winners_text(names: list[str], lang: str) -> str:
    if len(names) == 1:
        return t("winner_one", lang, name=names[0])
    return t("winner_many", lang, names=join_names(names, lang))

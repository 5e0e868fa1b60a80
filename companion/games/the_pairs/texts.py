"""The Pairs' words for its pages, in English and Japanese (です/ます). Shared words come from
``companion.games.texts.COMMON``. Written for this app: never the seed's text."""

from __future__ import annotations

from typing import Any

from ..texts import COMMON, Texts

OWN: dict[str, tuple[str, str]] = {
    # --- status -----------------------------------------------------------------------------------------------
    "step_play": ("Play a card", "カードを出す"),
    "step_draw": ("Now draw a card", "次はカードを引く"),
    "turn_n": ("Turn {n}", "{n}手番目"),
    "placed_of": ("{n} of {total} cards on the piles", "捨て札 {n}／{total}枚"),
    "team_badge": ("Cooperative: win or lose together", "協力ゲーム：全員で勝つか負けるか"),
    # --- the felt -------------------------------------------------------------------------------------------
    "deck_label": ("Deck", "山札"),
    "deck_n": ("{n} cards in the deck", "山札{n}枚"),
    "pile_label": ("Pile {p}", "捨て札{p}"),
    "pile_spoken": ("Pile {p}: {n} cards, top {top}", "捨て札{p}：{n}枚、一番上は{top}"),
    "pile_spoken_1": ("Pile {p}: 1 card, {top}", "捨て札{p}：1枚、{top}"),
    "pile_spoken_empty": ("Pile {p}: empty, takes any card", "捨て札{p}：空、どのカードでも出せます"),
    "pile_empty": ("empty", "空"),
    "pile_count": ("{n} cards", "{n}枚"),
    "pile_count_1": ("1 card", "1枚"),
    "pile_takes": ("takes", "出せる数"),
    "pile_takes_any": ("any card", "どれでも"),
    "pair_mark": ("pair", "ペア"),
    "under_n": ("+{n} below", "下に{n}枚"),
    "unseen_title": ("Not seen yet (deck and hands)", "まだ見えていないカード（山札と手札）"),
    "unseen_help": ("Copies of each number not on a pile or a place.", "捨て札にも場札にもない枚数です。"),
    # --- players -------------------------------------------------------------------------------------------
    "players_title": ("Players", "プレイヤー"),
    "hand_n": ("{n} in hand", "手札{n}枚"),
    "hand_of": ("{name}: {n} cards in hand", "{name}さん：手札{n}枚"),
    "place_label": ("Place", "場札"),
    "place_of": ("{name}'s place: {card}", "{name}さんの場札：{card}"),
    "place_of_empty": ("{name}'s place: empty", "{name}さんの場札：なし"),
    "place_new": ("placed this turn", "この手番に置いた"),
    "active_badge": ("Playing", "手番"),
    "done_badge": ("Out of cards", "カードなし"),
    # --- the play controls ---------------------------------------------------------------------------------
    "actions_for": ("For {name}", "{name}さんの操作"),
    "play_title": ("Which card, and where?", "どのカードをどこに出しますか？"),
    "play_help": ("Tap the number of the card you put down.", "出すカードの数字を押してください。"),
    "to_pile": ("Onto pile {p}", "捨て札{p}へ"),
    "to_pile_top": ("top {top}", "一番上 {top}"),
    "to_place": ("Onto my place", "自分の場札置場へ"),
    "to_place_help": ("Any number; it waits there until you move it to a pile or take it back.",
                      "どの数字でも置けます。あとで捨て札に出すか、手札に戻せます。"),
    "place_to_pile": ("Move my place card {card} to pile {p}", "場札の{card}を捨て札{p}へ"),
    "place_fits_none": ("Your place card {card} fits neither pile.", "場札の{card}はどちらの捨て札にも出せません。"),
    "no_hand": ("No card in hand.", "手札がありません。"),
    "draw_title": ("Draw a card", "カードを引く"),
    "draw_deck": ("From the deck", "山札から"),
    "draw_deck_sub": ("{n} left", "残り{n}枚"),
    "draw_place": ("Take back my place card", "場札を手札に戻す"),
    "draw_place_sub": ("the {card}", "{card}"),
    "draw_place_blocked": ("placed this turn", "この手番に置いたので不可"),
    "pass": ("Pass", "パス"),
    "pass_sub": ("hand, place and deck are empty", "手札・場札・山札なし"),
    "stuck": ("I cannot play", "出せるカードがない"),
    "stuck_sub": ("the team loses", "全員の負け"),
    "stuck_title": ("No card fits anywhere?", "どこにも出せませんか？"),
    "stuck_help": ("If no card can be played, you fall out and the whole team loses. You may show your hand "
                   "so the companion can check it.",
                   "どのカードも出せないときは脱落となり、全員の負けです。手札を見せて確認してもらうこともできます。"),
    "stuck_known": ("{name} has no card in hand and nothing can be played: the team has lost.",
                    "{name}さんは手札がなく、出せるカードもありません。全員の負けです。"),
    "stuck_show": ("My hand (optional): tap each card", "手札（任意）：1枚ずつ押す"),
    "stuck_hand_label": ("My hand, numbers separated by spaces (optional)", "手札の数字をスペース区切りで（任意）"),
    "stuck_confirm": ("Yes, I cannot play", "はい、出せません"),
    "form_bad_hand": ("“{word}” is not a card number (1–10).", "「{word}」はカードの数字（1〜10）ではありません。"),
    # --- end -------------------------------------------------------------------------------------------------
    "won_title": ("You won together!", "全員の勝ちです！"),
    "won_text": ("All {total} cards lie on the two piles.", "{total}枚すべてが捨て札になりました。"),
    "lost_title": ("The team lost", "全員の負けです"),
    "lost_text": ("{name} could not play and fell out.", "{name}さんが出せるカードがなく脱落しました。"),
    "revealed": ("{name}'s hand: {cards} — none fits pile A ({a}) or pile B ({b}).",
                 "{name}さんの手札：{cards}。捨て札A（{a}）にも捨て札B（{b}）にも出せません。"),
    "piles_final": ("Pile A: {a} cards · Pile B: {b} cards", "捨て札A：{a}枚・捨て札B：{b}枚"),
    # --- announcements and history ----------------------------------------------------------------------------
    "ann_pair": ("Pair on pile {p}: {name} draws nothing.", "捨て札{p}でペア！ {name}さんは引けません。"),
    "ann_won": ("All {total} cards placed: you win together!", "{total}枚すべて出し切りました。全員の勝ちです！"),
    "ann_lost": ("{name} cannot play: the team loses.", "{name}さんは出せるカードがありません。全員の負けです。"),
    "ann_deck_empty": ("The deck is empty.", "山札がなくなりました。"),
    "h_play_pile": ("{p} played {a_card} onto pile {pile}.", "{p}さんが{card}を捨て札{pile}に出しました。"),
    "h_play_pair": ("{p} played {a_card} onto pile {pile}: a pair, no draw.",
                    "{p}さんが{card}を捨て札{pile}に出しました。ペアなので引けません。"),
    "h_play_place": ("{p} put {a_card} on their place.", "{p}さんが{card}を場札置場に置きました。"),
    "h_move": ("{p} moved their place card {card} onto pile {pile}.",
               "{p}さんが場札の{card}を捨て札{pile}に出しました。"),
    "h_move_pair": ("{p} moved their place card {card} onto pile {pile}: a pair, no draw.",
                    "{p}さんが場札の{card}を捨て札{pile}に出しました。ペアなので引けません。"),
    "h_draw_deck": ("{p} drew from the deck.", "{p}さんが山札から引きました。"),
    "h_draw_place": ("{p} took their place card {card} back.", "{p}さんが場札の{card}を手札に戻しました。"),
    "h_no_draw": ("Nothing to draw.", "引けるカードはありません。"),
    "h_pass": ("{p} passed.", "{p}さんがパスしました。"),
    "h_stuck": ("{p} could not play and fell out: the team lost.", "{p}さんは出せず脱落しました。全員の負けです。"),
    "h_stuck_hand": ("{p} could not play (hand: {cards}) and fell out: the team lost.",
                     "{p}さんは出せず（手札：{cards}）脱落しました。全員の負けです。"),
    "h_won": ("All cards are on the piles: the team won!", "すべてのカードが捨て札になりました。全員の勝ちです！"),
    "rules_title": ("The Pairs: the rules", "ザ・ペアーズのルール"),
    "rules_link": ("Rules", "ルール"),
}

TP = Texts(OWN, COMMON)


def t(key: str, lang: str, **params: Any) -> str:
    return TP.t(key, lang, **params)


def a_card(card: object, lang: str) -> str:
    """English "a 7" / "an 8" (Japanese sentences use the number alone)."""
    if lang == "ja":
        return str(card)
    return ("an " if card == 8 else "a ") + str(card)


def numbers(cards: list[int] | tuple[int, ...], lang: str) -> str:
    return ("・" if lang == "ja" else ", ").join(str(c) for c in cards)

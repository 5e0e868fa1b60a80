"""Typed refusals of すたっぷすたっぷ with stable codes (docs/api.md) and a sentence in English and Japanese.

The platform refuses what every game shares (``bad_request``, an action after the end) before the rules are
asked; ``game_over`` keeps this game's own sentence. A ``player`` who is not the seat that acts is refused by
the platform too, in this game's words: ``not_parent``, ``not_asked``, ``parent_cannot_doubt``,
``eliminated``, ``not_payer`` (``rules.wrong_seat``).
"""

from __future__ import annotations

from typing import Any

from ..base import BadRequest, RuleError

# code -> (English, Japanese); placeholders are filled from the error's params (see StapError.words).
MESSAGES: dict[str, tuple[str, str]] = {
    "game_over": ("Both games are over: no more actions.", "2ゲームとも終了しています。これ以上の操作はできません。"),
    "wrong_step": ("That is not possible now: {expected}.", "今はその操作はできません：{expected_ja}。"),
    "not_parent": ("Only the parent ({parent_name}) may do that.", "それができるのは親（{parent_name}さん）だけです。"),
    "not_asked": ("It is {asked_name}'s turn to pass or doubt, not {player_name}'s.",
                  "今パスかダウトを答えるのは{asked_name}さんです（{player_name}さんではありません）。"),
    "parent_cannot_doubt": ("The parent does not answer their own declaration.",
                            "親は自分の宣言にパスやダウトはできません。"),
    "eliminated": ("{player_name} is out of this game and can no longer doubt.",
                   "{player_name}さんはこのゲームから脱落しているため、ダウトできません。"),
    "bad_face": ("A die face is a number from 1 to 6.", "ダイスの目は1〜6の数字です。"),
    "not_your_card": ("{player_name} has no task card {card} in this game.",
                      "{player_name}さんはこのゲームで課題カード{card}を持っていません。"),
    "card_occupied": ("Task card {card} already holds a die: name an empty card.",
                      "課題カード{card}にはすでにダイスが置かれています。空いているカードを宣言してください。"),
    "no_die_to_roll": ("There is no die in {player_name}'s materials to roll.",
                       "{player_name}さんの材料に振るダイスがありません。"),
    "cards_full": ("All three of {player_name}'s task cards hold dice: nothing to roll for.",
                   "{player_name}さんの課題カード3枚すべてにダイスが置かれているので、振れません。"),
    "no_coin": ("{player_name} has no coin to pay for an effect.",
                "{player_name}さんには効果に支払うコインがありません。"),
    "too_many_dice": ("Effect ① needs at most 2 dice in materials and on cards together ({player_name} has {count}).",
                      "効果①は材料と課題カードの上のダイスが合わせて2個以下のときだけです（{player_name}さんは{count}個）。"),
    "bank_empty": ("The bank has no die left.", "銀行にダイスが残っていません。"),
    "no_card_die": ("Task card {card} holds no die to take.", "課題カード{card}の上にダイスはありません。"),
    "effect_too_late": ("Effects ① and ② are used at the start of the turn, before rolling.",
                        "効果①②は親の開始時、ダイスを振る前にだけ使えます。"),
    "retract_too_late": ("Effect ③ is used after rolling and before declaring.",
                         "効果③はダイスを振ったあと、宣言する前にだけ使えます。"),
    "cannot_skip": ("{player_name} can still roll: only a parent who cannot roll is skipped.",
                    "{player_name}さんはまだダイスを振れます。スキップされるのは振れない親だけです。"),
    "nothing_to_pay": ("{player_name} has no {what} to pay.", "{player_name}さんには支払う{what_ja}がありません。"),
    "not_payer": ("It is {payer_name} who pays now, not {player_name}.",
                  "今支払うのは{payer_name}さんです（{player_name}さんではありません）。"),
    "must_pay_from_materials": ("A die is taken from the cards only when the doubter's materials are empty.",
                                "課題カードのダイスを奪えるのは、ダウトした人の材料が空のときだけです。"),
    "reveal_not_needed": ("With the phone as the box the app reveals the face itself.",
                          "スマホを箱として使う卓では、出目はアプリが公開します。"),
    "cards_needed": ("Every player needs three task cards before play begins ({player_name} has none yet).",
                     "始める前に全員が課題カードを3枚持つ必要があります（{player_name}さんはまだです）。"),
    "bad_cards": ("Three different task cards from 1 to 6, please.", "課題カードは1〜6の異なる3枚です。"),
    "cards_locked": ("The task cards are fixed once play has begun.",
                     "ゲームが始まったあとは課題カードを変えられません。"),
    "undo_secret_roll": ("A roll of the phone box cannot be undone: that would allow rolling again.",
                         "スマホの箱で振ったダイスは取り消せません（振り直しになってしまうため）。"),
    "undo_revealed": ("This doubt revealed the die: it cannot be hidden again.",
                      "このダウトでダイスの目は公開されました。取り消して隠し直すことはできません。"),
    "take_over_mid_roll": ("{parent_name}'s die is in the box: that seat stays on the phone that rolled until the "
                           "die leaves the box (a retract, everyone passing, or a doubt opening it).",
                           "{parent_name}さんのダイスが箱の中にあります。ダイスが箱から出るまで（効果③、全員のパス、"
                           "またはダウトで公開）この席は振った端末のままです。"),
}

STEP_WORDS: dict[str, tuple[str, str]] = {
    "setup": ("the table is still setting up", "まだ準備中です"),
    "start": ("the parent is about to roll", "親がダイスを振るところです"),
    "rolled": ("the parent has rolled and must declare", "親はダイスを振り、宣言するところです"),
    "challenge": ("the others are answering pass or doubt", "ほかの人がパスかダウトを答えているところです"),
    "reveal": ("the face in the box must be typed in", "箱の中の出目を入力するところです"),
    "pay": ("a penalty is being paid", "ペナルティを支払うところです"),
    "take": ("the parent is choosing a die to take", "親が奪うダイスを選ぶところです"),
    "scored": ("the first game is over: start the second", "1回目のゲームが終わりました。2回目を始めてください"),
    "over": ("both games are over", "2ゲームとも終了しています"),
}

WHAT_JA = {"die": "ダイス", "coin": "コイン"}


class StapError(RuleError):
    """A rule refusal (422)."""

    MESSAGES = MESSAGES

    def words(self, lang: str) -> dict[str, Any]:
        """A step (``expected``) and a kind of payment (``what``) said in words, in both languages."""
        params: dict[str, Any] = dict(self.params)
        if "expected" in params:
            en, ja = STEP_WORDS.get(params["expected"], (params["expected"], params["expected"]))
            params["expected"], params["expected_ja"] = en, ja
        if "what" in params:
            params["what_ja"] = WHAT_JA.get(params["what"], params["what"])
        return params


class StapBadRequest(BadRequest):
    """A request that is not an action at all (400): the game's own codes ``bad_face`` and ``bad_cards``."""

    MESSAGES = MESSAGES

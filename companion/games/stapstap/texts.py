"""すたっぷすたっぷ's words for its pages, in English and Japanese (です/ます). Written for this app: never the
seed's text. The frame's and every game's shared words come from ``companion.games.texts.COMMON``."""

from __future__ import annotations

from typing import Any

from ..texts import COMMON, Texts

OWN: dict[str, tuple[str, str]] = {
    # --- status ----------------------------------------------------------------------------------------------
    "game_of": ("Game {g} of 2", "{g}回目／全2回"),
    "mode_dice": ("Real dice", "本物のダイス"),
    "mode_box": ("Phone box", "スマホの箱"),
    "st_setup": ("Set-up: task cards", "準備：課題カード"),
    "st_start": ("{name} is the parent", "親は{name}さん"),
    "st_start_me": ("You are the parent, {name}", "あなたが親です（{name}さん）"),
    "st_rolled": ("{name} looks at the die", "{name}さんが出目を確認しています"),
    "st_rolled_me": ("Look at the die, {name}, and declare", "出目を確認して宣言してください（{name}さん）"),
    "st_challenge": ("{name} declares a {face} on card {card}", "{name}さんの宣言：課題カード{card}に{face}"),
    "st_reveal": ("Doubt! Open the box", "ダウト！箱を開けてください"),
    "st_pay": ("{name} pays the penalty", "{name}さんがペナルティを支払います"),
    "st_take": ("{name} takes a die from {victim}'s cards", "{name}さんが{victim}さんの課題カードからダイスを奪います"),
    "st_scored": ("Game 1 is over", "1回目のゲーム終了"),
    "skips_in_row": ("Skipped in a row: {n} of {of}", "連続スキップ：{n}／{of}"),
    # --- the box ---------------------------------------------------------------------------------------------
    "box_label": ("The box", "箱"),
    "box_empty": ("The box is empty", "箱は空です"),
    "box_closed": ("A die is in the box", "箱の中にダイスがあります"),
    "box_yours": ("Only your phone shows this", "この出目はあなたの端末にだけ表示されています"),
    "box_real": ("The die is in the real box", "ダイスは本物の箱の中です"),
    "box_claim": ("Claim your seat to see your roll here.", "自分の席を登録すると、ここに出目が表示されます。"),
    "seal": ("Seal", "封印"),
    "seal_help": ("The hash of the face and a secret salt, shown before the declaration: a doubt reveals both, so "
                  "anyone can check the die was not changed.",
                  "出目と秘密の文字列から作ったハッシュ値です。宣言の前に公開され、ダウトで両方が明かされるので、"
                  "出目が途中で変えられていないことを誰でも確かめられます。"),
    "seal_ok": ("Seal checked: sha256({face}:{salt}) matches.", "封印を確認：sha256({face}:{salt}) が一致します。"),
    "seal_bad": ("The seal does not match!", "封印が一致しません！"),
    "declared": ("Declared", "宣言"),
    "face_word": ("a {face}", "{face}の目"),
    # --- players ---------------------------------------------------------------------------------------------
    "players_title": ("Players", "プレイヤー"),
    "materials": ("Materials", "材料"),
    "bank": ("Bank", "銀行"),
    # a count is said through tn(): the "_1" text for one, the "_n" text for any other number
    "dice_1": ("1 die", "ダイス1個"),
    "dice_n": ("{n} dice", "ダイス{n}個"),
    "coins_1": ("1 coin", "コイン1枚"),
    "coins_n": ("{n} coins", "コイン{n}枚"),
    "pts_1": ("1 pt", "1点"),
    "pts_n": ("{n} pts", "{n}点"),
    "badge_parent": ("Parent", "親"),
    "badge_asked": ("Answering", "回答中"),
    "badge_passed": ("Passed", "パス"),
    "badge_out": ("Out", "脱落"),
    "badge_doubter": ("Doubted", "ダウト"),
    "score": ("Score", "得点"),
    "score_now": ("now {n}", "現在{n}点"),
    "card_label": ("Task card {card}", "課題カード{card}"),
    "card_empty": ("Task card {card}: empty", "課題カード{card}：空き"),
    "card_with": ("Task card {card}: a {face} ({points})", "課題カード{card}：{face}の目（{points}）"),
    "die_label": ("a die showing {face}", "{face}の目のダイス"),
    "no_cards": ("No task cards yet", "課題カードはまだありません"),
    "later_cards": ("Game 2: cards {cards}", "2回目：カード{cards}"),
    # --- actions ---------------------------------------------------------------------------------------------
    "actions_for": ("For {name}", "{name}さんの操作"),
    "wait_for": ("Waiting for {name}", "{name}さんを待っています"),
    "on_own_phone": ("on their own phone", "本人の端末で操作します"),
    "wait_answer": ("{name} is answering: pass or doubt", "{name}さんがパスかダウトを答えています"),
    "answer_later": ("You are asked after them.", "あなたはその後に答えます。"),
    "act_for": ("Act for {name}…", "{name}さんの代わりに操作…"),
    "answer_for": ("Answer for {name}…", "{name}さんの代わりに答える…"),
    "act_for_help": ("This is {me}'s phone. What you tap here counts as {name}'s, and the history notes it came "
                     "from this phone.", "この端末は{me}さんのものです。ここでの操作は{name}さんの操作として記録され、"
                     "この端末からだったことも履歴に残ります。"),
    "roll": ("Roll the die", "ダイスを振る"),
    "roll_sub_dice": ("one die from the materials into the real box", "材料のダイス1個を本物の箱へ"),
    "roll_sub_box": ("this phone is the box: only you will see the face",
                     "この端末が箱です。出目はあなたにだけ見えます"),
    "effects_title": ("Coin effects (1 coin each, before rolling)", "コインの効果（各コイン1枚・振る前に）"),
    "bank_die": ("① A die from the bank", "①銀行からダイスを1個"),
    "lift": ("② Die of card {card} back to materials", "②課題カード{card}のダイスを材料へ"),
    "retract": ("③ Put the die back (1 coin)", "③ダイスを材料に戻す（コイン1枚）"),
    "retract_sub": ("the turn ends", "手番は終わります"),
    "skip": ("Skip: I cannot roll", "スキップ（振れません）"),
    "skip_help": ("You cannot roll now; use a coin effect or be skipped.",
                  "今は振れません。コインの効果を使うか、スキップしてください。"),
    "declare_title": ("Declare", "宣言"),
    "declare_face": ("Face (you may lie)", "出目（ウソも可）"),
    "declare_card": ("On task card", "置く課題カード"),
    "declare": ("Declare", "宣言する"),
    "answer_title": ("Pass or doubt?", "パスかダウトか？"),
    "answer_title_me": ("Your answer, {name}: pass or doubt?", "{name}さん、パスかダウトか答えてください"),
    "pass": ("Pass", "パス"),
    "doubt": ("Doubt!", "ダウト！"),
    "reveal_title": ("What does the die in the box show?", "箱の中のダイスの目は？"),
    "reveal_help": ("The parent or the doubter taps the face everyone can now see.",
                    "親かダウトした人が、みんなに見えている出目をタップします。"),
    "pay_title": ("Pay a die or a coin", "ダイスかコインで支払う"),
    "pay_die": ("Pay a die", "ダイスで払う"),
    "pay_coin": ("Pay a coin", "コインで払う"),
    "take_title": ("Take one die from {name}'s cards", "{name}さんの課題カードからダイスを1個奪う"),
    "take": ("Card {card}", "カード{card}"),
    "next_game": ("Start the second game", "2回目のゲームを始める"),
    "next_game_help": ("Everyone plays again with their three other task cards; the eliminated start with a "
                       "die more.",
                       "全員が残りの3枚の課題カードで再び遊びます。脱落した人はダイスを1個多く持って始めます。"),
    "extra_short_1": ("The bank had too few dice: 1 eliminated player starts without the extra die.",
                      "銀行のダイスが足りないため、脱落した1人は追加のダイスなしで始めます。"),
    "extra_short_n": ("The bank had too few dice: {n} eliminated players start without the extra die.",
                      "銀行のダイスが足りないため、脱落した{n}人は追加のダイスなしで始めます。"),
    # --- set-up ----------------------------------------------------------------------------------------------
    "setup_help": ("Each player draws three of their task cards 1–6 at random and lays them face up. Tap the "
                   "three numbers for each player, or let the app draw.",
                   "各自1〜6の課題カードから3枚をランダムに選んで表向きに置きます。各プレイヤーの3枚をタップするか、"
                   "アプリに選ばせてください。"),
    "cards_set": ("Set cards", "決定"),
    "cards_title": ("Task cards and points", "課題カードと点数"),
    "deal": ("Draw at random for everyone without cards", "カード未定の人の分をランダムに選ぶ"),
    "points_title": ("Points on the cards", "課題カードの点数"),
    "points_help": ("The rules sheet does not print the values; this default gives 10 for the exact face and 2 less "
                    "per step away. Type in what your cards say.",
                    "説明書には点数が載っていないため、初期値は目が一致で10点、1つ離れるごとに2点減です。"
                    "お手元のカードの点数を入力してください。"),
    "points_card": ("Card", "カード"),
    "points_face": ("Face {f}", "目{f}"),
    "points_save": ("Save the points", "点数を保存"),
    "begin": ("Begin the game", "ゲーム開始"),
    "begin_wait": ("Every player needs three cards first.", "先に全員の課題カードを3枚ずつ決めてください。"),
    # --- results ---------------------------------------------------------------------------------------------
    "res_truth": ("{doubter} doubted {parent}'s {declared}: it was a {face}, the truth.",
                  "{doubter}さんが{parent}さんの{declared}をダウト：出目は{face}、本当でした。"),
    "res_lie": ("{doubter} doubted {parent}'s {declared}: it was a {face}, a lie!",
                "{doubter}さんが{parent}さんの{declared}をダウト：出目は{face}、ウソでした！"),
    "res_paid": ("{payer} paid {receiver} a {what}.", "{payer}さんが{receiver}さんに{what}を支払いました。"),
    "res_taken": ("{parent} took the die of {doubter}'s card {card}.",
                  "{parent}さんが{doubter}さんの課題カード{card}のダイスを奪いました。"),
    "what_die": ("die", "ダイス"),
    "what_coin": ("coin", "コイン"),
    "scores_title": ("Scores", "得点"),
    "col_player": ("Player", "プレイヤー"),
    "col_game": ("Game {g}", "{g}回目"),
    "col_total": ("Total", "合計"),
    "col_now": ("This game", "今回"),
    "final_title": ("Final scores", "最終得点"),
    "winner_one": ("{name} wins!", "{name}さんの勝ち！"),
    "winner_many": ("{names} share the win!", "{names}さんが同点で勝利！"),
    "rules_link": ("Rules", "ルール"),
    # --- history ---------------------------------------------------------------------------------------------
    "h_cards": ("{p}'s task cards: {cards}.", "{p}さんの課題カード：{cards}。"),
    "h_deal": ("Task cards drawn at random: {list}.", "課題カードをランダムに選びました：{list}。"),
    "h_points": ("The points table was typed in.", "課題カードの点数表を入力しました。"),
    "h_begin": ("Game {g} begins; {p} is the first parent.", "{g}回目のゲーム開始。最初の親は{p}さんです。"),
    "h_bank_die": ("{p} pays a coin for a die from the bank (①).",
                   "{p}さんがコインを払い、銀行からダイスを得ました（①）。"),
    "h_lift": ("{p} pays a coin and takes back the die of card {card} (②).",
               "{p}さんがコインを払い、課題カード{card}のダイスを材料に戻しました（②）。"),
    "h_roll": ("{p} rolls.", "{p}さんがダイスを振りました。"),
    "h_roll_box": ("{p} rolls in the phone box (seal {seal}…).",
                   "{p}さんがスマホの箱でダイスを振りました（封印 {seal}…）。"),
    "h_retract": ("{p} pays a coin and puts the die back (③).",
                  "{p}さんがコインを払い、ダイスを材料に戻しました（③）。"),
    "h_declare": ("{p} declares a {face} on card {card}.", "{p}さんの宣言：課題カード{card}に{face}。"),
    "h_skip": ("{p} is skipped.", "{p}さんはスキップされました。"),
    "h_pass": ("{p} passes.", "{p}さんはパス。"),
    "h_doubt": ("{p} doubts!", "{p}さんがダウト！"),
    "h_truth": ("It was a {face}: the truth.", "出目は{face}、本当でした。"),
    "h_lie": ("It was a {face}: a lie!", "出目は{face}、ウソでした！"),
    "h_paid": ("{p} pays {q} a {what}.", "{p}さんが{q}さんに{what}を支払いました。"),
    "h_taken": ("{p} takes the die of {q}'s card {card}.", "{p}さんが{q}さんの課題カード{card}のダイスを奪いました。"),
    "h_placed": ("A {face} goes on {p}'s card {card}.", "{p}さんの課題カード{card}に{face}の目が置かれました。"),
    "h_auto_skip": ("{names} skipped.", "{names}さんはスキップ。"),
    "h_out": ("{p} is out of this game.", "{p}さんはこのゲームから脱落しました。"),
    "h_game_end": ("Game {g} is over: {list}.", "{g}回目のゲーム終了：{list}。"),
    "h_next_game": ("The second game begins; {p} is the first parent.", "2回目のゲーム開始。最初の親は{p}さんです。"),
    "over_title": ("Both games are over", "2ゲーム終了"),
    "ann_over": ("Both games are over: {winners}", "2ゲーム終了：{winners}"),
}

ST = Texts(OWN, COMMON)


def t(key: str, lang: str, **params: Any) -> str:
    return ST.t(key, lang, **params)


def tn(key: str, n: int, lang: str, **params: Any) -> str:
    """A count in words: ``key_1`` for one, ``key_n`` for any other number (the English plural; the pair
    becomes one ngettext entry when the texts move to catalogs)."""
    return ST.t(f"{key}_1" if n == 1 else f"{key}_n", lang, n=n, **params)


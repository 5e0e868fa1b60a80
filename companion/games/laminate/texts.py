"""Every sentence Laminate's pages show, in English and Japanese. ``t(key, lang, **params)`` fills ``{name}``
slots; words every game shares come from ``companion.games.texts``.

Player names reach these strings only as parameters; templates render the result with autoescape on, and
the few strings that carry markup are never built from user data.
"""

from __future__ import annotations

from typing import Any

from ..texts import COMMON, Texts
from ..texts import join_names as join_names

TEXT: dict[str, tuple[str, str]] = {
    # --- brand, navigation ---
    # --- home ---
    # --- table: header, join, seat ---
    # --- table: status ---
    "turn_n": ("Turn {n}", "{n}ターン目"),
    "deck": ("Deck", "山札"),
    "discard": ("Discard", "捨て札"),
    "cards_n": ("{n} cards", "{n}枚"),
    "card_1": ("1 card", "1枚"),
    "hand": ("Hand", "手札"),
    "score": ("Score", "得点"),
    "complete_n": ("{n} complete", "完成{n}"),
    "active_badge": ("Turn", "手番"),
    "no_papers": ("No papers yet.", "論文はまだありません。"),
    "under_review": ("Under review", "査読中"),
    "complete": ("Complete", "完成"),
    "citable": ("citable", "引用可"),
    "paper_no": ("#{n}", "#{n}"),
    "review_hint": ("Tap a card of a paper under review to take it (review).",
                    "査読中の論文のカードをタップすると、そのカードを手札に取ります（査読）。"),
    "review_card": ("Review: take {card} from {owner}’s {paper} (#{id})",
                    "査読：{owner}さんの{paper}（#{id}）から{card}を取る"),
    "supply_title": ("Supply", "論文の山"),
    "supply_left": ("{n} left", "残り{n}"),
    "supply_none": ("none left", "なし"),
    "copies_of": ("{left} of {total} left", "{total}枚中 残り{left}枚"),
    "players_title": ("Players and papers", "プレイヤーと論文"),
    "history_recent": ("Latest moves", "最近の手"),
    # --- countdown & end ---
    "end_met": ("{name} reached 15 points: the end condition is met.",
                "{name}さんが15点に達し、終了条件を満たしました。"),
    "endflag_pending": ("{name} takes the End Flag: choose one card from the hand to lay with it.",
                        "{name}さんがエンドフラグを受け取ります。一緒に出す手札を1枚選んでください。"),
    "endflag_bar": ("Lay the End Flag above, or undo.", "上でエンドフラグを出すか、取り消してください。"),
    "endflag_pick": ("Card laid with the End Flag", "エンドフラグと一緒に出すカード"),
    "endflag_submit": ("Lay the End Flag", "エンドフラグを出す"),
    "countdown_title": ("Final round", "最終ラウンド"),
    "countdown_total": ("{n} turns left in the game", "残り{n}ターンで終了"),
    "countdown_one": ("The last turn of the game", "ゲーム最後のターン"),
    "turns_left_n": ("{n} turns", "あと{n}回"),
    "turns_left_1": ("1 turn", "あと1回"),
    "turns_left_0": ("done", "終了"),
    "last_turn_badge": ("last turn", "最後の番"),
    "last_turn_of": ("This is {name}’s last turn.", "{name}さんの最後の番です。"),
    "endflag_taken": ("{name} took the End Flag. Final round: {n} turns to go.",
                      "{name}さんがエンドフラグを取りました。最終ラウンド：残り{n}ターン。"),
    "endflag_none": ("{name} had no card left, so nobody gets the End Flag. Final round: {n} turns to go.",
                     "{name}さんの手札がないため、エンドフラグは誰も受け取りません。最終ラウンド：残り{n}ターン。"),
    "winner_one": ("{names} wins!", "{names}さんの勝ち！"),
    "winner_many": ("{names} share the win!", "{names}さんが同点優勝！"),
    "and": (" and ", "さんと"),
    "comma": (", ", "さん、"),
    "ranking": ("Ranking", "順位"),
    "rank_col": ("Place", "順位"),
    "name_col": ("Player", "プレイヤー"),
    "papers_col": ("Complete papers", "完成論文"),
    "tb_score": ("Decided by score.", "得点で決まりました。"),
    "tb_fewest": ("{names} tied on {score} points; the tie goes to the fewest complete papers: {winner} with {n}.",
                  "{names}さんが{score}点で同点。完成論文の少ない方が勝ち：{winner}さん（{n}枚）。"),
    "tb_shared": ("{names} tied on {score} points and on {n} complete papers, so they share the win.",
                  "{names}さんが{score}点・完成論文{n}枚で並んだので、同点優勝です。"),
    "ended_by_passes": ("Everyone passed in a row, so the game ended at once.",
                        "全員が続けてパスしたので、その時点で終了しました。"),
    "final_table": ("Final table", "最終の場"),
    # --- actions ---
    "actions_for": ("Actions for {name}", "{name}さんの操作"),
    "research": ("Research", "研究"),
    "from_deck": ("Deck", "山札"),
    "from_discard": ("Discard", "捨て札"),
    "paper": ("Paper", "論文"),
    "research_deck": ("Research: deck", "研究：山札"),
    "research_deck_help": ("Draw 2, keep 1, discard 1", "2枚引いて1枚捨てる"),
    "research_discard": ("Research: discard", "研究：捨て札"),
    "research_discard_help": ("Take the top discard", "捨て札の一番上を取る"),
    "publish": ("Publish…", "発表…"),
    "publish_help": ("Lay a meld as a paper", "役を論文として出す"),
    "pass": ("Pass", "パス"),
    "pass_help": ("No move left", "打つ手なし"),
    # --- picker ---
    "picker_title": ("Publish a paper", "論文を発表"),
    "picker_for": ("{name} publishes", "{name}さんが発表"),
    "picker_cards": ("1. Cards from the hand", "1. 手札から出すカード"),
    "picker_cards_help": ("Tap each card you lay down. Greyed cards are already on the table.",
                          "出すカードをタップ。灰色のカードはすでに場にあります。"),
    "picker_cite": ("2. Cite complete papers (optional)", "2. 完成した論文を引用（任意）"),
    "picker_cite_help": ("Each cited paper lends its card to the meld. Citing another player’s paper costs one "
                         "card from your hand, given to them.",
                         "引用した論文のカードが役に加わります。他の人の論文を引用すると、手札を1枚その人に渡します。"),
    "picker_cite_none": ("No complete papers to cite yet.", "引用できる完成論文はまだありません。"),
    "cite_free": ("free: your own", "自分の論文：無料"),
    "cite_cost": ("costs 1 card to {name}", "{name}さんに1枚"),
    "picker_paper": ("3. Paper to claim", "3. 受け取る論文"),
    "picker_paper_help": ("Papers your meld matches are marked as you pick.", "選んだ役に合う論文に印がつきます。"),
    "picker_matches": ("Matches", "合う論文"),
    "picker_no_match": ("No paper matches these cards yet.", "この組み合わせに合う論文はまだありません。"),
    "picker_summary": ("Summary", "まとめ"),
    "picker_empty": ("Pick cards to start.", "カードを選んでください。"),
    "picker_submit": ("Publish", "発表する"),
    "picker_check": ("Check without publishing", "発表せずに確認"),
    "picker_clear": ("Clear", "クリア"),
    "picker_open": ("Publish…", "発表…"),
    "picker_close": ("Close", "閉じる"),
    "paper_owned": ("{name} already has one", "{name}さんは所持済み"),
    "pattern": ("Pattern", "役"),
    "meld_matches": ("Your cards make: {names}", "この組み合わせで作れる論文：{names}"),
    "meld_nothing": ("These cards make no paper.", "この組み合わせで作れる論文はありません。"),
    "selected_n": ("{n} selected", "{n}枚選択"),
    # --- messages ---
    "choose_paper": ("Choose which paper to claim.", "受け取る論文を選んでください。"),
    "choose_card": ("Choose a card.", "カードを選んでください。"),
    # --- rules page ---
    "rules_title": ("How to play Laminate Rummy", "ラミネートラミーの遊び方"),
    "papers_table": ("The papers", "論文の一覧"),
    "paper_col": ("Paper", "論文"),
    "points_col": ("Points", "点"),
    "copies_col": ("Copies", "枚数"),
    "meld_col": ("Meld", "役"),
    "suits_title": ("The deck", "デッキ"),
    # --- history sentences (see views.describe) ---
    "h_research_deck": ("{p} researched from the deck (drew 2, kept 1, discarded 1).",
                        "{p}さんが研究：山札から2枚引き、1枚を捨て札へ。"),
    "h_research_discard": ("{p} researched from the discard pile (took the top card).",
                           "{p}さんが研究：捨て札の一番上を取りました。"),
    "h_publish": ("{p} published {paper} (#{id}) with {cards}.", "{p}さんが{paper}（#{id}）を発表：{cards}。"),
    "h_cite": ("Cited: {list}.", "引用：{list}。"),
    "h_cite_item": ("#{id} {owner}’s {paper} ({card})", "#{id} {owner}さんの{paper}（{card}）"),
    "h_gift": ("{p} gave {n} to {owner}.", "{p}さんが{owner}さんに{n}渡しました。"),
    "h_complete_now": ("One card from the hand: complete at once.", "手札1枚なので即完成。"),
    "h_review": ("{p} reviewed {owner}’s {paper} (#{id}) and took {card}.",
                 "{p}さんが{owner}さんの{paper}（#{id}）を査読し、{card}を取りました。"),
    "h_review_own": ("{p} reviewed their own {paper} (#{id}) and took {card}.",
                     "{p}さんが自分の{paper}（#{id}）を査読し、{card}を取りました。"),
    "h_review_complete": ("The paper is now complete.", "論文が完成しました。"),
    "h_pass": ("{p} passed.", "{p}さんがパス。"),
    "h_endflag": ("{p} laid the End Flag with {card}.", "{p}さんがエンドフラグを{card}と一緒に出しました。"),
    "h_end_met": ("{p} has {score} points: the end condition is met.", "{p}さんが{score}点：終了条件を満たしました。"),
    "h_all_passed": ("Everyone passed in a row: the game ends.", "全員がパス：ゲーム終了。"),
    "h_over": ("The game is over.", "ゲーム終了。"),
    "h_settings": ("Table settings changed.", "卓の設定が変わりました。"),
    "h_suits_named": ("The table named its suits: {names}.", "スートの呼び名を決めました：{names}。"),
    "h_suits_reset": ("The suits have their deck names again.", "スートの呼び名をデッキの名前に戻しました。"),
    "rename_title": ("Suit names", "スートの呼び名"),
    "suits_help": ("Call the suits what your cards show. Everyone's screen follows; a blank field keeps the "
                   "deck's name.", "お手元のカードの絵柄に合わせて呼び名を変えられます。全員の画面に反映されます。"
                   "空欄ならデッキの名前のままです。"),
    "suits_save": ("Save names", "呼び名を保存"),
    "suits_renamed": ("renamed", "変更済み"),
    # --- announcements ---
    "ann_over": ("Game over. {winners}", "ゲーム終了。{winners}"),
}

#: Short texts the scripts need (picker summary, warnings). Rendered into the page as data, never as code.
JS_TEXT: tuple[str, ...] = (
    "picker_empty", "picker_no_match", "meld_matches", "meld_nothing", "selected_n",
    "js_place", "js_hand", "js_give", "js_give_part", "js_sep", "js_last_sep", "js_card_word", "js_cards_word",
    "js_free_own", "js_complete_now", "js_under_review", "js_too_small", "js_removed", "js_legal",
    "js_checking", "js_network", "refused", "js_makes", "sound_on", "sound_off", "js_pick_paper",
    "js_nothing_to_publish", "js_done_publish", "js_reload", "js_stale_what",
    # the "my hand" assistant
    "point_1", "points_n", "hint_spend", "hint_spend_gift", "hint_give_part", "hint_completes", "hint_review",
    "hint_cites", "hint_cite_item", "hint_cite_own", "hint_use", "hint_use_label", "hint_not_turn", "hint_none",
    "hint_empty", "hint_found_1", "hint_found_n", "hand_count", "hand_count_all", "hand_count_over",
    "hand_count_none", "hand_removed", "assistant_off",
    "cite_show_all",
)

TEXT.update({
    "js_place": ("Place {n} from the hand.", "手札から{n}枚出します。"),
    "js_hand": ("{name}’s hand: {from} → {to}", "{name}さんの手札：{from} → {to}枚"),
    "js_give": ("You give {list}.", "{list}を渡します。"),
    "js_give_part": ("{n} {word} to {name}", "{name}さんに{n}枚"),
    "js_sep": (", ", "、"),
    "js_last_sep": (" and ", "、"),
    "js_card_word": ("card", "枚"),
    "js_cards_word": ("cards", "枚"),
    "js_free_own": ("Citing your own papers is free.", "自分の論文の引用は無料です。"),
    "js_complete_now": ("Only one card from the hand: the paper is complete at once and scores now.",
                        "手札から1枚だけなので、論文はすぐに完成し、得点になります。"),
    "js_under_review": ("The new paper holds {n} cards and starts under review.",
                        "新しい論文は{n}枚で、査読中から始まります。"),
    "js_too_small": ("The hand is too small: it holds {hand} but this needs {need}.",
                     "手札が足りません：{hand}枚ですが{need}枚必要です。"),
    "js_removed": ("{cards} went onto the table meanwhile and left your pick.",
                   "{cards}は場に出たため、選択から外しました。"),
    "js_legal": ("ready", "発表できます"),
    "js_makes": ("Your cards make", "作れる論文"),
    "js_checking": ("Checking…", "確認中…"),
    "js_pick_paper": ("Choose which paper to claim.", "受け取る論文を選んでください。"),
    "js_nothing_to_publish": ("Pick at least one card from the hand.", "手札から少なくとも1枚選んでください。"),
    "js_done_publish": ("Published.", "発表しました。"),
    "js_stale_what": ("Latest move: {what}", "直近の手：{what}"),
})

TEXT.update({
    # --- the "my hand" publish assistant (issue 5) ---
    "assistant_title": ("My hand · publish assistant", "自分の手札・発表アシスタント"),
    "assistant_lead": ("Tap the cards you hold. Your hand stays on this phone: it is only used to ask what you "
                       "could publish, and the server keeps none of it.",
                       "持っているカードをタップしてください。手札はこの端末にだけ保存され、発表できる論文を"
                       "調べるときに使うだけで、サーバーには残りません。"),
    "assistant_choose_seat": ("First choose which player this device is: the assistant works for one seat.",
                              "先に、この端末がどのプレイヤーかを選んでください。アシスタントは席ごとに働きます。"),
    "assistant_watching": ("This device is just watching. Each player uses the assistant on their own phone.",
                           "この端末は「見ているだけ」です。アシスタントは各プレイヤーが自分のスマホで使います。"),
    "assistant_jump": ("My hand ↓", "自分の手札 ↓"),
    "assistant_hand_legend": ("Cards in {name}’s hand", "{name}さんの手札"),
    "assistant_clear": ("Clear my hand", "手札をクリア"),
    "assistant_options": ("What you could publish", "発表できる論文"),
    "assistant_nojs": ("The assistant needs JavaScript in this browser.",
                       "アシスタントを使うにはJavaScriptが必要です。"),
    "assistant_off": ("Publish assistant is off at this table.", "この卓では発表アシスタントはオフです。"),
    "assistant_turn_off": ("Turn off for everyone…", "全員オフにする…"),
    "assistant_off_confirm": ("Turn the assistant off on every device at this table? Nobody sees suggestions "
                              "until someone turns it back on.",
                              "この卓のすべての端末でアシスタントをオフにしますか？ 誰かがオンに戻すまで、"
                              "提案は表示されません。"),
    "assistant_off_yes": ("Yes, turn it off", "オフにする"),
    "assistant_turn_on": ("Turn it back on", "オンに戻す"),
    "assistant_now_off": ("The publish assistant is now off for everyone at this table.",
                          "この卓の全員について、発表アシスタントをオフにしました。"),
    "assistant_now_on": ("The publish assistant is on again.", "発表アシスタントをオンに戻しました。"),
    "h_hints_off": ("The publish assistant was turned off for the table.", "発表アシスタントがオフになりました。"),
    "h_hints_on": ("The publish assistant was turned back on.", "発表アシスタントがオンになりました。"),
    "hint_spend": ("Spends {n} {word}: {m} placed", "手札{n}枚：{m}枚を出す"),
    "hint_spend_gift": ("Spends {n} {word}: {m} placed + {gifts}", "手札{n}枚：{m}枚を出す＋{gifts}"),
    "hint_give_part": ("{n} given to {name}", "{name}さんに{n}枚渡す"),
    "hint_completes": ("completes at once", "即完成"),
    "hint_review": ("starts under review", "査読中から"),
    "hint_cites": ("Cites {list}", "引用：{list}"),
    "hint_cite_item": ("#{id} {owner}’s {paper}", "#{id} {owner}さんの{paper}"),
    "hint_cite_own": ("#{id} your {paper} (free)", "#{id} 自分の{paper}（無料）"),
    "hint_use": ("Use this", "これを使う"),
    "hint_use_label": ("Use this: {paper}", "これを使う：{paper}"),
    "hint_not_turn": ("Usable on your turn", "自分の番に使えます"),
    "hint_none": ("Nothing publishable with these cards yet.", "この手札で発表できる論文はまだありません。"),
    "hint_empty": ("Tap the cards in your hand to see what you could publish.",
                   "手札のカードをタップすると、発表できる論文が表示されます。"),
    "hint_found_1": ("1 paper you could publish", "発表できる論文：1件"),
    "hint_found_n": ("{n} papers you could publish", "発表できる論文：{n}件"),
    "hand_count": ("You entered {n} of {total} cards.", "{total}枚中{n}枚を入力済み。"),
    "hand_count_all": ("✓ All {total} cards entered.", "✓ {total}枚すべて入力済み。"),
    "hand_count_none": ("The table says you hold {total} cards.", "卓の記録では手札は{total}枚です。"),
    "hand_count_over": ("You entered {n} cards, but the table says you hold {total}.",
                        "{n}枚入力しましたが、卓の記録では手札は{total}枚です。"),
    "hand_removed": ("{cards} went onto the table and left your hand.", "{cards}は場に出たので手札から外しました。"),
})

#: Short reason per refusal code for the live match list (the full sentences come from the engine).
MATCH_REASONS: dict[str, tuple[str, str]] = {
    "already_owned": ("already owned", "所持済み"),
    "supply_empty": ("none left", "残りなし"),
    "hand_too_small": ("hand too small", "手札不足"),
    "card_on_table": ("a card is on the table", "場にあるカードを含む"),
    "rank_exhausted": ("too many of a rank", "ランクの枚数超過"),
    "no_hand_card": ("needs a card from the hand", "手札から1枚以上必要"),
    "endflag_pending": ("End Flag first", "先にエンドフラグ"),
    "cite_not_complete": ("cited paper under review", "引用先が査読中"),
}

# --- the table's own deck (R1): start page editor, rules page ---
TEXT.update({
    "deck_title": ("Your deck", "お手元のデッキ"),
    "deck_summary_default": ("Deck: {name} (this server’s deck) · see or change",
                             "デッキ：{name}（このサーバーの標準）· 確認・変更"),
    "deck_summary_custom": ("Deck: {name} (as the last table had it) · see or change",
                            "デッキ：{name}（前回の卓と同じ）· 確認・変更"),
    "deck_help": ("Tick the ranks each suit of your real Seven deck holds: 7 suits, 49 cards, no card twice. "
                  "The table keeps this deck for good; the next table starts from it.",
                  "お手元のセブンの各スートが持つランクにチェックを入れてください（7スート・49枚・同じカードなし）。"
                  "この卓はずっとこのデッキを使い、次の卓もここから始まります。"),
    "deck_use_default": ("Use this server’s deck instead (deck.json)", "このサーバーの標準デッキ（deck.json）に戻す"),
    "deck_name_en": ("Deck name (English)", "デッキ名（英語）"),
    "deck_name_ja": ("Deck name (Japanese)", "デッキ名（日本語）"),
    "deck_suit_en": ("Name (English)", "名前（英語）"),
    "deck_suit_ja": ("Name (Japanese)", "名前（日本語）"),
    "deck_symbol": ("Symbol", "記号"),
    "deck_ranks": ("Ranks", "ランク"),
    "deck_count_label": ("Cards", "枚数"),
    "deck_count": ("{n} of {total} cards", "{total}枚中{n}枚"),
    "rules_table_deck": ("This table’s deck: {name}", "この卓のデッキ：{name}"),
    "rules_back": ("Back to the table", "卓に戻る"),
    "suit_ranks": ("{first}–{last}", "{first}〜{last}"),
})

# --- spoken announcements (speech synthesis, on devices that turn it on) and the banner ---
TEXT.update({
    "speak_turn": ("{name}’s turn.", "{name}さんの番です。"),
    "speak_endflag": ("{name} lays the End Flag.", "{name}さんがエンドフラグを出します。"),
    "speak_countdown": ("Final round: {n} turns left.", "最終ラウンド、残り{n}ターン。"),
    "speak_last": ("Final round: the last turn.", "最終ラウンド、最後のターン。"),
    "news_label": ("Announcement", "お知らせ"),
    # what to do with the real cards after a move (todo.py)
    "todo_title": ("With the real cards", "実物のカードで"),
    "todo_draw2": ("Draw 2 from the deck, keep 1, put the other face up on the discard pile.",
                   "山札から2枚引き、1枚を手札に、もう1枚を表向きで捨て札に置きます。"),
    "todo_take_discard": ("Take the top card of the discard pile.", "捨て札の一番上を取ります。"),
    "todo_take_last": ("Take the one card left (deck or discard pile).", "残っている1枚（山札か捨て札）を取ります。"),
    "todo_reshuffle": ("Deck empty: shuffle the {n} discards into a new deck, then draw 2, keep 1, discard 1.",
                       "山札がありません。捨て札{n}枚を混ぜて新しい山札にし、2枚引いて1枚を残し、1枚を捨てます。"),
    "todo_last_then_reshuffle": ("Draw the last deck card, shuffle the {n} discards into a new deck and draw 1 "
                                 "more; keep 1 of the 2, discard the other.",
                                 "山札の最後の1枚を引き、捨て札{n}枚を混ぜて新しい山札にしてもう1枚引きます。"
                                 "2枚のうち1枚を残し、もう1枚を捨てます。"),
    "todo_lay": ("Lay {cards} in a row under the {paper} paper (#{id}).",
                 "{cards}を{paper}の論文カード（#{id}）の下に並べます。"),
    "todo_give_one": ("Give {n} from your hand to {names}.", "手札から{names}さんに{n}渡します。"),
    "todo_give_each": ("Give {n} each from your hand to {names}.", "手札から{names}さんに{n}ずつ渡します。"),
    "todo_give_part": ("{n} to {name}", "{name}さんに{n}"),
    "todo_give_list": ("From your hand, give {list}.", "手札から{list}渡します。"),
    "todo_receive": ("{name} gives you {n} from their hand (a citation).",
                     "{name}さんから手札を{n}受け取ります（引用）。"),
    "todo_review": ("Take {card} from {owner}’s paper #{id} into your hand.",
                    "{owner}さんの論文 #{id} から{card}を手札に取ります。"),
    "todo_reviewed": ("{name} takes {card} from your paper #{id}.",
                      "{name}さんがあなたの論文 #{id} から{card}を取ります。"),
    "todo_endflag": ("Lay {card} with the End Flag in front of you.", "{card}をエンドフラグと一緒に手元に置きます。"),
    "todo_for": ("{name}: {what}", "{name}さん：{what}"),
    # the picker: citations next to the grid, filtered by the selection; the assistant in one tap
    "cite_fit_note": ("Showing the papers that make a meld with your cards.",
                      "選んだカードと役になる論文だけを表示しています。"),
    "cite_show_all": ("Show all", "すべて表示"),
    "fill_from_hand": ("From my hand", "自分の手札から"),
    # the turn-aware action bar
    "playing_now": ("{name} is playing", "{name}さんの番です"),
    "act_for": ("Act for {name}…", "{name}さんの代わりに操作…"),
    "act_for_help": ("This is {me}’s phone. A move made here is {name}’s, and the history notes it came from "
                     "this phone.", "この端末は{me}さんのものです。ここでの操作は{name}さんの手として記録され、"
                     "この端末からだったことも履歴に残ります。"),
})

LAMINATE = Texts(TEXT, COMMON)


def t(key: str, lang: str, **params: Any) -> str:
    return LAMINATE.t(key, lang, **params)

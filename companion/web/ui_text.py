"""The sentences of the pages' frame (home, header, join, seats, undo, errors), in English and Japanese.
Game words come from each game's texts; words every game shares from ``companion.games.texts``.

Player names reach these strings only as parameters; templates render the result with autoescape on, and
the few strings that carry markup are never built from user data.
"""

from __future__ import annotations

from typing import Any

from ..games.texts import COMMON, Texts
from .plays_text import PLAYS

FRAME = Texts({
    'acting_for': ('Any device can act for the active player.', 'どの端末からでも手番の人の操作ができます。'),
    'ann_title': ('News of the table', '卓のお知らせ'),
    'back_home': ('Back to the start page', 'はじめのページへ'),
    'back_table': ('Back to the table', '卓に戻る'),
    'bad_form': ("The form was not understood. Reload the page and try again.",
                 "フォームの内容を読み取れませんでした。ページを再読み込みしてからもう一度どうぞ。"),
    'brand': ('Table Companion', '卓のおとも'),
    'brand_sub': ('for the games on your table', 'カード・タイル・ダイスのゲームに'),
    'close': ('Close', '閉じる'),
    'create': ('Start the table', '卓をはじめる'),
    'done_notice': ('Done: {what}', '完了：{what}'),
    'example_names': ('Hilbert, Noether, Banach…', 'ヒルベルト、ネーター、バナッハ…'),
    'footer_note': ('Runs on this network only. No data leaves the server.',
                    'このネットワーク内だけで動きます。データは外に出ません。'),
    'form_missing': ('Something was missing from the form: {what}.', 'フォームに足りない項目があります：{what}。'),
    'home_lead': ("Play with your real cards, tiles and dice. This app keeps what is public, checks every move "
                  "before the pieces move, and lets every phone at the table follow along.",
                  "カードやタイル、ダイスは手元の本物を使います。このアプリは公開情報を記録し、動かす前に手を確かめ、"
                  "卓の全員のスマホに届けます。"),
    'game_legend': ('Which game?', 'どのゲーム？'),
    'game_players': ('{lo}–{hi} players', '{lo}〜{hi}人'),
    'options_legend': ('Options', 'オプション'),
    'rules_of': ('Rules of {game}', '{game}のルール'),
    'rules_index': ('Rules', 'ルール'),
    'home_title': ('Start a table', '卓をはじめる'),
    'http_404': ('Page not found', 'ページが見つかりません'),
    'http_405': ('Not available this way', 'この方法では開けません'),
    'http_413': ('Too much was sent', '送信内容が大きすぎます'),
    'http_error': ('Request not accepted', 'リクエストを受け付けられませんでした'),
    'join': ('Join', '参加'),
    'join_help': ("Scan with a phone's camera to open this table with full access.",
                  'スマホのカメラで読み取ると、この卓を操作できる状態で開きます。'),
    'join_qr_alt': ("QR code of the players' link to this table", 'この卓のプレイヤー用リンクのQRコード'),
    'join_title': ('Join this table', 'この卓に参加'),
    'lang_switch': ('日本語', 'English'),
    'lang_switch_label': ('Language', '言語'),
    'me_change': ('Change', '変更'),
    'me_is': ('This device: {name}', 'この端末：{name}'),
    'me_none': ('Just watching', '見ているだけ'),
    'me_set': ('This is me', 'これが自分'),
    'nav_rules': ('Rules', 'ルール'),
    'not_found_text': ('This link does not lead to a table on this server.',
                       'このリンクの卓はこのサーバーにありません。'),
    'not_found_title': ('No such table', '卓が見つかりません'),
    'nothing_to_undo': ('Nothing to undo yet.', '取り消せる手はまだありません。'),
    'optional': ('optional', '任意'),
    'player_link': ("Players' link", 'プレイヤー用リンク'),
    'players_help': ('{lo} to {hi} players. Leave the last fields empty for fewer.',
                     '{lo}〜{hi}人。少ないときは下の欄を空けてください。'),
    'players_help_any': ('Leave the last fields empty for fewer players.', '少ないときは下の欄を空けてください。'),
    'players_legend': ('Players in seat order (clockwise)', 'プレイヤー（時計回りの席順）'),
    'read_only_title': ('Read-only link', '閲覧専用リンク'),
    'readonly_badge': ('Read-only view', '閲覧専用'),
    'recent_closed': ('closed (no moves for a long time)', '閉じた卓（長く操作がなかったため）'),
    'recent_moves': ('{n} moves', '{n}手'),
    'recent_none': ('No tables yet.', 'まだ卓はありません。'),
    'recent_over': ('finished', '終了'),
    'recent_rejoin': ('Rejoin', '再参加'),
    'recent_started': ('started', '開始'),
    'recent_title': ('Tables on this server', 'このサーバーの卓'),
    'recent_title_own': ('Your tables', 'あなたの卓'),
    'recent_watch': ('watch only: scan the table’s QR to play', '観戦のみ（参加は卓のQRから）'),
    'seat_n': ('Seat {n}', '{n}番目の席'),
    'skip': ('Skip to content', '本文へ移動'),
    'sound_label': ('Sound and vibration for announcements', 'お知らせの音と振動'),
    'speak_on': ('Speak: on', '読み上げ：オン'),
    'speak_off': ('Speak: off', '読み上げ：オフ'),
    'speak_label': ('Say announcements aloud on this device', 'この端末でお知らせを読み上げる'),
    # table-centre mode: a tablet lying in the middle of the table
    'centre_title': ('Table centre', 'テーブル中央'),
    'centre_enter': ('Table-centre mode (for a tablet in the middle of the table)',
                     'テーブル中央モード（卓の真ん中に置くタブレット向け）'),
    'centre_leave': ('Leave table-centre mode', 'テーブル中央モードを終了'),
    'centre_join': ('Scan to join and play', '読み取って参加'),
    'centre_view': ('Scan to watch (read-only)', '読み取って観戦（閲覧のみ）'),
    'centre_join_qr': ("QR code of the players' link", 'プレイヤー用リンクのQRコード'),
    'centre_view_qr': ('QR code of the read-only link', '閲覧用リンクのQRコード'),
    'stale_friendly': ("Someone changed the table while you were looking. Here is the table as it is now; "
                       "check it and try again.",
                       "見ている間に卓が更新されました。いまの卓を表示しています。確認してもう一度どうぞ。"),
    'start_label': ('Start player', 'スタートプレイヤー'),
    'start_random': ('Random', 'ランダム'),
    'start_seat': ('Seat {n}', '{n}番目の席'),
    'table_lang': ('Language on this device', 'この端末の言語'),
    'table_title': ('Table', '卓'),
    'view_link': ('Read-only link for spectators or a big screen', '観戦・大画面用の閲覧専用リンク'),
    'who_are_you': ('Which player is this device?', 'この端末はどのプレイヤーですか？'),
    'who_help': ("Only used to say “your turn” here. Any device can still act for the active player.",
                 "「あなたの番」を表示するためだけに使います。操作はどの端末からでも手番の人の代わりにできます。"),
}, PLAYS, COMMON)  # PLAYS: the plays pages and "play again" (web/plays_text.py)

#: Frame sentences the scripts need (the live-update and announcement code).
JS_TEXT = ("sound_on", "sound_off", "speak_on", "speak_off", "refused", "js_network", "js_reload")

TEXT = FRAME


def t(key: str, lang: str, **params: Any) -> str:
    return FRAME.t(key, lang, **params)

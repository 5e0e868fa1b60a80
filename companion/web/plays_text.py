"""Sentences of the plays pages (Plays, Players) and of "play again" on every table's end screen, in English
and Japanese. The frame's texts (``ui_text.FRAME``) look here too. Names only ever arrive as parameters."""

from __future__ import annotations

from ..games.texts import Texts

PLAYS = Texts({
    # --- play again (the end screen of every game) ---
    "again_button": ("Play again", "もう一度遊ぶ"),
    "again_help": ("Same players and seats, same options; {name} starts.",
                   "同じメンバー・同じ席・同じオプションで。スタートは{name}さん。"),
    "again_ready": ("The next game is ready.", "次のゲームの卓ができました。"),
    "again_go": ("Go to the new table", "新しい卓へ"),
    "h_next_table": ("Play again: a new table with the same players.",
                     "もう一度：同じメンバーで新しい卓を作りました。"),
    # --- navigation ---
    "nav_plays": ("Plays", "プレイ記録"),
    "nav_players": ("Players", "プレイヤー"),
    "plays_links": ("Your plays", "これまでの記録"),
    # --- Plays ---
    "plays_title": ("Plays", "プレイ記録"),
    "plays_lead": ("Every table played on this server. An unfinished one can be reopened: nothing is lost when a "
                   "tab closes or the server restarts.",
                   "このサーバーで遊んだ卓の一覧です。終わっていない卓はここから再開できます。タブを閉じても、"
                   "サーバーを再起動しても消えません。"),
    "plays_none": ("No plays yet.", "まだ記録はありません。"),
    "plays_none_filtered": ("No plays match.", "条件に合う記録はありません。"),
    "plays_filter": ("Show", "表示"),
    "plays_all_games": ("All games", "すべてのゲーム"),
    "plays_all": ("All", "すべて"),
    "status_finished": ("Finished", "終了"),
    "status_running": ("In progress", "進行中"),
    "plays_of": ("Plays of {name}", "{name}さんの記録"),
    "plays_clear": ("Show everyone", "全員を表示"),
    "play_continue": ("Continue", "再開"),
    "play_watch": ("Watch", "観戦"),
    "play_open": ("Open", "開く"),
    "play_minutes": ("{n} min", "{n}分"),
    "play_started_by": ("started", "スタート"),
    "play_won": ("won", "勝ち"),
    "play_score": ("{n} points", "{n}点"),
    "play_place": ("#{n}", "{n}位"),
    "play_team_won": ("Won together", "全員の勝ち"),  # a cooperative game's result
    "play_team_lost": ("Lost together", "全員の負け"),
    "play_count": ("Plays: {n}", "{n}件"),
    "plays_more": ("Show more", "さらに表示"),
    "exports_title": ("Take your plays along", "記録を書き出す"),
    "export_csv_all": ("CSV (spreadsheet)", "CSV（表計算）"),
    "export_bgstats": ("BG Stats (JSON)", "BG Stats（JSON）"),
    "export_help": ("The JSON file opens in the Board Game Stats app, which imports the finished plays.",
                    "JSONファイルはBoard Game Statsアプリで開くと、終了したプレイを取り込めます。"),
    # --- Players ---
    "players_title": ("Players", "プレイヤー"),
    "players_lead": ("Finished plays per player, per game. Names are matched exactly as typed at the table.",
                     "プレイヤーごと・ゲームごとの終了したプレイの記録です。名前は卓で入力したとおりに照合します。"),
    "players_none": ("No finished plays yet.", "終了したプレイはまだありません。"),
    "col_game": ("Game", "ゲーム"),
    "col_plays": ("Plays", "回数"),
    "col_wins": ("Wins", "勝ち"),
    "col_average": ("Average", "平均"),
    "col_best": ("Best", "最高"),
    "player_summary": ("{plays} played · {wins} won", "{plays}回 · {wins}勝"),
    "player_plays_link": ("See the plays", "記録を見る"),
    "no_score": ("—", "—"),
})

"""The table options of Rummikub (base.Option specs): where editions differ, the seed's choice is the default."""

from __future__ import annotations

from ..base import Option

OPTIONS: tuple[Option, ...] = (
    Option("initial_meld_min", "int", 30, ("Initial meld minimum", "最初に出す合計の下限"), minimum=1, maximum=100,
           help=("RK6: the sets of a player's first play must add up to at least this.",
                 "RK6：最初に出す組の数字の合計はこの値以上が必要です。")),
    Option("joker_penalty", "choice", 50, ("Joker left on a rack", "手牌に残ったジョーカーの失点"), choices=(50, 30),
           choice_labels={50: ("50 points (source text)", "50点（出典）"),
                          30: ("30 points (printed rules)", "30点（説明書）")},
           help=("RK10: points a joker costs at the end of a round (50 in the source text, 30 in the printed rules).",
                 "RK10：ラウンド終了時に手牌に残ったジョーカーの失点（出典では50、製品の説明書では30）。")),
    Option("turn_timer", "choice", 60, ("Turn timer", "手番の制限時間"), choices=(0, 30, 60, 120),
           choice_labels={0: ("Off", "なし"), 30: ("30 seconds", "30秒"), 60: ("1 minute", "1分"),
                          120: ("2 minutes", "2分")},
           help=("RK9: 0 turns the timer off. The timer is advisory: the table decides when time is up.",
                 "RK9：0で制限時間なし。時間切れかどうかは卓の皆さんが判断します（目安です）。")),
    Option("timeout_penalty_tiles", "int", 3, ("Tiles drawn on a timeout", "時間切れで引く枚数"), minimum=0, maximum=5,
           help=("RK9: a player out of time draws this many tiles (fewer if the pool runs out).",
                 "RK9：時間切れの人はこの枚数を山から引きます（山が足りなければ残りすべて）。")),
    Option("joker_sets_locked", "bool", False, ("Sets with a joker are locked", "ジョーカーを含む組は固定"),
           help=("RK8 variant: a set holding a joker may be extended but not broken up or rearranged.",
                 "RK8のバリアント：ジョーカーを含む組は継ぎ足しはできますが、崩したり並べ替えたりできません。")),
    Option("blocked_scoring", "choice", "difference", ("Scoring when the pool runs out", "山切れ時の得点"),
           choices=("difference", "plain"),
           choice_labels={"difference": ("Difference to the lowest rack", "最少の手牌との差"),
                          "plain": ("Whole rack", "手牌の合計")},
           help=("RK11: the lowest rack wins; others lose the difference to it, or their whole rack (plain).",
                 "RK11：手牌の合計が最も少ない人の勝ち。他の人はその差（difference）か、手牌の合計（plain）を失います。")),
    Option("hints", "bool", True, ("Best-play assistant", "最善手アシスタント"), setting=True,
           help=("Each player may keep their rack on their own phone and see the play that lays the most tiles. "
                 "A table switch turns it off for everyone.",
                 "各自の端末に自分の手牌を入力すると、最も多くのタイルを出せる手が表示されます。卓の設定で全員分オフにできます。")),
    Option("rounds", "int", 3, ("Rounds in the match", "ラウンド数"), minimum=1, maximum=20,
           help=("RK12: the highest running total after this many rounds wins.",
                 "RK12：このラウンド数を終えた時点で合計点が最も高い人の勝ちです。")),
)

"""Paper cards (R2): the scoring cards of the central supply."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PaperType:
    id: str
    ja: str
    en: str
    points: int
    copies: int
    rule_en: str
    rule_ja: str

    def name(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en

    def rule(self, lang: str) -> str:
        return self.rule_ja if lang == "ja" else self.rule_en


_T = PaperType
PAPER_TYPES: tuple[PaperType, ...] = (
    _T("straight5", "5ストレート", "5-Straight", 1, 4, "5 cards in a run of ranks", "ランクが連続する5枚"),
    _T("straight7", "7ストレート", "7-Straight", 3, 3, "7 cards in a run of ranks", "ランクが連続する7枚"),
    _T("straight9", "9ストレート", "9-Straight", 5, 2, "9 cards in a run of ranks", "ランクが連続する9枚"),
    _T("straight11", "11ストレート", "11-Straight", 9, 1, "11 cards in a run of ranks", "ランクが連続する11枚"),
    _T("kind3", "3カード", "Three of a Kind", 1, 4, "3 cards of the same rank", "同じランク3枚"),
    _T("kind5", "5カード", "Five of a Kind", 4, 3, "5 cards of the same rank", "同じランク5枚"),
    _T("pairs3", "スリーペア", "Three Pairs", 2, 3, "2 cards each of 3 different ranks",
       "異なる3つのランクを2枚ずつ"),
    _T("pairs4", "フォーペア", "Four Pairs", 5, 2, "2 cards each of 4 different ranks",
       "異なる4つのランクを2枚ずつ"),
    _T("triple3", "トリプルスリー", "Triple Three", 7, 1, "3 cards each of 3 different ranks",
       "異なる3つのランクを3枚ずつ"),
    _T("flush4", "4ストフラ", "4-Straight Flush", 4, 2, "4 cards of one suit in a run of ranks",
       "同じスートでランクが連続する4枚"),
    _T("flush6", "6ストフラ", "6-Straight Flush", 7, 2, "6 cards of one suit in a run of ranks",
       "同じスートでランクが連続する6枚"),
    _T("sum49", "49", "Forty-Nine", 2, 4, "any number of cards whose ranks add up to exactly 49",
       "枚数自由、ランクの合計がちょうど49"),
    _T("sum100", "100+", "Hundred Plus", 6, 1, "any cards whose ranks add up to 100 or more",
       "枚数自由、ランクの合計が100以上"),
    _T("ak", "AK", "A-K", 2, 1, "one A and one K", "AとKを1枚ずつ"),
    _T("evens", "オールイーブン", "All Even", 6, 1, "one each of 2, 4, 6, 8, 10 and Q",
       "2・4・6・8・10・Qを1枚ずつ"),
    _T("endflag", "エンドフラグ", "End Flag", 1, 1, "not published: taken by the player who ends the game",
       "発表できない。終了条件を満たしたプレイヤーが受け取る"),
)

PAPERS: dict[str, PaperType] = {p.id: p for p in PAPER_TYPES}
PAPER_IDS: tuple[str, ...] = tuple(PAPERS)
ENDFLAG = "endflag"
#: Types a player can publish (everything but the End Flag, which R16 awards).
PUBLISHABLE: tuple[str, ...] = tuple(p for p in PAPER_IDS if p != ENDFLAG)
#: Points a player must have in complete papers to meet the end condition (R15).
END_THRESHOLD = 15

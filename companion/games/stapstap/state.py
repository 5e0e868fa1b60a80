"""The table of すたっぷすたっぷ as immutable values (docs/rules-stapstap.md).

Everything is public except ``Box.face`` in phone-box mode (ST4): the parent's phone alone may see it until
a doubt reveals it, so every output path goes through ``state_json.state_to_json``, which hides it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..enums import StrEnum

TOTAL_DICE = 21  # ST1
TOTAL_COINS = 6
START_DICE = 3  # ST2a
START_COINS = 1
CARDS_PER_GAME = 3
FACES = (1, 2, 3, 4, 5, 6)
MIN_PLAYERS, MAX_PLAYERS = 3, 6


class Mode(StrEnum):
    """ST4: how the die is rolled (the table option ``mode``)."""

    DICE = "dice"  # real dice in the real box: the face is typed in only if someone doubts
    BOX = "box"  # the phone is the box: the server rolls, only the parent's proven phone sees the face


class Step(StrEnum):
    """Where a game stands (ST3): set-up (cards, points) → start (effects ①②, roll, skip) → rolled (③ or
    declare) → challenge (pass or doubt) → reveal (real dice: the face is typed in) → pay or take → the next
    parent's start … → scored (game 1 over) → over (both games over)."""

    SETUP = "setup"
    START = "start"
    ROLLED = "rolled"
    CHALLENGE = "challenge"
    REVEAL = "reveal"
    PAY = "pay"
    TAKE = "take"
    SCORED = "scored"
    OVER = "over"


PLAYING = (Step.START, Step.ROLLED, Step.CHALLENGE, Step.REVEAL, Step.PAY, Step.TAKE)  # a parent's turn runs


class Paid(StrEnum):
    """How a doubt was settled (ST7): a die or a coin paid, or a die taken from the doubter's card."""

    DIE = "die"
    COIN = "coin"
    CARD = "card"


def default_points() -> tuple[tuple[int, ...], ...]:
    """ST2d marked default: 10 − 2·|face − card|; row = card 1–6, column = face 1–6."""
    return tuple(tuple(10 - 2 * abs(face - card) for face in FACES) for card in FACES)


@dataclass(frozen=True)
class Slot:
    """One task card in play and the die on it (face up as declared), if any."""

    card: int
    face: int | None = None


@dataclass(frozen=True)
class Player:
    dice: int = START_DICE  # materials
    coins: int = START_COINS
    slots: tuple[Slot, ...] = ()  # the three cards of this game (empty during set-up until entered)
    out: bool = False  # ST11 eliminated

    @property
    def card_dice(self) -> int:
        return sum(1 for s in self.slots if s.face is not None)

    @property
    def full(self) -> bool:
        return len(self.slots) == CARDS_PER_GAME and self.card_dice == CARDS_PER_GAME


@dataclass(frozen=True)
class Box:
    """The die in the box (ST4). ``face`` is the secret true face in box mode (None with real dice, or in a
    dry run before the server rolled); ``commit`` is the public hash of face and salt."""

    face: int | None = None
    salt: str | None = None
    commit: str | None = None
    declared: int | None = None  # ST5
    card: int | None = None  # the declared card (its number 1–6)


@dataclass(frozen=True)
class Doubt:
    """The doubt being settled, then the last one settled (public: the face is revealed, ST7)."""

    parent: int
    doubter: int
    declared: int
    card: int  # the declared card number
    face: int | None = None  # the revealed true face (None while real dice wait for ``reveal``)
    salt: str | None = None
    commit: str | None = None
    payer: int | None = None  # who pays (ST7a doubter, ST7b parent), None when a card die is taken
    paid: Paid | None = None
    card_taken: int | None = None  # ST7a: the doubter's card whose die the parent took


@dataclass(frozen=True)
class State:
    names: tuple[str, ...]
    mode: Mode
    first: int  # the first parent of game 1 (ST2c)
    players: tuple[Player, ...]
    bank_dice: int
    bank_coins: int
    points: tuple[tuple[int, ...], ...]
    game: int = 1
    step: Step = Step.SETUP
    parent: int = 0
    box: Box | None = None
    asked: tuple[int, ...] = ()  # seats that passed this round, in order (ST6)
    doubt: Doubt | None = None  # being settled (steps reveal/pay/take) or the last settled
    skips: int = 0  # skips in a row (ST13)
    rolls: int = 0  # rolls this game (for history and tests)
    unused: tuple[tuple[int, ...], ...] = ()  # per seat: the cards kept for game 2 (ST2b); empty until known
    scores: tuple[tuple[int, ...], ...] = ()  # per finished game: one score per seat
    extra_short: int = 0  # ST16c: extra dice the bank could not give at the start of game 2

    @property
    def n(self) -> int:
        return len(self.names)

    def with_player(self, seat: int, **changes: Any) -> State:
        players = list(self.players)
        players[seat] = replace(players[seat], **changes)
        return replace(self, players=tuple(players))

    def active_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if not p.out]

    def to_ask(self) -> list[int]:
        """ST6: the players still to answer, in order from the parent's left, eliminated ones left out."""
        order = [(self.parent + k) % self.n for k in range(1, self.n)]
        return [s for s in order if not self.players[s].out and s not in self.asked]

    @property
    def over(self) -> bool:
        return self.step == Step.OVER

    def dice_total(self) -> int:
        """ST15: every die of the game, wherever it is."""
        on_cards = sum(p.card_dice for p in self.players)
        return self.bank_dice + sum(p.dice for p in self.players) + on_cards + (1 if self.box else 0)

    def coin_total(self) -> int:
        return self.bank_coins + sum(p.coins for p in self.players)

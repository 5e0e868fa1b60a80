"""すたっぷすたっぷ's actions (docs/api.md, すたっぷすたっぷ), each declared once: the JSON parser, the form reader,
the log's JSON and the OpenAPI schema all come from these declarations. Cards are named by their number (1–6),
never by position. ``player`` (every action has it) is checked by the platform against ``rules.actor``.

Secret fields: ``Roll.face``/``Roll.salt`` are filled in by the server in phone-box mode (``box.prepare``) and
left out of every output (``box.redact_action``); a ``DoubtCall`` carries the revealed face and salt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ..fields import Choice, Seat
from ..moves import ActionSet, Move, Posted
from .action_fields import CARD, TASK_CARDS, Dealt, Face, Hex, PointsTable, bad_cards
from .state import FACES, default_points

SECRET = "Phone box: filled in by the server; whatever a request sends is replaced."


@dataclass(frozen=True)
class Cards(Move, kind="cards"):
    """ST2b: one player's three task cards, typed in during set-up (may be sent again until play begins)."""

    seat: Annotated[int, Seat(doc="The player whose cards these are.")]
    cards: Annotated[tuple[int, ...], TASK_CARDS]

    @classmethod
    def form_fields(cls, posted: Posted) -> Posted:
        """No card ticked is no three cards (ST2b): said so, not as a missing field."""
        if not any(text.strip() for text in posted.get("cards", ())):
            raise bad_cards()
        return posted


@dataclass(frozen=True)
class Deal(Move, kind="deal"):
    """ST2b: three task cards drawn at random for every seat that has none yet."""

    cards: Annotated[tuple[tuple[int, ...] | None, ...] | None, Dealt()] = None


@dataclass(frozen=True)
class Points(Move, kind="points"):
    """ST2d: the points printed on the cards, typed in during set-up."""

    table: Annotated[tuple[tuple[int, ...], ...], PointsTable()]

    @classmethod
    def form_fields(cls, posted: Posted) -> Posted:
        """The page's points table posts one field per cell (``p_<card>_<face>``): row by row, they are
        ``table``."""
        cells = [text for card in FACES for face in FACES for text in posted.get(f"p_{card}_{face}", [""])[:1]]
        return {**{k: v for k, v in posted.items() if not k.startswith("p_")}, "table": cells}


@dataclass(frozen=True)
class Begin(Move, kind="begin"):
    """ST2e: play begins (every player needs three task cards)."""


@dataclass(frozen=True)
class BankDie(Move, kind="bank_die"):
    """ST12①: the parent pays a coin for a die from the bank."""


@dataclass(frozen=True)
class Lift(Move, kind="lift"):
    """ST12②: the parent pays a coin and takes the die of one of their cards back into materials."""

    card: Annotated[int, CARD]


@dataclass(frozen=True)
class Roll(Move, kind="roll"):
    """ST4: the parent rolls a die from their materials into the box."""

    face: Annotated[int | None, Face(doc=SECRET)] = None
    salt: Annotated[str | None, Hex(doc=SECRET)] = None
    commit: Annotated[str | None, Hex(doc=f"{SECRET} The log shows it: sha256 of \"face:salt\".")] = None


@dataclass(frozen=True)
class Retract(Move, kind="retract"):
    """ST12③: the parent pays a coin and puts the rolled die back; the turn ends."""


@dataclass(frozen=True)
class Declare(Move, kind="declare"):
    """ST5: the parent names a face (true or not) and one of their empty cards."""

    face: Annotated[int, Face(doc="The face declared (it may be a lie).")]
    card: Annotated[int, CARD]


@dataclass(frozen=True)
class Skip(Move, kind="skip"):
    """ST10b: a parent who cannot roll but could use an effect chooses to be skipped."""


@dataclass(frozen=True)
class Pass(Move, kind="pass"):
    """ST6: the asked player lets the declaration stand."""


@dataclass(frozen=True)
class DoubtCall(Move, kind="doubt"):
    """ST6/ST7: the asked player doubts; the box is opened."""

    face: Annotated[int | None, Face(doc="Real dice only: the face the opened box shows (else a reveal follows). "
                                         "Phone box: filled in by the server.")] = None
    salt: Annotated[str | None, Hex(doc=SECRET)] = None


@dataclass(frozen=True)
class Reveal(Move, kind="reveal"):
    """ST7, real dice: the face the opened box shows."""

    face: Annotated[int, Face(doc="The face the opened box shows.")]


@dataclass(frozen=True)
class Pay(Move, kind="pay"):
    """ST7c: the payer chooses a die or a coin."""

    what: Annotated[str, Choice("die", "coin", doc="A die or a coin from the payer's materials.")]


@dataclass(frozen=True)
class Take(Move, kind="take"):
    """ST7a: the parent takes the die of this card of the doubter's (their materials are empty)."""

    card: Annotated[int, CARD]


@dataclass(frozen=True)
class NextGame(Move, kind="next_game"):
    """ST16: the second game is set up (``parent``: its first parent; the first game's by default)."""

    parent: Annotated[int | None, Seat(doc="The second game's first parent (ST16b).")] = None


Action = (Cards | Deal | Points | Begin | BankDie | Lift | Roll | Retract | Declare | Skip | Pass | DoubtCall
          | Reveal | Pay | Take | NextGame)
PARENT_ACTIONS = (BankDie, Lift, Roll, Retract, Declare, Skip)  # the parent's own turn (ST4, ST5, ST10b, ST12)
ACTIONS: ActionSet[Action] = ActionSet(
    Cards, Deal, Points, Begin, BankDie, Lift, Roll, Retract, Declare, Skip, Pass, DoubtCall, Reveal, Pay, Take,
    NextGame,
    examples=(Cards(0, (1, 3, 5)), Deal(), Points(default_points()), Begin(), BankDie(), Lift(2), Roll(), Retract(),
              Declare(5, 3), Skip(), Pass(player=1), DoubtCall(player=2), DoubtCall(face=4), Reveal(4), Pay("coin"),
              Take(2), NextGame(parent=1)),
)

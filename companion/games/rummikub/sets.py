"""RK4/RK5: is a list of tiles a run or a group, what each joker stands for, its value, its canonical form.

A run is read in the order given (a joker stands for the number its place implies); a run without jokers may
come in any order and is sorted. A group's tiles may come in any order; a joker in it stands for the group's
number in a missing colour, written ``"*10"``. Canonical table order: runs ascending, groups in colour order
with their jokers last.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .tiles import JOKER, colour, number, sort_key, sorted_tiles

KINDS = ("run", "group")
MIN_SET = 3
MAX_RUN = 13
MAX_GROUP = 4


@dataclass(frozen=True)
class TableSet:
    """A valid set as it lies on the table."""

    tiles: tuple[str, ...]
    kind: str  # "run" | "group"
    stands: tuple[str | None, ...]  # per tile: None, or what the joker there stands for ("r10", "*10")

    @property
    def value(self) -> int:
        """RK6: the sum of the numbers, a joker counting as the number it stands for."""
        return sum(number(s) if t == JOKER and s is not None else number(t) for t, s in zip(self.tiles, self.stands))


@dataclass(frozen=True)
class SetCheck:
    """What :func:`check_set` found: ``table_set`` when valid, else an error ``code`` with its params."""

    tiles: tuple[str, ...]  # canonical when valid, as given otherwise
    table_set: TableSet | None = None
    code: str | None = None
    numbers: tuple[int, ...] = ()  # run_gap: the missing numbers

    @property
    def valid(self) -> bool:
        return self.table_set is not None

    @property
    def value(self) -> int:
        if self.table_set is not None:
            return self.table_set.value
        return sum(number(t) for t in self.tiles if t != JOKER)


def check_set(tiles: Sequence[str], kind: str | None = None) -> SetCheck:
    """RK4/RK5: the set these (canonical) tiles make, or the single most helpful reason they make none."""
    tiles = tuple(tiles)
    if len(tiles) < MIN_SET:
        return SetCheck(tiles, code="set_too_short")
    reals = [t for t in tiles if t != JOKER]
    if not reals:
        return SetCheck(tiles, code="not_a_set")  # nothing fixes what the jokers stand for
    if kind is None:
        kind = _guess_kind(tiles, reals)
        if kind is None:
            return SetCheck(tiles, code=_mixed_code(reals))
        if kind == "run" and len(reals) == 1:
            # RK5 ambiguous (one tile, the rest jokers): the run by default, the group if only it fits
            run = _check_run(tiles, reals)
            return run if run.valid else (_check_group(tiles, reals) if len(tiles) <= MAX_GROUP else run)
    return _check_run(tiles, reals) if kind == "run" else _check_group(tiles, reals)


def _guess_kind(tiles: tuple[str, ...], reals: list[str]) -> str | None:
    one_colour = len({colour(t) for t in reals}) == 1
    one_number = len({number(t) for t in reals}) == 1
    if one_colour and (len(reals) == 1 or not one_number):
        return "run"
    if one_number:
        return "group"
    return None


def _mixed_code(reals: list[str]) -> str:
    """Neither colours nor numbers agree: name the kind the tiles come closest to."""
    by_colour = max(Counter(colour(t) for t in reals).values())
    by_number = max(Counter(number(t) for t in reals).values())
    if by_colour > by_number:
        return "run_mixed_colours"
    if by_number > by_colour:
        return "group_mixed_numbers"
    return "not_a_set"


def _check_run(tiles: tuple[str, ...], reals: list[str]) -> SetCheck:
    if len({colour(t) for t in reals}) > 1:
        return SetCheck(tiles, code="run_mixed_colours")
    if len(tiles) > MAX_RUN:
        return SetCheck(tiles, code="run_too_long")
    nums = [number(t) for t in reals]
    if len(set(nums)) < len(nums):
        return SetCheck(tiles, code="not_a_set")  # a number twice: no run (and one colour: no group)
    if len(reals) == len(tiles):  # no joker: any order will do
        nums.sort()
        missing = tuple(n for n in range(nums[0], nums[-1] + 1) if n not in nums)
        if missing:
            if nums[0] == 1 and nums[-1] == MAX_RUN and missing == tuple(range(missing[0], missing[-1] + 1)):
                return SetCheck(tiles, code="run_out_of_range")  # e.g. r12 r13 r1: 13 does not lead to 1
            return SetCheck(tiles, code="run_gap", numbers=missing)
        ordered = tuple(sorted(tiles, key=sort_key))
        return SetCheck(ordered, TableSet(ordered, "run", (None,) * len(ordered)))
    places = [i for i, t in enumerate(tiles) if t != JOKER]
    if any(b <= a for a, b in zip(nums, nums[1:])):
        return SetCheck(tiles, code="not_a_set")  # with jokers the order is what fixes their numbers
    missing_list: list[int] = []
    for (i, a), (j, b) in zip(zip(places, nums), zip(places[1:], nums[1:])):
        slots, need = j - i - 1, b - a - 1
        if need < slots:
            return SetCheck(tiles, code="not_a_set")  # more jokers between two tiles than numbers
        missing_list.extend(range(a + 1 + slots, b))
    if missing_list:
        return SetCheck(tiles, code="run_gap", numbers=tuple(missing_list))
    first = nums[0] - places[0]
    if first < 1 or first + len(tiles) - 1 > MAX_RUN:
        return SetCheck(tiles, code="run_out_of_range")
    col = colour(reals[0])
    stands = tuple(f"{col}{first + i}" if t == JOKER else None for i, t in enumerate(tiles))
    return SetCheck(tiles, TableSet(tiles, "run", stands))


def _check_group(tiles: tuple[str, ...], reals: list[str]) -> SetCheck:
    if len(tiles) > MAX_GROUP:
        return SetCheck(tiles, code="group_too_big")
    if len({number(t) for t in reals}) > 1:
        return SetCheck(tiles, code="group_mixed_numbers")
    if len({colour(t) for t in reals}) < len(reals):
        return SetCheck(tiles, code="group_repeated_colour")
    ordered = tuple(sorted_tiles(tiles))
    stand = f"*{number(reals[0])}"
    return SetCheck(ordered, TableSet(ordered, "group", tuple(stand if t == JOKER else None for t in ordered)))

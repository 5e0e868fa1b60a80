"""Words a game's state is in (a phase, a result) as enums whose members are their strings: JSON, templates
and comparisons with plain strings see "play", never "Step.PLAY" (``enum.StrEnum`` from Python 3.11, here for
3.10 too)."""

from __future__ import annotations

from enum import Enum


class StrEnum(str, Enum):
    """An enum of strings: ``Step.PLAY == "play"``, ``str(Step.PLAY) == "play"``, ``json.dumps`` writes "play"."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

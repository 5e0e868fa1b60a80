"""The table options of Rummikub (base.Option specs): where editions differ, the seed's choice is the default.
Their words are Rummikub's catalogs (``opt_<id>``, ``opt_<id>_help``, ``opt_<id>_<choice>``)."""

from __future__ import annotations

from ..base import Option
from .texts import RK

OPTIONS: tuple[Option, ...] = (
    Option("initial_meld_min", "int", 30, RK.msg("opt_initial_meld_min"), minimum=1, maximum=100,
           help=RK.msg("opt_initial_meld_min_help")),
    Option("joker_penalty", "choice", 50, RK.msg("opt_joker_penalty"), choices=(50, 30),
           choice_labels={c: RK.msg(f"opt_joker_penalty_{c}") for c in (50, 30)},
           help=RK.msg("opt_joker_penalty_help")),
    Option("turn_timer", "choice", 60, RK.msg("opt_turn_timer"), choices=(0, 30, 60, 120),
           choice_labels={c: RK.msg(f"opt_turn_timer_{c}") for c in (0, 30, 60, 120)},
           help=RK.msg("opt_turn_timer_help")),
    Option("timeout_penalty_tiles", "int", 3, RK.msg("opt_timeout_penalty_tiles"), minimum=0, maximum=5,
           help=RK.msg("opt_timeout_penalty_tiles_help")),
    Option("joker_sets_locked", "bool", False, RK.msg("opt_joker_sets_locked"),
           help=RK.msg("opt_joker_sets_locked_help")),
    Option("blocked_scoring", "choice", "difference", RK.msg("opt_blocked_scoring"), choices=("difference", "plain"),
           choice_labels={c: RK.msg(f"opt_blocked_scoring_{c}") for c in ("difference", "plain")},
           help=RK.msg("opt_blocked_scoring_help")),
    Option("hints", "bool", True, RK.msg("opt_hints"), setting=True, help=RK.msg("opt_hints_help")),
    Option("rounds", "int", 3, RK.msg("opt_rounds"), minimum=1, maximum=20, help=RK.msg("opt_rounds_help")),
)

"""Facts copied from the API contract (shared API.md), kept apart from the code on purpose: tests compare
the implementation with these, so they must not be derived from it. Not a test module."""

#: The error codes API.md lists, in its order.
API_CODES = (
    "stale", "nothing_to_undo", "not_your_turn", "game_over", "bad_card", "unknown_paper", "no_match",
    "supply_empty", "already_owned", "cite_unknown", "cite_not_complete", "cite_duplicate", "card_on_table",
    "duplicate_card", "rank_exhausted", "no_hand_card", "hand_too_small", "research_impossible",
    "discard_empty", "paper_unknown", "not_under_review", "card_not_in_paper", "pass_not_allowed",
    "endflag_pending", "no_endflag_pending", "endflag_not_publishable",
)

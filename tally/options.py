"""A game's options as a typed view, built once per replay (issue 12).

The game file's ``[options]`` are a mapping: the preset's documented options (``presets.py``,
every rules.md **Interpretation**) overridden by the file, checked there (``game.py``). The rules
read them through :class:`Options`: one field per option name. A field's value is the one home of
the option's default: a preset names the options its ruleset has and writes a value only where
its default differs (``presets._opts``); a ruleset without the option falls back on it too. Names
and meanings are the ones the README and rules.md document; nothing is renamed here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class Options:
    # every ruleset (presets.COMMON_OPTIONS)
    fuzzy: bool = True                      # vocabulary: fuzzy name matching
    fuzzy_threshold: float = 0.0            # 0: the name resolver's own default
    short_prefixes: bool = False            # a unique 3-letter prefix names a player
    learn_aliases_from_counts: bool = False  # issue 10: names taught by the moderator's counts
    dead_posts_allowed: int = 0             # C-08 allowance
    codes: bool = False                     # the reports': rule ids in a public post (--codes)
    # Palermo (PX-*, PC-*)
    window_first_vote: bool = False         # PX-03: a first vote in the window
    echo_delay_hours: int = 3               # PX-14
    absences_consecutive: int = 2           # PX-18/PC-05
    absences_total: int = 3                 # PX-18/PC-05
    murder_at_schedule: bool = False        # a murder without `at` at the schedule's hour
    reveal_on_absences: bool = False        # PX-18: role revealed
    block_covers_window: bool = True        # PX-09
    # mafia-baku (MB-*)
    lawyer_hours: int = 3                   # MB-05
    lawyer_saves: int = 2                   # MB-05
    no_vote_note: bool = True               # MB-06
    unmarked_votes: bool = False            # MB-02 (rev. 2)
    # lupus-mirtillo (LM-*)
    abstentions: int = 2                    # LM-01
    # mafia-forum-ru (MR-*)
    reason_words: int = 3                   # MR-02
    refusals: int = 2                       # MR-06
    # mafiascum (MS-*)
    deadline: str = "plurality"             # MS-03: "plurality" or "no-lynch"
    tie: str = "no-lynch"                   # MS-03: a tie at the deadline: "no-lynch" or
    #                                         "first-to-reach" (the first to the top count)
    majority: int = 0                       # MS-02: 0 = more than half of the living
    one_less_for_no_lynch: bool = False     # MS-02
    self_vote_counts: bool = False          # C-03 / MS convention
    lynches_per_day: int = 1                # MS-06
    unvote_required: bool = False           # MS-09
    votes_at_line_start: bool = False       # MS-01 house rule: a vote counts only at a line's start

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> Options:
        """The typed view of a game's options mapping; a name no field has is a bug (TypeError)."""
        unknown = sorted(set(options) - NAMES)
        if unknown:
            raise TypeError(f"options without a field in votal.tally.options.Options: {unknown}")
        return cls(**options)   # the values' types are checked by game._options


NAMES = frozenset(f.name for f in fields(Options))

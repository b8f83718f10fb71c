"""Rulesets as data: which rules run in which order, their options and schedule defaults.

The engine runs ``steps`` (the day's count, in order), then ``closing`` (end-of-day removals and
record keeping, skipped for a running count). No rule is chosen by the ruleset's name anywhere else.
Every rules.md **Interpretation** is an option here, with its documented default.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import time
from types import MappingProxyType
from typing import Any

from votal.errors import GameFileError
from votal.tally.game import Game
from votal.tally.model import PlayerState
from votal.tally.options import NAMES, Options
from votal.tally.rules import (
    baku,
    checks,
    common,
    endgame,
    forum_ru,
    lupus,
    mafiascum,
    palermo,
    reading,
)
from votal.tally.rules.context import EventCheck, RuleTraits, Step, Unvotable, streamed
from votal.tally.schedule import Schedule

# The options every ruleset has (their meanings: the comments of tally/options.py).
COMMON_OPTIONS = ("fuzzy", "fuzzy_threshold", "short_prefixes", "learn_aliases_from_counts",
                  "dead_posts_allowed", "codes")


@dataclass(frozen=True)
class Preset:
    name: str
    syntax: str                               # "red" or "mafiascum" (extract.read_post)
    language: str
    deadline: time | None
    day_change: time | None
    murder: time | None = None
    skip_weekends: bool = False
    window: tuple[int, int] | None = None     # PX-03: window (open, close) minutes after 20:00
    options: Mapping[str, Any] = field(default_factory=dict)
    option_values: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # allowed words
    eliminated_state: PlayerState = PlayerState.OUT
    murdered_state: PlayerState = PlayerState.OUT   # PX-17: a ghost in Palermo Extreme
    last_words_causes: frozenset[str] | None = frozenset()  # None: any cause (MR-07)
    weights: bool = False                     # MS-05: vote_weight counts
    vote_thread: bool = False                 # MB-01
    inactive_rule: str = "MB-07"
    removals_at_end: bool = False             # MR-09
    unvotable: tuple[Unvotable, ...] = (common.not_active_target,)
    steps: tuple[Step, ...] = ()
    closing: tuple[Step, ...] = ()
    after: tuple[Step, ...] = (reading.dead_posts,)   # after the day's elimination is known (C-08)
    event_checks: tuple[EventCheck, ...] = ()

    @functools.cached_property
    def streamed(self) -> int:
        """How many of the leading ``steps`` read the posts a batch at a time (``streams``): what
        a running count's stream runs once over its day (tally/replay.py, issue 22)."""
        return streamed(self.steps)

    @functools.cached_property
    def traits(self) -> RuleTraits:
        """What the rules read of this ruleset (tally/rules/context.RuleTraits), not the preset."""
        return RuleTraits(self.syntax, self.weights, self.vote_thread, self.inactive_rule,
                          self.last_words_causes, self.unvotable,
                          quotes=forum_ru.agreement in self.steps,
                          coloured=forum_ru.not_red in self.steps)


DEFAULT: Any = object()
"""An option a ruleset has at the value of :class:`votal.tally.options.Options`."""


def _opts(**given: Any) -> Mapping[str, Any]:
    """The ruleset's options and their defaults: the common ones, then ``given``, in the order
    written (a game file drafted by `votal init` lists them so). A default lives in one place,
    the field of :class:`Options`: ``DEFAULT`` takes it; a value is written here only where this
    ruleset's default differs (a value equal to the field's, or a name without a field, is a
    bug: TypeError at import)."""
    defaults = Options()
    out = {name: getattr(defaults, name) for name in COMMON_OPTIONS}
    for name, value in given.items():
        if name not in NAMES:
            raise TypeError(f"option {name!r} has no field in votal.tally.options.Options")
        default = getattr(defaults, name)
        if value is not DEFAULT and value == default:
            raise TypeError(f"option {name}={value!r} is Options' default: write DEFAULT")
        out[name] = default if value is DEFAULT else value
    return MappingProxyType(out)


def _palermo_extreme_day() -> tuple[Step, ...]:
    """PX-20: Palermo Extreme's day, its vote in the order of application of the seed.

    The posts' own rules first (the 20:00 lock PX-02, the window PX-03/PX-04, C-02..C-04 at the
    post's time, PX-11's locked vote), then the final vote per voter (PX-01, PX-03) → void and
    invalid votes at the deadline (C-02, C-04 with PX-10, PX-15, PX-17) → vote cancellation
    cards (PX-12) → counts → extra votes (PX-11) → corrupt cop swap (PX-08) → lawyer zeroing
    (PX-07) → who is absent; then the outcome, first that applies: arrest (PX-13, no
    elimination) → absence tie (PX-19) → leader (PX-05), or mayor (PX-06), or poll. The secret
    ones (``common.secret``: the mayor, the lawyer, the cop, the cards) are left out of a count made
    for the public while the vote is open.
    """
    return (
        reading.read_ballots, reading.edited_votes, palermo.locked_posts, palermo.window_chatter,
        common.each_open(palermo.locked, palermo.after_window, common.inactive_voter,
                         common.self_vote, common.invalid_target,
                         common.secret(palermo.locked_vote)),
        palermo.select_with_window,                                   # PX-01, PX-03
        common.voter_gone, common.target_gone,                        # C-02, C-04, PX-17
        common.secret(palermo.vote_cancel),                           # PX-12
        common.count_votes("PX-01"), common.secret(palermo.extra_votes),  # PX-11
        common.secret(palermo.cop_swap), common.secret(palermo.lawyer_zero),  # PX-08, PX-07
        common.mark_absent,
        common.decide(palermo.arrest, palermo.absence_tie, common.no_votes,
                      common.sole_leader("PX-05"), common.secret(palermo.mayor),
                      common.poll_event, common.tie("PX-06", "poll")),
    )


PALERMO_EXTREME = Preset(
    name="palermo-extreme", syntax="red", language="el",
    deadline=time(20, 0), day_change=time(3, 0), murder=time(13, 0), window=(5, 10),
    eliminated_state=PlayerState.GHOST, murdered_state=PlayerState.GHOST, last_words_causes=frozenset({"vote"}),
    options=_opts(dead_posts_allowed=1, window_first_vote=DEFAULT, echo_delay_hours=DEFAULT,
                  absences_consecutive=DEFAULT, absences_total=DEFAULT, murder_at_schedule=DEFAULT,
                  reveal_on_absences=True, block_covers_window=DEFAULT),
    unvotable=(common.not_active_target, palermo.immune_target, palermo.exempt_target),
    steps=_palermo_extreme_day(),
    closing=(palermo.absence_removals("PX-18"), palermo.grave_robbing),
    after=(reading.dead_posts, endgame.killers_gone_or_outnumber),
    event_checks=(checks.lawyer_not_self, checks.lawyer_from_day2, checks.one_cop_swap,
                  checks.emperor_self_once, checks.arrest_cancel_in_time, checks.cards_need_target,
                  checks.one_lawyer_per_day, checks.failed_murder_by_murdered,
                  checks.block_not_twice_running),
)

PALERMO_CLASSIC = Preset(
    name="palermo-classic", syntax="red", language="el",
    deadline=time(20, 0), day_change=time(3, 0), murder=time(13, 0), skip_weekends=True,
    last_words_causes=frozenset({"vote"}),
    options=_opts(dead_posts_allowed=1, absences_consecutive=DEFAULT, absences_total=DEFAULT,
                  murder_at_schedule=True),
    steps=(
        reading.read_ballots, reading.edited_votes,
        common.each_open(common.after_deadline, common.inactive_voter, common.self_vote,
                         common.invalid_target),
        common.select_last_valid("PC-03"), common.voter_gone, common.target_gone,
        common.count_votes("PC-03"), common.mark_absent,
        common.decide(common.no_votes, common.sole_leader("PC-03"), common.poll_event,
                      common.tie("PC-04", "poll")),
    ),
    closing=(palermo.absence_removals("PC-05"), palermo.reveal_alternately),
    after=(reading.dead_posts, endgame.killers_equal_rest),
)

MAFIA_BAKU = Preset(
    name="mafia-baku", syntax="red", language="ru",
    deadline=time(21, 0), day_change=time(10, 0), vote_thread=True,
    options=_opts(lawyer_hours=DEFAULT, lawyer_saves=DEFAULT, no_vote_note=DEFAULT,
                  unmarked_votes=True),
    steps=(
        reading.read_ballots, reading.edited_votes, baku.extra_posts,
        common.each_open(baku.late, common.inactive_voter, common.self_vote, common.invalid_target),
        baku.select_first, common.voter_gone, common.target_gone, common.count_votes("MB-02"),
        common.mark_absent,
        common.decide(common.no_votes, common.secret(baku.lawyer_save), common.sole_leader("MB-04"),
                 common.tie("MB-04", None)),
    ),
    closing=(baku.no_vote_removals, baku.inactive_removals, baku.lawyer_blind),
    after=(reading.dead_posts, baku.kamikaze, endgame.mafia_at_parity),
    event_checks=(checks.kamikaze_victim,),
)

LUPUS_MIRTILLO = Preset(
    name="lupus-mirtillo", syntax="red", language="it", deadline=None, day_change=None,
    options=_opts(abstentions=DEFAULT),
    steps=(
        reading.read_ballots, reading.edited_votes,
        common.each_open(common.after_deadline, common.inactive_voter, common.self_vote,
                         common.invalid_target),
        common.select_last_valid("LM-01"), common.voter_gone, common.target_gone,
        common.count_votes("LM-01"), common.secret(lupus.priest), common.mark_absent,
        common.decide(common.no_votes, common.secret(lupus.owl), common.sole_leader("LM-01"),
                      lupus.runoff_on_tie),
        lupus.black_cat,
    ),
    closing=(lupus.abstention_limit,),
    after=(reading.dead_posts, endgame.lupus_factions),
    event_checks=(checks.once_per_game("owl", "LM-04"), checks.once_per_game("priest", "LM-05"),
                  checks.owl_not_self, checks.priest_runoff),
)

MAFIA_FORUM_RU = Preset(
    name="mafia-forum-ru", syntax="red", language="ru", deadline=None, day_change=None,
    last_words_causes=None, inactive_rule="MR-06", removals_at_end=True,
    options=_opts(dead_posts_allowed=1, reason_words=DEFAULT, refusals=DEFAULT),
    steps=(
        reading.read_ballots, reading.edited_votes,
        common.each_open(common.after_deadline, common.inactive_voter, common.self_vote,
                         forum_ru.no_reason, common.invalid_target),
        forum_ru.agreement, forum_ru.not_red,
        common.each_open(common.after_deadline, common.inactive_voter, common.self_vote,
                         common.invalid_target),
        forum_ru.select_first_accepted, common.voter_gone, common.target_gone,
        common.count_votes("MR-04"),
        common.mark_absent,
        common.decide(common.no_votes, common.sole_leader("MR-05"), forum_ru.first_to_max),
    ),
    closing=(baku.inactive_removals, forum_ru.refusals),
    after=(reading.dead_posts, endgame.forum_ru_end),
    event_checks=(checks.vsb_clan_given,),
)

MAFIASCUM = Preset(
    name="mafiascum", syntax="mafiascum", language="en", deadline=None, day_change=None,
    weights=True,
    options=_opts(deadline=DEFAULT, tie=DEFAULT, majority=DEFAULT,
                  one_less_for_no_lynch=DEFAULT, self_vote_counts=True, short_prefixes=True,
                  lynches_per_day=DEFAULT, unvote_required=DEFAULT,
                  votes_at_line_start=DEFAULT, learn_aliases_from_counts=True),
    option_values={"deadline": ("plurality", "no-lynch"), "tie": ("no-lynch", "first-to-reach")},
    steps=(
        reading.read_ballots, reading.edited_votes,
        common.each_open(common.after_deadline, common.inactive_voter, common.self_vote,
                         common.invalid_target),
        mafiascum.running_votes, mafiascum.gone_at_hammer, common.count_votes("MS-01"),
        common.decide(mafiascum.hammer, common.no_votes, mafiascum.at_deadline),
    ),
    after=(reading.dead_posts, endgame.mafiascum_parity),
)

PRESETS: dict[str, Preset] = {p.name: p for p in (
    PALERMO_EXTREME, PALERMO_CLASSIC, MAFIA_BAKU, LUPUS_MIRTILLO, MAFIA_FORUM_RU, MAFIASCUM)}


def get_preset(name: str) -> Preset:
    try:
        return PRESETS[name]
    except KeyError:
        raise GameFileError(f"unknown ruleset {name!r} (known: {', '.join(sorted(PRESETS))})") from None


def schedule_of(game: Game) -> Schedule:
    """The game's schedule (C-09): its file's ``[schedule]`` in its time zone, with its ruleset's
    change window (PX-03). The one place a game's :class:`Schedule` is built."""
    return Schedule(game.schedule, game.tz, window=get_preset(game.ruleset).window)

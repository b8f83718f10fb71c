"""An end of the game only on the sides the game file gives (issue 20; PX-21, PC-07, MB-10,
LM-08, MR-08, MR-10, MS).

The end conditions of :mod:`votal.tally.wins` read each living player's side from his role or
faction. A player the file does not place — no role the ruleset's end knows, no faction of one
of its sides — may be anything: a killer, a citizen, a third party. A moderator who keeps the
roles elsewhere must not be told the game is over because votal took the unknown for citizens.

So an end is declared only when it holds *whatever* the unknown players are: each of them is
given in turn every part the ruleset's end tells apart (a stand-in role), and the verdict stands
only when every such game ends the same way. A town win under PX-21 thus needs every living
player placed (any unknown could be a killer); the killers outnumbering everyone else does not
need the others' sides. Roles a game has once (the rival mafioso, Dracula, the necromancer, the
maniac) are given to no unknown when the file gives them to a player, and to one at most.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import combinations_with_replacement
from math import comb

from votal.tally import wins
from votal.tally.factions import side
from votal.tally.game import Game
from votal.tally.roles import canonical, known

Player = tuple[str, "str | None", "str | None"]         # (name, role, faction)
Check = Callable[[Sequence[Player]], tuple[str, ...]]

# The sides a faction may name for each ruleset's end; None: any faction is a side (mafiascum's
# third parties are "the faction as the game file writes it", rules.md "Winners").
_SIDES: Mapping[str, frozenset[str] | None] = {
    "palermo-extreme": frozenset({"town", "mafia"}),
    "palermo-classic": frozenset({"town", "mafia"}),
    "mafia-baku": frozenset({"town", "mafia"}),
    "mafia-forum-ru": frozenset({"town", "mafia"}),
    "lupus-mirtillo": frozenset({"town", "pack", "coven"}),
    "mafiascum": None,
}

# What an unknown player may be, as far as each end tells apart; the first is the plainest, so
# that a verdict that does not hold is usually found false at the second game tried.
STANDINS: Mapping[str, tuple[tuple[str | None, str | None], ...]] = {
    "palermo-extreme": (("citizen", None), ("archmafioso", None), ("rival_mafioso", None)),
    "palermo-classic": (("citizen", None), ("killer", None), ("prostitute", None)),
    "mafia-baku": (("civilian", None), ("mafioso", None), ("maniac", None)),
    "mafia-forum-ru": (("civilian", None), ("mafioso", None), ("maniac", None)),
    "lupus-mirtillo": ((None, "village"), ("lupo mannaro", None), ("vampiro", None),
                       ("dracula", None), ("negromante", None)),
    "mafiascum": (("vanilla", "town"), (None, "mafia"), ("doctor", "town"),
                  (None, "third party")),
}
ONCE = frozenset({"rival_mafioso", "dracula", "negromante", "maniac"})

# Beyond this many games to try, no verdict (none is declared rather than one not checked).
LIMIT = 20_000


def end_sides(ruleset: str) -> frozenset[str] | None:
    """The sides a faction may name for the ruleset's end; None: any faction is a side of its
    own (mafiascum's third parties)."""
    return _SIDES.get(ruleset, frozenset())


def placed(ruleset: str, role: str | None, faction: str | None) -> bool:
    """Whether the game file places the player on a side the ruleset's end reads: a role key of
    the ruleset (interfaces.md §1 "Roles"), or a faction (a role word) of one of its sides."""
    if ruleset not in _SIDES:
        return False
    sides = _SIDES[ruleset]
    if sides is None:
        return bool((faction or "").strip()) or side(role, None) in ("town", "mafia")
    return known(ruleset, role) or side(role, faction) in sides


# What a ruleset's end reads from the whole game before judging the living (MR-08: a VSB's clan).
_PREPARE: Mapping[str, Callable[[Sequence[Player], Sequence[Player]], list[Player]]] = {
    "mafia-forum-ru": wins.sons_clans,
}


def prepared(ruleset: str, alive: Sequence[Player], everyone: Sequence[Player]) -> list[Player]:
    """The living players as the ruleset's end reads them (a VSB's clan resolved, MR-08)."""
    prepare = _PREPARE.get(ruleset)
    return prepare(alive, everyone) if prepare else list(alive)


def unplaced(ruleset: str, alive: Sequence[Player], everyone: Sequence[Player] = ()) -> list[str]:
    """The names of the living players whose side the file does not give."""
    ready = prepared(ruleset, alive, everyone or alive)
    return [name for name, r, f in ready if not placed(ruleset, r, f)]


def decide(ruleset: str, check: Check, alive: Sequence[Player],
           everyone: Sequence[Player] = ()) -> tuple[str, ...]:
    """The winners ``check`` finds in every game the unknown sides could make; () when two such
    games end differently, or one does not end."""
    ready = prepared(ruleset, alive, everyone or alive)
    unknown = [i for i, (_, r, f) in enumerate(ready) if not placed(ruleset, r, f)]
    if not unknown:
        return check(ready)
    standins = _standins(ruleset, everyone or alive)
    if not standins or comb(len(unknown) + len(standins) - 1, len(unknown)) > LIMIT:
        return ()
    once = [j for j, (r, _) in enumerate(standins) if canonical(ruleset, r) in ONCE]
    verdict: tuple[str, ...] | None = None
    for parts in combinations_with_replacement(range(len(standins)), len(unknown)):
        if any(parts.count(j) > 1 for j in once):
            continue
        game = list(ready)
        for i, j in zip(unknown, parts):
            game[i] = (ready[i][0], *standins[j])
        winners = check(game)
        if not winners or (verdict is not None and winners != verdict):
            return ()
        verdict = winners
    return verdict or ()


def _standins(ruleset: str, everyone: Iterable[Player]) -> tuple[tuple[str | None, str | None], ...]:
    held = {canonical(ruleset, r) for _, r, _ in everyone if r}
    return tuple(s for s in STANDINS.get(ruleset, ())
                 if canonical(ruleset, s[0]) not in (held & ONCE))


# The rule ids of each ruleset's end, as `votal check` names them.
END_RULES: Mapping[str, str] = {
    "palermo-extreme": "PX-21", "palermo-classic": "PC-07", "mafia-baku": "MB-10",
    "mafia-forum-ru": "MR-08/MR-10", "lupus-mirtillo": "LM-08", "mafiascum": "MS",
}


def sides_missing(game: Game) -> list[str]:
    """The players of the file (not those replaced) whose side it does not give: while one of
    them lives and could change the verdict, no end is declared (``votal check``'s note)."""
    gone = {p.replaces for p in game.players if p.replaces}
    gone |= {e.old for e in game.events_of("replaced") if e.old}
    everyone = [(p.name, p.role, p.faction) for p in game.players]
    playing = [p for p in everyone if p[0] not in gone]
    return unplaced(game.ruleset, playing, everyone)

"""The tally: pure vote counting over normalised posts (rules.md), one preset per ruleset.

Entry points: :func:`votal.tally.validate.parse_game` (a parsed game file to a checked
:class:`~votal.tally.game.Game`), :class:`votal.tally.replay.Replay` (one replay of a game, built
once per command: ``last_day``, ``check_day``, ``day(n)``, ``days()``, ``running``, ``at``, each
day's start) and :func:`votal.tally.engine.tally_day` / ``tally_at`` / ``tally_game`` (one
question each; the day's :class:`~votal.tally.model.DayResult`).
"""

"""The vote rules, one small function per rule (docstrings start with the rules.md id).

A ruleset preset (:mod:`votal.tally.presets`) lists which of these run, in which order; the replay
(:mod:`votal.tally.replay`) only runs the lists. Every function takes the day's context
(:class:`votal.tally.rules.context.Day`), or only the parts of it it reads and writes.
"""

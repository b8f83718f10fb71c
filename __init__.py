"""votal: counts the votes of forum games of Mafia, Palermo and Werewolf."""

__version__ = "0.1.0"

"""Charts (matplotlib, Agg): a day's vote timeline and a game's who-voted-whom grid.

The timeline replays ``votes[]`` in post order (C-06): a vote stands from its post until the same
voter's next standing vote or unvote; the deadline, and the change window where the ruleset has
one (PX-03), are marked. Output is deterministic (no dates, fixed SVG ids) so golden files hold.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from votal.errors import InputError
from votal.report import grammar, i18n
from votal.report.view import WINDOWS, superseded_posts

if TYPE_CHECKING:
    from matplotlib.figure import Figure


@cache
def _matplotlib() -> None:
    """Set matplotlib up once, on the first chart: imported here, not with this module (it costs
    about a second, and most commands draw nothing)."""
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams.update({
        "svg.hashsalt": "votal", "font.family": "DejaVu Sans", "text.parse_math": False,
        "svg.fonttype": "path",
    })


def _figure(figsize: tuple[float, float]) -> Figure:
    _matplotlib()
    from matplotlib.figure import Figure  # after the backend is chosen

    return Figure(figsize=figsize, dpi=100)


@dataclass(frozen=True)
class Step:
    time: datetime
    counts: dict[str, int]


def replay(result: dict) -> list[Step]:
    """Each candidate's count after each standing vote post, in the game's time zone."""
    tz = result.get("timezone")
    keep = superseded_posts(result)
    standing: dict[str, tuple[str, int]] = {}
    steps: list[Step] = []
    for v in result.get("votes", []):
        unvote = not v.get("target") and v.get("status") in ("counted", "ignored")
        if v.get("status") != "counted" and v.get("post") not in keep and not unvote:
            continue
        voter, target = v.get("voter", ""), v.get("target")
        if target:
            standing[voter] = (target, int(v.get("weight", 1)))
        else:
            standing.pop(voter, None)
        counts: dict[str, int] = {}
        for t, w in standing.values():
            counts[t] = counts.get(t, 0) + w
        when = i18n.local(v.get("time"), tz)
        assert when is not None  # every vote of a tally is a timed post's
        steps.append(Step(when, counts))
    return steps


def timeline_figure(result: dict, lang: str) -> Figure:
    import matplotlib.dates as mdates
    from matplotlib.ticker import MaxNLocator

    steps = replay(result)
    tz = result.get("timezone")
    deadline = i18n.local(result.get("deadline"), tz)
    fig = _figure((8, 4.2))
    ax = fig.add_subplot()
    names = _order(steps, lang)
    end = max([s.time for s in steps] + ([deadline] if deadline else []), default=None)
    if end is not None and deadline is not None:
        end = max(end, deadline + timedelta(minutes=WINDOWS.get(result.get("ruleset", ""),
                                                                (0, 15))[1]))
    for name in names:
        xs = [s.time for s in steps] + ([end] if end else [])
        ys = [s.counts.get(name, 0) for s in steps]
        ys += [ys[-1]] if end else []
        # matplotlib plots datetimes through its units registry; its stubs accept numbers only
        ax.step(xs, ys, where="post", label=name, linewidth=2)  # type: ignore[arg-type]
    _marks(ax, result, deadline, lang)
    day = i18n.t("day", lang, ruleset=result.get("ruleset"), day=result.get("day"))
    ax.set_title(f"{i18n.t('timeline', lang)} — {day}")
    ax.set_ylabel(i18n.t("count", lang))
    locator = ax.yaxis.get_major_locator()
    if isinstance(locator, MaxNLocator):  # the default AutoLocator is one
        locator.set_params(integer=True)
    ax.set_ylim(bottom=0)
    if names:
        ax.legend(loc="upper left", fontsize=8, ncol=2 if len(names) > 6 else 1)
    ax.grid(alpha=.3)
    fig.autofmt_xdate()
    ax.xaxis.set_major_formatter(mdates.DateFormatter(f"{i18n.SHORT_DATE[lang]} %H:%M",
                                                      tz=deadline.tzinfo
                                                      if deadline else None))
    fig.tight_layout()
    return fig


def _order(steps: list[Step], lang: str) -> list[str]:
    """Candidates by final count (most first), then by name in the language's alphabetical
    order; at most 10 lines stay readable."""
    final = steps[-1].counts if steps else {}
    seen = {n for s in steps for n in s.counts}
    return sorted(seen, key=lambda n: (-final.get(n, 0), grammar.sort_key(n, lang)))[:10]


def _marks(ax, result: dict, deadline: datetime | None, lang: str) -> None:
    if deadline is None:
        return
    ax.axvline(deadline, color="#c0392b", linestyle="--", linewidth=1.5,
               label=i18n.t("deadline", lang))
    span = WINDOWS.get(result.get("ruleset", ""))
    if span:
        a, b = (deadline + timedelta(minutes=m) for m in span)
        ax.axvspan(a, b, color="#f39c12", alpha=.25,
                   label=i18n.t("window", lang, a=f"{a:%H:%M}", b=f"{b:%H:%M}"))


def overview_figure(days: list[dict], lang: str) -> Figure:
    """Who voted whom, day by day: a grid of players × days, each cell the counted target."""
    import matplotlib
    from matplotlib.patches import Rectangle

    players = grammar.sort_names({v["voter"] for d in days for v in d.get("votes", [])}, lang)
    fig = _figure((2 + 1.3 * max(len(days), 1), 1 + 0.35 * max(len(players), 1)))
    ax = fig.add_subplot()
    targets = sorted({v.get("target") or "" for d in days for v in d.get("votes", [])})
    palette = matplotlib.colormaps["tab20"]
    for col, d in enumerate(days):
        final = {v["voter"]: v.get("target") for v in d.get("votes", [])
                 if v.get("status") == "counted"}
        out = set((d.get("outcome") or {}).get("players") or [])
        for row, p in enumerate(players):
            t = final.get(p)
            if not t:
                continue
            ax.add_patch(Rectangle(
                (col, row), 1, 1, color=palette(targets.index(t) % 20), alpha=.55))
            ax.text(col + .5, row + .5, t, ha="center", va="center", fontsize=8,
                    fontweight="bold" if t in out else "normal")
    ax.set_xlim(0, max(len(days), 1))
    ax.set_ylim(max(len(players), 1), 0)
    ax.set_xticks([i + .5 for i in range(len(days))],
                  [i18n.t("day", lang, ruleset=d.get("ruleset"), day=d.get("day")) for d in days])
    ax.set_yticks([i + .5 for i in range(len(players))], players)
    ax.set_title(i18n.t("overview", lang))
    ax.tick_params(length=0)
    fig.tight_layout()
    return fig


def to_bytes(fig: Figure, fmt: str) -> bytes:
    buf = io.BytesIO()
    meta = {"Date": None} if fmt == "svg" else {"Software": None} if fmt == "png" else None
    fig.savefig(buf, format=fmt, metadata=meta)
    return buf.getvalue()


def inline_svg(fig: Figure) -> str:
    """An SVG to put inside an HTML page: no XML prolog, no doctype, no fixed pt size."""
    svg = to_bytes(fig, "svg").decode("utf-8")
    svg = svg[svg.index("<svg"):]
    svg = re.sub(r"\s*<metadata>.*?</metadata>", "", svg, flags=re.S)
    return re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"', r'<svg\1 width="100%"', svg,
                  count=1)


def timeline_svg(result: dict, lang: str) -> str:
    return inline_svg(timeline_figure(result, lang))


def write_chart(fig: Figure, path) -> None:
    """Format from the file's extension (.png, .svg, .pdf)."""
    ext = Path(path).suffix.lower().lstrip(".")
    if ext not in ("png", "svg", "pdf"):
        raise InputError(f"chart file {path}: use a .png, .svg or .pdf name")
    Path(path).write_bytes(to_bytes(fig, ext))


def player_games_figure(history: list[dict], lang: str) -> Figure:
    """One player across an archive: votes cast per game, the counted ones darker."""
    games = list(dict.fromkeys(h["game"] for h in history))
    cast = [sum(1 for h in history if h["game"] == g) for g in games]
    counted = [sum(1 for h in history if h["game"] == g and h["status"] == "counted")
               for g in games]
    fig = _figure((8, 3))
    ax = fig.add_subplot()
    xs = range(len(games))
    ax.bar(xs, cast, color="#9db4d6", label=i18n.t("votes", lang))
    ax.bar(xs, counted, color="#1d4f91", label=i18n.status_text("counted", lang))
    ax.set_xticks(list(xs), games, rotation=30, ha="right", fontsize=8)
    ax.set_title(i18n.t("votes_per_game", lang))
    ax.legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    return fig

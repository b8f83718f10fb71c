"""Property: any count written in one of the known forms reads back as written."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from votal.tally.votecounts import CountLine, parse_votecount

NAME = st.from_regex(r"[A-Za-zΑ-ΡΣ-Ωα-ωА-Яа-я_][A-Za-z0-9Α-ΡΣ-Ωα-ωА-Яа-я_]{0,10}( [A-Za-z][a-z0-9]{1,6})?",
                     fullmatch=True).filter(lambda n: n.casefold() not in ("and", "e", "и", "και")
                                            and "vote" not in n.casefold()
                                            # "VC0 - 1 - A" is a count's title ("VC 2.3") to a
                                            # reader given no roster: a known limit of the
                                            # layout reader (the audit reads by the roster)
                                            and not n.casefold().startswith("vc"))
FORMS = (
    lambda t, n, v: f"{t} - {n} - {', '.join(v)}",
    lambda t, n, v: f"{t} ({n}): {', '.join(v)}",
    lambda t, n, v: f"[{n}] {t} - {', '.join(v)}",
    lambda t, n, v: f"{t}: {n} ({', '.join(v)})",
    lambda t, n, v: f"{t} - {n} ({', '.join(v)})",
)
HEADERS = ("Votecount 2.3", "Vote Count 1.15", "Ψηφοφορία ημέρας 2", "Votazione giorno 4",
           "Итоги голосования, день 3")


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(NAME, st.lists(NAME, min_size=1, max_size=5, unique=True)),
                min_size=1, max_size=6, unique_by=lambda x: x[0]),
       st.integers(0, len(FORMS) - 1), st.sampled_from(HEADERS),
       st.lists(NAME, max_size=4, unique=True))
def test_written_counts_read_back(rows, form, header, not_voting):
    lines = [FORMS[form](t, len(v), v) for t, v in rows]
    text = "\n".join([header, "", *lines, "", f"Not Voting: {', '.join(not_voting)}"])
    vc = parse_votecount(text)
    assert vc is not None and vc.label == header
    assert vc.lines == tuple(CountLine(t, len(v), tuple(v)) for t, v in rows)
    assert vc.not_voting == tuple(not_voting)


# ---- votal's own counts, as a moderator posts them, read back (issue 15) ---------------------

import html as _html  # noqa: E402

import pytest  # noqa: E402

from tests.conftest import FIXTURES  # noqa: E402
from tests.report.engine_runs import game_days  # noqa: E402
from votal.report import render  # noqa: E402
from votal.report.i18n import LANGUAGES  # noqa: E402
from votal.report.public import public_view  # noqa: E402
from votal.report.view import build_day  # noqa: E402
from votal.tally.votecounts import read_mod_post  # noqa: E402

GAMES = sorted(p.parent.name for p in (FIXTURES / "games").glob("*/game.toml"))


def _as_posted(text: str, fmt: str) -> str:
    """The post's HTML as the forum shows it: BBCode and Markdown through their renderers, plain
    text one line per <br>, the HTML page's body."""
    if fmt == "bbcode":
        from votal.scraper.bbcode import bbcode_to_html

        return bbcode_to_html(text)
    if fmt == "markdown":
        from markdown_it import MarkdownIt

        return MarkdownIt("commonmark", {"breaks": True}).render(text)
    if fmt == "html":
        return text[text.index("<body>") + 6:text.index("</body>")]
    return "<br>".join(_html.escape(line) for line in text.splitlines())


@pytest.mark.parametrize("fmt", ["bbcode", "markdown", "text", "html"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_votals_own_counts_read_back(game, lang, fmt):
    for result in game_days(str(FIXTURES / "games" / game / "game.toml")):
        view = build_day(public_view(result), lang)
        if not view.rows:
            continue
        post = read_mod_post(_as_posted(render(result, fmt, lang=lang, public=True), fmt))
        vc = post.votecount
        assert vc is not None, (game, result["day"], lang, fmt)
        assert vc.lines == tuple(CountLine(r.player, r.votes, tuple(x.name for x in r.voters))
                                 for r in view.rows), (game, result["day"], lang, fmt)
        assert vc.not_voting == (tuple(view.absent) if view.absent else None)
        assert vc.confidence >= 0.8

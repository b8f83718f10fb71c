"""Property: any count written in one of the known forms reads back as written."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from votal.tally.votecounts import CountLine, parse_votecount

NAME = st.from_regex(r"[A-Za-zΑ-ΡΣ-Ωα-ωА-Яа-я_][A-Za-z0-9Α-ΡΣ-Ωα-ωА-Яа-я_]{0,10}( [A-Za-z][a-z0-9]{1,6})?",
                     fullmatch=True).filter(lambda n: n.casefold() not in ("and", "e", "и", "και")
                                            and "vote" not in n.casefold())
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

"""IPS quotes kept without their data attributes (issue 11 follow-up: real pages).

SASS Wire's guest pages (WCXB benchmark, ``fixtures/engines/invision/real/``) strip
``data-ipsquote-*`` and ``data-role``: the quoted member is only in the citation, whose date is
cut off, never read (forum-engines.md §2.1 rule 4).
"""

from __future__ import annotations

import pytest

from votal.scraper.engines.invision import cited_name, normalize_html


@pytest.mark.parametrize("text, name", [
    ("16 minutes ago, Marshal Mo Hare, SASS #45984 said:", "Marshal Mo Hare, SASS #45984"),
    ("On 11/24/2023 at 3:05 PM, Eyesa Horg said:", "Eyesa Horg"),
    ("Yesterday at 5:20 PM, Gungadin said:", "Gungadin"),
    ("Muleshoe Bill SASS #67022 said:", "Muleshoe Bill SASS #67022"),
    ("Il 24/11/2023 alle 15:05, Lia ha detto:", "Lia"),
    ("Πριν από 5 λεπτά, Κώστας είπε:", "Κώστας"),
    ("Quote", None),
])
def test_the_name_in_a_citation(text, name):
    assert cited_name(text) == name


def test_a_bare_quote_keeps_its_author_and_loses_its_citation():
    html = normalize_html('<blockquote class="ipsQuote"><div class="ipsQuote_citation">'
                          "16 minutes ago, Pat Riot said:</div><div class=\"ipsQuote_contents\">"
                          "<p>Vote Lia</p></div></blockquote><p>Agreed.</p>")
    assert html.startswith('<blockquote data-author="Pat Riot"><p>Vote Lia</p></blockquote>')
    assert "said" not in html and "minutes ago" not in html

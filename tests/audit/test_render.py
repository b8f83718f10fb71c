"""audit/render.py: hostile names stay inert in every format; languages."""

from __future__ import annotations

import json

from votal.audit.render import render
from votal.audit.replay import DayAudit, GameAudit

EVIL = "<script>x</script>[url=http://evil]y[/url]"
RESULT = {"day": 1, "start": "2026-11-02T03:00:00+02:00", "deadline": "2026-11-02T20:00:00+02:00",
          "tally": [{"player": EVIL, "votes": 1, "voters": ["Anna"]}],
          "outcome": {"kind": "eliminated", "players": [EVIL], "reason": "plurality"},
          "votes": [], "violations": [{"rule": "V-SELF", "player": EVIL, "post": "1",
                                       "url": "javascript:alert(1)"}],
          "review": [], "private": {"roles": {}, "effects": [], "seed": None}}
AUDIT = GameAudit("G", "palermo-extreme", "el", "Europe/Athens", (DayAudit(1, RESULT),))


def test_html_escapes_names_and_drops_bad_links():
    out = render(AUDIT, "html", "en")
    assert "<script>" not in out and "&lt;script&gt;" in out
    assert "javascript:" not in out


def test_bbcode_cannot_open_a_tag():
    out = render(AUDIT, "bbcode", "en")
    assert "[url=http://evil]" not in out


def test_json_round_trips_and_languages_differ():
    data = json.loads(render(AUDIT, "json", "en"))
    assert data["days"][0]["result"]["tally"][0]["player"] == EVIL and data["exit_code"] == 0
    assert "Violations" in render(AUDIT, "text", "en")
    assert "Παραβάσεις" in render(AUDIT, "text", "el")
    assert "Violazioni" in render(AUDIT, "text", "it")
    assert "Нарушения" in render(AUDIT, "text", "ru")

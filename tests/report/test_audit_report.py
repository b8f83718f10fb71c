"""report/audit_report.py: the audit rendered through the format registry; hostile names stay
inert in every format; four languages."""

from __future__ import annotations

import json

import pytest

from votal.audit import DayAudit, GameAudit
from votal.errors import InputError
from votal.report import render_audit
from votal.report.formats import format_names

EVIL = "<script>x</script>[url=http://evil]y[/url]"
RESULT = {"day": 1, "start": "2026-11-02T03:00:00+02:00", "deadline": "2026-11-02T20:00:00+02:00",
          "tally": [{"player": EVIL, "votes": 1, "voters": ["Anna"]}],
          "outcome": {"kind": "eliminated", "players": [EVIL], "reason": "plurality"},
          "votes": [], "violations": [{"rule": "V-SELF", "player": EVIL, "post": "1",
                                       "url": "javascript:alert(1)"}],
          "review": [], "private": {"roles": {}, "effects": [], "seed": None}}
AUDIT = GameAudit("G", "palermo-extreme", "el", "Europe/Athens", (DayAudit(1, RESULT),)).to_dict()


def render(audit, fmt, lang):
    return render_audit(audit, fmt, lang=lang)


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


def test_the_audit_formats_are_registered_and_nothing_else():
    assert set(format_names("audit")) == {"text", "json", "html", "markdown", "bbcode"}
    with pytest.raises(InputError, match="choose one of bbcode, html, json, markdown, text"):
        render_audit(AUDIT, "csv")


def test_public_drops_the_review_the_draw_and_the_census():
    audit = dict(AUDIT, win={"rule": "PX-21", "winners": ["town"], "day": 1, "after": "X",
                             "alive": {"town": 3}})
    audit["days"] = [dict(audit["days"][0], draw={"seed": 7, "cursed": "A", "source": "audit"},
                          unread_announcements=[{"post": "1", "url": "", "text": "t"}])]
    audit["days"][0]["result"] = dict(RESULT, review=[{"rule": "V-UNKNOWN-TARGET", "text": "zz"}])
    private = render(audit, "text", "en")
    public = render_audit(audit, "text", lang="en", public=True)
    assert "zz" in private and "seed 7" in private and "«t»" in private
    assert "zz" not in public and "seed 7" not in public and "«t»" not in public
    data = json.loads(render_audit(audit, "json", public=True))
    assert "alive" not in data["win"] and "draw" not in data["days"][0]
    assert "review" not in data["days"][0]["result"] and data["public"] is True


def test_a_count_not_read_is_not_said_to_be_missing():
    """Issue 16: the only moderator's count of the game could not be read (V-UNREADABLE-COUNT):
    the last line said "no vote count by the moderators" — there was one, it was not read."""
    unread = {"rule": "V-UNREADABLE-COUNT", "post": "9", "url": "", "text": "Votecount 1.2"}
    plain = GameAudit("G", "mafiascum", "en", "UTC", (DayAudit(1, RESULT),)).to_dict()
    with_unread = GameAudit("G", "mafiascum", "en", "UTC",
                            (DayAudit(1, RESULT, review=(unread,)),)).to_dict()
    assert with_unread["counts"]["unread"] == 1 and with_unread["verdict"] == "nothing-compared"
    said = {lang: render(with_unread, "text", lang).splitlines()[-1]
            for lang in ("en", "el", "it", "ru")}
    assert "no vote count by the moderators that could be read" in said["en"]
    assert "no vote count by the moderators and" in render(plain, "text", "en")
    for lang in ("el", "it", "ru"):
        assert said[lang] != render(plain, "text", lang).splitlines()[-1]


def test_every_day_agrees_only_when_no_count_was_left_unread():
    """Issue 16: counts 1.1 and 1.3 agree, count 1.2 could not be read: "Every day agrees" was
    printed as if 1.2 had been compared too."""
    from votal.audit.compare import CountCheck

    check = CountCheck(post="4", number=4, url="", label="Votecount 1.1", lines=2,
                       lines_agreeing=2, voters=3, voters_agreeing=3, diffs=(), differences=())
    unread = {"rule": "V-UNREADABLE-COUNT", "post": "9", "url": "", "text": "Votecount 1.2"}
    read = GameAudit("G", "mafiascum", "en", "UTC", (DayAudit(1, RESULT, counts=(check,)),))
    both = GameAudit("G", "mafiascum", "en", "UTC",
                     (DayAudit(1, RESULT, counts=(check,), review=(unread,)),))
    assert render(read.to_dict(), "text", "en").splitlines()[-1] == \
        "Every day agrees with what was announced."
    last = render(both.to_dict(), "text", "en").splitlines()[-1]
    assert both.to_dict()["verdict"] == "agrees" and "Every day agrees" not in last
    assert last.startswith("What was compared agrees") and "not compared" in last


def test_mafia_forum_ru_audit_names_turns_as_its_headings_do():
    """Issue 16: the audit of a mafia-forum-ru game heads each turn "Ход 3" (its seed's word) but
    said the end came "в день 3"; every line of it names the turn."""
    result = dict(RESULT, ruleset="mafia-forum-ru")
    audit = GameAudit("G", "mafia-forum-ru", "ru", "Europe/Moscow",
                      (DayAudit(3, result),)).to_dict()
    audit["win"] = {"rule": "MR-10", "winners": ["civilians"], "day": 3, "after": "Егор"}
    audit["went_on"] = [4]
    out = render(audit, "text", "ru")
    assert "Ход 3 — " in out and "на ходу 3" in out and "ходы 4" in out
    assert " день " not in out and " дни " not in out


def test_an_edit_says_the_zone_of_the_moment_it_was_seen():
    """Issue 16: "Dora: Zeus → Nikos, first seen 02/11 10:30:00" named no zone, and the audit has
    no deadline line that would give it."""
    audit = dict(AUDIT)
    audit["days"] = [dict(AUDIT["days"][0], edits=[{
        "player": "Dora", "first": ["Zeus"], "later": ["Nikos"], "url": "",
        "seen": "2026-11-02T08:30:00+00:00", "after_deadline": False}])]
    out = render(audit, "text", "en")
    assert "Dora: Zeus → Nikos, first seen 02/11 10:30:00 (UTC+02:00)" in out

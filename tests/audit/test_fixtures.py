"""votal audit over fixtures/audit/: planted violations of every V- code, a moderator's miscount,
an edit after the deadline, a game that went on after its end. Each must be found."""

from __future__ import annotations

import json

import pytest

from tests.conftest import FIXTURES
from votal.cli import main

AUDIT = FIXTURES / "audit"


def _audit(name: str, *extra: str, capsys) -> tuple[int, dict]:
    code = main(["audit", str(AUDIT / name / "game.toml"), "--offline", "--format", "json", *extra])
    out = capsys.readouterr().out
    return code, json.loads(out)


def _found(report: dict, key: str = "violations") -> set[tuple[int, str, str]]:
    return {(d["day"], v["rule"], v.get("player")) for d in report["days"] for v in d["result"][key]}


def test_palermo_violations_exactly(capsys):
    code, report = _audit("px-violations", capsys=capsys)
    assert _found(report) == {
        (1, "V-SELF", "Bill"), (1, "V-NON-PLAYER", "Zorro"), (1, "V-MULTI-TARGET", "Chris"),
        (1, "V-INACTIVE-VOTER", "Fotis"), (1, "V-DEAD-POST", "Fotis"),
        (1, "V-INVALID-TARGET", "Giorgos"), (1, "V-LOCKED-VOTE", "Maria"),
        (1, "V-LOCKED", "Marina"), (1, "V-WINDOW-EXTRA", "Anna"),
        (1, "V-WINDOW-NO-VOTE", "Marina"), (1, "V-WINDOW-CHATTER", "Nikos"),
        # C-07: both edited posts; the audit's own edit list says which came after the deadline
        (1, "V-EDITED-VOTE", "Dora"), (1, "V-EDITED-VOTE", "Giorgos")}
    assert _found(report, "review") == {(1, "V-UNKNOWN-TARGET", "Dora"),
                                        (1, "V-AMBIGUOUS-TARGET", "Eleni")}
    assert code == 0  # nothing was announced, so nothing disagrees


def test_edits_found_and_the_late_one_flagged(capsys):
    _, report = _audit("px-violations", capsys=capsys)
    edits = {e["player"]: e for d in report["days"] for e in d["edits"]}
    assert set(edits) == {"Dora", "Giorgos"}
    assert edits["Dora"]["after_deadline"] is False
    late = edits["Giorgos"]
    assert late["after_deadline"] is True and late["code"] == "V-EDITED-VOTE"
    assert late["seen"] == "2026-11-02T21:00:00+02:00" and late["posted"] == "2026-11-02T16:00:00+02:00"
    assert "Anna" in " ".join(late["first"]) and "Nikos" in " ".join(late["later"])


def test_baku_vote_thread_violations(capsys):
    _, report = _audit("mb-violations", capsys=capsys)
    assert _found(report) == {(1, "V-EXTRA-POST", "Orxan"), (1, "V-LATE", "Tural")}
    assert _found(report, "review") == set()


def test_forum_ru_violations(capsys):
    _, report = _audit("mr-violations", capsys=capsys)
    assert _found(report) == {(1, "V-NO-REASON", "Лиса"), (1, "V-NOT-RED", "Медведь"),
                              (1, "V-VOTE-CHANGE", "Сова")}
    assert _found(report, "review") == set()


def test_lupus_third_abstention(capsys):
    _, report = _audit("lm-abstentions", capsys=capsys)
    assert _found(report) == {(3, "V-ABSTENTION-LIMIT", "Pino")}


def test_miscount_found_exit_1(capsys):
    code, report = _audit("ms-miscount", capsys=capsys)
    assert code == 1 and report["exit_code"] == 1
    assert _found(report) == set() and report["counts"] == {"checked": 3, "agreeing": 2, "unread": 0}
    counts = {c["label"]: c for c in report["days"][0]["votecounts"]}
    assert [label for label, c in counts.items() if not c["agrees"]] == ["Votecount 1.2"]
    bad = counts["Votecount 1.2"]
    assert [(x["voter"], x["announced"], x["computed"]) for x in bad["differences"]] == [
        ("Chris", "Bill", "Dora")]
    bill = next(d for d in bad["diffs"] if d["target"] == "Bill")
    assert (bill["announced"], bill["computed"], bill["extra"]) == (2, 1, ["Chris"])
    assert report["days"][0]["eliminations"][0]["agrees"] is True


def test_agreeing_game_exit_0(capsys):
    code, report = _audit("ms-agree", capsys=capsys)
    assert code == 0 and report["counts"] == {"checked": 3, "agreeing": 3, "unread": 0}
    assert report["agrees"] is True and _found(report) == set()
    for c in report["days"][0]["votecounts"]:   # interfaces.md §3, "The audit as JSON" (rev. 2)
        assert {"post", "url", "agrees", "confidence", "differences"} <= set(c)
        assert c["agrees"] and c["differences"] == [] and 0 < c["confidence"] <= 1


def test_unread_count_is_no_disagreement(capsys):
    """Issue 21: a count naming no player ("Kris") is not read, said apart in the JSON
    (counts.unread, the day's unread_counts and a V-UNREADABLE-COUNT review item with the
    name), and the game agrees (exit 0)."""
    code, report = _audit("ms-unread-count", capsys=capsys)
    assert code == 0 and report["agrees"] is True
    assert report["counts"] == {"checked": 2, "agreeing": 2, "unread": 1}
    day = report["days"][0]
    assert day["agrees"] is True and day["unread_counts"] == 1
    assert [c["label"] for c in day["votecounts"]] == ["Votecount 1.1", "Votecount 1.3"]
    (item,) = day["review"]
    assert (item["rule"], item["text"], item["names"]) == \
        ("V-UNREADABLE-COUNT", "Votecount 1.2", ["Kris"])


@pytest.mark.parametrize("lang, line", [
    ("en", "Counts that could not be read: 1 (not compared)"),
    ("el", "Καταμετρήσεις που δεν διαβάστηκαν: 1 (δεν συγκρίθηκαν)"),
    ("it", "Conteggi che non si sono potuti leggere: 1 (non confrontati)"),
    ("ru", "Подсчёты, которые не удалось прочитать: 1 (не сравнивались)"),
])
def test_unread_count_has_its_own_line(capsys, lang, line):
    for public in ("--private", "--public"):
        code = main(["audit", str(AUDIT / "ms-unread-count" / "game.toml"), "--offline",
                     "--lang", lang, public])
        out = capsys.readouterr().out
        assert code == 0 and line in out, (lang, public)


def test_miscount_text_report_in_italian(capsys):
    code = main(["audit", str(AUDIT / "ms-miscount" / "game.toml"), "--offline", "--lang", "it"])
    out = capsys.readouterr().out
    assert code == 1
    assert "Conteggi dei master: 2/3 concordano" in out
    assert "Chris: master → Bill, votal → Dora" in out


def test_game_went_on_after_its_end(capsys):
    _, report = _audit("pc-went-on", capsys=capsys)
    assert report["win"]["rule"] == "PC-07" and report["win"]["winners"] == ["town"]
    assert (report["win"]["day"], report["win"]["after"]) == (1, "Kostas")
    assert report["went_on"] == [2]
    assert report["days"][0]["eliminations"][0]["agrees"] is True  # "Ο Kostas αποχωρεί"


def test_public_drops_census_and_private(capsys):
    _, report = _audit("pc-went-on", "--public", capsys=capsys)
    assert "alive" not in report["win"]
    assert all("private" not in d["result"] and "draw" not in d for d in report["days"])


@pytest.mark.parametrize("fmt", ["text", "markdown", "bbcode", "html"])
def test_every_format_names_the_miscount(fmt, capsys):
    assert main(["audit", str(AUDIT / "ms-miscount" / "game.toml"), "--offline", "--format", fmt]) == 1
    out = capsys.readouterr().out
    assert "Votecount 1.2" in out and "Chris" in out


def test_bad_input_exit_2(tmp_path, capsys):
    assert main(["audit", str(tmp_path / "missing.toml"), "--offline"]) == 2
    assert main(["audit", str(AUDIT / "ms-agree" / "game.toml"), "--format", "pdf"]) == 2
    assert main(["audit", str(AUDIT / "ms-agree" / "game.toml"), "--lang", "fr"]) == 2


def test_gatto_nero_draw_shows_the_engines_seed(capsys):
    import hashlib

    _, report = _audit("lm-gatto-nero", capsys=capsys)
    draw = report["days"][0]["draw"]
    title = "Audit fixture: Gatto Nero"
    # The engine's seed (tally/rules/lupus.py): reproducible from the title and the day.
    assert draw["seed"] == int(hashlib.sha256(f"{title}|1".encode()).hexdigest()[:8], 16)
    assert draw["source"] == "engine" and draw["cat"] == "Gatto"
    assert draw["candidates"] == ["Ago", "Bea", "Ciro"] and draw["cursed"] in draw["candidates"]
    code, public = _audit("lm-gatto-nero", "--public", capsys=capsys)
    assert "draw" not in public["days"][0] and str(draw["seed"]) not in json.dumps(public)


def test_every_v_code_of_rules_md_is_planted_and_found(capsys):
    import re

    from tests.conftest import shared_path

    codes = set(re.findall(r"`(V-[A-Z-]+)`", shared_path("spec", "rules.md").read_text(encoding="utf-8")))
    assert len(codes) >= 20
    found: set[str] = set()
    for name in ("px-violations", "mb-violations", "mr-violations", "lm-abstentions",
                 "ms-unvote-required"):
        _, report = _audit(name, capsys=capsys)
        found |= {rule for _, rule, _ in _found(report)} | {rule for _, rule, _ in _found(report, "review")}
        found |= {e["code"] for d in report["days"] for e in d["edits"]}
    assert codes <= found, sorted(codes - found)


def test_ms09_vote_without_unvote_and_the_rule_suggested_when_not_told(capsys, tmp_path):
    code, report = _audit("ms-unvote-required", capsys=capsys)
    assert code == 0 and _found(report) == {(1, "V-NO-UNVOTE", "Chris")}
    assert report["counts"] == {"checked": 1, "agreeing": 1, "unread": 0}
    # The same game without the option: the moderator applied a rule votal was not told.
    folder = AUDIT / "ms-unvote-required"
    (tmp_path / "posts.jsonl").write_bytes((folder / "posts.jsonl").read_bytes())
    game = (folder / "game.toml").read_text(encoding="utf-8")
    (tmp_path / "game.toml").write_text(game.replace("unvote_required = true", ""),
                                        encoding="utf-8")
    assert main(["audit", str(tmp_path / "game.toml"), "--offline", "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    [diff] = report["days"][0]["votecounts"][0]["differences"]
    assert (diff["voter"], diff["announced"], diff["computed"], diff["cause"], diff["post"]) == (
        "Chris", "Bill", "Dora", "unvote-required", "8003")
    assert diff["suggestion"] == {"option": "unvote_required", "value": True, "rule": "MS-09"}

"""issue 20, item 8: an interrupted command says only what is true. `report` (Ctrl-C or an error
midway) leaves no half-written folder: the site is written into a temporary sibling and takes its
place only when whole, and an existing site is untouched until then; `init` and `report` offer
"run again to resume" only when pages were stored that a re-run continues from."""

from __future__ import annotations

import errno
import sys
from pathlib import Path

import pytest

from votal.cli import _PageProgress, main

from .conftest import FIXTURES, ROOT

sys.path.insert(0, str(ROOT / "tests" / "scraper"))
import fakeforum as ff  # noqa: E402

GAME = FIXTURES / "games" / "palermo-athens" / "game.toml"


def run(args, capsys) -> tuple[int, str]:
    code = main([str(a) for a in args])
    return code, capsys.readouterr().err


def one_line(err: str) -> str:
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1 and lines[0].startswith("votal: "), err
    return lines[0]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def fail_after(monkeypatch, calls: int, error: BaseException) -> None:
    """The site's writer fails at its ``calls``-th file, after writing the ones before."""
    from votal.report import site

    real, seen = site.write_file, []

    def write_file(path, data):
        seen.append(path)
        if len(seen) == calls:
            raise error
        return real(path, data)

    monkeypatch.setattr(site, "write_file", write_file)


def test_a_report_interrupted_midway_writes_no_folder(tmp_path, capsys, monkeypatch):
    out = tmp_path / "site"
    fail_after(monkeypatch, 4, KeyboardInterrupt())
    code, err = run(["report", GAME, "--out", out, "--offline"], capsys)
    assert code == 130
    assert one_line(err) == f"votal: interrupted; {out} was not written"
    assert list(tmp_path.iterdir()) == []  # neither the site nor its temporary folder


def test_a_report_interrupted_over_an_old_site_leaves_it_as_it_was(tmp_path, capsys, monkeypatch):
    out = tmp_path / "site"
    assert run(["report", GAME, "--out", out, "--offline", "--lang", "en"], capsys)[0] == 0
    before = snapshot(out)
    assert "index.html" in before and len(before) > 5
    fail_after(monkeypatch, 4, KeyboardInterrupt())
    code, err = run(["report", GAME, "--out", out, "--offline", "--lang", "it"], capsys)
    assert code == 130
    assert one_line(err) == f"votal: interrupted; {out} was left as it was"
    assert snapshot(out) == before
    assert [p.name for p in tmp_path.iterdir()] == ["site"]


def test_a_report_failing_midway_leaves_the_old_site_too(tmp_path, capsys, monkeypatch):
    out = tmp_path / "site"
    assert run(["report", GAME, "--out", out, "--offline", "--lang", "en"], capsys)[0] == 0
    before = snapshot(out)
    fail_after(monkeypatch, 3, OSError(errno.ENOSPC, "No space left on device"))
    code, err = run(["report", GAME, "--out", out, "--offline", "--lang", "it"], capsys)
    assert code == 2
    assert "No space left on device" in one_line(err)
    assert snapshot(out) == before
    assert [p.name for p in tmp_path.iterdir()] == ["site"]


def test_a_whole_report_replaces_the_old_one_and_keeps_other_files(tmp_path, capsys):
    out = tmp_path / "site"
    assert run(["report", GAME, "--out", out, "--offline", "--lang", "en"], capsys)[0] == 0
    assert (out.stat().st_mode & 0o777) != 0o700  # a folder as mkdir makes it, not mkdtemp's
    (out / "notes.txt").write_text("the moderator's own notes", encoding="utf-8")
    english = snapshot(out)
    assert run(["report", GAME, "--out", out, "--offline", "--lang", "it"], capsys)[0] == 0
    italian = snapshot(out)
    assert italian["notes.txt"] == english["notes.txt"]
    assert italian["index.html"] != english["index.html"] and 'lang="it"' in \
        italian["index.html"].decode()
    assert [p.name for p in tmp_path.iterdir()] == ["site"]


def test_an_archive_site_interrupted_writes_no_folder(tmp_path, capsys, monkeypatch):
    archive = tmp_path / "games"
    (archive / "athens").mkdir(parents=True)
    for name in ("game.toml", "posts.jsonl"):
        (archive / "athens" / name).write_bytes((GAME.parent / name).read_bytes())
    out = tmp_path / "site"
    fail_after(monkeypatch, 3, KeyboardInterrupt())
    code, err = run(["report", archive, "--out", out, "--db", tmp_path / "s.sqlite"], capsys)
    assert code == 130
    assert one_line(err) == f"votal: interrupted; {out} was not written"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games"] + (
        ["s.sqlite"] if (tmp_path / "s.sqlite").exists() else [])


def test_init_interrupted_offers_no_resume(tmp_path, capsys, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("votal.app.init.draft_from_source", interrupted)
    out = tmp_path / "game.toml"
    code, err = run(["init", FIXTURES / "demo" / "pages", "--out", out], capsys)
    assert code == 130
    assert one_line(err) == f"votal: interrupted; {out} was not written"
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_a_command_that_stored_nothing_offers_no_resume(monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("votal.app.tally.tally_file", interrupted)
    code, err = run(["tally", GAME, "--offline"], capsys)
    assert code == 130
    assert one_line(err) == "votal: interrupted; everything stored so far is kept"


def test_a_refresh_interrupted_after_two_pages_offers_the_resume(tmp_path, capsys, monkeypatch):
    """The pages a re-run continues from are there: then, and only then, "resume"."""
    real = _PageProgress.__call__

    def progress(self, done, total):
        real(self, done, total)
        if done == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(_PageProgress, "__call__", progress)
    posts = ff.make_thread(3)
    with ff.ForumServer() as srv:
        for n in range(1, 4):
            srv.pages[ff.phpbb_path(n)] = ff.render_phpbb(posts, n)
        game = ff.write_game(tmp_path, srv.url(ff.PHPBB_TOPIC))
        out = tmp_path / "site"
        code, err = run(["report", game, "--out", out, "--db", tmp_path / "s.sqlite",
                         "--rate", "1000", "--concurrency", "1"], capsys)
    assert code == 130
    assert one_line(err) == ("votal: interrupted: 2 page(s) of the thread were stored and are "
                             "kept; run the same command again to resume")
    assert not out.exists()


@pytest.mark.parametrize("stored", [False, True])
def test_scrape_offers_the_resume_only_after_a_stored_page(stored, tmp_path, capsys, monkeypatch):
    real = _PageProgress.__call__

    def progress(self, done, total):
        if stored:
            real(self, done, total)
        raise KeyboardInterrupt

    monkeypatch.setattr(_PageProgress, "__call__", progress)
    posts = ff.make_thread(2)
    db = tmp_path / "s.sqlite"
    with ff.ForumServer() as srv:
        for n in (1, 2):
            srv.pages[ff.phpbb_path(n)] = ff.render_phpbb(posts, n)
        url = srv.url(ff.PHPBB_TOPIC)
        code, err = run(["scrape", url, "--db", db, "--rate", "1000"], capsys)
    assert code == 130
    line = one_line(err)
    assert ("run the same command again to resume" in line) is stored

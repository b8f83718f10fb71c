"""The HTML report and the static site in a real browser (Debian's headless Chromium).

Checks: no console error (a missing image is one: "Failed to load resource"), the chart is drawn
with a non-zero size, the screenshot is not blank, every post link points into the game's thread.
Skips, saying why, where Chromium is not installed (`make test` installs it as root on Debian).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from lxml import html as lxml_html

from votal.report import render
from votal.report.site import build_site

from ..conftest import FIXTURES
from .engine_runs import game_days

GAME = FIXTURES / "games" / "palermo-athens"
CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists()
                                        else None)
pytestmark = pytest.mark.skipif(CHROMIUM is None,
                                reason="chromium is not installed (make browser installs it)")

MEASURE = """<script>
window.addEventListener('load', () => {
  const box = el => {
    const r = el.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)];
  };
  const out = {svg: [...document.querySelectorAll('.chart svg')].map(box),
               img: [...document.querySelectorAll('img')].map(
                 i => [i.complete, i.naturalWidth].concat(box(i)))};
  const pre = document.createElement('pre'); pre.id = 'measured';
  pre.textContent = JSON.stringify(out); document.body.appendChild(pre);
});
</script>"""


def _chromium(tmp: Path, *args: str) -> subprocess.CompletedProcess:
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
           "--no-first-run", "--disable-background-networking", "--disable-component-update",
           "--disable-sync", f"--user-data-dir={tmp / 'profile'}", "--enable-logging=stderr",
           "--v=0", "--virtual-time-budget=5000", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def _console_errors(stderr: str) -> list[str]:
    return [ln for ln in stderr.splitlines()
            if "CONSOLE" in ln or "Failed to load resource" in ln or "Uncaught" in ln]


def _measure(page: Path, tmp: Path) -> dict:
    """Load a copy of the page with a measuring script (the product pages have no script)."""
    probe = page.with_name("probe-" + page.name)
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", MEASURE + "</body>"),
                     encoding="utf-8")
    res = _chromium(tmp, "--dump-dom", probe.as_uri())
    probe.unlink()
    m = re.search(r'<pre id="measured">(.*?)</pre>', res.stdout, re.S)
    assert m, res.stderr[-2000:]
    return json.loads(m.group(1).replace("&quot;", '"'))


def _thread_url() -> str:
    first = (GAME / "posts.jsonl").read_text(encoding="utf-8").splitlines()[0]
    return json.loads(first)["thread"]


def _check_page(page: Path, tmp: Path, *, chart: str) -> None:
    res = _chromium(tmp, "--dump-dom", page.as_uri())
    assert res.returncode == 0, res.stderr[-2000:]
    assert not _console_errors(res.stderr), _console_errors(res.stderr)
    doc = lxml_html.fromstring(res.stdout)
    thread = _thread_url()
    for href in doc.xpath("//a/@href"):
        if href.startswith(("http://", "https://")):
            assert href.startswith(thread), href
        else:
            assert (page.parent / href).exists(), href     # the site's own relative links
    sizes = _measure(page, tmp)
    if chart == "svg":
        assert sizes["svg"] and all(w > 100 and h > 50 for w, h in sizes["svg"]), sizes
    else:
        assert sizes["img"] and all(ok and nat > 0 and w > 100 and h > 50
                                    for ok, nat, w, h in sizes["img"]), sizes


def _not_blank(png: Path) -> None:
    from matplotlib import image

    pixels = image.imread(str(png))
    assert pixels.shape[0] > 100 and pixels.std() > 0.05


def test_html_page_in_chromium(tmp_path):
    result = game_days(str(GAME / "game.toml"))[0]
    page = tmp_path / "day-1.html"
    page.write_text(render(result, "html"), encoding="utf-8")
    _check_page(page, tmp_path, chart="svg")
    shot = tmp_path / "shot.png"
    res = _chromium(tmp_path, "--window-size=1100,1400", f"--screenshot={shot}", page.as_uri())
    assert shot.exists(), res.stderr[-2000:]
    _not_blank(shot)


def test_static_site_in_chromium(tmp_path):
    site = tmp_path / "site"
    build_site(list(game_days(str(GAME / "game.toml"))), site, "el")
    _check_page(site / "index.html", tmp_path, chart="img")
    _check_page(site / "day-1.html", tmp_path, chart="img")
    res = _chromium(tmp_path, "--dump-dom", (site / "player-01.html").as_uri())
    assert not _console_errors(res.stderr)
    assert "<table" in res.stdout


def test_archive_site_in_chromium(tmp_path):
    """`votal report DIR`: the archive's index, a game's own site and a player across games."""
    from votal.app.archive import archive_site

    site = tmp_path / "site"
    archive_site(GAME.parent, site, "en")
    res = _chromium(tmp_path, "--dump-dom", (site / "index.html").as_uri())
    assert res.returncode == 0 and not _console_errors(res.stderr), res.stderr[-2000:]
    doc = lxml_html.fromstring(res.stdout)
    hrefs = doc.xpath("//a/@href")
    assert all((site / h).exists() for h in hrefs), hrefs
    assert len(doc.xpath("//table[@class='games']//tr")) == 1 + 3   # header + the three games
    player = site / "player-0001.html"
    _measure_ok = _measure(player, tmp_path)
    assert _measure_ok["img"] and all(ok and nat > 0 for ok, nat, _w, _h in _measure_ok["img"])
    res = _chromium(tmp_path, "--dump-dom", player.as_uri())
    assert not _console_errors(res.stderr)
    for href in lxml_html.fromstring(res.stdout).xpath("//a/@href"):
        assert href.startswith("http") or (site / href).exists(), href

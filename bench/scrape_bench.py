"""Scraper benchmark: adapter parse throughput against two baselines run in the same process,
peak memory, and the requests an unchanged-thread refresh costs against a local server.

Pages: the real ones, ../shared/real/engines/<engine>/ (when present) and our own real pages,
fixtures/engines/<engine>/real/; an engine with no real page (ForumFree, ucoz) is measured on all
its own hand-written pages, marked "own" in the table: for each, a 3-post page and a full page
of 15 posts (the page size both hosts print by default), written in our words with quotes,
colours, signatures and page links — a 3-post page alone overweights the page's fixed work
against the pages users read. ``--all`` adds every hand-written page of fixtures/engines/ and
the demo's pages to every engine; ``--page TEXT`` keeps only the pages whose file name holds
TEXT (``--page lupus16`` measures ForumFree's 3-post page alone).

Baselines, both extracting the adapter's fields (post id, author, time text, body HTML; Discourse
JSON: each post's ``cooked`` HTML with its quotes taken out) with the same CSS selectors
(``BASELINE``, from forum-engines.md §2.7):
- naive: ``BeautifulSoup(html, "html.parser")`` and soupsieve's ``select``;
- plain lxml (``lxml_baseline.py``): stock ``lxml.html`` and the selectors as XPath compiled once,
  no normalisation, no date parsing, no pagination: the least a scraper of these fields does.
``!`` lines name the pages where a baseline found other posts than the adapter (ids, authors).

Timing is CPU time (``time.process_time``): each round parses every page of an engine as many
times as fit in ``MIN_CPU`` seconds, the three sides' rounds alternate, and the best of ``ROUNDS``
rounds is kept for each side (the least disturbed by a loaded machine). The adapter is timed
through ``Engine.read_page``, what ``votal scrape`` calls per page (posts and pagination), with
votal's date-text caches (``dates._absolute``, ``dates._dateparser_fallback``: lru_cache keyed on
the text) cleared before each page's parse, inside the timed part (two ``cache_clear`` calls,
well under a microsecond a page): a real thread meets each post's time text once, the bench's
repeated pages would otherwise meet it again and again (issue 22).
Targets, every engine (exit 1 if one is missed): votal at most ``LXML_TARGET`` times the plain
lxml extractor's time (>= 70% of its speed), and at least ``TARGET`` times faster than the
naive baseline.
Usage: ``bench/scrape_bench.py [--rounds N] [--all] [--page TEXT] [engine ...]``.
"""

from __future__ import annotations

import gc
import json
import math
import os
import re
import resource
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import lxml_baseline
from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "real" / "engines"
TARGET = 8.0  # votal at least 8x faster than the naive baseline
LXML_TARGET = 1.4  # votal's time at most 1.4x the plain lxml extractor's
ROUNDS = 7
MIN_CPU = 0.1
TZ = ZoneInfo("Europe/Athens")
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC).astimezone(TZ)
FALLBACK_URL = "https://forum.example/t/1"

Row = tuple  # (id, author, time text, body html)

# engine: (post container, id "attr" or "css@attr" (digits kept), author, time, body) selectors;
# "a | b" tries a, then b (priority order, as the adapters do); a list of such specs: the first
# whose container matches (one per markup family of the engine)
BASELINE = {
    "xenforo2": ("article.message--post, .js-post[id^=js-post-]", "data-content",
                 ".message-name .username",
                 "time.u-dt", ".message-body .bbWrapper"),
    "xenforo1": ("li.message[id^=post-]", "id",
                 ".messageUserBlock a.username | .userText .username", ".DateTime",
                 "blockquote.messageText"),
    "invision": ("article[id^=elComment_]", "id", ".cAuthorPane_author a | .ipsEntry__username a",
                 "time[datetime]", "[data-role=commentContent]"),
    "vbulletin5": ("li.b-post[data-node-id]", "data-node-id",
                   ".b-userinfo__details .author a | .b-userinfo__details .author",
                   "time[itemprop=dateCreated]", ".js-post__content-text"),
    "vbulletin4": ("li.postcontainer[id^=post_]", "id", ".username_container .username",
                   "span.date", "blockquote.postcontent"),
    # the postbit table, or Internet Brands' table-less NextGen style (div#postN > div.tpost)
    "vbulletin3": [("table[id^=post]", "div[id^=post_message_]@id",
                    "a.bigusername | .bigusername", "td.thead", "div[id^=post_message_]"),
                   ("div[id^=post]:has(> div.tpost)", "div[id^=post_message_]@id",
                    "a.bigusername", "div.thead div.tcell", "div[id^=post_message_]")],
    "somethingawful": ("table.post[id^=post]", "id", "dt.author", "td.postdate",
                       "td.postbody"),
    # vB2: the post's table (no id or class): user cell with a[name=postN], message cell, then
    # the date cell (height=16) of its second row
    "vbulletin2": ("table[cellpadding='4']:has(a[name^=post])", "a[name^=post]@name",
                   "td > font > b", "td[height='16'] > font", "td[width='100%'] > p"),
    # prosilver-like div.post, or subsilver2's table.tablebg (one table per post)
    "phpbb": [("div.post[id^=p]", "id", "p.author a[href*=viewprofile] | p.author strong | "
               "dl.postprofile dt a[href*=viewprofile]", "p.author time[datetime] | p.author",
               "div.postbody div.content"),
              ("table.tablebg:has(b.postauthor)", "a[name^=p]@name", "b.postauthor",
               "td.gensmall div[style*=right]", "div.postbody")],
    "smf": ("div:has(> .poster)", "div.inner[id^=msg_]@id", ".poster h4 a | .poster h4",
            ".keyinfo .smalltext | .postinfo .smalltext", "div.inner[id^=msg_]"),
    "mybb": ("div.post[id^=post_]", "id", ".author_information .largetext",
             "span.post_date", "div.post_body"),
    "nodebb": ("li[component=post][data-pid]", "data-pid", "[itemprop=author]", ".timeago",
               "[component='post/content']"),
    "forumotion": ("div[class*='post--']:not(.post--0)", "id",
                   "p.author a[href^='/u'] | p.author strong | .post-author-name",
                   "p.author | .post-date", ".post-entry | .post-content | .content"),
    "phpbb2": [("tbody[id^=post_]", "id", "p.nick", "a.p-link", "div.post_body"),
               ("tr:has(span.name)", "span.name a[name]@name", "span.name",
                "span.postdetails | td.postdetails", ".postbody")],
    "fluxbb": ("div.blockpost[id^=p], div.post[id^=p]", "id", ".postleft dt | .post-byline a",
               "h2 a | .post-link a", "div.postmsg | div.entry-content"),
    "ipb": [("div.post_block[id^=post_id_]", "id", ".author", "abbr.published",
             "div.entry-content"),
            ("table:has(span.normalname)", "a[name^=entry]@name", "span.normalname",
             "span.postdetails", "div.postcolor")],
    "ucoz": ("table.postTable[id^=post], tr[id^=post]", "id", "td.postTdTop a", "td.postTdTop",
             "td.posttdMessage"),
    "forumfree": ("li.post[id^=ee]", "id", ".nick a", ".when", "td.color | div.color"),
    "vanilla": ("div[id^=Discussion_], li[id^=Comment_]", "id", "a.Username", "time[datetime]",
                "div.Message"),
    "discourse": ("div.crawler-post", "[itemprop=position]@text",
                  "[itemprop=author] [itemprop=name] | .creator a",
                  "time[datetime] | meta[itemprop=datePublished]", "[itemprop=text]"),
}
_DIGITS = re.compile(r"\d+")


def pages(only: set[str] | None = None, everything: bool = False
          ) -> dict[str, list[tuple[Path, str]]]:
    """The benchmark pages, by the engine that detects each (see the module docstring): the real
    ones, an engine's own fixtures where it has no real page, every page with ``everything``."""
    from votal.scraper.http import decode  # <meta charset>: cp1251 pages exist

    real: dict[str, list[tuple[Path, str]]] = {}
    own: dict[str, list[tuple[Path, str]]] = {}
    folders = [(f, True) for f in _folders(SHARED)]
    for folder in _folders(ROOT / "fixtures" / "engines"):
        # fixtures/engines/<engine>/real/: real pages found by votal's developers (issue 11)
        folders += [(folder / "real", True), (folder, False)]
    for folder, is_real in folders:
        for f in sorted(folder.glob("*")) if folder.is_dir() else ():
            if _is_page(f):
                text = decode(f.read_bytes(), None)
                name = _engine_of(text, folder.parent.name if folder.name == "real"
                                  else folder.name)
                (real if is_real else own).setdefault(name, []).append((f, text))
    for f in sorted((ROOT / "fixtures" / "demo" / "pages").glob("*.html")):
        own.setdefault("invision", []).append((f, f.read_text(encoding="utf-8")))
    found = {k: v + (own.get(k, []) if everything else []) for k, v in real.items()}
    for k, v in own.items():
        found.setdefault(k, v)  # no real page: the engine's own fixtures
    return {k: v for k, v in sorted(found.items()) if only is None or k in only}


def _folders(base: Path) -> list[Path]:
    return sorted(p for p in base.iterdir() if p.is_dir()) if base.is_dir() else []


def _is_page(f: Path) -> bool:
    """A thread page or answer (not expected data, extracted JSON nor a topic's stream)."""
    return f.suffix in (".html", ".htm") or (
        f.suffix == ".json" and "EXTRACTED" not in f.name
        and not f.name.endswith(".expected.json") and "topic" not in f.name)


def is_real(path: Path) -> bool:
    return path.parent.name == "real" or SHARED in path.parents


def _engine_of(text: str, folder: str) -> str:
    """The adapter that detects the page (a folder may hold an engine's older versions)."""
    from votal.errors import UnknownEngineError
    from votal.scraper import engines

    try:
        return engines.for_page(text).name
    except UnknownEngineError:
        return folder


# --- the naive baseline -----------------------------------------------------------------------

def baseline(engine: str, text: str) -> list[Row]:
    """The naive extractor: html.parser + CSS selectors, the adapter's fields."""
    if engine == "flarum":
        return _flarum_rows(text)
    if text.lstrip().startswith("{"):  # Discourse JSON: the cooked HTML of each post
        return [_cooked_row(p) for p in json.loads(text).get("post_stream", {}).get("posts", [])]
    soup = BeautifulSoup(text, "html.parser")
    specs = BASELINE[engine] if isinstance(BASELINE[engine], list) else [BASELINE[engine]]
    for container, id_from, *sels in specs:  # noqa: B007 — the spec whose container matched is used below
        found = soup.select(container)
        if found:
            break
    rows = []
    for post in found:
        author, when, body = (_first(post, s) for s in sels)
        if body is None:
            continue  # a layout box of the same class that holds no post
        rows.append((_id(post, id_from), author.get_text(" ", strip=True) if author else None,
                     (when.get("datetime") or when.get("title") or when.get("content")
                      or when.get_text(" ", strip=True)) if when else None, str(body)))
    return rows


def _flarum_rows(text: str) -> list[Row]:
    """Flarum: the JSON:API document (the answer, or the page's preload script) and the
    contentHtml of each comment post of the page, parsed."""
    return lxml_baseline.flarum_rows(
        text, lambda page: BeautifulSoup(page, "html.parser").select_one(
            "script#flarum-json-payload").get_text(),
        lambda html: str(BeautifulSoup(html, "html.parser")))


def _cooked_row(p: dict) -> Row:
    body = BeautifulSoup(p.get("cooked", ""), "html.parser")
    for quote in body.select("aside.quote"):
        quote.decompose()
    return (p.get("id"), p.get("username"), p.get("created_at"), str(body))


def _first(post, selectors: str):
    for sel in selectors.split(" | "):
        found = post.select_one(sel)
        if found is not None:
            return found
    return None


def _id(post, id_from: str) -> str | None:
    sel, _, attr = id_from.rpartition("@")
    el = _first(post, sel) if sel else post
    if el is None:
        return None
    value = el.get_text() if attr == "text" else el.get(attr)
    return value if isinstance(value, str) else None


def check(rows: list[Row], posts: list) -> str:
    """"ok" when the baseline found the adapter's posts (same ids and authors, in order)."""
    if len(rows) != len(posts):
        return f"posts {len(rows)}/{len(posts)}"
    ids = sum(_DIGITS.findall(str(r[0] or ""))[-1:] == _DIGITS.findall(p.id)[-1:]
              for r, p in zip(rows, posts))
    names = sum(" ".join((r[1] or "").split()) == p.author for r, p in zip(rows, posts))
    bodies = sum(bool(r[3]) for r in rows)
    if ids == names == bodies == len(posts):
        return "ok"
    return f"ids {ids}/{len(posts)} authors {names}/{len(posts)} bodies {bodies}/{len(posts)}"


# --- timing -----------------------------------------------------------------------------------

def clear_text_caches() -> None:
    """Forget the date texts seen: each parse meets its page's time texts as a real scrape does."""
    from votal.scraper import dates

    dates._absolute.cache_clear()
    dates._dateparser_fallback.cache_clear()


def adapter(engine, text: str) -> list:
    """What ``votal scrape`` does with one page: its posts and its pagination, one parse, the
    date-text caches cleared first (module docstring)."""
    clear_text_caches()
    url = engine.examples[0].url if engine.examples else FALLBACK_URL
    return engine.read_page(text, url, TZ, NOW)[0]


def plain(engine: str, text: str) -> list[Row]:
    return lxml_baseline.rows(engine, text, BASELINE)


def cpu_round(fn: Callable[[], object]) -> float:
    """CPU seconds per call of ``fn``, over as many calls as fit in MIN_CPU (gc off, as timeit)."""
    gc.collect()
    gc.disable()
    try:
        reps, start = 0, time.process_time()
        while True:
            fn()
            reps += 1
            elapsed = time.process_time() - start
            if elapsed >= MIN_CPU:
                return elapsed / reps
    finally:
        gc.enable()


def peak_mb(fn: Callable[[], object]) -> float:
    """Peak of the Python heap during one call (tracemalloc: libxml2's own C heap not seen)."""
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def bench_engine(name: str, files: list[tuple[Path, str]], rounds: int) -> dict:
    from votal.scraper import engines

    engine = engines.get(name)
    texts, notes, n_ad = [], [], 0
    for path, text in files:
        try:
            posts = adapter(engine, text)
        except Exception as e:  # an adapter that cannot read a page: reported, not hidden
            notes.append(f"{path.name}: {type(e).__name__}: {e}")
            continue
        texts.append(text)
        n_ad += len(posts)
        for label, side in (("naive", baseline), ("plain lxml", plain)):
            verdict = check(side(name, text), posts)
            if verdict != "ok":
                notes.append(f"{path.name}: {label} baseline differs: {verdict}")

    def run(fn: Callable) -> Callable[[], None]:
        def once() -> None:
            for t in texts:
                fn(t)
        return once

    sides = {"votal": run(lambda t: adapter(engine, t)), "lxml": run(lambda t: plain(name, t)),
             "bs4": run(lambda t: baseline(name, t))}
    best = dict.fromkeys(sides, float("inf"))
    for _ in range(rounds):  # alternate, so that a burst of load hits every side
        for side, fn in sides.items():
            best[side] = min(best[side], cpu_round(fn))
    size = sum(len(t.encode("utf-8")) for t in texts) / 1e6
    return {"name": name, "pages": len(texts), "posts": n_ad,
            "own": not any(is_real(p) for p, _ in files),
            "pps": n_ad / best["votal"], "mbs": size / best["votal"],
            "lpps": n_ad / best["lxml"], "bpps": n_ad / best["bs4"],
            "vs_lxml": best["votal"] / best["lxml"], "speedup": best["bs4"] / best["votal"],
            "peak": peak_mb(sides["votal"]), "bpeak": peak_mb(sides["bs4"]), "notes": notes}


def bench_refresh() -> list[tuple[str, int, int]]:
    """Requests of a first scrape and of a refresh of the unchanged thread, local server."""
    sys.path.insert(0, str(ROOT / "tests" / "scraper"))
    import fakeforum as ff

    from votal.scraper.fetch import scrape
    from votal.scraper.http import HttpClient, HttpOptions
    from votal.scraper.store import Store

    out = []
    for etags in (True, False):
        posts = ff.make_thread(200)
        with ff.ForumServer() as srv, tempfile.TemporaryDirectory() as tmp:
            srv.etags = etags
            for n in range(1, 201):
                srv.pages[ff.phpbb_path(n)] = ff.render_phpbb(posts, n)
            url = srv.url(ff.phpbb_path(1))
            with Store(Path(tmp) / "s.sqlite") as store, \
                    HttpClient(HttpOptions(rate=math.inf, concurrency=2)) as client:
                first = scrape(url, store=store, client=client, timezone="UTC")
                again = scrape(url, store=store, client=client, timezone="UTC")
            label = "phpBB 200 pages, " + ("ETag/304" if etags else "no ETag")
            out.append((label, first.requests, again.requests))
    return out


def print_table(rows: list[dict]) -> None:
    head = (f"{'engine':<11} {'pages':>5} {'posts':>5} {'posts/s':>8} {'MB/s':>6} | "
            f"{'lxml posts/s':>12} {'votal/lxml':>10} | {'bs4 posts/s':>11} {'bs4/votal':>9} | "
            f"{'peak MB':>7} {'bs4 MB':>6}")
    print(head)
    print("-" * len(head))
    for r in rows:
        name = r["name"] + (" (own)" if r["own"] else "")
        print(f"{name:<11} {r['pages']:>5} {r['posts']:>5} {r['pps']:>8.0f} {r['mbs']:>6.1f} | "
              f"{r['lpps']:>12.0f} {r['vs_lxml']:>9.2f}x | {r['bpps']:>11.0f} "
              f"{r['speedup']:>8.1f}x | {r['peak']:>7.2f} {r['bpeak']:>6.1f}")
        for note in r["notes"]:
            print(f"    ! {note}")


def main(argv: list[str]) -> int:
    rounds = ROUNDS
    if "--rounds" in argv:
        i = argv.index("--rounds")
        rounds = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    named = None
    if "--page" in argv:
        i = argv.index("--page")
        named = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    everything = "--all" in argv
    only = {a for a in argv if a != "--all"} or None
    from votal.scraper import engines

    found = pages(only, everything)
    if named is not None:
        found = {k: kept for k, v in found.items()
                 if (kept := [(f, t) for f, t in v if named in f.name])}
    known = {e.name for e in engines.all_engines() if not e.retired}  # Curse: refused, not read
    skipped = sorted(set(found) - known)
    rows = [bench_engine(name, files, rounds) for name, files in sorted(found.items())
            if name in known]
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, load average "
          f"{load} (1, 5, 15 min) at the start; {'every page' if everything else 'real pages'}"
          + (f", only the pages named *{named}*" if named is not None else ""))
    print(f"CPU time (process_time), best of {rounds} rounds of >= {MIN_CPU}s per side; "
          "peak MB = Python heap (tracemalloc) of one pass; (own): no real page, all the engine's "
          "own pages")
    print_table(rows)
    if skipped:
        print(f"page folders without an adapter (not measured): {', '.join(skipped)}")
    failures = [f"{r['name']} {r['vs_lxml']:.2f}x the plain lxml time (target <= "
                f"{LXML_TARGET}x)" for r in rows if r["pages"] and r["vs_lxml"] > LXML_TARGET]
    failures += [f"{r['name']} only {r['speedup']:.1f}x the naive baseline (target >= "
                 f"{TARGET:.0f}x)" for r in rows if r["pages"] and r["speedup"] < TARGET]
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process max RSS after parsing: {rss:.0f} MB")
    if only is None:
        print()
        print(f"{'refresh of an unchanged thread':<32} {'first scrape':>12} {'refresh':>8}")
        for label, first, again in bench_refresh():
            print(f"{label:<32} {first:>12} {again:>8}")
            if again > 1:
                failures.append(f"{label}: an unchanged thread cost {again} requests, not 1")
    if failures:
        print("\nmissed: " + "; ".join(failures))
        return 1
    print(f"\nevery adapter within {LXML_TARGET}x the plain lxml extractor's time and >= "
          f"{TARGET:.0f}x the naive baseline; an unchanged thread refreshed in 1 request")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

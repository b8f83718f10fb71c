"""The adapter contract of scraper/engines/base.py, checked over every registered adapter
(issue 12): declarations, example URLs (routing and page URLs, no network), no state shared
between threads, and a registry that fails loudly."""

from __future__ import annotations

import importlib
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType

import pytest

from votal.scraper import engines
from votal.scraper.engines.base import Engine, Example, PageInfo
from votal.scraper.fetch import scrape
from votal.scraper.http import HttpClient, HttpOptions
from votal.scraper.store import Store

sys.path.insert(0, str(Path(__file__).parent))
import fakeforum as ff  # noqa: E402

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
ALL = engines.all_engines()
EXAMPLES = [pytest.param(e, ex, id=f"{e.name}:{ex.url}") for e in ALL for ex in e.examples]


@pytest.mark.parametrize("engine,example", EXAMPLES)
def test_example_url(engine: Engine, example: Example):
    """gallery-dl's generic test: the URL goes to its adapter, which rebuilds its pages."""
    assert engines.for_url(example.url) is engine
    assert engines.get(engine.name) is engine
    assert engine.thread_url(example.url) == example.thread
    assert engine.thread_url(example.thread) == example.thread
    assert engine.page_url(example.thread, 1) == example.thread
    if example.page_url is not None:
        info = PageInfo(1, None, None, example.per_page)
        page = engine.page_url(example.thread, example.page, info)
        assert page == example.page_url
        assert engines.for_url(page) is engine
        assert engine.thread_url(page) == example.thread


@pytest.mark.parametrize("engine", ALL, ids=lambda e: e.name)
def test_declarations(engine: Engine):
    module = type(engine).__module__
    assert module == f"votal.scraper.engines.{engine.name}", "one module per adapter, its name"
    assert engine.label
    if engine.url_patterns or engine.sites:
        assert engine.examples, "an adapter that claims URLs shows examples of them"
    assert all(s == s.lower() and not s.startswith("www.") for s in engine.sites)
    for variant in engine.variants:
        assert variant.name != engine.name and engines.get(variant.name).precedence > \
            engine.precedence, "a variant is tried after the adapter that declares it"


def test_precedence_is_explicit_and_unique():
    order = [e.precedence for e in ALL]
    assert order == sorted(order) and len(set(order)) == len(order)


def test_known_sites_win_over_url_patterns():
    # animesuki's URLs look like vBulletin 4's; its table entry sends them to vBulletin 3
    assert engines.for_url("https://forums.animesuki.com/showthread.php?t=1").name == \
        "vbulletin3"
    assert engines.for_url("https://other.example/showthread.php?t=1").name == "vbulletin4"


def test_only_engines_with_their_own_fetch_strategy_declare_one():
    with_api = {e.name for e in ALL if e.api is not None}
    assert "discourse" in with_api
    for e in ALL:
        if e.api is not None:
            for method in ("topic_url", "parse_topic", "batch_urls", "parse_batch",
                           "link_quotes"):
                assert callable(getattr(e.api, method)), (e.name, method)


@pytest.mark.parametrize("engine", ALL, ids=lambda e: e.name)
def test_a_page_of_another_kind(engine: Engine):
    page = "<html><body><p>Nothing here</p></body></html>"
    assert not engine.detect(page)
    assert engine.parse_page(page, "https://x.example/", UTC, NOW) == []


def _adapter_modules() -> list[ModuleType]:
    package = Path(engines.__file__).parent
    return [importlib.import_module(f"votal.scraper.engines.{p.stem}")
            for p in sorted(package.glob("*.py")) if p.stem != "__init__"]


@pytest.mark.parametrize("module", _adapter_modules(), ids=lambda m: m.__name__.rsplit(".")[-1])
def test_no_module_level_mutable_state(module: ModuleType):
    """What a thread's pages teach travels in PageInfo, never in a module-level dict."""
    mutable = [name for name, value in vars(module).items() if not name.startswith("__")
               and isinstance(value, (dict, list, set, bytearray))]
    assert mutable == []


def test_reading_a_page_changes_no_page_url():
    """Reading a page of one thread (page size 20) leaves another thread's page URLs alone."""
    from tests.conftest import FIXTURES

    smf = engines.get("smf")
    page = (FIXTURES / "engines" / "smf" / "lupus_it_smf20_page2.html").read_text("utf-8")
    url = "https://lupus.example.it/index.php?topic=1234.20"
    before = smf.page_url(url, 3)
    info = smf.page_info(page, url)
    smf.parse_page(page, url, UTC, NOW)
    assert info.per_page == 20
    assert smf.page_url(url, 3) == before == "https://lupus.example.it/index.php?topic=1234.30"
    assert smf.page_url(url, 3, info) == "https://lupus.example.it/index.php?topic=1234.40"


def test_two_threads_with_different_page_sizes_scraped_at_once(tmp_path):
    """Two phpBB forums (25 and 15 posts a page) scraped concurrently in one process."""
    results = {}

    def run(per_page: int) -> None:
        posts = ff.make_thread(4, per_page=per_page)
        with ff.ForumServer() as srv, Store(tmp_path / f"{per_page}.sqlite") as store, \
                HttpClient(HttpOptions(rate=float("inf"), concurrency=1, retries=0)) as client:
            for n in range(1, 5):
                srv.pages[ff.phpbb_path(n, per_page)] = ff.render_phpbb(posts, n, per_page)
            s = scrape(srv.url(ff.phpbb_path(1)), store=store, client=client, timezone="UTC")
            results[per_page] = (s.pages, s.new, [p.number for p in store.posts(s.thread)],
                                 sorted({p for _, p, _ in srv.log}))

    workers = [threading.Thread(target=run, args=(n,)) for n in (25, 15)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    for per_page in (25, 15):
        pages, new, numbers, asked = results[per_page]
        assert (pages, new, numbers) == (4, 4 * per_page, list(range(1, 4 * per_page + 1)))
        assert asked == sorted(ff.phpbb_path(n, per_page) for n in range(1, 5))


def test_a_missing_adapter_module_fails_loudly(monkeypatch):
    monkeypatch.setattr(engines, "_MODULES", (*engines._MODULES, "no_such_engine"))
    monkeypatch.setattr(engines, "_loaded", False)
    with pytest.raises(ModuleNotFoundError, match="no_such_engine"):
        engines.all_engines()

"""Registry of forum-engine adapters: found by known site, by URL pattern, by page markup, or
forced.

``engine:URL`` (e.g. ``xenforo2:https://…``) forces an adapter, as in gallery-dl. Every module
of ``_MODULES`` is imported on first use; a module that fails to import is a bug and fails
loudly. Adapters are tried in increasing ``Engine.precedence`` (declared by each adapter, see
``base.py``), never in the order of this list.
"""

from __future__ import annotations

import importlib

from votal.errors import UnknownEngineError
from votal.scraper.engines.base import Engine, Example, PageInfo, PostStream, host_of
from votal.scraper.pagekind import not_a_page

__all__ = ["Engine", "Example", "PageInfo", "PostStream", "all_engines", "get", "for_url",
           "for_page", "split_forced"]

_MODULES = (
    "discourse", "flarum", "fluxbb", "forumfree", "forumotion", "invision", "ipb", "mybb", "nodebb", "phpbb",
    "phpbb2", "smf", "somethingawful", "ucoz", "vanilla", "curse", "vbulletin2", "vbulletin3", "vbulletin4", "vbulletin5", "xenforo1", "xenforo2",
)
_REGISTRY: dict[str, Engine] = {}
_loaded = False


def register(engine: Engine) -> Engine:
    """Add an adapter (called once by its module); names and precedences are unique."""
    for other in _REGISTRY.values():
        if other.name != engine.name and other.precedence == engine.precedence:
            raise RuntimeError(f"engines {other.name} and {engine.name} declare the same "
                               f"precedence {engine.precedence}")
    _REGISTRY[engine.name] = engine
    return engine


def _load() -> None:
    global _loaded
    if not _loaded:
        for mod in _MODULES:
            importlib.import_module(f"{__name__}.{mod}")
        _loaded = True


def all_engines() -> list[Engine]:
    """Every adapter, in precedence order."""
    _load()
    return sorted(_REGISTRY.values(), key=lambda e: e.precedence)


def get(name: str) -> Engine:
    _load()
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownEngineError(f"unknown engine '{name}' (known: {known})") from None


def split_forced(source: str) -> tuple[str | None, str]:
    """``"phpbb:https://x/viewtopic.php?t=1"`` -> ``("phpbb", "https://x/…")``."""
    head, sep, rest = source.partition(":")
    if sep and rest.startswith(("http://", "https://")) and head.isidentifier():
        return head, rest
    return None, source


def for_url(url: str) -> Engine | None:
    """The adapter a URL names without fetching: a known site's, else the first URL pattern."""
    engines = all_engines()
    host = host_of(url)
    for engine in engines:
        if host in engine.sites:
            return engine
    for engine in engines:
        if engine.matches_url(url):
            return engine
    return None


def for_page(page: str, url: str = "") -> Engine:
    head = page[:300_000]
    where = url or "the page"
    for engine in all_engines():
        if engine.detect(head):
            if engine.retired:
                raise UnknownEngineError(f"{where}: {engine.retired}")
            return engine
    noun = "answer" if url.startswith(("http://", "https://")) else "file"
    raise UnknownEngineError(f"{where}: {not_a_page(page, noun) or unknown_engine_help(url)}")


def unknown_engine_help(url: str = "") -> str:
    """That no engine recognises the page, briefly, and how to name the engine (issues 11, 20:
    one short line; what each engine looks for is its ``signals``, beside its detection)."""
    names = ", ".join(sorted(e.name for e in all_engines()))
    target = url or "PAGE.html"
    return (f"no known forum engine recognises this page (none of the {len(all_engines())} "
            f"engines' markers found); if you know the engine, name it: votal scrape "
            f"ENGINE:{target} (ENGINE one of {names})")

"""Registry of forum-engine adapters: found by URL pattern, by page markup, or forced.

``engine:URL`` (e.g. ``xenforo2:https://…``) forces an adapter, as in gallery-dl.
Adapter modules are imported lazily on first use, in ``_MODULES`` order (the order in which
markup detection is tried: the most specific fingerprints first).
"""

from __future__ import annotations

import importlib

from votal.errors import UnknownEngineError
from votal.scraper.engines.base import Engine, PageInfo

__all__ = ["Engine", "PageInfo", "all_engines", "get", "for_url", "for_page", "split_forced"]

_MODULES = (
    "xenforo2", "xenforo1", "invision", "vbulletin5", "vbulletin4", "vbulletin3",
    "phpbb", "smf", "mybb", "discourse", "nodebb", "forumotion",
)
_REGISTRY: dict[str, Engine] = {}
_loaded = False


def register(engine: Engine) -> Engine:
    _REGISTRY[engine.name] = engine
    return engine


def _load() -> None:
    global _loaded
    if _loaded:
        return
    for mod in _MODULES:
        try:
            importlib.import_module(f"{__name__}.{mod}")
        except ModuleNotFoundError as e:  # an adapter not written yet must not break the others
            if e.name != f"{__name__}.{mod}":
                raise
    _loaded = True


def all_engines() -> list[Engine]:
    _load()
    return list(_REGISTRY.values())


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
    for engine in all_engines():
        if engine.matches_url(url):
            return engine
    return None


def for_page(page: str, url: str = "") -> Engine:
    head = page[:300_000]
    for engine in all_engines():
        if engine.detect(head):
            return engine
    where = url or "the page"
    raise UnknownEngineError(f"{where}: no known forum engine recognises this page")

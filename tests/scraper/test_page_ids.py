"""Pages parsed without libxml2's ID table (issue 22): the same tree, and only for adapters that
never look an id up (``normalize.by_id`` finds nothing in such a page); the page-zone scan's
walk gives the XPath's text nodes."""

from __future__ import annotations

import inspect
import re
import sys

import pytest
from lxml import etree

from votal.scraper import engines
from votal.scraper import normalize as nz
from votal.scraper.engines import _zone

PAGE = ("<html><head><title>t</title></head><body><div id='a'>x <b id='b'>y</b> z</div>"
        "<!-- UTC in a comment --><p>All times are <span title='Europe/Rome'>UTC+01:00</span>"
        " GMT<i>x</i>UTC tail</p><script>var t = 'UTC';</script><div>GMT<br/>UTC</div>"
        "<?php echo 'GMT' ?>after GMT</body></html>")


def test_a_page_without_the_id_table_is_the_same_tree():
    with_ids, without = nz.document(PAGE), nz.document(PAGE, ids=False)
    assert etree.tostring(with_ids) == etree.tostring(without)
    assert nz.by_id(with_ids, "b") is not None
    assert nz.by_id(without, "b") is None  # why an adapter that calls by_id keeps the table


def _sources(engine: engines.Engine) -> list[str]:
    """The source of the modules an adapter's classes are defined in and of the engine
    modules they import from."""
    names = {cls.__module__ for cls in type(engine).__mro__ if cls.__module__.startswith("votal.")}
    for name in list(names):
        for value in vars(sys.modules[name]).values():
            owner = getattr(value, "__module__", None) if not inspect.ismodule(value) \
                else value.__name__
            if owner and owner.startswith("votal.scraper.engines"):
                names.add(owner)
    return [inspect.getsource(sys.modules[n]) for n in sorted(names)]


# a call of by_id / by_id_in, or its name imported (``from … import by_id,``)
_LOOKUP = re.compile(r"\bby_id(?:_in)?\b\s*(?:[(,]|$)", re.M)


@pytest.mark.parametrize("engine", [e for e in engines.all_engines() if not e.retired],
                         ids=lambda e: e.name)
def test_an_adapter_parsing_without_ids_never_looks_an_id_up(engine):
    sources = _sources(engine)
    if getattr(engine, "page_ids", True) and not any("ids=False" in src for src in sources):
        return  # parsed with the table
    assert not any(_LOOKUP.search(src) for src in sources)


_MARKED = etree.XPath("descendant::text()[contains(., 'UTC') or contains(., 'GMT')]")


def test_the_zone_scan_gives_the_xpaths_text_nodes():
    doc = nz.document(PAGE)
    for el in doc.iter(etree.Element):
        got: list = []
        _zone._scan(el, got)
        want = [(t.getparent(), t.is_tail) for t in _MARKED(el)]
        assert [(id(a), b) for a, b in got] == [(id(a), b) for a, b in want]

"""jinja2 environments, one per text format, each escaping every value it prints.

A template prints ``{{ value }}``: the environment's ``finalize`` escapes it for the format unless a
filter already returned :class:`markupsafe.Markup` (links, strikes, which escape their own parts).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import jinja2
from markupsafe import Markup

from votal.report import escape

TEMPLATES = Path(__file__).parent / "templates"


def _finalizer(esc: Callable[[object], str]) -> Callable[[object], object]:
    def finalize(value: object) -> object:
        if value is None:
            return ""
        return value if escape.is_markup(value) else esc(value)
    return finalize


def _bb_link(text: object, url: object = None) -> Markup:
    u, t = escape.url(url), escape.bbcode(text)
    return Markup(f"[url={u}]{t}[/url]" if u else t)


def _bb_strike(value: object) -> Markup:
    inner = value if escape.is_markup(value) else escape.bbcode(value)
    return Markup(f"[s]{inner}[/s]")


def _md_link(text: object, url: object = None) -> Markup:
    u, t = escape.url(url), escape.markdown(text)
    return Markup(f"[{t}]({u})" if u else t)


def _md_strike(value: object) -> Markup:
    inner = value if escape.is_markup(value) else escape.markdown(value)
    return Markup(f"~~{inner}~~")


def _txt_link(text: object, url: object = None) -> Markup:
    return Markup(escape.text(text))


def _txt_strike(value: object) -> Markup:
    return Markup(f"~{escape.text(value)}~")


def _html_link(text: object, url: object = None) -> Markup:
    u = escape.url(url)
    t = escape.html(text)
    return Markup(f'<a href="{escape.html(u)}">{t}</a>') if u else t


def _html_strike(value: object) -> Markup:
    inner = value if escape.is_markup(value) else escape.html(value)
    return Markup(f"<s>{inner}</s>")


_FILTERS = {
    "bbcode": (escape.bbcode, _bb_link, _bb_strike),
    "markdown": (escape.markdown, _md_link, _md_strike),
    "text": (escape.text, _txt_link, _txt_strike),
    "html": (escape.html, _html_link, _html_strike),
}


@cache
def environment(fmt: str) -> jinja2.Environment:
    esc, link, strike = _FILTERS[fmt]
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=(fmt == "html"),
        finalize=None if fmt == "html" else _finalizer(esc),
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["link"] = link
    env.filters["strike"] = strike
    env.filters["esc"] = esc
    env.filters["url"] = escape.url
    return env


def render_template(fmt: str, name: str, **context: object) -> str:
    return environment(fmt).get_template(name).render(**context)

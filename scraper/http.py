"""Polite HTTP: the ONLY place that configures httpx (style.md).

* User-Agent names votal, its version and what it is (no project URL is published yet).
* Per host: at most ``concurrency`` requests at a time (default 2) and ``rate`` requests per second
  (default 1). Retries with exponential backoff on 429/5xx and network errors, honouring
  ``Retry-After`` (capped at ``max_retry_after``).
* Bodies larger than ``max_bytes`` are refused; redirects to another host are refused
  (``www.`` in front of the same host is the same host).
* Conditional requests: ``get(url, etag=…, last_modified=…)`` sends If-None-Match /
  If-Modified-Since and reports a 304 as ``Response.not_modified``.
* ``--cookies FILE`` (Netscape format) for members-only threads: the cookies go to the server
  and nowhere else — never printed, never logged, never stored.
* Session ids in links (phpBB ``sid``, vBulletin ``s``, ``PHPSESSID``…) are stripped from every
  answer's body and URL, and ``user:password@`` from every URL, before anyone sees them
  (:mod:`votal.scraper.privacy`).
* Long waits are never silent: each retry is announced through ``notify`` ("…: HTTP 503, retry
  2/4 in 4 s"); a server that does not answer costs ``timeout`` seconds per attempt (one that
  trickles its answer, ``answer_timeout`` seconds for the whole of it) and is tried
  ``timeout_retries`` more times only; a forum that stays down ends with the hint of the
  commands that work from the store (``votal tally GAME --offline``). A host name that does not
  resolve is final at once ("unknown host …"): asking again changes nothing (issue 20).
* An answer is whole or refused: a compressed body cut off mid-stream (:mod:`codings`) or a body
  shorter than its Content-Length is retried like a network error, then refused; it is never
  handed on as a page with half its posts (issue 20).

Failures raise one-line :mod:`votal.errors` (exit code 2): FetchError (404, other status, network,
size, cross-host redirect), ChallengeError (Cloudflare "Just a moment…"), LoginWallError.
The transport (``httpx.MockTransport`` in tests), the clock and the sleep are injectable.
"""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from http.cookiejar import LoadError, MozillaCookieJar
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx

from votal import __version__
from votal.errors import ChallengeError, FetchError, InputError, LoginWallError
from votal.scraper import codings
from votal.scraper.encoding import decode
from votal.scraper.privacy import clean_url, strip_sessions, without_credentials

USER_AGENT = f"votal/{__version__} (vote counter for forum Mafia/Palermo/Werewolf games)"
_RETRY_STATUS = frozenset({429, 500, 502, 503, 504})
# advice for any command (scrape, init and watch have no --offline): name the ones that do
STORED_HINT = ("or work from what is already stored: `votal tally GAME --offline` (history, chart, "
               "report and audit take --offline too)")
DOWN_HINT = f"the forum seems down or unreachable: try again later, {STORED_HINT}"
_MAX_REDIRECTS = 5


@dataclass(frozen=True, slots=True)
class HttpOptions:
    rate: float = 1.0  # requests per second per host
    concurrency: int = 2  # requests at a time per host
    timeout: float = 20.0  # seconds without a byte from the server (read/write/pool)
    connect_timeout: float = 10.0
    answer_timeout: float = 120.0  # seconds for a whole answer (a server trickling bytes)
    max_bytes: int = 20_000_000
    retries: int = 4
    timeout_retries: int = 1  # a stalled server: one more try, not `retries` more
    backoff: float = 1.0  # first retry delay, doubled each time
    max_retry_after: float = 120.0
    accept_language: str = "en;q=0.8, *;q=0.5"

    def __post_init__(self) -> None:
        if not self.rate > 0:  # also NaN
            raise InputError(f"--rate {self.rate:g}: give the requests per second per host as a "
                             "number above 0 (e.g. 1, or 0.5 for one request every 2 s)")
        if self.concurrency < 1:
            raise InputError(f"--concurrency {self.concurrency}: give 1 or more requests at a "
                             "time per host")


@dataclass(frozen=True, slots=True)
class Response:
    url: str  # final URL after same-host redirects
    status: int
    text: str
    etag: str | None
    last_modified: str | None
    # the answer's ``Date`` (RFC 9110 §6.6.1), None when absent or unparseable: the moment the
    # page was generated, which anchors its relative dates ("Today, 09:41"; issue 11)
    date: datetime | None = None

    @property
    def not_modified(self) -> bool:
        return self.status == 304


# ---- pure page classifiers ---------------------------------------------------------------

_CHALLENGE = re.compile(
    r"<title>\s*(?:Just a moment|Un instant|Attention Required|DDoS-Guard|Checking your browser)"
    r"|cf-chl|challenge-platform|cf_chl_opt|/cdn-cgi/challenge", re.I)
_LOGIN_PHRASES = re.compile(
    r"You must be (?:logged|registered)|must be registered and logged in|need to be logged in"
    r"|Devi essere connesso|Devi effettuare il login|Πρέπει να συνδεθείτε|Πρέπει να είστε συνδεδεμένος"
    r"|Вы должны войти|необходимо войти|Для просмотра .{0,40}необходимо", re.I | re.S)
_LOGIN_FORM = re.compile(
    r"<form[^>]*(?:login|signin|sign-in|logon)[^>]*>(?:(?!</form>).){0,4000}?type=[\"']?password",
    re.I | re.S)


def is_challenge(text: str, headers: httpx.Headers | dict | None = None) -> bool:
    """An anti-bot interstitial (Cloudflare "Just a moment…", cf-chl, DDoS-Guard)."""
    if headers is not None and str(headers.get("cf-mitigated", "")).lower() == "challenge":
        return True
    return bool(_CHALLENGE.search(text[:200_000]))


def is_login_wall(text: str) -> bool:
    """A page asking to log in. Only meaningful on a page that has no posts: guest thread pages
    often carry a quick-login form too."""
    head = text[:300_000]
    return bool(_LOGIN_PHRASES.search(head) or _LOGIN_FORM.search(head))


_MONTH_NUMBERS = {m: i for i, m in enumerate(
    "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(), 1)}
_CLOCK = r"(\d{2}):(\d{2}):(\d{2})"
# RFC 9110 §5.6.7: IMF-fixdate, and the two obsolete forms a recipient must also accept
_IMF_FIXDATE = re.compile(r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) ([A-Z][a-z]{2}) (\d{4}) "
                          + _CLOCK + " GMT")
_RFC850 = re.compile(r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), "
                     r"(\d{2})-([A-Z][a-z]{2})-(\d{2}) " + _CLOCK + " GMT")
_ASCTIME = re.compile(r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ([A-Z][a-z]{2}) (\d{1,2}) " + _CLOCK
                      + r" (\d{4})")  # on the text with its spaces collapsed ("Nov  6")


def http_date(value: str | None, now: datetime | None = None) -> datetime | None:
    """An HTTP-date (RFC 9110 §5.6.7) as an aware UTC datetime; None when absent or not one.

    IMF-fixdate (``Sun, 06 Nov 1994 08:49:37 GMT``) and the obsolete forms a recipient must
    accept: RFC 850 (``Sunday, 06-Nov-94 08:49:37 GMT``; a two-digit year more than 50 years
    ahead of ``now`` is the latest past year with those digits) and asctime
    (``Sun Nov  6 08:49:37 1994``, UTC). Anything else (a zone other than GMT, a day that does
    not exist) is not an HTTP-date: the caller falls back and says so.
    """
    text = " ".join((value or "").split())
    if not text:
        return None
    year: int
    if m := _IMF_FIXDATE.fullmatch(text):
        day, mon, year_s, hh, mm, ss = m.groups()
        year = int(year_s)
    elif m := _RFC850.fullmatch(text):
        day, mon, yy, hh, mm, ss = m.groups()
        this_year = (now or datetime.now(UTC)).year
        year = this_year - this_year % 100 + int(yy)
        if year > this_year + 50:
            year -= 100
    elif m := _ASCTIME.fullmatch(text):
        mon, day, hh, mm, ss, year_s = m.groups()
        year = int(year_s)
    else:
        return None
    if mon not in _MONTH_NUMBERS:
        return None
    try:
        return datetime(year, _MONTH_NUMBERS[mon], int(day), int(hh), int(mm), int(ss),
                        tzinfo=UTC)
    except ValueError:  # 31 Feb, 25:00, a leap second
        return None


def retry_after(value: str | None, now: float = 0.0) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or HTTP date)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        return max(0.0, parsedate_to_datetime(value).timestamp() - (now or time.time()))
    except (TypeError, ValueError):
        return None


class _CutShort(Exception):
    """An answer that ended before its end: a compressed stream cut mid-way (codings.py)."""


class _TooSlow(Exception):
    """An answer still coming after ``answer_timeout`` seconds: bytes trickling in, each
    within ``timeout`` of the last, would otherwise hold the run for ever."""


def _network_failure(e: Exception, opts: HttpOptions, host: str = "") -> tuple[str, str]:
    """What went wrong, in words (no answer in N s, connection refused, …), and its kind:
    ``dns`` (final: no such host), ``final`` (asking again changes nothing: a redirect to no
    URL), ``timeout``, ``cut`` (the answer ended early) or ``network``."""
    if isinstance(e, _CutShort):
        return f"the answer was cut off ({e})", "cut"
    if isinstance(e, _TooSlow):
        return f"the answer was still coming after {_seconds(opts.answer_timeout)} ({e})", \
            "timeout"
    if isinstance(e, httpx.ConnectTimeout):
        return f"no connection in {_seconds(opts.connect_timeout)}", "timeout"
    if isinstance(e, httpx.TimeoutException):
        return f"no answer in {_seconds(opts.timeout)}", "timeout"
    if (dns := _lookup_failure(e, host or "the forum's host")) is not None:
        return dns, "dns"
    detail = " ".join(str(e).split())  # one line, whatever httpx says
    if isinstance(e, httpx.RemoteProtocolError) and "location header" in detail.lower():
        return f"the forum redirected to an address that is no URL ({detail})", "final"
    if isinstance(e, httpx.ConnectError) and "refused" in detail.lower():
        return "connection refused", "network"
    if isinstance(e, httpx.RemoteProtocolError):  # h11: the connection closed mid-body
        if m := re.search(r"received (\d+) bytes, expected (\d+)", detail):
            got, announced = (int(g) for g in m.groups())
            return (f"the answer was cut off ({got:,} of the {announced:,} bytes its "
                    "Content-Length announced)"), "cut"
        if "incomplete chunked read" in detail:
            return "the answer was cut off (its chunked body ends early)", "cut"
    return f"network error ({type(e).__name__}: {detail})", "network"


def _lookup_failure(e: BaseException, host: str) -> str | None:
    """The host-name lookup failure under an httpx error (a ``socket.gaierror`` in its chain),
    in words naming the host; None when the error is something else."""
    seen: BaseException | None = e
    while seen is not None and not isinstance(seen, socket.gaierror):
        seen = seen.__cause__ or seen.__context__
    if seen is None:
        return None
    if seen.errno == socket.EAI_AGAIN:
        return (f"cannot look up the host {host} (no answer from the name server: is this "
                "computer online?)")
    return f"unknown host {host} (no such name in DNS): check the URL"


def _seconds(s: float) -> str:
    return f"{s:.0f} s" if s >= 1 or s == 0 else f"{s:.2g} s"


def _same_host(a: str, b: str) -> bool:
    ha, hb = (urlsplit(u).hostname or "" for u in (a, b))
    return ha.removeprefix("www.") == hb.removeprefix("www.")


def load_cookies(path: Path) -> MozillaCookieJar:
    jar = MozillaCookieJar(str(path))
    try:
        jar.load(ignore_discard=True, ignore_expires=True)
    except (LoadError, OSError) as e:
        # never echo the file's content: it holds session secrets
        reason = getattr(e, "strerror", None) or "not a Netscape cookies file"
        raise InputError(f"{path}: cannot read cookies ({reason})") from None
    for cookie in jar:
        if cookie.expires == 0:  # browser exports write 0 for session cookies: keep them
            cookie.expires = None
    return jar


# ---- the client ----------------------------------------------------------------------------

class HttpClient:
    """A polite, thread-safe GET client. ``requests`` counts every request sent."""

    def __init__(self, options: HttpOptions = HttpOptions(), *,
                 transport: httpx.BaseTransport | None = None, cookies: Path | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] | None = None,
                 notify: Callable[[str], None] | None = None):
        self.options = options
        self.notify = notify or (lambda message: None)
        self._clock, self._sleep = clock, sleep or time.sleep
        self._lock = threading.Lock()
        self._next: dict[str, float] = {}
        self._slots: dict[str, threading.Semaphore] = {}
        self.requests = 0
        self._client = httpx.Client(
            transport=transport, follow_redirects=False,
            timeout=httpx.Timeout(options.timeout, connect=options.connect_timeout),
            cookies=load_cookies(cookies) if cookies else None,
            headers={"User-Agent": USER_AGENT, "Accept-Language": options.accept_language,
                     "Accept": "text/html,application/xhtml+xml,application/json;q=0.9,*/*;q=0.8",
                     "Accept-Encoding": codings.ACCEPTED})

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> HttpClient:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def get(self, url: str, *, etag: str | None = None,
            last_modified: str | None = None) -> Response:
        url = without_credentials(url)  # never sent (httpx would make them Basic auth)
        headers = {}
        if etag:
            headers["If-None-Match"] = etag
        if last_modified:
            headers["If-Modified-Since"] = last_modified
        resp = self._get_with_retries(url, headers)
        return self._check(url, resp)

    def _get_with_retries(self, url: str, headers: dict) -> _Raw:
        opts = self.options
        shown = clean_url(url)
        timeouts = 0
        for attempt in range(opts.retries + 1):
            last = attempt == opts.retries
            try:
                resp = self._send(url, headers)
            except (httpx.TransportError, _CutShort, _TooSlow) as e:
                what, kind = _network_failure(e, opts, urlsplit(url).hostname or "")
                if kind in ("dns", "final"):  # no such host…: asking again changes nothing
                    raise FetchError(f"{shown}: {what}") from None
                timeouts += kind == "timeout"
                if kind == "cut" and last:  # the forum answered, but never a whole page
                    raise FetchError(f"{shown}: {what}, {opts.retries + 1} times; nothing of it "
                                     "was stored: try again later") from None
                if last or timeouts > opts.timeout_retries:
                    raise FetchError(f"{shown}: {what}; {DOWN_HINT}") from None
                self._retry(shown, what, attempt, opts.backoff * 2 ** attempt)
                continue
            if resp.status not in _RETRY_STATUS or is_challenge(resp.text):
                return resp
            if last:
                hint = (f"the forum keeps refusing: try again later with a lower --rate "
                        f"(now {opts.rate:g}), {STORED_HINT}") if resp.status == 429 \
                    else DOWN_HINT
                raise FetchError(f"{shown}: HTTP {resp.status} "
                                 f"{httpx.codes.get_reason_phrase(resp.status)} after "
                                 f"{opts.retries + 1} attempts; {hint}")
            delay = retry_after(resp.headers_retry_after) or opts.backoff * 2 ** attempt
            self._retry(shown, f"HTTP {resp.status}", attempt, min(delay, opts.max_retry_after))
        raise AssertionError("unreachable")

    def _retry(self, url: str, what: str, attempt: int, delay: float) -> None:
        self.notify(f"{url}: {what}, retry {attempt + 1}/{self.options.retries} in "
                    f"{_seconds(delay)}")
        self._sleep(delay)

    def _check(self, url: str, resp: _Raw) -> Response:
        out = Response(clean_url(resp.url), resp.status, strip_sessions(resp.text), resp.etag,
                       resp.last_modified, http_date(resp.headers.get("date")))
        url = clean_url(url)
        if resp.status in (200, 203, 304):
            if resp.status != 304 and is_challenge(resp.text, resp.headers):
                raise ChallengeError(f"{url}: the forum answered with an anti-bot challenge "
                                     "(Cloudflare or alike); votal cannot pass it")
            return out
        if is_challenge(resp.text, resp.headers):
            raise ChallengeError(f"{url}: HTTP {resp.status}, anti-bot challenge "
                                 "(Cloudflare or alike); votal cannot pass it")
        if resp.status in (401, 403) and is_login_wall(resp.text):
            raise LoginWallError(f"{url}: the thread needs a login; export your browser "
                                 "cookies and pass them with --cookies FILE")
        reason = httpx.codes.get_reason_phrase(resp.status)
        hint = " (no such thread, or deleted)" if resp.status in (404, 410) else ""
        raise FetchError(f"{url}: HTTP {resp.status} {reason}{hint}")

    def _send(self, url: str, headers: dict) -> _Raw:
        for _ in range(_MAX_REDIRECTS + 1):
            raw = self._send_once(url, headers)
            if raw.location is None:
                return raw
            target = without_credentials(urljoin(url, raw.location))
            if not _same_host(url, target):
                raise FetchError(f"{clean_url(url)}: redirect to another host refused "
                                 f"({clean_url(target)})")
            url = target
        raise FetchError(f"{clean_url(url)}: too many redirects")

    def _send_once(self, url: str, headers: dict) -> _Raw:
        host = urlsplit(url).hostname or ""
        with self._slot(host):
            self._wait_turn(host)
            with self._lock:
                self.requests += 1
            with self._client.stream("GET", url, headers=headers) as r:
                if r.is_redirect and "location" in r.headers:
                    return _Raw(url, r.status_code, "", r.headers, r.headers["location"])
                body = self._read_capped(url, r)
                return _Raw(url, r.status_code, decode(body, r.headers.get("content-type")),
                            r.headers, None)

    def _read_capped(self, url: str, r: httpx.Response) -> bytes:
        """The body, decoded (codings.py) and whole: a compressed stream cut off before its end
        is :class:`_CutShort` (retried), never half a page (issue 20)."""
        cap = self.options.max_bytes
        declared = r.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > cap:
            raise FetchError(f"{clean_url(url)}: response of {int(declared):,} bytes exceeds the "
                             f"{cap:,}-byte limit")
        if r.is_stream_consumed:  # an answer made whole in memory (httpx.MockTransport's)
            return r.content
        try:
            body = codings.Body(r.headers.get_list("content-encoding", split_commas=True), cap)
            chunks, size = [], 0
            until = time.monotonic() + self.options.answer_timeout
            for chunk in r.iter_raw():
                chunks.append(body.feed(chunk))
                size += len(chunk)
                if time.monotonic() > until:
                    raise _TooSlow(f"{size:,} bytes so far")
            body.end()
        except codings.TooLarge:
            raise FetchError(f"{clean_url(url)}: response exceeds the {cap:,}-byte limit") \
                from None
        except codings.CutShort as e:
            raise _CutShort(str(e)) from None
        except codings.Damaged as e:  # a corrupt gzip/deflate body, or a coding never asked for
            encoding = r.headers.get("content-encoding", "compressed")
            raise FetchError(f"{clean_url(url)}: the forum sent a damaged {encoding} body "
                             f"({' '.join(str(e).split())}); try again later") from None
        return b"".join(chunks)

    def _slot(self, host: str) -> threading.Semaphore:
        with self._lock:
            if host not in self._slots:
                self._slots[host] = threading.Semaphore(max(1, self.options.concurrency))
            return self._slots[host]

    def _wait_turn(self, host: str) -> None:
        """Reserve this host's next request slot (``rate`` per second) and sleep until it."""
        gap = 1.0 / self.options.rate if self.options.rate > 0 else 0.0
        with self._lock:
            now = self._clock()
            start = max(now, self._next.get(host, now))
            self._next[host] = start + gap
        if start > now:
            self._sleep(start - now)


@dataclass(frozen=True, slots=True)
class _Raw:
    url: str
    status: int
    text: str
    headers: httpx.Headers
    location: str | None

    @property
    def etag(self) -> str | None:
        return self.headers.get("etag")

    @property
    def last_modified(self) -> str | None:
        return self.headers.get("last-modified")

    @property
    def headers_retry_after(self) -> str | None:
        return self.headers.get("retry-after")

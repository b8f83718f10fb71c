"""HTTP content codings (RFC 9110 §8.4), read whole or not at all (issue 20, item 9).

httpx's own decoders hand over whatever a gzip or deflate stream held when the connection ended:
an answer cut off mid-stream (a proxy timing out, a server killed while sending) decodes to the
first half of the page, which parses as a page with half its posts. Here a stream that does not
reach its end is :class:`CutShort`, a stream that is not one :class:`Damaged`; both are raised at
the end of the body, before anyone reads it. The decoded size is bounded as it grows (a small
compressed answer may inflate to gigabytes).

Codings: ``gzip`` (``x-gzip``; concatenated members too) and ``deflate`` (zlib-wrapped, or raw as
some servers send it), the two votal asks for (:data:`ACCEPTED`, its ``Accept-Encoding``).
``br``, ``zstd`` and ``compress``, which it never asks for, are refused as :class:`Damaged`
rather than read as text; ``identity`` and tokens that name no compression pass through as they
are (as httpx does: some servers send ``Content-Encoding: utf-8``).

Pure: bytes in, bytes out; no I/O, no httpx.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable

ACCEPTED = "gzip, deflate"  # the Accept-Encoding votal sends: what this module reads whole
_UNREAD = frozenset({"br", "zstd", "compress", "x-compress"})


class CutShort(Exception):
    """The compressed stream ended before its end mark: the answer was cut off."""


class Damaged(Exception):
    """The body is not a stream of the coding its Content-Encoding names."""


class TooLarge(Exception):
    """The decoded body grew past the limit."""


class _Inflate:
    """gzip (``wbits`` 16+15) or deflate (zlib-wrapped, falling back to raw on the first byte)."""

    def __init__(self, name: str, wbits: int):
        self.name, self.wbits = name, wbits
        self._d = zlib.decompressobj(wbits)
        self._started = False  # a byte was decoded: no more fallback to raw deflate

    def decode(self, data: bytes, limit: int) -> bytes:
        out: list[bytes] = []
        while data:
            if self._d.eof:  # gzip: another member follows (RFC 1952 §2.2); else trailing bytes
                if self.wbits != 31 or not data.strip(b"\0"):
                    return b"".join(out)  # (padding some servers add after the stream)
                self._d = zlib.decompressobj(self.wbits)
            try:
                chunk = self._d.decompress(data, limit + 1)
            except zlib.error as e:
                if self.name == "deflate" and not self._started and self.wbits > 0:
                    self._d, self.wbits = zlib.decompressobj(-zlib.MAX_WBITS), -zlib.MAX_WBITS
                    continue
                raise Damaged(f"{self.name}: {e}") from None
            self._started = True
            out.append(chunk)
            limit -= len(chunk)
            if limit < 0:
                raise TooLarge()
            data = self._d.unconsumed_tail or (self._d.unused_data if self._d.eof else b"")
        return b"".join(out)

    def finished(self) -> bool:
        """The (last) stream reached its end mark (a new gzip member is only begun on data)."""
        return self._d.eof


def _one(name: str) -> _Inflate | None:
    if name in ("gzip", "x-gzip"):
        return _Inflate("gzip", 16 + zlib.MAX_WBITS)
    if name == "deflate":
        return _Inflate("deflate", zlib.MAX_WBITS)
    if name in _UNREAD:
        raise Damaged(f"{name} compression, which votal does not ask for and cannot read")
    return None  # identity, or a token naming no compression: the bytes as they are


class Body:
    """Decodes a body chunk by chunk as its ``Content-Encoding`` values say (applied in order,
    so undone last first); :meth:`end` checks that every stream reached its end."""

    def __init__(self, codings: Iterable[str], limit: int):
        names = [c.strip().lower() for c in codings if c.strip()]
        self._chain = [d for d in (_one(n) for n in reversed(names)) if d is not None]
        self._limit = limit
        self.raw = 0  # bytes received
        self.size = 0  # bytes decoded

    def feed(self, data: bytes) -> bytes:
        self.raw += len(data)
        for d in self._chain:
            data = d.decode(data, self._limit - self.size)
        self.size += len(data)
        if self.size > self._limit:
            raise TooLarge()
        return data

    def end(self) -> None:
        """:class:`CutShort` naming the coding when a stream stopped before its end (an empty
        body is empty, not cut: a 304 or 204 keeps its Content-Encoding)."""
        if self.raw == 0:
            return
        for d in self._chain:
            if not d.finished():
                raise CutShort(f"{d.name} stream ends early, after {self.raw:,} bytes")

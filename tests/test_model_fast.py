"""The posts file's fast reading (scraper/model.py ``_plain_post``, ``_json_object``; issue 22)
gives what the general reading gives: the same Post, or the same refusal naming the line."""

import itertools
import json

import pytest

from votal.errors import PostsFileError
from votal.scraper.model import _json_object, post_from_dict, read_posts_jsonl


class _Record(dict):
    """A record post_from_dict reads by its general path (the fast one takes a plain dict)."""


BASE = {"id": "1", "number": 1, "thread": "t", "url": "u", "author": "A", "author_id": None,
        "time": "2026-11-03T19:58:12+02:00", "edited": None, "html": "<p>x</p>"}
VALUES = {
    "id": ["7", 7, "", True, None, [1]],
    "number": [3, None, "7", True, 1.5, "x"],
    "thread": ["t", None, 5],
    "author": ["A", "", " ", None, 3],
    "author_id": [None, "9", 9, True],
    "time": ["2026-11-03T19:58:12+02:00", "2026-11-03T17:58:12Z", "2026-11-03T19:58:12",
             None, 5, "junk", "0001-01-01T00:00:00+00:00", "2026-11-03T19:58:12.5+05:30"],
    "edited": [None, "", "2026-11-03T20:00:00+02:00", "bad", 0, 7],
    "html": ["<p>x</p>", "", "  ", None, 4],
    "problems": [[], ["time"], ["x"], "time", 0],
    "versions": [[], [{"seen": "2026-11-03T20:01:00+02:00", "html": "<p>y</p>"}], "v", [1], 0],
}


def _records():
    for key, values in VALUES.items():
        for value in values:
            yield {**BASE, key: value}
        yield {k: v for k, v in BASE.items() if k != key}
    for a, b in itertools.combinations(["time", "edited", "number", "author", "html"], 2):
        for va, vb in itertools.product(VALUES[a], VALUES[b]):
            yield {**BASE, a: va, b: vb}


def _read(record):
    try:
        post = post_from_dict(record, "w")
    except PostsFileError as e:
        return f"refused: {e}"
    return repr(post), post.time.tzinfo if post.time else None


@pytest.mark.parametrize("record", list(_records()), ids=repr)
def test_fast_post_is_the_general_one(record):
    assert _read(record) == _read(_Record(record))


def test_times_share_their_offset_object(tmp_path):
    """Posts of one offset hold one tzinfo object (shared_offset), read fast as before."""
    src = tmp_path / "p.jsonl"
    src.write_text("".join(json.dumps({**BASE, "id": str(i), "number": i,
                                       "time": f"2026-11-03T19:{i:02}:00+02:00"}) + "\n"
                           for i in range(5)), encoding="utf-8")
    zones = {id(p.time.tzinfo) for p in read_posts_jsonl(src)}
    assert len(zones) == 1


@pytest.mark.parametrize("line", [
    json.dumps(BASE) + "\n", json.dumps(BASE), json.dumps(BASE) + "\r\n",
    json.dumps(BASE) + "  \n", json.dumps(BASE) + "\x0c\n", " " + json.dumps(BASE) + "\n",
    '{"a": 1} {"b": 2}\n', "[1]\n", '"x"\n', "{bad\n", "{}\n", '{"a": NaN}\n',
    "\ufeff" + json.dumps(BASE) + "\n", '{"a": "\x01"}\n', '{"a": 1}}\n'])
def test_json_line_is_json_loads(line):
    """``_json_object``: what json.loads reads, or None (the general reading then reads the
    line, or names its fault)."""
    try:
        expected = json.loads(line)
    except ValueError:
        expected = None
    found = _json_object(line)
    assert found is None or found == expected


@pytest.mark.parametrize("text", [
    json.dumps(BASE) + "  \n", json.dumps(BASE) + "\x0c\n", '{"a": 1} {"b": 2}\n', "{bad\n",
    json.dumps({**BASE, "time": "junk"}) + "\n", json.dumps({**BASE, "number": True}) + "\n",
    "\ufeff" + json.dumps(BASE) + "\n   \n\n" + json.dumps({**BASE, "id": "2"}) + "\r\n"])
def test_posts_file_read_or_refused_as_before(tmp_path, text):
    """A whole file: the posts, or the refusal naming its line, as the general reading gives."""
    src = tmp_path / "p.jsonl"
    src.write_bytes(text.encode("utf-8"))
    try:
        fast = [repr(p) for p in read_posts_jsonl(src)]
    except PostsFileError as e:
        fast = str(e)
    general = []
    try:
        for n, raw in enumerate(text.encode("utf-8").split(b"\n"), 1):
            line = raw.decode("utf-8-sig" if n == 1 else "utf-8")
            if line.strip():
                try:
                    d = json.loads(line)
                except ValueError as e:
                    raise PostsFileError(f"{src}:{n}: not JSON") from e
                general.append(post_from_dict(_Record(d) if isinstance(d, dict) else d,
                                              f"{src}:{n}"))
        general = [repr(p) for p in sorted(general, key=lambda p: p.sort_key())]
    except PostsFileError as e:
        general = str(e)
    if isinstance(general, str) and "not JSON" in general:
        assert isinstance(fast, str) and fast.startswith(general.split(" not JSON")[0])
    else:
        assert fast == general

import json

import pytest

from votal.errors import PostsFileError
from votal.scraper.model import post_from_dict, read_posts_jsonl, write_posts_jsonl


def _line(**kw):
    d = {"id": "1", "number": 1, "thread": "t", "url": "u", "author": "A", "author_id": None,
         "time": "2026-11-03T19:58:12+02:00", "edited": None, "html": "<p>x</p>"}
    d.update(kw)
    return d


def test_round_trip_and_order(tmp_path):
    src = tmp_path / "p.jsonl"
    rows = [_line(id="2", number=2, time="2026-11-03T19:58:00+02:00"),
            _line(id="1", number=1, time="2026-11-03T19:58:00+02:00"),
            _line(id="0", number=9, time="2026-11-03T10:00:00+02:00")]
    src.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    posts = read_posts_jsonl(src)
    assert [p.id for p in posts] == ["0", "1", "2"]
    out = tmp_path / "o.jsonl"
    assert write_posts_jsonl(posts, out) == 3
    assert [json.loads(line)["id"] for line in out.read_text().splitlines()] == ["0", "1", "2"]


def test_naive_time_is_refused():
    with pytest.raises(PostsFileError, match="no UTC offset"):
        post_from_dict(_line(time="2026-11-03T19:58:12"), "f.jsonl:1")


def test_bad_json_names_file_and_line(tmp_path):
    src = tmp_path / "p.jsonl"
    src.write_text(json.dumps(_line()) + "\n{oops\n", encoding="utf-8")
    with pytest.raises(PostsFileError, match=r"p.jsonl:2"):
        read_posts_jsonl(src)

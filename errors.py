"""The project's exceptions: one root, one exit code each, one line for the user.

    VotalError                 exit 2 unless said otherwise; the CLI prints ``str(err)`` and exits
    ├── InputError             a file or argument the user gave is wrong (names file/line/key)
    │   ├── GameFileError      a game file that breaks its ruleset or the format (names rule id)
    │   └── PostsFileError     a posts JSONL that is not what interfaces.md §2 says
    ├── ScrapeError            a thread could not be read
    │   ├── FetchError         HTTP failed: status, network, too large, redirect to another host
    │   ├── LoginWallError     the page asks for a login
    │   ├── ChallengeError     an anti-bot challenge page (Cloudflare and alike)
    │   ├── NotAThreadError    the page is not a thread page of a known engine
    │   └── UnknownEngineError no adapter recognises the page or URL
    └── StoreError             the local SQLite store is unusable (schema too new, corrupt)

Every message names what is wrong and where (file, URL, post, key), in one line.
"""

from __future__ import annotations


class VotalError(Exception):
    exit_code = 2


class InputError(VotalError):
    pass


class GameFileError(InputError):
    pass


class PostsFileError(InputError):
    pass


class ScrapeError(VotalError):
    pass


class FetchError(ScrapeError):
    pass


class LoginWallError(ScrapeError):
    pass


class ChallengeError(ScrapeError):
    pass


class NotAThreadError(ScrapeError):
    pass


class UnknownEngineError(ScrapeError):
    pass


class StoreError(VotalError):
    pass

"""The project's exceptions: one root, one line for the user, the exit code on the class.

Exit codes (interfaces.md §4): 0 done; 1 ``audit`` found a computed result that differs from an
announced one (a finding, not an error: no exception); 2 every error below, and any unforeseen one
(cli.main prints one line and writes the traceback to a file); 130 interrupted (Ctrl-C).

    VotalError                 exit 2; the CLI prints ``str(err)`` and exits
    ├── InputError             a file or argument the user gave is wrong (names file/line/key)
    │   ├── GameFileError      a game file that breaks its ruleset or the format (names rule id)
    │   └── PostsFileError     a posts JSONL that is not what interfaces.md §2 says
    ├── OutputError            an output file or folder cannot be written where it was asked
    ├── ScrapeError            a thread could not be read
    │   ├── FetchError         HTTP failed: status, network, too large, redirect to another host
    │   ├── LoginWallError     the page asks for a login
    │   ├── ChallengeError     an anti-bot challenge page (Cloudflare and alike)
    │   ├── NotAThreadError    the page is not a thread page of a known engine
    │   └── UnknownEngineError no adapter recognises the page or URL
    ├── StoreError             the local SQLite store is unusable (schema too new, corrupt)
    └── Interrupted            exit 130: Ctrl-C; says what was kept and that a re-run resumes

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


class Interrupted(VotalError):
    exit_code = 130


class OutputError(VotalError):
    pass


def check_output_file(path) -> None:
    """Before any work: the folder of an output file exists and the path is not a folder."""
    from pathlib import Path

    p = Path(path)
    parent = p.parent if str(p.parent) else Path(".")
    if p.is_dir():
        raise OutputError(f"--out {p}: is a folder; give a file name")
    if not parent.is_dir():
        raise OutputError(f"--out {p}: the folder {parent} does not exist; create it first")


def check_output_folder(path) -> None:
    """Before any work: an output folder is a folder (created if missing), not a file."""
    from pathlib import Path

    p = Path(path)
    if p.exists() and not p.is_dir():
        raise OutputError(f"--out {p}: is a file, not a folder; give a folder (it is created if "
                          "missing)")


class writing:
    """``with writing(path): …`` turns a failed write (full disk, no permission) into one line."""

    def __init__(self, path, option: str = "--out"):
        self.what = f"{option} {path}"

    def __enter__(self):
        return self

    def __exit__(self, kind, e, tb):
        if isinstance(e, OSError):
            raise OutputError(f"{self.what}: cannot write ({e.strerror or e})") from None
        return False

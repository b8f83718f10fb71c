"""The documents a user has (issue 20, item 13): docs/ explains every id votal prints, nothing a
user reads points outside the repository, and every link resolves.

- every rule id of rules.md (when ../shared is there) and every rule id and V- code the code
  holds has its row in docs/rules.md;
- no user-facing text — README, docs/, the audit's README, the demo's README (shipped in the
  wheel), the messages in the code — points to ../shared or to the team's spec files, which a
  user does not have (the help is checked by tests/test_help.py);
- every link of those documents, and every repository path they quote, names a file or folder
  that exists; a link to a heading names a heading that exists.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from .conftest import ROOT, shared_path

DOCS = sorted((ROOT / "docs").glob("*.md"))
USER_DOCS = [ROOT / "README.md", *DOCS, ROOT / "audit" / "README.md",
             ROOT / "fixtures" / "demo" / "README.md"]
RULES_DOC = ROOT / "docs" / "rules.md"
RULE_ID = re.compile(r"\b(?:C|PX|PC|MB|LM|MR|MS)-\d{2}\b")
CODE = re.compile(r"\bV-[A-Z]+(?:-[A-Z]+)*\b")
# what a user does not have: the team's material beside the repository
OUTSIDE = re.compile(r"\.\./shared|(?<![\w/])(?:interfaces|style|forum-engines|tally-api|rules)"
                     r"\.md")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
LINK_WHOLE = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
FILE_SUFFIXES = {".py", ".md", ".toml", ".j2", ".json", ".jsonl", ".html", ".txt", ".csv",
                 ".png", ".svg", ".sqlite", ".parquet"}
SKIP_DIRS = {"tests", "bench", "fixtures", "build", "docs"}


def _package_files() -> list[Path]:
    return [p for p in sorted(ROOT.rglob("*.py"))
            if not ({p.relative_to(ROOT).parts[0]} & SKIP_DIRS)
            and not p.relative_to(ROOT).parts[0].startswith(".")
            and "egg-info" not in p.as_posix()]


def _strings(path: Path, *, docstrings: bool) -> list[tuple[int, str]]:
    """The string constants of a module, with or without its docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and (docstrings or id(n) not in docs)]


def _rows(doc: Path) -> set[str]:
    """The ids a document's tables give a row to: `| PX-06 |`, `| V-SELF |`."""
    return set(re.findall(r"^\| *`?([A-Z]+(?:-[A-Z0-9]+)*)`? *\|", doc.read_text(encoding="utf-8"),
                          re.M))


def test_every_rule_id_of_the_spec_has_its_row():
    spec = shared_path("spec", "rules.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"^\| *((?:C|PX|PC|MB|LM|MR|MS)-\d{2}) *\|", spec, re.M))
    assert len(ids) > 80
    missing = sorted(ids - _rows(RULES_DOC))
    assert not missing, f"docs/rules.md has no row for {missing}"


def test_every_rule_id_and_code_the_code_holds_has_its_row():
    found: dict[str, str] = {}
    for path in _package_files():
        for line, text in _strings(path, docstrings=True):
            for hit in RULE_ID.findall(text) + CODE.findall(text):
                found.setdefault(hit, f"{path.relative_to(ROOT)}:{line}")
        for _, text in _strings(path, docstrings=False):
            if text == "MS":   # the mafiascum end's rule id (tally/rules/endgame.py)
                found.setdefault("MS", str(path.relative_to(ROOT)))
    codes = [c for c in found if c.startswith("V-")]
    assert len(codes) >= 20 and len(found) > 100, "the scan found too few ids to be right"
    rows = _rows(RULES_DOC)
    missing = {i: where for i, where in found.items() if i not in rows}
    assert not missing, f"ids without a row in docs/rules.md: {missing}"


def test_every_code_of_the_message_tables_has_its_row():
    from votal.report import i18n

    table = getattr(i18n, "VIOLATIONS", None) or {
        k: v for name in dir(i18n) if isinstance(v := getattr(i18n, name), dict)
        for k in v if isinstance(k, str) and k.startswith("V-")}
    codes = {k for k in table if k.startswith("V-")}
    assert codes
    assert codes <= _rows(RULES_DOC), sorted(codes - _rows(RULES_DOC))


def _inside(doc: Path, target: str) -> Path | None:
    """The file a relative link of ``doc`` names, when it is one of the repository's."""
    path = target.partition("#")[0]
    if re.match(r"[a-z]+:", target) or not path:
        return None
    file = (doc.parent / path).resolve()
    return file if file.is_relative_to(ROOT) and file.exists() else None


@pytest.mark.parametrize("doc", USER_DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_user_document_points_outside_the_repository(doc):
    # a link to a document of the repository is fine, whatever its name (docs/rules.md)
    text = LINK_WHOLE.sub(lambda m: "" if _inside(doc, m.group(2)) else m.group(0),
                          doc.read_text(encoding="utf-8"))
    hits = [f"{n}: {line.strip()}" for n, line in enumerate(text.splitlines(), 1)
            if OUTSIDE.search(line)]
    assert not hits, f"{doc.relative_to(ROOT)} points to what a user has not:\n" + "\n".join(hits)


def test_no_message_points_outside_the_repository():
    hits = [f"{path.relative_to(ROOT)}:{line}: {text[:80]!r}"
            for path in _package_files() for line, text in _strings(path, docstrings=False)
            if OUTSIDE.search(text)]
    assert not hits, "messages point to what a user has not:\n" + "\n".join(hits)


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(doc: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", doc.read_text(encoding="utf-8"), flags=re.S)
    return {_slug(h) for h in re.findall(r"^#+ (.+)$", text, re.M)}


# a repository path quoted in the text: `docs/gamefile.md`, `fixtures/games/*/game.toml`
QUOTED = re.compile(r"`((?:docs|audit|fixtures|tests|report|tally|scraper|bench)/[^`\s]*"
                    r"|(?:README|CONTRIBUTING)\.md|Makefile|pyproject\.toml)`")


@pytest.mark.parametrize("doc", USER_DOCS + [ROOT / "CONTRIBUTING.md"],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_links_and_quoted_paths_resolve(doc):
    text = doc.read_text(encoding="utf-8")
    bad = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue   # http(s):, mailto:
        path, _, anchor = target.partition("#")
        file = (_inside(doc, target) if path else doc)
        if file is None:
            bad.append(f"link {target}: no {path} in the repository")
        elif anchor and file.suffix == ".md" and anchor not in _anchors(file):
            bad.append(f"link {target}: no heading #{anchor} in {file.name}")
    for quoted in QUOTED.findall(text):
        quoted = quoted.rstrip(".,;:)")
        if "<" in quoted or "{" in quoted:
            continue   # a pattern (`fixtures/rules/<ID>/`), not a path
        path = quoted.split(":", 1)[0]   # `report/public.py: public_view`
        if "." in Path(path).name and Path(path).suffix not in FILE_SUFFIXES:
            continue   # a module's attribute (`report/public.select`), not a file
        if not (list(ROOT.glob(path)) if "*" in path else (ROOT / path).exists()):
            bad.append(f"`{quoted}`: no such file or folder in the repository")
    assert not bad, f"{doc.relative_to(ROOT)}:\n" + "\n".join(bad)

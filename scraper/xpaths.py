"""XPath as libxml2 evaluates it fast (issue 22): expressions rewritten into the same selection.

Pure functions over expression strings (no lxml here): :func:`fast_form` (what ``normalize.xpath``
compiles), :func:`first_form` (what ``normalize.first_match`` compiles for a first match) and the
class test :func:`has_class` the adapters write their XPath with.
"""

from __future__ import annotations

import re


def has_class(name: str) -> str:
    """XPath predicate body: the element's ``class`` list contains ``name`` (no cssselect needed).

    The plain ``contains`` first lets libxml2 skip the costly token test on most elements.
    """
    return token_test(name, "@class")


def token_test(name: str, of: str) -> str:
    """``has_class(name)`` on ``of`` (``@class``, or ``.`` in an ``@class`` step)."""
    return (f"(contains({of}, '{name}') and "
            f"contains(concat(' ', normalize-space({of}), ' '), ' {name} '))")


def fast_form(expr: str) -> str:
    """``expr`` rewritten into the same selection that libxml2 evaluates faster (issue 22):

    * ``//step`` (``.//step``) becomes ``/descendant::step``: ``//`` is
      ``/descendant-or-self::node()/child::``, which gathers every node of the subtree, text
      nodes included, and then the children of each, before a predicate sees one; ``//@attr``
      becomes ``/descendant-or-self::*/@attr``;
    * a descendant step whose first predicate tests one attribute (``has_class('x')``, also
      ``has_class('a') or has_class('b')``; ``@a``, ``@a='v'``, ``@a=$v``,
      ``starts-with(@a, 'v')``, ``contains(@a, 'v')``: each false without the attribute) walks
      that attribute instead: ``descendant::div[has_class('x')][p]`` becomes
      ``descendant::div/@class[token test on .]/parent::*[p]`` (the parent of an attribute is
      its element). libxml2 evaluates a predicate for every element of a walk but takes an
      attribute step within the walk itself, several times faster on a page.

    The same nodes in the same (document) order. A step with a positional predicate (``[1]``,
    ``[last()]``, anything that may be a number) is left as it is: the position would count
    another axis. String literals are never touched."""
    fast = _DOS_OR_LITERAL.sub(_descendant_step, expr) if "//" in expr else expr
    return _attribute_steps(fast) if "descendant" in fast and "@" in fast else fast


_DOS_OR_LITERAL = re.compile(
    r"'[^']*'|\"[^\"]*\"|//(?P<test>@[\w:.-]+|\*|(?:text|comment|node)\(\)"
    r"|[A-Za-z_][\w.-]*(?![\w.-]*\s*(?:::|\()))")


def _descendant_step(m: re.Match[str]) -> str:
    test = m.group("test")
    if test is None or any(map(_positional, _predicates_after(m.string, m.end())[0])):
        return m.group(0)  # a string literal, or a step counting positions
    return f"/descendant-or-self::*/{test}" if test.startswith("@") else f"/descendant::{test}"


_STEP_OR_LITERAL = re.compile(
    r"'[^']*'|\"[^\"]*\"|(?<![\w-])descendant(?:-or-self)?::(?P<test>\*|[A-Za-z_][\w.-]*(?::[\w.-]+)?)"
    r"(?![\w.:-]|\s*\()")


def _attribute_steps(expr: str) -> str:
    """The second rewrite of :func:`fast_form`, step by step from the left."""
    out, pos = [], 0
    for m in _STEP_OR_LITERAL.finditer(expr):
        if m.start() < pos or m.group("test") is None:
            continue  # inside a predicate already copied, or a string literal
        tests, _ = _predicates_after(expr, m.end())
        found = _attribute_test(tests[0]) if tests else None
        if found is None or any(map(_positional, tests)):
            continue
        attr, test = found
        first_end = _closing(expr, expr.index("[", m.end())) + 1
        out += [expr[pos:m.end()], f"/@{attr}", f"[{test}]" if test else "", "/parent::*"]
        pos = first_end
    return "".join(out) + expr[pos:]


_NAME = r"[\w-]+"
_CLASS_TEST = re.escape(token_test("NAME", "@class")).replace("NAME", "(" + _NAME + ")")
_CLASS_TESTS = re.compile(_CLASS_TEST.replace("(" + _NAME + ")", _NAME)
                          + "(?: or " + _CLASS_TEST.replace("(" + _NAME + ")", _NAME) + ")*")
_LIT = r"""'[^']+'|"[^"]+\""""
_ATTR_ONLY = re.compile(r"\s*@([\w:-]+)\s*")
_ATTR_EQUALS = re.compile(r"\s*@([\w:-]+)\s*=\s*(" + _LIT + r"|\$[\w-]+)\s*")
_ATTR_CALL = re.compile(r"\s*(starts-with|contains)\(\s*@([\w:-]+)\s*,\s*(" + _LIT + r")\s*\)\s*")


def _attribute_test(predicate: str) -> tuple[str, str] | None:
    """(attribute, the same test on the attribute node ``.``) when ``predicate`` is a test of
    one attribute that is false for an element without it; else None."""
    if _CLASS_TESTS.fullmatch(predicate):
        names = re.findall(_CLASS_TEST, predicate)
        if all(a == b for a, b in names):
            return "class", " or ".join(token_test(a, ".") for a, _ in names)
        return None
    m = _ATTR_ONLY.fullmatch(predicate)
    if m:
        return m.group(1), ""
    m = _ATTR_EQUALS.fullmatch(predicate)
    if m:
        return m.group(1), f". = {m.group(2)}"
    m = _ATTR_CALL.fullmatch(predicate)
    if m:
        return m.group(2), f"{m.group(1)}(., {m.group(3)})"
    return None


_BOOLEAN_CALL = re.compile(r"(?:not|contains|starts-with|boolean|true|false|lang)\s*\(")
_PATH_START = re.compile(r"[.@/]|(?:text|node|comment)\(\)|[A-Za-z_*][\w.:-]*(?![\w.:-]*\s*\()")
_ARITHMETIC = re.compile(r"\s(?:[+*-]|div|mod)\s")


def _positional(predicate: str) -> bool:
    """May ``predicate`` be a number (a position), not a test? What is not plainly a test —
    a comparison, ``and``/``or``, a boolean function, a location path — counts as one."""
    text = predicate.strip()
    while text.startswith("(") and _closing(text, 0) == len(text) - 1:
        text = text[1:-1].strip()
    top = _top_level(text)
    if any(op in top for op in ("=", "<", ">", " and ", " or ")):
        return False
    if _ARITHMETIC.search(top):
        return True
    return not (_BOOLEAN_CALL.match(text) or _PATH_START.match(text))


def _top_level(text: str) -> str:
    """``text`` with what stands inside brackets, parentheses and string literals blanked."""
    out, depth, quote = [], 0, ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
            out.append(" ")
        elif ch in "'\"":
            quote = ch
            out.append(" ")
        elif ch in "([":
            depth += 1
            out.append(" ")
        elif ch in ")]":
            depth -= 1
            out.append(" ")
        else:
            out.append(ch if depth == 0 else " ")
    return "".join(out)


def _closing(text: str, i: int) -> int:
    """Where the bracket or parenthesis opened at ``text[i]`` closes (-1: never)."""
    depth, quote = 0, ""
    for j in range(i, len(text)):
        ch = text[j]
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
            if depth == 0:
                return j
    return -1


def _predicates_after(text: str, i: int) -> tuple[list[str], int]:
    """The predicates that follow a step ending at ``text[i]`` (``[a][b]`` -> ``["a", "b"]``)
    and where they end; an unbalanced one reads as positional (``"("``)."""
    found: list[str] = []
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text) or text[i] != "[":
            return found, i
        end = _closing(text, i)
        if end < 0:
            return [*found, "("], len(text)
        found.append(text[i + 1:end])
        i = end + 1


_ONE_STEP = re.compile(r"\s*\.?//(\*|[A-Za-z][\w-]*)")


def first_form(expr: str) -> str:
    """What to evaluate for the first match of a one-step descendant search ``.//NAME[tests]``
    (``//NAME[tests]`` from the root), no test a position; other expressions as they are.

    libxml2 stops at the first match of ``descendant::NAME[test][1]`` only when the step has that
    one test: several are joined into one with ``and`` (``[a][b]`` and ``[(a) and (b)]`` select
    the same elements). ``*`` whose first test is a choice of names (``self::p or self::div``)
    becomes one such search per name, ``descendant::p[…][1] | descendant::div[…][1]``: the first of
    their first matches is the first match. A search whose first test is an attribute's (a class,
    ``@a='v'``…) is left to :func:`fast_form`'s attribute walk, cheaper than a walk that tests
    every element when the element is far or absent, as fallbacks for other styles mostly are."""
    m = _ONE_STEP.match(expr)
    if m is None:
        return expr
    tests, end = _predicates_after(expr, m.end())
    if expr[end:].strip() or any(map(_positional, tests)):
        return expr  # another step follows, or a predicate counts positions
    if tests and _attribute_test(tests[0]) is not None:
        return expr
    axis = "descendant::" if expr.lstrip().startswith(".") else "/descendant::"
    names = _NAME_CHOICE.fullmatch(tests[0].strip()) if tests and m.group(1) == "*" else None
    if names is not None:
        rest = _joined(tests[1:])
        return " | ".join(f"{axis}{n}{rest}[1]" for n in _SELF_NAME.findall(tests[0]))
    return f"{axis}{m.group(1)}{_joined(tests)}[1]"


_SELF_NAME = re.compile(r"self::([A-Za-z][\w-]*)")
_NAME_CHOICE = re.compile(r"self::[A-Za-z][\w-]*(?:\s+or\s+self::[A-Za-z][\w-]*)*")


def _joined(tests: list[str]) -> str:
    """``[a][b]`` as one predicate ``[(a) and (b)]`` ("" for none)."""
    if not tests:
        return ""
    if len(tests) == 1:
        return f"[{tests[0]}]"
    return "[" + " and ".join(f"({t})" for t in tests) + "]"

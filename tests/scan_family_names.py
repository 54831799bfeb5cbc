"""Find code that branches on a ruleset family's name instead of asking the family.

The Django side and the templates ask the family object (its entry data,
features, names table …) and never compare with "riichi" or "mcr" (DESIGN.md,
"A family is one folder"). :func:`branches_in` reads Python files (by their
syntax tree) and Django templates (by their tags) and reports, as
``"file:line: text"``:

- a comparison (``==``, ``!=``, ``in``, ``not in``) where one side is a
  family or ruleset name, or a tuple, list or set of them (a module-level
  constant holding them counts too, in any file scanned), and the other
  side's source mentions ``family`` or ``ruleset``;
- a dict literal with two or more keys that are family or ruleset names,
  and at least as many such keys as others (a table keyed by family; a
  table of codes where "riichi" is a flag among many is not one);
- in a template, a ``{% if %}``-like tag that mentions ``family`` or
  ``ruleset`` and a quoted family or ruleset name.

The names are the registry's (``scoring.families``): every family's code and
every ruleset it scores. A later, project-wide scan reuses this function.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path

from scoring.families import all_families, ruleset_names

_MENTIONS = re.compile(r"family|ruleset", re.IGNORECASE)
_TAG = re.compile(r"\{%(.*?)%\}", re.DOTALL)
_QUOTED = re.compile(r"""(["'])([^"']+)\1""")


def family_names() -> frozenset[str]:
    """Every registered family's code and every ruleset name."""
    return frozenset({f.name for f in all_families()} | set(ruleset_names()))


def branches_in(paths: Iterable[str | Path]) -> list[str]:
    """Every branch on a family or ruleset name in ``paths`` (files, or folders to walk)."""
    names = family_names()
    files = [(path, path.read_text(encoding="utf-8")) for path in _files(paths)]
    trees = {
        path: ast.parse(text, filename=str(path)) for path, text in files if _python_file(path)
    }
    # A constant of names counts where it is imported too (``ruleset in ABORTIVE_DRAWS``).
    constants = set().union(*(_name_constants(tree, names) for tree in trees.values()))
    findings: list[str] = []
    for path, text in files:
        if path in trees:
            findings += _python(path, text, trees[path], names, constants)
        else:
            findings += _template(path, text, names)
    return findings


def _python_file(path: Path) -> bool:
    return path.suffix == ".py"


def _files(paths: Iterable[str | Path]) -> list[Path]:
    out: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            out += sorted(p for p in path.rglob("*") if p.suffix in (".py", ".html"))
        else:
            out.append(path)
    return out


# --- Python ------------------------------------------------------------------------


def _python(path: Path, text: str, tree: ast.Module, names, constants) -> list[str]:
    lines = text.splitlines()
    findings = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for left, right in zip(operands, operands[1:], strict=False):
                if _branch(left, right, text, names, constants) or _branch(
                    right, left, text, names, constants
                ):
                    findings.append(_where(path, node, lines))
                    break
        elif isinstance(node, ast.Dict) and _keyed_by_family(node, names):
            findings.append(_where(path, node, lines))
    return sorted(findings, key=lambda f: int(f.split(":")[1]))


def _literal_names(node: ast.AST, names: frozenset[str]) -> bool:
    """``node`` is a family or ruleset name, or a tuple, list or set of them only."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value in names
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return bool(node.elts) and all(_literal_names(e, names) for e in node.elts)
    # frozenset({"tenhou"}), set(("mcr", "hkos")), tuple([...])
    call = isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    if call and node.func.id in ("frozenset", "set", "tuple", "list") and len(node.args) == 1:
        return _literal_names(node.args[0], names)
    return False


def _name_constants(tree: ast.Module, names: frozenset[str]) -> set[str]:
    """Module-level constants holding family or ruleset names (``ABORTIVE = {"tenhou"}``)."""
    found = set()
    for node in tree.body:
        targets, value = [], None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        if value is not None and _literal_names(value, names):
            found.update(t.id for t in targets if isinstance(t, ast.Name))
    return found


def _branch(side, other, text, names, constants) -> bool:
    named = _literal_names(side, names) or (isinstance(side, ast.Name) and side.id in constants)
    source = ast.get_source_segment(text, other) or ""
    return named and bool(_MENTIONS.search(source))


def _keyed_by_family(node: ast.Dict, names: frozenset[str]) -> bool:
    keys = [k for k in node.keys if k is not None]
    named = sum(isinstance(k, ast.Constant) and k.value in names for k in keys)
    return named >= 2 and named >= len(keys) - named


def _where(path: Path, node: ast.AST, lines: list[str]) -> str:
    line = node.lineno
    return f"{path}:{line}: {lines[line - 1].strip() if line <= len(lines) else ''}"


# --- templates ---------------------------------------------------------------------


def _template(path: Path, text: str, names: frozenset[str]) -> list[str]:
    findings = []
    for match in _TAG.finditer(text):
        tag = match.group(1)
        quoted = {q.group(2) for q in _QUOTED.finditer(tag)}
        if quoted & names and _MENTIONS.search(_QUOTED.sub("", tag)):
            line = text.count("\n", 0, match.start()) + 1
            findings.append(f"{path}:{line}: {{%{tag}%}}".replace("\n", " "))
    return findings

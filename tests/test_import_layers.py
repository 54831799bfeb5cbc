"""The apps import in one direction, with no import hidden inside a function (issue #33).

Why: an import written inside a function is how a loop between two apps used
to be dodged; the loop stays, only unseen. The layers are declared once, in
``pyproject.toml`` (``[tool.importlinter]``), and import-linter checks them;
it counts an import inside a function like any other. This file adds what
import-linter does not say in so many words:

- no module of ``tournament/`` imports another app inside a function (each
  top-level module of ``tournament/``, such as ``envconfig``, counts as its own
  unit; migrations are history and are left out);
- no circle of files, within ``tournament/`` or ``scoring/``, counting imports
  at module level and inside functions alike;
- the import-linter contracts themselves pass (``make lint`` runs them too).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("tournament", "scoring")


def modules(package: str) -> dict[str, Path]:
    """Dotted module name -> its file, for every module of ``package`` but migrations."""
    found = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        if "migrations" in path.parts:
            continue
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _base(module: str, path: Path, level: int) -> str:
    """The package a relative import (``level`` dots) starts from."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for _ in range(level - 1):
        package = package.rpartition(".")[0]
    return package


def imports(module: str, path: Path, known: dict[str, Path]):
    """``(target, line, nested)`` for each import of a known module in ``path``.

    ``nested``: the import is not a statement of the module itself but sits in a
    function, or in a ``try``/``if`` block (an optional import dodges a layer as
    well as a function-local one does); ``if TYPE_CHECKING:`` blocks count as the
    module's own, since nothing is imported when the program runs.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = [node for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)]
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            top += [n for n in node.body if isinstance(n, ast.Import | ast.ImportFrom)]
    in_function = {
        id(node)
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom) and node not in top
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                base = _base(module, path, node.level)
                source = f"{base}.{source}" if source else base
            # ``from package import module`` imports that module, else a name of the package.
            names = [
                f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source
                for alias in node.names
            ]
        else:
            continue
        for name in dict.fromkeys(names):
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                yield name, node.lineno, id(node) in in_function


def unit(module: str) -> str:
    """The app (``tournament.seating``) or top-level module (``tournament.envconfig``)."""
    return ".".join(module.split(".")[:2])


def local_cross_app_imports() -> list[str]:
    known = modules("tournament")
    return [
        f"{module}:{line} imports {target} inside a function or a block"
        for module, path in known.items()
        for target, line, in_function in imports(module, path, known)
        if in_function and unit(target) != unit(module)
    ]


def circles(package: str) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan, iterative)."""
    known = modules(package)
    graph = defaultdict(set)
    for module, path in known.items():
        for target, _line, _local in imports(module, path, known):
            graph[module].add(target)
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    for start in known:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_app_imports_another_inside_a_function():
    assert local_cross_app_imports() == []


def test_no_circle_of_files_in_tournament():
    assert circles("tournament") == []


def test_no_circle_of_files_in_scoring():
    assert circles("scoring") == []


def test_the_scans_are_not_vacuous(tmp_path):
    """Both scans find what they look for when it is there."""
    known = modules("tournament")
    assert {"tournament.events.models", "tournament.envconfig"} <= set(known)
    code = tmp_path / "views.py"
    code.write_text(
        "from tournament.events import models\n"
        "from . import rules\n"
        "def f():\n"
        "    from tournament.seating.models import Round\n"
        "try:\n"
        "    from tournament.seating.quality import swap_quality\n"
        "except ImportError:\n"
        "    swap_quality = None\n"
    )
    found = list(imports("tournament.events.views", code, known))
    assert ("tournament.events.models", 1, False) in found
    assert ("tournament.events.rules", 2, False) in found
    assert ("tournament.seating.models", 4, True) in found
    assert ("tournament.seating.quality", 6, True) in found


def test_the_import_linter_contracts_pass():
    """The layers of pyproject.toml (``[tool.importlinter]``), as ``make lint`` checks them."""
    from importlinter.cli import lint_imports

    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True) == 0

"""The seating planner is pure Python: no module of tournament/seating/planner/ loads Django.

Two checks, as for scoring/ (tests/scoring/test_no_django.py):

* Statically, no planner module imports Django, or any module of the project
  outside the planner (so the planner cannot reach Django through the
  models or the services either).
* At run time, a fresh interpreter imports every planner module and plans a
  seating, and no ``django`` module is loaded.

The run-time check cannot simply ``import tournament.seating.planner``: Python
runs the parent packages' ``__init__`` first, and ``tournament/__init__.py``
starts the Celery app, whose Django fix-up imports Django (that is the
project's business, so that ``@shared_task`` functions bind when Django
starts, and it stays as it is). So the child interpreter puts empty stand-ins
for the two parent packages in ``sys.modules``, with their real ``__path__``,
and then imports the planner by its ordinary names. That hides nothing the
planner needs: the static check shows that the planner imports no project
module outside itself, ``tournament/seating/__init__.py`` is checked to hold
no import, and the child reports every project module it loaded.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
PLANNER = ROOT / "tournament" / "seating" / "planner"
PACKAGE = "tournament.seating.planner"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_modules(path: Path) -> set[str]:
    """Absolute names of the modules ``path`` imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            module = ".".join(base) if node.level else ""
            if node.module:
                module = f"{module}.{node.module}" if module else node.module
            names.add(module)
            # ``from package import module`` imports a module too.
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def _planner_files() -> list[Path]:
    files = sorted(PLANNER.rglob("*.py"))
    assert files, "tournament/seating/planner/ has no Python files"
    return files


def _forbidden(module: str) -> bool:
    """Django, or a project module outside the planner (models, services...)."""
    top = module.split(".")[0]
    inside = module == PACKAGE or module.startswith(PACKAGE + ".")
    return top == "django" or (top == "tournament" and not inside)


def test_no_planner_module_imports_django_or_the_rest_of_the_project():
    offenders = {}
    for path in _planner_files():
        bad = sorted(m for m in _imported_modules(path) if _forbidden(m))
        if bad:
            offenders[str(path.relative_to(ROOT))] = bad
    assert offenders == {}


def test_the_parent_seating_package_imports_nothing():
    """The run-time check stands in for tournament/seating/__init__.py: keep it import-free."""
    assert _imported_modules(ROOT / "tournament" / "seating" / "__init__.py") == set()


CHILD = """
import importlib, json, pkgutil, sys, types
from pathlib import Path

for name in ("tournament", "tournament.seating"):
    stand_in = types.ModuleType(name)
    stand_in.__path__ = [str(Path.cwd().joinpath(*name.split(".")))]
    sys.modules[name] = stand_in

import tournament.seating.planner as planner

for info in pkgutil.walk_packages(planner.__path__, "tournament.seating.planner."):
    importlib.import_module(info.name)

from tournament.seating.planner.plan import plan_seating

plan = plan_seating(list(range(1, 17)), 5, time_budget=5)
assert plan.repeats() == 0 and plan.winds_balanced(), plan
print(json.dumps({
    "django": sorted(m for m in sys.modules if m.split(".")[0] == "django"),
    "project": sorted(m for m in sys.modules if m.split(".")[0] == "tournament"),
}))
"""


def test_the_planner_runs_without_django_loaded():
    """Import every planner module and plan 16 players in a fresh interpreter: Django stays out."""
    out = subprocess.run(
        [sys.executable, "-c", CHILD],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = json.loads(out.stdout)
    assert loaded["django"] == []
    planner_modules = {_module_name(path) for path in _planner_files()}
    assert set(loaded["project"]) == {"tournament", "tournament.seating"} | planner_modules

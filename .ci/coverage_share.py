"""Print make test's line coverage, all of CI's, and make test's share of CI's lines.

Usage: coverage_share.py MAIN_DATA OTHER_DATA...  (coverage.py data files, one per tier)

A line counts as covered by CI when any tier's data has it; the share is the
lines make test covers divided by the lines CI covers (issue #31: >= 97 %).
"""

from __future__ import annotations

import sys
from pathlib import Path

from coverage import Coverage, CoverageData

SOURCES = ("tournament", "scoring")


def lines_of(path: str) -> dict[str, set[int]]:
    data = CoverageData(basename=path)
    data.read()
    return {f: set(data.lines(f) or ()) for f in data.measured_files()}


def statements(main_path: str) -> dict[str, set[int]]:
    """The statements of every module of tournament/ and scoring/ but the migrations."""
    cov = Coverage(data_file=main_path)
    cov.load()
    out = {}
    for package in SOURCES:
        for path in sorted(Path(package).rglob("*.py")):
            if "migrations" not in path.parts:
                name = str(path.resolve())
                out[name] = set(cov.analysis2(name)[1])
    return out


def main(main_path: str, *others: str) -> int:
    main = lines_of(main_path)
    every = {f: set(lines) for f, lines in main.items()}
    for path in others:
        if not Path(path).exists():
            print(f"{path}: missing (run that tier under make coverage)", file=sys.stderr)
            return 2
        for f, lines in lines_of(path).items():
            every.setdefault(f, set()).update(lines)
    runnable = statements(main_path)
    total = sum(len(v) for v in runnable.values())
    in_main = sum(len(main.get(f, set()) & lines) for f, lines in runnable.items())
    in_ci = sum(len(every.get(f, set()) & lines) for f, lines in runnable.items())
    share = in_main / in_ci
    print(f"statements in tournament/ and scoring/: {total}")
    print(f"make test covers   {in_main:6d} lines  {100 * in_main / total:5.1f} %")
    print(f"all of CI covers   {in_ci:6d} lines  {100 * in_ci / total:5.1f} %")
    print(f"make test's share of CI's lines: {100 * share:.1f} % (bar: 97 %)")
    missed = sorted(((len(every[f] - main.get(f, set())), f) for f in every), reverse=True)[:10]
    print("where CI covers lines make test does not (most first):")
    for count, name in missed:
        if count:
            print(f"  {count:5d}  {Path(name).relative_to(Path.cwd())}")
    return 0 if share >= 0.97 else 1


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))

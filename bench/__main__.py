"""``python -m bench``: time the rules engine over the shared corpus, and the seating planner.

Each benchmark runs a fixed workload a few times and keeps the best wall time
(the least disturbed by whatever else the machine does). Results go to
``bench/results.json`` with the machine's Python and the library versions, so
two runs can be compared.
"""

from __future__ import annotations

import json
import platform
import sys
import time
from importlib import metadata
from pathlib import Path

from bench.seating import seating_benchmarks
from scoring.engine import score

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
OUTPUT = ROOT / "bench" / "results.json"
REPEATS = 3


def _best_of(func, repeats: int = REPEATS) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best


def bench_corpus(name: str) -> dict:
    cases = [json.loads(line) for line in (CORPUS / name).read_text(encoding="utf-8").splitlines()]
    seconds = _best_of(lambda: [score(case) for case in cases])
    return {
        "name": f"score_{name.split('.')[0]}_corpus",
        "hands": len(cases),
        "seconds": round(seconds, 4),
        "hands_per_second": round(len(cases) / seconds, 1),
        "ms_per_hand": round(1000 * seconds / len(cases), 4),
    }


def main() -> int:
    results = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "mahjong": metadata.version("mahjong"),
        "pymahjonggb": metadata.version("pymahjonggb"),
        "benchmarks": [bench_corpus("riichi.jsonl"), bench_corpus("mcr.jsonl")],
    }
    results["benchmarks"] += seating_benchmarks()
    OUTPUT.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    for b in results["benchmarks"]:
        if "hands" in b:
            print(
                f"{b['name']}: {b['hands']} hands in {b['seconds']} s ({b['ms_per_hand']} ms/hand)"
            )
        else:
            print(
                f"{b['name']}: {b['repeats']} repeats (at most {b['repeats_allowed']}), "
                f"winds {'balanced' if b['wind_ok'] else 'UNBALANCED'}, {b['seconds']} s"
            )
    print(f"written to {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

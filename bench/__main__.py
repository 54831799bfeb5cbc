"""``python -m bench``: time the rules engine, the seating planner, the standings and printing.

Each benchmark runs a fixed workload a few times and keeps the best wall time
(the least disturbed by whatever else the machine does). Results go to
``bench/results.json`` with the machine's Python and the library versions, so
two runs can be compared.
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from importlib import metadata
from pathlib import Path

from bench.engine import engine_benchmarks
from bench.printing import printing_benchmarks
from bench.results_grid import results_grid_benchmarks
from bench.seating import seating_benchmarks
from bench.standings import standings_benchmarks
from bench.surge import surge_benchmark
from bench.timing import best_time as _best_of
from scoring.engine import score

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
OUTPUT = ROOT / "bench" / "results.json"


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


def _verdict(ok: bool, missed: str = "OVER THE BAR") -> str:
    """ "ok", or capitals that make a missed bar stand out in the listing."""
    return "ok" if ok else missed


def describe(b: dict) -> str:
    """One line per benchmark, in the words of its kind."""
    if b.get("kind") == "engine":
        return (
            f"{b['name']}: {b['hands']} hands ({b['valid']} valid) in {b['seconds']} s, "
            f"{b['hands_per_second']} hands/s"
        )
    if b.get("kind") == "engine_ratio":
        verdict = _verdict(b["ok"], "OVER THE GOAL")
        lines = [
            f"{b['name']}: {b['hands']} hands, adapter {b['adapter_seconds']} s, "
            f"library {b['library_seconds']} s, ratio {b['ratio']} (goal {b['goal']}: {verdict})"
        ]
        return "\n".join(lines + [f"    {line}" for line in b.get("profile", [])])
    if b.get("kind") == "load":
        return (
            f"{b['name']}: {b['clients']} clients, {b['server']}, {b['tool']}: "
            f"p50 {b['p50_ms']} ms, p90 {b['p90_ms']} ms, p99 {b['p99_ms']} ms, "
            f"{b['requests_per_second']} req/s, {b['failed']} failed "
            f"(bar p99 {b['bar_p99_ms']} ms: {_verdict(b['ok'])}; in-process median "
            f"{b['baseline_in_process_median_ms']} ms; page cache off: p99 "
            f"{b['baseline_page_cache_off']['p99_ms']} ms, "
            f"{b['baseline_page_cache_off']['requests_per_second']} req/s"
            + (
                f"; with Redis as the cache: p99 {b['with_redis_cache']['p99_ms']} ms)"
                if b.get("with_redis_cache")
                else ")"
            )
        )
    if b.get("kind") == "drill":
        return (
            f"{b['name']} ({b['when']}): {b['requests']} requests {b['answers']}, "
            f"{b['entries_sent']} entries, {b['lost']} lost, {b['duplicated']} duplicated, "
            f"{b['server_errors_500']} errors 500, PDF ready "
            f"{b['print_ready_after_worker_back_s']} s after the worker's return"
        )
    if b.get("kind") == "surge":
        parts = [
            f"{server} {phase}: {p['saved']} saved, {p['conflict_kept']} conflict kept, "
            f"{p['failed']} failed, p50 {p['p50_ms']} ms, p99 {p['p99_ms']} ms"
            for server, phases in b["servers"].items()
            for phase, p in phases.items()
        ]
        verdict = _verdict(b["passed"], "SAVES FAILED")
        return f"{b['name']} ({b['bar']}: {verdict}):\n    " + "\n    ".join(parts)
    if "hands" in b:
        return f"{b['name']}: {b['hands']} hands in {b['seconds']} s ({b['ms_per_hand']} ms/hand)"
    if b.get("kind") == "standings":
        extra = ""
        if "snapshot_warm_seconds" in b:
            extra = (
                f"; snapshot cold {b['snapshot_cold_seconds']} s, "
                f"warm {b['snapshot_warm_seconds']} s"
            )
        return f"{b['name']}: {b['lines']} session lines in {b['seconds']} s{extra}"
    if b.get("kind") == "results_grid":
        return f"{b['name']}: {b['tables']} tables ({b['players']} players) in {b['seconds']} s"
    if b.get("kind") == "pdf":
        return (
            f"{b['name']}: {b['pages']} pages in {b['seconds']} s "
            f"(bar {b['bar_seconds']} s: {_verdict(b['ok'])})"
        )
    if b.get("kind") == "page":
        return (
            f"{b['name']}: median {b['median_ms']} ms, p90 {b['p90_ms']} ms warm "
            f"(cold {b['cold_ms']} ms; bar {b['bar_median_ms']} ms: {_verdict(b['ok'])}; "
            f"page cache off: median {b['page_cache_off_median_ms']} ms, "
            f"p90 {b['page_cache_off_p90_ms']} ms); "
            "downloads "
            + ", ".join(f"{k} {v} ms" for k, v in b.get("downloads_median_ms", {}).items())
        )
    if b.get("kind") == "seating_real_path":
        bars = [
            f"{label} at most {b[key]}"
            for key, label in (("repeats_allowed", "repeats"), ("club_meetings_allowed", "clubs"))
            if b.get(key) is not None
        ]
        return (
            f"{b['name']}: {b['repeats']} repeats, {b['club_meetings']} club meetings, "
            f"{b['whole_club_tables']} whole-club tables, {b['wind_unbalanced']} players with "
            f"unbalanced winds ({'; '.join(bars) or 'reported'}), {b['seconds']} s"
        )
    return (
        f"{b['name']}: {b['repeats']} repeats (at most {b['repeats_allowed']}), "
        f"winds {'balanced' if b['wind_ok'] else 'UNBALANCED'}, {b['seconds']} s"
    )


def main() -> int:
    results = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "mahjong": metadata.version("mahjong"),
        "pymahjonggb": metadata.version("pymahjonggb"),
        "benchmarks": [bench_corpus("riichi.jsonl"), bench_corpus("mcr.jsonl")],
    }
    results["benchmarks"] += engine_benchmarks()
    results["benchmarks"] += seating_benchmarks()
    results["benchmarks"] += standings_benchmarks()
    results["benchmarks"] += printing_benchmarks()
    results["benchmarks"] += results_grid_benchmarks()
    results["benchmarks"].append(surge_benchmark())
    # The fault drill needs its own stack (make drill): its last figures are kept.
    if OUTPUT.exists():
        before = json.loads(OUTPUT.read_text(encoding="utf-8")).get("benchmarks", [])
        results["benchmarks"] += [b for b in before if b.get("kind") == "drill"]
    OUTPUT.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    for b in results["benchmarks"]:
        print(describe(b))
    print(f"written to {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

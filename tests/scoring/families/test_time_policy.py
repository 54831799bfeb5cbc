"""What each family says happens when a timed session's time is up (``time_policy``).

Each case names the rule it rests on, and the test reads that line in
``../shared/rules/`` so a cited rule that moves or changes wording is noticed.
"""

from __future__ import annotations

import pytest

from scoring.families import family_for
from tests.scoring.conftest import PROJECT_ROOT

RULES_DIR = PROJECT_ROOT.parent / "shared" / "rules"

CASES = [
    # ruleset, options, expected code, rules file:line (../shared/rules/), words on that line
    ("jpml-a", {}, "finish_current", "sessions.md:38", "riichi and HK: current hand finished"),
    ("wrc", {}, "finish_current", "sessions.md:38", "riichi and HK: current hand finished"),
    ("tenhou", {}, "finish_current", "sessions.md:38", "riichi and HK: current hand finished"),
    ("mcr", {}, "abandon_current", "mcr.md:152", "default `abandon_current`"),
    (
        "mcr",
        {"time_limit_policy": "finish_current"},
        "finish_current",
        "mcr.md:154",
        "Alternative: `finish_current`",
    ),
    ("hkos", {}, "finish_current", "hkos.md:120", "(`finish_current` default)"),
    (
        "hkos",
        {"time_limit_policy": "void_current"},
        "abandon_current",
        "hkos.md:119",
        "`minutes:M` with `time_limit_policy`",
    ),
    ("zung-jung", {}, None, "zung-jung.md:186", "Session length is set by the event"),
]


@pytest.mark.parametrize(("ruleset", "options", "code", "cited", "words"), CASES)
def test_time_policy_follows_the_rules(ruleset, options, code, cited, words):
    family = family_for(ruleset)
    rules = family.resolve(ruleset, options)
    assert family.time_policy(rules) == code
    # The same answer from the frozen rules an event keeps once it has started.
    assert family.time_policy(family.thaw(rules.freeze())) == code
    rules_file, _, line = cited.partition(":")
    path = RULES_DIR / rules_file
    if path.exists():  # ../shared is beside the project in CI and on a developer's machine
        text = path.read_text("utf-8").splitlines()
        assert words in text[int(line) - 1], f"rules/{cited} no longer says {words!r}"


def test_codes_are_the_protocol_vocabulary():
    for ruleset in ("mcr", "hkos", "jpml-b", "ema", "zung-jung"):
        family = family_for(ruleset)
        assert family.time_policy(family.resolve(ruleset, {})) in (
            "finish_current",
            "abandon_current",
            None,
        )

"""The one entry point: ``score(hand, ruleset) -> Result``.

Errors are values here: whatever is wrong with the input comes back as an
invalid :class:`~scoring.result.Result` carrying a code and a message, and
nothing raises into a view or stops a batch of hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.errors import HandError
from scoring.hand import hand_from_dict
from scoring.result import Result
from scoring.rulesets import get_ruleset


def score(data: Mapping[str, Any], ruleset: str | None = None, lang: str = "en") -> Result:
    """Score one hand given as a hand-format.md object.

    ``ruleset`` applies when the hand names none; the hand's own ``ruleset``
    wins. ``lang`` picks the language of the item names (en, ja, zh).
    """
    name = ruleset
    try:
        if not isinstance(data, Mapping):
            raise HandError("bad_input", "a hand must be a JSON object")
        name = data.get("ruleset") or ruleset
        if not name:
            raise HandError("bad_input", "ruleset: no ruleset given (in the hand or --ruleset)")
        rules = get_ruleset(name)
        # hand_from_dict only reads its argument, so a plain dict need not be copied.
        hand = hand_from_dict(data if type(data) is dict else dict(data))
        config = rules.config(hand.options)
        return rules.scorer(hand, config, lang)
    except HandError as problem:
        return Result.invalid(name if isinstance(name, str) else None, problem.info)

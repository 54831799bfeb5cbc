"""Which inputs each ruleset's hand form asks for, and which it refuses, as Markdown tables.

Why (issue #35, acceptance 1): what a preset takes is the family's
declaration (:class:`scoring.families.protocol.HandInputs` and the flags of
``EntryData``), and nothing else decides it: not the template, not the
engine's silence. These tables are made from the declarations alone, printed
into the README ("What the hand form asks for, by ruleset"), and a test makes
them again and compares (tests/scoring/families/test_inputs_table.py), so the
README cannot drift from the code.

*asked*: the judge's form shows the input and the hand is scored with it;
*refused*: the form does not show it, and a hand that names it anyway (the
API, a typed tile, a player's phone) is refused, naming the input and the
rules (:mod:`scoring.sheets.inputs`).

Run ``python -m scoring.families.inputs_table`` to print them.
"""

from __future__ import annotations

from scoring.families.installed import BUILTIN
from scoring.families.protocol import EntryData, Family

ASKED, REFUSED = "asked", "refused"


def _declared(family: Family) -> list[tuple[str, EntryData]]:
    return [(ruleset, family.entry(family.resolve(ruleset, {}))) for ruleset in family.rulesets]


def _indicators(most: int, kind: str) -> str:
    if not most:
        return REFUSED
    if most == 1:
        return f"{ASKED}: 1 (no kan dora)" if kind == "dora" else f"{ASKED}: 1"
    return f"{ASKED}: up to {most}"


def _ura(entry: EntryData) -> str:
    cell = _indicators(entry.inputs.ura_indicators, "ura")
    needs = entry.inputs.ura_needs
    if entry.inputs.ura_indicators and needs:
        cell += ", with " + " or ".join(f"`{f}`" for f in sorted(needs, key=_flag_key))
    return cell


def _flag_key(flag: str) -> tuple[int, str]:
    return (flag != "riichi", flag)


def rows(family: Family) -> list[tuple[str, list[str]]]:
    """(input, one cell per ruleset) for each input the family's rulesets declare or refuse."""
    declared = _declared(family)
    # The form's order of the ruleset that asks for most, then any others as they come.
    flags = list(max((e.flags for _r, e in declared), key=len))
    for _ruleset, entry in declared:
        flags += [f for f in entry.flags if f not in flags]
    entries = [entry for _ruleset, entry in declared]
    table = [
        ("dora indicators", [_indicators(e.inputs.dora_indicators, "dora") for e in entries]),
        ("ura-dora indicators", [_ura(e) for e in entries]),
        ("red fives (`0m` `0p` `0s`)", [ASKED if e.inputs.red_fives else REFUSED for e in entries]),
    ]
    for flag in flags:
        cells = [ASKED if flag in e.flags else REFUSED for e in entries]
        table.append((f"flag `{flag}`", cells))
    return table


def family_table(family: Family) -> str:
    """One family's table: a column per ruleset, a row per input."""
    rulesets = family.rulesets
    lines = [
        "| input | " + " | ".join(f"`{r}`" for r in rulesets) + " |",
        "|---|" + "---|" * len(rulesets),
    ]
    lines += [f"| {name} | " + " | ".join(cells) + " |" for name, cells in rows(family)]
    return "\n".join(lines)


def tables() -> str:
    """Every built-in family's table, each under its family's name (a test's toy family aside)."""
    parts = []
    for family in BUILTIN:
        parts.append(f"**{family.name}**\n\n{family_table(family)}")
    return "\n\n".join(parts) + "\n"


if __name__ == "__main__":
    print(tables(), end="")

"""The hand entry form: what a judge taps in, turned into one entry of the sheet.

One form serves every ruleset family; the fields it holds depend on the
family (riichi: han, fu, riichi declarers, tenpai; MCR: fan and flowers; Zung
Jung: points; HKOS: faan) and on the entry *level*: ``value`` (the hand's
value only) or ``tiles`` (the tiles themselves, in mpsz notation, which the
rules engine scores). The entry it builds is the JSON the replay reads
(``scoring.sheets``); fields that do not belong to the chosen outcome are
left out rather than refused, because the page hides them.

The form checks only what it can say better than the engine (a win needs a
winner); everything else is the replay's, whose errors come back naming a
field that :meth:`HandForm.add_sheet_error` puts next to the right input.
"""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.results.choices import (
    ABORTIVE_DRAWS,
    CHINESE_FLAGS,
    FLAGS,
    FLOWER_COUNTS,
    FLOWER_TILES,
    FROM_DISCARD,
    FU_CHOICES,
    HAN_CHOICES,
    MELD_ROWS,
    MELD_TYPES,
    OUTCOMES,
    SEATS,
    VALUE_FIELDS,
    WINS,
    YAKUMAN_CHOICES,
)

_MPSZ = re.compile(r"^[0-9mpsz\s]*$")
_INDEXED = re.compile(r"^(\w+)\[(\d+)\]$")


def tiles_field(label, help_text=""):
    return forms.CharField(
        label=label,
        required=False,
        max_length=80,
        help_text=help_text,
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "off",
                "spellcheck": "false",
                "class": "mono",
                "data-tiles": "many",
            }
        ),
    )


class HandForm(forms.Form):
    """One hand, at value or tiles level, for the event's ruleset family."""

    base_version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    level = forms.ChoiceField(
        label=_("Entry"), choices=[("value", _("Value")), ("tiles", _("Tiles"))]
    )
    outcome = forms.ChoiceField(label=_("Result"))
    winner = forms.ChoiceField(label=_("Winner"), required=False)
    discarder = forms.ChoiceField(label=_("Discarder"), required=False)
    concealed = tiles_field(
        _("Hand (concealed tiles)"), _("Without the winning tile, e.g. 123m456p789s1z")
    )
    win_tile = tiles_field(_("Winning tile"))
    flags = forms.MultipleChoiceField(label=_("Situation"), required=False)
    reason = forms.CharField(label=_("Reason for the correction"), required=False, max_length=200)

    def __init__(self, *args, family: str, ruleset: str, seats: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.family = family
        seat_choices = [(s, seats.get(s) or s) for s in SEATS]
        outcomes = OUTCOMES[family]
        if ruleset not in ABORTIVE_DRAWS:
            outcomes = [o for o in outcomes if o[0] != "abortive"]
        self.fields["outcome"].choices = outcomes
        self.fields["winner"].choices = seat_choices
        self.fields["discarder"].choices = seat_choices
        self.fields["win_tile"].widget.attrs["data-tiles"] = "one"
        if family == "riichi":
            # The winner's riichi flag follows the declarers (the replay wants both to agree).
            self.fields["flags"].choices = [f for f in FLAGS["riichi"] if f[0] != "riichi"]
        else:
            known = CHINESE_FLAGS[family]
            self.fields["flags"].choices = [c for c in FLAGS["chinese"] if c[0] in known]
        for i in range(1, MELD_ROWS + 1):
            self.fields[f"meld{i}_type"] = forms.ChoiceField(
                label=_("Meld %(n)s") % {"n": i}, choices=MELD_TYPES, required=False
            )
            self.fields[f"meld{i}_tiles"] = tiles_field(_("Meld %(n)s tiles") % {"n": i})
            self.fields[f"meld{i}_tiles"].widget.attrs["placeholder"] = "123s / 555z / 1111m"
        getattr(self, f"_add_{family.replace('-', '_')}_fields")(seat_choices)

    @property
    def meld_rows(self):
        return [(self[f"meld{i}_type"], self[f"meld{i}_tiles"]) for i in range(1, MELD_ROWS + 1)]

    @property
    def outcome_kinds(self) -> dict[str, str]:
        """Each outcome's kind words (win, discard, draw), for the page to show what applies."""
        kinds = {}
        for value, _label in self.fields["outcome"].choices:
            words = ["win"] if value in WINS else ["nowin"]
            if value in FROM_DISCARD:
                words.append("discard")
            if value == "draw":
                words.append("draw")
            kinds[value] = " ".join(words)
        return kinds

    @staticmethod
    def default_outcome(family: str) -> str:
        return OUTCOMES[family][0][0]

    # --- the family's own fields -------------------------------------------------

    def _add_riichi_fields(self, seat_choices):
        self.fields["han"] = forms.TypedChoiceField(
            label=_("Han"), choices=HAN_CHOICES, coerce=int, required=False
        )
        self.fields["fu"] = forms.TypedChoiceField(
            label=_("Fu"), choices=FU_CHOICES, coerce=int, required=False, empty_value=None
        )
        self.fields["yakuman"] = forms.TypedChoiceField(
            label=_("Yakuman"), choices=YAKUMAN_CHOICES, coerce=int, required=False, initial=0
        )
        self.fields["riichi"] = forms.MultipleChoiceField(
            label=_("Riichi declared"), choices=seat_choices, required=False
        )
        self.fields["tenpai"] = forms.MultipleChoiceField(
            label=_("Tenpai"), choices=seat_choices, required=False
        )
        self.fields["liable"] = forms.ChoiceField(
            label=_("Liable player (pao)"), choices=[("", "—")] + seat_choices, required=False
        )
        self.fields["dora_indicators"] = tiles_field(_("Dora indicators"))
        self.fields["ura_indicators"] = tiles_field(_("Ura-dora indicators"))

    def _add_mcr_fields(self, seat_choices):
        self.fields["fan"] = forms.IntegerField(
            label=_("Fan (without flowers)"), min_value=0, max_value=999, required=False
        )
        self._add_flower_count()

    def _add_flower_count(self):
        self.fields["flowers"] = forms.TypedChoiceField(
            label=_("Flowers"), choices=FLOWER_COUNTS, coerce=int, required=False, initial=0
        )

    def _add_zung_jung_fields(self, seat_choices):
        self.fields["points"] = forms.IntegerField(
            label=_("Points"), min_value=0, max_value=999, required=False
        )

    def _add_hkos_fields(self, seat_choices):
        self.fields["faan"] = forms.IntegerField(
            label=_("Faan"), min_value=0, max_value=99, required=False
        )
        self.fields["flower_tiles"] = forms.MultipleChoiceField(
            label=_("Flowers and seasons"), choices=FLOWER_TILES, required=False
        )

    # --- checks ---------------------------------------------------------------------

    def clean(self):
        data = super().clean()
        outcome = data.get("outcome")
        if outcome in WINS and not data.get("winner"):
            self.add_error("winner", _("Choose the winner."))
        if outcome in FROM_DISCARD and not data.get("discarder"):
            self.add_error("discarder", _("Choose who discarded the winning tile."))
        for name, value in data.items():
            if name in self._tile_fields() and value and not _MPSZ.match(value):
                self.add_error(name, _("Write tiles as mpsz, e.g. 123m 456p 11z."))
        if outcome in WINS and data.get("level") == "value":
            self._check_value(data)
        if (
            "double_riichi" in (data.get("flags") or [])
            and data.get("winner") not in (data.get("riichi") or [])
            and data.get("level") == "tiles"
        ):
            self.add_error("riichi", _("Double riichi: mark the winner as a riichi declarer."))
        return data

    def _check_value(self, data):
        family = self.family
        if family == "riichi":
            if not data.get("yakuman") and not data.get("han"):
                self.add_error("han", _("Choose the han (or a yakuman)."))
            elif not data.get("yakuman") and data["han"] < 5 and not data.get("fu"):
                self.add_error("fu", _("Choose the fu: below 5 han it sets the value."))
            return
        name = {"mcr": "fan", "zung-jung": "points", "hkos": "faan"}[family]
        if data.get(name) is None:
            self.add_error(name, _("Enter the hand's value."))

    def _tile_fields(self):
        return {n for n, f in self.fields.items() if "data-tiles" in f.widget.attrs}

    # --- form <-> entry ---------------------------------------------------------------

    def entry(self) -> dict:
        """The cleaned form as the replay's entry JSON."""
        data = self.cleaned_data
        outcome, level = data["outcome"], data["level"]
        entry: dict = {"outcome": outcome, "level": level}
        if self.family == "riichi":
            if data.get("riichi"):
                entry["riichi"] = _in_seat_order(data["riichi"])
            if outcome == "draw":
                entry["tenpai"] = _in_seat_order(data.get("tenpai") or [])
        if outcome not in WINS:
            return entry
        entry["winner"] = data["winner"]
        if outcome in FROM_DISCARD:
            entry["discarder"] = data["discarder"]
        if level == "value":
            entry.update(self._value_entry(data))
        else:
            entry["hand"] = self._hand_entry(data)
            if self.family == "mcr" and data.get("flowers"):
                entry["hand"]["flowers"] = data["flowers"]
        if self.family == "riichi" and data.get("liable"):
            entry["liable"] = data["liable"]
        return entry

    def _value_entry(self, data) -> dict:
        if self.family == "riichi":
            if data.get("yakuman"):
                return {"yakuman": data["yakuman"]}
            value = {"han": data["han"]}
            if data.get("fu"):
                value["fu"] = data["fu"]
            return value
        if self.family == "mcr":
            return {"fan": data["fan"], "flowers": data.get("flowers") or 0}
        if self.family == "zung-jung":
            return {"points": data["points"]}
        return {"faan": data["faan"]}

    def _hand_entry(self, data) -> dict:
        hand = {"concealed": _squash(data.get("concealed")), "melds": []}
        if data.get("win_tile"):
            hand["win_tile"] = _squash(data["win_tile"])
        for i in range(1, MELD_ROWS + 1):
            kind, tiles = data.get(f"meld{i}_type"), _squash(data.get(f"meld{i}_tiles"))
            if not kind and not tiles:
                continue
            meld = {"type": (kind or "").split("_")[0] or "pon", "tiles": tiles, "concealed": False}
            if kind == "kan_concealed":
                meld["concealed"] = True
            if kind == "kan_added":
                meld["added"] = True
            hand["melds"].append(meld)
        flags = list(data.get("flags") or [])
        if self.family == "riichi":
            if data["winner"] in (data.get("riichi") or []) and "double_riichi" not in flags:
                flags = ["riichi", *flags]
            for name in ("dora_indicators", "ura_indicators"):
                if data.get(name):
                    hand[name] = _squash(data[name])
        if flags:
            hand["flags"] = flags
        if self.family == "hkos" and data.get("flower_tiles"):
            hand["flowers"] = sorted(int(n) for n in data["flower_tiles"])
        return hand

    @classmethod
    def initial_from(cls, entry: dict, family: str) -> dict:
        """The form's initial data for an entry already on the sheet (to correct it)."""
        initial = {k: entry[k] for k in ("outcome", "winner", "discarder", "liable") if k in entry}
        initial["level"] = entry.get("level") or "value"
        for name in ("riichi", "tenpai"):
            if entry.get(name):
                initial[name] = list(entry[name])
        for name in VALUE_FIELDS[family]:
            if entry.get(name) is not None:
                initial[name] = entry[name]
        hand = entry.get("hand") or {}
        for name in ("concealed", "win_tile", "dora_indicators", "ura_indicators"):
            if hand.get(name):
                initial[name] = hand[name]
        initial["flags"] = [f for f in hand.get("flags") or [] if f != "riichi"]
        for i, meld in enumerate(hand.get("melds") or [], start=1):
            if i > MELD_ROWS:
                break
            kind = meld.get("type", "")
            if kind == "kan" and meld.get("concealed"):
                kind = "kan_concealed"
            elif kind == "kan" and meld.get("added"):
                kind = "kan_added"
            initial[f"meld{i}_type"], initial[f"meld{i}_tiles"] = kind, meld.get("tiles", "")
        flowers = hand.get("flowers")
        if isinstance(flowers, list):
            initial["flower_tiles"] = [str(n) for n in flowers]
        elif flowers and family == "mcr":
            initial["flowers"] = flowers
        return initial

    # --- the replay's errors, next to their field -----------------------------------------

    def add_sheet_error(self, field: str, message: str, index: int | None) -> None:
        """Show a replay error (``hands[3].discarder``) on the input it names.

        An error about another hand than the one being entered (``index``,
        0-based) goes to the top of the form, with the hand named in the message.
        """
        self.add_error(self.field_for(field, index), message)

    def field_for(self, field: str, index: int | None) -> str | None:
        parts = (field or "").split(".")
        match = _INDEXED.match(parts[0]) if parts else None
        if match and match.group(1) == "hands":
            if index is None or int(match.group(2)) != index:
                return None
            parts = parts[1:]
        elif match and match.group(1) == "wins":
            parts = parts[1:]
        if not parts:
            return None
        head = _INDEXED.sub(r"\1", parts[0])
        if head == "hand":
            rest = _INDEXED.sub(r"\1", parts[1]) if len(parts) > 1 else ""
            if rest == "melds":
                meld = _INDEXED.match(parts[1])
                n = int(meld.group(2)) + 1 if meld else 1
                return f"meld{min(n, MELD_ROWS)}_tiles"
            if rest == "flowers":
                return "flower_tiles" if "flower_tiles" in self.fields else "flowers"
            if rest in self.fields:
                return rest
            return "concealed"
        if head in self.fields and head not in ("base_version",):
            return head
        return None


def _in_seat_order(seats) -> list[str]:
    return [s for s in SEATS if s in seats]


def _squash(text) -> str:
    """Tiles as typed ("123m 456p") without the spaces the engine does not read."""
    return re.sub(r"\s+", "", text or "")

"""Words for the hand flags a family's form offers (``EntryData.flags``; hand-format.md)."""

from django.utils.translation import gettext_lazy as _

FLAGS = {
    # riichi (hand-format.md, flags vocabulary)
    "riichi": _("Riichi"),
    "double_riichi": _("Double riichi"),
    "ippatsu": _("Ippatsu"),
    "haitei": _("Haitei (last draw)"),
    "houtei": _("Houtei (last discard)"),
    "rinshan": _("Rinshan (after a kan)"),
    "chankan": _("Chankan (robbing a kan)"),
    "tenhou": _("Tenhou"),
    "chiihou": _("Chiihou"),
    "renhou": _("Renhou"),
    # the Chinese families
    "last_tile": _("Last tile of the wall"),
    "kong_replacement": _("Kong replacement"),
    "flower_replacement": _("Flower replacement"),
    "robbing_kong": _("Robbing a kong"),
    "last_of_kind": _("Last of its kind"),
    "heavenly": _("Heavenly hand"),
    "earthly": _("Earthly hand"),
}

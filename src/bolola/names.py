"""Player names: what a name may be, and the key that tells two names apart.

A name is written in the player's own alphabet (``AnaLópez``, ``Γιώργος``, ``محمد``):
our players are Spanish, Greek and Arab. Names are kept as PRECIS usernames (RFC 8265,
``precis-i18n``): width-mapped and in one composed form, so an accent typed composed or
decomposed is one name. Two names are one player's when their case-mapped forms are
equal (``ÓSCAR`` and ``óscar``): that form is the key the store looks names up by and
keeps unique, not the database's ``lower()``, which SQLite applies to ASCII alone.

Letters of two scripts in one name are refused (``Paul`` with its ``a`` a Cyrillic
one, U+0430, reads as another player's ``Paul``); digits and ``_ . -`` go with any
script. A whole name in another script that looks like a Latin one (``Pape`` in
Cyrillic letters alone) is not caught here.
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import confusables
from precis_i18n import get_profile

MIN_LENGTH = 3
MAX_LENGTH = 24
PUNCTUATION = frozenset("_.-")
RESERVED = ("guest-", "bot-")  # generated names: a guest's, a bot's

_PRESERVED = get_profile("UsernameCasePreserved")
_MAPPED = get_profile("UsernameCaseMapped")


class BadNameError(ValueError):
    """A name refused; ``code`` says which rule (``bad_name``, ``mixed_script``,
    ``reserved_name``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


RULE = (
    f"a name is {MIN_LENGTH} to {MAX_LENGTH} characters: letters (accents and any alphabet"
    " welcome), digits, '_', '.' or '-', without spaces"
)
MIXED = "a name is written in one alphabet: letters of two (Latin and Greek, say) are refused"
RESERVED_RULE = "names starting with guest- or bot- are reserved"


def checked(name: object) -> str:
    """``name`` as it is kept and shown (PRECIS-prepared: width-mapped, composed), or
    :class:`BadNameError` saying which rule it breaks."""
    if not isinstance(name, str):
        raise BadNameError("bad_name", RULE)
    try:
        kept = str(_PRESERVED.enforce(name))
    except UnicodeError:  # a space, a control, a zero-width joiner, an unassigned point
        raise BadNameError("bad_name", RULE) from None
    if not MIN_LENGTH <= len(kept) <= MAX_LENGTH or not all(map(_allowed, kept)):
        raise BadNameError("bad_name", RULE)
    if not unicodedata.category(kept[0]).startswith(("L", "N")) and kept[0] not in PUNCTUATION:
        raise BadNameError("bad_name", RULE)  # a mark with nothing to sit on
    if confusables.is_mixed_script(kept, allowed_aliases=["COMMON", "INHERITED"]):
        raise BadNameError("mixed_script", MIXED)
    if key(kept).startswith(RESERVED):
        raise BadNameError("reserved_name", RESERVED_RULE)
    return kept


def key(name: str) -> str:
    """The form two names of one player share: case-mapped PRECIS (``Óscar`` ->
    ``óscar``). A name kept before these rules (one PRECIS refuses) falls back to its
    composed, case-folded form."""
    try:
        return str(_MAPPED.enforce(name))
    except UnicodeError:
        return unicodedata.normalize("NFC", name.casefold())


def _allowed(ch: str) -> bool:
    category = unicodedata.category(ch)
    # Letters, the marks that accent them (Arabic's vowel signs, a decomposed accent),
    # decimal digits of any script.
    return category.startswith(("L", "M")) or category == "Nd" or ch in PUNCTUATION

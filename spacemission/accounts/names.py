"""Names nobody can pass off as someone else's: no invisible or direction-changing
characters, and a key under which look-alike names are equal.

The key is Unicode's NFKC form, case-folded, with every character replaced by one
representative of the characters it can be mistaken for (the Unicode confusables,
through ``confusable_homoglyphs``): "Ada", "ADA", "Ada" with a Cyrillic A and "Ada" in
full-width letters share a key. Two accounts' names may not share one.
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs.confusables import confusables_data

# Characters that draw nothing or reorder what follows: format (zero-width spaces and
# joiners, bidirectional overrides and isolates), control, private-use, unassigned.
HIDDEN_CATEGORIES = {"Cf", "Cc", "Co", "Cs", "Cn"}


def hidden_characters(name: str) -> bool:
    """Whether ``name`` holds a character that shows nothing or changes the direction."""
    return any(unicodedata.category(ch) in HIDDEN_CATEGORIES for ch in name)


@functools.cache
def _representatives() -> dict[str, str]:
    """Each confusable character -> the smallest character of its look-alike group."""
    parent: dict[str, str] = {}

    def find(ch: str) -> str:
        while parent.get(ch, ch) != ch:
            parent[ch] = parent.get(parent[ch], parent[ch])
            ch = parent[ch]
        return ch

    for ch, glyphs in confusables_data.items():
        for glyph in glyphs:
            other = glyph["c"].strip("\u200e\u200f")
            if len(other) == 1 and other != ch:
                a, b = find(ch), find(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    return {ch: find(ch) for ch in parent}


def _fold(text: str) -> str:
    representatives = _representatives()
    return "".join(representatives.get(ch, ch) for ch in text)


def name_key(name: str) -> str:
    """The key look-alike names share (empty for an empty name). Names equal but for
    their case always share it: the case is folded before the look-alikes are."""
    return _fold(unicodedata.normalize("NFKC", name).casefold()).casefold()

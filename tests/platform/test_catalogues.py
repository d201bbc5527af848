"""Every word in the player's language: each catalogue entry is translated (not missing,
not fuzzy) in German and Hungarian, keeps the placeholders of its English, and every
string the code marks for translation is in each catalogue (English is the msgid)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
LANGS = [code for code, _ in settings.LANGUAGES if code != "en"]
DOMAINS = ["django", "djangojs"]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")

needs_gettext = pytest.mark.gettext


def catalogue(lang: str, domain: str) -> polib.POFile:
    return polib.pofile(str(ROOT / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"))


def key(entry: polib.POEntry) -> tuple[str, str]:
    return entry.msgid, entry.msgid_plural


def test_the_menu_names_each_language_in_its_own_name():
    assert dict(settings.LANGUAGES) == {"en": "English", "de": "Deutsch", "hu": "Magyar"}


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_entry_is_translated_and_keeps_its_placeholders(lang, domain):
    po = catalogue(lang, domain)
    assert po.metadata.get("Language") == lang
    entries = [e for e in po if not e.obsolete and e.msgid]
    assert not [e.msgid for e in entries if "fuzzy" in e.flags], "fuzzy entries"
    assert not [e.msgid for e in entries if not e.translated()], "untranslated entries"
    for e in entries:
        wanted = sorted(PLACEHOLDER.findall(e.msgid_plural or e.msgid))
        if not e.msgid_plural:
            assert sorted(PLACEHOLDER.findall(e.msgstr)) == wanted, (e.msgid, e.msgstr)
            continue
        # A singular form may leave out the count ("the space tile"); the others keep all.
        forms = [e.msgstr_plural[i] for i in sorted(e.msgstr_plural)]
        for text in forms:
            assert set(PLACEHOLDER.findall(text)) <= set(wanted), (e.msgid, text)
        assert sorted(PLACEHOLDER.findall(forms[-1])) == wanted, (e.msgid, forms[-1])


def test_compiled_catalogues_are_up_to_date():
    for lang in LANGS:
        for domain in DOMAINS:
            po = catalogue(lang, domain)
            compiled = polib.mofile(str(ROOT / "locale" / lang / "LC_MESSAGES" / f"{domain}.mo"))
            assert compiled.metadata.get("Plural-Forms"), f"{lang}/{domain}: no plural rule"
            have = {(e.msgid, e.msgstr or tuple(sorted(e.msgstr_plural.items()))) for e in compiled}
            for e in po.translated_entries():
                text = e.msgstr or tuple(sorted(e.msgstr_plural.items()))
                assert (e.msgid, text) in have, f"{lang}/{domain}.mo is older than its .po"


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> dict[str, set[tuple[str, str]]]:
    """The msgids the code marks, as makemessages finds them, in a copy of the tree."""
    tree = tmp_path_factory.mktemp("tree")
    for part in ("frontend", "spacemission", "games"):
        shutil.copytree(ROOT / part, tree / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "manage.py", tree / "manage.py")
    (tree / "locale").mkdir()
    found = {}
    for domain in DOMAINS:
        subprocess.run(
            [sys.executable, "manage.py", "makemessages", "-l", "xx", "-d", domain],
            cwd=tree,
            check=True,
            capture_output=True,
        )
        po = polib.pofile(str(tree / "locale" / "xx" / "LC_MESSAGES" / f"{domain}.po"))
        found[domain] = {key(e) for e in po if e.msgid}
    return found


@needs_gettext
@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_marked_string_is_in_each_catalogue(extracted, lang, domain):
    have = {key(e) for e in catalogue(lang, domain) if not e.obsolete}
    missing = sorted(extracted[domain] - have)
    assert not missing, f"{lang}/{domain}.po lacks {missing[:10]}"

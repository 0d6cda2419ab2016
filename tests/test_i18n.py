"""The word catalogs: every message translated, placeholders kept, the template up to date."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from client.words import i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "client" / "locale"
# The same keywords as `make i18n`.
KEYWORDS = {
    "_": None,
    "N_": None,
    "C_": ((1, "c"), 2),
    "NN_": (1, 2),
    "CNN_": ((1, "c"), 2, 3),
    "pgettext": ((1, "c"), 2),
    "ngettext": (1, 2),
    "npgettext": ((1, "c"), 2, 3),
    "say": ((1, "c"), 2),
    "say_n": ((1, "c"), 2, 3),
}
TRANSLATED = ("de", "fr")


def catalog(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "jeweltable.po").open("rb") as f:
        return read_po(f, locale=lang)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def messages(lang: str):
    return [m for m in catalog(lang) if m.id]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    missing = [
        m.id
        for m in messages(lang)
        if not m.string or (isinstance(m.string, tuple) and not all(m.string)) or "fuzzy" in m.flags
    ]
    assert missing == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders(lang):
    wrong = []
    for m in messages(lang):
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        # A plural's forms may drop `{n}` where the language spells one out; others may not.
        wanted = set().union(*(fields(i) for i in ids))
        for s in strings:
            got = fields(s)
            if got - wanted or (wanted - got) - {"n"}:
                wrong.append((m.id, s))
    assert wrong == []


def test_the_catalogs_hold_every_string_in_the_code_and_nothing_else():
    in_code = set()
    # The client's words, and the table's talk (shared/talk), which every client says.
    for folder in ("client", "shared"):
        for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT / folder), keywords=KEYWORDS, comment_tags=()
        ):
            ident = message[0] if isinstance(message, tuple) else message
            in_code.add((context, ident))
    for lang in TRANSLATED:
        in_catalog = {
            (m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in messages(lang)
        }
        assert in_code - in_catalog == set(), f"run `make i18n` and translate ({lang})"
        assert in_catalog - in_code == set(), f"run `make i18n` ({lang})"


def test_plural_rules_come_from_the_catalogs():
    assert "nplurals=2; plural=(n > 1)" in catalog("fr").plural_forms
    assert "nplurals=2; plural=(n != 1)" in catalog("de").plural_forms
    try:
        i18n.set_language("fr")
        assert i18n.ngettext("{n} point", "{n} points", 0) == "0 point"
        i18n.set_language("de")
        assert i18n.ngettext("{n} point", "{n} points", 0) == "0 Punkte"
    finally:
        i18n.set_language("en")


def test_a_game_term_takes_its_context():
    term = i18n.C_("quarter place", "Harbour")
    assert isinstance(term, str) and term.context == "quarter place"


CALLS = {"_", "N_", "C_", "NN_", "CNN_", "pgettext", "ngettext", "npgettext"}


def test_no_translated_string_hides_inside_an_f_string():
    """The extractor does not look into f-strings: a message there never reaches a catalog."""
    hidden = []
    for path in (ROOT / "client").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.JoinedStr):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call):
                    func = inner.func
                    name = func.attr if isinstance(func, ast.Attribute) else None
                    name = name or getattr(func, "id", None)
                    if name in CALLS:
                        hidden.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    assert hidden == []


def test_no_hand_written_language_table_is_left():
    """Words live in the catalogs, not in {"en": ..., "de": ..., "fr": ...} dicts."""
    pattern = re.compile(r"\{\s*\"en\":")
    left = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "client").rglob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert left == ["client/words/i18n.py"]  # its language names and thousands separators

"""The client's words: gettext catalogs per language, read with Babel's tools.

English source strings stand in the code. `_("Connect")` gives the sentence in the current
language (set from the settings; the system language by default) with `{fields}` filled in;
`ngettext` and `npgettext` take their plural rule from the catalog; game terms carry a context
(`pgettext("gem", "ruby")`). Tables of words that are chosen at run time are marked with
`N_` (or `C_` with a context, `NN_`/`CNN_` for plurals) and translated where they are shown.
The catalogs live in `client/locale/<lang>/LC_MESSAGES/jeweltable.po`; `make i18n` extracts
the strings and updates them, and the package build compiles them (see setup.py).
"""

from __future__ import annotations

import functools
import gettext
import locale
import os
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

DOMAIN = "jeweltable"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français"}

_language = "en"
_catalog: gettext.NullTranslations = gettext.NullTranslations()


class Term(str):
    """A game term or label marked with its context; translated when shown."""

    context: str

    def __new__(cls, context: str, message: str) -> Term:
        term = super().__new__(cls, message)
        term.context = context
        return term


class Plural(NamedTuple):
    """A counted phrase marked for translation: singular, plural and an optional context."""

    singular: str
    plural: str
    context: str | None = None


def N_(message: str) -> str:
    """Mark `message` for the catalogs; it is translated later, where it is shown."""
    return message


def C_(context: str, message: str) -> Term:
    """Mark a game term with its context for the catalogs; translated where it is shown."""
    return Term(context, message)


def NN_(singular: str, plural: str) -> Plural:
    """Mark a counted phrase for the catalogs; `counted` translates it for a number."""
    return Plural(singular, plural)


def CNN_(context: str, singular: str, plural: str) -> Plural:
    """Mark a counted game term with its context for the catalogs."""
    return Plural(singular, plural, context)


def _fill(text: str, fields: dict[str, object]) -> str:
    return text.format(**fields) if fields else text


def _(message: str, **fields: object) -> str:
    """`message` in the current language, with `fields` filled in (a `Term` keeps its context)."""
    if isinstance(message, Term):
        return _fill(_catalog.pgettext(message.context, message), fields)
    return _fill(_catalog.gettext(message), fields)


def pgettext(context: str, message: str, **fields: object) -> str:
    """`message` as the game term or label `context` says, in the current language."""
    return _fill(_catalog.pgettext(context, message), fields)


def ngettext(singular: str, plural: str, count: int, **fields: object) -> str:
    """The form for `count` by the language's plural rule, with `{n}` (the count, unless
    `fields` give it another spelling) and `fields` filled in."""
    return _fill(_catalog.ngettext(singular, plural, count), {"n": count, **fields})


def npgettext(context: str, singular: str, plural: str, count: int, **fields: object) -> str:
    """`ngettext` for a game term with a context."""
    return _fill(_catalog.npgettext(context, singular, plural, count), {"n": count, **fields})


def counted(phrase: Plural, count: int, **fields: object) -> str:
    """A phrase marked with `NN_`/`CNN_`, in the form for `count`."""
    if phrase.context is None:
        return ngettext(phrase.singular, phrase.plural, count, **fields)
    return npgettext(phrase.context, phrase.singular, phrase.plural, count, **fields)


# Refusals the server names by code, said in the player's language; for any other code the
# server's own sentence (English) is shown.
ERRORS: dict[str, str] = {
    "stale": N_("The table moved on before your move arrived; look again and play."),
    "not_your_turn": N_("It is not your turn."),
    "game_over": N_("The game is over."),
    "password": N_("Wrong password for this table."),
    "seat_taken": N_("Someone took that seat first."),
    "no_seat": N_("This table has no free seat."),
    "not_ready": N_("Every seat must be taken before the start."),
    "not_creator": N_("Only the table's host can do that."),
    "rate_limited": N_("Too many tries in a short time: wait a little, then try again."),
    "storage_full": N_("The server cannot save moves: its disk is full. Try again later."),
    "cannot_undo": N_("That move cannot be taken back now."),
    "muted": N_("The table's host has muted you here."),
    "no_table": N_("That table is not here any more."),
    "not_playing": N_("That game is not being played."),
}


def error_text(code: str, reason: str) -> str:
    """A server refusal for people: translated when its code is a known one."""
    return _(ERRORS[code]) if code in ERRORS else reason


def system_language() -> str:
    """The system's language if we speak it (de, fr), else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        value = os.environ.get(var, "")
        if value:
            code = value.split(":")[0][:2].lower()
            return code if code in LANGUAGES else "en"
    code = (locale.getlocale()[0] or "en")[:2].lower()
    return code if code in LANGUAGES else "en"


def catalog(code: str) -> gettext.NullTranslations:
    """The compiled catalog of language `code` (English needs none)."""
    if code == "en":
        return gettext.NullTranslations()
    mo = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not mo.exists():
        raise FileNotFoundError(
            f"the {LANGUAGES[code]} catalog {mo} is not compiled: run `make i18n` "
            "(installing the package compiles it too)"
        )
    return _compiled(mo, mo.stat().st_mtime_ns)


@functools.lru_cache(maxsize=8)
def _compiled(mo: Path, _mtime_ns: int) -> gettext.GNUTranslations:
    """A compiled catalog read once (a language is set again at every table and every change
    of the setting; reading one is some 5 ms), and read again once it was compiled anew."""
    with mo.open("rb") as f:
        return gettext.GNUTranslations(f)


def set_language(code: str) -> None:
    """Speak `code` from now on (English for a language we do not speak)."""
    global _language, _catalog
    _language = code if code in LANGUAGES else "en"
    _catalog = catalog(_language)


def language() -> str:
    return _language


# Thousands separators: 20,000 · 20.000 · 20 000 (a narrow no-break space in French).
SEPARATORS = {"en": ",", "de": ".", "fr": "\u202f"}


def number(n: int) -> str:
    """A whole number with the language's thousands separator."""
    return f"{n:,}".replace(",", SEPARATORS.get(language(), ","))


def say(line: object, name: Callable[[int], str] | None = None) -> str:
    """A line of the table's talk (shared/talk) in the current language: its catalog message
    with every parameter said first — a number with the language's separators, a nested line,
    a list joined by commas, `{"seat": i}` as `name(i)` (else "seat i+1"), a string as it is."""
    if isinstance(line, dict) and "m" in line:
        args = {key: say(value, name) for key, value in (line.get("a") or {}).items()}
        context, message = line.get("c"), line["m"]
        if "p" in line:
            count = line["a"]["n"]
            if context is None:
                text = _catalog.ngettext(message, line["p"], count)
            else:
                text = _catalog.npgettext(context, message, line["p"], count)
        else:
            text = (
                _catalog.gettext(message)
                if context is None
                else _catalog.pgettext(context, message)
            )
        return _fill(text, args)
    if isinstance(line, dict) and "seat" in line:
        index = line["seat"]
        return name(index) if name is not None else _("seat {n}", n=index + 1)
    if isinstance(line, list):
        return ", ".join(say(item, name) for item in line)
    if isinstance(line, bool) or line is None:
        return ""
    if isinstance(line, int):
        return number(line)
    return str(line)

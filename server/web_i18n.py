"""The browser page's words: the client's gettext catalogs exported as JSON at run time.

`GET /i18n/<lang>.json` gives every translated message of `client/locale/<lang>` (the same
compiled .mo the pygame client reads, so there is no second copy of any translation) and the
catalog's plural rule — all but the rules' own long texts: those (`rules_words`) come with
`GET /i18n/<lang>.rules.json`, which the page fetches when a rules sheet first opens, so the page
stays light (issue 27); and so do the lessons' words (`GET /i18n/<lang>.lessons.json`, fetched
when a lesson begins). The page (client/web/i18n.js) looks messages up by their English source
string, with `context + "\\x04"` in front for a game term, as gettext does. The server reads the
catalogs by path: it never imports the client.
"""

from __future__ import annotations

import gettext
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

DOMAIN = "jeweltable"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "client" / "locale"
LANGUAGES = ("de", "fr")
# A plural rule is C; the page evaluates it as JavaScript, so only its arithmetic may pass.
PLURAL_RULE = re.compile(r"^[n0-9\s()!=<>&|?:%+\-*/]+$")
ROUTE = re.compile(r"^/i18n/([a-z]{2})(\.rules|\.lessons)?\.json$")
# A message of the games' rules (shared/talk `rules`) longer than this many characters is the
# rules' own: it goes with the rules' part of the catalog. Shorter ones (a gem's name, a
# section's title) may also be said at the table, so they stay in the page's part; a test
# checks that no line the table's talk says is left out of it.
RULES_ONLY_LENGTH = 60


class CatalogError(Exception):
    """A catalog that cannot be exported (missing, or with a plural rule we do not trust)."""


def plural_rule(info: dict[str, str]) -> tuple[int, str]:
    """`nplurals` and the `plural=` expression of a catalog's Plural-Forms header."""
    header = info.get("plural-forms", "nplurals=2; plural=(n != 1);")
    match = re.search(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+)", header)
    if match is None or not PLURAL_RULE.match(match.group(2)):
        raise CatalogError(f"unusable Plural-Forms header {header!r}")
    return int(match.group(1)), match.group(2).strip()


def _keys_of(value: Any, longer_than: int = 0) -> set[str]:
    """The catalog keys (`context\\x04msgid`, or the msgid) of every line in `value` (a talk's
    or the rules' lines, nested in maps and lists) whose message is longer than `longer_than`."""
    keys: set[str] = set()
    if isinstance(value, dict):
        if isinstance(value.get("m"), str):
            context = value.get("c")
            for msgid in (value["m"], value.get("p")):
                if isinstance(msgid, str) and len(msgid) > longer_than:
                    keys.add(f"{context}\x04{msgid}" if context else msgid)
        for inner in value.values():
            keys |= _keys_of(inner, longer_than)
    elif isinstance(value, list):
        for inner in value:
            keys |= _keys_of(inner, longer_than)
    return keys


@cache
def rules_words() -> frozenset[str]:
    """The catalog keys of the rules' own long texts: the sections' messages longer than
    RULES_ONLY_LENGTH, but not the goal and the end, which the table's talk says too."""
    from shared import engine, talk

    keys: set[str] = set()
    for game_id in engine.list_games():
        said = talk.rules(game_id)
        if said is not None:
            keys |= _keys_of(said["sections"], RULES_ONLY_LENGTH)
            keys -= _keys_of([said["goal"], said["end"]])
    return frozenset(keys)


def is_lesson_word(key: str) -> bool:
    """Whether a catalog key is a lesson's word (shared/lessons: the context `lesson`, or a
    game's `<game-id>.lesson`): those come apart, when a lesson begins."""
    context, sep, _msgid = key.partition("\x04")
    return bool(sep) and (context == "lesson" or context.endswith(".lesson"))


@cache
def catalog_json(lang: str, part: str = "page") -> bytes:
    """The catalog of `lang` as the page reads it (built once per process): `part` "page",
    everything but the rules' own long texts and the lessons' words; "rules", only the former;
    "lessons", only the latter."""
    if lang not in LANGUAGES:
        raise CatalogError(f"no catalog for {lang!r}; the page speaks en, {', '.join(LANGUAGES)}")
    mo = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not mo.exists():
        raise CatalogError(f"{mo} is not compiled: run `make i18n` (installing compiles it too)")
    with mo.open("rb") as f:
        translation = gettext.GNUTranslations(f)
    nplurals, rule = plural_rule(translation.info())
    messages: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}
    # gettext offers no way to list a catalog, so its parsed table is read directly: plain
    # messages are keyed by msgid, plural forms by (msgid, index), the header by "".
    for key, text in translation._catalog.items():  # type: ignore[attr-defined]
        if isinstance(key, tuple):
            msgid, index = key
            forms = plurals.setdefault(msgid, [""] * nplurals)
            if index < nplurals:
                forms[index] = text
        elif key:
            messages[key] = text
    rules = rules_words()

    def wanted(key: str) -> bool:
        if part == "rules":
            return key in rules
        if part == "lessons":
            return is_lesson_word(key)
        return key not in rules and not is_lesson_word(key)

    messages = {k: v for k, v in messages.items() if wanted(k)}
    plurals = {k: v for k, v in plurals.items() if wanted(k)}
    page = {"lang": lang, "nplurals": nplurals, "plural": rule, "messages": messages}
    page["plurals"] = plurals
    return json.dumps(page, ensure_ascii=False, separators=(",", ":")).encode()


def respond(path: str) -> tuple[int, str, bytes] | None:
    """The answer to a GET of `path` when it is an /i18n/ path: (status, content type, body);
    None for any other path."""
    if not path.startswith("/i18n/"):
        return None
    match = ROUTE.match(path)
    if match is None:
        return 404, "text/plain; charset=utf-8", b"no such catalog\n"
    try:
        part = match.group(2)[1:] if match.group(2) else "page"
        return 200, "application/json; charset=utf-8", catalog_json(match.group(1), part)
    except CatalogError as exc:
        return 404, "text/plain; charset=utf-8", f"{exc}\n".encode()

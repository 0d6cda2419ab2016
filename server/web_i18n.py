"""The browser page's words: the client's gettext catalogs exported as JSON at run time.

`GET /i18n/<lang>.json` gives every translated message of `client/locale/<lang>` (the same
compiled .mo the pygame client reads, so there is no second copy of any translation) and the
catalog's plural rule. The page (client/web/i18n.js) looks messages up by their English source
string, with `context + "\\x04"` in front for a game term, as gettext does. The server reads the
catalogs by path: it never imports the client.
"""

from __future__ import annotations

import gettext
import json
import re
from functools import cache
from pathlib import Path

DOMAIN = "jeweltable"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "client" / "locale"
LANGUAGES = ("de", "fr")
# A plural rule is C; the page evaluates it as JavaScript, so only its arithmetic may pass.
PLURAL_RULE = re.compile(r"^[n0-9\s()!=<>&|?:%+\-*/]+$")
ROUTE = re.compile(r"^/i18n/([a-z]{2})\.json$")


class CatalogError(Exception):
    """A catalog that cannot be exported (missing, or with a plural rule we do not trust)."""


def plural_rule(info: dict[str, str]) -> tuple[int, str]:
    """`nplurals` and the `plural=` expression of a catalog's Plural-Forms header."""
    header = info.get("plural-forms", "nplurals=2; plural=(n != 1);")
    match = re.search(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+)", header)
    if match is None or not PLURAL_RULE.match(match.group(2)):
        raise CatalogError(f"unusable Plural-Forms header {header!r}")
    return int(match.group(1)), match.group(2).strip()


@cache
def catalog_json(lang: str) -> bytes:
    """The catalog of `lang` as the page reads it (built once per process)."""
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
        return 200, "application/json; charset=utf-8", catalog_json(match.group(1))
    except CatalogError as exc:
        return 404, "text/plain; charset=utf-8", f"{exc}\n".encode()

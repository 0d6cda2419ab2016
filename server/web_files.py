"""The browser page's files over HTTP: which file a request path names (nothing outside the
page's folder, no hidden file, no kind of file the page is not made of), and the response that
carries it, gzipped when the browser takes it and it is text worth compressing."""

from __future__ import annotations

import collections
import email.utils
import gzip
import hashlib
import http
import urllib.parse
from pathlib import Path

from websockets.datastructures import Headers
from websockets.http11 import Response

# The page: index.html and its modules, styles, pictures and catalogs (package data).
WEB_ROOT = Path(__file__).resolve().parent.parent / "client" / "web"
# What the page may be made of; any other kind of file is not served.
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    ".txt": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
}


def path_of(target: str) -> str | None:
    """The path part of a request's target, or None when it cannot be parsed (a target such as
    `//w]ws` reads as a broken network location: urllib raises)."""
    try:
        return urllib.parse.urlsplit(target).path
    except ValueError:
        return None


def page_file(path: str, root: Path = WEB_ROOT) -> Path | None:
    """The file of the page a request path names, or None: nothing outside `root`, no folder,
    no hidden file, no kind of file the page is not made of."""
    path = path_of(path)
    if path is None or not path.startswith("/"):
        return None
    parts = urllib.parse.unquote(path).split("/")[1:]
    if parts == [""]:
        parts = ["index.html"]
    elif parts == ["tv"]:
        parts = ["tv.html"]  # the table display for a TV (/tv, /tv?table=ID)
    for part in parts:
        if not part or part.startswith(".") or "\\" in part or "\0" in part:
            return None
    base = root.resolve()
    try:
        found = base.joinpath(*parts).resolve()
    except (OSError, ValueError):
        return None
    if not found.is_relative_to(base) or not found.is_file():
        return None
    if found.suffix.lower() not in CONTENT_TYPES:
        return None
    return found


def file_response(found: Path, accept_encoding: str | None = None) -> Response:
    """A 200 response carrying one file of the page."""
    return bytes_response(
        http.HTTPStatus.OK.value,
        CONTENT_TYPES[found.suffix.lower()],
        found.read_bytes(),
        accept_encoding,
    )


# What is worth compressing: the page's text (its scripts, styles and catalogs are four fifths
# text the size they would be gzipped), not images or fonts, which are compressed already.
COMPRESSIBLE = ("text/", "application/json", "application/manifest+json", "image/svg+xml")
# Below this a compressed body saves less than its headers cost.
GZIP_FROM = 1024
# Bodies compressed once, by their SHA-1: the page is the same few dozen files for every phone.
_gzipped: collections.OrderedDict[bytes, bytes] = collections.OrderedDict()
GZIP_CACHE = 128


def takes_gzip(accept_encoding: str | None) -> bool:
    """Whether a request's Accept-Encoding takes gzip (RFC 9110: `gzip`, or `*`, with a q-value
    other than 0)."""
    if not accept_encoding:
        return False
    said: dict[str, float] = {}
    for item in accept_encoding.split(","):
        name, _, params = item.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        said[name.strip().lower()] = q
    return said.get("gzip", said.get("*", 0.0)) > 0


def gzipped(body: bytes) -> bytes:
    """`body` gzipped (kept for the next request of the same bytes)."""
    key = hashlib.sha1(body).digest()
    found = _gzipped.get(key)
    if found is None:
        found = gzip.compress(body, compresslevel=6, mtime=0)
        _gzipped[key] = found
        if len(_gzipped) > GZIP_CACHE:
            _gzipped.popitem(last=False)
    else:
        _gzipped.move_to_end(key)
    return found


def bytes_response(
    status: int, content_type: str, body: bytes, accept_encoding: str | None = None
) -> Response:
    """A response carrying `body` (a file of the page, or a catalog from server.web_i18n),
    gzipped when the browser takes it and it is text worth compressing."""
    encoding: list[tuple[str, str]] = []
    if content_type.startswith(COMPRESSIBLE):
        encoding.append(("Vary", "Accept-Encoding"))
        if len(body) >= GZIP_FROM and takes_gzip(accept_encoding):
            body = gzipped(body)
            encoding.append(("Content-Encoding", "gzip"))
    headers = Headers(
        [
            ("Date", email.utils.formatdate(usegmt=True)),
            ("Connection", "close"),
            ("Content-Length", str(len(body))),
            ("Content-Type", content_type),
            *encoding,
            # The page changes with the server: a phone asks again rather than keep a stale copy.
            ("Cache-Control", "no-cache"),
            ("X-Content-Type-Options", "nosniff"),
        ]
    )
    return Response(status, http.HTTPStatus(status).phrase, headers, body)

"""The server's terminal log of the evening: one line a fact.

People in and out, tables made and started, results, standings, the host's hand on a table:
each is one line on the server's console, `HH:MM:SS text` for the host to read, or (with
`--log-json`) one JSON object a line for machines, {"at": ISO time, "fact": kind, ...fields}.
`--quiet` silences it (the start banner and warnings stay).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any, TextIO


class Chronicle:
    """Where the evening's facts are written, and how."""

    def __init__(
        self, stream: TextIO | None = None, *, json_lines: bool = False, quiet: bool = False
    ) -> None:
        self.stream = stream
        self.json_lines = json_lines
        self.quiet = quiet

    def fact(self, kind: str, text: str, **fields: Any) -> None:
        """Write one fact: `text` for people, `kind` and `fields` for machines."""
        if self.quiet:
            return
        now = time.time()
        if self.json_lines:
            stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(now))
            line = json.dumps({"at": stamp, "fact": kind, **fields}, ensure_ascii=False)
        else:
            line = f"{time.strftime('%H:%M:%S', time.localtime(now))} {text}"
        out = self.stream or sys.stdout
        print(line, file=out, flush=True)

"""The pygame client and the `jeweltable` command."""

import os

# The pygame banner is noise in a terminal program and in test logs.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

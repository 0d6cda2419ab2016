"""Pictures made from the client's own drawing: `jeweltable screenshot` (screenshot) and the
browser page's home-screen icons (web_icons)."""

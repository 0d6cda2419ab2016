"""The client's words: the gettext catalogs (i18n), and the browser page's own words marked for
`make i18n` (web, web_room)."""

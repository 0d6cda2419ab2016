"""The browser page's own words (client/web/), marked here so that `make i18n` puts them in the
catalogs the page reads through /i18n/<lang>.json (server/web_i18n.py).

The page's modules call `_("…")`, `pgettext(context, "…")`, `ngettext` and `npgettext` with the
same English strings; tests/test_web_page.py checks that every one of them is in the catalogs.
Strings the page shares with the pygame client (game terms, log sentences) are marked there.
"""

from client.i18n import C_, N_, NN_

WORDS = (
    N_("The table was closed."),
    N_("Reconnecting…"),
    N_("Take them back here"),
    N_("Type your name to sit at a table."),
    N_("Tables"),
    N_("No tables yet."),
    N_("Players"),
    N_("Play against bots"),
    N_("Waiting for {names}"),
    N_("Fill the empty seats with bots"),
    N_("Guest"),
    N_("Your best necklace: {gems} · {value}"),
    C_("das-kollier", "Open at {price}"),
    C_("das-kollier", "Bid {amount}"),
    N_("Tap a glowing plaque."),
    # The table's talk (talk.js): a move with a warning asks for a second tap.
    N_("{move} — tap again"),
    # Saba – Palast der Königin (games/saba-palast.js)
    C_("saba-palast.board", "Arch {field}"),
    C_("saba-palast.board", "Fountain {field}"),
    C_("saba-palast.board", "Column {field}"),
    C_("saba-palast.board", "Treasury {n}"),
    C_("saba-palast.board", "Deck {n}"),
    C_("saba-palast.board", "Building fields"),
    C_("saba-palast.board", "End"),
    C_("saba-palast.board", "Palace garden"),
    C_("saba-palast.board", "Quarters"),
    C_("saba-palast.board", "My tray"),
    C_("saba-palast.board", "no action cards"),
    C_("saba-palast.board", "Figures: {figures} · serail markers: {markers}"),
    C_("saba-palast.board", "{n} points"),
    C_("saba-palast.button", "Back"),
    C_("saba-palast.button", "Build {card}"),
    C_("saba-palast.button", "Harbour field {field}: {count} {material}"),
    C_("saba-palast.button", "then choose the palace card to remove"),
    C_("saba-palast.button", "then choose the vizier's new quarter"),
    C_("saba-palast.button", "then choose where the figure comes from"),
    C_("saba-palast.button", "Move a quarter figure"),
    # The table display (tv.js).
    N_("Table display"),
    N_("Pick a table to show on this screen."),
    N_("Table #{id}"),
    N_("There is no table #{id} here; pick another."),
    N_("Next game: waiting for {names}"),
    C_("kette-von-saba", "The necklace"),
    C_("kette-von-saba", "Whole necklace"),
    NN_("Deck: {n} card", "Deck: {n} cards"),
    N_("Tap a card of your hand, then sell it"),
    C_("kette-von-saba", "auctioneer"),
    C_("kette-von-saba", "Your purse: {amount}"),
    C_("kette-von-saba", "No cards in hand"),
    C_("kette-von-saba.button", "Sell {card}"),
    N_("Lay it here: +{amount}"),
    C_("kette-von-saba.button", "Another place"),
    NN_("Tap the marked place on the necklace", "Tap one of the {n} marked places on the necklace"),
    # At the table together (social.js); its other words are client/scenes/chat.py's.
    N_("Send"),
)

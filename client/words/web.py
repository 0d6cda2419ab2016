"""The browser page's own words (client/web/), marked here so that `make i18n` puts them in the
catalogs the page reads through /i18n/<lang>.json (server/web_i18n.py).

The page's modules call `_("…")`, `pgettext(context, "…")`, `ngettext` and `npgettext` with the
same English strings; tests/test_web_page.py checks that every one of them is in the catalogs.
Strings the page shares with the pygame client (game terms, log sentences) are marked there.
"""

from client.words.i18n import C_, CNN_, N_, NN_

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
    # "Learn to play": the lobby's lessons and a lesson's step above the board (app.js).
    N_("Learn to play"),
    N_("A short guided game: you make every move, and each rule is told when it first matters."),
    N_("Step {n} of {count}"),
    N_("Lesson done"),
    N_("Play a real game"),
    # The New table (newtable.js), the host's waiting room, and the phone at the table
    # (attable.js): the name's OK, the buzz, and what leaving does to the seat.
    N_("Spectators chat with the players"),
    N_("Clock, stand-in bots, undo, chat, password"),
    N_("Your table waits for its players"),
    N_("OK"),
    N_("Vibrate on my turn"),
    N_("A bot plays your seat until someone sits there. You can take it back from the lobby."),
    N_(
        "Your seat stays empty: when its time runs out a bot moves for it. "
        "You can take it back from the lobby."
    ),
    N_("Your seat stays empty and the game waits for it. You can take it back from the lobby."),
    # Das Kollier (games/das-kollier.js): the board, the payment put together by hand, and a
    # bid beyond what the engine lists (its warning is the table's talk).
    C_("das-kollier", "highest bid: {name}"),
    C_("das-kollier", "{name} pays {price}"),
    C_("das-kollier", "Cash: {amount}"),
    C_("das-kollier", "Bid {amount}"),
    N_("Tap a glowing plaque."),
    # The table's talk (talk.js): a move with a warning asks for a second tap.
    N_("{move} — tap again"),
    N_("Tap it again to play it."),
    # Saba – Palast der Königin (games/saba-palast.js)
    # Its terms are defined once in shared/talk/saba_palast/terms.py (the talk says them, its log
    # too); the page draws them by the same catalog messages.
    C_("saba-palast.material", "alabaster"),
    C_("saba-palast.material", "sandstone"),
    C_("saba-palast.material", "ebony"),
    C_("saba-palast.material", "gold"),
    C_("saba-palast.quarter", "Stone-masons"),
    C_("saba-palast.quarter", "Masons"),
    C_("saba-palast.quarter", "Car-penters"),
    C_("saba-palast.quarter", "Gold-smiths"),
    C_("saba-palast.quarter", "Ex-change"),
    C_("saba-palast.quarter", "Bazaar"),
    C_("saba-palast.card-object", "the arch for garden field {field}"),
    C_("saba-palast.card-object", "the fountain for garden field {field}"),
    C_("saba-palast.card-object", "the column for garden field {field}"),
    C_("saba-palast.card-object", "treasury card {n}"),
    C_("saba-palast.card-object", "the end card"),
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
    C_("kette-von-saba", "No cards in hand"),
    C_("kette-von-saba", "Other amounts"),
    N_("Pick a card, then a glowing space"),
    # Its hand and the card on sale name cards themselves (the log is the talk's); the same
    # terms as the talk's (shared/talk/kette_von_saba/words.py).
    CNN_("kette-von-saba.card", "{n} ruby", "{n} rubies"),
    CNN_("kette-von-saba.card", "{n} emerald", "{n} emeralds"),
    CNN_("kette-von-saba.card", "{n} sapphire", "{n} sapphires"),
    CNN_("kette-von-saba.card", "{n} pearl", "{n} pearls"),
    CNN_("kette-von-saba.card", "{n} amethyst", "{n} amethysts"),
    C_("kette-von-saba.card", "a lion head"),
    C_("kette-von-saba.button", "Another place"),
    NN_("Tap the marked place on the necklace", "Tap one of the {n} marked places on the necklace"),
    # At the table together (social.js); its other words are client/scenes/chat.py's.
    N_("Send"),
    # A hand on idle seats (hands.js); its other words are client/scenes/hands.py's.
    N_("Leave the seat open for anyone? (Cancel: a bot plays it)"),
    # Pass and play on one device (newtable.js, passplay.js) and the table's name; the curtain's
    # words are client/scenes/table_chrome.py's.
    N_("{name}, your turn"),
    N_("Who plays seat {n}?"),
    N_("Pass and play: this device goes round, each “me” seat in turn."),
    # Everyone at the table (prefs.js, the lobby's settings; the plaques' labels for a screen
    # reader and the keys).
    N_("Reduce motion"),
    N_("Text size"),
    C_("magie-des-bijoux", "The plaques (arrows move between them)"),
    CNN_("magie-des-bijoux", "{n} free setting", "{n} free settings"),
)

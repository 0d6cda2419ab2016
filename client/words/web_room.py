"""The words of the room on the browser screens (client/web/room.js, tvroom.js and the TV's
modes in tv.js), marked here so that `make i18n` puts them in the catalogs the page reads. The
standings' words the pygame lobby says too are marked where it says them
(client/scenes/standings.py)."""

from client.words.i18n import C_, N_, NN_

WORDS = (
    # The standings as a table, and the TV's page of them.
    N_("Rating"),
    N_("Overall"),
    N_("Standings"),
    N_("No evening yet"),
    N_("The host has not opened an evening on this server."),
    NN_("{points} point", "{points} points"),
    # The TV's overview of every table, and its modes.
    N_("The room"),
    N_("All tables"),
    N_("Cycle through the tables"),
    N_("Page {n} of {count}"),
    N_("Paused"),
    N_("Waiting for players: {n} of {count} seats taken"),
    N_("{names} wins!"),
    N_("waiting for"),
    # Places, as the standing line says them (place 1 on its own: French says "1er", "21e").
    C_("place", "1st"),
    C_("place", "{n}st"),
    C_("place", "{n}nd"),
    C_("place", "{n}rd"),
    C_("place", "{n}th"),
)

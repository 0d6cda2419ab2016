"""UI text in English, German and French.

`t(key, **fields)` gives the sentence for the current language (set from the settings; the
system language by default). Game renderers keep their own sentences in the same shape and pick
one with `pick`.
"""

from __future__ import annotations

import locale
import os

LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français"}

_language = "en"

TEXTS: dict[str, dict[str, str]] = {
    # start screen
    "app.title": {"en": "Jewel Table", "de": "Juwelentisch", "fr": "Table aux bijoux"},
    "app.tagline": {
        "en": "Four jewel games at one table",
        "de": "Vier Juwelenspiele an einem Tisch",
        "fr": "Quatre jeux de bijoux à une table",
    },
    "start.servers": {
        "en": "Tables on your network",
        "de": "Tische in deinem Netzwerk",
        "fr": "Tables sur votre réseau",
    },
    "start.searching": {
        "en": "Looking for servers…",
        "de": "Suche nach Servern…",
        "fr": "Recherche de serveurs…",
    },
    "start.server_line": {
        "en": "{tables} open tables · {games}",
        "de": "{tables} offene Tische · {games}",
        "fr": "{tables} tables ouvertes · {games}",
    },
    "start.server_line_one": {
        "en": "1 open table · {games}",
        "de": "1 offener Tisch · {games}",
        "fr": "1 table ouverte · {games}",
    },
    "start.address": {
        "en": "host:port, e.g. 192.168.1.20",
        "de": "Host:Port, z. B. 192.168.1.20",
        "fr": "hôte:port, p. ex. 192.168.1.20",
    },
    "start.connect": {"en": "Connect", "de": "Verbinden", "fr": "Se connecter"},
    "start.host": {"en": "Host a game", "de": "Spiel eröffnen", "fr": "Héberger une partie"},
    "start.settings": {"en": "Settings", "de": "Einstellungen", "fr": "Réglages"},
    "start.quit": {"en": "Quit", "de": "Beenden", "fr": "Quitter"},
    "start.connecting": {
        "en": "Connecting to {address}…",
        "de": "Verbinde mit {address}…",
        "fr": "Connexion à {address}…",
    },
    "start.hosting": {
        "en": "Starting a server on this computer…",
        "de": "Starte einen Server auf diesem Rechner…",
        "fr": "Démarrage d'un serveur sur cet ordinateur…",
    },
    "start.host_failed": {
        "en": "Could not start a server: {reason}",
        "de": "Server konnte nicht starten: {reason}",
        "fr": "Impossible de démarrer un serveur : {reason}",
    },
    "start.bad_address": {
        "en": "Type an address like 192.168.1.20 or 192.168.1.20:7766",
        "de": "Gib eine Adresse wie 192.168.1.20 oder 192.168.1.20:7766 ein",
        "fr": "Saisissez une adresse comme 192.168.1.20 ou 192.168.1.20:7766",
    },
    "start.players": {
        "en": "{lo}–{hi} players",
        "de": "{lo}–{hi} Spieler",
        "fr": "{lo} à {hi} joueurs",
    },
    # settings
    "settings.title": {"en": "Settings", "de": "Einstellungen", "fr": "Réglages"},
    "settings.name": {"en": "Your name", "de": "Dein Name", "fr": "Votre nom"},
    "settings.language": {"en": "Language", "de": "Sprache", "fr": "Langue"},
    "settings.display": {
        "en": "Table display (large type, no controls)",
        "de": "Tischanzeige (große Schrift, keine Bedienung)",
        "fr": "Affichage de table (grands caractères, sans commandes)",
    },
    "settings.fullscreen": {
        "en": "Fullscreen (F11)",
        "de": "Vollbild (F11)",
        "fr": "Plein écran (F11)",
    },
    "common.on": {"en": "on", "de": "an", "fr": "oui"},
    "common.off": {"en": "off", "de": "aus", "fr": "non"},
    "common.done": {"en": "Done", "de": "Fertig", "fr": "Terminé"},
    "common.cancel": {"en": "Cancel", "de": "Abbrechen", "fr": "Annuler"},
    "common.back": {"en": "Back", "de": "Zurück", "fr": "Retour"},
    "common.close": {"en": "Close", "de": "Schließen", "fr": "Fermer"},
    # connection
    "conn.connecting": {"en": "Connecting…", "de": "Verbinde…", "fr": "Connexion…"},
    "conn.reconnecting": {
        "en": "Connection lost — reconnecting…",
        "de": "Verbindung verloren — verbinde neu…",
        "fr": "Connexion perdue — reconnexion…",
    },
    "conn.resynced": {
        "en": "Reconnected — the table is up to date",
        "de": "Wieder verbunden — der Tisch ist aktuell",
        "fr": "Reconnecté — la table est à jour",
    },
    "conn.failed": {
        "en": "Could not connect: {reason}",
        "de": "Keine Verbindung: {reason}",
        "fr": "Connexion impossible : {reason}",
    },
    "conn.closed": {
        "en": "The server closed the connection: {reason}",
        "de": "Der Server hat die Verbindung beendet: {reason}",
        "fr": "Le serveur a fermé la connexion : {reason}",
    },
    # lobby
    "lobby.title": {"en": "Lobby", "de": "Lobby", "fr": "Salon"},
    "lobby.create": {"en": "New table", "de": "Neuer Tisch", "fr": "Nouvelle table"},
    "lobby.no_tables": {
        "en": "No tables yet — create one.",
        "de": "Noch keine Tische — eröffne einen.",
        "fr": "Pas encore de table — créez-en une.",
    },
    "lobby.sit": {"en": "Sit here", "de": "Hinsetzen", "fr": "S'asseoir"},
    "lobby.watch": {"en": "Watch", "de": "Zuschauen", "fr": "Regarder"},
    "lobby.start": {"en": "Start", "de": "Starten", "fr": "Commencer"},
    "lobby.leave": {"en": "Leave", "de": "Verlassen", "fr": "Quitter"},
    "lobby.open_seat": {"en": "open seat", "de": "freier Platz", "fr": "place libre"},
    "lobby.bot": {"en": "bot", "de": "Bot", "fr": "robot"},
    "lobby.waiting": {"en": "waiting", "de": "wartet", "fr": "en attente"},
    "lobby.playing": {"en": "playing", "de": "läuft", "fr": "en cours"},
    "lobby.over": {"en": "finished", "de": "beendet", "fr": "terminée"},
    "lobby.locked": {"en": "password", "de": "Passwort", "fr": "mot de passe"},
    "lobby.spectators": {"en": "{n} watching", "de": "{n} schauen zu", "fr": "{n} spectateurs"},
    "lobby.disconnect": {"en": "Disconnect", "de": "Trennen", "fr": "Déconnecter"},
    "lobby.open": {"en": "Open table", "de": "Zum Tisch", "fr": "Ouvrir la table"},
    # create-table dialog
    "create.title": {"en": "New table", "de": "Neuer Tisch", "fr": "Nouvelle table"},
    "create.game": {"en": "Game", "de": "Spiel", "fr": "Jeu"},
    "create.seats": {"en": "Seats", "de": "Plätze", "fr": "Places"},
    "create.seat": {"en": "Seat {n}", "de": "Platz {n}", "fr": "Place {n}"},
    "create.me": {"en": "me", "de": "ich", "fr": "moi"},
    "create.human": {"en": "open for a person", "de": "frei für Menschen", "fr": "libre (humain)"},
    "create.bot": {"en": "bot", "de": "Bot", "fr": "robot"},
    "create.level.basic": {"en": "bot (basic)", "de": "Bot (einfach)", "fr": "robot (simple)"},
    "create.level.strong": {"en": "bot (strong)", "de": "Bot (stark)", "fr": "robot (fort)"},
    "create.level.random": {"en": "bot (random)", "de": "Bot (Zufall)", "fr": "robot (au hasard)"},
    "create.takeover": {
        "en": "Bots stand in for absent players",
        "de": "Bots spielen für abwesende Spieler",
        "fr": "Des robots jouent pour les absents",
    },
    "create.password": {
        "en": "Password (optional)",
        "de": "Passwort (optional)",
        "fr": "Mot de passe (facultatif)",
    },
    "create.create": {"en": "Create table", "de": "Tisch eröffnen", "fr": "Créer la table"},
    "create.hint": {
        "en": "Tap a seat to change it. “me” seats are played on this device (hot-seat).",
        "de": "Tippe auf einen Platz, um ihn zu ändern."
        " „ich“-Plätze spielt dieses Gerät (Hot-Seat).",
        "fr": "Touchez une place pour la changer. Les places « moi » se jouent sur cet appareil.",
    },
    "create.auto": {"en": "auto", "de": "auto", "fr": "auto"},
    "create.random": {"en": "random", "de": "zufällig", "fr": "au hasard"},
    # table
    "table.your_turn": {"en": "Your turn", "de": "Du bist am Zug", "fr": "À vous de jouer"},
    "table.turn_of": {"en": "{name}'s turn", "de": "{name} ist am Zug", "fr": "Au tour de {name}"},
    "table.waiting": {
        "en": "Waiting for the host to start",
        "de": "Warte auf den Start",
        "fr": "En attente du départ",
    },
    "table.over": {"en": "Game over", "de": "Spielende", "fr": "Partie terminée"},
    "table.help": {"en": "Rules", "de": "Regeln", "fr": "Règles"},
    "table.log": {"en": "Game log", "de": "Spielverlauf", "fr": "Journal"},
    "table.leave": {"en": "Leave", "de": "Verlassen", "fr": "Quitter"},
    "table.spectating": {"en": "Watching", "de": "Zuschauer", "fr": "Spectateur"},
    "table.you": {"en": "you", "de": "du", "fr": "vous"},
    "table.offline": {"en": "away", "de": "weg", "fr": "absent"},
    "table.stand_in": {"en": "a bot plays", "de": "ein Bot spielt", "fr": "un robot joue"},
    "table.bot": {"en": "bot", "de": "Bot", "fr": "robot"},
    "table.open": {"en": "open seat", "de": "freier Platz", "fr": "place libre"},
    "table.refused": {
        "en": "Refused: {reason}",
        "de": "Abgelehnt: {reason}",
        "fr": "Refusé : {reason}",
    },
    "table.not_a_target": {
        "en": "That is not a legal place",
        "de": "Dort ist kein erlaubter Platz",
        "fr": "Ce n'est pas un emplacement permis",
    },
    "table.moves": {"en": "Moves", "de": "Züge", "fr": "Coups"},
    "table.curtain": {
        "en": "Pass the device to {name}",
        "de": "Gib das Gerät an {name} weiter",
        "fr": "Passez l'appareil à {name}",
    },
    "table.curtain_tap": {
        "en": "{name}: tap when only you can see the screen",
        "de": "{name}: tippe, wenn nur du den Bildschirm siehst",
        "fr": "{name} : touchez l'écran quand vous seul le voyez",
    },
    "results.title": {"en": "Results", "de": "Ergebnis", "fr": "Résultats"},
    "results.winner": {"en": "{names} wins!", "de": "{names} gewinnt!", "fr": "{names} gagne !"},
    "results.winners": {
        "en": "{names} share the win!",
        "de": "{names} teilen sich den Sieg!",
        "fr": "{names} partagent la victoire !",
    },
    "results.nobody": {"en": "Nobody wins", "de": "Niemand gewinnt", "fr": "Personne ne gagne"},
    "results.points": {"en": "{n} points", "de": "{n} Punkte", "fr": "{n} points"},
    "results.lobby": {"en": "Back to the lobby", "de": "Zurück zur Lobby", "fr": "Retour au salon"},
    "results.board": {"en": "Look at the board", "de": "Brett ansehen", "fr": "Voir le plateau"},
    "log.game_over": {
        "en": "The game is over.",
        "de": "Das Spiel ist aus.",
        "fr": "La partie est finie.",
    },
    "log.moved": {"en": "{name} moved.", "de": "{name} hat gezogen.", "fr": "{name} a joué."},
    "help.generic": {
        "en": "This game has no drawn table yet: the buttons list every legal move.",
        "de": "Für dieses Spiel gibt es noch keinen gezeichneten Tisch:"
        " Die Knöpfe zeigen jeden erlaubten Zug.",
        "fr": "Ce jeu n'a pas encore de table dessinée : les boutons donnent chaque coup permis.",
    },
    "error.no_display": {
        "en": "jeweltable: no display found ({reason}). Run it on a desktop, or use"
        " `jeweltable screenshot` / `jeweltable play --headless` without a screen.",
        "de": "jeweltable: kein Bildschirm gefunden ({reason}).",
        "fr": "jeweltable : aucun écran trouvé ({reason}).",
    },
}


# Refusals the server names by code, said in the player's language; for any other code the
# server's own sentence (English) is shown.
ERRORS: dict[str, dict[str, str]] = {
    "stale": {
        "en": "The table moved on before your move arrived; look again and play.",
        "de": "Der Tisch war schon weiter, als dein Zug ankam; sieh nochmal hin.",
        "fr": "La table a avancé avant l'arrivée de votre coup ; regardez à nouveau.",
    },
    "not_your_turn": {
        "en": "It is not your turn.",
        "de": "Du bist nicht am Zug.",
        "fr": "Ce n'est pas votre tour.",
    },
    "game_over": {
        "en": "The game is over.",
        "de": "Das Spiel ist aus.",
        "fr": "La partie est finie.",
    },
    "password": {
        "en": "Wrong password for this table.",
        "de": "Falsches Passwort für diesen Tisch.",
        "fr": "Mauvais mot de passe pour cette table.",
    },
    "seat_taken": {
        "en": "Someone took that seat first.",
        "de": "Jemand war schneller auf diesem Platz.",
        "fr": "Quelqu'un a pris cette place avant vous.",
    },
    "no_seat": {
        "en": "This table has no free seat.",
        "de": "An diesem Tisch ist kein Platz frei.",
        "fr": "Cette table n'a plus de place libre.",
    },
    "not_ready": {
        "en": "Every seat must be taken before the start.",
        "de": "Vor dem Start müssen alle Plätze besetzt sein.",
        "fr": "Toutes les places doivent être prises avant de commencer.",
    },
    "not_creator": {
        "en": "Only the table's host can do that.",
        "de": "Das kann nur, wer den Tisch eröffnet hat.",
        "fr": "Seul l'hôte de la table peut faire cela.",
    },
}


def error_text(code: str, reason: str) -> str:
    """A server refusal for people: translated when its code is a known one."""
    return pick(ERRORS[code]) if code in ERRORS else reason


def system_language() -> str:
    """The system's language if we speak it (de, fr), else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        value = os.environ.get(var, "")
        if value:
            code = value.split(":")[0][:2].lower()
            return code if code in LANGUAGES else "en"
    code = (locale.getlocale()[0] or "en")[:2].lower()
    return code if code in LANGUAGES else "en"


def set_language(code: str) -> None:
    global _language
    _language = code if code in LANGUAGES else "en"


def language() -> str:
    return _language


def pick(table: dict[str, str], **fields: object) -> str:
    """The current language's entry of `table` (English if missing), with `fields` filled in."""
    template = table.get(_language) or table["en"]
    return template.format(**fields) if fields else template


def t(key: str, **fields: object) -> str:
    """The UI sentence `key` in the current language."""
    return pick(TEXTS[key], **fields)


# Thousands separators: 20,000 · 20.000 · 20 000 (a narrow no-break space in French).
SEPARATORS = {"en": ",", "de": ".", "fr": "\u202f"}


def number(n: int) -> str:
    """A whole number with the language's thousands separator."""
    return f"{n:,}".replace(",", SEPARATORS.get(language(), ","))

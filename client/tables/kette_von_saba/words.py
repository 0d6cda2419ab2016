"""What Die Kette von Saba's table says, in English, German and French: card names, money, log
sentences, labels on the table and the rules help (in our own words)."""

from __future__ import annotations

from collections.abc import Callable

from client import i18n
from client.tables.base import Event, View
from client.tables.kette_von_saba.layout import JOKER

# Singular and plural of each stone type, by language.
STONE_NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "rubin": {"en": ("ruby", "rubies"), "de": ("Rubin", "Rubine"), "fr": ("rubis", "rubis")},
    "smaragd": {
        "en": ("emerald", "emeralds"),
        "de": ("Smaragd", "Smaragde"),
        "fr": ("émeraude", "émeraudes"),
    },
    "saphir": {
        "en": ("sapphire", "sapphires"),
        "de": ("Saphir", "Saphire"),
        "fr": ("saphir", "saphirs"),
    },
    "perle": {"en": ("pearl", "pearls"), "de": ("Perle", "Perlen"), "fr": ("perle", "perles")},
    "amethyst": {
        "en": ("amethyst", "amethysts"),
        "de": ("Amethyst", "Amethyste"),
        "fr": ("améthyste", "améthystes"),
    },
}

JOKER_NAME = {"en": "a lion head", "de": "Löwenkopf", "fr": "une tête de lion"}
JOKER_AS = {
    "en": "a lion head (as {piece})",
    "de": "Löwenkopf (als {piece})",
    "fr": "une tête de lion (pour {piece})",
}


def money(amount: int) -> str:
    """An amount of marks with the language's thousands separator."""
    return i18n.number(amount)


def card_name(card: str) -> str:
    """A card in words: "3 rubies", "1 Perle", "une tête de lion"."""
    if card == JOKER:
        return i18n.pick(JOKER_NAME)
    stone, count = card.rsplit("-", 1)
    singular, plural = _stone(stone)
    return f"{count} {singular if count == '1' else plural}"


def _stone(stone: str) -> tuple[str, str]:
    names = STONE_NAMES[stone]
    return names.get(i18n.language()) or names["en"]


def laid_name(card: str, piece: str) -> str:
    """A laid card in words; a joker says which piece it stands for."""
    if card == JOKER:
        return i18n.pick(JOKER_AS, piece=card_name(piece))
    return card_name(card)


EVENT_TEXT: dict[str, dict[str, str]] = {
    "card_offered": {
        "en": "{name} puts {card} up for auction.",
        "de": "{name} versteigert: {card}.",
        "fr": "{name} met aux enchères : {card}.",
    },
    "deck_round_without_draw": {
        "en": "A whole round without a card from the deck: {name} auctions its top card, {card}.",
        "de": "Eine Runde ohne Karte vom Stapel: {name} versteigert die oberste, {card}.",
        "fr": "Un tour sans carte de la pioche : {name} vend celle du dessus, {card}.",
    },
    "deck_empty_hand": {
        "en": "{name} has no cards and auctions the top card of the deck, {card}.",
        "de": "{name} hat keine Karten und versteigert die oberste vom Stapel: {card}.",
        "fr": "{name} n'a plus de cartes et vend celle du dessus de la pioche : {card}.",
    },
    "bid": {
        "en": "{name} bids {amount}.",
        "de": "{name} bietet {amount}.",
        "fr": "{name} offre {amount}.",
    },
    "passed": {"en": "{name} passes.", "de": "{name} passt.", "fr": "{name} passe."},
    "passed_forced": {
        "en": "{name} cannot raise and passes.",
        "de": "{name} kann nicht erhöhen und passt.",
        "fr": "{name} ne peut pas surenchérir et passe.",
    },
    "no_bid": {
        "en": "Nobody bids.",
        "de": "Niemand bietet.",
        "fr": "Personne n'enchérit.",
    },
    "bidding_closed": {
        "en": "The bidding closes at {amount} ({name}).",
        "de": "Das Bieten endet bei {amount} ({name}).",
        "fr": "Les enchères s'arrêtent à {amount} ({name}).",
    },
    "reserve_named": {
        "en": "{name} will not sell below {amount}.",
        "de": "{name} verlangt mindestens {amount}.",
        "fr": "{name} ne vend pas à moins de {amount}.",
    },
    "reserve_accepted": {
        "en": "{name} accepts the price of {amount}.",
        "de": "{name} nimmt den Preis von {amount} an.",
        "fr": "{name} accepte le prix de {amount}.",
    },
    "reserve_declined": {
        "en": "{name} declines.",
        "de": "{name} lehnt ab.",
        "fr": "{name} refuse.",
    },
    "reserve_declined_forced": {
        "en": "{name} cannot pay that much.",
        "de": "{name} kann so viel nicht zahlen.",
        "fr": "{name} ne peut pas payer autant.",
    },
    "reserve_refused": {
        "en": "Nobody pays the price: the card stays unsold.",
        "de": "Niemand zahlt den Preis: Die Karte bleibt unverkauft.",
        "fr": "Personne ne paie ce prix : la carte reste invendue.",
    },
    "sold": {
        "en": "{seller} sells {card} to {buyer} for {amount}.",
        "de": "{seller} verkauft an {buyer} für {amount}: {card}.",
        "fr": "{seller} vend à {buyer} pour {amount} : {card}.",
    },
    "kept": {
        "en": "{name} takes {card} into hand.",
        "de": "{name} nimmt auf die Hand: {card}.",
        "fr": "{name} garde en main : {card}.",
    },
    "placed": {
        "en": "{name} lays {card} on the necklace and earns {amount}.",
        "de": "{name} legt an die Kette und erhält {amount}: {card}.",
        "fr": "{name} pose sur le collier et reçoit {amount} : {card}.",
    },
    "placed_free": {
        "en": "{name} lays {card} on the necklace, without reward.",
        "de": "{name} legt ohne Belohnung an die Kette: {card}.",
        "fr": "{name} pose sur le collier, sans récompense : {card}.",
    },
    "joker_returned": {
        "en": "The lion head fits nowhere yet and goes back to {name}.",
        "de": "Der Löwenkopf passt noch nirgends und geht zurück an {name}.",
        "fr": "La tête de lion ne va encore nulle part et revient à {name}.",
    },
    "forgery": {
        "en": "{name} sets a forgery aside: {card}.",
        "de": "{name} legt eine Fälschung beiseite: {card}.",
        "fr": "{name} met un faux de côté : {card}.",
    },
    "drew": {
        "en": "{name} buys the top card of the deck for {amount}.",
        "de": "{name} kauft die oberste Karte des Stapels für {amount}.",
        "fr": "{name} achète la carte du dessus de la pioche pour {amount}.",
    },
    "drew_seen": {
        "en": "{name} buys the top card of the deck for {amount}: {card}.",
        "de": "{name} kauft die oberste Karte des Stapels für {amount}: {card}.",
        "fr": "{name} achète la carte du dessus de la pioche pour {amount} : {card}.",
    },
    "reconstruction_begins": {
        "en": "The deck is empty. Stage 2: {name}, the richest, begins to rebuild the necklace.",
        "de": "Der Stapel ist leer. Phase 2: {name}, am reichsten, beginnt den Wiederaufbau.",
        "fr": "La pioche est vide. Phase 2 : {name}, le plus riche, commence la reconstitution.",
    },
    "necklace_full": {
        "en": "The necklace is complete: the game is over.",
        "de": "Die Kette ist vollständig: Das Spiel ist aus.",
        "fr": "Le collier est complet : la partie est finie.",
    },
    "no_card_fits": {
        "en": "No card held fits the necklace any more: the game is over.",
        "de": "Keine Karte auf der Hand passt mehr an die Kette: Das Spiel ist aus.",
        "fr": "Plus aucune carte en main ne va sur le collier : la partie est finie.",
    },
    "no_cards": {
        "en": "Every card has been played: the game is over.",
        "de": "Alle Karten sind gespielt: Das Spiel ist aus.",
        "fr": "Toutes les cartes sont jouées : la partie est finie.",
    },
}

UI_TEXT: dict[str, dict[str, str]] = {
    "stage": {"en": "Stage {n}", "de": "Phase {n}", "fr": "Phase {n}"},
    "stage_2": {
        "en": "Stage 2 · reconstruction",
        "de": "Phase 2 · Wiederaufbau",
        "fr": "Phase 2 · reconstitution",
    },
    "sells": {"en": "{name} sells", "de": "{name} versteigert", "fr": "{name} vend"},
    "from_deck": {"en": "from the deck", "de": "vom Stapel", "fr": "de la pioche"},
    "high_bid": {"en": "Highest bid", "de": "Höchstgebot", "fr": "Meilleure offre"},
    "no_bid_yet": {"en": "no bid yet", "de": "noch kein Gebot", "fr": "aucune offre"},
    "reserve": {"en": "Price asked", "de": "Verlangt", "fr": "Prix demandé"},
    "fits": {
        "en": "fits {n} spaces",
        "de": "passt an {n} Plätze",
        "fr": "va sur {n} cases",
    },
    "fits_one": {"en": "fits 1 space", "de": "passt an 1 Platz", "fr": "va sur 1 case"},
    "fits_none": {"en": "fits nowhere", "de": "passt nirgends", "fr": "ne va nulle part"},
    "choosing": {
        "en": "{name} chooses a card to sell",
        "de": "{name} wählt eine Karte zum Verkauf",
        "fr": "{name} choisit une carte à vendre",
    },
    "choose": {
        "en": "Drag a card from your hand here to sell it",
        "de": "Ziehe eine Karte deiner Hand hierher",
        "fr": "Glissez ici une carte de votre main",
    },
    "may_draw": {
        "en": "{name} may buy the top card for {amount}",
        "de": "{name} darf die oberste Karte für {amount} kaufen",
        "fr": "{name} peut acheter la carte du dessus pour {amount}",
    },
    "draw_hint": {
        "en": "Tap the deck to buy its top card for {amount}",
        "de": "Tippe auf den Stapel: oberste Karte für {amount}",
        "fr": "Touchez la pioche : la carte du dessus pour {amount}",
    },
    "buyer": {
        "en": "{name} keeps it or lays it for double reward",
        "de": "{name} behält sie oder legt sie für doppelte Belohnung",
        "fr": "{name} la garde ou la pose pour une double récompense",
    },
    "buyer_hint": {
        "en": "Lay it on a glowing space (double reward) or keep it",
        "de": "Lege sie auf einen leuchtenden Platz (doppelt) oder behalte sie",
        "fr": "Posez-la sur une case qui brille (double) ou gardez-la",
    },
    "unsold": {
        "en": "Unsold: {name} lays it without reward",
        "de": "Unverkauft: {name} legt sie ohne Belohnung",
        "fr": "Invendue : {name} la pose sans récompense",
    },
    "unsold_hint": {
        "en": "Unsold: lay it on a glowing space (no reward)",
        "de": "Unverkauft: Lege sie auf einen leuchtenden Platz",
        "fr": "Invendue : posez-la sur une case qui brille",
    },
    "bid_hint": {
        "en": "Bid or pass with the buttons below",
        "de": "Biete oder passe mit den Knöpfen unten",
        "fr": "Enchérissez ou passez avec les boutons",
    },
    "reserve_hint": {
        "en": "Sell now, or ask a higher price once",
        "de": "Verkaufe jetzt oder verlange einmal mehr",
        "fr": "Vendez, ou demandez une fois plus cher",
    },
    "place_hint": {
        "en": "Pick a card, then a glowing space",
        "de": "Wähle eine Karte, dann einen leuchtenden Platz",
        "fr": "Choisissez une carte, puis une case qui brille",
    },
    "reconstruction": {
        "en": "Reconstruction",
        "de": "Wiederaufbau",
        "fr": "Reconstitution",
    },
    "layouts": {
        "en": "{n} necklaces still possible",
        "de": "{n} Ketten noch möglich",
        "fr": "{n} colliers encore possibles",
    },
    "layout_one": {
        "en": "Only one necklace is still possible",
        "de": "Nur noch eine Kette ist möglich",
        "fr": "Un seul collier est encore possible",
    },
    "rewards_paid": {
        "en": "Rewards paid: {amount}",
        "de": "Belohnungen: {amount}",
        "fr": "Récompenses : {amount}",
    },
    "deck": {"en": "Deck", "de": "Stapel", "fr": "Pioche"},
    "forgeries": {"en": "Forgeries", "de": "Fälschungen", "fr": "Faux"},
    "hand": {"en": "Your hand", "de": "Deine Hand", "fr": "Votre main"},
    "pass_tag": {"en": "pass", "de": "passt", "fr": "passe"},
    "over": {"en": "Game over", "de": "Spielende", "fr": "Partie finie"},
    "cash": {"en": "{amount} marks", "de": "{amount} Mark", "fr": "{amount} marks"},
    "cards": {
        "en": "Cards in hand: {n}",
        "de": "Karten auf der Hand: {n}",
        "fr": "Cartes en main : {n}",
    },
    "auctioneer": {"en": "Auctioneer", "de": "Auktionator", "fr": "Commissaire-priseur"},
    # Move buttons.
    "pass": {"en": "Pass", "de": "Passen", "fr": "Passer"},
    "bid": {"en": "Bid {amount}", "de": "Biete {amount}", "fr": "Offrir {amount}"},
    "sell": {"en": "Sell for {amount}", "de": "Verkaufe für {amount}", "fr": "Vendre {amount}"},
    "ask": {"en": "Ask {amount}", "de": "Verlange {amount}", "fr": "Demander {amount}"},
    "accept": {"en": "Pay {amount}", "de": "Zahle {amount}", "fr": "Payer {amount}"},
    "decline": {"en": "Decline", "de": "Ablehnen", "fr": "Refuser"},
    "keep": {"en": "Keep it", "de": "Behalten", "fr": "La garder"},
    "draw": {
        "en": "Buy a card ({amount})",
        "de": "Karte kaufen ({amount})",
        "fr": "Acheter une carte ({amount})",
    },
    "end_turn": {"en": "End turn", "de": "Zug beenden", "fr": "Fin du tour"},
    "discard": {
        "en": "Forgery: {card}",
        "de": "Fälschung: {card}",
        "fr": "Faux : {card}",
    },
    # Results.
    "forgery_count": {
        "en": "Forgeries set aside: {n}",
        "de": "Beiseitegelegte Fälschungen: {n}",
        "fr": "Faux mis de côté : {n}",
    },
    "bank": {
        "en": "The bank paid {paid} in rewards and took {fees} for cards from the deck.",
        "de": "Die Bank zahlte {paid} Belohnung und nahm {fees} für Karten vom Stapel.",
        "fr": "La banque a payé {paid} de récompenses et reçu {fees} pour la pioche.",
    },
}

HELP: dict[str, str] = {
    "en": (
        "Die Kette von Saba — the pieces of a legendary necklace turn up again, and you trade "
        "them and put it back together.\n"
        "Cards: five kinds of stone (ruby, emerald, sapphire, pearl, amethyst), each as pieces of "
        "1 to 4 stones, two of every piece, and four lion heads, which stand in for a piece.\n"
        "Stage 1, the auction: in turn each player is the auctioneer and sells a card from hand "
        "(drag it to the block in the middle). The others bid in turn, in thousands, or pass; a "
        "player who passed may come back in. When nobody raises, the auctioneer either sells or, "
        "once, asks a higher price that someone may pay. The buyer pays the auctioneer and keeps "
        "the card, or lays it at once for a double reward. A card nobody buys is laid by the "
        "auctioneer for nothing. Then the auctioneer may buy the deck's top card for 2,000. "
        "Stage 1 ends when the deck is empty.\n"
        "Stage 2, the reconstruction: the richest player starts; in turn, lay a card from your "
        "hand (tap it, then a glowing space) or set a forgery aside.\n"
        "Where a card may go: each column holds one kind of stone; counts rise by one from top to "
        "bottom; the left and right halves mirror each other. A lion head goes only where the "
        "piece is already certain (a faint piece shows such spaces). A card that fits nowhere is "
        "a forgery.\n"
        "Reward: in each of the six directions, an unbroken line of cards touching the new card "
        "pays its length plus one (the new card counts); a card touching none pays 1; all in "
        "thousands. Selecting a card shows what each space would pay; while a card is on sale, "
        "dotted outlines show where it could go and what its buyer would earn there at once.\n"
        "The richest player at the end wins."
    ),
    "de": (
        "Die Kette von Saba — die Teile einer sagenhaften Kette tauchen wieder auf; ihr handelt "
        "mit ihnen und setzt sie wieder zusammen.\n"
        "Karten: fünf Steinsorten (Rubin, Smaragd, Saphir, Perle, Amethyst), je als Teile mit 1 "
        "bis 4 Steinen, jedes Teil zweimal, dazu vier Löwenköpfe, die ein Teil vertreten.\n"
        "Phase 1, die Auktion: Reihum ist jeder Auktionator und versteigert eine Karte seiner "
        "Hand (auf den Block in der Mitte ziehen). Die anderen bieten reihum in Tausendern oder "
        "passen; wer gepasst hat, darf wieder einsteigen. Erhöht niemand mehr, verkauft der "
        "Auktionator oder verlangt einmal einen höheren Preis, den jemand zahlen darf. Der Käufer "
        "zahlt dem Auktionator und behält die Karte oder legt sie sofort für doppelte Belohnung. "
        "Eine unverkaufte Karte legt der Auktionator ohne Belohnung. Danach darf er die oberste "
        "Karte des Stapels für 2.000 kaufen. Phase 1 endet, wenn der Stapel leer ist.\n"
        "Phase 2, der Wiederaufbau: Der Reichste beginnt; reihum legt man eine Karte (antippen, "
        "dann einen leuchtenden Platz) oder legt eine Fälschung beiseite.\n"
        "Wohin eine Karte darf: jede Spalte nur eine Steinsorte; die Anzahl steigt von oben nach "
        "unten um eins; linke und rechte Hälfte spiegeln sich. Ein Löwenkopf darf nur dorthin, wo "
        "das Teil schon feststeht (ein blasses Teil zeigt solche Plätze). Eine Karte, die nirgends "
        "passt, ist eine Fälschung.\n"
        "Belohnung: In jeder der sechs Richtungen zahlt eine lückenlose Reihe von Karten an der "
        "neuen Karte ihre Länge plus eins (die neue zählt mit); eine Karte ohne Nachbarn zahlt 1; "
        "alles in Tausend. Eine gewählte Karte zeigt, was jeder Platz brächte; während einer "
        "Auktion zeigen gepunktete Umrisse, wohin die Karte passt und was ihr Käufer dort sofort "
        "bekäme.\n"
        "Wer am Ende am reichsten ist, gewinnt."
    ),
    "fr": (
        "Die Kette von Saba — les morceaux d'un collier légendaire refont surface : on les "
        "échange, puis on reconstitue le collier.\n"
        "Cartes : cinq pierres (rubis, émeraude, saphir, perle, améthyste), en pièces de 1 à 4 "
        "pierres, chaque pièce en double, plus quatre têtes de lion qui remplacent une pièce.\n"
        "Phase 1, les enchères : chacun à son tour est commissaire-priseur et vend une carte de "
        "sa main (glissez-la sur le socle au centre). Les autres enchérissent à tour de rôle, par "
        "milliers, ou passent ; qui a passé peut revenir. Quand personne ne surenchérit, le "
        "vendeur vend, ou demande une seule fois un prix plus élevé que quelqu'un peut payer. "
        "L'acheteur paie le vendeur et garde la carte, ou la pose aussitôt pour une double "
        "récompense. Une carte invendue est posée par le vendeur, sans récompense. Ensuite il "
        "peut acheter la carte du dessus de la pioche pour 2 000. La phase 1 finit quand la "
        "pioche est vide.\n"
        "Phase 2, la reconstitution : le plus riche commence ; à votre tour, posez une carte "
        "(touchez-la, puis une case qui brille) ou mettez un faux de côté.\n"
        "Où va une carte : une seule sorte de pierre par colonne ; le nombre de pierres augmente "
        "de un de haut en bas ; les moitiés gauche et droite sont symétriques. Une tête de lion "
        "ne va que là où la pièce est déjà certaine (une pièce pâle montre ces cases). Une carte "
        "qui ne va nulle part est un faux.\n"
        "Récompense : dans chacune des six directions, une ligne continue de cartes touchant la "
        "nouvelle rapporte sa longueur plus un (la nouvelle compte) ; une carte isolée rapporte "
        "1 ; le tout en milliers. Une carte choisie montre ce que rapporterait chaque case ; "
        "pendant une vente, des contours pointillés montrent où la carte irait et ce que son "
        "acheteur y gagnerait aussitôt.\n"
        "Le plus riche à la fin gagne."
    ),
}


# ---------------------------------------------------------------------- said by the view


def event_text(event: Event, name_of: Callable[[int | None], str]) -> str | None:
    """One log sentence for `event`; `name_of` names a seat."""
    kind = event.get("type")
    text = EVENT_TEXT
    name = name_of(event.get("seat"))
    card = card_name(event["card"]) if "card" in event else ""
    if kind == "card_offered":
        return i18n.pick(text[kind], name=name, card=card)
    if kind == "deck_card_offered":
        return i18n.pick(text[f"deck_{event['reason']}"], name=name, card=card)
    if kind in ("bid", "reserve_named", "reserve_accepted"):
        amount = money(event.get("amount", event.get("price", 0)))
        return i18n.pick(text[kind], name=name, amount=amount)
    if kind in ("passed", "reserve_declined"):
        return i18n.pick(text[f"{kind}_forced" if event.get("forced") else kind], name=name)
    if kind in ("no_bid", "reserve_refused"):
        return i18n.pick(text[kind])
    if kind == "bidding_closed":
        amount = money(event["bid"])
        return i18n.pick(text[kind], amount=amount, name=name_of(event["bidder"]))
    if kind == "sold":
        return i18n.pick(
            text[kind],
            seller=name_of(event["seller"]),
            buyer=name_of(event["buyer"]),
            amount=money(event["price"]),
            card=card,
        )
    if kind in ("kept", "joker_returned", "forgery", "reconstruction_begins"):
        return i18n.pick(text[kind], name=name, card=card)
    if kind == "placed":
        laid = laid_name(event["card"], event["piece"])
        key = "placed" if event["reward"] else "placed_free"
        return i18n.pick(text[key], name=name, card=laid, amount=money(event["reward"]))
    if kind == "drew":
        key = "drew_seen" if "card" in event else "drew"
        return i18n.pick(text[key], name=name, amount=money(event["price"]), card=card)
    if kind == "game_over":
        return i18n.pick(text[event.get("reason", "no_cards")])
    return None


def help_text() -> str:
    """The rules in our own words."""
    return i18n.pick(HELP)


def status(view: View) -> str | None:
    """The stage being played, for the top bar."""
    if not view or view.get("end") is not None:
        return None
    return i18n.pick(UI_TEXT["stage"], n=view["stage"])


def panel_lines(view: View, seat: int) -> list[str]:
    """A seat's marks and cards in hand, for its panel."""
    if not view:
        return []
    ui = UI_TEXT
    return [
        i18n.pick(ui["cash"], amount=money(view["cash"][seat])),
        i18n.pick(ui["cards"], n=view["hand_counts"][seat]),
    ]


def score_text(score: int) -> str:
    """A final score: an amount of marks."""
    return i18n.pick(UI_TEXT["cash"], amount=money(score))


def result_lines(view: View) -> list[str]:
    """The forgeries and the bank's dealings, for the results."""
    if not view:
        return []
    ui = UI_TEXT
    return [
        i18n.pick(ui["forgery_count"], n=len(view["forgeries"])),
        i18n.pick(
            ui["bank"],
            paid=money(view["rewards_paid"]),
            fees=money(view["fees_paid"]),
        ),
    ]

"""Saba – Palast der Königin in words: names, log sentences, labels and the rules help, in
English, German and French (the client's own wording)."""

from __future__ import annotations

from typing import Any

from client import i18n
from shared.games.saba_palast.data import CARDS, LEVEL_PARTS, MATERIALS

Words = dict[str, dict[str, str]]

MATERIAL_NAMES: Words = {
    "alabaster": {"en": "alabaster", "de": "Alabaster", "fr": "albâtre"},
    "sandstone": {"en": "sandstone", "de": "Sandstein", "fr": "grès"},
    "ebony": {"en": "ebony", "de": "Ebenholz", "fr": "ébène"},
    "gold": {"en": "gold", "de": "Gold", "fr": "or"},
}

# A "-" marks where a name may break over two lines on a small board (shown as "Stone-" /
# "masons"); written whole, the name has no hyphen.
QUARTER_NAMES: Words = {
    "stonemason": {"en": "Stone-masons", "de": "Stein-metze", "fr": "Tailleurs"},
    "mason": {"en": "Masons", "de": "Maurer", "fr": "Maçons"},
    "carpenter": {"en": "Car-penters", "de": "Zimmer-leute", "fr": "Char-pentiers"},
    "goldsmith": {"en": "Gold-smiths", "de": "Gold-schmiede", "fr": "Orfèvres"},
    "exchange": {"en": "Ex-change", "de": "Wechsel-stube", "fr": "Change"},
    "bazaar": {"en": "Bazaar", "de": "Basar", "fr": "Bazar"},
}

# The quarters in sentences: "at the goldsmiths' quarter", "im Goldschmiedeviertel".
QUARTER_PLACES: Words = {
    "stonemason": {
        "en": "stonemasons' quarter",
        "de": "Steinmetzviertel",
        "fr": "quartier des tailleurs de pierre",
    },
    "mason": {"en": "masons' quarter", "de": "Maurerviertel", "fr": "quartier des maçons"},
    "carpenter": {
        "en": "carpenters' quarter",
        "de": "Zimmermannsviertel",
        "fr": "quartier des charpentiers",
    },
    "goldsmith": {
        "en": "goldsmiths' quarter",
        "de": "Goldschmiedeviertel",
        "fr": "quartier des orfèvres",
    },
    "exchange": {
        "en": "exchange quarter",
        "de": "Wechselstubenviertel",
        "fr": "quartier du change",
    },
    "bazaar": {"en": "bazaar quarter", "de": "Basarviertel", "fr": "quartier du bazar"},
}

# A palace card in a sentence; German needs the subject (nominative) and object (accusative).
PALACE_CARDS: dict[str, dict[str, str]] = {
    "arch": {
        "en": "the arch for garden field {field}",
        "de": "der Torbogen für Gartenfeld {field}",
        "de_acc": "den Torbogen für Gartenfeld {field}",
        "fr": "l'arche du parterre {field}",
    },
    "fountain": {
        "en": "the fountain for garden field {field}",
        "de": "der Brunnen für Gartenfeld {field}",
        "de_acc": "den Brunnen für Gartenfeld {field}",
        "fr": "la fontaine du parterre {field}",
    },
    "column": {
        "en": "the column for garden field {field}",
        "de": "die Säule für Gartenfeld {field}",
        "de_acc": "die Säule für Gartenfeld {field}",
        "fr": "la colonne du parterre {field}",
    },
}
SPECIAL_CARDS: Words = {
    "treasury": {
        "en": "treasury card {n}",
        "de": "die Schatzkammerkarte {n}",
        "fr": "la carte Trésor {n}",
    },
    "end": {"en": "the end card", "de": "die Spielendekarte", "fr": "la carte Fin de partie"},
}

# Log sentences by event type (and variant).
EVENT_TEXT: Words = {
    "turn_started": {
        "en": "{name}'s turn.",
        "de": "{name} ist am Zug.",
        "fr": "Au tour de {name}.",
    },
    "harbour_taken": {
        "en": "{name} takes {count} {material} from harbour field {field}.",
        "de": "{name} nimmt {count} {material} vom Hafenfeld {field}.",
        "fr": "{name} prend {count} {material} au quai {field}.",
    },
    "card_drawn": {
        "en": "{name} draws an action card.",
        "de": "{name} zieht eine Aktionskarte.",
        "fr": "{name} pioche une carte action.",
    },
    "card_drawn_seen": {
        "en": "{name} draws an action card: {material}.",
        "de": "{name} zieht eine Aktionskarte: {material}.",
        "fr": "{name} pioche une carte action : {material}.",
    },
    "card_played": {
        "en": "{name} plays an action card and takes 1 {material}.",
        "de": "{name} spielt eine Aktionskarte und nimmt 1 {material}.",
        "fr": "{name} joue une carte action et prend 1 {material}.",
    },
    "card_played_empty": {
        "en": "{name} plays an action card, but no {material} is left in the supply.",
        "de": "{name} spielt eine Aktionskarte, doch im Vorrat ist kein {material} mehr.",
        "fr": "{name} joue une carte action, mais la réserve n'a plus de {material}.",
    },
    "card_discarded": {
        "en": "{name} discards an action card.",
        "de": "{name} wirft eine Aktionskarte ab.",
        "fr": "{name} défausse une carte action.",
    },
    "card_discarded_seen": {
        "en": "{name} discards an action card: {material}.",
        "de": "{name} wirft eine Aktionskarte ab: {material}.",
        "fr": "{name} défausse une carte action : {material}.",
    },
    "vizier_moved": {
        "en": "{name} sends the vizier to the {quarter}.",
        "de": "{name} schickt den Wesir ins {quarter}.",
        "fr": "{name} envoie le vizir au {quarter}.",
    },
    "quarter_material": {
        "en": "{name} takes 1 {material} at the {quarter}.",
        "de": "{name} nimmt 1 {material} im {quarter}.",
        "fr": "{name} prend 1 {material} au {quarter}.",
    },
    "quarter_empty": {
        "en": "{name} gets nothing at the {quarter}: the supply is out of {material}.",
        "de": "{name} bekommt nichts im {quarter}: kein {material} mehr im Vorrat.",
        "fr": "{name} ne reçoit rien au {quarter} : plus de {material} en réserve.",
    },
    "quarter_swap": {
        "en": "{name} swaps 1 {give} for 1 {take} at the {quarter}.",
        "de": "{name} tauscht 1 {give} gegen 1 {take} im {quarter}.",
        "fr": "{name} échange 1 {give} contre 1 {take} au {quarter}.",
    },
    "quarter_no_swap": {
        "en": "{name} has nothing to swap at the {quarter}.",
        "de": "{name} hat im {quarter} nichts zu tauschen.",
        "fr": "{name} n'a rien à échanger au {quarter}.",
    },
    "built": {
        "en": "{name} builds {card}, paying {cost}.",
        "de": "{name} baut {card} und zahlt {cost}.",
        "fr": "{name} construit {card} et paie {cost}.",
    },
    "balcony": {
        "en": "{name} steps onto the balcony of garden field {field}.",
        "de": "{name} stellt eine Figur auf den Balkon von Gartenfeld {field}.",
        "fr": "{name} monte au balcon du parterre {field}.",
    },
    "balcony_empty": {
        "en": "No figure is left for the balcony of garden field {field}.",
        "de": "Für den Balkon von Gartenfeld {field} ist keine Figur mehr da.",
        "fr": "Plus de figurine pour le balcon du parterre {field}.",
    },
    "figure_returned": {
        "en": "{name}'s figure comes back from the balcony of garden field {field}.",
        "de": "{name} erhält die Figur vom Balkon von Gartenfeld {field} zurück.",
        "fr": "La figurine de {name} quitte le balcon du parterre {field}.",
    },
    "serail_marker": {
        "en": "{name} lays a marker on the first space of the serail.",
        "de": "{name} legt einen Marker auf das erste Feld des Serails.",
        "fr": "{name} pose un marqueur sur la première case du sérail.",
    },
    "serail_marker_returned": {
        "en": "{name}'s last marker is pushed out of the serail.",
        "de": "Der letzte Marker von {name} wird aus dem Serail geschoben.",
        "fr": "Le dernier marqueur de {name} est chassé du sérail.",
    },
    "serail_figure": {
        "en": "{name} leads the serail and puts a figure there.",
        "de": "{name} führt im Serail und stellt dort eine Figur hin.",
        "fr": "{name} mène au sérail et y place une figurine.",
    },
    "serail_figure_returned": {
        "en": "{name} loses the serail lead; the figure goes back.",
        "de": "{name} verliert die Führung im Serail; die Figur geht zurück.",
        "fr": "{name} perd la tête du sérail ; la figurine revient.",
    },
    "material_left": {
        "en": "{name} leaves 1 {material} on garden field {field}.",
        "de": "{name} lässt 1 {material} auf Gartenfeld {field} liegen.",
        "fr": "{name} laisse 1 {material} sur le parterre {field}.",
    },
    "card_removed": {
        "en": "{card} is taken out of the game.",
        "de": "{card} wird aus dem Spiel genommen.",
        "fr": "{card} est retirée du jeu.",
    },
    "card_obsolete": {
        "en": "{card} can no longer be built and leaves.",
        "de": "{card} kann nicht mehr gebaut werden und geht aus dem Spiel.",
        "fr": "{card} ne peut plus être construite et s'en va.",
    },
    "card_revealed": {
        "en": "New on the building fields: {card}.",
        "de": "Neu auf den Baufeldern: {card}.",
        "fr": "Nouveau sur les chantiers : {card}.",
    },
    "fulfilled": {
        "en": "{name} fulfils {card}, paying {cost}.",
        "de": "{name} erfüllt {card} und zahlt {cost}.",
        "fr": "{name} remplit {card} et paie {cost}.",
    },
    "treasury_scored": {
        "en": "Treasury scoring: {name} leads and puts a figure into the treasury.",
        "de": "Schatzkammerwertung: {name} führt und stellt eine Figur in die Schatzkammer.",
        "fr": "Décompte du trésor : {name} mène et place une figurine au trésor.",
    },
    "treasury_nobody": {
        "en": "Treasury scoring: nobody enters the treasury.",
        "de": "Schatzkammerwertung: Niemand kommt in die Schatzkammer.",
        "fr": "Décompte du trésor : personne n'entre au trésor.",
    },
    "passed": {
        "en": "{name} goes on to the next step.",
        "de": "{name} geht zum nächsten Schritt.",
        "fr": "{name} passe à l'étape suivante.",
    },
    "figure_placed": {
        "en": "{name} pays {gold} gold and puts a figure into the {quarter}.",
        "de": "{name} zahlt {gold} Gold und stellt eine Figur ins {quarter}.",
        "fr": "{name} paie {gold} or et place une figurine au {quarter}.",
    },
    "figure_moved": {
        "en": "{name} moves a figure from the {src} to the {dst}.",
        "de": "{name} versetzt eine Figur vom {src} ins {dst}.",
        "fr": "{name} déplace une figurine du {src} au {dst}.",
    },
    "over_limits": {
        "en": "{name} holds too much and gives back what is over the limits.",
        "de": "{name} hat zu viel und gibt ab, was über den Grenzen liegt.",
        "fr": "{name} en a trop et rend ce qui dépasse les limites.",
    },
    "material_returned": {
        "en": "{name} gives back 1 {material}.",
        "de": "{name} gibt 1 {material} ab.",
        "fr": "{name} rend 1 {material}.",
    },
    "action_deck_reshuffled": {
        "en": "The discarded action cards are shuffled into a new pile.",
        "de": "Die abgeworfenen Aktionskarten werden zu einem neuen Stapel gemischt.",
        "fr": "Les cartes action défaussées sont mélangées en une nouvelle pioche.",
    },
    "no_action_card": {
        "en": "No action card is left for {name}.",
        "de": "Für {name} ist keine Aktionskarte mehr da.",
        "fr": "Il ne reste aucune carte action pour {name}.",
    },
    "end_card": {
        "en": "The end card is fulfilled: the game ends at once.",
        "de": "Die Spielendekarte ist erfüllt: Das Spiel endet sofort.",
        "fr": "La carte Fin de partie est remplie : la partie s'arrête aussitôt.",
    },
    "palace_complete": {
        "en": "Every palace card is built or gone: the game ends.",
        "de": "Alle Palastbaukarten sind gebaut oder fort: Das Spiel endet.",
        "fr": "Toutes les cartes palais sont construites ou retirées : la partie s'arrête.",
    },
}

UI_TEXT: Words = {
    "step_harbour": {
        "en": "choose a harbour field",
        "de": "wähle ein Hafenfeld",
        "fr": "choisissez un quai",
    },
    "step_vizier": {
        "en": "now the vizier's quarter",
        "de": "nun das Wesir-Viertel",
        "fr": "puis le quartier du vizir",
    },
    "step_remove": {
        "en": "now the card to remove",
        "de": "nun die Karte, die geht",
        "fr": "puis la carte à retirer",
    },
    "step_return": {
        "en": "give back what is too much",
        "de": "Überzähliges abgeben",
        "fr": "rendre le surplus",
    },
    "give_back": {"en": "Give back", "de": "Abgeben", "fr": "Rendre"},
    "steps_short": {
        "en": "Harbour|Build|Quarter|Draw",
        "de": "Hafen|Bauen|Viertel|Ziehen",
        "fr": "Port|Bâtir|Quartier|Pioche",
    },
    "pass_build": {"en": "Build nothing", "de": "Nicht bauen", "fr": "Ne rien bâtir"},
    "pass_quarter": {"en": "No figure", "de": "Keine Figur", "fr": "Pas de figurine"},
    "draw": {"en": "Draw a card", "de": "Karte ziehen", "fr": "Piocher"},
    "end_turn": {"en": "End turn", "de": "Zug beenden", "fr": "Finir le tour"},
    "return_title": {
        "en": "Over the limits — tap what to give back",
        "de": "Zu viel — tippe an, was du abgibst",
        "fr": "Trop — touchez ce que vous rendez",
    },
    "return_materials": {
        "en": "Materials: {have} of {limit}",
        "de": "Rohstoffe: {have} von {limit}",
        "fr": "Matériaux : {have} sur {limit}",
    },
    "return_cards": {
        "en": "Action cards: {have} of {limit}",
        "de": "Aktionskarten: {have} von {limit}",
        "fr": "Cartes action : {have} sur {limit}",
    },
    "panel_points": {
        "en": "★ {points} · cards: {cards}",
        "de": "★ {points} · Karten: {cards}",
        "fr": "★ {points} · cartes : {cards}",
    },
    "panel_stock": {
        "en": "materials: {materials}",
        "de": "Material: {materials}",
        "fr": "matériaux : {materials}",
    },
    "panel_final": {
        "en": "final points: {points}",
        "de": "Endstand: {points} Punkte",
        "fr": "points finaux : {points}",
    },
    "serail": {"en": "Serail", "de": "Serail", "fr": "Sérail"},
    "treasury": {"en": "Treasury", "de": "Schatzkammer", "fr": "Trésor"},
    "treasury_short": {"en": "Treasury", "de": "Schatz", "fr": "Trésor"},
    "supply": {"en": "Supply", "de": "Vorrat", "fr": "Réserve"},
    "harbour": {"en": "Harbour", "de": "Hafen", "fr": "Port"},
    "leave": {"en": "leave", "de": "lassen", "fr": "laisser"},
    "nothing": {"en": "nothing", "de": "nichts", "fr": "rien"},
    "end_card_result": {
        "en": "The end card was fulfilled.",
        "de": "Die Spielendekarte wurde erfüllt.",
        "fr": "La carte Fin de partie a été remplie.",
    },
    "palace_result": {
        "en": "The palace was completed.",
        "de": "Der Palast ist fertig gebaut.",
        "fr": "Le palais est achevé.",
    },
    "serail_result": {
        "en": "Ties are broken by the serail.",
        "de": "Gleichstände entscheidet das Serail.",
        "fr": "Les égalités sont tranchées par le sérail.",
    },
    "game_over": {"en": "Game over", "de": "Spielende", "fr": "Fin de partie"},
    "treasury_banner": {
        "en": "Treasury scoring",
        "de": "Schatzkammerwertung",
        "fr": "Décompte du trésor",
    },
}

HELP: dict[str, str] = {
    "en": (
        "Saba – Palace of the Queen: 2 to 4 builders finish the queen's palace and put their "
        "figures on its balconies.\n"
        "Board: the palace with 8 garden fields (each can hold an arch, a fountain and a column, "
        "levels 1, 2, 3) and one balcony per field; 3 building fields with palace cards (the 2nd "
        "costs 1 gold more, the 3rd 2 gold more); the harbour with 4 fields of materials "
        "(alabaster white block, sandstone brown brick, ebony black log, gold yellow ingot); 6 "
        "city quarters and the vizier; the serail and the treasury.\n"
        "Your turn, step by step (what you may do now glows):\n"
        "1. Harbour (must): your two harbour cards each show a field; tap one of those fields "
        "and take its materials. Field 1 also draws an action card, field 2 takes a palace card "
        "off the building fields (tap the field, then the card), field 3 sends the vizier to "
        "another quarter and you use that quarter at once (tap the field or the vizier, then a "
        "quarter), field 4 gives just its materials. The card you used turns over.\n"
        "2. Build (may): tap a glowing card, then its garden field (or drag the card there). "
        "Pay its materials plus the field's gold. Your figure goes onto that field's balcony; "
        "a figure already there goes home and its owner puts a marker into the serail. A "
        "treasury or end card is fulfilled with one tap, instead of or besides building.\n"
        "3. Quarter (may, after building): pay 1 gold for your first quarter figure, 2 for the "
        "second and so on; tap a quarter. It works from your next turn on.\n"
        "4. Draw an action card, then end the turn. Over 7 materials or 3 cards, you give back "
        "the rest one by one.\n"
        "Any time in your turn: play an action card (tap it) for its material, and use each "
        "quarter once per figure of yours there (tap its badge) unless the vizier stands on it. "
        "Exchange: gold for another material or back; bazaar: one non-gold material for "
        "another.\n"
        "Treasury scoring: whoever has the most points puts a figure into the treasury for "
        "good. Points: figures on balconies and in the treasury. Ties: more markers in the "
        "serail, then the marker nearest space 1.\n"
        "End: when the end card is fulfilled or every palace card is built or gone. Most "
        "points wins.\n"
        "Professional game: 4 cards in hand, move a quarter figure once a turn (drag it), the "
        "serail leader's figure scores, and a builder may leave a material on the field that "
        "the next builder there must add."
    ),
    "de": (
        "Saba – Palast der Königin: 2 bis 4 Baumeister vollenden den Palast der Königin und "
        "stellen ihre Figuren auf seine Balkone.\n"
        "Spielplan: der Palast mit 8 Gartenfeldern (je Torbogen, Brunnen und Säule, Stufen 1, "
        "2, 3) und je einem Balkon; 3 Baufelder mit Palastbaukarten (das 2. kostet 1 Gold mehr, "
        "das 3. 2 Gold mehr); der Hafen mit 4 Rohstofffeldern (Alabaster weißer Block, "
        "Sandstein brauner Ziegel, Ebenholz schwarzer Stamm, Gold gelber Barren); 6 "
        "Stadtviertel und der Wesir; das Serail und die Schatzkammer.\n"
        "Dein Zug, Schritt für Schritt (was jetzt geht, leuchtet):\n"
        "1. Hafen (Pflicht): Deine zwei Hafenkarten zeigen je ein Feld; tippe eines davon an "
        "und nimm seine Rohstoffe. Feld 1 gibt dazu eine Aktionskarte, Feld 2 entfernt eine "
        "Palastbaukarte (Feld, dann Karte antippen), Feld 3 schickt den Wesir in ein anderes "
        "Viertel, das du sofort nutzt (Feld oder Wesir, dann Viertel antippen), Feld 4 gibt "
        "nur Rohstoffe. Die benutzte Karte wird umgedreht.\n"
        "2. Bauen (freiwillig): Tippe eine leuchtende Karte und dann ihr Gartenfeld an (oder "
        "ziehe sie hin). Zahle ihre Rohstoffe und das Gold des Baufelds. Deine Figur kommt auf "
        "den Balkon; eine Figur, die dort stand, geht heim und ihr Besitzer legt einen Marker "
        "ins Serail. Eine Schatzkammer- oder Spielendekarte erfüllst du mit einem Tipp, statt "
        "oder zusätzlich zum Bauen.\n"
        "3. Stadtviertel (freiwillig, nach dem Bauen): Die erste Figur kostet 1 Gold, die "
        "zweite 2 usw.; tippe ein Viertel an. Es wirkt ab deinem nächsten Zug.\n"
        "4. Ziehe eine Aktionskarte und beende den Zug. Mehr als 7 Rohstoffe oder 3 Karten "
        "gibst du einzeln ab.\n"
        "Jederzeit im eigenen Zug: Aktionskarten spielen (antippen) und jedes Viertel einmal "
        "je eigener Figur nutzen (Abzeichen antippen), außer der Wesir steht dort. "
        "Wechselstube: Gold gegen einen anderen Rohstoff oder umgekehrt; Basar: ein Rohstoff "
        "außer Gold gegen einen anderen.\n"
        "Schatzkammerwertung: Wer die meisten Punkte hat, stellt eine Figur für immer in die "
        "Schatzkammer. Punkte: Figuren auf Balkonen und in der Schatzkammer. Gleichstand: mehr "
        "Marker im Serail, dann der Marker näher an Feld 1.\n"
        "Ende: wenn die Spielendekarte erfüllt ist oder alle Palastbaukarten gebaut oder fort "
        "sind. Die meisten Punkte gewinnen.\n"
        "Profispiel: 4 Handkarten, einmal pro Zug eine Viertelfigur versetzen (ziehen), die "
        "Figur des Serail-Führenden zählt, und wer baut, darf einen Rohstoff auf dem Feld "
        "lassen, den der nächste Bauherr dort zusätzlich zahlt."
    ),
    "fr": (
        "Saba – le Palais de la Reine : 2 à 4 bâtisseurs achèvent le palais de la reine et "
        "placent leurs figurines sur ses balcons.\n"
        "Plateau : le palais avec 8 parterres (chacun peut recevoir une arche, une fontaine et "
        "une colonne, niveaux 1, 2, 3) et un balcon par parterre ; 3 chantiers avec des cartes "
        "palais (le 2e coûte 1 or de plus, le 3e 2 or de plus) ; le port et ses 4 quais de "
        "matériaux (albâtre bloc blanc, grès brique brune, ébène bûche noire, or lingot jaune) "
        "; 6 quartiers et le vizir ; le sérail et le trésor.\n"
        "Votre tour, étape par étape (ce qui est possible brille) :\n"
        "1. Port (obligatoire) : vos deux cartes port montrent chacune un quai ; touchez l'un "
        "d'eux et prenez ses matériaux. Le quai 1 donne aussi une carte action, le quai 2 "
        "retire une carte palais des chantiers (le quai, puis la carte), le quai 3 envoie le "
        "vizir dans un autre quartier dont vous profitez aussitôt (le quai ou le vizir, puis "
        "le quartier), le quai 4 ne donne que ses matériaux. La carte utilisée se retourne.\n"
        "2. Construire (facultatif) : touchez une carte qui brille puis son parterre (ou "
        "faites-la glisser). Payez ses matériaux plus l'or du chantier. Votre figurine monte "
        "au balcon ; celle qui s'y trouvait rentre et son propriétaire pose un marqueur au "
        "sérail. Une carte Trésor ou Fin de partie se remplit d'une touche, au lieu ou en plus "
        "de construire.\n"
        "3. Quartier (facultatif, après avoir construit) : 1 or pour votre première figurine "
        "de quartier, 2 pour la deuxième, etc. ; touchez un quartier. Il agit dès votre "
        "prochain tour.\n"
        "4. Piochez une carte action, puis finissez le tour. Au-delà de 7 matériaux ou 3 "
        "cartes, rendez le surplus un par un.\n"
        "À tout moment de votre tour : jouez une carte action (touchez-la) pour son matériau, "
        "et utilisez chaque quartier une fois par figurine que vous y avez (touchez son "
        "insigne), sauf si le vizir s'y tient. Change : l'or contre un autre matériau ou "
        "l'inverse ; bazar : un matériau autre que l'or contre un autre.\n"
        "Décompte du trésor : qui a le plus de points place pour de bon une figurine au trésor. "
        "Points : figurines aux balcons et au trésor. Égalité : plus de marqueurs au sérail, "
        "puis le marqueur le plus proche de la case 1.\n"
        "Fin : quand la carte Fin de partie est remplie ou que toutes les cartes palais sont "
        "construites ou retirées. Le plus de points gagne.\n"
        "Jeu expert : 4 cartes en main, déplacer une figurine de quartier une fois par tour "
        "(glissez-la), la figurine du meneur du sérail compte, et qui construit peut laisser "
        "sur le parterre un matériau que le suivant devra ajouter."
    ),
}


def material(name: str) -> str:
    return i18n.pick(MATERIAL_NAMES[name]) if name in MATERIAL_NAMES else str(name)


def quarter(name: str) -> str:
    return "".join(quarter_parts(name))


def quarter_parts(name: str) -> list[str]:
    """The quarter's name in the pieces it may be broken into: ["Gold", "schmiede"]."""
    if name not in QUARTER_NAMES:
        return [str(name)]
    return i18n.pick(QUARTER_NAMES[name]).split("-")


def quarter_lines(name: str, fits) -> tuple[str, ...]:
    """The quarter's name in as few lines as `fits(line)` allows, broken after a hyphen."""
    parts = quarter_parts(name)
    whole = "".join(parts)
    if len(parts) == 1 or fits(whole):
        return (whole,)
    return tuple(part + "-" for part in parts[:-1]) + (parts[-1],)


def place(name: str) -> str:
    """A quarter as it is named in a sentence."""
    return i18n.pick(QUARTER_PLACES[name]) if name in QUARTER_PLACES else str(name)


def card(name: str, accusative: bool = False) -> str:
    """A building card as a phrase: "the arch for garden field 3", "treasury card 1"."""
    info = CARDS.get(name)
    if info is None:
        return str(name)
    if info["kind"] == "palace":
        phrases = PALACE_CARDS[LEVEL_PARTS[info["level"]]]
        if accusative and i18n.language() == "de":
            return phrases["de_acc"].format(field=info["field"])
        return i18n.pick(phrases, field=info["field"])
    if info["kind"] == "treasury":
        return i18n.pick(SPECIAL_CARDS["treasury"], n=name.rsplit("-", 1)[-1])
    return i18n.pick(SPECIAL_CARDS["end"])


def cost(amounts: dict[str, int]) -> str:
    """A price as words: "2 alabaster, 1 gold" (or "nothing")."""
    parts = [f"{n} {material(m)}" for m in MATERIALS if (n := amounts.get(m, 0))]
    return ", ".join(parts) or i18n.pick(UI_TEXT["nothing"])


def ui(key: str, **fields: Any) -> str:
    return i18n.pick(UI_TEXT[key], **fields)


def sentence(event: dict[str, Any], name: str) -> str | None:
    """The log sentence for one engine event, or None for those the log leaves out."""
    kind = event.get("type")
    say = EVENT_TEXT
    if kind == "turn_started":
        return i18n.pick(say[kind], name=name)
    if kind == "harbour_taken":
        return i18n.pick(
            say[kind],
            name=name,
            count=event["count"],
            material=material(event["material"]),
            field=event["field"],
        )
    if kind in ("card_drawn", "card_discarded"):
        if "card" in event:
            return i18n.pick(say[f"{kind}_seen"], name=name, material=material(event["card"]))
        return i18n.pick(say[kind], name=name)
    if kind == "card_played":
        key = "card_played" if event.get("count") else "card_played_empty"
        return i18n.pick(say[key], name=name, material=material(event["card"]))
    if kind == "vizier_moved":
        return i18n.pick(say[kind], name=name, quarter=place(event["to"]))
    if kind == "quarter_action":
        where = place(event["quarter"])
        if "give" in event:
            return i18n.pick(
                say["quarter_swap"],
                name=name,
                give=material(event["give"]),
                take=material(event["take"]),
                quarter=where,
            )
        if "material" not in event:
            return i18n.pick(say["quarter_no_swap"], name=name, quarter=where)
        key = "quarter_material" if event.get("count") else "quarter_empty"
        return i18n.pick(say[key], name=name, material=material(event["material"]), quarter=where)
    if kind in ("built", "fulfilled"):
        phrase = card(event["card"], accusative=True)
        return i18n.pick(say[kind], name=name, card=phrase, cost=cost(event["cost"]))
    if kind == "balcony":
        key = "balcony" if event.get("seat") is not None else "balcony_empty"
        return i18n.pick(say[key], name=name, field=event["field"])
    if kind in ("figure_returned",):
        return i18n.pick(say[kind], name=name, field=event["field"])
    if kind in (
        "serail_marker",
        "serail_marker_returned",
        "serail_figure",
        "serail_figure_returned",
        "over_limits",
        "no_action_card",
        "passed",
    ):
        return i18n.pick(say[kind], name=name)
    if kind == "material_left":
        return i18n.pick(
            say[kind], name=name, material=material(event["material"]), field=event["field"]
        )
    if kind == "material_returned":
        return i18n.pick(say[kind], name=name, material=material(event["material"]))
    if kind == "card_left":
        reason = event.get("reason")
        if reason in ("removed", "obsolete"):
            phrase = card(event["card"])
            return i18n.pick(say[f"card_{reason}"], card=phrase[:1].upper() + phrase[1:])
        return None
    if kind == "card_revealed":
        return i18n.pick(say[kind], card=card(event["card"]))
    if kind == "treasury_scored":
        if event.get("seat") is None:
            return i18n.pick(say["treasury_nobody"])
        return i18n.pick(say[kind], name=name)
    if kind == "figure_placed":
        return i18n.pick(say[kind], name=name, gold=event["gold"], quarter=place(event["quarter"]))
    if kind == "figure_moved":
        return i18n.pick(say[kind], name=name, src=place(event["from"]), dst=place(event["to"]))
    if kind == "action_deck_reshuffled":
        return i18n.pick(say[kind])
    if kind == "game_over":
        return i18n.pick(say.get(event.get("reason", ""), say["palace_complete"]))
    return None

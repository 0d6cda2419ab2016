"""What Das Kollier's table says, in English, German and French: gem names, money, log sentences,
labels on the table and the rules help (in our own words)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from client import i18n
from shared.games.das_kollier.gems import RANK

# Singular and plural of each gem, by language.
GEM_NAMES: dict[str, dict[str, tuple[str, str]]] = {
    "diamant": {
        "en": ("diamond", "diamonds"),
        "de": ("Diamant", "Diamanten"),
        "fr": ("diamant", "diamants"),
    },
    "rubin": {"en": ("ruby", "rubies"), "de": ("Rubin", "Rubine"), "fr": ("rubis", "rubis")},
    "topas": {"en": ("topaz", "topazes"), "de": ("Topas", "Topase"), "fr": ("topaze", "topazes")},
    "smaragd": {
        "en": ("emerald", "emeralds"),
        "de": ("Smaragd", "Smaragde"),
        "fr": ("émeraude", "émeraudes"),
    },
    "granat": {
        "en": ("garnet", "garnets"),
        "de": ("Granat", "Granate"),
        "fr": ("grenat", "grenats"),
    },
    "turmalin": {
        "en": ("tourmaline", "tourmalines"),
        "de": ("Turmalin", "Turmaline"),
        "fr": ("tourmaline", "tourmalines"),
    },
    "amethyst": {
        "en": ("amethyst", "amethysts"),
        "de": ("Amethyst", "Amethyste"),
        "fr": ("améthyste", "améthystes"),
    },
    "opal": {"en": ("opal", "opals"), "de": ("Opal", "Opale"), "fr": ("opale", "opales")},
    "tuerkis": {
        "en": ("turquoise", "turquoises"),
        "de": ("Türkis", "Türkise"),
        "fr": ("turquoise", "turquoises"),
    },
    "achat": {"en": ("agate", "agates"), "de": ("Achat", "Achate"), "fr": ("agate", "agates")},
}

MONEY_FORMS = {"en": "${n}", "de": "{n} $", "fr": "{n} $"}
number = i18n.number


def money(amount: int) -> str:
    """An amount of dollars as the language writes it: $15,000 · 15.000 $ · 15 000 $."""
    sign = "−" if amount < 0 else ""
    return sign + i18n.pick(MONEY_FORMS, n=number(abs(amount)))


def gem_name(gem: str, count: int = 1) -> str:
    """A gem's name, singular or plural."""
    names = GEM_NAMES[gem]
    singular, plural = names.get(i18n.language()) or names["en"]
    return singular if count == 1 else plural


def gem_title(gem: str) -> str:
    """A gem's name as a card's title (capitalised)."""
    name = gem_name(gem)
    return name[:1].upper() + name[1:]


def gem_list(gems: list[str]) -> str:
    """Gems in words, most valuable first: "ruby, 2 topazes, 4 agates"."""
    counts = Counter(gems)
    parts = [
        gem_name(g) if counts[g] == 1 else f"{counts[g]} {gem_name(g, counts[g])}"
        for g in sorted(counts, key=RANK.__getitem__)
    ]
    return ", ".join(parts)


def count_of(what: str, n: int) -> str:
    """ "1 gem", "3 gems" (and the same in German and French) for a counted thing."""
    forms = COUNTED[what]
    singular, plural = forms.get(i18n.language()) or forms["en"]
    return (singular if n == 1 else plural).format(n=n)


COUNTED: dict[str, dict[str, tuple[str, str]]] = {
    "gems": {
        "en": ("{n} gem", "{n} gems"),
        "de": ("{n} Edelstein", "{n} Edelsteine"),
        "fr": ("{n} pierre", "{n} pierres"),
    },
    "cards": {
        "en": ("{n} card", "{n} cards"),
        "de": ("{n} Karte", "{n} Karten"),
        "fr": ("{n} carte", "{n} cartes"),
    },
}

# Log sentences: one per event type (some with a variant for what only the reader may see).
EVENT_TEXT: dict[str, dict[str, str]] = {
    "sealed_bid": {
        "en": "{name} puts a sealed bid face down.",
        "de": "{name} legt ein verdecktes Gebot ab.",
        "fr": "{name} pose une offre cachée.",
    },
    "sealed_bid_own": {
        "en": "{name} puts {amount} face down.",
        "de": "{name} legt {amount} verdeckt ab.",
        "fr": "{name} pose {amount} face cachée.",
    },
    "first_auctioneer": {
        "en": "The sealed bids are opened: {bids}. {name} pays {paid} and runs the first auction.",
        "de": "Die Gebote werden aufgedeckt: {bids}. {name} zahlt {paid} und führt die erste "
        "Versteigerung.",
        "fr": "Les offres sont révélées : {bids}. {name} paie {paid} et mène la première vente.",
    },
    "auction_opened": {
        "en": "{name} opens the bidding at {price}.",
        "de": "{name} eröffnet die Versteigerung nach oben bei {price}.",
        "fr": "{name} ouvre les enchères à {price}.",
    },
    "falling_auction": {
        "en": "{name} offers the lot in turn at {price}, starting with {asked}.",
        "de": "{name} bietet das Los reihum für {price} an, zuerst {asked}.",
        "fr": "{name} propose le lot à tour de rôle pour {price}, en commençant par {asked}.",
    },
    "bid": {
        "en": "{name} bids {amount}.",
        "de": "{name} bietet {amount}.",
        "fr": "{name} offre {amount}.",
    },
    "passed": {
        "en": "{name} passes.",
        "de": "{name} passt.",
        "fr": "{name} passe.",
    },
    "knocked_down": {
        "en": "Going, going, gone: sold to {name} for {price}.",
        "de": "Zum Ersten, zum Zweiten, zum Dritten: Zuschlag an {name} für {price}.",
        "fr": "Une fois, deux fois, adjugé à {name} pour {price}.",
    },
    "accepted": {
        "en": "{name} takes it at {price}.",
        "de": "{name} kauft für {price}.",
        "fr": "{name} achète pour {price}.",
    },
    "declined": {
        "en": "{name} declines at {price}.",
        "de": "{name} lehnt bei {price} ab.",
        "fr": "{name} refuse à {price}.",
    },
    "price_fell": {
        "en": "Nobody bought: the price drops to {price}.",
        "de": "Niemand kauft: Der Preis sinkt auf {price}.",
        "fr": "Personne n'achète : le prix descend à {price}.",
    },
    "taken_for_nothing": {
        "en": "Nobody wanted it even for nothing: {name} keeps the lot for free.",
        "de": "Nicht einmal geschenkt wollte es jemand: {name} behält das Los umsonst.",
        "fr": "Personne n'en veut même gratuitement : {name} garde le lot pour rien.",
    },
    "preempted": {
        "en": "{name} uses the right of first refusal and buys at {price} instead of {accepter}.",
        "de": "{name} nutzt das Vorkaufsrecht und kauft statt {accepter} für {price}.",
        "fr": "{name} exerce son droit de préemption et achète à {price} à la place de {accepter}.",
    },
    "waived": {
        "en": "{name} lets {buyer} have it at {price}.",
        "de": "{name} überlässt es {buyer} für {price}.",
        "fr": "{name} laisse le lot à {buyer} pour {price}.",
    },
    "paid": {
        "en": "{name} pays {price}: {cash} in cash and {gems}.",
        "de": "{name} bezahlt {price}: {cash} in bar und {gems}.",
        "fr": "{name} paie {price} : {cash} en espèces et {gems}.",
    },
    "paid_cash": {
        "en": "{name} pays {price} in cash.",
        "de": "{name} bezahlt {price} in bar.",
        "fr": "{name} paie {price} en espèces.",
    },
    "commission": {
        "en": "{name} earns {cash} commission.",
        "de": "{name} erhält {cash} Provision.",
        "fr": "{name} touche {cash} de commission.",
    },
    "commission_gem": {
        "en": "{name} takes a gem as commission.",
        "de": "{name} nimmt einen Edelstein als Provision.",
        "fr": "{name} prend une pierre en commission.",
    },
    "commission_gem_seen": {
        "en": "{name} takes a {gem} as commission.",
        "de": "{name} nimmt als Provision: {gem}.",
        "fr": "{name} prend en commission : {gem}.",
    },
    "compensation": {
        "en": "{name} gets {amount} from the bank for the lost purchase.",
        "de": "{name} erhält {amount} Frustentschädigung aus der Kasse.",
        "fr": "{name} reçoit {amount} de la banque en dédommagement.",
    },
    "default_cash": {
        "en": "{name} cannot pay {price} and pays a penalty of {cash}.",
        "de": "{name} kann {price} nicht bezahlen und zahlt {cash} Strafe.",
        "fr": "{name} ne peut pas payer {price} et verse {cash} d'amende.",
    },
    "default_gem": {
        "en": "{name} cannot pay {price} and gives up a gem as a penalty.",
        "de": "{name} kann {price} nicht bezahlen und gibt einen Edelstein als Strafe ab.",
        "fr": "{name} ne peut pas payer {price} et cède une pierre en amende.",
    },
    "default_gem_seen": {
        "en": "{name} cannot pay {price} and gives up a {gem} as a penalty.",
        "de": "{name} kann {price} nicht bezahlen und gibt als Strafe ab: {gem}.",
        "fr": "{name} ne peut pas payer {price} et cède en amende : {gem}.",
    },
    "rerun": {
        "en": "The same lot goes up again; {name} runs the auction.",
        "de": "Dasselbe Los wird erneut versteigert; {name} führt die Auktion.",
        "fr": "Le même lot est remis en vente ; {name} mène l'enchère.",
    },
    "sold_to_bank": {
        "en": "{name} sells {gems} to the bank and lays down the marker.",
        "de": "{name} verkauft {gems} an die Kasse und legt die Marke offen aus.",
        "fr": "{name} vend {gems} à la banque et pose le jeton devant soi.",
    },
    "sold_to_bank_seen": {
        "en": "{name} sells {gems} to the bank (worth {value}): {paid} now, {owed} owed.",
        "de": "{name} verkauft {gems} an die Kasse (Wert {value}): {paid} sofort, {owed} später.",
        "fr": "{name} vend {gems} à la banque ({value}) : {paid} tout de suite, {owed} dû.",
    },
    "debt_paid": {
        "en": "The bank pays {name} {amount} it owed.",
        "de": "Die Kasse zahlt {name} {amount} nach.",
        "fr": "La banque verse à {name} {amount} qu'elle devait.",
    },
    "debt_paid_marker": {
        "en": "The bank pays {name} {amount} of the marker it owed.",
        "de": "Die Kasse zahlt {name} {amount} der Marke nach.",
        "fr": "La banque verse à {name} {amount} du jeton qu'elle devait.",
    },
    "lot_won": {
        "en": "{name} takes the lot: {gems}.",
        "de": "{name} erhält das Los: {gems}.",
        "fr": "{name} remporte le lot : {gems}.",
    },
    "lot_revealed": {
        "en": "New lot for {name} to auction: {gems} (base value {value}).",
        "de": "Neues Los für {name}: {gems} (Grundwert {value}).",
        "fr": "Nouveau lot pour {name} : {gems} (valeur de base {value}).",
    },
    "second_deck": {
        "en": "The first deck is used up: the bank hands out {gifts}, and a second deck of "
        "{cards} is shuffled.",
        "de": "Der erste Stapel ist versteigert: Die Kasse zahlt {gifts} aus, ein zweiter Stapel "
        "aus {cards} wird gemischt.",
        "fr": "La première pioche est épuisée : la banque distribue {gifts}, et une seconde "
        "pioche de {cards} est mélangée.",
    },
}

UI_TEXT: dict[str, dict[str, str]] = {
    "deck": {"en": "Deck {n}/2", "de": "Stapel {n}/2", "fr": "Pioche {n}/2"},
    "round": {"en": "Round {n}", "de": "Runde {n}", "fr": "Tour {n}"},
    "cash_only": {
        "en": "cash only",
        "de": "nur Bargeld",
        "fr": "espèces seulement",
    },
    "gems_pay": {
        "en": "gems pay too",
        "de": "auch mit Steinen",
        "fr": "pierres acceptées",
    },
    "bank": {"en": "Bank {amount}", "de": "Kasse {amount}", "fr": "Banque {amount}"},
    "pile": {
        "en": "covered pile: {gems}",
        "de": "verdeckt: {gems}",
        "fr": "pile cachée : {gems}",
    },
    "owes": {"en": "owes {debts}", "de": "schuldet {debts}", "fr": "doit {debts}"},
    "auctioneer": {
        "en": "Auctioneer: {name}",
        "de": "Auktionator: {name}",
        "fr": "Commissaire : {name}",
    },
    "base": {"en": "Base value {value}", "de": "Grundwert {value}", "fr": "Valeur de base {value}"},
    "no_lot": {"en": "No lot on the table", "de": "Kein Los ausgelegt", "fr": "Aucun lot"},
    # the auction block
    "sealed_head": {"en": "Sealed bids", "de": "Verdeckte Gebote", "fr": "Offres cachées"},
    "sealed": {
        "en": "Who runs the first auction?",
        "de": "Wer führt die erste Auktion?",
        "fr": "Qui mène la première vente ?",
    },
    "sealed_yours": {
        "en": "Your bid: {amount}",
        "de": "Dein Gebot: {amount}",
        "fr": "Votre offre : {amount}",
    },
    "sealed_cash": {
        "en": "Put down any cash, even nothing",
        "de": "Lege beliebig viel Bargeld ab, auch nichts",
        "fr": "Posez la somme voulue, même rien",
    },
    "sealed_count": {
        "en": "{n} of {of} bids are down; the highest pays and runs the first auction",
        "de": "{n} von {of} Geboten liegen; das höchste zahlt und führt die erste Auktion",
        "fr": "{n} offres sur {of} ; la plus haute paie et mène la première vente",
    },
    "choose_head": {"en": "The lot is out", "de": "Das Los liegt aus", "fr": "Le lot est exposé"},
    "choose": {
        "en": "{name} chooses the kind of auction",
        "de": "{name} wählt die Art der Versteigerung",
        "fr": "{name} choisit le type de vente",
    },
    "choose_you": {
        "en": "Your lot: open or falling auction?",
        "de": "Dein Los: nach oben oder nach unten?",
        "fr": "Votre lot : montante ou descendante ?",
    },
    "must_fall": {
        "en": "Your cash is below the base value: it must fall.",
        "de": "Dein Bargeld reicht nicht: Versteigerung nach unten.",
        "fr": "Vos espèces sont sous la valeur de base : vente descendante.",
    },
    "start_price": {"en": "Start price", "de": "Mindestpreis", "fr": "Mise à prix"},
    "open_head": {"en": "Open auction", "de": "Nach oben", "fr": "Enchère montante"},
    "no_bid": {
        "en": "no bid yet · start price {price}",
        "de": "noch kein Gebot · ab {price}",
        "fr": "aucune offre · mise à prix {price}",
    },
    "high_bid": {
        "en": "highest bid: {name}",
        "de": "Höchstgebot: {name}",
        "fr": "meilleure offre : {name}",
    },
    "you_lead": {
        "en": "You hold the highest bid",
        "de": "Du hast das Höchstgebot",
        "fr": "Vous avez la meilleure offre",
    },
    "you_passed": {
        "en": "You passed; bid again after a new bid",
        "de": "Gepasst; nach einem neuen Gebot darfst du wieder",
        "fr": "Vous avez passé ; rejouez après une nouvelle offre",
    },
    "beyond_means": {
        "en": "The next bid is beyond your means",
        "de": "Das nächste Gebot übersteigt deine Mittel",
        "fr": "La prochaine offre dépasse vos moyens",
    },
    "knock_hint": {
        "en": "Knock it down when the bidding stops",
        "de": "Erteile den Zuschlag, wenn keiner mehr bietet",
        "fr": "Adjugez quand les offres s'arrêtent",
    },
    "falling": {
        "en": "Falling auction",
        "de": "Versteigerung nach unten",
        "fr": "Vente descendante",
    },
    "asked": {
        "en": "{name} may buy or decline",
        "de": "{name} kann kaufen oder ablehnen",
        "fr": "{name} peut acheter ou refuser",
    },
    "falling_hint": {
        "en": "In turn from the auctioneer's left; when all decline, 1,000 less",
        "de": "Reihum ab links vom Auktionator; lehnen alle ab, 1.000 weniger",
        "fr": "À tour de rôle depuis la gauche ; si tous refusent, 1 000 de moins",
    },
    "asked_you": {
        "en": "Buy the lot at this price?",
        "de": "Kaufst du das Los zu diesem Preis?",
        "fr": "Acheter le lot à ce prix ?",
    },
    "preempt_head": {"en": "First refusal", "de": "Vorkaufsrecht", "fr": "Préemption"},
    "preempt": {
        "en": "{name} would buy at {price}",
        "de": "{name} würde für {price} kaufen",
        "fr": "{name} achèterait à {price}",
    },
    "preempt_you": {
        "en": "Take it yourself ({name} gets 1,000 from the bank) or let it go",
        "de": "Selbst kaufen ({name} erhält 1.000 aus der Kasse) oder verzichten",
        "fr": "Le prendre ({name} reçoit 1 000 de la banque) ou le laisser",
    },
    "start_hint": {
        "en": "Open: set a start price of at least the base value",
        "de": "Nach oben: Mindestpreis ab dem Grundwert festlegen",
        "fr": "Montante : fixez une mise à prix d'au moins la valeur de base",
    },
    "preempt_hint": {
        "en": "{name} may take it at that price",
        "de": "{name} hat das Vorkaufsrecht",
        "fr": "{name} peut le prendre à ce prix",
    },
    "pay_head": {"en": "Payment", "de": "Bezahlung", "fr": "Paiement"},
    "pay": {
        "en": "{name} pays {price}",
        "de": "{name} bezahlt {price}",
        "fr": "{name} paie {price}",
    },
    "pay_you": {"en": "Pay {price}", "de": "Bezahle {price}", "fr": "Payez {price}"},
    "pay_mixed_other": {
        "en": "cash, gems or necklaces",
        "de": "bar, mit Steinen oder Kolliers",
        "fr": "espèces, pierres ou colliers",
    },
    "pay_cash_only": {
        "en": "This lot is paid in cash",
        "de": "Dieses Los wird bar bezahlt",
        "fr": "Ce lot se paie en espèces",
    },
    "worth": {
        "en": "gems {gems} + cash {cash}",
        "de": "Steine {gems} + bar {cash}",
        "fr": "pierres {gems} + espèces {cash}",
    },
    "cannot_pay": {
        "en": "You cannot pay {price}",
        "de": "Du kannst {price} nicht bezahlen",
        "fr": "Vous ne pouvez pas payer {price}",
    },
    "penalty_hint": {
        "en": "Penalty, then the lot goes up again. Or tap a gem to give up.",
        "de": "Strafe, dann neue Auktion. Oder tippe einen Stein zum Abgeben.",
        "fr": "Amende, puis nouvelle vente. Ou touchez une pierre à céder.",
    },
    "penalty_gem_only": {
        "en": "Penalty: tap the gem you give up; then the lot goes up again",
        "de": "Strafe: Tippe den Stein, den du abgibst; dann neue Auktion",
        "fr": "Amende : touchez la pierre cédée ; puis le lot est remis en vente",
    },
    "commission_head": {"en": "Commission", "de": "Provision", "fr": "Commission"},
    "commission_choice": {
        "en": "{name} chooses the commission",
        "de": "{name} wählt die Provision",
        "fr": "{name} choisit sa commission",
    },
    "commission_you": {
        "en": "Half the cash, or one of the gems",
        "de": "Halbes Bargeld oder einer der Steine",
        "fr": "La moitié des espèces, ou une pierre",
    },
    "paid_with": {
        "en": "paid: {cash} and {gems}",
        "de": "bezahlt: {cash} und {gems}",
        "fr": "payé : {cash} et {gems}",
    },
    "over": {"en": "The game is over", "de": "Das Spiel ist aus", "fr": "La partie est finie"},
    "winner": {
        "en": "Best necklace: {name} · {value}",
        "de": "Wertvollstes Kollier: {name} · {value}",
        "fr": "Plus beau collier : {name} · {value}",
    },
    # buttons
    "plus1": {"en": "+1,000", "de": "+1.000", "fr": "+1 000"},
    "plus5": {"en": "+5,000", "de": "+5.000", "fr": "+5 000"},
    "bid": {"en": "Bid", "de": "Bieten", "fr": "Offrir"},
    "pass": {"en": "Pass", "de": "Passen", "fr": "Passer"},
    "knock": {"en": "Knock down", "de": "Zuschlag", "fr": "Adjuger"},
    "accept": {"en": "Buy", "de": "Kaufen", "fr": "Acheter"},
    "decline": {"en": "Decline", "de": "Ablehnen", "fr": "Refuser"},
    "falling_button": {
        "en": "Falling from {price}",
        "de": "Nach unten ab {price}",
        "fr": "Descendante dès {price}",
    },
    "open_button": {"en": "Open", "de": "Eröffnen", "fr": "Ouvrir"},
    "preempt_button": {"en": "Take it", "de": "Selbst kaufen", "fr": "Le prendre"},
    "waive_button": {"en": "Let it go", "de": "Verzichten", "fr": "Laisser"},
    "pay_button": {"en": "Pay", "de": "Bezahlen", "fr": "Payer"},
    "pay_cash_button": {
        "en": "Pay {price} in cash",
        "de": "{price} bar bezahlen",
        "fr": "Payer {price} en espèces",
    },
    "necklace_button": {"en": "Necklace", "de": "Kollier", "fr": "Collier"},
    "clear": {"en": "Clear", "de": "Leeren", "fr": "Effacer"},
    "penalty_button": {
        "en": "Pay the {amount} penalty",
        "de": "{amount} Strafe zahlen",
        "fr": "Payer {amount} d'amende",
    },
    "half_cash": {"en": "Cash: {amount}", "de": "Bar: {amount}", "fr": "Espèces : {amount}"},
    "put_down": {"en": "Put down", "de": "Ablegen", "fr": "Poser"},
    "suggest": {"en": "Suggestions:", "de": "Vorschläge:", "fr": "Suggestions :"},
    "suggest_cash": {"en": "cash", "de": "bar", "fr": "espèces"},
    # the seat's own corner
    "your_cash": {
        "en": "Your cash {amount}",
        "de": "Dein Geld {amount}",
        "fr": "Vos espèces {amount}",
    },
    "marker": {"en": "marker {amount}", "de": "Marke {amount}", "fr": "jeton {amount}"},
    "no_gems": {"en": "No gems yet", "de": "Noch keine Edelsteine", "fr": "Pas encore de pierres"},
    "necklace": {
        "en": "Your best necklace",
        "de": "Dein bestes Kollier",
        "fr": "Votre plus beau collier",
    },
    "necklace_value": {
        "en": "{value} = {base} × {kinds} kinds",
        "de": "{value} = {base} × {kinds} Arten",
        "fr": "{value} = {base} × {kinds} sortes",
    },
    "no_necklace": {
        "en": "No necklace yet: a centre gem and a pair of a cheaper kind make one",
        "de": "Noch kein Kollier: ein Mittelstein und ein Paar einer billigeren Art",
        "fr": "Pas encore de collier : une pierre centrale et une paire moins chère",
    },
    "sell": {
        "en": "Sell to the bank…",
        "de": "An die Kasse verkaufen…",
        "fr": "Vendre à la banque…",
    },
    "spectator": {
        "en": "Money and gems are secret: you see how many gems each player holds.",
        "de": "Geld und Steine sind geheim: Du siehst nur, wie viele Steine jeder hat.",
        "fr": "L'argent et les pierres sont secrets : seul leur nombre se voit.",
    },
    # the bank sale dialog
    "sale_title": {
        "en": "Sell to the bank (once a game)",
        "de": "An die Kasse verkaufen (einmal im Spiel)",
        "fr": "Vendre à la banque (une fois par partie)",
    },
    "sale_hint": {
        "en": "Tap gems in your hand, or take your necklace whole.",
        "de": "Tippe Steine in deiner Hand an oder nimm dein Kollier.",
        "fr": "Touchez vos pierres, ou prenez votre collier entier.",
    },
    "sale_value": {
        "en": "Worth {value}; the bank pays at most {cap}",
        "de": "Wert {value}; die Kasse zahlt höchstens {cap}",
        "fr": "Valeur {value} ; la banque paie au plus {cap}",
    },
    "sale_bank": {
        "en": "The bank holds {bank}; it owes you the rest. You also take the {marker} marker.",
        "de": "In der Kasse: {bank}; den Rest schuldet sie dir. Dazu die Marke ({marker}).",
        "fr": "La banque a {bank} ; elle vous doit le reste. Et le jeton de {marker}.",
    },
    "sale_button": {"en": "Sell", "de": "Verkaufen", "fr": "Vendre"},
    "cancel": {"en": "Cancel", "de": "Abbrechen", "fr": "Annuler"},
    "gems_chosen": {"en": "chosen: {gems}", "de": "gewählt: {gems}", "fr": "choisi : {gems}"},
    "all_cash": {"en": "all in cash", "de": "alles in bar", "fr": "tout en espèces"},
    "nothing_chosen": {"en": "nothing chosen", "de": "nichts gewählt", "fr": "rien de choisi"},
    "necklace_of": {
        "en": "necklace of {gems}",
        "de": "Kollier aus {gems}",
        "fr": "collier de {gems}",
    },
    # banners and the top bar
    "sold": {"en": "Sold!", "de": "Zuschlag!", "fr": "Adjugé !"},
    "penalty": {"en": "Cannot pay!", "de": "Zahlungsunfähig!", "fr": "Insolvable !"},
    "second": {"en": "Second deck", "de": "Zweiter Stapel", "fr": "Seconde pioche"},
    "status_round": {"en": "round {n}", "de": "Runde {n}", "fr": "tour {n}"},
    # panels and results
    "panel_gems": {"en": "◆ {gems}", "de": "◆ {gems}", "fr": "◆ {gems}"},
    "panel_cash": {"en": "cash {amount}", "de": "Geld {amount}", "fr": "espèces {amount}"},
    "panel_auctioneer": {"en": "auctioneer", "de": "Auktionator", "fr": "commissaire"},
    "result_line": {
        "en": "{name}: {gems} — {value}",
        "de": "{name}: {gems} — {value}",
        "fr": "{name} : {gems} — {value}",
    },
    "result_none": {
        "en": "{name}: no necklace",
        "de": "{name}: kein Kollier",
        "fr": "{name} : pas de collier",
    },
    "tie_gems": {
        "en": "Tie on the necklace: fewer gems in it wins.",
        "de": "Gleichstand beim Kollier: weniger Steine darin gewinnen.",
        "fr": "Égalité sur le collier : le moins de gemmes l'emporte.",
    },
    "tie_outside": {
        "en": "Tie on the necklace: the best gem outside it wins ({name}: {value}).",
        "de": "Gleichstand beim Kollier: der beste Stein außerhalb entscheidet ({name}: {value}).",
        "fr": "Égalité sur le collier : la meilleure gemme hors du collier l'emporte "
        "({name} : {value}).",
    },
    "tie_money": {
        "en": "Tie on the necklace and the gems: the most money wins ({name}: {value}).",
        "de": "Gleichstand bei Kollier und Steinen: das meiste Geld gewinnt ({name}: {value}).",
        "fr": "Égalité sur le collier et les gemmes : le plus d'argent l'emporte "
        "({name} : {value}).",
    },
}

PHASE_TEXT: dict[str, dict[str, str]] = {
    "sealed": {"en": "sealed bids", "de": "verdeckte Gebote", "fr": "offres cachées"},
    "choose": {"en": "choice of auction", "de": "Wahl der Auktion", "fr": "choix de la vente"},
    "open": {"en": "open auction", "de": "nach oben", "fr": "enchère montante"},
    "falling": {"en": "falling auction", "de": "nach unten", "fr": "vente descendante"},
    "preempt": {"en": "first refusal", "de": "Vorkaufsrecht", "fr": "préemption"},
    "pay": {"en": "payment", "de": "Bezahlung", "fr": "paiement"},
    "commission": {"en": "commission", "de": "Provision", "fr": "commission"},
    "over": {"en": "game over", "de": "Spielende", "fr": "fin"},
}


def ui(key: str, **fields: Any) -> str:
    """A label of the table in the UI language."""
    return i18n.pick(UI_TEXT[key], **fields)


HELP: dict[str, str] = {
    "en": (
        "Das Kollier — buy gems at auction and string the most valuable necklace.\n"
        "Gems, most valuable first: diamond 10,000 · ruby 9,000 · topaz 8,000 · emerald 7,000 · "
        "garnet 6,000 · tourmaline 5,000 · amethyst 4,000 · opal 3,000 · turquoise 2,000 · "
        "agate 1,000. Each kind has its own colour and cut.\n"
        "A necklace is one centre gem of a kind dearer than every other kind in it, and at "
        "least one pair of cheaper gems, each kind in pairs, laid symmetrically. Its value is the "
        "sum of its gems times the number of kinds: a ruby, 2 topazes and 4 agates make "
        "29,000 × 3 = 87,000. The table always shows your best one.\n"
        "Cash and gems are secret; everyone sees only how many gems each player holds.\n"
        "The lot: the auctioneer turns cards until they are worth at least 6,000 (5,000 with 5 "
        "players, 4,000 with 6) and then chooses:\n"
        "• Open auction: name a start price of at least the base value; everyone else bids at "
        "once, in thousands (+1,000, +5,000 or type an amount), or passes. The auctioneer knocks "
        "it down — or the clock does after a quiet spell. No bid: the auctioneer buys it at the "
        "start price.\n"
        "• Falling auction: the lot is offered at its base value to each player in turn from "
        "the auctioneer's left; when all decline, the price drops by 1,000. If someone buys "
        "below the base value, the auctioneer may take it at that price instead, and the other "
        "buyer gets 1,000 from the bank.\n"
        "In rounds 1–6 you pay in cash, and an auctioneer with less cash than the base value "
        "must let the lot fall. From round 7, an open auction may be paid with cash, single gems "
        "(base value) and whole necklaces (necklace value), without change.\n"
        "Commission: half the cash paid, rounded up to 1,000, or — if gems were paid — one of "
        "them. A falling auction always pays at least 4,000. The buyer runs the next auction.\n"
        "Cannot pay? Give the bank 3,000 or a gem of your choice; the lot goes up again.\n"
        "Once a game you may sell gems (base value) or one necklace to the bank for at most "
        "10,000 — what it lacks it owes you — and you lay down a 1,000 marker.\n"
        "When the deck runs out, everyone gets 3,000 and the bank's gems with the diamond, rubies "
        "and topazes form a second deck. After it, the best necklace wins; ties go to fewer "
        "gems, then the best gem outside, then money."
    ),
    "de": (
        "Das Kollier — ersteigere Edelsteine und füge das wertvollste Kollier zusammen.\n"
        "Die Steine, der teuerste zuerst: Diamant 10.000 · Rubin 9.000 · Topas 8.000 · Smaragd "
        "7.000 · Granat 6.000 · Turmalin 5.000 · Amethyst 4.000 · Opal 3.000 · Türkis 2.000 · "
        "Achat 1.000. Jede Art hat eigene Farbe und eigenen Schliff.\n"
        "Ein Kollier ist ein Mittelstein, wertvoller als jede andere Art darin, und mindestens "
        "ein Paar billigerer Steine, jede Art paarweise und symmetrisch gelegt. Sein Wert ist die "
        "Summe der Steine mal die Zahl der Arten: Rubin, 2 Topase und 4 Achate ergeben "
        "29.000 × 3 = 87.000. Der Tisch zeigt immer dein bestes.\n"
        "Geld und Steine sind geheim; alle sehen nur, wie viele Steine jemand hat.\n"
        "Das Los: Der Auktionator deckt Karten auf, bis sie zusammen mindestens 6.000 wert sind "
        "(5.000 zu fünft, 4.000 zu sechst), und wählt dann:\n"
        "• Nach oben: ein Mindestpreis ab dem Grundwert; alle anderen bieten durcheinander in "
        "Tausendern (+1.000, +5.000 oder Betrag eintippen) oder passen. Der Auktionator erteilt "
        "den Zuschlag — sonst die Uhr nach einer ruhigen Weile. Ohne Gebot kauft er selbst zum "
        "Mindestpreis.\n"
        "• Nach unten: Das Los wird reihum ab dem linken Nachbarn zum Grundwert angeboten; lehnen "
        "alle ab, sinkt der Preis um 1.000. Kauft jemand unter dem Grundwert, darf der "
        "Auktionator zu diesem Preis selbst kaufen; der andere erhält 1.000 aus der Kasse.\n"
        "In den Runden 1–6 wird bar bezahlt, und wer als Auktionator weniger Bargeld als den "
        "Grundwert hat, muss nach unten versteigern. Ab Runde 7 zahlt man eine Versteigerung nach "
        "oben auch mit Steinen (Grundwert) und ganzen Kolliers (Kollierwert), ohne Wechselgeld.\n"
        "Provision: die Hälfte des Bargelds, auf 1.000 aufgerundet, oder — wenn Steine gezahlt "
        "wurden — einer davon. Nach unten gibt es mindestens 4.000. Wer kauft, führt die nächste "
        "Auktion.\n"
        "Zahlungsunfähig? 3.000 oder ein Stein deiner Wahl an die Kasse; das Los wird neu "
        "versteigert.\n"
        "Einmal im Spiel darfst du Steine (Grundwert) oder ein Kollier an die Kasse verkaufen, "
        "für höchstens 10.000 — was fehlt, schuldet sie dir — und legst 1.000 als Marke aus.\n"
        "Ist der Stapel aufgebraucht, erhält jeder 3.000, und die Steine der Kasse bilden mit "
        "Diamant, Rubinen und Topasen einen zweiten Stapel. Danach gewinnt das wertvollste "
        "Kollier; bei Gleichstand weniger Steine, dann der beste Stein außerhalb, dann Geld."
    ),
    "fr": (
        "Das Kollier — achetez des pierres aux enchères et montez le collier le plus précieux.\n"
        "Les pierres, de la plus chère : diamant 10 000 · rubis 9 000 · topaze 8 000 · émeraude "
        "7 000 · grenat 6 000 · tourmaline 5 000 · améthyste 4 000 · opale 3 000 · turquoise "
        "2 000 · agate 1 000. Chaque sorte a sa couleur et sa taille.\n"
        "Un collier, c'est une pierre centrale plus chère que toute autre sorte du collier, et au "
        "moins une paire de pierres moins chères, chaque sorte par paires, posées symétriquement. "
        "Sa valeur est la somme des pierres fois le nombre de sortes : un rubis, 2 topazes et "
        "4 agates font 29 000 × 3 = 87 000. La table montre toujours votre meilleur collier.\n"
        "Espèces et pierres sont secrètes ; chacun ne voit que le nombre de pierres des autres.\n"
        "Le lot : le commissaire retourne des cartes jusqu'à 6 000 au moins (5 000 à 5 joueurs, "
        "4 000 à 6), puis choisit :\n"
        "• Enchère montante : une mise à prix d'au moins la valeur de base ; tous les autres "
        "enchérissent en même temps, par milliers (+1 000, +5 000 ou un montant tapé), ou "
        "passent. Le commissaire adjuge — ou l'horloge après un moment de calme. Sans offre, il "
        "achète lui-même à la mise à prix.\n"
        "• Vente descendante : le lot est proposé à sa valeur de base à chacun à tour de rôle "
        "depuis la gauche du commissaire ; si tous refusent, le prix baisse de 1 000. Si "
        "quelqu'un achète sous la valeur de base, le commissaire peut le prendre à ce prix, et "
        "l'autre reçoit 1 000 de la banque.\n"
        "Aux tours 1 à 6 on paie en espèces, et un commissaire qui a moins que la valeur de base "
        "doit vendre en descendant. Dès le tour 7, une enchère montante se paie aussi en pierres "
        "(valeur de base) et en colliers entiers (valeur de collier), sans rendu de monnaie.\n"
        "Commission : la moitié des espèces, arrondie au millier supérieur, ou — si des pierres "
        "ont été payées — l'une d'elles. Une vente descendante rapporte au moins 4 000. "
        "L'acheteur mène la vente suivante.\n"
        "Insolvable ? Donnez 3 000 ou une pierre de votre choix à la banque ; le lot est remis en "
        "vente.\n"
        "Une fois par partie, vous pouvez vendre des pierres (valeur de base) ou un collier à la "
        "banque pour 10 000 au plus — ce qui manque, elle vous le doit — et vous posez un jeton "
        "de 1 000.\n"
        "Quand la pioche est épuisée, chacun reçoit 3 000 et les pierres de la banque, avec le "
        "diamant, les rubis et les topazes, forment une seconde pioche. Ensuite, le plus beau "
        "collier gagne ; à égalité, le moins de pierres, puis la plus belle pierre hors collier, "
        "puis l'argent."
    ),
}

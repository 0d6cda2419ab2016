"""La Magie des Bijoux's words: the plaques' names, log sentences, the panels' and results'
lines, and the rules help."""

from __future__ import annotations

from typing import Any

from client import i18n
from client.tables.base import Event, TableContext, View
from client.tables.magie_des_bijoux.layout import Grid
from shared.games.magie_des_bijoux import PLAQUE_KINDS

KIND_NAMES: dict[str, dict[str, str]] = {
    "ring": {"en": "ring", "de": "Ring", "fr": "bague"},
    "ear clip": {"en": "pair of ear clips", "de": "Ohrclips", "fr": "boucles d'oreilles"},
    "brooch": {"en": "brooch", "de": "Brosche", "fr": "broche"},
    "bangle": {"en": "bangle", "de": "Armreif", "fr": "bracelet"},
    "diadem": {"en": "diadem", "de": "Diadem", "fr": "diadème"},
    "crown": {"en": "crown", "de": "Krone", "fr": "couronne"},
}

EVENT_TEXT: dict[str, dict[str, str]] = {
    "pawn_placed": {
        "en": "{name} puts the pawn on a {kind}.",
        "de": "{name} stellt die Figur auf: {kind}.",
        "fr": "{name} pose le pion sur : {kind}.",
    },
    "stone_placed": {
        "en": "{name} sets a stone in the {kind} ({filled} of {settings}).",
        "de": "{name} setzt einen Stein: {kind} ({filled} von {settings}).",
        "fr": "{name} sertit une pierre : {kind} ({filled} sur {settings}).",
    },
    "plaque_filled": {
        "en": "The {kind} is complete.",
        "de": "{kind}: alle Fassungen besetzt.",
        "fr": "{kind} : toutes les montures sont pleines.",
    },
    "extra_move": {
        "en": "{name} earns an extra move!",
        "de": "{name} erhält einen Extrazug!",
        "fr": "{name} gagne un coup de plus !",
    },
    "blocked": {
        "en": "The pawn has nowhere to go: the game is over.",
        "de": "Die Figur kann nirgends hin: Das Spiel ist aus.",
        "fr": "Le pion ne peut plus bouger : la partie est finie.",
    },
    "no_stones": {
        "en": "{name} has no stones left: the game is over.",
        "de": "{name} hat keine Steine mehr: Das Spiel ist aus.",
        "fr": "{name} n'a plus de pierres : la partie est finie.",
    },
}

UI_TEXT: dict[str, dict[str, str]] = {
    "extra": {"en": "Extra move!", "de": "Extrazug!", "fr": "Coup bonus !"},
    "place_pawn": {
        "en": "Place the pawn on any plaque",
        "de": "Stelle die Figur auf eine Platte",
        "fr": "Posez le pion sur une plaque",
    },
    "stones": {
        "en": "Stones left: {n}",
        "de": "Steine übrig: {n}",
        "fr": "Pierres restantes : {n}",
    },
    "points": {"en": "Points so far: {n}", "de": "Punkte bisher: {n}", "fr": "Points acquis : {n}"},
    "final_points": {"en": "Points: {n}", "de": "Punkte: {n}", "fr": "Points : {n}"},
    "empty": {
        "en": "Empty settings: {n}",
        "de": "Leere Fassungen: {n}",
        "fr": "Montures vides : {n}",
    },
    "perfect": {
        "en": "Every setting is filled: a perfect solitaire!",
        "de": "Alle Fassungen besetzt: ein perfektes Solitär!",
        "fr": "Toutes les montures sont pleines : réussite parfaite !",
    },
    "solitaire_left": {
        "en": "{n} settings stayed empty (0 wins the solitaire).",
        "de": "{n} Fassungen blieben leer (0 gewinnt das Solitär).",
        "fr": "{n} montures sont restées vides (0 gagne la réussite).",
    },
    "neutral": {
        "en": "Plaques won by nobody: {n} points.",
        "de": "Platten ohne Besitzer: {n} Punkte.",
        "fr": "Plaques sans gagnant : {n} points.",
    },
}

HELP: dict[str, str] = {
    "en": (
        "La Magie des Bijoux — jewellers set stones for the royal wedding.\n"
        "The board is a grid of jewel plaques; each has 1 to 6 settings and is worth that many "
        "points. Everyone shares one pawn.\n"
        "Start: the first player puts the pawn on any plaque, without a stone.\n"
        "Your turn: move the pawn like a rook — along its row or column, as far as you like, "
        "jumping over anything — to a plaque that still has a free setting. It may not go back "
        "to the plaque it stood on just before (marked with a faint pawn). Then set one of your "
        "stones there. Drag the pawn, or tap a glowing plaque.\n"
        "Filling a plaque's last setting gives you one extra move at once, but an extra move "
        "never earns another.\n"
        "End: when the player to move has no plaque to go to, or no stone left.\n"
        "Scoring: you win a plaque with strictly more stones on it than every other player and "
        "than its empty settings (they count as one more player). Most points wins; ties share.\n"
        "Solitaire: one player with all four colours; the fewer settings stay empty, the better — "
        "none left empty is a win."
    ),
    "de": (
        "Juwelenzauber — Goldschmiede fassen Steine für die königliche Hochzeit.\n"
        "Das Brett ist ein Raster aus Schmuckplatten mit je 1 bis 6 Fassungen; jede Platte zählt "
        "so viele Punkte, wie sie Fassungen hat. Alle ziehen dieselbe Figur.\n"
        "Start: Wer beginnt, stellt die Figur auf eine beliebige Platte, ohne Stein.\n"
        "Dein Zug: Ziehe die Figur wie einen Turm — in ihrer Reihe oder Spalte, beliebig weit, "
        "über alles hinweg — auf eine Platte mit freier Fassung. Zurück auf die Platte, auf der "
        "sie direkt zuvor stand (blass markiert), darf sie nicht. Dann setzt du dort einen "
        "deiner Steine. Ziehe die Figur oder tippe auf eine leuchtende Platte.\n"
        "Wer die letzte Fassung einer Platte füllt, zieht sofort noch einmal; ein Extrazug "
        "bringt aber keinen weiteren.\n"
        "Ende: wenn wer am Zug ist, keine Platte erreichen kann oder keinen Stein mehr hat.\n"
        "Wertung: Eine Platte gewinnt, wer mehr Steine darauf hat als jeder andere und als sie "
        "leere Fassungen hat (die zählen wie ein weiterer Spieler). Die meisten Punkte gewinnen.\n"
        "Solitär: allein mit allen vier Farben; je weniger Fassungen leer bleiben, desto besser — "
        "keine leere Fassung ist ein Sieg."
    ),
    "fr": (
        "La Magie des Bijoux — des orfèvres sertissent des pierres pour le mariage royal.\n"
        "Le plateau est une grille de plaques-bijoux ; chacune a de 1 à 6 montures et vaut autant "
        "de points. Tout le monde joue le même pion.\n"
        "Départ : le premier joueur pose le pion sur une plaque au choix, sans pierre.\n"
        "À votre tour : déplacez le pion comme une tour — dans sa rangée ou sa colonne, aussi "
        "loin que vous voulez, par-dessus tout — vers une plaque qui a encore une monture libre. "
        "Il ne peut pas revenir sur la plaque qu'il vient de quitter (marquée d'un pion pâle). "
        "Sertissez-y ensuite une de vos pierres. Faites glisser le pion ou touchez une plaque "
        "qui brille.\n"
        "Remplir la dernière monture d'une plaque donne aussitôt un coup de plus, mais un coup "
        "bonus n'en donne jamais un autre.\n"
        "Fin : quand le joueur au trait ne peut aller nulle part ou n'a plus de pierre.\n"
        "Décompte : une plaque revient à qui y a plus de pierres que chaque autre joueur et que "
        "de montures vides (elles comptent comme un joueur de plus). Le plus de points gagne.\n"
        "Réussite : seul avec les quatre couleurs ; moins il reste de montures vides, mieux "
        "c'est — aucune, c'est gagné."
    ),
}


def extra_move_banner() -> str:
    """The words on the banner that pops up for an extra move."""
    return i18n.pick(UI_TEXT["extra"])


class MagieWords:
    """The view's sentences: what the log, the top bar, the panels and the results say.

    Part of `MagieDesBijouxView`; reads its `view`, `ctx` and `grid`.
    """

    view: View
    ctx: TableContext
    grid: Grid

    def _kind(self, rc: list[int]) -> str:
        settings = self.view["settings"][self.grid.cell(rc)]
        return i18n.pick(KIND_NAMES[PLAQUE_KINDS[settings]])

    def event_text(self, event: Event) -> str | None:
        kind = event.get("type")
        name = self.ctx.name(event.get("seat"))
        if kind in ("pawn_placed", "plaque_filled"):
            return i18n.pick(EVENT_TEXT[kind], name=name, kind=self._kind(event["plaque"]))
        if kind == "stone_placed":
            return i18n.pick(
                EVENT_TEXT[kind],
                name=name,
                kind=self._kind(event["plaque"]),
                filled=event["filled"],
                settings=event["settings"],
            )
        if kind == "extra_move":
            return i18n.pick(EVENT_TEXT[kind], name=name)
        if kind == "game_over":
            return i18n.pick(EVENT_TEXT[event.get("reason", "blocked")], name=name)
        return None

    def help_text(self) -> str:
        return i18n.pick(HELP)

    def status(self) -> str | None:
        if not self.view or self.view.get("end") is not None:
            return None
        if self.view["pawn"] is None:
            return i18n.pick(UI_TEXT["place_pawn"])
        if self.view["extra"]:
            return i18n.pick(UI_TEXT["extra"])
        return None

    def panel_lines(self, seat: int) -> list[str]:
        if not self.view:
            return []
        lines = [i18n.pick(UI_TEXT["stones"], n=self.view["supply"][seat])]
        if self.view["players"] == 1:
            empty = sum(
                s - sum(st)
                for s, st in zip(self.view["settings"], self.view["stones"], strict=True)
            )
            lines.append(i18n.pick(UI_TEXT["empty"], n=empty))
        else:
            points = sum(
                s
                for s, o in zip(self.view["settings"], self.view["owners"], strict=True)
                if o == seat
            )
            key = "points" if self.view.get("end") is None else "final_points"
            lines.append(i18n.pick(UI_TEXT[key], n=points))
        return lines

    def result_lines(self, outcome: dict[str, Any]) -> list[str]:
        if outcome.get("solitaire"):
            empty = outcome.get("empty_settings", 0)
            if empty == 0:
                return [i18n.pick(UI_TEXT["perfect"])]
            return [i18n.pick(UI_TEXT["solitaire_left"], n=empty)]
        return [i18n.pick(UI_TEXT["neutral"], n=outcome.get("neutral_points", 0))]

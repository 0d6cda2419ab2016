"""Ratings that last: one per person (by name) and game, across evenings, from counted games.

openskill's Plackett–Luce model rates a game of any number of players from their placings (ties
allowed). A rating is shown as its conservative value μ − 3σ: low while little is known of a
person, rising as games show what they can do. Names are the identities here: a person keeps a
rating by keeping a name (the same name in any case and spacing, see `server.evening.name_key`).
"""

from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce

from server.store import RatingRow


def name_key(name: str) -> str:
    """The person a name stands for: the same name in any case and spacing is one person."""
    return " ".join(name.split()).casefold()


def conservative(mu: float, sigma: float) -> float:
    """The value shown beside a name: μ − 3σ, to two decimals."""
    return round(mu - 3 * sigma, 2)


class Ratings:
    """The ratings of every person and game, as stored."""

    def __init__(self, rows: list[RatingRow]) -> None:
        self.model = PlackettLuce()
        self.kept: dict[tuple[str, str], RatingRow] = {(r.name_key, r.game): r for r in rows}

    def after(self, game: str, placed: list[tuple[str, int]]) -> list[RatingRow]:
        """The ratings of the people of one counted game of `game` after it: `placed` is each
        person's (name, place), place 1 first, equal places tied."""
        before = [self.kept.get((name_key(name), game)) for name, _ in placed]
        teams = [
            [self.model.rating() if row is None else self.model.rating(mu=row.mu, sigma=row.sigma)]
            for row in before
        ]
        rated = self.model.rate(teams, ranks=[float(place) for _, place in placed])
        return [
            RatingRow(
                name_key(name), game, name, team[0].mu, team[0].sigma, (row.games if row else 0) + 1
            )
            for (name, _), team, row in zip(placed, rated, before, strict=True)
        ]

    def update(self, rows: list[RatingRow]) -> None:
        for row in rows:
            self.kept[(row.name_key, row.game)] = row

    def shown(self, name: str, game: str) -> float | None:
        """The person's conservative rating in `game`; None before their first counted game."""
        row = self.kept.get((name_key(name), game))
        return None if row is None else conservative(row.mu, row.sigma)

    def listed(self, game: str | None = None) -> list[dict[str, Any]]:
        """Every rating (of one game, or all), best first."""
        rows = [r for r in self.kept.values() if game is None or r.game == game]
        listed = [
            {
                "name": r.name,
                "game": r.game,
                "rating": conservative(r.mu, r.sigma),
                "mu": round(r.mu, 4),
                "sigma": round(r.sigma, 4),
                "games": r.games,
            }
            for r in rows
        ]
        return sorted(listed, key=lambda e: (-e["rating"], e["game"], name_key(e["name"])))

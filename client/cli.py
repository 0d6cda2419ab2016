"""The `jeweltable` command: no arguments opens the client; subcommands serve, discover, play,
screenshot and replay."""

from __future__ import annotations

import argparse
import json
import sys

from shared import engine


def _add_play(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play one whole game")
    p.add_argument(
        "--headless",
        action="store_true",
        required=True,
        help="no window: random legal moves for every seat",
    )
    p.add_argument("--game", required=True, help=f"game id ({', '.join(engine.list_games())})")
    p.add_argument("--players", type=int, required=True, help="number of seats")
    p.add_argument("--seed", type=int, default=0, help="the table's seed (default 0)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table option, VALUE in JSON (repeatable)",
    )
    p.add_argument("--json", action="store_true", help="print the outcome as one JSON line")
    p.set_defaults(func=_play_headless)


def parse_options(pairs: list[str]) -> dict:
    """`NAME=VALUE` pairs with JSON values (bare words are taken as strings)."""
    options = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise SystemExit(f"jeweltable: --option takes NAME=VALUE, not {pair!r}")
        try:
            options[name] = json.loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
    return options


def _play_headless(args: argparse.Namespace) -> int:
    from shared.randomplay import play_random_game

    try:
        game = engine.get_game(args.game)
        state, history = play_random_game(game, args.seed, args.players, parse_options(args.option))
    except (KeyError, engine.OptionError) as exc:
        print(f"jeweltable: {exc.args[0]}", file=sys.stderr)
        return 2
    result = {
        "game": game.id,
        "seed": args.seed,
        "players": args.players,
        "moves": len(history),
        **game.outcome(state),
    }
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(f"{game.title}: {len(history)} moves, seed {args.seed}")
        for seat, score in enumerate(result["scores"]):
            crown = "  (winner)" if seat in result["winners"] else ""
            print(f"  seat {seat}: {score}{crown}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="jeweltable", description=__doc__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_play(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())

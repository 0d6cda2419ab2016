"""The `jeweltable` command: no arguments opens the client; subcommands serve, discover, play,
screenshot, replay and evening."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from shared import engine


def _add_play(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play one whole game")
    p.add_argument(
        "--headless",
        action="store_true",
        required=True,
        help="no window: random legal moves for every seat, played through a local server",
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
    p.add_argument("--data", type=Path, help="keep the game's journal in this folder (for replay)")
    p.set_defaults(func=_play_headless)


def _add_serve(sub: argparse._SubParsersAction) -> None:
    from shared.protocol import DEFAULT_PORT

    p = sub.add_parser("serve", help="run a game server on this machine")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default all)")
    p.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any)"
    )
    p.add_argument("--name", help="the server's name in discovery (default: the host name)")
    p.add_argument("--data", type=Path, help="data folder (default: the user's data folder)")
    p.add_argument(
        "--interface",
        action="append",
        default=[],
        metavar="ADDR",
        help="announce discovery only on this IPv4 address (repeatable)",
    )
    p.add_argument("--no-discovery", action="store_true", help="do not announce on the LAN")
    p.add_argument(
        "--web-port",
        type=int,
        help="port of the page for phones and tablets (default: the TCP port + 1; 0: any)",
    )
    p.add_argument("--no-web", action="store_true", help="serve no page for browsers")
    p.add_argument(
        "--fsync",
        action="store_true",
        help="wait for the disk on every move, so that even a power cut loses none (slower)",
    )
    p.add_argument(
        "--evening",
        metavar="NAME",
        help="open the host's evening NAME: counted games add up to standings (an open "
        "evening of that name goes on)",
    )
    p.add_argument("--quiet", action="store_true", help="log no facts of the evening")
    p.add_argument("--log-json", action="store_true", help="log the evening's facts as JSON lines")
    p.set_defaults(func=_serve)


def _serve(args: argparse.Namespace) -> int:
    from server.app import ServerConfig, default_web_port, run

    web_port = default_web_port(args.port) if args.web_port is None else args.web_port
    config = ServerConfig(
        host=args.host,
        port=args.port,
        interfaces=args.interface,
        discovery=not args.no_discovery,
        fsync=args.fsync,
        web_port=None if args.no_web else web_port,
        evening=args.evening,
        log_facts=not args.quiet,
        log_json=args.log_json,
    )
    if args.name:
        config.name = args.name
    if args.data:
        config.data_dir = args.data
    return run(config)


def _add_discover(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("discover", help="list the Jewel Table servers on the LAN")
    p.add_argument(
        "--interface",
        action="append",
        default=[],
        metavar="ADDR",
        help="listen only on this IPv4 address (repeatable)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=3.0,
        help="listen at most this long; it ends 0.25 s after the last answer (default 3)",
    )
    p.add_argument("--json", action="store_true", help="print the servers as JSON")
    p.set_defaults(func=_discover)


def _discover(args: argparse.Namespace) -> int:
    import asyncio

    from server.discovery import browse

    servers = asyncio.run(browse(args.interface or None, args.timeout))
    if args.json:
        print(json.dumps(servers, sort_keys=True))
    elif not servers:
        print(f"no Jewel Table server heard within {args.timeout:g} s")
    for s in [] if args.json else servers:
        where = ", ".join(f"{a}:{s['port']}" for a in s["addresses"])
        note = "" if s["compatible"] else f"  (protocol {s['version']}: incompatible)"
        web = f"  web: {s['web']}" if s.get("web") else ""
        print(f"{s['name']}  {where}  open tables: {s['open_tables']}{web}{note}")
    return 0


def _add_replay(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="list stored tables, or print one table's game log")
    p.add_argument("table", nargs="?", type=int, help="the table id (omitted: list tables)")
    p.add_argument("--data", type=Path, help="data folder (default: the user's data folder)")
    p.add_argument("--reveal", action="store_true", help="show hidden facts in the events too")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument(
        "--export", type=Path, metavar="FILE", help="write the finished game as a .jtg game file"
    )
    p.add_argument(
        "--open", type=Path, metavar="FILE", help="watch a .jtg game file in the replay viewer"
    )
    p.set_defaults(func=_replay)


def _replay(args: argparse.Namespace) -> int:
    from server import replay
    from server.store import NotADatabase, Store, default_data_dir
    from shared import gamefile

    if args.open is not None:
        try:
            doc = gamefile.read(args.open)
        except gamefile.GameFileError as exc:
            print(f"jeweltable: {exc}", file=sys.stderr)
            return 2
        from client.app import run_replay

        return run_replay(doc)
    data = args.data or default_data_dir()
    if not data.exists():
        print(f"jeweltable: no data folder at {data}", file=sys.stderr)
        return 2
    try:
        store = Store(data)
    except NotADatabase as exc:
        print(
            f"jeweltable: {exc.path} is not a Jewel Table database ({exc.detail}); it was left"
            " as it is",
            file=sys.stderr,
        )
        return 2
    try:
        if args.table is None:
            tables = replay.list_tables(store)
            print(json.dumps(tables) if args.json else replay.format_tables(tables))
            return 0
        if args.export is not None:
            return _export(store, args.table, args.export)
        log = replay.table_log(store, args.table, args.reveal)
    finally:
        store.close()
    if log is None:
        print(f"jeweltable: no table {args.table} in {data}", file=sys.stderr)
        return 2
    print(json.dumps(log) if args.json else replay.format_log(log))
    return 0


def _export(store, table_id: int, path: Path) -> int:
    """`replay TABLE --export FILE`: the finished game as a game file."""
    from shared import gamefile

    record = store.table(table_id)
    if record is None:
        print(f"jeweltable: no table {table_id} stored", file=sys.stderr)
        return 2
    if record.status != "finished":
        print(
            f"jeweltable: table {table_id} is {record.status}, not finished: only a finished "
            "game can be exported (a running game's seed would reveal its hidden cards)",
            file=sys.stderr,
        )
        return 2
    moves = [(seat, move) for seat, move, _by in record.moves]
    names = [s.get("name") or "" for s in record.seats]
    doc = gamefile.make(record.game, record.players, record.options, record.seed, moves, names)
    try:
        gamefile.write(doc, path)
    except OSError as exc:
        print(f"jeweltable: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"wrote {path} ({len(moves)} moves of {doc['title']})")
    return 0


def _add_evening(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("evening", help="export an evening's standings (JSON or CSV)")
    p.add_argument(
        "--export",
        type=Path,
        required=True,
        metavar="FILE",
        help="write the standings here: FILE.json as JSON, FILE.csv as CSV",
    )
    p.add_argument("--data", type=Path, help="data folder (default: the user's data folder)")
    p.add_argument("--id", type=int, help="which evening (default: the latest)")
    p.set_defaults(func=_evening)


def _evening(args: argparse.Namespace) -> int:
    from server import evening
    from server.store import NotADatabase, Store, default_data_dir

    kind = args.export.suffix.lower()
    if kind not in (".json", ".csv"):
        print("jeweltable: the export file must end in .json or .csv", file=sys.stderr)
        return 2
    data = args.data or default_data_dir()
    if not data.exists():
        print(f"jeweltable: no data folder at {data}", file=sys.stderr)
        return 2
    try:
        store = Store(data)
    except NotADatabase as exc:
        print(
            f"jeweltable: {exc.path} is not a Jewel Table database ({exc.detail})", file=sys.stderr
        )
        return 2
    try:
        exported = evening.export(store, args.id)
    finally:
        store.close()
    if exported is None:
        which = "no evening" if args.id is None else f"no evening {args.id}"
        print(f"jeweltable: {which} in {data}", file=sys.stderr)
        return 2
    text = json.dumps(exported, indent=1) if kind == ".json" else evening.as_csv(exported)
    try:
        args.export.write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"jeweltable: cannot write {args.export}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    name = exported["evening"]["name"]
    print(f"wrote {args.export} ({name!r}: {len(exported['overall'])} people)")
    return 0


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
    from client.net.headless import HeadlessMismatch, play_sync

    try:
        game = engine.get_game(args.game)
        result = play_sync(game.id, args.players, args.seed, parse_options(args.option), args.data)
    except (KeyError, engine.OptionError) as exc:
        print(f"jeweltable: {exc.args[0]}", file=sys.stderr)
        return 2
    except HeadlessMismatch as exc:
        print(f"jeweltable: the headless game failed its check: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(f"{game.title}: {result['moves']} moves, seed {args.seed}")
        for seat, score in enumerate(result["scores"]):
            crown = "  (winner)" if seat in result["winners"] else ""
            print(f"  seat {seat}: {score}{crown}")
    return 0


def _add_screenshot(sub: argparse._SubParsersAction) -> None:
    from client.ui.settings import TEXT_SIZES

    p = sub.add_parser("screenshot", help="render a client scene headless to a PNG")
    p.add_argument("--scene", choices=("start", "lobby", "table", "results"), default="table")
    p.add_argument("--game", default="magie-des-bijoux", help="game id (table scenes)")
    p.add_argument("--seed", type=int, default=1, help="the table's seed (default 1)")
    p.add_argument("--moves", type=int, default=20, help="random moves played first (default 20)")
    p.add_argument("--players", type=int, help="number of seats (default: up to 4)")
    p.add_argument(
        "--viewer",
        default="to_act",
        help="whose table: to_act (default), a seat number, spectator, or all (hot-seat)",
    )
    p.add_argument("--lang", default="en", choices=("en", "de", "fr"), help="UI language")
    p.add_argument("--size", default="1280x800", help="window size WxH (default 1280x800)")
    p.add_argument(
        "--text-size",
        type=int,
        default=100,
        choices=TEXT_SIZES,
        help="text size in percent, as the setting (default 100)",
    )
    p.add_argument("--out", required=True, help="the PNG file to write")
    p.set_defaults(func=_screenshot)


def _screenshot(args: argparse.Namespace) -> int:
    from client.tools.screenshot import render

    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
        render(
            args.scene,
            (width, height),
            args.out,
            game=args.game,
            seed=args.seed,
            moves=args.moves,
            players=args.players,
            viewer=args.viewer,
            language=args.lang,
            text_size=args.text_size,
        )
    except (KeyError, ValueError, engine.OptionError) as exc:
        print(f"jeweltable: {exc.args[0]}", file=sys.stderr)
        return 2
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="jeweltable", description=__doc__)
    parser.add_argument(
        "--interface",
        action="append",
        default=[],
        metavar="ADDR",
        help="with no command: discover and host only on this IPv4 address (repeatable)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_play(sub)
    _add_serve(sub)
    _add_discover(sub)
    _add_replay(sub)
    _add_screenshot(sub)
    _add_evening(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from client.app import main as open_client

        return open_client(args)
    try:
        code = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (`jeweltable replay | head`): that is no error of ours.
        # Point stdout at devnull so the interpreter's last flush does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())

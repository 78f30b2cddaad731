"""``farmer-server`` on the command line: its flags, what it prints, its exit status.

:func:`main` reads the flags into a :class:`~game.net.admission.ServerConfig`, checks the data
folder can be written, and runs a server until interrupted. The server is handed in
(:func:`game.net.server.main` hands in :class:`~game.net.server.Server`), so that this module
needs nothing of the loop but :class:`Hosting`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import faulthandler
import logging
import os
import signal
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import NoReturn, Protocol

import platformdirs

from game.net import lan
from game.net.admission import DEFAULT_PORT, ServerConfig
from game.net.proxied import trusted_networks

log = logging.getLogger("farmer.server")


class Hosting(Protocol):
    """What the command line needs of a server."""

    @property
    def tables(self) -> Mapping[str, object]:
        """The tables held now (those resumed, right after :meth:`start`)."""
        ...

    @property
    def has_page(self) -> bool:
        """Whether it serves the page for phones."""
        ...

    async def start(self) -> int:
        """Resume the saved tables and listen; the port."""
        ...

    async def serve_forever(self) -> None:
        """Serve until cancelled."""
        ...

    async def close(self) -> None:
        """Stop."""
        ...


def default_data_dir() -> Path:
    """Where a server keeps its tables: ``$FARMER_HOME/data/server`` or the user's data folder."""
    home = os.environ.get("FARMER_HOME")
    return (Path(home) / "data" if home else Path(platformdirs.user_data_dir("farmer"))) / "server"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """One line on standard error, exit status 2."""
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} must be at least 1")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port {value} is not from 0 to 65535")
    return value


def _origin(text: str) -> str:
    scheme, sep, rest = text.strip().lower().rstrip("/").partition("://")
    if scheme not in ("http", "https") or not sep or not rest or "/" in rest:
        raise argparse.ArgumentTypeError(f"{text!r} is not an origin such as https://example.org")
    return f"{scheme}://{rest}"


def _store_url(text: str) -> str:
    if not text.startswith(("postgresql://", "postgres://")):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a postgresql:// address")
    return text


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0.5 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"{text} must be from 0.5 to 3600 seconds")
    return value


def _network(text: str) -> str:
    try:
        trusted_networks([text])
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an address or network (10.0.0.0/8)") from None
    return text.strip()


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Read the command line (one-line error and exit 2 for a bad flag)."""
    parser = _Parser(
        prog="farmer-server",
        description="Hold Farmer tables for players on the network (headless; no window).",
    )
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)")
    parser.add_argument("--port", type=_port, default=DEFAULT_PORT,
                        help=f"port to listen on (default {DEFAULT_PORT}; 0 picks a free one)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help=f"folder for the saved tables (default {default_data_dir()})")
    parser.add_argument("--no-save", action="store_true", help="keep no files: tables end with the server")
    parser.add_argument("--store", type=_store_url, default=None, metavar="postgresql://…",
                        help="keep the tables in this PostgreSQL database, shared with other servers "
                             "(behind a proxy routing by table code), instead of a folder; needs "
                             "pip install 'farmer-card-game[cluster]'")
    parser.add_argument("--lease-seconds", type=_seconds, default=10.0,
                        help="with --store: how long this server's hold on a table lasts unless renewed; "
                             "a dead server's tables are taken over this long after it died, at most (10)")
    parser.add_argument("--max-tables", type=_positive, default=200, help="most tables at once (200)")
    parser.add_argument("--max-clients", type=_positive, default=2000, help="most connections at once (2000)")
    parser.add_argument("--max-per-address", type=_positive, default=256,
                        help="most connections from one address at once (256)")
    parser.add_argument("--tables-per-address", type=_positive, default=10,
                        help="most tables one address may have open (10)")
    parser.add_argument("--allow-origin", type=_origin, action="append", default=[], metavar="ORIGIN",
                        help="let pages from ORIGIN (https://example.org) play here too, besides this "
                             "server's own page; may be given more than once")
    parser.add_argument("--trusted-proxy", type=_network, action="append", default=[], metavar="ADDRESS",
                        help="a proxy in front of this server (127.0.0.1, 10.0.0.0/8): from it alone, the "
                             "PROXY protocol or X-Forwarded-For says each client's address; may be repeated")
    parser.add_argument("--allow-seed", action="store_true",
                        help="accept a seed in a table's settings (testing only: a seed tells the deck)")
    parser.add_argument("--quiet", action="store_true", help="log only errors")
    args = parser.parse_args(argv)
    if args.no_save and args.data_dir is not None:
        parser.error("--no-save and --data-dir cannot go together")
    if args.store is not None and (args.no_save or args.data_dir is not None):
        parser.error("--store keeps the tables in a database: not with --data-dir or --no-save")
    return args


def config_of(args: argparse.Namespace, data_dir: Path | None) -> ServerConfig:
    """The server's configuration from the command line's ``args``."""
    return ServerConfig(
        args.host, args.port, data_dir, args.max_tables, args.max_clients, args.allow_seed,
        max_per_address=args.max_per_address, tables_per_address=args.tables_per_address,
        allow_origins=tuple(args.allow_origin), trusted_proxies=tuple(args.trusted_proxy),
        store_url=args.store, lease_seconds=args.lease_seconds,
    )


def main(argv: Sequence[str] | None, make: Callable[[ServerConfig], Hosting]) -> int:
    """Run ``make(config)`` until interrupted, as the command line ``argv`` says; the exit status."""
    args = parse_args(argv)
    logging.basicConfig(level=logging.ERROR if args.quiet else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.ERROR)
    data_dir = None if args.no_save or args.store else (args.data_dir or default_data_dir())
    if data_dir is not None:
        try:
            data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            probe = data_dir / ".write-test"
            probe.write_text("", encoding="utf-8")
            probe.unlink()
        except OSError as exc:
            print(f"farmer-server: error: cannot write to --data-dir {data_dir}: {exc.strerror}",
                  file=sys.stderr)
            return 2
    config = config_of(args, data_dir)
    try:
        return asyncio.run(_serve(make(config), config))
    except KeyboardInterrupt:
        return 0


async def _serve(server: Hosting, config: ServerConfig) -> int:
    try:
        port = await server.start()
    except OSError as exc:
        print(f"farmer-server: error: cannot listen on {config.host}:{config.port}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    except ImportError:
        print("farmer-server: error: --store needs psycopg: pip install 'farmer-card-game[cluster]'",
              file=sys.stderr)
        return 2
    except Exception as exc:  # the shared store refused (an address, a password, a database down)
        why = str(exc).strip().splitlines()[0][:300] if str(exc).strip() else type(exc).__name__
        print(f"farmer-server: error: cannot open the store: {why}", file=sys.stderr)
        return 1
    # SIGTERM (systemd, docker, kill) stops it as Ctrl-C does: cleanly, a shared store's leases
    # released so that other servers take its tables at once. Set before the server says it listens:
    # whoever waits for that line may stop it at once.
    serving = asyncio.current_task()
    with contextlib.suppress(NotImplementedError, RuntimeError, AttributeError):  # not on Windows
        if serving is not None:
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, serving.cancel)
        # SIGUSR1 writes where every thread is to stderr (the log), and the server carries on: what
        # an operator, or a harness about to kill a server that will not stop, reads a hang by.
        faulthandler.register(signal.SIGUSR1, all_threads=True)
    if config.store_url:
        where = "tables kept in the shared store"
    else:
        where = f"tables saved in {config.data_dir}" if config.data_dir else "tables not saved"
    print(f"farmer-server: listening on ws://{config.host}:{port} ({where}; {len(server.tables)} resumed)",
          flush=True)
    if server.has_page:
        page = lan.page_url(lan.address_to_tell(config.host), port)
        print(f"farmer-server: the page for phones: {page}", flush=True)
    started = time.monotonic()
    try:
        await server.serve_forever()
    except asyncio.CancelledError:
        pass
    finally:
        await server.close()
        log.info("stopped after %.0f s", time.monotonic() - started)
    return 0

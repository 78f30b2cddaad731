"""``python -m game``: the engine's command-line tools.

    python -m game sim [flags]      play seeded games between AI players (see game.play.sim)
    python -m game check FILE...    check deal logs against the rules (see game.formats.deallog)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

USAGE = "usage: python -m game sim [flags] | python -m game check FILE..."


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tool named by the first argument; exit 2 with the usage for anything else."""
    args = list(sys.argv[1:] if argv is None else argv)
    command, rest = (args[0], args[1:]) if args else ("", [])
    if command == "sim":
        from game.play.sim import main as sim_main

        return sim_main(rest)
    if command == "check":
        from game.formats.deallog import main as check_main

        return check_main(rest)
    if command in ("-h", "--help"):
        print(USAGE)
        return 0
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())

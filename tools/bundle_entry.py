"""The standalone bundle's program (see farmer.spec): the same ``main`` as the installed ``farmer``."""

import sys

from scenes.cli import main

if __name__ == "__main__":
    sys.exit(main())

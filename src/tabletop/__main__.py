"""``python -m tabletop``: the ``tabletop`` command (see :mod:`tabletop.cli`)."""

import sys

from tabletop.cli import main

sys.exit(main())

"""How many examples the playout properties draw.

A playout property sets its own count, sized for CI; ``TABLETOP_HYPOTHESIS=thorough`` (the
profile of ``conftest.py``) multiplies every such count by :data:`THOROUGH_FACTOR`, so that the
thorough run is thorough for them too.
"""

import os

THOROUGH_FACTOR = 25


def examples(n: int) -> int:
    """``n`` examples in the default profile, ``n * THOROUGH_FACTOR`` in the thorough one."""
    return n * THOROUGH_FACTOR if os.environ.get("TABLETOP_HYPOTHESIS") == "thorough" else n

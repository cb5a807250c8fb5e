"""Reading component data files: TOML tables whose defects are reported by file and field."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from tabletop.kernel.api import InvalidData


def read_toml(directory: Path, name: str) -> dict[str, Any]:
    """The tables of ``directory / name``; a missing or malformed file raises :class:`InvalidData`."""
    path = directory / name
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise InvalidData(f"{name}: no such data file in {directory}") from None
    except tomllib.TOMLDecodeError as err:
        raise InvalidData(f"{name}: not valid TOML: {err}") from None

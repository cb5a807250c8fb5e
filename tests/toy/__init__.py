"""A tiny complete game used only by the tests of agents, play, the CLI and the kernel."""

from __future__ import annotations

from typing import Any

import pytest


def register(monkeypatch: pytest.MonkeyPatch, game: Any) -> None:
    """Register ``game`` in ``tabletop.GAMES`` (read-only) for one test; ``monkeypatch`` undoes it."""
    from tabletop import registry

    monkeypatch.setitem(registry._registered, game.name, game)

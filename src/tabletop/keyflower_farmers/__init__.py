"""Keyflower (2012) with its expansion The Farmers (2013), for 2 to 6 players: work in progress.

Built on the kernel engine (issue 10), file by file as ``docs/adding-a-game.md`` describes:

* :mod:`.components` and ``data/*.toml``: every hex (both sides), boat, turn-order tile, the
  supplies and the setup table, with sources and statuses;
* :mod:`.options`: The Farmers on or off, variants A, B and C, components, chance;
* :mod:`.state`, :mod:`.moves`, :mod:`.setup`, :mod:`.positions`, :mod:`.view`,
  :mod:`.render`: the position, its moves, the setup per player count (random events as
  chance decisions) and saved states;
* :mod:`.rules`: a season's turns, bidding and using tiles (production, exchanges, animals
  into fields).

Not yet written: transport and upgrades, the end of each season (a game stops with
:class:`.rules.season.SeasonEndNotBuilt` when every player has passed), winter and the final
scoring. The game is therefore not registered in :mod:`tabletop.registry`.
"""

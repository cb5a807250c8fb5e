"""Keyflower (2012) with its expansion The Farmers (2013), for 2 to 6 players: work in progress.

Built on the kernel engine (issue 10). What exists so far: the components and their data
(:mod:`.components`), the declared options (:mod:`.options`). The game is not registered in
:mod:`tabletop.registry` until it is complete.
"""

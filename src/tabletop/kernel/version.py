"""The version of tabletop: the one place it is written (``pyproject.toml`` reads it from here),
given as ``tabletop.__version__``, by ``tabletop --version`` and in game records."""

VERSION = "0.1.0"

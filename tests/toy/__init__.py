"""A tiny complete game used only by the tests of agents, play, the CLI and the kernel."""

"""Generator states chosen by the output they give: the kernel's SplitMix64 mix undone, so a
test can put a chosen value (one drawn again, one just short of a limit) at a chosen draw."""

from __future__ import annotations

_MASK = 2**64 - 1
_GAMMA = 0x9E3779B97F4A7C15


def unmix(value: int) -> int:
    """The generator state whose output is ``value`` (the mix undone step by step)."""

    def unshift(z: int, shift: int) -> int:
        out, part = z, z >> shift
        while part:
            out ^= part
            part >>= shift
        return out

    z = unshift(value, 31) * pow(0x94D049BB133111EB, -1, 2**64) & _MASK
    z = unshift(z, 27) * pow(0xBF58476D1CE4E5B9, -1, 2**64) & _MASK
    return unshift(z, 30)


def state_before(value: int, k: int) -> int:
    """A state whose output ``k`` (from 0) is ``value``."""
    return (unmix(value) - (k + 1) * _GAMMA) % 2**64

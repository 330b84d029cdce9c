"""The game's own random number generator; its whole state is one integer in GameState.

SplitMix64: small, fast, and with no hidden state, so the same seed and the same actions
always give the same game.
"""

MASK64 = (1 << 64) - 1


def seed_state(seed: int) -> int:
    return seed & MASK64


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, random 64-bit value)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) without modulo bias (rejection sampling)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = next_u64(state)
        if value < limit:
            return state, value % n


def shuffle(state: int, items: list[int]) -> tuple[int, list[int]]:
    """Fisher-Yates shuffle; returns the new state and a shuffled copy."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out

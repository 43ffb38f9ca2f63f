#!/usr/bin/env python3
"""Checks rating.py against ratings known in closed form.

Against a single opponent the maximum-likelihood rating is the opponent's
rating plus 400 log10(score / (1 - score)); an even score against two
opponents rated r - d and r + d is rated r. Run: python3 test_rating.py.
"""

import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rating  # noqa: E402


def match_file(directory, name, wins, draws, losses):
    """A match.py-like output with the given results (and a line to ignore)."""
    path = os.path.join(directory, name)
    with open(path, "w") as out:
        number = 1
        for score, count in (("1", wins), ("0.5", draws), ("0", losses)):
            for _ in range(count):
                out.write(f"game {number}: alphabeta white, 'e4 e5': {score} "
                          f"(checkmate; clock left 1.00 s, opponent 2.00 s, 90 plies)\n")
                number += 1
        out.write("alphabeta vs stockfish: summary line, not a game\n")
    return path


def main():
    with tempfile.TemporaryDirectory() as directory:
        # 75 % against 2000: 2000 + 400 log10(3).
        games = [(2000.0, s) for s in rating.read_games(match_file(directory, "a", 10, 10, 0))]
        value, error = rating.rate(games)
        assert abs(value - (2000 + 400 * math.log10(3))) < 1e-6, value
        assert 0 < error < 200, error
        # An even score against 2300 and 2500, mirrored: 2400.
        games = [(2300.0, s) for s in rating.read_games(match_file(directory, "b", 6, 4, 10))]
        games += [(2500.0, s) for s in rating.read_games(match_file(directory, "c", 10, 4, 6))]
        value, _ = rating.rate(games)
        assert abs(value - 2400) < 1e-6, value
        # Draws narrow the interval: the same score, all draws, against wins and losses.
        _, drawn = rating.rate([(2000.0, 0.5)] * 19 + [(2000.0, 1.0)])
        _, decisive = rating.rate([(2000.0, 1.0)] * 10 + [(2000.0, 0.0)] * 9 + [(2000.0, 0.5)])
        assert drawn < decisive, (drawn, decisive)
        # No finite rating for a clean sweep: a clear refusal.
        try:
            rating.rate([(2000.0, 1.0)] * 5)
        except SystemExit as refusal:
            assert "no finite rating" in str(refusal)
        else:
            raise AssertionError("a clean sweep was rated")
    print("rating.py: 4 checks passed")


if __name__ == "__main__":
    main()

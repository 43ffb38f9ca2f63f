#!/usr/bin/env python3
"""Rates our engine from match.py's games against opponents of known rating.

Usage:
  python3 crates/engine/tests/rating.py RATING=FILE [RATING=FILE ...]

Each FILE is the output of one or more match.py runs (its per-game lines,
`game K: alphabeta white, ...: 1 (...)`; chunks of one match may be
concatenated) against an opponent rated RATING, e.g. Stockfish with
`UCI_LimitStrength=true,UCI_Elo=2400` and RATING 2400. Game lines are read;
every other line is ignored.

The rating is the maximum-likelihood one under the logistic Elo model: the
rating R at which the expected score against the opponents played,
sum 1 / (1 + 10^((r_i - R) / 400)), equals the score made (a draw counts a
half, as in the Elo system). Its 95 % interval is R +- 1.96 standard errors,
the standard error from the sandwich estimator (the spread of the observed
scores about their expectations, divided by the model's information), which
does not assume draws away: a match with many draws gives a narrower
interval than the win/loss model would. A score of 0 or of every game has no
finite maximum-likelihood rating; then the script says so and stops.
"""

import math
import re
import sys

GAME = re.compile(r"^game (\d+): alphabeta (white|black), .*: (1|0|0\.5) \(")
SCALE = math.log(10) / 400


def expected(rating, opponent):
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def read_games(path):
    """The scores of the per-game lines of a match.py output, by game number."""
    games = {}
    with open(path) as lines:
        for line in lines:
            found = GAME.match(line)
            if found:
                number = int(found.group(1))
                if number in games:
                    raise SystemExit(f"{path}: game {number} appears twice")
                games[number] = float(found.group(3))
    if not games:
        raise SystemExit(f"{path}: no game lines (is it a match.py output?)")
    return list(games.values())


def rate(games):
    """Maximum-likelihood rating and its standard error; games = [(opponent, score)]."""
    total = sum(score for _, score in games)
    if total <= 0 or total >= len(games):
        raise SystemExit("every game lost or every game won: no finite rating")
    low = min(o for o, _ in games) - 2000.0
    high = max(o for o, _ in games) + 2000.0
    # The expected score grows with R: bisect for the R where it meets the score.
    for _ in range(200):
        middle = (low + high) / 2
        if sum(expected(middle, o) for o, _ in games) < total:
            low = middle
        else:
            high = middle
    rating = (low + high) / 2
    # The score equation sum(s - E(R)) = 0 falls with R at SCALE * sum E(1 - E).
    slope = SCALE * sum(expected(rating, o) * (1 - expected(rating, o)) for o, _ in games)
    spread = sum((s - expected(rating, o)) ** 2 for o, s in games)
    return rating, math.sqrt(spread) / slope


def main(arguments):
    if not arguments or any("=" not in a for a in arguments):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    games = []
    for argument in arguments:
        rating, path = argument.split("=", 1)
        try:
            opponent = float(rating)
        except ValueError:
            raise SystemExit(f"{argument}: the rating {rating!r} is not a number")
        scores = read_games(path)
        wins, draws = scores.count(1.0), scores.count(0.5)
        print(f"against {opponent:g}: +{wins} ={draws} -{len(scores) - wins - draws} "
              f"of {len(scores)} games ({path})")
        games += [(opponent, s) for s in scores]
    rating, error = rate(games)
    print(f"rating {rating:.0f} (95 % interval {rating - 1.96 * error:.0f} to "
          f"{rating + 1.96 * error:.0f}), {len(games)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

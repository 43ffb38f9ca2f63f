"""Var[NBP] and Pr{NBP = k} from Python: the command line's rationals, and
an independent count over every ordering of the leaf values."""

import itertools
import json
import math
import time
from fractions import Fraction

import pytest

import alphabeta


def bottom_positions(leaves, n, d):
    """Bottom positions alpha-beta (full window, Max at the root) evaluates
    on the uniform <n,d> tree with these leaf values, left to right: Knuth &
    Moore's F2 written here again, in negamax form."""
    count = 0
    it = iter(range(len(leaves)))

    def f2(depth, alpha, beta, sign):
        nonlocal count
        if depth == 0:
            count += 1
            return sign * leaves[next(it)]
        m = alpha
        for i in range(n):
            if m >= beta:
                # The remaining subtrees are pruned: skip their leaves.
                for _ in range(n ** (depth - 1) * (n - i)):
                    next(it)
                break
            t = -f2(depth - 1, -beta, -m, -sign)
            m = max(m, t)
        return m

    f2(d, -math.inf, math.inf, 1)
    return count


def distribution_by_enumeration(n, d):
    """Pr{NBP = k}: every ordering of N^D distinct leaf values is equally likely."""
    counts = {}
    orders = list(itertools.permutations(range(n ** d)))
    for order in orders:
        k = bottom_positions(order, n, d)
        counts[k] = counts.get(k, 0) + 1
    return {k: Fraction(c, len(orders)) for k, c in counts.items()}


def test_the_enumeration_counts_as_the_core_does():
    # The independent count above agrees with alphabeta.search on some orderings.
    for order in [(0, 1, 2, 3), (3, 2, 1, 0), (1, 3, 0, 2), (2, 0, 3, 1)]:
        tree = [list(order[0:2]), list(order[2:4])]
        assert bottom_positions(order, 2, 2) == alphabeta.search(tree, "f2").bottom_positions


@pytest.mark.parametrize("n, d", [(2, 2), (2, 3)])
def test_distribution_equals_the_enumeration(n, d):
    exact = alphabeta.nbp_distribution(n, d, exact=True)
    assert len(exact) == n ** d + 1
    enumerated = distribution_by_enumeration(n, d)
    assert {k: p for k, p in enumerate(exact) if p} == enumerated
    mean = sum(k * p for k, p in enumerate(exact))
    second = sum(k * k * p for k, p in enumerate(exact))
    assert mean == alphabeta.exact_nbp(n, d, exact=True)  # Eqn 5.6, by its own recursion
    assert second - mean * mean == alphabeta.var_nbp(n, d, exact=True)


def test_known_values():
    # <2,2>: NBP is 3 or 4 (Pr 1/3 and 2/3), so the mean is 11/3 (Table 5.1)
    # and the variance 2/9.
    assert alphabeta.nbp_distribution(2, 2, exact=True) == [0, 0, 0, Fraction(1, 3), Fraction(2, 3)]
    assert alphabeta.var_nbp(2, 2, exact=True) == Fraction(2, 9)
    assert alphabeta.var_nbp(3, 2, exact=True) == Fraction(7859, 4900)
    # One path: NBP = 1, no variance, at any depth the command line allows.
    assert alphabeta.var_nbp(1, 64, exact=True) == 0
    assert alphabeta.var_nbp(5, 0, exact=True) == 0
    assert alphabeta.nbp_distribution(1, 3) == [0.0, 1.0]


@pytest.mark.parametrize("n, d", [(2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (3, 3)])
def test_variance_equals_the_command_lines(n, d, cli):
    row, = json.loads(cli("exact", "var-nbp", "--n", str(n), "--d", str(d), "--exact", "--format", "json"))["rows"]
    exact = alphabeta.var_nbp(n, d, exact=True)
    assert isinstance(exact, Fraction)
    assert exact == Fraction(row["variance_exact"])
    assert alphabeta.exact_nbp(n, d, exact=True) == Fraction(row["mean_exact"])
    approx = alphabeta.var_nbp(n, d)
    assert isinstance(approx, alphabeta.Expected)
    assert approx.exact == exact
    assert abs(Fraction(float(approx)) - exact) <= Fraction(approx.error_bound)
    assert abs(float(approx) - float(row["variance"])) <= 1e-12


@pytest.mark.parametrize("n, d", [(2, 9), (10, 3)])
def test_float_variance_beyond_the_exact_range_equals_the_command_lines(n, d, cli):
    row, = json.loads(cli("exact", "var-nbp", "--n", str(n), "--d", str(d), "--format", "json"))["rows"]
    approx = alphabeta.var_nbp(n, d)
    assert isinstance(approx, alphabeta.Expected) and approx.exact is None
    assert abs(float(approx) - float(row["variance"])) <= 1e-11 * float(approx)  # the JSON prints 13 digits
    assert 0 < approx.error_bound < 1e-6 * float(approx)  # certified
    if (n, d) == (2, 9):
        # The exact rational 1437.5035... (docs/analysis.md) lies within the bound.
        assert abs(float(approx) - 1437.5035) <= 5e-5 + approx.error_bound
    # The coefficient of variation stays inside Fuller's band (.120, .215).
    assert 0.12 < float(approx) ** 0.5 / alphabeta.exact_nbp(n, d) < 0.215


@pytest.mark.parametrize("n, d", [(2, 4), (4, 2), (3, 3)])
def test_distribution_equals_the_command_lines(n, d, cli):
    table = json.loads(cli("exact", "var-nbp", "--n", str(n), "--d", str(d), "--distribution", "--exact",
                           "--format", "json"))
    printed = {row["k"]: Fraction(row["exact"]) for row in table["rows"]}
    exact = alphabeta.nbp_distribution(n, d, exact=True)
    assert {k: p for k, p in enumerate(exact) if p} == printed
    assert sum(exact) == 1
    approx = alphabeta.nbp_distribution(n, d)
    assert all(isinstance(p, float) for p in approx)
    assert approx == [float(p) for p in exact]


def test_limits_and_bad_arguments():
    assert alphabeta.VARIANCE_MAX_LEAVES == 256
    assert alphabeta.DISTRIBUTION_MAX_LEAVES == 64 and alphabeta.DISTRIBUTION_MAX_DEPTH == 5
    with pytest.raises(ValueError, match="the exact variance is computed for N\\^D <= 256 only.*<2,9> has N\\^D = 512"):
        alphabeta.var_nbp(2, 9, exact=True)
    with pytest.raises(ValueError, match="Var\\[NBP\\] for <65,2>"):
        alphabeta.var_nbp(65, 2)
    with pytest.raises(ValueError, match="Var\\[NBP\\] for <2,17>"):
        alphabeta.var_nbp(2, 17)
    with pytest.raises(ValueError, match="N\\^D = 1000\\^1000"):
        alphabeta.var_nbp(1000, 1000, exact=True)
    with pytest.raises(ValueError, match="for N = 1: D = 65 is out of range"):
        alphabeta.var_nbp(1, 65)
    with pytest.raises(ValueError, match="the exact distribution is computed for N\\^D <= 64 only"):
        alphabeta.nbp_distribution(3, 4)
    with pytest.raises(ValueError, match="D <= 5 only"):
        alphabeta.nbp_distribution(2, 6)
    with pytest.raises(ValueError, match="n must be between 1"):
        alphabeta.var_nbp(0, 2)
    with pytest.raises(TypeError, match="n must be an integer"):
        alphabeta.var_nbp(2.0, 2)
    with pytest.raises(TypeError, match="exact must be True or False"):
        alphabeta.nbp_distribution(2, 2, exact=1)


def test_ctrl_c_stops_the_float_variance(ctrl_c):
    # SIGINT half a second in: the integral (minutes at <64,16>) reads its stop
    # flag every row of cells, so it ends with KeyboardInterrupt within a
    # fraction of a second of the signal.
    start = time.monotonic()
    ctrl_c(0.5)
    with pytest.raises(KeyboardInterrupt):
        alphabeta.var_nbp(64, 16)
    assert time.monotonic() - start < 10

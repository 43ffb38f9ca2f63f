"""Fuller's E[NBP] and E[NMG]: Table 5.1 as printed, error bounds that hold."""

from fractions import Fraction

import pytest

import alphabeta

# Fuller, Gaschnig & Gillogly (1973), Table 5.1: E[NBP_{N,2}] as printed.
TABLE_5_1 = {2: Fraction(11, 3), 3: Fraction(521, 70), 4: Fraction(547033, 45045),
             5: Fraction(1720291169, 97349616)}


def test_table_5_1_exactly():
    assert alphabeta.exact_nbp(2, 2, exact=True) == Fraction(11, 3)
    for n, printed in TABLE_5_1.items():
        assert alphabeta.exact_nbp(n, 2, exact=True) == printed


def test_float_within_its_error_bound():
    for n, printed in TABLE_5_1.items():
        v = alphabeta.exact_nbp(n, 2)
        assert isinstance(v, float)
        assert 0 <= v.error_bound < 1e-6
        assert abs(v - float(printed)) <= v.error_bound + 1e-12 * float(printed)
    exact = alphabeta.exact_nmg(3, 3, exact=True)
    approx = alphabeta.exact_nmg(3, 3)
    assert isinstance(exact, Fraction)
    assert abs(approx - float(exact)) <= approx.error_bound + 1e-12 * float(exact)


def test_nmg_small_case():
    # <2,2>: the root and both of its successors are always expanded.
    assert alphabeta.exact_nmg(2, 2, exact=True) == 3


def test_limits_are_value_errors():
    # Floating point covers N <= 1000 and D <= 64 (with a certified bound).
    with pytest.raises(ValueError, match="floating point covers"):
        alphabeta.exact_nbp(1001, 2)
    with pytest.raises(ValueError, match="floating point covers"):
        alphabeta.exact_nbp(2, 65)
    deep = alphabeta.exact_nbp(1000, 64)
    assert deep > 1e146 and deep.error_bound < 1e-8 * deep
    with pytest.raises(ValueError, match="exact E\\[NBP\\] for <35,8>"):
        alphabeta.exact_nbp(35, 8, exact=True)
    with pytest.raises(ValueError):
        alphabeta.exact_nbp(-1, 2)


@pytest.mark.parametrize("n, d", [(10, 4), (15, 4), (8, 5)])
def test_large_exact_fractions_whatever_pythons_digit_limit(n, d, cli):
    # The exact E[NBP] of these has thousands of digits, more than Python's
    # default limit (4300) on int <-> str conversions: the Fraction is built
    # from the integers' bytes, so it arrives whole, and equals the float.
    import sys

    exact = alphabeta.exact_nbp(n, d, exact=True)
    assert isinstance(exact, Fraction)
    approx = alphabeta.exact_nbp(n, d)
    assert abs(float(exact) - approx) <= approx.error_bound + 1e-12 * approx
    assert exact.denominator.bit_length() > 4300 * 3.32 or exact.numerator.bit_length() > 4300 * 3.32
    # The command line prints the same fraction.
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        printed = cli("exact", "nbp", "--n", str(n), "--d", str(d), "--exact")
        assert f"{exact.numerator}/{exact.denominator}" in printed.replace("\n", "").replace(" ", "")
    finally:
        sys.set_int_max_str_digits(limit)

"""Argument checks shared by every function of the package.

One exception type per kind of mistake, each message naming the argument:
:class:`TypeError` for a value of the wrong type (a float where an integer is
needed, even ``2.0``), :class:`ValueError` for a value of the right type out
of its range (the range is named).
"""

from __future__ import annotations

import math
from typing import Any, Optional

U32 = 2**32 - 1
U64 = 2**64 - 1
#: The values of the core (``alphabeta_core::Value``, an i64 without the two
#: ends that stand for -inf and +inf).
VALUE_MAX = 2**63 - 2


def integer(name: str, value: Any, lo: int, hi: int) -> int:
    """``value`` as an int in ``lo..=hi``; ``TypeError`` for a non-integer
    (a bool or a float included), ``ValueError`` out of range."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer, not {type(value).__name__} {value!r}")
    if not lo <= value <= hi:
        raise ValueError(f"{name} must be between {lo} and {hi}, not {value}")
    return int(value)


def optional_integer(name: str, value: Any, lo: int, hi: int) -> Optional[int]:
    """:func:`integer`, or ``None``."""
    return None if value is None else integer(name, value, lo, hi)


def boolean(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {type(value).__name__} {value!r}")
    return value


def string(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string, not {type(value).__name__} {value!r}")
    return value


def real(name: str, value: Any, lo: float, hi: float) -> float:
    """A real number (int or float) in ``lo..=hi``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number, not {type(value).__name__} {value!r}")
    if not (lo <= value <= hi):
        raise ValueError(f"{name} must be between {lo} and {hi}, not {value}")
    return float(value)


def reals(name: str, value: Any) -> list:
    """A number or a sequence of numbers, as a list of floats."""
    items = value if isinstance(value, (list, tuple)) else [value]
    out = []
    for x in items:
        if isinstance(x, bool) or not isinstance(x, (int, float)):
            raise TypeError(f"{name} must be a number or a list of numbers, not {value!r}")
        out.append(float(x))
    return out


def bound(name: str, value: Any) -> Any:
    """A window bound: ``None``, an int strictly inside the values, or
    ``float('inf')`` / ``float('-inf')``."""
    if value is None:
        return None
    if isinstance(value, float) and math.isinf(value):
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(
            f"{name} must be an integer or float('inf') / float('-inf'), not {type(value).__name__} {value!r}"
        )
    if not -VALUE_MAX <= value <= VALUE_MAX:
        raise ValueError(
            f"{name} must be between {-VALUE_MAX} and {VALUE_MAX} (or an infinity), not {value}"
        )
    return value

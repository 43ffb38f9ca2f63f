"""Compact HTML tables for Jupyter's rich display (``_repr_html_``).

Plain ``<table>`` markup with inline styles only: no external style sheet,
script or font, so a notebook shows the same table offline, in nbviewer and
on GitHub. Every text is escaped.
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Optional, Sequence

_TABLE = 'style="border-collapse: collapse; font-size: 0.9em; margin: 0.2em 0"'
_CELL = 'style="padding: 0.1em 0.6em; text-align: {align}; border-bottom: 1px solid #ddd"'


def escape(x: Any) -> str:
    """``x`` as text, escaped for HTML (attribute values included)."""
    return html.escape(str(x), quote=True)


def number(x: Any, digits: int = 4) -> str:
    """A count as it is, a float with ``digits`` decimals, infinities as ±∞."""
    if isinstance(x, float):
        if x == float("inf"):
            return "+∞"
        if x == float("-inf"):
            return "−∞"
        return f"{x:.{digits}f}"
    return str(x)


def _numeric(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _cell(tag: str, x: Any, align: str) -> str:
    text = number(x) if _numeric(x) else x
    return f"<{tag} {_CELL.format(align=align)}>{escape(text)}</{tag}>"


def table(header: Optional[Sequence[str]], rows: Iterable[Sequence[Any]], caption: Optional[str] = None) -> str:
    """A table: an optional ``header`` row, then one row per item of
    ``rows`` (numbers and their column's header right-aligned, as the first
    row has them), under an optional ``caption``."""
    rows = [list(row) for row in rows]
    aligns = ["right" if _numeric(x) else "left" for x in rows[0]] if rows else []
    parts = [f"<table {_TABLE}>"]
    if caption:
        parts.append(f'<caption style="text-align: left; font-weight: bold">{escape(caption)}</caption>')
    if header:
        aligns += ["left"] * (len(header) - len(aligns))
        parts.append("<tr>" + "".join(_cell("th", h, a) for h, a in zip(header, aligns)) + "</tr>")
    for row in rows:
        parts.append("<tr>" + "".join(_cell("td", x, "right" if _numeric(x) else "left") for x in row) + "</tr>")
    parts.append("</table>")
    return "".join(parts)


def shorten(text: str, most: int = 60) -> str:
    """``text`` cut to ``most`` characters with "…" and the count left out."""
    if len(text) <= most:
        return text
    return f"{text[: most // 2]}…{text[-most // 2:]} ({len(text)} characters)"


def fraction(x: Any) -> str:
    """A :class:`fractions.Fraction` as ``p/q``, shortened; an integer of
    more than a thousand digits by its size (Python refuses to write one of
    more than 4300 digits by default)."""

    def integer(i: int) -> str:
        if i.bit_length() > 3300:
            return f"({i.bit_length() * 0.30103:.0f} digits)"
        return str(i)

    return shorten(f"{integer(x.numerator)}/{integer(x.denominator)}")

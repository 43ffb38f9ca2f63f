"""The built-in games as state objects: tic-tac-toe and Connect Four.

A state is immutable (``play`` returns a new one) and is searched natively by
:func:`alphabeta.search` with every procedure -- the same code as
``alphabeta search --game tictactoe`` and ``alphabeta solve connect4``::

    >>> from alphabeta import games, search
    >>> s = games.connect4("4455")
    >>> s.legal_moves()
    [1, 2, 3, 4, 5, 6, 7]
    >>> games.solve(s).score          # the side to move wins with its 4th disc
    18

Moves are tic-tac-toe's squares 0-8 (``3*row + column``) and Connect Four's
columns 1-7 (the notation of the Connect Four solving literature, in which
``connect4("4455")`` is written). A state has ``legal_moves()``,
``play(move)``, ``is_terminal()``, ``to_move`` (0 for the first player ``x``,
1 for ``o``), ``history`` (the moves from the empty board), ``diagram()``
and a readable ``repr`` (in a notebook, the board as a table); states
compare and hash by position and history.

Values (``search(...).value``) are for the side to move. Tic-tac-toe's are
the core's: 0 for a draw, a win scored by its distance from the root.
Connect Four's are the solving literature's scores: ``22 - k`` for a win with
one's k-th disc, 0 a draw, ``k - 22`` a loss to the opponent's k-th disc;
a search cut off by ``depth=`` values its horizon 0 (no heuristic).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from . import _check, _core

__all__ = ["State", "tictactoe", "connect4", "solve", "Solution"]

State = _core.State


def tictactoe(moves: Optional[List[int]] = None) -> State:
    """Tic-tac-toe after ``moves`` (squares 0-8, first player first; default: the empty board)."""
    moves = [] if moves is None else list(moves)
    for i, m in enumerate(moves):
        _check.integer(f"moves[{i}]", m, 0, 8)
    return _core.tictactoe(moves)


def connect4(moves: str = "") -> State:
    """Connect Four after ``moves``: the columns played, ``"1"``-``"7"``, first player first (``"4455"``)."""
    return _core.connect4(_check.string("moves", moves))


@dataclass(frozen=True)
class Solution:
    """An exactly solved Connect Four position.

    ``score`` is for the side to move: ``22 - k`` for a win with its k-th
    disc, 0 for a draw, ``k - 22`` for a loss to the opponent's k-th disc.
    ``best_columns`` are the columns (1-7) that keep the score (``None`` when
    not asked for), ``positions_examined`` and ``searches`` (null-window
    tests) the work done.
    """

    score: int
    best_columns: Optional[List[int]]
    positions_examined: int
    searches: int
    table_entries: int

    @property
    def outcome(self) -> str:
        """``"win"``, ``"draw"`` or ``"loss"`` for the side to move."""
        return "win" if self.score > 0 else "loss" if self.score < 0 else "draw"


def solve(state: State, *, table_mb: int = 64, best: bool = True) -> Solution:
    """Solves a Connect Four state exactly, as ``alphabeta solve connect4``
    (MTD(bi) null-window tests with a transposition table of ``table_mb``
    MiB, 1 to 16384); ``best`` also finds every best column. Ctrl-C stops it.
    Positions with few discs take long (the empty board: hours)."""
    if not isinstance(state, State):
        raise TypeError(f"state must be a Connect Four state (games.connect4(...)), not {type(state).__name__}")
    table_mb = _check.integer("table_mb", table_mb, 1, 16 * 1024)
    best = _check.boolean("best", best)
    return Solution(**_core.solve_connect4(state, table_mb, best))

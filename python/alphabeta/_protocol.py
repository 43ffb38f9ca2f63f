"""The protocol of a game written in Python, for type checkers and IDEs."""

from __future__ import annotations

from typing import Iterable, Protocol, TypeVar, runtime_checkable

P = TypeVar("P")
M = TypeVar("M")


@runtime_checkable
class Game(Protocol[P, M]):
    """A game :func:`alphabeta.search` can search: positions of type ``P``,
    moves of type ``M``.

    Required:

    * ``moves(pos)`` -- the moves from ``pos``, in the order the search tries
      them (an empty iterable: ``pos`` ends the game);
    * ``play(pos, move)`` -- the position after ``move``, **a new object**:
      the search keeps positions (on its line, in its tables) and plays
      several moves from each, so ``pos`` must be left as it was. A ``play``
      that changes ``pos`` in place and returns it is refused with
      :class:`ValueError`, unless the game also has ``copy(pos)``;
    * ``evaluate(pos)`` -- an int: the value of ``pos`` for the side to move
      there (the negamax convention), or for the first player if the game
      has ``viewpoint = "max"``.

    Optional (looked up by name; not part of this protocol's type check):

    * ``is_terminal(pos)`` -- true when ``pos`` ends the game (its moves are
      then not asked for);
    * ``key(pos)`` -- an int (or hashable) identifying ``pos`` for the
      transposition-table procedures (``f2-tt``, ``f3-tt``, ``mtdf``);
      ``hash(pos)`` otherwise;
    * ``copy(pos)`` -- a copy of ``pos`` (e.g. ``copy.deepcopy(pos)``, or
      ``pos.copy()`` for a :class:`chess.Board`): the search then calls
      ``play(copy(pos), move)``, so a ``play`` that changes its position in
      place (``board.push(move); return board``) is searched correctly;
    * ``viewpoint`` -- ``"side-to-move"`` (the default) or ``"max"``;
    * ``root`` or ``start()`` -- the position :func:`alphabeta.search`
      starts from when no ``root=`` is given.

    A line of the search may be :data:`alphabeta.MAX_PLY` plies long; a game
    whose lines never end (a cycle, a missing end) is reported with
    :class:`RecursionError` unless ``depth=`` bounds the search.
    """

    def moves(self, pos: P) -> Iterable[M]: ...

    def play(self, pos: P, move: M) -> P: ...

    def evaluate(self, pos: P) -> int: ...


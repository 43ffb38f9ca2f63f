"""Chess positions from python-chess, searched by the project's chess engine.

``search(board, depth=4)`` takes a :class:`chess.Board` (or a FEN) and
searches it to a fixed depth with any procedure and the papers' static
evaluators (Fuller §6: ``"material"``, or ``"mobility"`` = material plus
mobility), counting everything as :func:`alphabeta.search` does. The move
generator and evaluators are the Rust crate ``alphabeta-chess``'s (the same
as ``alphabeta chess search``); the board's move history is not used (so no
draw by repetition), its position (FEN) is.
"""

from __future__ import annotations

from typing import Any, Optional, Union

from . import SearchResult, _check, _core

__all__ = ["search", "MAX_DEPTH"]

#: The deepest search of a chess position (plies), as ``alphabeta chess search``.
MAX_DEPTH = 64


def search(
    board: Any,
    depth: int = 4,
    procedure: str = "f2",
    evaluator: str = "material",
    alpha: Optional[Union[int, float]] = None,
    beta: Optional[Union[int, float]] = None,
) -> SearchResult:
    """Search ``board`` (a :class:`chess.Board`, or a FEN string) to ``depth`` plies.

    The result's ``value`` is for the side to move, in centipawns-like
    material points (``extra["value_text"]`` spells out mates);
    ``principal_variation`` holds :class:`chess.Move` objects when
    python-chess is installed (UCI strings otherwise) and
    ``extra["principal_variation_san"]`` the moves in SAN.
    """
    depth = _check.integer("depth", depth, 0, MAX_DEPTH)
    procedure = _check.string("procedure", procedure)
    evaluator = _check.string("evaluator", evaluator)
    alpha = _check.bound("alpha", alpha)
    beta = _check.bound("beta", beta)
    fen = board if isinstance(board, str) else getattr(board, "fen", None)
    if callable(fen):
        fen = fen()
    if not isinstance(fen, str):
        raise TypeError(f"board must be a chess.Board or a FEN string, not {type(board).__name__}")
    raw = _core.search_chess(fen, depth, procedure, evaluator, alpha, beta)
    uci = list(raw["principal_variation"])
    raw["principal_variation_uci"] = uci
    try:
        import chess

        raw["principal_variation"] = [chess.Move.from_uci(m) for m in uci]
    except ImportError:
        pass
    return SearchResult._from(raw)

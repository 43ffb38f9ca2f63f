"""alphabeta.chess.search on python-chess boards."""

import pytest

import alphabeta
import alphabeta.chess

chess = pytest.importorskip("chess")


def test_startpos_depth_two_counts_perft():
    board = chess.Board()
    mm = alphabeta.chess.search(board, depth=2, procedure="minimax")
    # Minimax evaluates every position two plies deep: perft(2) = 400.
    assert mm.bottom_positions == 400
    assert mm.value == 0
    f2 = alphabeta.chess.search(board, depth=2, procedure="f2")
    assert f2.value == 0 and f2.bottom_positions < 400
    assert isinstance(f2.best_move, chess.Move) and f2.best_move in board.legal_moves


def test_mate_in_one_is_found_by_every_procedure():
    board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")  # Ra8#
    for name in alphabeta.procedures():
        if name in ("mccarthy", "ybwc"):  # chess has no bounds here and is not shared
            continue
        r = alphabeta.chess.search(board, depth=2, procedure=name)
        assert r.best_move == chess.Move.from_uci("a1a8"), name
        assert r.extra["principal_variation_san"][0] == "Ra8#"
        assert "mate" in r.extra["value_text"].lower() or r.value > 10**6


def test_bad_input():
    with pytest.raises(ValueError, match="bad FEN"):
        alphabeta.chess.search("not a fen", depth=1)
    with pytest.raises(ValueError, match="unknown evaluator"):
        alphabeta.chess.search(chess.Board(), depth=1, evaluator="magic")

"""A game whose lines never end, or are very long: an exception, never a crash.

The search of a Python game runs on a thread with a large stack and follows a
line at most ``alphabeta.MAX_PLY`` plies; these games reach that limit (or
come within one ply of it) with every procedure, in this process: a stack
overflow would kill pytest itself.
"""


import pytest

import alphabeta


class Chain:
    """One move per position, ``length`` plies, then the end (value 1 for the side to move)."""

    def __init__(self, length):
        self.length = length
        self.root = 0

    def moves(self, ply):
        return [1] if ply < self.length else []

    def play(self, ply, step):
        return ply + step

    def evaluate(self, ply):
        return 1


class Cycle:
    """Two positions that lead to each other (an ``is_terminal`` that never says yes)."""

    root = "a"

    def is_terminal(self, pos):
        return False

    def moves(self, pos):
        return ["go"]

    def play(self, pos, move):
        return {"a": "b", "b": "a"}[pos]

    def evaluate(self, pos):
        return 0


class Unhashable(Cycle):
    """A cycle of positions that cannot be hashed (lists): no table sees it."""

    root = ["a"]

    def play(self, pos, move):
        return ["b"] if pos == ["a"] else ["a"]


def names():
    # McCarthy's procedure needs bounds a Python game has not; the parallel
    # ybwc (if listed) searches native games only.
    return [n for n in alphabeta.procedures() if n not in ("mccarthy", "ybwc")]


def test_the_limit_is_documented():
    assert alphabeta.MAX_PLY == 10_000
    assert "MAX_PLY" in alphabeta.search.__doc__


@pytest.mark.parametrize("procedure", names())
def test_a_cycle_is_named_by_every_procedure(procedure):
    with pytest.raises(RecursionError, match="the game has a cycle: the position at ply 0 of the line recurs at ply 2"):
        alphabeta.search(Cycle(), procedure=procedure)


def test_a_cycle_of_unhashable_positions_is_a_line_too_long():
    with pytest.raises(RecursionError, match="reached 10000 plies.*pass depth="):
        alphabeta.search(Unhashable(), procedure="f2")


def test_depth_bounds_a_cycle():
    assert alphabeta.search(Cycle(), procedure="f2", depth=alphabeta.MAX_PLY).value == 0


@pytest.mark.parametrize("procedure", ["f2", "minimax", "f2-tt", "mtdf", "sss", "scout"])
def test_a_line_of_max_ply_is_searched_to_its_end(procedure):
    # The longest line allowed ends in a position lost... or won for the side
    # to move there: MAX_PLY is even, so the root's side moves last.
    game = Chain(alphabeta.MAX_PLY)
    assert alphabeta.search(game, procedure=procedure).value == 1
    with pytest.raises(RecursionError, match="reached 10000 plies"):
        alphabeta.search(Chain(alphabeta.MAX_PLY + 1), procedure=procedure)


def test_ctrl_c_still_interrupts_a_long_game(ctrl_c):
    class Wide(Cycle):
        def moves(self, pos):
            return ["x", "y", "z"]

    ctrl_c(0.5)
    with pytest.raises(KeyboardInterrupt):
        alphabeta.search(Wide(), procedure="minimax", depth=40)
    # The module still works afterwards.
    assert alphabeta.search(Chain(3)).value == -1


def test_trees_nested_too_deeply_are_refused_not_overflowed():
    lists = [1]
    for _ in range(100_000):
        lists = [lists]
    with pytest.raises(ValueError, match="10000 levels"):
        alphabeta.search(lists)
    with pytest.raises(ValueError, match="nests deeper than 1000 levels"):
        alphabeta.search("(" * 100_000 + "1" + ")" * 100_000)

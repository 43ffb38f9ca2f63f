"""Games written in Python: every procedure, the counts of the same tree searched natively."""


import pytest

import alphabeta


class NestedListGame:
    """A tree given as nested lists, played as a game: a position is the path."""

    viewpoint = "max"  # leaf values are from the first player's viewpoint

    def __init__(self, tree):
        self.tree = tree
        self.root = ()

    def node(self, pos):
        t = self.tree
        for i in pos:
            t = t[i]
        return t

    def moves(self, pos):
        t = self.node(pos)
        return range(len(t)) if isinstance(t, list) else []

    def play(self, pos, move):
        return pos + (move,)

    def evaluate(self, pos):
        return self.node(pos)


def pi_as_lists():
    """Knuth & Moore's pi tree (Fig. 2): the digits of pi, 3^4 leaves."""
    digits = "314159265358979323846264338327950288419716939937510582097494459230781640628620899"
    leaves = [int(c) for c in digits]
    return [[[leaves[27 * a + 9 * b + 3 * c:27 * a + 9 * b + 3 * c + 3] for c in range(3)] for b in range(3)]
            for a in range(3)]


KEYS = ["value", "positions_examined", "bottom_positions", "move_generations", "examined_per_level",
        "bottom_per_level", "alpha_cutoffs", "beta_cutoffs", "deep_cutoffs", "pruned_branches",
        "deep_pruned_branches", "node_types"]


def test_every_procedure_counts_as_on_the_native_tree():
    tree = pi_as_lists()
    game = NestedListGame(tree)
    native_pi = alphabeta.search("pi", procedure="f2")
    assert alphabeta.search(tree, procedure="f2").bottom_positions == native_pi.bottom_positions
    for name in alphabeta.procedures():
        if name in ("mccarthy", "ybwc"):  # a Python game has no bounds and is not shared
            continue
        native = alphabeta.search(tree, procedure=name).to_dict()
        played = alphabeta.search(game, procedure=name).to_dict()
        for key in KEYS:
            assert played[key] == native[key], (name, key)
        assert [m for m in played["principal_variation"]] == [m - 1 for m in native["principal_variation"]]


def test_mccarthy_needs_bounds():
    with pytest.raises(ValueError, match="optimistic/pessimistic"):
        alphabeta.search(NestedListGame([[1, 2], [3]]), procedure="mccarthy")


class Nim:
    """Take 1..3 from a heap; taking the last object wins (negamax values)."""

    def moves(self, heap):
        return [k for k in (1, 2, 3) if k <= heap]

    def play(self, heap, k):
        return heap - k

    def evaluate(self, heap):
        return -1 if heap == 0 else 0  # the side to move with no objects has lost


def test_nim_theory():
    # The side to move loses exactly when the heap is a multiple of 4.
    for heap in range(1, 10):
        r = alphabeta.search(Nim(), root=heap, procedure="f2")
        assert r.value == (-1 if heap % 4 == 0 else 1), heap
        if heap % 4:
            assert r.best_move == heap % 4


class Broken(Nim):
    def evaluate(self, heap):
        raise RuntimeError("broken evaluator")


class NotAnInt(Nim):
    def evaluate(self, heap):
        return "x"


def test_callback_errors_become_python_exceptions():
    with pytest.raises(RuntimeError, match="broken evaluator"):
        alphabeta.search(Broken(), root=5)
    with pytest.raises(ValueError, match="must return an int"):
        alphabeta.search(NotAnInt(), root=5)
    with pytest.raises(ValueError, match="root position"):
        alphabeta.search(Nim())
    with pytest.raises(ValueError, match="hashable"):
        alphabeta.search(NestedListGame([[1, 2], [3, 4]]), root=[], procedure="f2-tt")


class Endless(Nim):
    def play(self, heap, k):
        return heap  # never ends


def test_ctrl_c_interrupts_a_python_game(ctrl_c):
    ctrl_c(0.5)
    with pytest.raises(KeyboardInterrupt):
        alphabeta.search(Endless(), root=5, procedure="minimax", depth=60)


class MultiNim:
    """Nim on several heaps (a list): take any number from one heap; the last
    object wins. From [1, 2, 3] the side to move loses (1 ^ 2 ^ 3 == 0)."""

    root = [1, 2, 3]

    def moves(self, heaps):
        return [(i, k) for i, h in enumerate(heaps) for k in range(1, h + 1)]

    def play(self, heaps, move):
        i, k = move
        after = list(heaps)
        after[i] -= k
        return after

    def evaluate(self, heaps):
        return -1 if not any(heaps) else 0


class InPlaceNim(MultiNim):
    """The common habit: change the position and return it."""

    def play(self, heaps, move):
        i, k = move
        heaps[i] -= k
        return heaps


class AliasingNim(MultiNim):
    """Subtler: a new object, but it shares (and changes) the old one's list."""

    class Heaps:
        def __init__(self, heaps):
            self.heaps = heaps

        def __eq__(self, other):
            return self.heaps == other.heaps

        def __repr__(self):
            return f"Heaps({self.heaps})"

    root = Heaps([1, 2, 3])

    def moves(self, pos):
        return super().moves(pos.heaps)

    def play(self, pos, move):
        i, k = move
        pos.heaps[i] -= k
        return AliasingNim.Heaps(pos.heaps)

    def evaluate(self, pos):
        return super().evaluate(pos.heaps)


class CopyingInPlaceNim(InPlaceNim):
    """An in-place play with copy(pos): the search plays on copies."""

    def copy(self, heaps):
        return list(heaps)


def test_multi_nim_theory():
    assert alphabeta.search(MultiNim(), procedure="f2").value == -1
    assert alphabeta.search(MultiNim(), root=[1, 2, 4], procedure="f2").value == 1


@pytest.mark.parametrize("procedure", ["f2", "minimax", "f2-tt", "sss"])
def test_a_play_in_place_is_refused_or_played_on_copies(procedure):
    def game(cls):
        g = cls()
        if procedure == "f2-tt":  # the table needs a key of these unhashable positions
            g.key = lambda p: tuple(p.heaps if isinstance(p, AliasingNim.Heaps) else p)
        return g

    with pytest.raises(ValueError, match="changed in place.*copy\\(pos\\)"):
        alphabeta.search(game(InPlaceNim), root=[1, 2, 3], procedure=procedure)
    with pytest.raises(ValueError, match="the search changed the root position"):
        alphabeta.search(game(AliasingNim), root=AliasingNim.Heaps([1, 2, 3]), procedure=procedure)
    root = [1, 2, 3]
    r = alphabeta.search(game(CopyingInPlaceNim), root=root, procedure=procedure)
    assert r.value == -1 and root == [1, 2, 3]


def test_the_protocol_is_a_typing_protocol():
    import typing

    assert isinstance(MultiNim(), alphabeta.Game)
    assert not isinstance(object(), alphabeta.Game)
    assert typing.Protocol in alphabeta.Game.__mro__

"""Every argument checked by name: TypeError for a wrong type (floats such as
2.0 included), ValueError for a value out of its range (the range named)."""

import pytest

import alphabeta


class OnlyMoves:
    def moves(self, pos):
        return []


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: alphabeta.exact_nbp(2.0, 2), "n must be an integer, not float 2.0"),
        (lambda: alphabeta.exact_nbp(2, 2.0), "d must be an integer"),
        (lambda: alphabeta.exact_nbp(True, 2), "n must be an integer"),
        (lambda: alphabeta.exact_nbp(2, 2, exact=1), "exact must be True or False"),
        (lambda: alphabeta.simulate(n=10.5, d=2), "n must be an integer, not float 10.5"),
        (lambda: alphabeta.simulate(n=3, d=2, trees=1e3), "trees must be an integer"),
        (lambda: alphabeta.simulate(n=3, d=2, seed="1"), "seed must be an integer"),
        (lambda: alphabeta.simulate(n=3, d=2, procedure=2), "procedure must be a string"),
        (lambda: alphabeta.simulate(n=3, d=2, colour=4), "unknown model option 'colour'"),
        (lambda: alphabeta.simulate(model="range", n=3, d=2, r=4.0), "r must be an integer"),
        (lambda: alphabeta.search("pi", depth=2.0), "depth must be an integer"),
        (lambda: alphabeta.search("pi", alpha="x"), "alpha must be an integer or float\\('inf'\\)"),
        (lambda: alphabeta.search("pi", beta=2.5), "beta must be an integer or float\\('inf'\\)"),
        (lambda: alphabeta.search("pi", procedure=None), "procedure must be a string"),
        (lambda: alphabeta.search(OnlyMoves(), root=0), "a game needs the methods moves\\(pos\\), play\\(pos, move\\) "
                                                        "and evaluate\\(pos\\).*OnlyMoves has no play, evaluate"),
        (lambda: alphabeta.search(42), "search\\(\\) takes a tree .* or a game"),
        (lambda: alphabeta.run_shard(1.0, 2, n=2, d=2), "index must be an integer"),
        (lambda: alphabeta.run_shard(1, 2, n=2, d=2, colour=1), "unknown argument 'colour'"),
        (lambda: alphabeta.merge_shards("{}"), "a list of JSON texts"),
        (lambda: alphabeta.chess.search("8/8/8/8/8/8/8/K6k w - - 0 1", depth=2.0), "depth must be an integer"),
    ],
)
def test_a_wrong_type_is_a_type_error_naming_the_argument(call, message):
    import alphabeta.chess  # noqa: F401

    with pytest.raises(TypeError, match=message):
        call()


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: alphabeta.exact_nbp(-1, 2), "n must be between 1 and 4294967295, not -1"),
        (lambda: alphabeta.exact_nbp(2, -3), "d must be between 0 and 4294967295, not -3"),
        (lambda: alphabeta.exact_nbp(2, 2**40), "d must be between 0 and 4294967295, not 1099511627776"),
        (lambda: alphabeta.exact_nmg(2**40, 2), "n must be between 1 and 4294967295"),
        (lambda: alphabeta.simulate(n=-2, d=2), "n must be between 0 and 4294967295, not -2"),
        (lambda: alphabeta.simulate(n=3, d=2**40), "d must be between 0 and 4294967295"),
        (lambda: alphabeta.simulate(n=3, d=2, trees=0), "trees must be between 1 and"),
        (lambda: alphabeta.simulate(n=3, d=2, seed=-1), "seed must be between 0 and"),
        (lambda: alphabeta.simulate(n=3, d=2, ordering="best-first", p=1.5), "p must be between 0.0 and 1.0"),
        (lambda: alphabeta.search("pi", depth=2**40), f"depth must be between 0 and {alphabeta.MAX_PLY}"),
        (lambda: alphabeta.search("pi", depth=-1), "depth must be between 0"),
        (lambda: alphabeta.search("pi", alpha=2**70), "alpha must be between"),
        (lambda: alphabeta.run_shard(3, 2, n=2, d=2), "index must be between 1 and 2, not 3"),
        (lambda: alphabeta.run_shard(1, 0, n=2, d=2), "count must be between 1 and"),
        (lambda: alphabeta.chess.search("8/8/8/8/8/8/8/K6k w - - 0 1", depth=2**40), "depth must be between 0 and 64"),
    ],
)
def test_a_value_out_of_range_is_a_value_error_naming_the_argument_and_its_range(call, message):
    import alphabeta.chess  # noqa: F401

    with pytest.raises(ValueError, match=message):
        call()


def test_shard_and_merge_messages_speak_python():
    with pytest.raises(ValueError) as e:
        alphabeta.merge_shards(['{"kind": "something else"}'])
    assert "results[0]" in str(e.value) and "run_shard()" in str(e.value)
    assert "--" not in str(e.value)

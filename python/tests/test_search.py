"""alphabeta.search on explicit trees: the papers' numbers, every procedure."""

import pytest

import alphabeta

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_every_procedure_of_the_command_line_is_listed():
    procs = alphabeta.procedures()
    for name in ["minimax", "negamax", "f1", "f2", "f3", "pvs", "mccarthy", "f2-tt", "f3-tt", "mtdf"]:
        assert name in procs
    assert "fail-hard" in procs["f2"]


def test_pi_tree_has_knuths_numbers():
    # Knuth & Moore's Fig. 2 tree, as `alphabeta search --tree pi` reports it.
    f1 = alphabeta.search("pi", procedure="f1")
    f2 = alphabeta.search("pi", procedure="f2")
    mm = alphabeta.search("pi", procedure="minimax")
    assert f1.value == 2 and f1.bottom_positions == 36
    assert f2.value == 2 and f2.bottom_positions == 31
    assert f2.deep_pruned_branches == 5
    assert mm.bottom_positions == 81
    assert sum(f2.bottom_per_level) == f2.bottom_positions
    assert sum(f2.examined_per_level) == f2.positions_examined
    assert f2.examined_per_level[0] == 1


def test_every_procedure_finds_the_same_value():
    for name in alphabeta.procedures():
        r = alphabeta.search("pi", procedure=name)
        assert r.value == 2, name
        assert r.procedure == name
        assert r.bottom_positions <= 81


def test_nested_lists_text_and_minimax():
    by_lists = alphabeta.search(TEXTBOOK, procedure="f2")
    by_text = alphabeta.search("((3 12 8) (2 4 6) (14 5 2))", procedure="f2")
    assert by_lists.to_dict() | {"input": ""} == by_text.to_dict() | {"input": ""}
    assert by_lists.value == 3
    # Alpha-beta skips 4 and 6 (after 2 refutes the second move): 7 of 9 leaves.
    assert by_lists.bottom_positions == 7
    assert alphabeta.search(TEXTBOOK, procedure="minimax").bottom_positions == 9
    assert by_lists.best_move == 1
    assert by_lists.cutoffs == by_lists.alpha_cutoffs + by_lists.beta_cutoffs >= 1


def test_window_depth_and_node_types():
    r = alphabeta.search(TEXTBOOK, procedure="f3", alpha=4, beta=10)
    assert r.value <= 4  # fail-soft below the window: an upper bound
    shallow = alphabeta.search(TEXTBOOK, procedure="negamax", depth=1)
    assert shallow.bottom_positions == 3
    d = alphabeta.search("pi", procedure="f2").to_dict()
    assert set(d["node_types"]) and sum(d["node_types"].values()) > 0
    assert d["examined_per_level"] and d["procedure"] == "f2"
    inf = alphabeta.search([[float("inf"), 1], [2, 3]], procedure="f2")
    assert inf.value == 2


@pytest.mark.parametrize(
    "args, message",
    [
        (("pi", "zz"), "unknown procedure"),
        (("nope",), 'no tree called "nope"'),
        (("((1 2) (3",), "malformed tree"),
        (([[1, "a"]],), "nested list of integers"),
        (([[1, 2.5]],), "nested list of integers"),
    ],
)
def test_bad_input_is_a_value_error(args, message):
    with pytest.raises(ValueError, match=message):
        alphabeta.search(*args)


def test_bad_windows_get_the_command_lines_messages():
    with pytest.raises(ValueError, match="alpha < beta"):
        alphabeta.search(TEXTBOOK, alpha=5, beta=5)
    with pytest.raises(ValueError, match="exhaustive search takes no window"):
        alphabeta.search(TEXTBOOK, procedure="minimax", alpha=0)
    with pytest.raises(ValueError, match="takes one bound"):
        alphabeta.search(TEXTBOOK, procedure="f1", alpha=0)
    with pytest.raises(TypeError, match="alpha must be an integer"):
        alphabeta.search(TEXTBOOK, alpha="x")


def test_matches_the_command_line(cli):
    import json

    doc = json.loads(cli("search", "--tree", "pi", "--json"))
    for row in doc["results"]:
        r = alphabeta.search("pi", procedure=row["procedure"])
        for key in ["positions_examined", "bottom_positions", "move_generations", "examined_per_level",
                    "bottom_per_level", "alpha_cutoffs", "beta_cutoffs", "deep_cutoffs",
                    "pruned_branches", "deep_pruned_branches"]:
            assert r.to_dict()[key] == row[key], (row["procedure"], key)
        assert str(r.value) == row["value"]

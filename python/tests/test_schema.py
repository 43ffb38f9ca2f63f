"""One schema for a search result (docs/schema.md): ``SearchResult.to_dict()``
equals the command line's ``alphabeta search --format json``, key for key and
value for value."""

import json

import pytest

import alphabeta
import alphabeta.chess


def _cli_results(cli, *args):
    doc = json.loads(cli("search", *args, "--format", "json"))
    assert set(doc) == {"input", "alpha", "beta", "results", "skipped"}
    return doc


@pytest.mark.parametrize(
    "python_input, cli_args",
    [
        ("pi", ["--tree", "pi"]),
        ("tictactoe", ["--game", "tictactoe"]),
    ],
)
def test_to_dict_is_one_result_of_the_command_line(cli, python_input, cli_args):
    doc = _cli_results(cli, *cli_args)
    assert doc["results"], doc
    for row in doc["results"]:
        r = alphabeta.search(python_input, procedure=row["procedure"])
        d = r.to_dict()
        assert set(d) == set(row), row["procedure"]
        assert d == row, row["procedure"]
        assert r.input == doc["input"]
    # Every procedure the command line left out was refused for the same reason.
    for skipped in doc["skipped"]:
        with pytest.raises(ValueError, match="optimistic/pessimistic"):
            alphabeta.search(python_input, procedure=skipped.split(" ")[0])


def test_windows_traces_and_the_parallel_procedure_have_the_same_schema(cli):
    tree = "((3 12 8) (2 4 6) (14 5 2))"
    row = _cli_results(cli, tree, "-p", "f3", "--alpha", "4", "--beta", "10", "--trace")["results"][0]
    r = alphabeta.search(tree, procedure="f3", alpha=4, beta=10, trace=True)
    assert r.to_dict() == row
    assert r.trace[0] == {"path": "root", "alpha": 4, "beta": 10, "leaf_value": None}
    assert r.value == 3
    # The parallel procedure on one thread: F2's counts, and its own record of splits.
    row = _cli_results(cli, "--tree", "pi", "-p", "ybwc")["results"][0]
    y = alphabeta.search("pi", procedure="ybwc").to_dict()
    assert y.pop("parallel").pop("wait_ns") == row.pop("parallel").pop("wait_ns") == 0
    assert y == row


def test_infinite_values_are_written_as_strings():
    r = alphabeta.search([[float("inf"), float("inf")], [1, 2]], procedure="f2")
    assert r.value == float("inf")
    assert r.to_dict()["value"] == "+inf"
    assert json.loads(json.dumps(r.to_dict())) == r.to_dict()
    with pytest.raises(ValueError, match="ybwc searches on several threads"):
        alphabeta.chess.search("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", depth=1, procedure="ybwc")


def test_tictactoe_by_name_is_the_built_in_game():
    r = alphabeta.search("tictactoe", procedure="f2")
    assert r.value == 0
    assert r.input == "tic-tac-toe from the empty board"
    assert all(1 <= square <= 9 for square in r.principal_variation)
    assert len(r.principal_variation) == 9
    with pytest.raises(ValueError, match="optimistic/pessimistic"):
        alphabeta.search("tictactoe", procedure="mccarthy")

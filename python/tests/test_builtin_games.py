"""The built-in games from Python: state objects, searched natively by every
procedure, with the command line's numbers and Connect Four's scores."""

import json

import pytest

import alphabeta
from alphabeta import games


def test_tictactoe_state():
    s = games.tictactoe()
    assert s.legal_moves() == list(range(9)) and not s.is_terminal() and s.to_move == 0
    t = s.play(4)
    assert s.legal_moves() == list(range(9)), "play returns a new state"
    assert t.legal_moves() == [0, 1, 2, 3, 5, 6, 7, 8] and t.to_move == 1 and t.history == [4]
    won = games.tictactoe([0, 3, 1, 4, 2])
    assert won.is_terminal() and won.legal_moves() == []
    assert repr(won) == "tictactoe([0, 3, 1, 4, 2]), game over\nxxx\noo.\n..."
    assert games.tictactoe([4]) == t and hash(games.tictactoe([4])) == hash(t)
    with pytest.raises(ValueError, match="not a legal move"):
        t.play(4)
    with pytest.raises(TypeError, match="integer"):
        t.play("a")
    with pytest.raises(ValueError, match="moves\\[1\\] must be between 0 and 8"):
        games.tictactoe([0, 9])


def test_tictactoe_is_a_draw_by_every_procedure_with_the_command_lines_counts(cli):
    doc = json.loads(cli("search", "--game", "tictactoe", "--format", "json"))
    rows = {r["procedure"]: r for r in doc["results"]}
    for name in alphabeta.procedures():
        if name in ("mccarthy", "ybwc"):
            continue
        r = alphabeta.search(games.tictactoe(), procedure=name)
        assert r.value == 0, name
        if name in rows:
            # The command line's result, key for key; its moves are squares
            # 1-9, the state's 0-8 (what state.play takes).
            d = r.to_dict()
            assert d["principal_variation"] == [m - 1 for m in rows[name]["principal_variation"]], name
            assert d["best_move"] == rows[name]["best_move"] - 1, name
            same = {k: v for k, v in d.items() if k not in ("principal_variation", "best_move")}
            assert same == {k: v for k, v in rows[name].items() if k in same} and set(d) == set(rows[name]), name
            assert games.tictactoe().play(r.best_move).history == [r.best_move]


def test_connect4_state_and_solver(cli):
    s = games.connect4("4455")
    assert s.legal_moves() == [1, 2, 3, 4, 5, 6, 7] and s.history == [4, 4, 5, 5]
    assert repr(s).startswith("connect4('4455'), x to move\n")
    assert s.diagram().endswith("...xx..\n1234567\n")
    solution = games.solve(s)
    doc = json.loads(cli("solve", "connect4", "4455", "--analyze", "--format", "json"))
    assert solution.score == doc["score"] == 18  # a win with the side's 4th disc: 22 - 4
    assert solution.best_columns == doc["best_columns"] and solution.outcome == "win"
    with pytest.raises(ValueError, match="column 8|columns 1 to 7"):
        games.connect4("48")
    with pytest.raises(ValueError, match="Connect Four"):
        games.solve(games.tictactoe())


@pytest.mark.parametrize("procedure", [n for n in alphabeta.procedures() if n != "ybwc"])
def test_connect4_is_searched_by_every_procedure(procedure):
    # x to move after 4455 wins with its 4th disc (score 22 - 4 = 18): three
    # plies, found by every procedure within seven.
    s = games.connect4("4455")
    r = alphabeta.search(s, procedure=procedure, depth=7)
    assert r.value == 18, procedure
    assert r.principal_variation[0] in games.solve(s).best_columns

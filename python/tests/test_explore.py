"""alphabeta.explore: the page of `alphabeta explore`, inline in a notebook and saved as a file."""

import html
import html.parser
import json
import os
import re

import pytest

import alphabeta

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def page_data(page_html):
    """The data the page replays (its JSON script element)."""
    m = re.search(r'<script type="application/json" id="explorer-data">(.*?)</script>', page_html, re.S)
    assert m, "the page has no data element"
    return json.loads(m.group(1))


def leaf_labels(tree):
    values = tree["values"]
    return [values[i] for i in tree["nodes"]["leaf"] if i >= 0]


def test_the_page_holds_the_trees_values():
    page = alphabeta.explore(TEXTBOOK)
    assert page.positions == 13
    assert page.compare == ("f1", "f2")
    # Every procedure's root value: 3 for the player to move (Max).
    assert set(page.values.values()) == {"3"}
    # Every procedure but those that need a transposition table or threads.
    assert set(page.values) == set(alphabeta.procedures()) - {"f2-tt", "f3-tt", "mtdf", "ybwc"}
    data = page_data(page.html())
    (tree,) = data["trees"]
    assert leaf_labels(tree) == ["3", "12", "8", "2", "4", "6", "14", "5", "2"]
    assert tree["title"] == "tree given as lists"
    # The counts the page shows are alphabeta.search's.
    f2 = next(r for r in tree["runs"] if r["name"] == "f2")
    assert f2["counters"]["bottom"] == alphabeta.search(TEXTBOOK, "f2").bottom_positions
    assert alphabeta.explore("((3 12 8) (2 4 6) (14 5 2))").values == page.values


def test_named_trees_and_their_counts():
    page = alphabeta.explore("pi")
    full = alphabeta.search("pi", "minimax")
    assert page.positions == full.positions_examined
    assert page.values["f2"] == str(alphabeta.search("pi", "f2").value)
    assert "mccarthy" in page.values  # explicit trees have McCarthy's bounds, as on the command line
    assert page.title.startswith("pi: ")
    assert repr(page).startswith(f"<ExplorerPage {page.title!r}: {page.positions} positions, ")


def test_the_same_page_as_the_command_line(cli, tmp_path):
    # One Rust code path: the CLI's page and ours differ only in the command
    # each names for the tree.
    out = tmp_path / "pi.html"
    cli("explore", "--tree", "pi", "--out", str(out))
    theirs = out.read_text(encoding="utf-8")
    ours = alphabeta.explore("pi").html()
    assert ours.replace('alphabeta.explore(\\"pi\\")', f"alphabeta explore --tree pi --out {out}") == theirs
    out = tmp_path / "random.html"
    cli("explore", "--model", "range", "--n", "3", "--d", "3", "--r", "10", "--seed", "7", "--out", str(out))
    theirs = page_data(out.read_text(encoding="utf-8"))["trees"][0]
    ours = page_data(alphabeta.explore(model="range", n=3, d=3, r=10, seed=7).html())["trees"][0]
    assert theirs["command"] != ours["command"]
    theirs.pop("command"), ours.pop("command")
    assert ours == theirs


class Frames(html.parser.HTMLParser):
    """The elements of a fragment, with their attributes unescaped."""

    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def test_the_inline_frame_holds_the_page_escaped():
    page = alphabeta.explore(TEXTBOOK)
    fragment = page._repr_html_()
    parser = Frames()
    parser.feed(fragment)
    parser.close()
    # One element: the frame; the page is inside its attribute, not markup
    # of the notebook.
    assert [t for t, _ in parser.tags] == ["iframe"]
    attrs = parser.tags[0][1]
    assert attrs["srcdoc"] == page.html()
    assert attrs["sandbox"] == "allow-scripts"
    srcdoc = fragment[fragment.index('srcdoc="') + len('srcdoc="'):]
    srcdoc = srcdoc[: srcdoc.index('"')]
    assert "<" not in srcdoc and ">" not in srcdoc and "'" not in srcdoc
    assert html.unescape(srcdoc) == page.html()
    # No asset from outside: the page is self-contained.
    assert not re.search(r"(src|href)=[\"']?(https?:)?//", page.html())


def test_save_writes_the_page_atomically(tmp_path):
    page = alphabeta.explore("tictactoe", position="X.O.X....")
    target = tmp_path / "pages" / "ttt.html"
    assert page.save(target) == str(target)
    assert target.read_text(encoding="utf-8") == page.html()
    assert os.listdir(target.parent) == ["ttt.html"]  # no temporary file left
    target.write_text("old")
    page.save(str(target))
    assert target.read_text(encoding="utf-8") == page.html()
    with pytest.raises(TypeError, match="path"):
        page.save(3)
    with pytest.raises(OSError):
        page.save(tmp_path)  # a folder


def test_limits_raise_value_errors_in_pythons_words():
    limit = alphabeta.EXPLORE_MAX_POSITIONS
    assert limit == 20_000
    # Tic-tac-toe to the end has 549 946 positions; to depth 3, 1 + 9 + 72 + 504.
    with pytest.raises(ValueError, match=f"more than {limit} positions") as e:
        alphabeta.explore("tictactoe")
    assert "depth=" in str(e.value) and "--" not in str(e.value)
    assert alphabeta.explore("tictactoe", depth=3).positions == 586
    with pytest.raises(ValueError, match=f"more than the {limit} the explorer draws") as e:
        alphabeta.explore(model="uniform", n=10, d=5)
    assert "n= or d=" in str(e.value) and "--" not in str(e.value)
    wide = [list(range(200)) for _ in range(200)]  # 40 201 positions
    with pytest.raises(ValueError, match=f"more than {limit} positions"):
        alphabeta.explore(wide)
    assert alphabeta.explore(wide, depth=1).positions == 201


def test_bad_arguments():
    with pytest.raises(ValueError, match='compare: no procedure "nope" here; known: minimax, negamax, f1'):
        alphabeta.explore("pi", compare=("f1", "nope"))
    with pytest.raises(ValueError, match="two procedure names"):
        alphabeta.explore("pi", compare=("f1",))
    with pytest.raises(ValueError, match="position= is a tic-tac-toe position"):
        alphabeta.explore("pi", position="X........")
    with pytest.raises(ValueError, match="9 squares"):
        alphabeta.explore("tictactoe", position="X..")
    with pytest.raises(ValueError, match="not both"):
        alphabeta.explore("pi", model="uniform", n=2, d=2)
    with pytest.raises(ValueError, match="give model= too"):
        alphabeta.explore("pi", n=2)
    with pytest.raises(ValueError, match="leave out depth="):
        alphabeta.explore(model="uniform", n=2, d=2, depth=1)
    with pytest.raises(ValueError, match="no tree called"):
        alphabeta.explore("nope")
    with pytest.raises(ValueError, match="malformed tree given inline"):
        alphabeta.explore("((1 2)")
    with pytest.raises(TypeError, match="takes a tree"):
        alphabeta.explore()
    with pytest.raises(TypeError, match="takes a tree"):
        alphabeta.explore(42)
    with pytest.raises(TypeError, match="depth must be an integer"):
        alphabeta.explore("pi", depth=2.0)

"""Rich display in notebooks: compact, well-formed, self-contained HTML tables
holding the results' own numbers, and short reprs."""

import html.parser
import re
from fractions import Fraction

import alphabeta

VOID = {"br", "hr", "img", "meta", "link", "input"}


class Checked(html.parser.HTMLParser):
    """Parses a fragment, checking that every element is closed in order;
    keeps the text of the cells."""

    def __init__(self):
        super().__init__()
        self.open = []
        self.tags = []
        self.cells = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag not in VOID:
            self.open.append(tag)
        if tag in ("td", "th"):
            self.cells.append("")

    def handle_endtag(self, tag):
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open}"
        self.open.pop()

    def handle_data(self, data):
        if self.open and self.open[-1] in ("td", "th"):
            self.cells[-1] += data


def checked(fragment):
    p = Checked()
    p.feed(fragment)
    p.close()
    assert p.open == []
    # Self-contained: no script, style sheet, image or link to fetch.
    assert not {"script", "link", "img", "iframe", "style"} & set(p.tags)
    assert not re.search(r"(src|href)=", fragment)
    return p


def test_search_result():
    r = alphabeta.search("pi", "f2")
    p = checked(r._repr_html_())
    cells = p.cells
    # The counts table: every count under its name.
    for name, value in [("bottom positions (NBP)", "31"), ("positions examined", "55"), ("value", "2"),
                        ("alpha / beta / deep cutoffs", "11 / 2 / 3"), ("principal variation", "1 1 3 1")]:
        assert cells[cells.index(name) + 1] == value
    # The per-level table, row by row.
    header = cells.index("level")
    rows = [cells[i:i + 5] for i in range(header + 5, len(cells), 5)]
    assert rows == [[str(lv), str(e), str(b), str(g), str(s)] for lv, (e, b, g, s) in enumerate(
        zip(r.examined_per_level, r.bottom_per_level, r.move_generations_per_level, r.settled_per_level))]
    assert repr(r) == ("<SearchResult f2 on tree pi: value 2, best move 1, principal variation [1, 1, 3, 1], "
                       "31 bottom positions, 55 positions examined>")
    assert "<caption" in r._repr_html_() and ">f2 on tree pi</caption>" in r._repr_html_()


def test_search_result_escapes_moves_and_infinite_values():
    class Game:
        """One move, named with markup, to a position valued +inf."""

        def moves(self, pos):
            return ["<b>&move</b>"] if pos == 0 else []

        def play(self, pos, move):
            return pos + 1

        def evaluate(self, pos):
            return 0

    r = alphabeta.search(Game(), "minimax", root=0)
    fragment = r._repr_html_()
    p = checked(fragment)
    assert "<b>" not in fragment and "&lt;b&gt;&amp;move&lt;/b&gt;" in fragment
    assert p.cells[p.cells.index("best move") + 1] == "<b>&move</b>"
    inf = alphabeta.search([[float("inf")]], "f2")
    assert "+∞" in checked(inf._repr_html_()).cells
    assert "value +∞" in repr(inf)


def test_simulation_result():
    r = alphabeta.simulate(n=3, d=2, trees=200, seed=5, samples=True)
    p = checked(r._repr_html_())
    cells = p.cells
    nbp = cells[cells.index("bottom positions (NBP)"):][:5]
    assert nbp == ["bottom positions (NBP)", f"{r.mean:.4f}", f"{r.sd:.4f}",
                   f"[{r.ci95[0]:.4f}, {r.ci95[1]:.4f}]", f"{r.leaves.sd_over_mean:.4f}"]
    # The same numbers as the command line's table (str(r)).
    assert f"{r.mean:.4f}" in str(r) and f"{r.nodes.mean:.4f}" in str(r)
    levels = cells[cells.index("move gens", cells.index("level")) + 1:]
    assert [row[0] for row in zip(*[iter(levels)] * 5)] == ["0", "1", "2"]
    assert "uniform n=3 d=2, f2, seed 5, 200 trees" in r._repr_html_()
    assert "200 trees" in r._repr_html_() and ".samples" in r._repr_html_()


def test_exact_results():
    v = alphabeta.var_nbp(3, 2)
    fragment = v._repr_html_()
    checked(fragment)
    assert "7859/4900" in fragment and repr(float(v)) in fragment
    # A fraction of thousands of digits is shown by its size (Python would
    # refuse to write it as a decimal string).
    huge = alphabeta.Expected(1.0, 0.0, Fraction(10 ** 5000 + 1, 3))
    assert "digits" in huge._repr_html_() and len(huge._repr_html_()) < 500
    assert repr(alphabeta.exact_nbp(2, 2)).startswith("Expected(3.66666")


def test_game_states_show_their_boards():
    from alphabeta import games

    s = games.connect4("4455")
    p = checked(s._repr_html_())
    assert "<caption" in s._repr_html_() and "connect4(&#x27;4455&#x27;), x to move" in s._repr_html_()
    rows = [p.cells[i:i + 7] for i in range(0, len(p.cells), 7)]
    assert len(rows) == 7 and rows[-1] == list("1234567")
    assert rows[-3] == ["", "", "", "o", "o", "", ""] and rows[-2] == ["", "", "", "x", "x", "", ""]
    t = games.tictactoe([0, 3, 1, 4, 2])
    p = checked(t._repr_html_())
    assert [p.cells[i:i + 3] for i in range(0, 9, 3)] == [["x", "x", "x"], ["o", "o", ""], ["", "", ""]]
    assert "game over" in t._repr_html_()

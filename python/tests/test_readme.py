"""The README's Python lines run in order as written, with the values its comments give."""

import pathlib
import re

import pytest

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def readme_python():
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## From Python"):]
    section = section[:section.index("\n## ", 1)]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 1
    return blocks[0]


def test_the_readme_runs_as_written():
    pytest.importorskip("pandas")
    pytest.importorskip("dask.distributed")
    code = readme_python()
    names = {}
    try:
        exec(compile(code, str(README), "exec"), names)
    finally:
        if "client" in names:
            names["client"].close()
    # The values its comments give.
    import alphabeta
    from fractions import Fraction

    assert "# 31 " in code and alphabeta.search("pi", procedure="f2").bottom_positions == 31
    assert "Fraction(11, 3)" in code and alphabeta.exact_nbp(2, 2, exact=True) == Fraction(11, 3)
    assert "Fraction(7859, 4900)" in code and alphabeta.var_nbp(3, 2, exact=True) == Fraction(7859, 4900)
    assert "# 139542.39" in code and repr(float(alphabeta.var_nbp(10, 4))).startswith("139542.39")
    assert "# 18" in code and alphabeta.games.solve(alphabeta.games.connect4("4455")).score == 18

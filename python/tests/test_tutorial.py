"""The tutorial notebook runs from top to bottom, as a reader runs it."""

import pathlib

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

TUTORIAL = pathlib.Path(__file__).resolve().parents[1] / "examples" / "tutorial.ipynb"


def test_the_tutorial_notebook_runs():
    nb = nbformat.read(TUTORIAL, as_version=4)
    assert not any(c.get("outputs") for c in nb.cells if c.cell_type == "code"), "commit it without outputs"
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(TUTORIAL.parent)}})
    client.execute()
    text = "".join(o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert "= 11/3" in text  # Table 5.1, N = 2
    assert "covered: True" in text
    assert "Nim from 10: value 1, take 2" in text
    assert "the game has a cycle" in text
    assert "score 18 best columns" in text
    assert "<3,2>  Var[NBP] = 7859/4900" in text
    # The rich display: the search's tables, and the explorer in its frame.
    shown = [o["data"]["text/html"] for c in nb.cells if c.cell_type == "code" for o in c.outputs
             if "text/html" in o.get("data", {})]
    assert any(">f2 on tree pi</caption>" in h for h in shown)
    assert any(h.startswith("<iframe srcdoc=") for h in shown)

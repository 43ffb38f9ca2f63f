"""Shared helpers: the command-line binary, when this checkout has built it."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def cli_binary():
    target = os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
    path = pathlib.Path(target) / "release" / "alphabeta"
    if not path.is_absolute():
        path = ROOT / path
    return path if path.exists() else None


@pytest.fixture
def cli():
    """Runs `alphabeta ARGS` and returns its standard output (skips when not built)."""
    binary = cli_binary()
    if binary is None:
        pytest.skip("the alphabeta binary is not built (cargo build --release --bin alphabeta)")

    def run(*args):
        out = subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr
        return out.stdout

    return run

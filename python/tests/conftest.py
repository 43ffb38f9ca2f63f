"""Shared helpers: the command-line binary, when this checkout has built it; Ctrl-C."""

import os
import pathlib
import signal
import subprocess
import threading

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


@pytest.fixture
def ctrl_c():
    """Presses Ctrl-C: ``ctrl_c(after)`` sends SIGINT to this process ``after``
    seconds later, with Python's own handler (``KeyboardInterrupt``) installed
    for the test and the previous one put back afterwards.

    A process that a non-interactive shell starts in the background inherits
    SIGINT ignored, and Python then leaves it ignored: neither a real Ctrl-C
    nor ``_thread.interrupt_main()`` would reach the call under test, which
    would run on (to its end, or forever)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timers = []

    def press(after=0.5):
        timer = threading.Timer(after, os.kill, (os.getpid(), signal.SIGINT))
        timers.append(timer)
        timer.start()

    try:
        yield press
    finally:
        for timer in timers:
            timer.cancel()
        signal.signal(signal.SIGINT, previous)

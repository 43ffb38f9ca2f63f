#!/usr/bin/env python3
"""Drives `alphabeta uci` as a real client would, with python-chess.

Usage: python3 crates/engine/tests/uci_client.py [ENGINE_BINARY]
(default: target/release/alphabeta). Needs `pip install chess`.

Checks the handshake and options, analysis (scores, mates, MultiPV: every
line of every iteration under node and time limits, seldepth never below
depth; infinite analysis stopped by the client), playing under every kind of
limit (a fixed move time spent whatever Move Overhead is), a full game of the
engine against itself through engine.play, that protocol errors are reported
without the engine dying, and (raw UCI, one and two threads) that no info line
or count is written twice before bestmove. Prints one line a check and a
closing `N passed, M failed`; exits non-zero when a check failed.
"""

import itertools
import subprocess
import sys
import threading
import time

import chess
import chess.engine

ENGINE = sys.argv[1] if len(sys.argv) > 1 else "target/release/alphabeta"
COMMAND = [ENGINE, "uci"]

results = []


def check(name, condition, detail=""):
    results.append(bool(condition))
    status = "ok  " if condition else "FAIL"
    print(f"{status} {name}" + (f" ({detail})" if detail and not condition else ""), flush=True)


def run_check(name, fn):
    try:
        fn()
    except Exception as exc:  # a crash in a check is a failed check
        check(name, False, f"{type(exc).__name__}: {exc}")


def handshake(engine):
    check("id name", engine.id.get("name", "").startswith("alphabeta"), engine.id)
    for option in ("Hash", "MultiPV", "UCI_Chess960", "Ponder"):
        check(f"option {option} declared", option in engine.options)
    engine.configure({"Hash": 32})
    check("configure Hash", True)


def analyse_start(engine):
    board = chess.Board()
    info = engine.analyse(board, chess.engine.Limit(depth=6))
    score = info["score"].relative
    check("start position depth 6", info.get("depth", 0) >= 6, info.get("depth"))
    check("start position score is sane", score.score() is not None and abs(score.score()) < 150, score)
    pv = info.get("pv", [])
    legal = bool(pv)
    for move in pv:
        legal = legal and move in board.legal_moves
        board.push(move)
    check("principal variation is legal", legal, pv)
    check("nodes and time reported", info.get("nodes", 0) > 0 and "time" in info, info)


def analyse_mate(engine):
    board = chess.Board("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1")
    info = engine.analyse(board, chess.engine.Limit(depth=4))
    score = info["score"].relative
    check("mate in one found", score.is_mate() and score.mate() == 1, score)
    check("mating move", info["pv"][0] == chess.Move.from_uci("b1b8"), info["pv"])
    board = chess.Board("k7/8/1K6/8/8/8/8/7R b - - 0 1")
    info = engine.analyse(board, chess.engine.Limit(depth=5))
    check("being mated is mate -1", info["score"].relative.mate() == -1, info["score"])


def analyse_wac(engine):
    # WAC.001: Qg6 wins.
    board = chess.Board("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1")
    info = engine.analyse(board, chess.engine.Limit(time=2.0))
    check("WAC.001 Qg6", info["pv"][0] == board.parse_san("Qg6"), board.san(info["pv"][0]))


def multipv(engine):
    infos = engine.analyse(chess.Board(), chess.engine.Limit(depth=4), multipv=3)
    firsts = {info["pv"][0] for info in infos}
    check("MultiPV 3 gives three lines", len(infos) == 3 and len(firsts) == 3, infos)
    # Under a node or time limit the search stops inside an iteration: the
    # GUI still sees lines 1, 2 and 3 of every iteration, in order, with three
    # different first moves (a cut iteration's lines completed by the last
    # one's, one depth less), seldepth never below depth, and the final
    # result has all three. Aspiration bounds (after a second) are not lines.
    for name, limit in [(f"{n} nodes", chess.engine.Limit(nodes=n)) for n in (5000, 20000, 50000)] + [
            ("0.3 s", chess.engine.Limit(time=0.3))]:
        blocks = []
        shallow = []
        with engine.analysis(chess.Board(), limit, multipv=3) as analysis:
            for info in analysis:
                if "pv" not in info or info.get("lowerbound") or info.get("upperbound"):
                    continue
                if info.get("seldepth", 0) < info.get("depth", 0):
                    shallow.append(info)
                if info.get("multipv") == 1:
                    blocks.append([])
                if blocks:
                    blocks[-1].append((info.get("multipv"), info["pv"][0], info.get("depth")))
        whole = bool(blocks) and all(
            [n for n, _, _ in block] == [1, 2, 3] and len({m for _, m, _ in block}) == 3
            and all(d in (block[0][2], block[0][2] - 1) for _, _, d in block) for block in blocks)
        check(f"MultiPV 3 at {name}: every iteration reports lines 1-3", whole, blocks[-2:])
        check(f"MultiPV 3 at {name}: seldepth never below depth", not shallow, shallow[:2])
        infos = engine.analyse(chess.Board(), limit, multipv=3)
        firsts = {info["pv"][0] for info in infos}
        check(f"MultiPV 3 at {name} gives three lines", len(infos) == 3 and len(firsts) == 3, infos)


def infinite_analysis(engine):
    board = chess.Board()
    with engine.analysis(board) as analysis:
        for info in analysis:
            if info.get("depth", 0) >= 5:
                break
    check("infinite analysis stopped by the client", analysis.info.get("depth", 0) >= 5, analysis.info)
    # The engine must still answer after the stop.
    result = engine.play(board, chess.engine.Limit(depth=2))
    check("plays after an infinite analysis", result.move in board.legal_moves)


def limits(engine):
    board = chess.Board()
    for name, limit in [
        ("movetime", chess.engine.Limit(time=0.2)),
        ("nodes", chess.engine.Limit(nodes=5000)),
        ("depth", chess.engine.Limit(depth=4)),
        ("clock", chess.engine.Limit(white_clock=2.0, black_clock=2.0, white_inc=0.1, black_inc=0.1)),
        ("clock with movestogo", chess.engine.Limit(white_clock=5.0, black_clock=5.0, remaining_moves=20)),
        ("mate", chess.engine.Limit(mate=2, time=2.0)),
    ]:
        start = time.monotonic()
        result = engine.play(board, limit)
        elapsed = time.monotonic() - start
        check(f"go {name}", result.move in board.legal_moves and elapsed < 3.0, f"{result.move} {elapsed:.2f}s")
    # A fixed move time is spent (less a 5-ms margin), not shortened by
    # Move Overhead, which is for clocks: the answer comes no sooner.
    engine.configure({"Move Overhead": 1000})
    start = time.monotonic()
    result = engine.play(board, chess.engine.Limit(time=0.3))
    elapsed = time.monotonic() - start
    engine.configure({"Move Overhead": 20})
    check("go movetime 300 with Move Overhead 1000 takes its 300 ms", 0.295 <= elapsed < 3.0, f"{elapsed:.3f}s")


def full_game(engine):
    board = chess.Board()
    legal = True
    scores = []
    while not board.is_game_over(claim_draw=True) and board.ply() < 300:
        result = engine.play(board, chess.engine.Limit(time=0.02), info=chess.engine.INFO_SCORE)
        if result.move not in board.legal_moves:
            legal = False
            break
        if "score" in result.info:
            scores.append(result.info["score"].relative)
        board.push(result.move)
    check("full self-play game, every move legal", legal, board.fen())
    sane = all(s.is_mate() or abs(s.score()) <= 5000 for s in scores)
    check("every reported score is a mate or within 50 pawns", scores and sane, scores[-5:])
    if board.is_checkmate():
        # The winner saw the mate coming: its last score was a mate score.
        check("the mating side's last score was a mate", scores[-1].is_mate() and scores[-1].mate() > 0, scores[-1])
    print(f"     game: {board.ply()} plies, result {board.result(claim_draw=True)}", flush=True)


def mate_in_play(engine):
    # KQ vs K from an easy start: the engine must deliver mate.
    board = chess.Board("8/8/8/4k3/8/8/8/KQ6 w - - 0 1")
    while not board.is_game_over(claim_draw=True) and board.ply() < 120:
        board.push(engine.play(board, chess.engine.Limit(time=0.05)).move)
    check("KQ vs K ends in checkmate", board.is_checkmate(), board.fen())


def raw_errors():
    commands = "uci\nbogus\nposition fen not-a-fen\nposition startpos moves e2e5\n" \
        "setoption name Hash value -3\ngo depth x\nisready\nposition startpos\ngo depth 2\n"
    proc = subprocess.run(COMMAND, input=commands, capture_output=True, text=True, timeout=30)
    lines = proc.stdout.splitlines()
    errors = [line for line in lines if line.startswith("info string error")]
    check("protocol errors reported as info string", len(errors) == 5, errors)
    check("engine keeps running after errors", "readyok" in lines and lines[-1].startswith("bestmove"), lines[-3:])
    check("engine exits cleanly at end of input", proc.returncode == 0, proc.returncode)


def what_it_says(line):
    """An info line without the fields that move on as the search goes
    (nodes, nps, time, hashfull)."""
    words, kept = iter(line.split()), []
    for w in words:
        if w in ("nodes", "nps", "time", "hashfull"):
            next(words, None)
        else:
            kept.append(w)
    return " ".join(kept)


def nodes_of(line):
    return int(line.split(" nodes ")[1].split()[0]) if " nodes " in line else None


def said_once():
    # Before bestmove, no line is written again with only its count and time
    # moved on, a closing count line (`info nodes ...`) never repeats the
    # count of the line before it, and the last count is the whole search's.
    # On two threads (where the machine has them; else the option is
    # refused and one searches) the helpers' last positions may change the
    # count after the main thread's last line.
    for go, multipv, threads in itertools.product(("go depth 6", "go nodes 30000", "go movetime 300"),
                                                  (1, 3), (1, 2)):
        commands = (f"uci\nsetoption name Threads value {threads}\nsetoption name MultiPV value {multipv}\n"
                    f"position startpos\n{go}\n")
        # The input stays open until bestmove (its end would stop the
        # search); an engine that never answers is killed after 30 s.
        proc = subprocess.Popen(COMMAND, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        watchdog = threading.Timer(30, proc.kill)
        watchdog.start()
        proc.stdin.write(commands)
        proc.stdin.flush()
        lines = []
        for line in proc.stdout:
            lines.append(line.strip())
            if line.startswith("bestmove"):
                break
        proc.stdin.close()
        proc.wait(timeout=30)
        watchdog.cancel()
        infos = [line for line in lines if line.startswith("info depth") and " pv " in line]
        twice = [a for a, b in zip(infos, infos[1:]) if what_it_says(a) == what_it_says(b)]
        counted = [line for line in lines if nodes_of(line) is not None]
        twice += [b for a, b in zip(counted, counted[1:])
                  if b.startswith("info nodes ") and nodes_of(a) == nodes_of(b)]
        last = lines[-2] if len(lines) >= 2 else ""
        whole = bool(counted) and nodes_of(last) == max(nodes_of(line) for line in counted)
        check(f"{go}, MultiPV {multipv}, Threads {threads}: each line said once, the last count the whole search's",
              lines[-1:] != [] and lines[-1].startswith("bestmove") and not twice and whole,
              twice[:2] or lines[-3:])


def main():
    try:
        engine = chess.engine.SimpleEngine.popen_uci(COMMAND)
    except Exception as exc:
        print(f"FAIL cannot start {' '.join(COMMAND)}: {type(exc).__name__}: {exc}")
        print("0 passed, 1 failed")
        return 1
    try:
        for fn in (handshake, analyse_start, analyse_mate, analyse_wac, multipv, infinite_analysis, limits,
                   full_game, mate_in_play):
            run_check(fn.__name__, lambda fn=fn: fn(engine))
    finally:
        engine.quit()
    run_check("raw_errors", raw_errors)
    run_check("said_once", said_once)
    passed = sum(results)
    failed = len(results) - passed
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not results else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Depth reached and positions solved by a UCI engine on an EPD suite.

Usage:
  python3 crates/engine/tests/depth.py [--engine "target/release/alphabeta uci"]
      [--epd crates/chess/tests/data/wac.epd] [--positions 30]
      [--time 1.0 | --nodes N | --depth D] [--options NAME=VALUE,...]

Each position is searched from a fresh game (`ucinewgame`) for TIME
seconds, NODES positions or to depth D; the depth is the last completed iteration the
engine reported, the move counts as solved when it is one of the record's
`bm` moves (and none of its `am` moves). Prints one line a position, then
the median depth, the solved count and the total nodes, and the engine
process's CPU time with the positions per CPU second (at a fixed depth the
engine's searches are deterministic, so two builds that search the same
trees compare by that speed alone). The searches go through python-chess's
`analyse`, which sets `UCI_AnalyseMode` true for an engine that offers it
(this one, and Stockfish): the suite is solved in analysis mode; pass
`--options UCI_AnalyseMode=false` for the search the engine plays games with.
"""

import argparse
import resource
import statistics
import sys

import chess
import chess.engine


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/alphabeta uci")
    parser.add_argument("--epd", default="crates/chess/tests/data/wac.epd")
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--nodes", type=int, default=0)
    parser.add_argument("--depth", type=int, default=0)
    parser.add_argument("--options", default="")
    args = parser.parse_args()

    options = {}
    for item in filter(None, (t.strip() for t in args.options.split(","))):
        name, _, value = item.partition("=")
        low = value.strip().lower()
        options[name.strip()] = {"true": True, "false": False}.get(low, value.strip())

    with open(args.epd) as f:
        lines = [line for line in f if line.strip()][: args.positions]
    engine = chess.engine.SimpleEngine.popen_uci(args.engine.split(), timeout=30)
    engine.configure(options)
    if args.depth:
        limit = chess.engine.Limit(depth=args.depth)
    elif args.nodes:
        limit = chess.engine.Limit(nodes=args.nodes)
    else:
        limit = chess.engine.Limit(time=args.time)
    depths, solved, nodes = [], 0, 0
    try:
        for i, line in enumerate(lines):
            board, ops = chess.Board.from_epd(line)
            info = engine.analyse(board, limit, game=object())
            move = info.get("pv", [None])[0]
            good = move is not None and \
                (not ops.get("bm") or move in ops["bm"]) and move not in ops.get("am", [])
            good = good and bool(ops.get("bm") or ops.get("am"))
            depths.append(info.get("depth", 0))
            nodes += info.get("nodes", 0)
            solved += good
            san = board.san(move) if move else "-"
            print(f"{ops.get('id', i + 1)}: depth {info.get('depth', 0)}, {san}"
                  f"{' solved' if good else ''}, {info.get('nodes', 0)} nodes", flush=True)
    finally:
        engine.quit()
    if args.depth:
        limit_text = f"depth {args.depth}"
    else:
        limit_text = f"{args.nodes} nodes" if args.nodes else f"{args.time:g} s"
    print(f"{len(depths)} positions at {limit_text}: median depth {statistics.median(depths):g}, "
          f"solved {solved}/{len(depths)}, {nodes} nodes")
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime
    if cpu > 0:
        print(f"engine CPU time {cpu:.2f} s, {nodes / cpu / 1e6:.3f} M positions per CPU second")
    return 0


if __name__ == "__main__":
    sys.exit(main())

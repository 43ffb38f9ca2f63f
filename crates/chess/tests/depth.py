#!/usr/bin/env python3
"""Depth reached and positions solved by a UCI engine on an EPD suite.

Usage:
  python3 crates/chess/tests/depth.py [--engine "target/release/alphabeta uci"]
      [--epd crates/chess/tests/data/wac.epd] [--positions 30]
      [--time 1.0 | --nodes N] [--options NAME=VALUE,...]

Each position is searched from a fresh game (`ucinewgame`) for TIME
seconds, or NODES positions; the depth is the last completed iteration the
engine reported, the move counts as solved when it is one of the record's
`bm` moves (and none of its `am` moves). Prints one line a position, then
the median depth, the solved count and the total nodes.
"""

import argparse
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
    limit = chess.engine.Limit(nodes=args.nodes) if args.nodes else chess.engine.Limit(time=args.time)
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
    limit_text = f"{args.nodes} nodes" if args.nodes else f"{args.time:g} s"
    print(f"{len(depths)} positions at {limit_text}: median depth {statistics.median(depths):g}, "
          f"solved {solved}/{len(depths)}, {nodes} nodes")
    return 0


if __name__ == "__main__":
    sys.exit(main())

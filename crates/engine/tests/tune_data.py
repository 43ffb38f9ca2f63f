#!/usr/bin/env python3
"""Tuning data for the engine's evaluation (engine::tune), from self-play games.

Usage:
  python3 crates/engine/tests/tune_data.py positions --out FENS PGN...
  python3 crates/engine/tests/tune_data.py label --fens FENS --out DATA
      [--stockfish stockfish] [--depth 8] [--first 0] [--count N]

`positions` reads the games (PGN, e.g. written by match.py --pgn from the
engine's self-play at a node budget with random openings) and writes each
quiet position once, in the order first met: the side to move is not in
check, the move played from it and the move that led to it are neither
captures nor promotions, it is at least 12 plies into the game, and both
sides have a king and something else. Deterministic: same games, same list.

`label` evaluates positions FIRST .. FIRST+COUNT-1 of that list with
Stockfish at a fixed depth (one thread, 16 MB hash, a new game each
position, so the labels do not depend on the order or on earlier positions)
and writes `FEN;LABEL`, LABEL being White's expected score
1 / (1 + 10^(-cp/400)) from Stockfish's centipawns (mate scores and values
beyond 2000 cp count as ±2000). Chunks (--first, --count) let a long run be
split; their outputs are concatenated.

The positions must not come from the test suites (Bratko-Kopec, WAC): the
tuner would then learn the answers it is measured by.
"""

import argparse
import sys

import chess
import chess.engine
import chess.pgn

MIN_PLY = 12
CLAMP = 2000


def quiet_positions(paths):
    """Yields the FENs of the quiet positions of the games in `paths`."""
    seen = set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                board = game.board()
                moves = list(game.mainline_moves())
                previous_noisy = True
                for ply, move in enumerate(moves):
                    noisy = board.is_capture(move) or move.promotion is not None
                    if (
                        ply >= MIN_PLY
                        and not noisy
                        and not previous_noisy
                        and not board.is_check()
                        and chess.popcount(board.occupied_co[chess.WHITE]) > 1
                        and chess.popcount(board.occupied_co[chess.BLACK]) > 1
                    ):
                        key = board.epd()
                        if key not in seen:
                            seen.add(key)
                            yield board.fen()
                    previous_noisy = noisy
                    board.push(move)


def expected_score(cp):
    cp = max(-CLAMP, min(CLAMP, cp))
    return 1.0 / (1.0 + 10.0 ** (-cp / 400.0))


def label(args):
    with open(args.fens, encoding="utf-8") as f:
        fens = [line.strip() for line in f if line.strip()]
    chunk = fens[args.first:] if args.count is None else fens[args.first:args.first + args.count]
    if not chunk:
        sys.exit(f"no positions at {args.first} in {args.fens} ({len(fens)} in all)")
    engine = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    engine.configure({"Threads": 1, "Hash": 16})
    try:
        with open(args.out, "w", encoding="utf-8") as out:
            for i, fen in enumerate(chunk):
                try:
                    board = chess.Board(fen)
                except ValueError as e:
                    sys.exit(f"{args.fens}: position {args.first + i + 1}: bad FEN {fen!r}: {e}")
                info = engine.analyse(board, chess.engine.Limit(depth=args.depth), game=i)
                cp = info["score"].white().score(mate_score=100_000)
                out.write(f"{fen};{expected_score(cp):.4f}\n")
    finally:
        engine.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("positions", help="quiet positions of games, deduplicated")
    p.add_argument("--out", required=True)
    p.add_argument("pgn", nargs="+")
    q = sub.add_parser("label", help="label positions by Stockfish at a fixed depth")
    q.add_argument("--fens", required=True)
    q.add_argument("--out", required=True)
    q.add_argument("--stockfish", default="stockfish")
    q.add_argument("--depth", type=int, default=8)
    q.add_argument("--first", type=int, default=0)
    q.add_argument("--count", type=int, default=None)
    args = parser.parse_args()
    try:
        run(args)
    except OSError as e:
        sys.exit(f"tune_data.py: {e}")


def run(args):
    if args.command == "positions":
        n = 0
        with open(args.out, "w", encoding="utf-8") as out:
            for fen in quiet_positions(args.pgn):
                out.write(fen + "\n")
                n += 1
        print(f"{n} positions", file=sys.stderr)
    else:
        if args.depth < 1 or args.first < 0 or (args.count is not None and args.count < 1):
            sys.exit("--depth and --count must be positive, --first not negative")
        label(args)


if __name__ == "__main__":
    main()

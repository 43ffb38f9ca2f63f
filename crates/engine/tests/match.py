#!/usr/bin/env python3
"""Plays `alphabeta uci` against a real engine, with python-chess.

Usage:
  python3 crates/engine/tests/match.py [--engine target/release/alphabeta]
      [--opponent "phalanx -l- -b-"] [--protocol xboard|uci] [--games 10]
      [--base 3] [--inc 0.03] [--nodes N] [--random-plies K] [--seed S]
      [--engine-options NAME=VALUE,...] [--opponent-options NAME=VALUE,...]
      [--max-plies 300] [--margin 0.25] [--pgn FILE] [--first-game K]

The opponent is any engine on the PATH; by default Phalanx (Debian package
`phalanx`, an XBoard engine). The games start from varied openings (each
played twice, once with each colour) and are played at a real clock (BASE
seconds each plus INC a move, counted here by the wall clock), or with
--nodes at a fixed budget of N positions a move for both engines (no clock:
the result does not depend on the machine's load, and a deterministic
engine plays the same game again from the same opening). With
--random-plies K each pair of games (both colours) starts from its book
opening followed by K random legal moves drawn from a generator seeded by
--seed and the pair's index, so that long matches do not repeat games.

--first-game K starts at game K (1-based) of the match's sequence, so a
long match can be played in chunks (e.g. --games 60 --first-game 61 plays
games 61-120 exactly as one run of 200 would); the chunks' per-game lines
are then pooled.

Engine against an earlier build of itself, or against itself with a
technique turned off by a UCI option (the engine's own tuning):
  python3 crates/engine/tests/match.py --opponent "/tmp/engine-base uci" \
      --protocol uci --nodes 20000 --random-plies 6 --games 200
  python3 crates/engine/tests/match.py --opponent "target/release/alphabeta uci" \
      --protocol uci --opponent-options LateMoveReductions=false --nodes 20000 ...

It fails (exit 1) when our engine makes an illegal move, crashes, stops
answering, breaks the protocol, or loses on time (its clock below -MARGIN
seconds: the margin covers the pipe and process scheduling on a loaded
machine). An opponent's fault ends that game as a loss for the opponent and
is reported, but does not fail the match. A game longer than MAX_PLIES plies
is adjudicated a draw.

Prints one line a game, then the score, and an Elo estimate with its 95 %
interval (the normal approximation on the per-game scores, mapped through
the logistic Elo curve).
"""

import argparse
import logging
import math
import random
import shutil
import sys
import time

import chess
import chess.engine
import chess.pgn

# Debian installs Phalanx into /usr/games, which is not always on the PATH.
PHALANX = shutil.which("phalanx") or "/usr/games/phalanx"

# Varied openings (SAN from the start position): open and closed games,
# flank openings, gambits. Each is played with both colours.
OPENINGS = [
    "e4 e5 Nf3 Nc6 Bb5 a6",  # Ruy Lopez
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3",  # Sicilian
    "d4 d5 c4 e6 Nc3 Nf6",  # Queen's Gambit Declined
    "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6",  # King's Indian
    "e4 e6 d4 d5 Nc3 Bb4",  # French Winawer
    "e4 c6 d4 d5 e5 Bf5",  # Caro-Kann advance
    "c4 e5 Nc3 Nf6 g3",  # English
    "Nf3 d5 g3 Nf6 Bg2 c6",  # Reti
    "e4 e5 f4 exf4 Nf3",  # King's Gambit
    "d4 Nf6 c4 e6 Nf3 b6",  # Queen's Indian
    "e4 d5 exd5 Qxd5 Nc3 Qa5",  # Scandinavian
    "e4 e5 Nf3 Nc6 Bc4 Bc5 c3",  # Giuoco Piano
    "d4 f5 g3 Nf6 Bg2 e6",  # Dutch
    "e4 g6 d4 Bg7 Nc3 d6",  # Modern
    "b3 e5 Bb2 Nc6 e3",  # Larsen
    "d4 d5 Bf4 Nf6 e3 c5",  # London
]


class Fault(Exception):
    """Our engine did something a GUI cannot accept."""


def open_engine(command, protocol):
    if protocol == "uci":
        return chess.engine.SimpleEngine.popen_uci(command, timeout=30)
    return chess.engine.SimpleEngine.popen_xboard(command, timeout=30)


def opening_board(opening, pair, args):
    """The start of the games of `pair`: the book opening, then
    `args.random_plies` random legal moves (seeded by `args.seed` and the
    pair; a line that ends the game is drawn again)."""
    rng = random.Random(args.seed * 1_000_003 + pair)
    while True:
        board = chess.Board()
        for san in opening.split():
            board.push_san(san)
        for _ in range(args.random_plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(sorted(moves, key=lambda m: m.uci())))
        if not board.is_game_over(claim_draw=True):
            return board


def options(text):
    """`NAME=VALUE,...` as a dict for python-chess's `configure` (UCI
    check options as booleans)."""
    out = {}
    for item in filter(None, (t.strip() for t in text.split(","))):
        name, _, value = item.partition("=")
        low = value.strip().lower()
        out[name.strip()] = {"true": True, "false": False}.get(low, value.strip())
    return out


def play_game(ours, theirs, start, ours_white, args):
    """One game. Returns (result for us: 1, 0.5 or 0, reason, pgn game)."""
    board = start.copy()
    engines = {chess.WHITE: ours if ours_white else theirs,
               chess.BLACK: theirs if ours_white else ours}
    us = chess.WHITE if ours_white else chess.BLACK
    clock = {chess.WHITE: args.base, chess.BLACK: args.base}
    # A new game key: python-chess sends ucinewgame / new to each engine.
    game_id = object()
    reason = None
    result = None
    # Each side's clock once move 40 is played (how the clock is spent
    # through the game, not only what is left at its end).
    at_move_40 = None
    while result is None:
        if board.ply() == 80 and at_move_40 is None:
            at_move_40 = dict(clock)
        if board.is_game_over(claim_draw=True):
            outcome = board.outcome(claim_draw=True)
            result = {True: 1.0, False: 0.0, None: 0.5}[
                None if outcome.winner is None else outcome.winner == us]
            reason = outcome.termination.name.lower()
            break
        if board.ply() >= args.max_plies:
            result, reason = 0.5, "adjudicated (ply limit)"
            break
        side = board.turn
        engine = engines[side]
        if args.nodes:
            limit = chess.engine.Limit(nodes=args.nodes)
        else:
            limit = chess.engine.Limit(
                white_clock=max(clock[chess.WHITE], 0.001),
                black_clock=max(clock[chess.BLACK], 0.001),
                white_inc=args.inc, black_inc=args.inc)
        start = time.monotonic()
        try:
            played = engine.play(board, limit, game=game_id)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError,
                TimeoutError, ValueError) as exc:
            if side == us:
                raise Fault(f"{type(exc).__name__}: {exc}") from exc
            return 1.0, f"opponent fault: {type(exc).__name__}: {exc}", board
        clock[side] -= time.monotonic() - start
        if not args.nodes and clock[side] < -args.margin:
            if side == us:
                raise Fault(f"time forfeit ({clock[side]:.3f} s left)")
            return 1.0, f"opponent lost on time ({clock[side]:.3f} s)", board
        clock[side] += args.inc
        if played.resigned:
            result = 0.0 if side == us else 1.0
            reason = "resigned"
            break
        if played.move is None or played.move not in board.legal_moves:
            if side == us:
                raise Fault(f"illegal move {played.move} in {board.fen()}")
            return 1.0, f"opponent illegal move {played.move}", board
        board.push(played.move)
    if not args.nodes:
        # How much of its clock each side left unused.
        reason = f"{reason}; clock left {clock[us]:.2f} s, opponent {clock[not us]:.2f} s"
        if at_move_40 is not None:
            reason += f" (at move 40: {at_move_40[us]:.2f} s, opponent {at_move_40[not us]:.2f} s)"
    return result, reason, board


def elo(score):
    score = min(max(score, 1e-9), 1 - 1e-9)
    return -400 * math.log10(1 / score - 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/alphabeta")
    parser.add_argument("--opponent", default=f"{PHALANX} -l- -b- -z 300",
                        help="the opponent's command line (default: Phalanx, weakened by "
                        "moves randomised by up to 300 centipawns, without its learning file and book)")
    parser.add_argument("--protocol", choices=["xboard", "uci"], default="xboard")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--base", type=float, default=3.0, help="seconds per side")
    parser.add_argument("--inc", type=float, default=0.03, help="seconds added per move")
    parser.add_argument("--nodes", type=int, default=0,
                        help="positions a move for both engines instead of a clock (0: clock)")
    parser.add_argument("--random-plies", type=int, default=0,
                        help="random legal moves played after each book opening")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random plies")
    parser.add_argument("--engine-options", default="",
                        help="UCI options of our engine, NAME=VALUE separated by commas")
    parser.add_argument("--opponent-options", default="",
                        help="the opponent's options (UCI only), NAME=VALUE separated by commas")
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--margin", type=float, default=0.25)
    parser.add_argument("--pgn", help="write the games to this PGN file")
    parser.add_argument("--first-game", type=int, default=1,
                        help="the first game of the sequence to play (chunks of a long match)")
    args = parser.parse_args()
    # Phalanx chats in xboard mode ("you play both"); python-chess logs each line.
    logging.getLogger("chess.engine").setLevel(logging.ERROR)

    ours = chess.engine.SimpleEngine.popen_uci([args.engine, "uci"], timeout=30)
    ours.configure(options(args.engine_options))
    theirs = open_engine(args.opponent.split(), args.protocol)
    theirs.configure(options(args.opponent_options))
    scores = []
    pgn_out = open(args.pgn, "w") if args.pgn else None
    started = time.monotonic()
    try:
        for i in range(args.first_game - 1, args.first_game - 1 + args.games):
            opening = OPENINGS[(i // 2) % len(OPENINGS)]
            start = opening_board(opening, i // 2, args)
            ours_white = i % 2 == 0
            try:
                result, reason, board = play_game(ours, theirs, start, ours_white, args)
            except Fault as fault:
                print(f"game {i + 1}: FAULT of alphabeta: {fault}", flush=True)
                return 1
            except chess.engine.EngineTerminatedError as exc:
                # The opponent died: restart it, the game counts for us.
                print(f"game {i + 1}: opponent terminated ({exc}); restarting it", flush=True)
                theirs = open_engine(args.opponent.split(), args.protocol)
                theirs.configure(options(args.opponent_options))
                result, reason, board = 1.0, "opponent crashed", chess.Board()
            if reason.startswith("opponent"):
                # A faulty opponent is replaced by a fresh process.
                try:
                    theirs.quit()
                except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError):
                    pass
                theirs = open_engine(args.opponent.split(), args.protocol)
                theirs.configure(options(args.opponent_options))
            scores.append(result)
            colour = "white" if ours_white else "black"
            line = " ".join(m.uci() for m in start.move_stack[len(opening.split()):])
            shown = f"{opening} +{line}" if line else opening
            print(f"game {i + 1}: alphabeta {colour}, {shown!r}: "
                  f"{result:g} ({reason}, {board.ply()} plies)", flush=True)
            if pgn_out:
                game = chess.pgn.Game.from_board(board)
                if args.random_plies:
                    game.headers["Opening"] = shown
                game.headers["White"] = "alphabeta" if ours_white else args.opponent
                game.headers["Black"] = args.opponent if ours_white else "alphabeta"
                game.headers["Round"] = str(i + 1)
                print(game, file=pgn_out, end="\n\n")
    finally:
        ours.quit()
        try:
            theirs.quit()
        except chess.engine.EngineTerminatedError:
            pass
        if pgn_out:
            pgn_out.close()

    n = len(scores)
    wins, draws = scores.count(1.0), scores.count(0.5)
    losses = n - wins - draws
    mean = sum(scores) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / n)
    half = 1.96 * sd / math.sqrt(n)
    low, high = max(mean - half, 0.0), min(mean + half, 1.0)
    control = f"{args.nodes} nodes a move" if args.nodes else f"{args.base:g}+{args.inc:g} s"
    print(f"alphabeta vs {args.opponent}: +{wins} ={draws} -{losses} of {n} games "
          f"at {control}, score {mean:.3f} "
          f"({time.monotonic() - started:.0f} s)")

    def show(s):
        if s <= 0:
            return "-inf"
        if s >= 1:
            return "+inf"
        return f"{elo(s):+.0f}"

    print(f"Elo difference {show(mean)} (95 % interval {show(low)} to {show(high)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

//! Nodes per second of the chess searches on fixed positions, against raw
//! perft of the move generator in the same run (the cost of the
//! abstractions). Figures and the command are in docs/performance-chess.md.
//!
//! * `perft/raw`: cozy-chess perft, bulk-counted at the last ply (leaves/s);
//! * `perft/raw-make`: the same, but every leaf is made (board copied and
//!   the move played), as a search must;
//! * `perft/core`: the same tree walked by the core's exhaustive negamax on
//!   [`Chess`] (material evaluator at the leaves; leaves/s) — the cost of
//!   the `Game` abstraction with its copy-made repetition chain;
//! * `engine/material`: the engine at a fixed depth with Fuller's material
//!   evaluator (nodes/s, quiescence included);
//! * `engine/standard`: the same with the engine's positional evaluator;
//! * `engine/default`: the same with the engine's default evaluation
//!   (the tapered tables with the terms on by default, `EngineEval::default`);
//! * `core-f2/material`: the core's fail-hard alpha-beta on [`Chess`]
//!   (nodes/s);
//! * `ordering/sort-all`, `ordering/pick-first`, `ordering/pick-all`: the
//!   engine's move ordering on the first 30 WAC positions (moves per second)
//!   — every move scored and sorted, against the picker handing out the
//!   first move only (a position that cuts off on it) or every move.

use std::hint::black_box;
use std::time::Duration;

use alphabeta_chess::eval::Evaluator;
use alphabeta_chess::perft::perft;
use alphabeta_chess::{Board, Position};
use alphabeta_chess_lab::game::{Chess, ExperimentConfig};
use alphabeta_core::{Procedure, Search};
use alphabeta_engine::picker::{MoveFilter, MoveOrdering, OrderingRules, PickerLists};
use alphabeta_engine::{Engine, EngineEval, GoParams, SearchControl};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// Start position, "Kiwipete", perft position 3 and a quiet middle game (perft position 6).
const POSITIONS: [(&str, &str); 4] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "middlegame",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
];

fn positions() -> Vec<(&'static str, Position)> {
    POSITIONS
        .iter()
        .map(|(n, f)| (*n, Position::from_fen(f).expect("benchmark FEN")))
        .collect()
}

/// Perft that makes every move, the leaves included (no bulk counting).
fn perft_make(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            n += perft_make(&child, depth - 1);
        }
        false
    });
    n
}

fn perft_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10).measurement_time(Duration::from_secs(3));
    for (name, pos) in positions() {
        let depth = if name == "endgame" { 4 } else { 3 };
        let leaves = perft(pos.board(), depth);
        g.throughput(Throughput::Elements(leaves));
        g.bench_with_input(BenchmarkId::new("raw", name), &pos, |b, p| {
            b.iter(|| perft(black_box(p.board()), depth))
        });
        g.bench_with_input(BenchmarkId::new("raw-make", name), &pos, |b, p| {
            b.iter(|| perft_make(black_box(p.board()), depth))
        });
        let game = Chess::new(ExperimentConfig::default());
        g.bench_with_input(BenchmarkId::new("core", name), &pos, |b, p| {
            b.iter(|| {
                let mut s = Search::new(&game);
                Procedure::Negamax.run(&mut s, black_box(p), depth)
            })
        });
    }
    g.finish();
}

fn engine_nodes(pos: &Position, eval: EngineEval, depth: u32) -> u64 {
    let mut engine = Engine::new(16);
    engine.eval = eval;
    let params = GoParams {
        depth: Some(depth),
        ..Default::default()
    };
    engine
        .search(pos, &params, &SearchControl::default(), |_| {})
        .nodes
}

fn search_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(10).measurement_time(Duration::from_secs(4));
    for (name, pos) in positions() {
        for (label, eval) in [
            ("engine-material", EngineEval::Fuller(Evaluator::Material)),
            ("engine-standard", EngineEval::Standard),
            ("engine-default", EngineEval::default()),
        ] {
            let depth = 7;
            // The node count of one search fixes the throughput (searches are deterministic).
            g.throughput(Throughput::Elements(engine_nodes(&pos, eval, depth)));
            g.bench_with_input(BenchmarkId::new(label, name), &pos, |b, p| {
                b.iter(|| engine_nodes(black_box(p), eval, depth))
            });
        }
        let game = Chess::new(ExperimentConfig::default());
        let depth = 4;
        let nodes = {
            let mut s = Search::new(&game);
            Procedure::FailHard.run(&mut s, &pos, depth);
            s.nodes()
        };
        g.throughput(Throughput::Elements(nodes));
        g.bench_with_input(BenchmarkId::new("core-f2-material", name), &pos, |b, p| {
            b.iter(|| {
                let mut s = Search::new(&game);
                Procedure::FailHard.run(&mut s, black_box(p), depth)
            })
        });
    }
    g.finish();
}

/// The first 30 positions of Win at Chess with their legal moves.
fn wac_moves() -> Vec<(Board, Vec<alphabeta_chess::Move>)> {
    alphabeta_chess::epd::read_epd(include_str!("../../chess/tests/data/wac.epd"))
        .into_iter()
        .take(30)
        .map(|r| {
            let board = r.expect("WAC parses").position.board().clone();
            let mut moves = Vec::new();
            alphabeta_chess::position::legal_moves_into(&board, &mut moves);
            (board, moves)
        })
        .collect()
}

fn ordering_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("ordering");
    let positions = wac_moves();
    let ordering = MoveOrdering::default();
    let total: usize = positions.iter().map(|(_, m)| m.len()).sum();
    g.throughput(Throughput::Elements(total as u64));
    let mut scratch = Vec::new();
    g.bench_function("sort-all", |b| {
        b.iter(|| {
            for (board, moves) in &positions {
                let mut moves = moves.clone();
                ordering.sort(
                    board,
                    &mut moves,
                    None,
                    0,
                    OrderingRules::default(),
                    &mut scratch,
                );
                black_box(moves[0]);
            }
        })
    });
    let mut ordering = ordering;
    let mut lists = PickerLists::default();
    for (label, all) in [("pick-first", false), ("pick-all", true)] {
        g.bench_function(label, |b| {
            b.iter(|| {
                for (board, _) in &positions {
                    let mut picker = ordering.picker(
                        board,
                        None,
                        0,
                        OrderingRules::default(),
                        MoveFilter::All,
                        true,
                        &mut lists,
                    );
                    while let Some(mv) = picker.next(board, &mut ordering) {
                        black_box(mv);
                        if !all {
                            break;
                        }
                    }
                    picker.finish(&mut ordering);
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, perft_benches, search_benches, ordering_benches);
criterion_main!(benches);

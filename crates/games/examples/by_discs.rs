//! Nodes and time of the exact Connect Four solver by number of discs
//! played, on the reproducible positions `random_position(discs, seed)`:
//! the table for docs/performance.md. Timing is one solve per position
//! (after one untimed warm-up solve, with the table emptied before each).
//!
//! cargo run --release -p alphabeta-games --example by_discs -- [TABLE_MB] [DISCS,...] [SEEDS]

use std::time::Instant;

use alphabeta_games::connect4::{Board, Options, Solver, random_position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let table_mb = args.first().and_then(|a| a.parse().ok()).unwrap_or(64);
    let discs: Vec<usize> = args
        .get(1)
        .map(|a| a.split(',').filter_map(|d| d.parse().ok()).collect())
        .unwrap_or_else(|| vec![30, 24, 20, 16, 14, 12, 10]);
    let seeds: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(3);
    let mut solver = Solver::new(Options {
        table_mb,
        ..Options::default()
    });
    println!("table {table_mb} MiB ({} entries)", solver.table_entries());
    println!("| discs | position | score | positions examined | tests | time (ms) |");
    println!("|---|---|---|---|---|---|");
    for d in discs {
        for seed in 1..=seeds {
            let moves = random_position(d, seed).expect("an open position");
            let pos: Board = moves.parse().expect("legal");
            solver.reset();
            let _ = solver.solve(&pos);
            solver.reset();
            let t = Instant::now();
            let s = solver.solve(&pos);
            let ms = t.elapsed().as_secs_f64() * 1e3;
            println!(
                "| {d} | `{moves}` | {} | {} | {} | {ms:.3} |",
                s.score, s.nodes, s.searches
            );
        }
    }
}

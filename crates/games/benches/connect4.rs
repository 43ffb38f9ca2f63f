//! Connect Four solving time by number of discs played: the exact solver
//! (MTD(bi) over null-window fail-soft alpha-beta with the core's table) on
//! reproducible open positions (`random_position(discs, seed)`), the table
//! emptied before each solve. Figures and the command are in
//! docs/performance.md ("Connect Four").

use std::hint::black_box;

use alphabeta_games::connect4::{Board, Options, Solver, random_position};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

/// Discs played, and the seeds of the positions of each group.
const GROUPS: [(usize, [u64; 3]); 4] = [
    (30, [1, 2, 3]),
    (20, [1, 2, 3]),
    (14, [1, 2, 3]),
    (10, [1, 2, 3]),
];

/// The table the benchmark uses, in MiB.
pub const TABLE_MB: usize = 16;

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4-solve");
    group.sample_size(10);
    let mut solver = Solver::new(Options {
        table_mb: TABLE_MB,
        ..Options::default()
    });
    for (discs, seeds) in GROUPS {
        for seed in seeds {
            let moves = random_position(discs, seed).expect("an open position");
            let pos: Board = moves.parse().expect("a legal position");
            group.bench_with_input(
                BenchmarkId::new(format!("{discs}-discs"), &moves),
                &pos,
                |b, pos| {
                    b.iter(|| {
                        solver.reset();
                        black_box(solver.solve(black_box(pos)).score)
                    })
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);

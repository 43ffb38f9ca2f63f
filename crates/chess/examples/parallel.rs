//! Parallel search measured: Young Brothers Wait (the core's
//! `alphabeta_core::parallel`) on uniform trees, statically ordered
//! additive trees and chess positions, and the engine's Lazy SMP on chess
//! positions — speedup, search overhead (extra positions) and
//! synchronisation overhead (one thread of the parallel search against the
//! sequential procedure), each beside the machine's capacity measured in
//! the same run: two copies of a single-threaded job against one.
//!
//! `cargo run --release -p alphabeta-chess --example parallel` (about a
//! minute; docs/performance.md records a run). Every time is the best of
//! three runs.

use std::time::{Duration, Instant};

use alphabeta_chess::engine::{Engine, GoParams, PlainChess, SearchControl};
use alphabeta_chess::epd::read_epd;
use alphabeta_core::parallel::{YbwcOptions, cores, ybwc};
use alphabeta_core::procedures::alpha_beta_fail_hard;
use alphabeta_core::{Game, INFINITY, Limits, NEG_INFINITY, NoObserver, Search, Stats, Value};
use alphabeta_models::{Additive, TreeModel, Uniform};

/// The best of three timings of `job`, and its last result.
fn best_of_3<T>(mut job: impl FnMut() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..3 {
        let t = Instant::now();
        out = Some(job());
        best = best.min(t.elapsed());
    }
    (out.expect("ran"), best)
}

/// Capacity: how much faster two copies of a single-threaded job run on two
/// threads than one after the other (2.0 on two free cores).
fn capacity() -> f64 {
    let tree = Uniform::new(8, 8, 1).expect("tree");
    let job = || {
        let mut s = Search::new(&tree).track_pv(false);
        alpha_beta_fail_hard(&mut s, &tree.root(), u32::MAX, NEG_INFINITY, INFINITY)
    };
    let (_, one) = best_of_3(job);
    let (_, two) = best_of_3(|| {
        std::thread::scope(|s| {
            s.spawn(job);
            s.spawn(job);
        })
    });
    2.0 * one.as_secs_f64() / two.as_secs_f64()
}

/// An additive tree searched best static value first: the successors of a
/// position sorted by the value the path has reached there (Fuller §8's
/// dependence makes this a good guess), ties in generated order.
struct StaticallyOrdered(Additive);

impl Game for StaticallyOrdered {
    type Position = <Additive as Game>::Position;
    type Move = <Additive as Game>::Move;
    type Moves = Vec<Self::Move>;
    fn moves(&self, pos: &Self::Position, out: &mut Vec<Self::Move>) {
        *out = self.0.successors(pos);
        out.sort_by_key(|&mv| self.0.evaluate(&self.0.play(pos, mv), 1));
    }
    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position {
        self.0.play(pos, mv)
    }
    fn evaluate(&self, pos: &Self::Position, ply: usize) -> Value {
        self.0.evaluate(pos, ply)
    }
}

/// Sequential F2, then YBWC on one and on two threads, summed over roots.
fn ybwc_row<G>(name: &str, game: &G, roots: &[G::Position], depth: u32, split: u32, capacity: f64)
where
    G: Game + Sync,
    G::Position: Send + Sync,
    G::Move: Send + Sync,
    G::Moves: Send + Sync,
{
    let full = (NEG_INFINITY, INFINITY);
    let ((values, seq_nodes), seq) = best_of_3(|| {
        let mut stats = Stats::default();
        let values: Vec<Value> = roots
            .iter()
            .map(|r| {
                let mut s = Search::with_observer(game, &mut stats).track_pv(false);
                alpha_beta_fail_hard(&mut s, r, depth, full.0, full.1)
            })
            .collect();
        (values, stats.nodes())
    });
    let run = |threads: usize| {
        best_of_3(|| {
            let mut nodes = 0;
            let mut not_cut = 0;
            let mut cut_nodes = 0;
            for (r, &v) in roots.iter().zip(&values) {
                let options = YbwcOptions {
                    threads,
                    min_split_depth: split,
                };
                let out = ybwc(game, r, depth, full, NoObserver, Limits::none(), options)
                    .expect("starts");
                assert_eq!(out.value, v, "{name}: YBWC differs from F2");
                nodes += out.stats.nodes();
                not_cut += out.stats.cut_nodes_not_cut;
                cut_nodes += out.stats.expanded[1];
            }
            (nodes, not_cut, cut_nodes)
        })
    };
    let ((one_nodes, not_cut, cut_nodes), one) = run(1);
    let threads = cores().min(2);
    let ((two_nodes, _, _), two) = run(threads);
    println!(
        "| {name} | {:.1} | {seq_nodes} | {:.1} ({:+.1} %) | {threads} | {:.1} | **{:.2}×** | {:+.1} % | {:.1} % | {capacity:.2}× |",
        ms(seq),
        ms(one),
        100.0 * (ms(one) / ms(seq) - 1.0),
        ms(two),
        ms(seq) / ms(two),
        100.0 * (two_nodes as f64 / seq_nodes as f64 - 1.0),
        100.0 * not_cut as f64 / cut_nodes.max(1) as f64,
    );
    assert_eq!(
        one_nodes, seq_nodes,
        "{name}: one thread examines what F2 examines"
    );
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    println!("cores: {}", cores());
    let cap = capacity();
    println!("capacity (two copies of a one-thread job against one): {cap:.2}×\n");
    println!(
        "| workload | F2 ms | F2 positions | YBWC 1 thread ms (sync. overhead) | threads | YBWC ms | speedup | search overhead | type 2 not cut | capacity |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let uniform: Vec<Uniform> = (1..=2)
        .map(|s| Uniform::new(8, 8, s).expect("tree"))
        .collect();
    for (i, t) in uniform.iter().enumerate() {
        for split in [2, 4] {
            let name = format!("uniform ⟨8, 8⟩ seed {}, split ≥ {split} plies", i + 1);
            ybwc_row(&name, t, &[t.root()], 8, split, capacity());
        }
    }
    let additive = StaticallyOrdered(Additive::new(8, 9, 100, 1).expect("tree"));
    for split in [2, 4] {
        let name = format!("additive ⟨8, 9⟩, static order, split ≥ {split} plies");
        ybwc_row(&name, &additive, &[additive.0.root()], 9, split, capacity());
    }
    let wac: Vec<_> = read_epd(include_str!("../tests/data/wac.epd"))
        .into_iter()
        .take(10)
        .map(|r| r.expect("wac").position)
        .collect();
    let boards: Vec<_> = wac.iter().map(|p| p.board().clone()).collect();
    let chess = PlainChess::default();
    ybwc_row(
        "chess WAC 1–10, depth 4, split ≥ 2 plies",
        &chess,
        &boards,
        4,
        2,
        capacity(),
    );

    println!("\nLazy SMP (the engine), time to depth 7 over WAC 1–10:\n");
    println!("| threads | ms | positions | speedup | capacity | same move as 1 thread |");
    println!("|---|---|---|---|---|---|");
    let engine_run = |threads: usize| {
        best_of_3(|| {
            let mut nodes = 0;
            let mut moves = Vec::new();
            for p in &wac {
                let mut e = Engine::new(16);
                e.set_threads(threads).expect("threads");
                let params = GoParams {
                    depth: Some(7),
                    ..Default::default()
                };
                let out = e.search(p, &params, &SearchControl::default(), |_| {});
                nodes += out.nodes;
                moves.push(out.best);
            }
            (nodes, moves)
        })
    };
    let ((n1, m1), t1) = engine_run(1);
    let cap = capacity();
    println!("| 1 | {:.0} | {n1} | 1.00× | {cap:.2}× | – |", ms(t1));
    let threads = cores().min(2);
    let ((n2, m2), t2) = engine_run(threads);
    let same = m1.iter().zip(&m2).filter(|(a, b)| a == b).count();
    println!(
        "| {threads} | {:.0} | {n2} | **{:.2}×** | {cap:.2}× | {same} of {} |",
        ms(t2),
        ms(t1) / ms(t2),
        m1.len()
    );
}

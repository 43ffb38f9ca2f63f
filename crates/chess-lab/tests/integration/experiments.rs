//! Pinned, deterministic cases of the three chess experiments (fixed
//! position, depth, seed and options → exact counts and chosen move), so a
//! change to any of them shows. The numbers were produced by the code and
//! are golden values; the independent cross-checks are in the modules'
//! unit tests (the selection-free recursion against the core's F2, the
//! likelihood search with uniform likelihoods against fixed-depth F2).

use alphabeta_chess::Position;
use alphabeta_chess::eval::Evaluator;
use alphabeta_chess::notation::to_san;
use alphabeta_chess_lab::experiment::run_experiment;
use alphabeta_chess_lab::floyd::{ChessLikelihood, FloydSearch, Searcher};
use alphabeta_chess_lab::game::ExperimentConfig;
use alphabeta_chess_lab::selective::recursive::{KkOptions, Variant, search_variant};
use alphabeta_core::Procedure;

fn italian() -> Position {
    Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
        .expect("fen")
}

fn san(pos: &Position, mv: Option<alphabeta_chess::Move>) -> String {
    mv.map_or_else(|| "-".into(), |m| to_san(pos, m))
}

#[test]
fn klyushin_depth_3_italian() {
    let o = KkOptions {
        depth: 3,
        ..Default::default()
    };
    let got: Vec<(u64, String)> = Variant::ALL
        .iter()
        .map(|&v| {
            let r = search_variant(&italian(), v, &o);
            (r.terminals, san(&italian(), r.best_move))
        })
        .collect();
    assert_eq!(got, PINNED_KK.map(|(n, m)| (n, m.to_string())));
}

#[test]
fn fuller_seeded_branching_depth_3() {
    let config = ExperimentConfig {
        branching: Some(5),
        seed: 7,
        captures: true,
        ..Default::default()
    };
    let r = run_experiment(&italian(), config, Procedure::FailHard, 3);
    let got = (
        r.stats.leaves(),
        r.captures.positions,
        san(&italian(), r.best_move()),
    );
    assert_eq!(
        got,
        (
            PINNED_FULLER.0,
            PINNED_FULLER.1,
            PINNED_FULLER.2.to_string()
        )
    );
}

#[test]
fn floyd_fixed_threshold_and_budget() {
    let floyd = Searcher::Floyd(FloydSearch {
        model: ChessLikelihood::default(),
        start: 0.1,
        step: 0.3,
    });
    let fixed = floyd.fixed(&italian(), 2, Evaluator::Material);
    let budget = floyd.decide(&italian(), 3_000, Evaluator::Material);
    let got = (
        fixed.nodes,
        san(&italian(), fixed.best),
        budget.iteration,
        san(&italian(), budget.best),
    );
    assert_eq!(
        got,
        (
            PINNED_FLOYD.0,
            PINNED_FLOYD.1.to_string(),
            PINNED_FLOYD.2,
            PINNED_FLOYD.3.to_string()
        )
    );
}

#[test]
fn both_searchers_under_a_hard_budget() {
    // Alpha-beta to depth 3 without a budget, then both searchers under a
    // hard budget of 3 000 positions: (last finished iteration, positions
    // used, move). The budget is spent to the last position when an
    // iteration is abandoned, and never exceeded: alpha-beta finishes depth
    // 2 and abandons depth 3 (15 184 positions alone); Floyd's first
    // threshold (0.1) needs more than 3 000 positions here, so it plays its
    // most likely move, the check Bxf7+ (likelihood 0.3).
    let ab = Searcher::AlphaBeta;
    let fixed = ab.fixed(&italian(), 3, Evaluator::Material);
    let floyd = Searcher::Floyd(FloydSearch::default());
    let got: Vec<(u32, u64, String)> = [ab, floyd]
        .iter()
        .map(|s| {
            let d = s.decide(&italian(), 3_000, Evaluator::Material);
            assert!(d.nodes <= 3_000);
            (d.iteration, d.nodes, san(&italian(), d.best))
        })
        .collect();
    assert_eq!(
        (fixed.nodes, san(&italian(), fixed.best)),
        (PINNED_AB_DEPTH_3.0, PINNED_AB_DEPTH_3.1.to_string())
    );
    assert_eq!(got, PINNED_BUDGET.map(|(k, n, m)| (k, n, m.to_string())));
}

const PINNED_AB_DEPTH_3: (u64, &str) = (15184, "d3");
const PINNED_BUDGET: [(u32, u64, &str); 2] = [(2, 3000, "d3"), (0, 3000, "Bxf7+")];
const PINNED_KK: [(u64, &str); 4] = [(5036, "Nc3"), (1383, "Nc3"), (753, "d3"), (122, "d3")];
const PINNED_FULLER: (u64, u64, &str) = (39, 508, "a3");
const PINNED_FLOYD: (u64, &str, u32, &str) = (9921, "d3", 0, "Bxf7+");

//! Alpha-beta's compact path (taken with plain hooks, no principal
//! variation, no node limit and held move lists, as on the implicit trees
//! with `Numbered` lists) changes speed only: against the general path — the same
//! tree behind a wrapper whose successors are a `Vec` and which has no
//! leaf-parent hook, so nothing of the compact path applies — it gives the
//! same values, the same position count, the same `Stats` and `NodeTypes`,
//! and the same ordered stream of observer events (the `Trace`), on many random
//! trees, windows and return rules, for every model of the crate; with a
//! stop flag that is never raised (the Monte Carlo runner's searches) it
//! gives the same again, and a raised flag stops it within a poll.

use crate::common;
use alphabeta_core::procedures::{FailHard, FailSoft, HardBound, ReturnRule, alpha_beta};

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use alphabeta_core::{
    Game, INFINITY, Limits, MoveList, NEG_INFINITY, NodeTypes, Search, Stats, Trace, Value,
};
use alphabeta_models::{ModelSpec, ModelVisitor, RangeR, TreeModel, Uniform};

/// The same game searched by the general path: successors copied into a
/// `Vec` (not a held list) and the trait's default leaf-parent hook.
struct General<G>(G);

impl<G: Game> Game for General<G> {
    type Position = G::Position;
    type Move = G::Move;
    type Moves = Vec<G::Move>;
    fn moves(&self, pos: &G::Position, out: &mut Vec<G::Move>) {
        let mut moves = G::Moves::default();
        self.0.moves(pos, &mut moves);
        out.extend((0..moves.len()).map(|i| moves.get(i)));
    }
    fn play(&self, pos: &G::Position, mv: G::Move) -> G::Position {
        self.0.play(pos, mv)
    }
    fn outcome(&self, pos: &G::Position, ply: usize) -> Option<Value> {
        self.0.outcome(pos, ply)
    }
    fn evaluate(&self, pos: &G::Position, ply: usize) -> Value {
        self.0.evaluate(pos, ply)
    }
}

/// What one search shows from outside.
#[derive(Debug, PartialEq)]
struct Seen {
    value: Value,
    nodes: u64,
    stopped: bool,
    pv: usize,
    stats: Stats,
    types: Vec<[u64; 6]>,
    /// Every event, with the path of its position.
    events: Vec<alphabeta_core::TraceEvent>,
}

/// Searches `game` with the rule `R`, everything observed, no principal
/// variation and no limits (what the compact path needs, in its instance
/// that checks no limit).
fn observed<R: ReturnRule, G: Game>(
    game: &G,
    root: &G::Position,
    depth: u32,
    window: (Value, Value),
) -> Seen {
    observed_within::<R, G>(game, root, depth, window, Limits::none())
}

/// A stop flag, raised or not.
fn stop_flag(raised: bool) -> Limits {
    Limits {
        stop: Some(Arc::new(AtomicBool::new(raised))),
        ..Limits::none()
    }
}

/// [`observed`] within `limits`.
fn observed_within<R: ReturnRule, G: Game>(
    game: &G,
    root: &G::Position,
    depth: u32,
    window: (Value, Value),
    limits: Limits,
) -> Seen {
    let observer = (Stats::default(), (NodeTypes::default(), Trace::default()));
    let mut s = Search::with_observer(game, observer)
        .limits(limits)
        .track_pv(false);
    let value = alpha_beta::<R, G, _>(&mut s, root, depth, window.0, window.1);
    let (nodes, stopped, pv) = (s.nodes(), s.stopped(), s.principal_variation().len());
    let (stats, (types, trace)) = s.into_observer();
    Seen {
        value,
        nodes,
        stopped,
        pv,
        stats,
        types: types.counts,
        events: trace.events,
    }
}

/// The same search with `Stats` alone, and unobserved: the instantiations
/// the Monte Carlo runner uses.
fn counted<R: ReturnRule, G: Game>(
    game: &G,
    root: &G::Position,
    depth: u32,
    window: (Value, Value),
) -> (Value, u64, Stats, Value, u64) {
    let mut s = Search::with_observer(game, Stats::default()).track_pv(false);
    let value = alpha_beta::<R, G, _>(&mut s, root, depth, window.0, window.1);
    let nodes = s.nodes();
    let stats = s.into_observer();
    let mut bare = Search::new(game).track_pv(false);
    let bare_value = alpha_beta::<R, G, _>(&mut bare, root, depth, window.0, window.1);
    (value, nodes, stats, bare_value, bare.nodes())
}

/// A window that is empty (alpha ≥ beta) breaks alpha-beta's precondition,
/// which only a debug build checks; a release build searches it by the
/// general path, the compact path being for non-empty windows only, so
/// both sides agree here too.
#[cfg(not(debug_assertions))]
#[test]
fn an_empty_window_takes_the_general_path() {
    let tree = Uniform::new(3, 4, 7).unwrap();
    let general = General(tree);
    for window in [(5, 5), (1 << 40, -(1 << 40)), (0, NEG_INFINITY)] {
        assert_eq!(
            observed::<FailHard, _>(&tree, &0, 4, window),
            observed::<FailHard, _>(&general, &0, 4, window),
            "{window:?}"
        );
    }
}

/// Compares the compact and the general path on `tree` for the three
/// return rules and every window; returns the searches compared.
fn agree<G: TreeModel>(tree: &G, scale: Value, seed: u64) -> usize {
    fn both<R: ReturnRule, G: TreeModel>(tree: &G, window: (Value, Value)) {
        let general = General(tree.clone());
        let (root, depth) = (tree.root(), tree.depth());
        let compact = observed::<R, _>(tree, &root, depth, window);
        assert_eq!(
            compact,
            observed::<R, _>(&general, &root, depth, window),
            "{} {window:?}",
            R::NAME
        );
        // The instance that polls a stop flag, never raised here.
        assert_eq!(
            observed_within::<R, _>(tree, &root, depth, window, stop_flag(false)),
            compact,
            "{} {window:?}, with a stop flag",
            R::NAME
        );
        assert_eq!(
            counted::<R, _>(tree, &root, depth, window),
            counted::<R, _>(&general, &root, depth, window),
            "{} {window:?}, Stats alone and unobserved",
            R::NAME
        );
        // The observed search counts what the Stats-only one counts, and
        // so does each `Stats` of a pair of them.
        assert_eq!(counted::<R, _>(tree, &root, depth, window).2, compact.stats);
        let mut pair =
            Search::with_observer(tree, (Stats::default(), Stats::default())).track_pv(false);
        alpha_beta::<R, G, _>(&mut pair, &root, depth, window.0, window.1);
        let (first, second) = pair.into_observer();
        assert_eq!((first, second), (compact.stats.clone(), compact.stats));
    }
    let mut compared = 0;
    for window in common::windows(0xc0_4ac7, seed, scale) {
        both::<FailHard, G>(tree, window);
        both::<HardBound, G>(tree, window);
        both::<FailSoft, G>(tree, window);
        compared += 3;
    }
    compared
}

#[test]
fn the_compact_path_changes_no_event_count_or_value_on_uniform_trees() {
    let mut compared = 0;
    let mut leaves = 0;
    for n in 1..=6 {
        for d in 1..=6 {
            for seed in 0..5 {
                let tree = Uniform::new(n, d, seed).unwrap();
                compared += agree(&tree, 1 << 55, seed);
                let window = (NEG_INFINITY, INFINITY);
                leaves += counted::<FailHard, _>(&tree, &0, d, window).2.leaves();
                // Few values: many ties, which cut off.
                for range in [1, 2, 3] {
                    let tree = RangeR::new(n, d, range, seed).unwrap();
                    compared += agree(&tree, range as Value, seed);
                }
            }
        }
    }
    assert_eq!(compared, 6 * 6 * 5 * 4 * 4 * 3);
    assert!(leaves > 50_000, "{leaves}");
}

/// A stop flag raised before the search stops the compact path within a
/// poll of the limits (every 1 024 positions, or sooner when successors are
/// generated), as it stops the general path: the search reports itself
/// stopped, and from the poll on every position it meets is a bottom
/// position, so it examines a few hundred of the 97 160 positions the full
/// search examines.
#[test]
fn a_raised_stop_flag_stops_the_compact_path_within_a_poll() {
    let tree = Uniform::new(2, 20, 3).unwrap();
    let window = (NEG_INFINITY, INFINITY);
    let full = observed::<FailHard, _>(&tree, &0, 20, window);
    assert!(!full.stopped);
    assert_eq!(full.nodes, 97_160);
    let compact = observed_within::<FailHard, _>(&tree, &0, 20, window, stop_flag(true));
    let general = observed_within::<FailHard, _>(&General(tree), &0, 20, window, stop_flag(true));
    for seen in [compact, general] {
        assert!(seen.stopped);
        assert!(seen.nodes < 1_100, "{}", seen.nodes);
        // Past the poll nothing is expanded: every position examined is
        // either expanded or a bottom position, and the expansions stop.
        assert_eq!(seen.stats.nodes(), seen.nodes);
        assert!(
            seen.stats.expansions() < 1_024 / 2,
            "{}",
            seen.stats.expansions()
        );
    }
}

/// Trees as deep as the models allow: the counts of the leaf parents on
/// level 63, summed, and of their successors on level 64, beyond the levels
/// `Stats` keeps inline.
#[test]
fn the_compact_path_counts_the_deepest_levels() {
    let mut compared = 0;
    for d in [62, 63, 64] {
        for seed in 0..3 {
            compared += agree(&Uniform::new(1, d, seed).unwrap(), 1 << 55, seed);
            compared += agree(&RangeR::new(1, d, 2, seed).unwrap(), 2, seed);
        }
    }
    assert_eq!(compared, 3 * 3 * 2 * 4 * 3);
}

/// Every model: the uniform and range trees with the leaf-parent hook, the
/// additive and random-branching trees (held lists, no hook: the compact
/// path's own leaf loop), the dependent and reordered trees (`Vec` lists:
/// the general path on both sides).
#[test]
fn the_compact_path_agrees_on_every_model() {
    struct Agree(u64);
    impl ModelVisitor for Agree {
        type Output = usize;
        fn visit<M: TreeModel + 'static>(self, tree: M) -> usize {
            agree(&tree, 200, self.0)
        }
    }
    let mut compared = 0;
    for spec in [
        "uniform n=4 d=5",
        "range n=5 d=4 r=4",
        "additive n=4 d=5 spread=100",
        "additive n=3 d=6 spread=3",
        "dependent n=3 d=5",
        "branching q=0.9 mean=2.5 d=6",
        "branching q=0.7 mean=3 d=5",
        "uniform n=3 d=5 ordering=perfect",
        "uniform n=3 d=5 ordering=best-first p=0.5",
    ] {
        let spec: ModelSpec = spec.parse().unwrap();
        for seed in 0..8 {
            compared += spec.visit(seed, Agree(seed)).unwrap();
        }
    }
    assert_eq!(compared, 9 * 8 * 4 * 3);
}

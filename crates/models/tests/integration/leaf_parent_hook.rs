//! The leaf-parent hook (`Game::successor_values`) of the uniform trees
//! changes speed only: alpha-beta reports exactly the same events, counts,
//! values and principal variations with it as without it (the same tree
//! behind a wrapper that keeps the trait's default), on many random trees,
//! windows, return rules and node limits; and the counts pinned before the
//! hook existed still hold.

use crate::common;
use alphabeta_core::procedures::{FailHard, FailSoft, HardBound, ReturnRule, alpha_beta};

use alphabeta_core::{
    Game, INFINITY, Limits, MoveList, NEG_INFINITY, NodeTypes, Numbered, Search, Stats, Trace,
    Value,
};
use alphabeta_models::{LeafValues, RangeR, TreeModel, Uniform, UniformTree};

/// The same game with the trait's default hook: every successor of a leaf
/// parent is played and evaluated by the search itself.
struct WithoutHook<G>(G);

impl<G: Game> Game for WithoutHook<G> {
    type Position = G::Position;
    type Move = G::Move;
    type Moves = G::Moves;
    fn moves(&self, pos: &G::Position, out: &mut G::Moves) {
        self.0.moves(pos, out)
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

/// What one search shows from outside: value, positions, stop, PV, and the
/// instruments.
#[derive(Debug, PartialEq)]
struct Seen {
    value: Value,
    nodes: u64,
    stopped: bool,
    pv: Vec<u32>,
    stats: Stats,
    types: Vec<[u64; 6]>,
    /// Every event, with the path of its position.
    events: Vec<alphabeta_core::TraceEvent>,
}

/// Searches `game` with the rule `R`, everything observed.
fn observed<R: ReturnRule, G: Game<Move = u32>>(
    game: &G,
    root: &G::Position,
    depth: u32,
    window: (Value, Value),
    nodes: Option<u64>,
    pv: bool,
) -> Seen {
    let observer = (Stats::default(), (NodeTypes::default(), Trace::default()));
    let mut s = Search::with_observer(game, observer)
        .limits(Limits {
            nodes,
            ..Limits::none()
        })
        .track_pv(pv);
    let value = alpha_beta::<R, G, _>(&mut s, root, depth, window.0, window.1);
    let (nodes, stopped, pv) = (s.nodes(), s.stopped(), s.principal_variation());
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

/// The same search unobserved: value and positions.
fn bare<R: ReturnRule, G: Game>(
    game: &G,
    root: &G::Position,
    depth: u32,
    window: (Value, Value),
) -> (Value, u64) {
    let mut s = Search::new(game).track_pv(false);
    let value = alpha_beta::<R, G, _>(&mut s, root, depth, window.0, window.1);
    (value, s.nodes())
}

/// Compares the search of `tree` with the search of the same tree without
/// the hook, for the three return rules, every window, with and without the
/// principal variation, and under node limits.
fn agree<V: LeafValues>(tree: &UniformTree<V>, scale: Value, seed: u64) -> usize {
    let plain = WithoutHook(*tree);
    let root = tree.root();
    let depth = tree.depth();
    let mut compared = 0;
    for window in common::windows(0x5eed, seed, scale) {
        for pv in [false, true] {
            fn both<R: ReturnRule, V: LeafValues>(
                tree: &UniformTree<V>,
                plain: &WithoutHook<UniformTree<V>>,
                depth: u32,
                window: (Value, Value),
                nodes: Option<u64>,
                pv: bool,
            ) {
                let with = observed::<R, _>(tree, &0, depth, window, nodes, pv);
                let without = observed::<R, _>(plain, &0, depth, window, nodes, pv);
                assert_eq!(with, without, "{} {window:?} nodes {nodes:?}", R::NAME);
                assert_eq!(
                    bare::<R, _>(tree, &0, depth, window),
                    bare::<R, _>(plain, &0, depth, window),
                    "{} {window:?}, unobserved",
                    R::NAME
                );
            }
            both::<FailHard, V>(tree, &plain, depth, window, None, pv);
            both::<HardBound, V>(tree, &plain, depth, window, None, pv);
            both::<FailSoft, V>(tree, &plain, depth, window, None, pv);
            // A node limit that stops the search part way.
            let full = observed::<FailHard, _>(tree, &root, depth, window, None, false).nodes;
            both::<FailHard, V>(tree, &plain, depth, window, Some(full / 2), pv);
            compared += 5;
        }
    }
    compared
}

#[test]
fn the_hook_changes_no_event_count_or_value() {
    let mut compared = 0;
    let mut leaves = 0;
    for n in 1..=5 {
        for d in 1..=6 {
            for seed in 0..6 {
                let tree = Uniform::new(n, d, seed).unwrap();
                compared += agree(&tree, 1 << 55, seed);
                leaves +=
                    observed::<FailHard, _>(&tree, &0, d, (NEG_INFINITY, INFINITY), None, false)
                        .stats
                        .leaves();
                // Few values: many ties, which cut off.
                for range in [1, 2, 3] {
                    let tree = RangeR::new(n, d, range, seed).unwrap();
                    compared += agree(&tree, range as Value, seed);
                }
            }
        }
    }
    assert_eq!(compared, 5 * 6 * 6 * 4 * 4 * 2 * 5);
    assert!(leaves > 10_000, "{leaves}");
}

/// The hook hands out `evaluate(play(pos, move i))` in the list's order,
/// also when a table put a move first, and stops when told to.
#[test]
fn the_uniform_hook_gives_the_successors_values_in_list_order() {
    let tree = Uniform::new(7, 5, 3).unwrap();
    for pos in [0u64, 1, 9, 57, 400] {
        for front in [None, Some(1), Some(4), Some(7)] {
            let mut moves = Numbered::default();
            tree.moves(&pos, &mut moves);
            if let Some(mv) = front {
                assert!(moves.move_to_front(mv));
            }
            let expected: Vec<Value> = (0..moves.len())
                .map(|i| tree.evaluate(&tree.play(&pos, moves.get(i)), 1))
                .collect();
            let mut seen = Vec::new();
            assert!(tree.successor_values(&pos, 0, &moves, |v| {
                seen.push(v);
                true
            }));
            assert_eq!(seen, expected, "position {pos}, front {front:?}");
            let mut first_three = Vec::new();
            tree.successor_values(&pos, 0, &moves, |v| {
                first_three.push(v);
                first_three.len() < 3
            });
            assert_eq!(first_three, expected[..3]);
        }
    }
    // The default hands out nothing.
    let plain = WithoutHook(tree);
    let mut moves = Numbered::default();
    plain.moves(&0, &mut moves);
    assert!(!plain.successor_values(&0, 0, &moves, |_| panic!("called")));
}

/// Counts pinned with the build before the hook existed
/// (`profile_f2 stats N D TREES` at commit 51b204f: the xor of the root
/// values of trees with seeds 0..TREES and the total bottom positions of F2).
#[test]
fn counts_pinned_before_the_hook_still_hold() {
    for (n, d, trees, xor, leaves) in [
        (5, 5, 20, 35615918971722608, 15765),
        (3, 8, 10, 17824436670864436, 11182),
        (12, 4, 10, 3813233776005078, 38230),
    ] {
        let (mut x, mut l) = (0, 0);
        for seed in 0..trees {
            let tree = Uniform::new(n, d, seed).unwrap();
            let seen = observed::<FailHard, _>(&tree, &0, d, (NEG_INFINITY, INFINITY), None, false);
            x ^= seen.value;
            l += seen.stats.leaves();
        }
        assert_eq!((x, l), (xor, leaves), "⟨{n},{d}⟩ × {trees}");
    }
}

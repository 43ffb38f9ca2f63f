//! Helpers shared by the model tests.

// Each test binary uses only some of these helpers.
#![allow(dead_code)]

use alphabeta_core::{Game, Value};

/// The leaves of `game` below `pos` in search order, with their values.
pub fn leaves<G: Game>(game: &G, pos: &G::Position) -> Vec<Value> {
    let mut out = Vec::new();
    collect(game, pos, &mut out);
    out
}

fn collect<G: Game>(game: &G, pos: &G::Position, out: &mut Vec<Value>) {
    let moves = game.successors(pos);
    if moves.is_empty() {
        out.push(game.evaluate(pos, 0));
    }
    for mv in moves {
        collect(game, &game.play(pos, mv), out);
    }
}

/// Leaves examined by fail-hard alpha-beta (Knuth's F2) on the whole tree.
pub fn f2_leaves<M: alphabeta_models::TreeModel>(tree: &M) -> (Value, u64, Vec<u64>) {
    use alphabeta_core::{INFINITY, NEG_INFINITY};
    use alphabeta_core::{Search, Stats, procedures::alpha_beta_fail_hard};
    let mut s = Search::with_observer(tree, Stats::default());
    let v = alpha_beta_fail_hard(&mut s, &tree.root(), tree.depth(), NEG_INFINITY, INFINITY);
    let stats = s.into_observer();
    (v, stats.leaves(), stats.nodes_per_ply())
}

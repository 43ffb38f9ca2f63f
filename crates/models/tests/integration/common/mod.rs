//! Helpers shared by the model tests.

// Each test binary uses only some of these helpers.
#![allow(dead_code)]

use alphabeta_core::{Game, INFINITY, NEG_INFINITY, Value};
use alphabeta_models::hash::node_hash;

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

/// Windows to search with: the full one, and three drawn from `(salt, seed)`
/// around the values the trees take — `a` in `[-scale, scale]`, width in
/// `[1, scale]` — narrow ones make many cutoffs and fail high and low. Computed
/// in 128 bits: with `scale` = 2^55, `2000 · scale` does not fit in a `Value`.
pub fn windows(salt: u64, seed: u64, scale: Value) -> Vec<(Value, Value)> {
    let mut out = vec![(NEG_INFINITY, INFINITY)];
    let scale = i128::from(scale);
    for k in 0..3 {
        let h = node_hash(seed ^ salt, k);
        let a = i128::from(h % 2001) * scale / 1000 - scale;
        let w = 1 + i128::from((h >> 32) % 1000) * scale / 1000;
        let window = (Value::try_from(a).unwrap(), Value::try_from(a + w).unwrap());
        assert!(window.0 < window.1, "{window:?}");
        out.push(window);
    }
    out
}

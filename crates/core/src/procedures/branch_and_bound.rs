//! Knuth & Moore's procedure F1: one-bound branch-and-bound.

use crate::game::Game;
use crate::moves::MoveList;
use crate::observer::{Cutoff, CutoffKind, Observer};
use crate::search::{Node, Search};
use crate::value::{NEG_INFINITY, Value};

/// Knuth & Moore's F1(p, bound) (§2): branch-and-bound with a single bound,
/// satisfying eq. (6): F1 = F(p) if F(p) < bound, F1 ≥ bound if F(p) ≥ bound;
/// F1(p, +∞) = F(p) (eq. (7)).
///
/// Each successor is searched with the bound −m, so a position is refuted as
/// soon as one reply is at least as good as the best reply found so far; the
/// bound never reaches further down than one level, so F1 makes no deep
/// cutoffs and examines a superset of the positions F2 examines (Knuth §3).
/// The observer sees the window (−∞, bound).
pub fn branch_and_bound<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    bound: Value,
) -> Value {
    node(s, root, 0, 0, depth, bound)
}

fn node<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
    bound: Value,
) -> Value {
    let moves = match s.open(pos, ply, index, depth, NEG_INFINITY, bound) {
        Node::Bottom(v) => return s.returned(ply, v),
        Node::Interior(moves) => moves,
    };
    let mut m = NEG_INFINITY;
    for i in 0..moves.len() {
        let mv = moves.get(i);
        let child = s.game.play(pos, mv);
        let t = -node(s, &child, ply + 1, i + 1, depth - 1, -m);
        if t > m {
            m = t;
            s.update_pv(ply, mv);
        }
        if m >= bound {
            s.observer.cutoff(
                ply,
                Cutoff {
                    kind: CutoffKind::at_ply(ply),
                    deep: false,
                    pruned: moves.len() - i - 1,
                },
            );
            break;
        }
    }
    s.release(ply, moves);
    s.returned(ply, m)
}

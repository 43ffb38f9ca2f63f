//! Exhaustive search: every position is examined.

use crate::game::{Game, max_view};
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Node, Search};
use crate::value::{INFINITY, NEG_INFINITY, Value};

/// Exhaustive negamax: Knuth & Moore's procedure F (eq. (1)), Hsu's F,
/// Zohar's FindValue (Alg. 1). `F(p) = f(p)` at a bottom position, otherwise
/// `max(−F(p1), …, −F(pd))`.
pub fn negamax<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
) -> Value {
    negamax_node(s, root, 0, 0, depth)
}

fn negamax_node<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
) -> Value {
    let moves = match s.open(pos, ply, index, depth, NEG_INFINITY, INFINITY) {
        Node::Bottom(v) => return s.returned(ply, v),
        Node::Interior(moves) => moves,
    };
    let mut m = NEG_INFINITY;
    for i in 0..moves.len() {
        let mv = moves.get(i);
        let child = s.game.play(pos, mv);
        let t = -negamax_node(s, &child, ply + 1, i + 1, depth - 1);
        if t > m {
            m = t;
            s.update_pv(ply, mv);
        }
    }
    s.release(ply, moves);
    s.returned(ply, m)
}

/// Exhaustive minimax as two mutually recursive procedures, Knuth & Moore's
/// F and G of eqs (3)–(4), Hsu's F′ (max node) and G′ (min node). Values are
/// taken from Max's viewpoint (the side to move at the root); the result is
/// returned in that view too, which equals the negamax value at the root.
pub fn minimax<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
) -> Value {
    max_node(s, root, 0, 0, depth)
}

/// F′: the value of a position where Max moves.
fn max_node<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
) -> Value {
    let moves = match s.open(pos, ply, index, depth, NEG_INFINITY, INFINITY) {
        Node::Bottom(v) => return max_view(s.returned(ply, v), ply),
        Node::Interior(moves) => moves,
    };
    let mut m = NEG_INFINITY;
    for i in 0..moves.len() {
        let mv = moves.get(i);
        let child = s.game.play(pos, mv);
        let t = min_node(s, &child, ply + 1, i + 1, depth - 1);
        if t > m {
            m = t;
            s.update_pv(ply, mv);
        }
    }
    s.release(ply, moves);
    s.returned(ply, max_view(m, ply));
    m
}

/// G′: the value of a position where Min moves.
fn min_node<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
) -> Value {
    let moves = match s.open(pos, ply, index, depth, NEG_INFINITY, INFINITY) {
        Node::Bottom(v) => return max_view(s.returned(ply, v), ply),
        Node::Interior(moves) => moves,
    };
    let mut m = INFINITY;
    for i in 0..moves.len() {
        let mv = moves.get(i);
        let child = s.game.play(pos, mv);
        let t = max_node(s, &child, ply + 1, i + 1, depth - 1);
        if t < m {
            m = t;
            s.update_pv(ply, mv);
        }
    }
    s.release(ply, moves);
    s.returned(ply, max_view(m, ply));
    m
}

//! Principal variation search / NegaScout: Scout's test, done by a
//! null-window alpha-beta, inside a fail-soft alpha-beta.

use crate::game::Game;
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Cut, Node, Search};
use crate::value::{NEG_INFINITY, Value};

/// Principal variation search (Marsland & Campbell 1982; NegaScout,
/// Reinefeld 1983): the first successor is searched with the full window,
/// the others with a null window `(m, m + 1)` that only proves them no
/// better; a successor that proves better is searched again with the window
/// `(t, beta)`. Fail-soft; returns F(p) inside `(alpha, beta)` and obeys
/// Hsu's F3 properties outside it. Values must be integers (they are).
pub fn principal_variation_search<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    pvs_node(s, root, 0, 0, depth, alpha, beta).0
}

fn pvs_node<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> (Value, Cut) {
    let moves = match s.open(pos, ply, index, depth, alpha, beta) {
        Node::Bottom(v) => return (s.returned(ply, v), Cut::NONE),
        Node::Interior(moves) => moves,
    };
    let mut m = NEG_INFINITY;
    let mut own = NEG_INFINITY;
    let mut cut = Cut::NONE;
    for i in 0..moves.len() {
        let mv = moves.get(i);
        let child = s.game.play(pos, mv);
        let (d, at) = (depth - 1, ply + 1);
        let lower = m.max(alpha);
        // A test that proves the successor better fails low at the
        // successor, which then made no cutoff: only the search that
        // settles it can have made one.
        let (v, child_cut) = if i == 0 {
            pvs_node(s, &child, at, i + 1, d, -beta, -lower)
        } else {
            let (v, child_cut) = pvs_node(s, &child, at, i + 1, d, -(lower + 1), -lower);
            let t = -v;
            if t > lower && t < beta {
                s.report_research(at);
                pvs_node(s, &child, at, i + 1, d, -beta, -t)
            } else {
                (v, child_cut)
            }
        };
        let t = -v;
        s.successor_cut(at, child_cut, t, own);
        own = own.max(t);
        if t > m {
            m = t;
            s.update_pv(ply, mv);
        }
        if m >= beta {
            cut = s.cut(moves.len() - i - 1);
            break;
        }
    }
    s.release(ply, moves);
    if ply == 0 {
        // Nothing is above the root to classify its cutoff (never deep);
        // it is reported before the root returns.
        s.root_cut(cut);
    }
    (s.returned(ply, m), cut)
}

//! Principal variation search / NegaScout: Scout's test, done by a
//! null-window alpha-beta, inside a fail-soft alpha-beta.

use crate::game::Game;
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Node, Search};
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
    pvs_node(s, root, 0, 0, depth, alpha, beta)
}

fn pvs_node<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    let moves = match s.open(pos, ply, index, depth, alpha, beta) {
        Node::Bottom(v) => return s.returned(ply, v),
        Node::Interior(moves) => moves,
    };
    let mut m = NEG_INFINITY;
    let mut own = NEG_INFINITY;
    for i in 0..moves.len() {
        let mv = moves.get(i);
        let child = s.game.play(pos, mv);
        let (d, at) = (depth - 1, ply + 1);
        let lower = m.max(alpha);
        let t = if i == 0 {
            -pvs_node(s, &child, at, i + 1, d, -beta, -lower)
        } else {
            let t = -pvs_node(s, &child, at, i + 1, d, -(lower + 1), -lower);
            if t > lower && t < beta {
                s.report_research(at);
                -pvs_node(s, &child, at, i + 1, d, -beta, -t)
            } else {
                t
            }
        };
        s.successor_done(t, own);
        own = own.max(t);
        if t > m {
            m = t;
            s.update_pv(ply, mv);
        }
        if m >= beta {
            s.report_cutoff(ply, moves.len() - i - 1);
            break;
        }
    }
    s.release(ply, moves);
    s.returned(ply, m)
}

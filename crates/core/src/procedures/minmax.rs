//! Fail-hard alpha-beta in min/max form: two procedures.

use crate::game::{Game, max_view};
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Node, Search};
use crate::value::{NEG_INFINITY, Value};

/// Knuth & Moore's F2 and G2 in min/max form (§3), Hsu's F2′ and G2′: the
/// alpha-beta procedure written as one procedure for Max nodes and one for
/// Min nodes, every value from Max's viewpoint. `G2(p, alpha, beta) =
/// −F2(p, −beta, −alpha)`, so it examines exactly the positions the negamax
/// [`super::alpha_beta_fail_hard`] examines; the window passed to the
/// observer is converted to the negamax view of the side to move so both
/// forms produce identical traces.
pub fn alpha_beta_minmax<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    max_node(s, root, 0, 0, depth, alpha, beta)
}

/// F2′: Max to move; `m` starts at alpha and rises.
fn max_node<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    let moves = match s.open(pos, ply, index, depth, alpha, beta) {
        Node::Bottom(v) => return max_view(s.returned(ply, v), ply),
        Node::Interior(moves) => moves,
    };
    let (mut m, mut own) = (alpha, NEG_INFINITY);
    for i in 0..moves.len() {
        let mv = moves.get(i);
        let child = s.game.play(pos, mv);
        let t = min_node(s, &child, ply + 1, i + 1, depth - 1, m, beta);
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
    s.returned(ply, max_view(m, ply));
    m
}

/// G2′: Min to move; `m` starts at beta and falls.
fn min_node<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    // The observer and the instruments see the negamax view of Min.
    let moves = match s.open(pos, ply, index, depth, -beta, -alpha) {
        Node::Bottom(v) => return max_view(s.returned(ply, v), ply),
        Node::Interior(moves) => moves,
    };
    // `own` in the negamax view of Min: the largest −t.
    let (mut m, mut own) = (beta, NEG_INFINITY);
    for i in 0..moves.len() {
        let mv = moves.get(i);
        let child = s.game.play(pos, mv);
        let t = max_node(s, &child, ply + 1, i + 1, depth - 1, alpha, m);
        s.successor_done(-t, own);
        own = own.max(-t);
        if t < m {
            m = t;
            s.update_pv(ply, mv);
        }
        if m <= alpha {
            s.report_cutoff(ply, moves.len() - i - 1);
            break;
        }
    }
    s.release(ply, moves);
    s.returned(ply, max_view(m, ply));
    m
}

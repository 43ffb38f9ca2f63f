//! Fail-hard alpha-beta in min/max form: two procedures.

use crate::game::{Game, max_view};
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Cut, Node, Search};
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
    max_node(s, root, 0, 0, depth, alpha, beta).0
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
) -> (Value, Cut) {
    let moves = match s.open(pos, ply, index, depth, alpha, beta) {
        Node::Bottom(v) => return (max_view(s.returned(ply, v), ply), Cut::NONE),
        Node::Interior(moves) => moves,
    };
    let (mut m, mut own, mut cut) = (alpha, NEG_INFINITY, Cut::NONE);
    for i in 0..moves.len() {
        let mv = moves.get(i);
        let child = s.game.play(pos, mv);
        let (t, child_cut) = min_node(s, &child, ply + 1, i + 1, depth - 1, m, beta);
        s.successor_cut(ply + 1, child_cut, t, own);
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
    s.returned(ply, max_view(m, ply));
    (m, cut)
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
) -> (Value, Cut) {
    // The observer and the instruments see the negamax view of Min.
    let moves = match s.open(pos, ply, index, depth, -beta, -alpha) {
        Node::Bottom(v) => return (max_view(s.returned(ply, v), ply), Cut::NONE),
        Node::Interior(moves) => moves,
    };
    // `own` in the negamax view of Min: the largest −t.
    let (mut m, mut own, mut cut) = (beta, NEG_INFINITY, Cut::NONE);
    for i in 0..moves.len() {
        let mv = moves.get(i);
        let child = s.game.play(pos, mv);
        let (t, child_cut) = max_node(s, &child, ply + 1, i + 1, depth - 1, alpha, m);
        s.successor_cut(ply + 1, child_cut, -t, own);
        own = own.max(-t);
        if t < m {
            m = t;
            s.update_pv(ply, mv);
        }
        if m <= alpha {
            cut = s.cut(moves.len() - i - 1);
            break;
        }
    }
    s.release(ply, moves);
    s.returned(ply, max_view(m, ply));
    (m, cut)
}

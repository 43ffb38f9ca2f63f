//! Fail-hard alpha-beta in min/max form: two procedures.

use super::Bound;
use crate::game::{Game, max_view};
use crate::observer::{Cutoff, CutoffKind, Observer};
use crate::search::{Node, Search};
use crate::value::{INFINITY, NEG_INFINITY, Value};

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
    max_node(
        s,
        root,
        0,
        0,
        depth,
        Bound::caller(alpha),
        Bound::caller(beta),
    )
}

/// F2′: Max to move; `m` starts at alpha and rises.
fn max_node<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
    alpha: Bound,
    beta: Bound,
) -> Value {
    let moves = match s.open(pos, ply, index, depth, alpha.value, beta.value) {
        Node::Bottom(v) => return max_view(v, ply),
        Node::Interior(moves) => moves,
    };
    let (mut m, mut own) = (alpha.value, NEG_INFINITY);
    for (i, &mv) in moves.iter().enumerate() {
        let child = s.game.play(pos, mv);
        let child_alpha = Bound { value: m, own };
        let t = min_node(s, &child, ply + 1, i + 1, depth - 1, child_alpha, beta);
        own = own.max(t);
        if t > m {
            m = t;
            s.update_pv(ply, mv);
        }
        if m >= beta.value {
            s.observer.cutoff(
                ply,
                Cutoff {
                    kind: CutoffKind::Beta,
                    deep: beta.is_deep_cut(m),
                    pruned: moves.len() - i - 1,
                },
            );
            break;
        }
    }
    s.release(ply, moves);
    m
}

/// G2′: Min to move; `m` starts at beta and falls.
fn min_node<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
    alpha: Bound,
    beta: Bound,
) -> Value {
    // The observer sees the negamax window of the side to move (Min).
    let moves = match s.open(pos, ply, index, depth, -beta.value, -alpha.value) {
        Node::Bottom(v) => return max_view(v, ply),
        Node::Interior(moves) => moves,
    };
    let (mut m, mut own) = (beta.value, INFINITY);
    for (i, &mv) in moves.iter().enumerate() {
        let child = s.game.play(pos, mv);
        let child_beta = Bound { value: m, own };
        let t = max_node(s, &child, ply + 1, i + 1, depth - 1, alpha, child_beta);
        own = own.min(t);
        if t < m {
            m = t;
            s.update_pv(ply, mv);
        }
        if m <= alpha.value {
            s.observer.cutoff(
                ply,
                Cutoff {
                    kind: CutoffKind::Alpha,
                    deep: alpha.neg().is_deep_cut(-m),
                    pruned: moves.len() - i - 1,
                },
            );
            break;
        }
    }
    s.release(ply, moves);
    m
}

//! The fast paths of alpha-beta: the node of [`super::alpha_beta_reference`]
//! rearranged for speed, with nothing changed that an instrument can see.
//!
//! * The general node ([`node`]) takes hooks, limits and the principal
//!   variation. It is instantiated once per PV mode (so an untracked search
//!   tests nothing for it), settles bottom positions inline in its parent's
//!   loop (no call per leaf), and has its own small functions for a leaf
//!   parent ([`leaf_parent`]) and for the loop over successors
//!   ([`interior`]), the latter instantiated for depth 1 and, with plain
//!   hooks, depth 2. A leaf parent searched with plain hooks takes its
//!   successors' values from the game's leaf-parent hook
//!   ([`Game::successor_values`]) when the game has one
//!   ([`leaf_successors`]), building no position per successor.
//! * The compact path (module `compact`) is taken where most of the
//!   general node has nothing to do: plain hooks, no principal variation,
//!   no node limit (the clock and a stop flag are polled), held move lists.
//!
//! Both keep the reference's order of positions, its events and its
//! counts; the tests compare them event for event on random trees
//! (`crates/models/tests/integration/reference_f2.rs`).

mod compact;

use super::{Known, NodeHooks, ReturnRule};
use crate::game::Game;
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Cut, Search};
use crate::value::{NEG_INFINITY, Value};

/// Searches the root at ply 0 by the fastest path that applies: its value
/// and the cutoff it made. The caller reports what follows the root's
/// search (its return, its count, its cutoff).
#[inline(always)]
pub(super) fn root<R: ReturnRule, H: NodeHooks<G>, G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    hooks: &mut H,
    root: &G::Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> (Value, Cut) {
    if H::PLAIN && compact::applies(s, depth, alpha, beta) {
        compact::root::<R, G, O>(s, root, depth, alpha, beta)
    } else {
        alpha_beta_below::<R, H, G, O>(s, hooks, root, 0, 0, depth, alpha, beta)
    }
}

/// One node of alpha-beta below the root, the `index`-th successor (from 1)
/// of a position at `ply − 1` searched by another procedure (the parallel
/// search hands the part of the tree where it never splits to this one):
/// its value and the cutoff it made, with every event reported as
/// [`super::alpha_beta_with_hooks`] reports it for a node at that place, except
/// the parent's own share ([`Search::examined`] and the classification of
/// the cutoff), which the caller reports.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn alpha_beta_below<R: ReturnRule, H: NodeHooks<G>, G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    hooks: &mut H,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> (Value, Cut) {
    if s.tracks_pv() {
        node::<R, H, G, O, true>(s, hooks, pos, ply, index, depth, alpha, beta)
    } else {
        node::<R, H, G, O, false>(s, hooks, pos, ply, index, depth, alpha, beta)
    }
}

/// One node of alpha-beta: its value, and the cutoff it made if any, which
/// its parent classifies as deep or shallow ([`Cut`]). The part that settles
/// bottom positions is inlined into the caller's loop, so a leaf costs no
/// function call; the loop over successors is [`interior`].
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn node<R: ReturnRule, H: NodeHooks<G>, G: Game, O: Observer, const PV: bool>(
    s: &mut Search<'_, G, O>,
    hooks: &mut H,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> (Value, Cut) {
    s.enter_as::<PV>(ply, index, alpha, beta);
    match hooks.before(s.game, pos, ply, depth, alpha, beta) {
        Some(Known::Exact(v)) => return (s.settle(ply, v), Cut::NONE),
        Some(Known::AtLeast(v)) if v >= beta => {
            return (s.settle(ply, R::on_cutoff(v, beta)), Cut::NONE);
        }
        Some(Known::AtMost(v)) if v <= alpha => {
            return (s.settle(ply, R::fail_low(v, alpha)), Cut::NONE);
        }
        _ => {}
    }
    match s.expand_in_place(pos, ply, depth) {
        Some(v) => (v, Cut::NONE),
        // A leaf parent with plain hooks has its own small function, so
        // its call saves few registers and the game may hand out its
        // successors' values ([`Game::successor_values`]).
        None if depth == 1 && H::PLAIN => {
            leaf_parent::<R, H, G, O, PV>(s, hooks, pos, ply, alpha, beta)
        }
        None => interior::<R, H, G, O, PV>(s, hooks, pos, ply, depth, alpha, beta),
    }
}

/// An interior node at depth 1 searched with plain hooks
/// ([`NodeHooks::PLAIN`]): its successors are bottom positions, settled by
/// the leaf-parent hook when the game provides it ([`leaf_successors`]), or
/// else by [`successors`] as in [`interior`].
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn leaf_parent<R: ReturnRule, H: NodeHooks<G>, G: Game, O: Observer, const PV: bool>(
    s: &mut Search<'_, G, O>,
    hooks: &mut H,
    pos: &G::Position,
    ply: usize,
    alpha: Value,
    beta: Value,
) -> (Value, Cut) {
    hooks.order(s.game, pos, ply, s.successors_mut(ply));
    match leaf_successors::<R, G, O, PV>(s, pos, ply, alpha, beta) {
        Some((value, best, cut)) => {
            hooks.after(s.game, pos, ply, 1, alpha, beta, value, best);
            (value, cut)
        }
        None => leaf_parent_generic::<R, H, G, O, PV>(s, hooks, pos, ply, alpha, beta),
    }
}

/// [`leaf_parent`] for a game without the leaf-parent hook: the loop of
/// [`interior`] at depth 1, kept out of [`leaf_parent`] so that the hook's
/// path stays small.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn leaf_parent_generic<R: ReturnRule, H: NodeHooks<G>, G: Game, O: Observer, const PV: bool>(
    s: &mut Search<'_, G, O>,
    hooks: &mut H,
    pos: &G::Position,
    ply: usize,
    alpha: Value,
    beta: Value,
) -> (Value, Cut) {
    let (value, best, cut) = successors::<R, H, G, O, PV>(s, hooks, pos, ply, 1, alpha, beta);
    hooks.after(s.game, pos, ply, 1, alpha, beta, value, best);
    (value, cut)
}

/// The successor loop of an interior alpha-beta node (Knuth's F2 body,
/// Hsu's F1–F3 bodies).
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn interior<R: ReturnRule, H: NodeHooks<G>, G: Game, O: Observer, const PV: bool>(
    s: &mut Search<'_, G, O>,
    hooks: &mut H,
    pos: &G::Position,
    ply: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> (Value, Cut) {
    hooks.order(s.game, pos, ply, s.successors_mut(ply));
    // The same loop twice: with `depth` known to be 1 the compiler settles
    // every successor as a bottom position in place, with no recursion.
    let (value, best, cut) = if depth == 1 {
        successors::<R, H, G, O, PV>(s, hooks, pos, ply, 1, alpha, beta)
    } else if depth == 2 && H::PLAIN {
        // With plain hooks, the parents of leaf parents get their own
        // instance too: every successor is then a leaf parent, searched by
        // [`leaf_parent`] with no test of its depth.
        successors::<R, H, G, O, PV>(s, hooks, pos, ply, 2, alpha, beta)
    } else {
        successors::<R, H, G, O, PV>(s, hooks, pos, ply, depth, alpha, beta)
    };
    hooks.after(s.game, pos, ply, depth, alpha, beta, value, best);
    (value, cut)
}

/// The loop of [`interior`] over the successors left by
/// [`Search::expand_in_place`]: the node's value, its best move and its
/// cutoff.
///
/// A successor that stops on a cutoff hands it back with its value; the
/// cutoff is deep (Knuth & Moore §3) exactly when the successor's value `t`
/// exceeds `own`, the best value of its elder siblings: the bound −own that
/// this node's own finished successors give would not have caused it, so the
/// bound came from two or more levels up. When the loop ends the node
/// reports how many successors it examined ([`Search::examined`]), the one
/// count per node from which `Stats` has its per-level numbers.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn successors<R: ReturnRule, H: NodeHooks<G>, G: Game, O: Observer, const PV: bool>(
    s: &mut Search<'_, G, O>,
    hooks: &mut H,
    pos: &G::Position,
    ply: usize,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> (Value, Option<G::Move>, Cut) {
    let n = s.successors_mut(ply).len();
    // The papers' m is max(floor, own): `floor` is where m starts (alpha, or
    // −∞ for fail-soft) and `own` the best value of the successors searched
    // so far, which also tells a deep cutoff from a shallow one. An observed
    // search keeps `own` alone and derives m; an unobserved one keeps m
    // alone. Either way one value fewer stays live across the recursion.
    // As alpha < beta, m ≥ beta exactly when own ≥ beta, and the successors'
    // lower bound max(m, alpha) is max(own, alpha).
    let floor = R::initial(alpha);
    let mut own = NEG_INFINITY;
    let mut kept_m = floor;
    let mut best = None;
    let mut cut = Cut::NONE;
    let mut value = None;
    let mut examined = n;
    for i in 0..n {
        let mv = s.successor(ply, i);
        let child = s.game.play(pos, mv);
        let lower = if O::ACTIVE { own } else { kept_m }.max(alpha);
        let (t, child_cut) =
            node::<R, H, G, O, PV>(s, hooks, &child, ply + 1, i + 1, depth - 1, -beta, -lower);
        let t = -s.returned(ply + 1, t);
        // Successors at the horizon (depth 1 here) are never expanded, so
        // they report no cutoff to classify.
        if depth > 1 {
            s.successor_cut(ply + 1, child_cut, t, own);
        }
        let m = if O::ACTIVE { own.max(floor) } else { kept_m };
        if t > m {
            best = Some(mv);
            s.update_pv_as::<PV>(ply, mv);
        }
        if O::ACTIVE {
            own = own.max(t);
        } else {
            kept_m = m.max(t);
        }
        let best_so_far = if O::ACTIVE { own } else { kept_m };
        if best_so_far >= beta {
            cut = s.cut(n - i - 1);
            value = Some(R::on_cutoff(best_so_far, beta));
            examined = i + 1;
            break;
        }
        if hooks.enough(ply, best_so_far.max(floor)) {
            examined = i + 1;
            break;
        }
    }
    s.examined(ply + 1, examined);
    let m = if O::ACTIVE { own.max(floor) } else { kept_m };
    (value.unwrap_or(m), best, cut)
}

/// The loop of [`successors`] at depth 1 with plain hooks, for a game that
/// hands out the values of a leaf parent's successors itself
/// ([`Game::successor_values`], the leaf-parent hook): the same node, the
/// same events in the same order (`node`, `leaf` and `returned` per
/// successor, `examined` and the cutoff per node) and the same counts, with
/// no position built per successor. `None` when the game does not provide
/// the hook; the successors are then searched by [`successors`].
///
/// At depth 1 every successor is a bottom position at the horizon: it is
/// neither expanded nor checked against the limits (the search checks them
/// only before an expansion), so settling them in a batch changes nothing a
/// limit sees.
#[inline(always)]
fn leaf_successors<R: ReturnRule, G: Game, O: Observer, const PV: bool>(
    s: &mut Search<'_, G, O>,
    pos: &G::Position,
    ply: usize,
    alpha: Value,
    beta: Value,
) -> Option<(Value, Option<G::Move>, Cut)> {
    let game = s.game;
    let moves = s.take_successors(ply);
    let n = moves.len();
    // `own`, `kept_m` and `floor` as in [`successors`].
    let floor = R::initial(alpha);
    let mut own = NEG_INFINITY;
    let mut kept_m = floor;
    let mut best = None;
    let mut examined = 0;
    let mut cut = Cut::NONE;
    let mut value = None;
    let handled = game.successor_values(pos, ply, &moves, |v| {
        let i = examined;
        examined += 1;
        let lower = if O::ACTIVE { own } else { kept_m }.max(alpha);
        if PV {
            s.enter_as::<PV>(ply + 1, i + 1, -beta, -lower);
        } else {
            // Counted after the loop (`count_entered`), so no count in
            // memory is carried from one successor to the next.
            s.observer.node(ply + 1, i + 1, -beta, -lower);
        }
        s.observer.leaf(ply + 1, v);
        let t = -s.returned(ply + 1, v);
        let m = if O::ACTIVE { own.max(floor) } else { kept_m };
        if t > m {
            best = Some(i);
            if PV {
                s.update_pv_as::<PV>(ply, moves.get(i));
            }
        }
        if O::ACTIVE {
            own = own.max(t);
        } else {
            kept_m = m.max(t);
        }
        let best_so_far = if O::ACTIVE { own } else { kept_m };
        if best_so_far >= beta {
            cut = s.cut(n - i - 1);
            value = Some(R::on_cutoff(best_so_far, beta));
            return false;
        }
        true
    });
    let best = best.map(|i| moves.get(i));
    s.release(ply, moves);
    if !handled {
        return None;
    }
    if !PV {
        s.count_entered(examined);
    }
    s.examined(ply + 1, examined);
    let m = if O::ACTIVE { own.max(floor) } else { kept_m };
    Some((value.unwrap_or(m), best, cut))
}

//! Alpha-beta in negamax form, with its three return conventions.
//!
//! Hsu's slides give three procedures that differ only in where `m` starts,
//! which lower bound is passed down, and what is returned on a cutoff:
//!
//! | rule | `m` starts at | child window | on a cutoff returns | Hsu | Knuth |
//! |---|---|---|---|---|---|
//! | [`HardBound`] | alpha | (−beta, −m) | beta | F1 ("original") | |
//! | [`FailHard`] | alpha | (−beta, −m) | m (≥ beta) | F2 | F2 |
//! | [`FailSoft`] | −∞ | (−beta, −max(m, alpha)) | m (≥ beta) | F3 | |
//!
//! One generic procedure, [`alpha_beta`], implements all three; the named
//! entry points fix the rule. They examine exactly the same positions — the
//! rules differ only in the values they return outside the window.

mod compact;

use crate::game::Game;
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Cut, Search};
use crate::value::{NEG_INFINITY, Value};

/// How an alpha-beta procedure starts `m` and what it returns outside its
/// window.
pub trait ReturnRule {
    /// The paper's name of the procedure.
    const NAME: &'static str;
    /// The initial value of `m` given the node's alpha.
    fn initial(alpha: Value) -> Value;
    /// The value returned when `m ≥ beta` stops the loop.
    fn on_cutoff(m: Value, beta: Value) -> Value;
    /// The value returned when the node is known to be worth at most
    /// `v ≤ alpha` without searching it (a table entry, McCarthy's bound).
    fn fail_low(v: Value, alpha: Value) -> Value;
}

/// Hsu's F1, the "original" alpha-beta: returns beta itself on a cutoff, so
/// the result always lies in `[alpha, beta]` (the bounds are hard).
#[derive(Clone, Copy, Debug, Default)]
pub struct HardBound;

impl ReturnRule for HardBound {
    const NAME: &'static str = "hard-bound (Hsu F1)";
    #[inline]
    fn initial(alpha: Value) -> Value {
        alpha
    }
    #[inline]
    fn on_cutoff(_m: Value, beta: Value) -> Value {
        beta
    }
    #[inline]
    fn fail_low(_v: Value, alpha: Value) -> Value {
        alpha
    }
}

/// Knuth & Moore's F2 (Hsu's F2, Zohar's AlphaBeta): `m` starts at alpha and
/// the value `m ≥ beta` is returned on a cutoff. Satisfies Knuth eq. (9).
#[derive(Clone, Copy, Debug, Default)]
pub struct FailHard;

impl ReturnRule for FailHard {
    const NAME: &'static str = "fail-hard (Knuth/Hsu F2)";
    #[inline]
    fn initial(alpha: Value) -> Value {
        alpha
    }
    #[inline]
    fn on_cutoff(m: Value, _beta: Value) -> Value {
        m
    }
    #[inline]
    fn fail_low(_v: Value, alpha: Value) -> Value {
        alpha
    }
}

/// Hsu's F3, Fishburn's fail-soft alpha-beta: `m` starts at −∞ and children
/// are searched with the window `(−beta, −max(m, alpha))`, so a value outside
/// the window is still a bound on the true value, and never looser than F2's.
#[derive(Clone, Copy, Debug, Default)]
pub struct FailSoft;

impl ReturnRule for FailSoft {
    const NAME: &'static str = "fail-soft (Hsu F3)";
    #[inline]
    fn initial(_alpha: Value) -> Value {
        NEG_INFINITY
    }
    #[inline]
    fn on_cutoff(m: Value, _beta: Value) -> Value {
        m
    }
    #[inline]
    fn fail_low(v: Value, _alpha: Value) -> Value {
        v
    }
}

/// What a [`NodeHooks`] knows about a position before it is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Its exact value.
    Exact(Value),
    /// A lower bound on its value.
    AtLeast(Value),
    /// An upper bound on its value.
    AtMost(Value),
}

/// Extensions of the alpha-beta node that some procedures of the seeds add:
/// knowledge before the search (McCarthy's bounds, a transposition table),
/// successor reordering (the table's move), an early stop (Fuller's "win
/// found" rule) and a record after the search (the table). Every method has a
/// no-op default; [`NoHooks`] is plain alpha-beta, at no cost.
pub trait NodeHooks<G: Game> {
    /// True promises that every method is the no-op default
    /// ([`NodeHooks::before`] always returns `None`, [`NodeHooks::enough`]
    /// always `false`, [`NodeHooks::order`] and [`NodeHooks::after`] do
    /// nothing), so a leaf parent may settle its successors through
    /// [`Game::successor_values`] without asking the hooks about each one,
    /// and a search may take the compact path (module `compact`), which
    /// calls no hook. Only [`NoHooks`] says so.
    const PLAIN: bool = false;
    /// What is known about `pos` before its successors are generated.
    #[inline]
    fn before(
        &mut self,
        _game: &G,
        _pos: &G::Position,
        _ply: usize,
        _depth: u32,
        _alpha: Value,
        _beta: Value,
    ) -> Option<Known> {
        None
    }
    /// Reorders the successors of `pos` before they are searched.
    #[inline]
    fn order(&mut self, _game: &G, _pos: &G::Position, _ply: usize, _moves: &mut G::Moves) {}
    /// Whether the value `m` found so far at `ply` is good enough to stop
    /// searching the remaining successors.
    #[inline]
    fn enough(&self, _ply: usize, _m: Value) -> bool {
        false
    }
    /// Called with the value a search of `pos` returned and its best move.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn after(
        &mut self,
        _game: &G,
        _pos: &G::Position,
        _ply: usize,
        _depth: u32,
        _alpha: Value,
        _beta: Value,
        _value: Value,
        _best: Option<G::Move>,
    ) {
    }
}

/// Plain alpha-beta: no hooks.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoHooks;

impl<G: Game> NodeHooks<G> for NoHooks {
    const PLAIN: bool = true;
}

/// Alpha-beta with the return rule `R`, searching `root` to `depth` with the
/// window `(alpha, beta)`, `alpha < beta`.
pub fn alpha_beta<R: ReturnRule, G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    alpha_beta_with_hooks::<R, _, G, O>(s, &mut NoHooks, root, depth, alpha, beta)
}

/// Alpha-beta with the return rule `R` and the extensions `hooks`.
pub fn alpha_beta_with_hooks<R: ReturnRule, H: NodeHooks<G>, G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    hooks: &mut H,
    root: &G::Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    debug_assert!(alpha < beta, "alpha-beta needs alpha < beta");
    // One instance of the procedure per PV mode, so the untracked search
    // tests nothing for it at each position; and the compact path where
    // plain hooks, no principal variation, no limits and held move lists
    // leave most of the general node with nothing to do.
    let (value, cut) = if H::PLAIN && compact::applies(s, alpha, beta) {
        compact::root::<R, G, O>(s, root, depth, alpha, beta)
    } else if s.tracks_pv() {
        node::<R, H, G, O, true>(s, hooks, root, 0, 0, depth, alpha, beta)
    } else {
        node::<R, H, G, O, false>(s, hooks, root, 0, 0, depth, alpha, beta)
    };
    s.returned(0, value);
    // Each node reports the successors it examined and classifies their
    // cutoffs; nothing is above the root to do so, so it is done here (a
    // root cutoff is never deep).
    s.examined(0, 1);
    s.root_cut(cut);
    value
}

/// One node of alpha-beta below the root, the `index`-th successor (from 1)
/// of a position at `ply − 1` searched by another procedure (the parallel
/// search hands the part of the tree where it never splits to this one):
/// its value and the cutoff it made, with every event reported as
/// [`alpha_beta_with_hooks`] reports it for a node at that place, except
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

/// Hsu's F1: alpha-beta returning the hard bound on a cutoff.
///
/// Properties (Hsu, slide 66): returns alpha if F(p) ≤ alpha, F(p) if
/// alpha < F(p) < beta, beta if F(p) ≥ beta.
pub fn alpha_beta_hard_bound<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    alpha_beta::<HardBound, G, O>(s, root, depth, alpha, beta)
}

/// Knuth & Moore's F2, fail-hard alpha-beta (Hsu's F2, Zohar's AlphaBeta).
///
/// Knuth eq. (9): F2 ≤ alpha if F(p) ≤ alpha; F2 = F(p) if alpha < F(p) <
/// beta; F2 ≥ beta if F(p) ≥ beta. Hsu (slide 70) sharpens the first case
/// to F2 = alpha and the last to beta ≤ F2 ≤ F(p).
pub fn alpha_beta_fail_hard<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    alpha_beta::<FailHard, G, O>(s, root, depth, alpha, beta)
}

/// Hsu's F3, fail-soft alpha-beta (Fishburn 1983).
///
/// Hsu (slide 73): F(p) ≤ F3 ≤ alpha if F(p) ≤ alpha; F3 = F(p) inside the
/// window; beta ≤ F3 ≤ F(p) if F(p) ≥ beta.
pub fn alpha_beta_fail_soft<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    alpha_beta::<FailSoft, G, O>(s, root, depth, alpha, beta)
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

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
//!
//! The procedure is written twice, on purpose:
//!
//! * [`alpha_beta_reference`] (module `reference`) is Knuth & Moore's F2 as
//!   their §2 prints it, one recursive function with the events of the
//!   instruments added: the oracle, written to be read and checked against
//!   the paper, not to be fast;
//! * module `fast` holds what the searches run: the same node with its
//!   hot parts split out and instantiated per depth, the leaf-parent loop
//!   that takes its values from [`Game::successor_values`], and the
//!   compact path for searches without a node limit on held move lists.
//!   Every fast path examines the positions of the reference in the same
//!   order and reports the same events, counts and values (tests
//!   `crates/models/tests/integration/reference_f2.rs`, `compact_path.rs` and
//!   `leaf_parent_hook.rs`).

mod fast;
mod reference;

pub(crate) use fast::alpha_beta_below;
pub use reference::alpha_beta_reference;

use crate::game::Game;
use crate::observer::Observer;
use crate::search::Search;
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
    let (value, cut) = fast::root::<R, H, G, O>(s, hooks, root, depth, alpha, beta);
    s.returned(0, value);
    // Each node reports the successors it examined and classifies their
    // cutoffs; nothing is above the root to do so, so it is done here (a
    // root cutoff is never deep).
    s.examined(0, 1);
    s.root_cut(cut);
    value
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

//! Alpha-beta with knowledge from outside the tree: McCarthy's optimistic
//! and pessimistic values, and Fuller's "win found — prune the rest" rule.

use super::alpha_beta::{FailHard, Known, NodeHooks, alpha_beta_with_hooks};
use crate::game::{BoundedGame, Game};
use crate::observer::Observer;
use crate::search::Search;
use crate::value::{INFINITY, NEG_INFINITY, Value, is_win, win_in};

/// McCarthy's bounds as alpha-beta hooks (Knuth & Moore §5).
#[derive(Clone, Copy, Debug, Default)]
pub struct McCarthyBounds;

impl<G: BoundedGame> NodeHooks<G> for McCarthyBounds {
    #[inline]
    fn before(
        &mut self,
        game: &G,
        pos: &G::Position,
        _ply: usize,
        _depth: u32,
        alpha: Value,
        beta: Value,
    ) -> Option<Known> {
        if game.optimistic(pos) <= alpha {
            Some(Known::AtMost(alpha))
        } else if game.pessimistic(pos) >= beta {
            Some(Known::AtLeast(beta))
        } else {
            None
        }
    }
}

/// McCarthy's original alpha-beta (Knuth & Moore §5): F2 whose body is
/// guarded by "if optimistic value(p) ≤ alpha then F2 := alpha else if
/// pessimistic value(p) ≥ beta then F2 := beta else …". A position settled
/// by its bounds is examined (reported to the observer) but neither
/// evaluated nor expanded.
pub fn alpha_beta_mccarthy<G: BoundedGame, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    alpha_beta_with_hooks::<FailHard, _, G, O>(s, &mut McCarthyBounds, root, depth, alpha, beta)
}

/// Fuller's "win found" rule (§2): when a move is found to win, the other
/// moves need not be searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinPruning {
    /// Stop at any win. This is the rule that failed in the Second Annual
    /// Computer Chess Championship (Chicago 1971, Fuller §2 footnote): it
    /// plays the first win it finds, a mate in three rather than the mate in
    /// one it would have found next, and may never deliver mate.
    AnyWin,
    /// Stop only at a win that no other move can shorten: a win on the very
    /// next ply, the best value a position at `ply` can possibly have. Wins
    /// found deeper leave the search running (with alpha-beta's ordinary
    /// cutoffs), so the shortest forced win is always kept.
    ShortestWin,
}

impl<G: Game> NodeHooks<G> for WinPruning {
    #[inline]
    fn enough(&self, ply: usize, m: Value) -> bool {
        match self {
            WinPruning::AnyWin => is_win(m),
            WinPruning::ShortestWin => m >= win_in(ply + 1),
        }
    }
}

/// Fail-hard alpha-beta with Fuller's "win found — prune the rest" rule.
/// Games must score wins by distance ([`crate::value::win_in`]).
pub fn alpha_beta_win_prune<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    mut rule: WinPruning,
) -> Value {
    alpha_beta_with_hooks::<FailHard, _, G, O>(s, &mut rule, root, depth, NEG_INFINITY, INFINITY)
}

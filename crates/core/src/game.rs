//! The game abstraction every procedure searches.
//!
//! A [`Game`] is a rule book: it lists the successors of a position in search
//! order, plays a move, says when a game is over, and evaluates a position
//! statically. Values are always from the viewpoint of the side to move (the
//! negamax representation, Knuth eq. (1), Zohar §2); the min/max view of Knuth
//! eqs (3)–(4) and Hsu's F′/G′ is derived by [`max_view`].

use crate::moves::MoveList;
use crate::value::Value;

/// A two-player zero-sum game with perfect information.
///
/// Implementations are monomorphised into every procedure, so a method that
/// is `#[inline]` and cheap costs nothing beyond its own work.
pub trait Game {
    /// A position. Procedures use copy-make: they call [`Game::play`] and
    /// keep the parent, so a position should be cheap to clone.
    type Position: Clone;
    /// A move, i.e. the label of an edge of the game tree.
    type Move: Copy + PartialEq + core::fmt::Debug;
    /// The list the successors are written into: `Vec<Self::Move>` for most
    /// games, [`crate::moves::Numbered`] for implicit trees whose moves are
    /// the numbers `1, …, n`.
    type Moves: MoveList<Self::Move>;

    /// Writes the successors of `pos` into `out` (which is empty on entry)
    /// in search order. The order is part of the experiment and must be
    /// deterministic. No successors means the position is terminal.
    fn moves(&self, pos: &Self::Position, out: &mut Self::Moves);

    /// The successors of `pos` in search order, as a new vector (for callers
    /// outside a search; the search reuses its lists).
    fn successors(&self, pos: &Self::Position) -> Vec<Self::Move> {
        let mut moves = Self::Moves::default();
        self.moves(pos, &mut moves);
        moves.to_vec()
    }

    /// The position after `mv` is played in `pos`.
    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position;

    /// The exact value of a position where the game is over although moves
    /// may exist (a draw by rule, say), `None` otherwise. Checked before the
    /// horizon and before move generation. `ply` is the distance from the
    /// root of the search, for games that score wins by distance.
    #[inline]
    fn outcome(&self, _pos: &Self::Position, _ply: usize) -> Option<Value> {
        None
    }

    /// The static value of `pos` for the side to move: Knuth's f(p). Called
    /// at the search horizon and at positions without successors (where it
    /// must be the exact value, e.g. a mate scored with [`crate::value::loss_in`]).
    fn evaluate(&self, pos: &Self::Position, ply: usize) -> Value;

    /// The leaf-parent hook: hands `visit` the values of the successors of
    /// `pos` (a position at `ply`) listed in `moves`, in that order, until
    /// `visit` returns `false`, and returns `true`; or returns `false`
    /// without calling `visit` (the default).
    ///
    /// The value of a successor `c` must be the one a search whose horizon
    /// is one ply below `pos` gives it: `outcome(c, ply + 1)`, or else
    /// `evaluate(c, ply + 1)` (Knuth's f(p) of a bottom position). A search
    /// at depth 1 uses the hook, when the game provides it, to settle all
    /// successors of a leaf parent in one tight loop instead of playing each
    /// one (`crate::procedures::alpha_beta`): an implicit tree whose leaf
    /// values are a function of the leaf's index computes them without
    /// building positions. The search reports exactly the same events and
    /// counts either way, so a game that overrides this changes nothing but
    /// speed; a game that does not is searched as before.
    #[inline]
    fn successor_values<F: FnMut(Value) -> bool>(
        &self,
        _pos: &Self::Position,
        _ply: usize,
        _moves: &Self::Moves,
        _visit: F,
    ) -> bool {
        false
    }
}

/// A game whose positions have a hash key, for transposition tables.
pub trait HashedGame: Game {
    /// A 64-bit key; equal positions must have equal keys (e.g. Zobrist).
    fn key(&self, pos: &Self::Position) -> u64;

    /// The [`HashedGame::key`] of the position `mv` leads to from `pos`,
    /// for a game that can give it cheaply (`play` costs little, or the key
    /// can be updated without it); `None`, the default, for the others. A
    /// search with a transposition table asks the memory for the slots of a
    /// node's successors while it orders them
    /// ([`crate::table::TranspositionTable::prefetch`]), so that their
    /// probes, each a likely cache miss in a large table, overlap instead of
    /// following one another. With the default nothing is asked.
    #[inline(always)]
    fn successor_key(&self, _pos: &Self::Position, _mv: Self::Move) -> Option<u64> {
        None
    }
}

/// A game with McCarthy's optimistic and pessimistic value functions
/// (Knuth §5): `pessimistic(p) ≤ F(p) ≤ optimistic(p)` for the side to move.
pub trait BoundedGame: Game {
    /// An upper bound on the negamax value of `pos`.
    fn optimistic(&self, pos: &Self::Position) -> Value;
    /// A lower bound on the negamax value of `pos`.
    fn pessimistic(&self, pos: &Self::Position) -> Value;
}

/// Converts a negamax value at `ply` into the min/max convention, where every
/// value is from the viewpoint of the player to move at the root (Max moves
/// at even plies): Knuth's f(p) and g(p) = −f(p) of eqs (3)–(4).
#[inline]
pub const fn max_view(value: Value, ply: usize) -> Value {
    if ply.is_multiple_of(2) { value } else { -value }
}

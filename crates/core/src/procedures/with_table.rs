//! Alpha-beta with a transposition table, and iterative deepening on it.

use super::alpha_beta::{Known, NodeHooks, ReturnRule, alpha_beta_with_hooks};
use super::drivers::aspiration_with;
use crate::game::{BoundedGame, HashedGame};
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Search, SearchResult};
use crate::table::{BoundType, TranspositionTable};
use crate::value::{INFINITY, NEG_INFINITY, Value};

/// The table as alpha-beta hooks: probe before, best move first, store after.
struct TableHooks<'t, M> {
    table: &'t mut TranspositionTable<M>,
}

impl<G: HashedGame> NodeHooks<G> for TableHooks<'_, G::Move> {
    #[inline]
    fn before(
        &mut self,
        game: &G,
        pos: &G::Position,
        ply: usize,
        depth: u32,
        _alpha: Value,
        _beta: Value,
    ) -> Option<Known> {
        // The root is always searched, so that it has a best move.
        if ply == 0 || depth == 0 {
            return None;
        }
        let e = self.table.probe(game.key(pos), ply)?;
        if e.depth < depth {
            return None;
        }
        Some(match e.bound {
            BoundType::Exact => Known::Exact(e.value),
            BoundType::Lower => Known::AtLeast(e.value),
            BoundType::Upper => Known::AtMost(e.value),
        })
    }

    /// The stored best move first; then, for a game that gives its
    /// successors' keys cheaply ([`HashedGame::successor_key`]), their slots
    /// are prefetched, so that the successors' probes overlap.
    #[inline]
    fn order(&mut self, game: &G, pos: &G::Position, ply: usize, moves: &mut G::Moves) {
        if let Some(best) = self.table.probe(game.key(pos), ply).and_then(|e| e.best) {
            moves.move_to_front(best);
        }
        for i in 0..moves.len() {
            if let Some(key) = game.successor_key(pos, moves.get(i)) {
                self.table.prefetch(key);
            }
        }
    }

    #[inline]
    fn after(
        &mut self,
        game: &G,
        pos: &G::Position,
        ply: usize,
        depth: u32,
        alpha: Value,
        beta: Value,
        value: Value,
        best: Option<G::Move>,
    ) {
        if depth == 0 {
            return;
        }
        let bound = if value <= alpha {
            BoundType::Upper
        } else if value >= beta {
            BoundType::Lower
        } else {
            BoundType::Exact
        };
        self.table
            .store(game.key(pos), ply, depth, value, bound, best);
    }
}

/// Alpha-beta with the return rule `R` ([`super::FailHard`] or
/// [`super::FailSoft`]) and a transposition table: stored results that are
/// deep enough settle a position or narrow nothing, and the stored best move
/// is searched first. Hsu cites Fishburn (1983): with a table, fail-soft F3
/// saves about 7 % over fail-hard F2, because its stored bounds are tighter.
pub fn alpha_beta_with_table<R: ReturnRule, G: HashedGame, O: Observer>(
    s: &mut Search<'_, G, O>,
    table: &mut TranspositionTable<G::Move>,
    root: &G::Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    alpha_beta_with_hooks::<R, _, G, O>(s, &mut TableHooks { table }, root, depth, alpha, beta)
}

/// The table behind McCarthy's bounds (Knuth & Moore §5): a position whose
/// optimistic value is at most alpha, or whose pessimistic value is at least
/// beta, is settled by that bound itself (not by alpha or beta, so a
/// fail-soft search keeps the tighter bound); the others go to the table.
struct BoundedTableHooks<'t, M> {
    table: TableHooks<'t, M>,
}

impl<G: HashedGame + BoundedGame> NodeHooks<G> for BoundedTableHooks<'_, G::Move> {
    #[inline]
    fn before(
        &mut self,
        game: &G,
        pos: &G::Position,
        ply: usize,
        depth: u32,
        alpha: Value,
        beta: Value,
    ) -> Option<Known> {
        if ply != 0 {
            let optimistic = game.optimistic(pos);
            if optimistic <= alpha {
                return Some(Known::AtMost(optimistic));
            }
            let pessimistic = game.pessimistic(pos);
            if pessimistic >= beta {
                return Some(Known::AtLeast(pessimistic));
            }
        }
        self.table.before(game, pos, ply, depth, alpha, beta)
    }

    #[inline]
    fn order(&mut self, game: &G, pos: &G::Position, ply: usize, moves: &mut G::Moves) {
        self.table.order(game, pos, ply, moves);
    }

    #[inline]
    fn after(
        &mut self,
        game: &G,
        pos: &G::Position,
        ply: usize,
        depth: u32,
        alpha: Value,
        beta: Value,
        value: Value,
        best: Option<G::Move>,
    ) {
        self.table
            .after(game, pos, ply, depth, alpha, beta, value, best);
    }
}

/// [`alpha_beta_with_table`] for a game that also has McCarthy's optimistic
/// and pessimistic values (a [`BoundedGame`], Knuth & Moore §5): below the
/// root, a position whose bounds fall outside the window is settled by them
/// before the table is probed. This is how an exact solver uses "the score
/// can be no better than the number of moves left allows".
pub fn alpha_beta_with_table_and_bounds<R: ReturnRule, G: HashedGame + BoundedGame, O: Observer>(
    s: &mut Search<'_, G, O>,
    table: &mut TranspositionTable<G::Move>,
    root: &G::Position,
    depth: u32,
    alpha: Value,
    beta: Value,
) -> Value {
    let mut hooks = BoundedTableHooks {
        table: TableHooks { table },
    };
    alpha_beta_with_hooks::<R, _, G, O>(s, &mut hooks, root, depth, alpha, beta)
}

/// Iterative deepening (Hsu, "iterative deepening") on alpha-beta with a
/// table: depths 1, 2, …, `max_depth`, each ordered by the table the previous
/// ones filled, each searched with an aspiration window of half-width
/// `aspiration` around the previous value when one is given (Knuth §4). A
/// search stopped by a limit returns the last complete iteration.
pub fn iterative_deepening_with_table<R: ReturnRule, G: HashedGame, O: Observer>(
    s: &mut Search<'_, G, O>,
    table: &mut TranspositionTable<G::Move>,
    root: &G::Position,
    max_depth: u32,
    aspiration: Option<Value>,
) -> SearchResult<G::Move> {
    let mut result = SearchResult {
        value: 0,
        pv: Vec::new(),
        depth: 0,
        complete: true,
    };
    for depth in 1..=max_depth {
        let value = match (aspiration, depth) {
            (Some(width), d) if d > 1 => {
                aspiration_with(result.value, width, |lo, hi| {
                    alpha_beta_with_table::<R, G, O>(s, table, root, depth, lo, hi)
                })
                .value
            }
            _ => alpha_beta_with_table::<R, G, O>(s, table, root, depth, NEG_INFINITY, INFINITY),
        };
        if s.stopped() {
            result.complete = false;
            break;
        }
        result = SearchResult {
            value,
            pv: s.principal_variation(),
            depth,
            complete: true,
        };
    }
    result
}

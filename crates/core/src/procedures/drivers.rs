//! Drivers that call a procedure repeatedly: aspiration windows and
//! iterative deepening.

use super::Procedure;
use super::alpha_beta::alpha_beta_fail_hard;
use crate::game::Game;
use crate::observer::Observer;
use crate::search::{Search, SearchResult};
use crate::value::{INFINITY, NEG_INFINITY, Value};

/// The outcome of an aspiration search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AspirationResult {
    /// The exact root value.
    pub value: Value,
    /// Searches made: 1 when the guess was right, 2 after a re-search.
    pub searches: u32,
    /// Whether the first search failed low (value ≤ a).
    pub failed_low: bool,
    /// Whether the first search failed high (value ≥ b).
    pub failed_high: bool,
}

/// Aspiration search (Knuth & Moore §4): instead of F2(p, −∞, +∞), call
/// F2(p, a, b) with `a = guess − width`, `b = guess + width`. If the value
/// `v` lands inside, it is exact. If `v ≤ a` the true value is at most `v`,
/// and F2(p, −∞, v + 1) finds it; if `v ≥ b` it is at least `v`, and
/// F2(p, v − 1, +∞) finds it (values are integers, so the re-search windows
/// contain the answer strictly inside).
pub fn aspiration<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    guess: Value,
    width: Value,
) -> AspirationResult {
    aspiration_with(guess, width, |lo, hi| {
        alpha_beta_fail_hard(s, root, depth, lo, hi)
    })
}

/// The aspiration scheme around any window search `search(alpha, beta)`
/// that satisfies Knuth's eq. (9).
pub(crate) fn aspiration_with(
    guess: Value,
    width: Value,
    mut search: impl FnMut(Value, Value) -> Value,
) -> AspirationResult {
    let width = width.max(1);
    let a = guess.saturating_sub(width).max(NEG_INFINITY);
    let b = guess.saturating_add(width);
    let v = search(a, b);
    let (failed_low, failed_high) = (v <= a && a > NEG_INFINITY, v >= b && b < INFINITY);
    let value = if failed_low {
        search(NEG_INFINITY, v + 1)
    } else if failed_high {
        search(v - 1, INFINITY)
    } else {
        v
    };
    AspirationResult {
        value,
        searches: 1 + u32::from(failed_low || failed_high),
        failed_low,
        failed_high,
    }
}

/// Iterative deepening (Hsu, "iterative deepening"; the time control of every
/// chess program since the 1970s): search to depth 1, 2, …, `max_depth`
/// with `procedure`, each iteration, from depth 2 on, optionally inside an
/// aspiration window of half-width `aspiration` around the previous value.
/// A search stopped by a limit returns the last complete iteration.
///
/// Without a transposition table the iterations share nothing but the
/// aspiration guess; see [`super::iterative_deepening_with_table`] for the
/// version that reorders moves from the previous iterations.
pub fn iterative_deepening<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    max_depth: u32,
    procedure: Procedure,
    aspiration_width: Option<Value>,
) -> SearchResult<G::Move> {
    let mut result = SearchResult {
        value: 0,
        pv: Vec::new(),
        depth: 0,
        complete: true,
    };
    for depth in 1..=max_depth {
        let value = match aspiration_width {
            Some(width) if depth > 1 => aspiration(s, root, depth, result.value, width).value,
            _ => procedure.run(s, root, depth),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aspiration_re_searches_outside_the_window() {
        // A "search" that knows the true value 10 and obeys eq. (9) as F2 does.
        let f2 = |a: Value, b: Value| 10.clamp(a, b);
        let r = aspiration_with(0, 3, f2);
        assert_eq!((r.value, r.searches, r.failed_high), (10, 2, true));
        let r = aspiration_with(20, 3, f2);
        assert_eq!((r.value, r.searches, r.failed_low), (10, 2, true));
        let r = aspiration_with(9, 3, f2);
        assert_eq!((r.value, r.searches), (10, 1));
    }
}

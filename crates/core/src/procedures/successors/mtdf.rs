//! MTD(f): the root value found by null-window searches alone.

use crate::game::HashedGame;
use crate::observer::Observer;
use crate::procedures::alpha_beta::FailSoft;
use crate::procedures::with_table::alpha_beta_with_table;
use crate::search::Search;
use crate::table::TranspositionTable;
use crate::value::{INFINITY, NEG_INFINITY, Value};

/// MTD(f) (Plaat, Schaeffer, Pijls & de Bruin 1996): a sequence of null-window
/// fail-soft alpha-beta searches with a transposition table, each moving a
/// lower or upper bound on the root value, starting from `guess`, until the
/// bounds meet. Returns the exact root value.
pub fn mtdf<G: HashedGame, O: Observer>(
    s: &mut Search<'_, G, O>,
    table: &mut TranspositionTable<G::Move>,
    root: &G::Position,
    depth: u32,
    guess: Value,
) -> Value {
    let (mut lower, mut upper) = (NEG_INFINITY, INFINITY);
    let mut g = guess.clamp(NEG_INFINITY + 1, INFINITY - 1);
    let mut passes = 0u32;
    while lower < upper {
        if passes > 0 {
            s.report_research(0);
        }
        passes += 1;
        let beta = if g == lower { g + 1 } else { g };
        g = alpha_beta_with_table::<FailSoft, G, O>(s, table, root, depth, beta - 1, beta);
        if s.stopped() {
            break;
        }
        if g < beta {
            upper = g;
        } else {
            lower = g;
        }
    }
    g
}

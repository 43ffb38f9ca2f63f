//! Connect Four along one game, from the empty board to the end: the
//! positions each procedure of the registry and the solver examine to find
//! the exact score at every fourth position, against the minimal tree of
//! Knuth & Moore §6–§7 where it is computable, every search capped by a
//! node limit. Our measurement (no seed prints these counts); the work is
//! [`crate::compare::line`] at its report setting ([`LineConfig::report`]);
//! `alphabeta compare --connect4-line` runs it at every other position
//! with larger limits.

use crate::compare::{LineConfig, line_items, run_line};
use crate::context::Context;
use crate::model::Item;

/// The section.
pub fn run(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    let config = if ctx.options.full {
        LineConfig::full()
    } else {
        LineConfig::report()
    };
    ctx.steps(config.discs().len() as u64);
    let results = run_line(&config, &mut |name| ctx.step(name))?;
    line_items(&results, "connect4-line")
}

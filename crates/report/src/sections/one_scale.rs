//! Beyond alpha-beta on one scale: every procedure of the registry on the
//! same random trees, chess and Connect Four positions, against the minimal
//! tree (Knuth & Moore §6–§7) and plain alpha-beta F2, with Stockman's
//! dominance of SSS* over alpha-beta and Plaat et al.'s findings (MT-SSS*
//! = SSS*, MTD(f) ahead of NegaScout on real games) checked. The work is
//! [`crate::compare`] at its report setting ([`Config::report`]: a few
//! seconds); `alphabeta compare` runs it larger.

use crate::compare::{Config, items, run};
use crate::model::Item;
use crate::runner::Context;

/// The section.
pub fn run_section(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    let config = Config {
        seed: ctx.seed,
        ..if ctx.options.full {
            Config::quick()
        } else {
            Config::report()
        }
    };
    ctx.steps(config.instances());
    let results = run(&config, &mut |name| ctx.step(name))?;
    items(&results, "one-scale")
}

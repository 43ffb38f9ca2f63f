//! Beyond alpha-beta on one scale: every procedure of the registry on the
//! same random trees, chess and Connect Four positions, against the minimal
//! tree (Knuth & Moore §6–§7) and plain alpha-beta F2, with Stockman's
//! dominance of SSS* over alpha-beta and Plaat et al.'s findings (MT-SSS*
//! = SSS*, MTD(f) ahead of NegaScout on real games) checked. The work is
//! [`crate::compare`] at its report setting ([`Config::report`]: a few
//! seconds); `alphabeta compare` runs it larger.

use crate::compare::{Config, items, run};
use crate::context::Context;
use crate::model::{Comparison, Item};

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
    Ok(cite_findings(items(&results, "one-scale")?))
}

/// The items of [`crate::compare::items`] with the source of every
/// reference value set (used by this section and by `alphabeta compare`).
pub(crate) fn cite_findings(mut items: Vec<Item>) -> Vec<Item> {
    for c in items.iter_mut().flat_map(|i| &mut i.comparisons) {
        *c = source_of(c.clone());
    }
    items
}

/// Where each check's reference comes from: the papers that state the
/// findings (Stockman's and Plaat et al.'s are not among the seeds), or our
/// own SSS* for MT-SSS*'s totals.
fn source_of(c: Comparison) -> Comparison {
    let label = c.label();
    if c.paper().is_none() {
        c
    } else if label.contains("MT-SSS* = SSS*") {
        c.against_ours("SSS* on the same instances, our implementation")
    } else if label.contains("(Stockman)") {
        c.cite("Stockman 1979, Theorem 3")
    } else if label.contains("MT-SSS*") || label.contains("MTD(f)") {
        c.cite("Plaat, Schaeffer, Pijls & de Bruin 1996")
    } else {
        c.cite("Knuth & Moore 1975, §6, Theorem 2")
    }
}

//! Monte Carlo runs for the report, through `alphabeta-montecarlo`, with the
//! section's progress bar counting finished trees.

use alphabeta_core::Procedure;
use alphabeta_montecarlo::{Estimate, Experiment, Progress, RunOptions, Summary, run};

use crate::model::Value;
use crate::runner::Context;

struct Bar<'a>(&'a Context<'a>);

impl Progress for Bar<'_> {
    fn advance(&self, trees: u64) {
        self.0.advance(trees);
    }
}

/// Runs `procedure` on `trees` trees of `model` (a model text such as
/// `uniform n=4 d=3`), seeded from the section's seed and `salt`.
pub fn simulate(
    ctx: &Context<'_>,
    model: &str,
    procedure: Procedure,
    trees: u64,
    salt: u64,
) -> anyhow::Result<Summary> {
    let spec = model
        .parse()
        .map_err(|e| anyhow::anyhow!("model {model:?}: {e}"))?;
    let seed = ctx.seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let experiment = Experiment::new(spec, procedure, trees, seed);
    let bar = Bar(ctx);
    let options = RunOptions {
        progress: Some(&bar),
        ..RunOptions::default()
    };
    run(&experiment, &options).map_err(|e| anyhow::anyhow!("Monte Carlo on {model}: {e}"))
}

/// A Monte Carlo estimate as a report value.
pub fn value(e: &Estimate, trees: u64) -> Value {
    Value::estimate(e.mean, e.sd, trees)
}

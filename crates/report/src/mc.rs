//! Monte Carlo runs for the report, through `alphabeta-montecarlo`, with the
//! section's progress bar counting finished trees.

use alphabeta_core::Procedure;
use alphabeta_montecarlo::{Estimate, Experiment, Progress, RunOptions, Summary, run};

use crate::context::Context;
use crate::model::Value;

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
    let seed = ctx.seed ^ salt.wrapping_mul(alphabeta_core::mix::GAMMA);
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

/// How much larger a rerun's sample is than the first run's.
pub const RERUN_FACTOR: u64 = 4;

/// The salt mixed into a rerun's seed, so that it is independent of the
/// first run.
pub const RERUN_SALT: u64 = 0x5EED_0F2E_2D4E;

/// Reruns [`simulate`] with [`RERUN_FACTOR`] times the trees and an
/// independent seed: what [`crate::model::Comparison::estimate_rerun`]
/// calls when a first run falls outside the 95 % interval.
pub fn rerun(
    ctx: &Context<'_>,
    model: &str,
    procedure: Procedure,
    trees: u64,
    salt: u64,
) -> anyhow::Result<(Summary, u64)> {
    let n = trees * RERUN_FACTOR;
    Ok((simulate(ctx, model, procedure, n, salt ^ RERUN_SALT)?, n))
}

/// The comparison of an estimate taken from a [`simulate`] run with the
/// paper's value, rerun with a larger independent sample when the first
/// run misses the 95 % interval; `pick` selects the estimate from a run's
/// summary.
pub fn compare(
    ctx: &Context<'_>,
    label: impl Into<String>,
    paper: Value,
    first: &Summary,
    (model, procedure, trees, salt): (&str, Procedure, u64, u64),
    pick: impl Fn(&Summary) -> Option<&Estimate>,
) -> anyhow::Result<crate::model::Comparison> {
    let est = pick(first).ok_or_else(|| anyhow::anyhow!("no such estimate in {model}"))?;
    crate::model::Comparison::estimate_rerun(label, paper, value(est, trees), || {
        let (s, n) = rerun(ctx, model, procedure, trees, salt)?;
        let e = pick(&s).ok_or_else(|| anyhow::anyhow!("no such estimate in {model}"))?;
        Ok(value(e, n))
    })
}

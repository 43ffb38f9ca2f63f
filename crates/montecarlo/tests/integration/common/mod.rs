//! What the integration tests share.

use alphabeta_core::Procedure;
use alphabeta_montecarlo::{Experiment, RunOptions, Summary, run};

/// Runs `trees` trees of `model` (a model text such as `"uniform n=3 d=4"`)
/// with `procedure` from base seed `seed`.
pub fn simulate(model: &str, procedure: &str, trees: u64, seed: u64) -> Summary {
    let exp = Experiment::new(
        model.parse().expect("the test's model text parses"),
        procedure
            .parse::<Procedure>()
            .expect("the test's procedure exists"),
        trees,
        seed,
    );
    run(&exp, &RunOptions::default()).expect("the run completes")
}

//! Bit-identical results for any thread count, and across interruption and
//! resumption.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use alphabeta_montecarlo::{Experiment, Progress, RunError, RunOptions, run};

fn experiment(trees: u64) -> Experiment {
    Experiment::new(
        "uniform n=5 d=5".parse().unwrap(),
        "f2".parse().unwrap(),
        trees,
        77,
    )
}

#[test]
fn thread_count_does_not_change_a_single_bit() {
    let exp = experiment(3_000);
    let runs: Vec<_> = [1, 2, 3]
        .iter()
        .map(|&t| {
            let opts = RunOptions {
                threads: Some(t),
                ..RunOptions::default()
            };
            run(&exp, &opts).unwrap()
        })
        .collect();
    assert_eq!(runs[0], runs[1]);
    assert_eq!(runs[0], runs[2]);
    assert_eq!(runs[0].to_json(), runs[2].to_json());
}

/// Sets the stop flag once `after` trees are finished (a Ctrl-C).
struct InterruptAfter {
    after: u64,
    seen: AtomicU64,
    stop: Arc<AtomicBool>,
}

impl Progress for InterruptAfter {
    fn advance(&self, trees: u64) {
        if self.seen.fetch_add(trees, Ordering::SeqCst) + trees >= self.after {
            self.stop.store(true, Ordering::SeqCst);
        }
    }
}

#[test]
fn an_interrupted_run_resumes_to_identical_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.ckpt.json");
    let exp = experiment(4_000);
    let stop = Arc::new(AtomicBool::new(false));
    let interrupt = InterruptAfter {
        after: 1_500,
        seen: AtomicU64::new(0),
        stop: stop.clone(),
    };
    let first = run(
        &exp,
        &RunOptions {
            threads: Some(2),
            checkpoint: Some(path.clone()),
            stop: Some(stop),
            progress: Some(&interrupt),
            ..RunOptions::default()
        },
    )
    .unwrap();
    assert!(!first.complete);
    assert!(first.trees < 4_000);
    assert!(path.exists());

    // Without `resume` the checkpoint is not overwritten.
    let refused = run(
        &exp,
        &RunOptions {
            checkpoint: Some(path.clone()),
            ..RunOptions::default()
        },
    );
    assert!(matches!(refused, Err(RunError::CheckpointExists(_))));

    let resumed = run(
        &exp,
        &RunOptions {
            threads: Some(3),
            checkpoint: Some(path.clone()),
            resume: true,
            ..RunOptions::default()
        },
    )
    .unwrap();
    let fresh = run(&exp, &RunOptions::default()).unwrap();
    assert!(resumed.complete);
    assert_eq!(resumed, fresh);

    // A finished checkpoint can be extended to more trees.
    let more = experiment(5_000);
    let extended = run(
        &more,
        &RunOptions {
            checkpoint: Some(path.clone()),
            resume: true,
            ..RunOptions::default()
        },
    )
    .unwrap();
    assert_eq!(extended, run(&more, &RunOptions::default()).unwrap());
}

#[test]
fn a_checkpoint_of_another_experiment_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ckpt.json");
    let opts = RunOptions {
        checkpoint: Some(path.clone()),
        resume: true,
        ..RunOptions::default()
    };
    run(&experiment(100), &opts).unwrap();
    let mut other = experiment(100);
    other.seed = 78;
    assert!(matches!(
        run(&other, &opts),
        Err(RunError::BadCheckpoint { .. })
    ));
    assert!(matches!(
        run(&experiment(50), &opts),
        Err(RunError::BadCheckpoint { .. })
    ));
    std::fs::write(&path, "not json").unwrap();
    assert!(matches!(
        run(&experiment(100), &opts),
        Err(RunError::BadCheckpoint { .. })
    ));
    let zero = RunOptions {
        threads: Some(0),
        ..RunOptions::default()
    };
    assert!(matches!(
        run(&experiment(1), &zero),
        Err(RunError::ZeroThreads)
    ));
}

#[test]
fn outputs_carry_the_numbers() {
    let s = run(&experiment(200), &RunOptions::default()).unwrap();
    let csv = s.to_csv().unwrap();
    assert!(csv.starts_with("model,procedure,seed,trees,measure,level,mean"));
    assert!(csv.contains(&format!("bottom_positions,,{}", s.leaves.mean)));
    // The exact totals survive JSON (floats may lose their last bit).
    let back: alphabeta_montecarlo::Summary = serde_json::from_str(&s.to_json()).unwrap();
    assert_eq!(back.totals, s.totals);
    assert_eq!(back.spec, s.spec);
    assert!(s.to_table().contains("bottom positions (NBP)"));
}

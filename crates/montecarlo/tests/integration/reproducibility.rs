//! Bit-identical results for any thread count, and across interruption and
//! resumption.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use alphabeta_core::resources::{ResourceError, ThreadsError, cores};
use alphabeta_montecarlo::{Experiment, Progress, RunError, RunOptions, run};

fn experiment(trees: u64) -> Experiment {
    Experiment::new(
        "uniform n=5 d=5".parse().unwrap(),
        "f2".parse().unwrap(),
        trees,
        77,
    )
}

/// Options that start a run keeping its finished work in the checkpoint `path`.
fn saving(path: &std::path::Path) -> RunOptions<'static> {
    RunOptions {
        checkpoint: Some(path.to_path_buf()),
        ..RunOptions::default()
    }
}

/// Options that keep finished work in the checkpoint `path` and continue
/// from it.
fn resuming(path: &std::path::Path) -> RunOptions<'static> {
    RunOptions {
        checkpoint: Some(path.to_path_buf()),
        resume: true,
        ..RunOptions::default()
    }
}

#[test]
fn thread_count_does_not_change_a_single_bit() {
    let exp = experiment(3_000);
    // 1, 2 and 3 threads where the machine has the cores (more are refused).
    let runs: Vec<_> = (1..=cores().min(3))
        .map(|t| {
            let opts = RunOptions {
                threads: Some(t),
                ..RunOptions::default()
            };
            run(&exp, &opts).unwrap()
        })
        .collect();
    for other in &runs[1..] {
        assert_eq!(runs[0], *other);
        assert_eq!(runs[0].to_json(), other.to_json());
    }
}

/// Sets the stop flag once `after` trees are finished (a Ctrl-C).
struct InterruptAfter {
    after: u64,
    seen: AtomicU64,
    kept: AtomicU64,
    stop: Arc<AtomicBool>,
}

impl Progress for InterruptAfter {
    fn advance(&self, trees: u64) {
        if self.seen.fetch_add(trees, Ordering::SeqCst) + trees >= self.after {
            self.stop.store(true, Ordering::SeqCst);
        }
    }
    fn kept(&self, trees: u64) {
        self.kept.store(trees, Ordering::SeqCst);
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
        kept: AtomicU64::new(u64::MAX),
        stop: stop.clone(),
    };
    let first = run(
        &exp,
        &RunOptions {
            threads: Some(cores().min(2)),
            checkpoint: Some(path.clone()),
            stop: Some(stop),
            progress: Some(&interrupt),
            ..RunOptions::default()
        },
    )
    .unwrap();
    assert!(!first.complete);
    assert!(first.trees < 4_000);
    // The progress display is told how many trees were kept: the trees of
    // the abandoned block were reported as finished but are not in the sums.
    assert_eq!(interrupt.kept.load(Ordering::SeqCst), first.trees);
    assert!(interrupt.seen.load(Ordering::SeqCst) >= first.trees);
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
            threads: Some(cores().min(3)),
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
    let extended = run(&more, &resuming(&path)).unwrap();
    assert_eq!(extended, run(&more, &RunOptions::default()).unwrap());
}

#[test]
fn a_checkpoint_of_another_experiment_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ckpt.json");
    let opts = resuming(&path);
    run(&experiment(100), &saving(&path)).unwrap();
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
        Err(RunError::Resource(ResourceError::Threads(
            ThreadsError::Zero
        )))
    ));
}

/// A thread count past the machine's cores is refused
/// before any thread starts.
#[test]
fn more_threads_than_cores_are_refused() {
    for n in [cores() + 1, 100_000, usize::MAX] {
        let opts = RunOptions {
            threads: Some(n),
            ..RunOptions::default()
        };
        let e = run(&experiment(1), &opts).unwrap_err();
        assert!(
            matches!(e, RunError::Resource(ResourceError::Threads(ThreadsError::TooMany { requested, .. })) if requested == n),
            "{e}"
        );
    }
}

/// Resuming from a checkpoint that does not exist is
/// refused (starting from scratch would make a typo look like success),
/// and no file is created.
#[test]
fn resuming_from_a_missing_checkpoint_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("typo.json");
    let e = run(&experiment(10), &resuming(&path)).unwrap_err();
    assert!(
        matches!(&e, RunError::NothingToResume(p) if *p == path),
        "{e}"
    );
    assert!(e.to_string().contains("does not exist"), "{e}");
    assert!(!path.exists());
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

#[test]
fn an_edited_or_damaged_checkpoint_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ckpt.json");
    let opts = resuming(&path);
    let exp = experiment(100);
    let fresh = run(&experiment(150), &RunOptions::default()).unwrap();
    run(&exp, &saving(&path)).unwrap();
    let good: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let refused = |doc: &serde_json::Value| {
        std::fs::write(&path, serde_json::to_string_pretty(doc).unwrap()).unwrap();
        match run(&experiment(150), &opts) {
            Err(RunError::BadCheckpoint { reason, .. }) => reason,
            other => panic!("accepted: {other:?}"),
        }
    };
    // One number changed: the checksum no longer matches. (Before the
    // checksum, halving `trees` gave an NBP mean of 55.84 with sd 0.)
    let mut edited = good.clone();
    edited["totals"]["trees"] = 50.into();
    assert!(refused(&edited).contains("checksum does not match"));
    let mut edited = good.clone();
    edited["totals"]["leaves"]["sum"] = "1".into();
    assert!(refused(&edited).contains("checksum does not match"));
    // Without a checksum (an older file), the invariants still catch edits.
    let mut old = good.clone();
    old.as_object_mut().unwrap().remove("checksum");
    let mut edited = old.clone();
    edited["totals"]["trees"] = 50.into();
    assert!(refused(&edited).contains("cannot be the sums of 50 trees"));
    let mut edited = old.clone();
    edited["totals"]["leaves"]["sum"] = "1".into();
    assert!(refused(&edited).contains("inconsistent"));
    let mut edited = old.clone();
    edited["totals"]["deep_cutoffs"] = "999999".into();
    assert!(refused(&edited).contains("deep cutoffs"));
    // Truncated.
    let text = serde_json::to_string_pretty(&good).unwrap();
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
    assert!(matches!(
        run(&experiment(150), &opts),
        Err(RunError::BadCheckpoint { .. })
    ));
    // The honest file, with or without its checksum, resumes exactly.
    for doc in [&good, &old] {
        std::fs::write(&path, serde_json::to_string_pretty(doc).unwrap()).unwrap();
        assert_eq!(run(&experiment(150), &opts).unwrap(), fresh);
    }
}

#[test]
fn honest_totals_pass_the_checkpoint_invariants_for_every_procedure() {
    for procedure in alphabeta_core::Procedure::ALL {
        for model in [
            "uniform n=3 d=4",
            "branching q=0.9,0.7,0.8 mean=3,2.1,2.4 ordering=worst",
        ] {
            let exp = Experiment::new(model.parse().unwrap(), procedure, 60, 5);
            let s = run(&exp, &RunOptions::default()).unwrap();
            assert_eq!(s.totals.check(), Ok(()), "{procedure} on {model}");
        }
    }
}

#[test]
fn an_unwritable_checkpoint_is_refused_before_any_tree_is_searched() {
    let dir = tempfile::tempdir().unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let counter = InterruptAfter {
        after: u64::MAX,
        seen: AtomicU64::new(0),
        kept: AtomicU64::new(0),
        stop: stop.clone(),
    };
    let result = run(
        &experiment(2_000),
        &RunOptions {
            checkpoint: Some(dir.path().join("no-such-dir").join("run.json")),
            progress: Some(&counter),
            ..RunOptions::default()
        },
    );
    let Err(e @ RunError::Checkpoint { .. }) = result else {
        panic!("not refused: {result:?}");
    };
    // It used to search a block (or the whole run) first.
    assert_eq!(counter.seen.load(Ordering::SeqCst), 0);
    // The I/O error is in the message, and not repeated as a cause.
    assert!(e.to_string().contains("run.json: "));
    assert!(std::error::Error::source(&e).is_none());
}

//! Property tests of the checkpoint reader: a checkpoint file
//! damaged in any way (bytes edited, inserted, deleted, truncated, or
//! replaced by arbitrary text) is refused with a clear error or, where the
//! edit left its meaning intact, resumed to the very numbers of an
//! uninterrupted run; never a panic, never other numbers.

use alphabeta_montecarlo::{Experiment, RunError, RunOptions, Summary, run};
use proptest::prelude::*;

fn experiment(trees: u64) -> Experiment {
    Experiment::new(
        "uniform n=3 d=3".parse().unwrap(),
        "f2".parse().unwrap(),
        trees,
        5,
    )
}

/// A valid checkpoint of 40 trees, and the summary of 60 trees run straight.
fn fixture() -> &'static (String, Summary) {
    static FIXTURE: std::sync::OnceLock<(String, Summary)> = std::sync::OnceLock::new();
    FIXTURE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cp.json");
        let opts = RunOptions {
            checkpoint: Some(path.clone()),
            ..RunOptions::default()
        };
        run(&experiment(40), &opts).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        (text, run(&experiment(60), &RunOptions::default()).unwrap())
    })
}

/// Resumes 60 trees from a checkpoint file holding `bytes`.
fn resume(bytes: &[u8]) -> Result<Summary, RunError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cp.json");
    std::fs::write(&path, bytes).unwrap();
    let opts = RunOptions {
        checkpoint: Some(path),
        resume: true,
        ..RunOptions::default()
    };
    run(&experiment(60), &opts)
}

fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
    match resume(bytes) {
        Ok(summary) => prop_assert_eq!(&summary, &fixture().1),
        Err(e) => {
            prop_assert!(
                matches!(e, RunError::BadCheckpoint { .. } | RunError::Resource(_)),
                "unexpected error {e:?}"
            );
            prop_assert!(!e.to_string().is_empty());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn edited_checkpoints_are_refused_or_give_the_same_numbers(
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0..3u8, any::<u8>()), 1..5)
    ) {
        let mut bytes = fixture().0.clone().into_bytes();
        for (at, kind, b) in edits {
            let i = at.index(bytes.len() + 1);
            match kind {
                0 if i < bytes.len() => bytes[i] = b,
                1 => bytes.insert(i, b),
                _ if i < bytes.len() => {
                    bytes.remove(i);
                }
                _ => bytes.push(b),
            }
        }
        check(&bytes)?;
    }

    #[test]
    fn truncated_checkpoints_are_refused(cut in any::<prop::sample::Index>()) {
        let text = fixture().0.as_bytes();
        let cut = cut.index(text.len());
        prop_assert!(resume(&text[..cut]).is_err());
    }

    #[test]
    fn arbitrary_files_are_refused(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        prop_assert!(resume(&bytes).is_err());
    }
}

/// The writer's output reads back to the same totals: resuming a finished
/// checkpoint to the same number of trees searches nothing and gives the
/// uninterrupted run's summary.
#[test]
fn a_checkpoint_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cp.json");
    let exp = experiment(60);
    let saving = RunOptions {
        checkpoint: Some(path.clone()),
        ..RunOptions::default()
    };
    let first = run(&exp, &saving).unwrap();
    let resumed = run(
        &exp,
        &RunOptions {
            checkpoint: Some(path),
            resume: true,
            ..RunOptions::default()
        },
    )
    .unwrap();
    assert_eq!(first, resumed);
    assert_eq!(resumed, fixture().1);
}

/// A checkpoint whose `checksum` key is damaged (here `checksun`) is
/// refused: an unknown field is an error, not ignored. Before, the file
/// read as one of the old format without a checksum, checked by the
/// invariants of the totals alone, so a damaged key together with an edited
/// total (one the invariants do not see) resumed to other numbers (found by
/// the `checkpoint` fuzz target; the input is kept in
/// `fuzz/crashes/checkpoint-damaged-checksum-key`).
#[test]
fn a_damaged_checksum_key_is_refused() {
    let text = &fixture().0;
    assert_eq!(text.matches("\"checksum\"").count(), 1);
    let damaged = text.replace("\"checksum\"", "\"checksun\"");
    let e = resume(damaged.as_bytes()).expect_err("a damaged checksum key is refused");
    assert!(
        matches!(e, RunError::BadCheckpoint { .. }),
        "unexpected error {e:?}"
    );
    assert!(e.to_string().contains("unknown field `checksun`"), "{e}");
    // The same with the leaves' sum of squares edited too (a value the
    // invariants allow): other numbers, so it must never be resumed.
    let edited = damaged.replacen("\"sum_sq\": \"17070\"", "\"sum_sq\": \"17071\"", 1);
    assert_ne!(
        edited, damaged,
        "the fixture's leaves' sum of squares is 17070"
    );
    assert!(resume(edited.as_bytes()).is_err());
    // The key intact: the file resumes to the uninterrupted run's numbers.
    assert_eq!(resume(text.as_bytes()).unwrap(), fixture().1);
}

/// `read_checkpoint` reads a checkpoint from its text, with the file
/// reader's checks: the written checkpoint of 40 trees gives totals of 40
/// trees, and resuming it to fewer trees, or for another seed, is refused.
#[test]
fn read_checkpoint_checks_the_text_as_the_file_reader_does() {
    use alphabeta_montecarlo::read_checkpoint;
    let text = &fixture().0;
    let totals = read_checkpoint(text, &experiment(60)).expect("a written checkpoint");
    assert_eq!(totals.trees, 40);
    totals.check().expect("consistent totals");
    let e = read_checkpoint(text, &experiment(30)).expect_err("more trees than requested");
    assert!(e.contains("40 trees, more than the 30 requested"), "{e}");
    let other = Experiment::new(
        "uniform n=3 d=3".parse().unwrap(),
        "f2".parse().unwrap(),
        60,
        6,
    );
    let e = read_checkpoint(text, &other).expect_err("another seed");
    assert!(e.contains("seed 5, not"), "{e}");
    let damaged = text.replace("\"checksum\"", "\"checksun\"");
    let e = read_checkpoint(&damaged, &experiment(60)).expect_err("a damaged key");
    assert!(e.contains("unknown field `checksun`"), "{e}");
}

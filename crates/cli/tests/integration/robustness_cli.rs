//! Bad input as a user meets it: each command here is refused quickly with a
//! clear message or bounded (no thousands of threads, no gigabytes read from
//! `/dev/zero`, no exact computation without a memory bound, no typo that
//! resumes nothing, no misleading message, no 300 zeros in a name, one depth
//! policy). docs/reliability.md lists the findings these tests come from.

use crate::common;

use std::time::{Duration, Instant};

use common::alphabeta;

/// Refused with exit status 2 and an error containing `needle`, fast.
fn refused(args: &[&str], needle: &str) {
    let start = Instant::now();
    let (code, out, err) = alphabeta(args);
    assert_eq!(code, 2, "{args:?}: {out}{err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{args:?} took {:?}",
        start.elapsed()
    );
}

/// `alphabeta simulate` on the smallest uniform trees (n = 2, d = 2),
/// without the progress bar, followed by `more`.
fn simulate<'a>(more: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["simulate", "--n", "2", "--d", "2", "--quiet"];
    args.extend_from_slice(more);
    args
}

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("alphabeta-robust-{}-{name}", std::process::id()))
}

/// Finding 1: `--threads` past the cores started that many threads.
#[test]
fn thread_counts_past_the_cores_are_refused() {
    for n in ["100000", "4294967296", "18446744073709551615"] {
        refused(
            &simulate(&["--trees", "10", "--threads", n]),
            "give at most",
        );
    }
    refused(&simulate(&["--threads", "0"]), "at least 1");
    let (code, _, err) = alphabeta(&simulate(&["--trees", "10", "--threads", "1"]));
    assert_eq!(code, 0, "{err}");
}

/// Finding 3: inputs were read whole, with no size limit: `/dev/zero` grew to
/// gigabytes. Now binary input is refused at its first block, and a file past
/// 64 MiB before it is read.
#[test]
fn binary_and_oversized_inputs_are_refused_early() {
    refused(&["search", "--file", "/dev/zero"], "not a text file");
    refused(&["chess", "game", "/dev/zero"], "not a text file");
    refused(&["chess", "suite", "/dev/zero"], "not a text file");
    refused(&["search", "--file", "/no/such/tree"], "cannot read");
    let big = temp_path("sparse.txt");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len((64 << 20) + 1).unwrap(); // sparse: costs no disk
    drop(file);
    refused(
        &["search", "--file", big.to_str().unwrap()],
        "larger than 67108864 bytes",
    );
    refused(
        &["chess", "game", big.to_str().unwrap()],
        "larger than 67108864 bytes",
    );
    std::fs::remove_file(&big).unwrap();
    // A tree file in Latin-1 is not UTF-8: refused, with where.
    let latin1 = temp_path("latin1.txt");
    std::fs::write(&latin1, b"(1 \xe9 2)").unwrap();
    refused(
        &["search", "--file", latin1.to_str().unwrap()],
        "invalid UTF-8 at byte 3",
    );
    std::fs::remove_file(&latin1).unwrap();
}

/// Finding 4: `--max-cost-bits inf` let an exact computation run for ever at
/// gigabytes; the limit is now bounded by the memory available.
#[test]
fn the_exact_cost_limit_is_bounded_by_memory() {
    for limit in ["inf", "1e30", "18446744073709551615"] {
        refused(
            &[
                "exact",
                "nbp",
                "--n",
                "2",
                "--d",
                "30",
                "--exact",
                "--max-cost-bits",
                limit,
            ],
            "bounded by the memory available",
        );
    }
    // A small size still runs under an unbounded request.
    let (code, out, err) = alphabeta(&[
        "exact",
        "nbp",
        "--n",
        "2",
        "--d",
        "3",
        "--exact",
        "--max-cost-bits",
        "inf",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("E[NBP_{2,3}]"), "{out}");
}

/// Finding 5: `--resume` from a missing checkpoint started from scratch.
#[test]
fn resuming_a_missing_checkpoint_is_refused() {
    let path = temp_path("typo.ckpt.json");
    refused(
        &simulate(&[
            "--trees",
            "10",
            "--checkpoint",
            path.to_str().unwrap(),
            "--resume",
        ]),
        "does not exist",
    );
    assert!(!path.exists(), "no checkpoint is created by the refusal");
}

/// Finding 6a: "finishing the checkpoint" was printed on Ctrl-C with no
/// checkpoint.
#[test]
fn an_interrupt_without_checkpoint_does_not_mention_one() {
    use std::process::{Command, Stdio};
    let child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args([
            "simulate",
            "--n",
            "8",
            "--d",
            "8",
            "--trees",
            "100000000",
            "--quiet",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("interrupted: stopping"), "{err}");
    assert!(!err.contains("finishing the checkpoint"), "{err}");
    assert!(err.contains("nothing was saved"), "{err}");
}

/// Finding 6b: `--p 1e-320` printed 300 zeros in the model name.
#[test]
fn a_tiny_probability_is_named_briefly() {
    let (code, out, err) = alphabeta(&simulate(&[
        "--ordering",
        "best-first",
        "--p",
        "1e-320",
        "--trees",
        "5",
    ]));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("p=1e-320"), "{out}");
    assert!(!out.contains("0000000000"), "{out}");
}

/// Finding 6c: `perft` accepted any depth while `chess search` stopped at 12:
/// one policy now, stated in both commands' help.
#[test]
fn perft_and_chess_search_share_one_depth_policy() {
    refused(&["perft", "startpos", "13"], "at most 12 plies");
    refused(&["perft", "startpos", "4294967295"], "at most 12 plies");
    refused(
        &["chess", "search", "startpos", "--depth", "13"],
        "at most 12 plies",
    );
    let (code, out, err) = alphabeta(&["perft", "startpos", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("nodes 8902"), "{out}");
}

/// A long command's output folder is checked before the run: a path that is
/// a file, or a folder that holds something other than a report, is refused
/// at once (the experiment and the report take minutes), with nothing
/// written.
#[test]
fn a_bad_output_folder_is_refused_before_a_long_run() {
    let file = temp_path("out-file");
    std::fs::write(&file, "mine").unwrap();
    let other = temp_path("out-other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("keep.txt"), "mine").unwrap();
    let (file_s, other_s) = (file.to_str().unwrap(), other.to_str().unwrap());
    for (args, needle) in [
        (
            vec!["experiment", "floyd", "--out", file_s],
            "is not a folder",
        ),
        (
            vec!["experiment", "klyushin", "--out", other_s],
            "holds no report",
        ),
        (vec!["reproduce", "--out", file_s], "is not a folder"),
        (vec!["reproduce", "--out", other_s], "holds no report"),
        (vec!["compare", "--out", file_s], "is not a folder"),
    ] {
        refused(&args, needle);
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
    assert_eq!(std::fs::read_dir(&other).unwrap().count(), 1);
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_dir_all(&other);
}

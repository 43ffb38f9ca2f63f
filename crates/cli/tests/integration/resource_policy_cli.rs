//! The resource policy at the command line: memory the machine cannot give,
//! a stop inside one large tree, and refused writes that leave nothing.

use crate::common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::alphabeta;

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("alphabeta-policy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn names(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// A 16 GiB table under a 4 GB address-space limit: a clear error, not an
/// abort (exit 134) on the failed allocation.
#[test]
fn a_table_beyond_the_memory_is_a_clear_error() {
    if !std::path::Path::new("/usr/bin/prlimit").exists() {
        return;
    }
    let out = Command::new("/usr/bin/prlimit")
        .args(["--as=4000000000", "--", env!("CARGO_BIN_EXE_alphabeta")])
        .args(["solve", "connect4", "4455", "--table-mb", "16384"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("error: a transposition table of 16384 MiB needs"),
        "{err}"
    );
}

/// SIGTERM inside one tree of 10⁶ × 10⁶ leaves: the run stops within a
/// second and says it was interrupted.
#[test]
fn a_stop_inside_one_large_tree_ends_the_run_promptly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args([
            "simulate",
            "--model",
            "dependent",
            "--n",
            "1000000",
            "--d",
            "2",
        ])
        .args(["--trees", "1", "--quiet"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let sent = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("still running 20 s after SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(
        sent.elapsed() < Duration::from_secs(2),
        "{:?}",
        sent.elapsed()
    );
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("interrupted after 0 of 1 trees"), "{err}");
}

/// Writes refused because the target is a folder leave no temporary file.
#[test]
fn refused_writes_leave_no_temporary_files() {
    let dir = scratch("refused");
    let target = dir.join("out");
    std::fs::create_dir(&target).unwrap();
    let target = target.to_str().unwrap();
    for args in [
        &[
            "simulate", "--n", "2", "--d", "2", "--trees", "3", "--shard", "1/3", "--out", target,
        ][..],
        &["explore", "--tree", "pi", "--out", target],
    ] {
        let (code, _, err) = alphabeta(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains("it is a folder"),
            "{err}"
        );
        assert_eq!(names(&dir), ["out"], "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Bounded reads, validated sizes and duplicate sections, as clear errors.
#[test]
fn unbounded_inputs_and_sizes_are_refused() {
    for (args, says) in [
        (&["merge", "/dev/zero"][..], "not a text file"),
        (
            &["explore", "--file", "/dev/zero", "--out", "x.html"],
            "not a text file",
        ),
        (
            &["fishburn", "--source", "chess", "--chess-depth", "100"],
            "--chess-depth must be between 1 and 5",
        ),
        (
            &["fishburn", "--source", "chess", "--chess-depth", "0"],
            "--chess-depth must be between 1 and 5",
        ),
        (
            &[
                "fishburn", "--source", "dag", "--count", "1", "--dag-n", "1000000",
            ],
            "--dag-n must be between 1 and 64",
        ),
        (
            &["fishburn", "--source", "dag", "--time", "0"],
            "--time must be a positive number",
        ),
        (
            &[
                "explore", "--model", "uniform", "--n", "100000", "--d", "1", "--out", "x.html",
            ],
            "more than the 20000",
        ),
        (
            &[
                "reproduce",
                "--sections",
                "knuth-pi,knuth-pi",
                "--out",
                "never-written",
            ],
            "named twice",
        ),
    ] {
        let (code, _, err) = alphabeta(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(says),
            "{args:?}: {err}"
        );
    }
    assert!(!std::path::Path::new("x.html").exists());
    assert!(!std::path::Path::new("never-written").exists());
}

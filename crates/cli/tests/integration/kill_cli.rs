//! Outputs under a kill at the worst moment. Every command that replaces a
//! file (`explore --out`, `simulate --shard K/M --out`, `simulate
//! --checkpoint`) or a folder (`reproduce --out`, `compare --out`) is run
//! under `strace`, which sends it SIGKILL on entry to one system call that
//! changes a name beside the output (the call itself never runs): each
//! `rename`/`renameat2` (the commit), each `mkdir` (the staging folder), and
//! the first and the last `unlink`/`unlinkat`/`rmdir` of a removal (of an
//! earlier run's leftovers, or of the old version once exchanged). After the
//! kill the output must be the whole old version or the whole new one, never
//! missing nor a mix; a rerun must succeed and leave nothing else beside it
//! (no `.NAME.tmp-PID`, `.NAME.old-PID`). The report folder is also
//! replaced with `renameat2` refused, as on a file system without
//! `RENAME_EXCHANGE`: there a kill between its two renames leaves no folder
//! but the whole old one aside, which the next write puts back first.
//!
//! `experiment --out` writes its folder with the same writer as `compare`
//! and `reproduce` (`alphabeta_report::write`); its quickest run takes
//! minutes, so it is not run here.
//!
//! Requires `strace` (Debian: `apt-get install strace`; `.ci/run` installs it).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_alphabeta");

/// The system calls that change names beside an output (a regular
/// expression, so that a name missing on this architecture is no error).
const STEPS: &str = "/^(mkdir|mkdirat|rename|renameat|renameat2|unlink|unlinkat|rmdir)$";

/// The files of an output: a file's bytes under the empty path, a folder's
/// files under their paths inside it; `None` when the output is missing.
type Snapshot = Option<BTreeMap<PathBuf, Vec<u8>>>;

fn snapshot(path: &Path) -> Snapshot {
    fn walk(dir: &Path, rel: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let rel = rel.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                walk(&entry.path(), &rel, out);
            } else {
                out.insert(rel, std::fs::read(entry.path()).unwrap());
            }
        }
    }
    let meta = std::fs::symlink_metadata(path).ok()?;
    let mut out = BTreeMap::new();
    if meta.is_dir() {
        walk(path, Path::new(""), &mut out);
    } else {
        out.insert(PathBuf::new(), std::fs::read(path).unwrap());
    }
    Some(out)
}

fn restore(path: &Path, snapshot: &Snapshot) {
    let Some(files) = snapshot else { return };
    for (rel, bytes) in files {
        let file = if rel.as_os_str().is_empty() {
            path.to_path_buf()
        } else {
            path.join(rel)
        };
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(file, bytes).unwrap();
    }
}

/// What two complete runs of one command have in common: each file's text
/// with every number replaced by `#` and every run of white space by one
/// space (reports hold their run times and start time; the file list and
/// everything else must be equal).
fn shape(snapshot: &Snapshot) -> Option<BTreeMap<PathBuf, Vec<u8>>> {
    let numeric = |b: u8| b.is_ascii_digit() || b".eE+-:".contains(&b);
    let masked = |bytes: &[u8]| {
        let mut out = Vec::new();
        for &b in bytes {
            let b = if numeric(b) {
                b'#'
            } else if b.is_ascii_whitespace() {
                b' '
            } else {
                b
            };
            if !(b == out.last().copied().unwrap_or(0) && (b == b'#' || b == b' ')) {
                out.push(b);
            }
        }
        out
    };
    snapshot.as_ref().map(|files| {
        files
            .iter()
            .map(|(rel, bytes)| (rel.clone(), masked(bytes)))
            .collect()
    })
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Fails, saying how to install it, where `strace` cannot trace a process.
fn require_strace() {
    let works = Command::new("strace")
        .args(["-o", "/dev/null", "true"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        works,
        "the kill tests need strace, which is missing or cannot trace here: \
         install it (Debian: `apt-get install strace`) and allow ptrace"
    );
}

fn alphabeta_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// The steps of a run in `dir` (only its main thread, where outputs are
/// written): each system call of [`STEPS`] and how often it was made.
fn steps(dir: &Path, args: &[&str], refused: Option<&str>) -> BTreeMap<String, usize> {
    let log = dir.with_extension("strace");
    let status = Command::new("strace")
        .arg("-o")
        .arg(&log)
        .args(["-e", &format!("trace={STEPS}")])
        .args(refusal(refused))
        .arg(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "{args:?} under strace: {status}");
    let mut counts = BTreeMap::new();
    for line in std::fs::read_to_string(&log).unwrap().lines() {
        if let Some((name, _)) = line.split_once('(') {
            *counts.entry(name.to_string()).or_insert(0) += 1;
        }
    }
    std::fs::remove_file(log).unwrap();
    counts
}

/// The `strace` arguments that make `syscall` fail throughout a run, as on a
/// file system without it.
fn refusal(syscall: Option<&str>) -> Vec<String> {
    syscall.map_or_else(Vec::new, |s| {
        vec!["-e".into(), format!("inject={s}:error=EINVAL")]
    })
}

/// The kill points of a run: (system call, its N-th call). Every rename and
/// mkdir; of the removals, the first and the last call (the states between
/// are alike: the output whole, a leftover partly removed). A refused call
/// is no kill point.
fn kill_points(steps: &BTreeMap<String, usize>, refused: Option<&str>) -> Vec<(String, usize)> {
    let mut points = Vec::new();
    for (name, &count) in steps.iter().filter(|(s, _)| Some(s.as_str()) != refused) {
        let every = name.starts_with("rename") || name.starts_with("mkdir");
        for n in 1..=count {
            if every || n == 1 || n == count {
                points.push((name.clone(), n));
            }
        }
    }
    points
}

/// Runs `args` in `dir`, killed by SIGKILL on entry to the `n`-th call of
/// `syscall`: whether it was killed (a run with fewer calls ends normally).
fn killed_at(dir: &Path, args: &[&str], refused: Option<&str>, syscall: &str, n: usize) -> bool {
    use std::os::unix::process::ExitStatusExt as _;
    let status = Command::new("strace")
        .args(["-o", "/dev/null", "-e", &format!("trace={STEPS}")])
        .args(["-e", &format!("inject={syscall}:signal=KILL:when={n}")])
        .args(refusal(refused))
        .arg(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(
        status.success() || status.signal() == Some(9),
        "{args:?} killed at {syscall} #{n}: {status}"
    );
    !status.success()
}

/// What must hold of the output after a kill.
enum After {
    /// The whole old version or the whole new one.
    OldOrNew,
    /// As [`After::OldOrNew`], or, between the two renames that replace a
    /// folder where the file system cannot exchange two names, no output
    /// and the whole old version beside it (`.NAME.old-PID`), which the
    /// next write puts back before it begins.
    OldAsideOrNew,
    /// A checkpoint: none, or one that `--resume` continues to the numbers
    /// of an uninterrupted run.
    Resumes,
}

struct Case {
    args: &'static [&'static str],
    /// The output, relative to the folder the command runs in.
    output: &'static str,
    /// What is at `output` before the command runs.
    old: Snapshot,
    after: After,
    /// A system call refused throughout the run (`renameat2`: a file system
    /// that cannot exchange two names).
    refused: Option<&'static str>,
}

fn one_file(bytes: &[u8]) -> Snapshot {
    Some(BTreeMap::from([(PathBuf::new(), bytes.to_vec())]))
}

fn kill_everywhere(root: &Path, case: &Case) {
    let label = case.args.join(" ");
    let fresh = |name: &str| {
        let dir = root.join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        restore(&dir.join(case.output), &case.old);
        dir
    };
    // The new version, from an uninterrupted run.
    let dir = fresh("reference");
    let reference = alphabeta_in(&dir, case.args);
    assert!(reference.status.success(), "{label}: {reference:?}");
    let new = snapshot(&dir.join(case.output));
    assert!(
        new.is_some() && new != case.old,
        "{label} wrote nothing new"
    );

    let points = kill_points(
        &steps(&fresh("steps"), case.args, case.refused),
        case.refused,
    );
    for (k, (syscall, n)) in points.iter().enumerate() {
        let at = format!("{label}, killed at {syscall} #{n}");
        let dir = fresh(&format!("kill-{k}"));
        let killed = killed_at(&dir, case.args, case.refused, syscall, *n);
        assert!(killed || !syscall.starts_with("rename"), "{at}: not killed");
        let output = dir.join(case.output);
        let left = snapshot(&output);
        let rerun = match case.after {
            After::OldOrNew => {
                assert!(
                    left == case.old || shape(&left) == shape(&new),
                    "{at}: the output is neither the old version nor the new one: {:?}",
                    left.map(|files| files.into_keys().collect::<Vec<_>>())
                );
                alphabeta_in(&dir, case.args)
            }
            After::OldAsideOrNew => {
                if left.is_none() {
                    let aside = names(&dir)
                        .into_iter()
                        .find(|n| n.starts_with(&format!(".{}.old-", case.output)))
                        .map(|n| snapshot(&dir.join(n)));
                    assert_eq!(
                        aside,
                        Some(case.old.clone()),
                        "{at}: no output, and not the old one aside"
                    );
                    // The next write puts the old version back (its first
                    // rename) before it begins: killed at its second (the
                    // first of its own replacement), it leaves it there.
                    let rename = points
                        .iter()
                        .find(|(s, _)| s.starts_with("rename") && s != "renameat2")
                        .map(|(s, _)| s.as_str())
                        .unwrap();
                    assert!(
                        killed_at(&dir, case.args, case.refused, rename, 2),
                        "{at}, then the next write: it did not put the old version back first"
                    );
                    assert!(
                        snapshot(&output) == case.old,
                        "{at}, then the next write killed: the old version is not back"
                    );
                } else {
                    assert!(
                        left == case.old || shape(&left) == shape(&new),
                        "{at}: the output is neither the old version nor the new one"
                    );
                }
                alphabeta_in(&dir, case.args)
            }
            After::Resumes if left.is_none() => alphabeta_in(&dir, case.args),
            After::Resumes => {
                let mut args = case.args.to_vec();
                args.push("--resume");
                let resumed = alphabeta_in(&dir, &args);
                assert_eq!(resumed.stdout, reference.stdout, "{at}: {resumed:?}");
                resumed
            }
        };
        assert!(rerun.status.success(), "{at}: the rerun failed: {rerun:?}");
        assert_eq!(shape(&snapshot(&output)), shape(&new), "{at}: the rerun");
        assert_eq!(
            names(&dir),
            [case.output],
            "{at}: leftovers after the rerun"
        );
    }
    // The commit step was among the kill points: the test saw the write.
    assert!(
        points.iter().any(|(s, _)| s.starts_with("rename")),
        "{label}: no rename to kill at (the output is no longer written by the main thread?): {points:?}"
    );
}

#[test]
fn a_kill_at_any_step_of_a_write_leaves_the_old_output_or_the_new_one() {
    require_strace();
    let root = std::env::temp_dir().join(format!("alphabeta-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);

    // The old version of a report folder: a report of the same command,
    // with one more file, so a mix of old and new files is seen.
    let report = |args: &[&str]| -> Snapshot {
        let dir = root.join("old");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let out = alphabeta_in(&dir, args);
        assert!(out.status.success(), "{args:?}: {out:?}");
        let mut old = snapshot(&dir.join("out")).unwrap();
        old.insert(PathBuf::from("only-in-the-old-version.txt"), b"old".into());
        Some(old)
    };
    let reproduce = &[
        "reproduce",
        "--quiet",
        "--sections",
        "knuth-pi",
        "--out",
        "out",
    ][..];
    let compare = &["compare", "--quiet", "--tree", "pi", "--out", "out"][..];
    let cases = [
        Case {
            args: &["explore", "--tree", "pi", "--out", "page.html"],
            output: "page.html",
            old: one_file(b"the old page\n"),
            after: After::OldOrNew,
            refused: None,
        },
        Case {
            args: &[
                "simulate",
                "--n",
                "2",
                "--d",
                "3",
                "--trees",
                "6",
                "--shard",
                "1/2",
                "--out",
                "shard.json",
            ],
            output: "shard.json",
            old: one_file(b"the old shard\n"),
            after: After::OldOrNew,
            refused: None,
        },
        Case {
            args: &[
                "simulate",
                "--n",
                "2",
                "--d",
                "3",
                "--trees",
                "6",
                "--threads",
                "1",
                "--quiet",
                "--checkpoint",
                "run.checkpoint",
            ],
            output: "run.checkpoint",
            old: None,
            after: After::Resumes,
            refused: None,
        },
        Case {
            args: reproduce,
            output: "out",
            old: report(reproduce),
            after: After::OldOrNew,
            refused: None,
        },
        Case {
            args: reproduce,
            output: "out",
            old: report(reproduce),
            after: After::OldAsideOrNew,
            refused: Some("renameat2"),
        },
        Case {
            args: compare,
            output: "out",
            old: report(compare),
            after: After::OldOrNew,
            refused: None,
        },
    ];
    for case in &cases {
        kill_everywhere(&root, case);
    }
    std::fs::remove_dir_all(&root).unwrap();
}

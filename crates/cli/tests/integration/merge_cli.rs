//! `alphabeta simulate --shard K/M` and `alphabeta merge` as a user runs
//! them: the merged output is byte-identical to a single-process run's.

use crate::common;

use common::alphabeta;

/// A fresh directory under the system's temporary directory.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("alphabeta-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const RUN: [&str; 13] = [
    "simulate",
    "--n",
    "3",
    "--d",
    "4",
    "--trees",
    "90",
    "--seed",
    "4",
    "--procedure",
    "f3",
    "--quiet",
    "--threads=1",
];

#[test]
fn merged_shards_print_what_the_single_run_prints() {
    let dir = scratch("merge");
    for format in ["json", "csv", "text"] {
        let (code, single, err) = alphabeta(&[&RUN[..], &["--format", format]].concat());
        assert_eq!(code, 0, "{err}");
        for m in [1, 2, 5] {
            let mut files = Vec::new();
            for k in 1..=m {
                let path = dir.join(format!("s{k}of{m}.json"));
                let path = path.to_str().unwrap().to_string();
                let shard = format!("{k}/{m}");
                let args = [&RUN[..], &["--shard", &shard, "--out", &path]].concat();
                let (code, out, err) = alphabeta(&args);
                assert_eq!((code, out.as_str()), (0, ""), "{err}");
                files.push(path);
            }
            files.reverse();
            let mut args = vec!["merge", "--format", format];
            args.extend(files.iter().map(String::as_str));
            let (code, merged, err) = alphabeta(&args);
            assert_eq!(code, 0, "{err}");
            assert_eq!(merged, single, "--format {format}, M = {m}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_shards_and_bad_sets_get_clear_errors() {
    let dir = scratch("merge-bad");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let write = |shard: &str, seed: &str, file: &str| {
        let mut args = RUN.to_vec();
        args[8] = seed;
        let file = path(file);
        let (code, _, err) = alphabeta(&[&args[..], &["--shard", shard, "--out", &file]].concat());
        assert_eq!(code, 0, "{err}");
        file
    };
    let a = write("1/2", "4", "a.json");
    let b_other_seed = write("2/2", "5", "b.json");
    let (code, _, err) = alphabeta(&["merge", &a, &b_other_seed]);
    assert_eq!(code, 2);
    assert!(
        err.contains("cannot merge") && err.contains("seed 5"),
        "{err}"
    );
    let (code, _, err) = alphabeta(&["merge", &a]);
    assert_eq!(code, 2);
    assert!(err.contains("1 of 2 shards given; missing: 2/2"), "{err}");
    let (code, _, err) = alphabeta(&["merge", &a, &a]);
    assert_eq!(code, 2);
    assert!(err.contains("shard 1/2 is given twice"), "{err}");
    for (shard, message) in [("3/2", "write K/M"), ("1/91", "91 shards for 90 trees")] {
        let (code, _, err) = alphabeta(&[&RUN[..], &["--shard", shard]].concat());
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(message), "{shard}: {err}");
    }
    let (code, _, err) = alphabeta(&[&RUN[..], &["--out", "x.json"]].concat());
    assert_ne!(code, 0);
    assert!(err.contains("--shard"), "{err}");
    let (code, _, err) = alphabeta(&["merge", "/nonexistent/s.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("shard result /nonexistent/s.json"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

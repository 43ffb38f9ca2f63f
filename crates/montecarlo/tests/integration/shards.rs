//! Shards: a run split into M ranges of trees, searched apart and merged,
//! gives the single-process run's summary byte for byte; bad sets of shard
//! results are refused.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use alphabeta_montecarlo::{
    Experiment, RunOptions, Shard, ShardError, ShardResult, merge, run, run_shard,
};

fn experiment(model: &str, procedure: &str, trees: u64, seed: u64) -> Experiment {
    Experiment::new(
        model.parse().unwrap(),
        procedure.parse().unwrap(),
        trees,
        seed,
    )
}

fn shards(exp: &Experiment, m: u64) -> Vec<ShardResult> {
    Shard::all(m)
        .map(|s| run_shard(exp, s, &RunOptions::default()).unwrap())
        .collect()
}

#[test]
fn shard_ranges_partition_the_trees() {
    for (trees, m) in [(10, 3), (7, 7), (1000, 6), (u64::MAX, 5)] {
        let mut next = 0;
        for s in Shard::all(m) {
            let r = s.range(trees);
            assert_eq!(r.start, next, "{s} of {trees}");
            assert!(r.end > r.start, "{s} of {trees} is empty");
            next = r.end;
        }
        assert_eq!(next, trees);
    }
    assert_eq!(Shard::new(3, 8).unwrap().range(80), 20..30);
    assert_eq!("2/5".parse::<Shard>().unwrap(), Shard::new(2, 5).unwrap());
    for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2", ""] {
        let e = bad.parse::<Shard>().unwrap_err().to_string();
        assert!(e.contains("write K/M"), "{bad}: {e}");
    }
}

#[test]
fn merged_shards_equal_the_single_run_byte_for_byte_for_any_m() {
    for (model, procedure, trees, seed) in [
        ("uniform n=4 d=4", "f2", 301, 5),
        ("dependent n=3 d=5", "f1", 120, 9),
        ("branching q=0.8 mean=2.5 d=4", "pvs", 200, 3),
    ] {
        let exp = experiment(model, procedure, trees, seed);
        let single = run(&exp, &RunOptions::default()).unwrap();
        for m in [1, 2, 3, 7, 16] {
            let mut parts = shards(&exp, m);
            parts.reverse(); // any order
            let merged = merge(&parts).unwrap();
            assert_eq!(merged.to_json(), single.to_json(), "{model} M={m}");
            assert_eq!(merged.to_csv().unwrap(), single.to_csv().unwrap());
            assert_eq!(merged.to_table(), single.to_table());
        }
    }
}

#[test]
fn shard_results_survive_files_exactly() {
    let exp = experiment("uniform n=3 d=4", "f3", 50, 2);
    let dir = tempfile::tempdir().unwrap();
    let parts = shards(&exp, 4);
    let mut back = Vec::new();
    for p in &parts {
        let path = dir.path().join(format!("shard-{}.json", p.shard.index));
        p.save(&path).unwrap();
        back.push(ShardResult::load(&path).unwrap());
    }
    assert_eq!(back, parts);
    assert_eq!(
        merge(&back).unwrap(),
        run(&exp, &RunOptions::default()).unwrap()
    );
    assert!(
        !std::fs::read_dir(dir.path()).unwrap().any(|e| e
            .unwrap()
            .file_name()
            .to_string_lossy()
            .ends_with(".tmp")),
        "no temporary file left behind"
    );
}

fn mismatch(results: &[ShardResult]) -> String {
    match merge(results) {
        Err(e @ ShardError::Mismatch(_)) => e.to_string(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn merging_refuses_foreign_duplicated_and_missing_shards() {
    let exp = experiment("uniform n=3 d=3", "f2", 40, 1);
    let parts = shards(&exp, 4);
    let other_seed = shards(&experiment("uniform n=3 d=3", "f2", 40, 2), 4);
    let other_procedure = shards(&experiment("uniform n=3 d=3", "pvs", 40, 1), 4);
    let other_model = shards(&experiment("uniform n=3 d=4", "f2", 40, 1), 4);
    let other_size = shards(&experiment("uniform n=3 d=3", "f2", 44, 1), 4);
    for foreign in [&other_seed, &other_procedure, &other_model, &other_size] {
        let mixed = [&parts[..3], &foreign[3..]].concat();
        let e = mismatch(&mixed);
        assert!(e.contains("shard 4/4 is of `"), "{e}");
    }
    let e = mismatch(&[&parts[..3], &other_seed[3..]].concat());
    assert!(e.contains("seed 2") && e.contains("seed 1"), "{e}");

    let twice = [&parts[..], &parts[1..2]].concat();
    assert!(mismatch(&twice).contains("shard 2/4 is given twice"));
    let e = mismatch(&[parts[0].clone(), parts[2].clone()]);
    assert!(e.contains("2 of 4 shards given; missing: 2/4, 4/4"), "{e}");
    let three = shards(&exp, 3);
    let e = mismatch(&[parts[0].clone(), three[1].clone()]);
    assert!(e.contains("one of 3 shards"), "{e}");
    assert!(mismatch(&[]).contains("no shard results"));
}

#[test]
fn damaged_or_foreign_files_are_refused() {
    let exp = experiment("uniform n=3 d=3", "f2", 40, 1);
    let good = run_shard(&exp, Shard::new(2, 4).unwrap(), &RunOptions::default()).unwrap();
    let text = good.to_json();
    let read = |t: &str| ShardResult::from_json(t, "x.json").unwrap_err().to_string();
    assert!(read("{").contains("x.json: not JSON"));
    assert!(read(r#"{"format": 1}"#).contains("not a shard result"));
    // A count edited (the checksum no longer fits).
    let edited = text.replacen(
        &format!("\"trees\": {}", good.totals.trees),
        &format!("\"trees\": {}", good.totals.trees + 1),
        1,
    );
    assert_ne!(edited, text);
    assert!(read(&edited).contains("checksum does not match"));
    // Claims to be another shard than its trees are.
    let mut moved = good.clone();
    moved.shard = Shard::new(3, 4).unwrap();
    assert!(read(&moved.to_json()).contains("should hold trees 20..30"));
    // The shard's place is not under the checksum: every field of it is
    // checked before a range is computed from it (a count of 0 divided by
    // zero, an index of 0 wrapped around).
    for (index, count, says) in [
        (2, 0, "its shard count is 0"),
        (0, 4, "its shard index is 0, outside 1..=4"),
        (5, 4, "its shard index is 5, outside 1..=4"),
        (2, 41, "one of 41 shards of a run of 40 trees"),
        (u64::MAX, u64::MAX, "one of 18446744073709551615 shards"),
    ] {
        let mut edited = good.clone();
        edited.shard = Shard { index, count };
        let e = read(&edited.to_json());
        assert!(
            e.starts_with("shard result x.json: ") && e.contains(says),
            "{e}"
        );
    }
    // A file that is no text, or no file, is refused before it is read whole.
    for path in ["/dev/zero", "/", "/no/such/shard.json"] {
        let e = ShardResult::load(std::path::Path::new(path))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with(&format!("shard result {path}: ")), "{e}");
    }
}

#[test]
fn too_many_shards_and_interrupted_shards_are_errors() {
    let exp = experiment("uniform n=3 d=3", "f2", 3, 1);
    let e = run_shard(&exp, Shard::new(1, 4).unwrap(), &RunOptions::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "4 shards for 3 trees: every shard needs at least one tree"
    );
    let stopped = RunOptions {
        stop: Some(Arc::new(AtomicBool::new(true))),
        ..RunOptions::default()
    };
    let e = run_shard(&exp, Shard::new(1, 2).unwrap(), &stopped).unwrap_err();
    assert!(matches!(e, ShardError::Interrupted(_)), "{e}");
}

//! Shards: one run split into M parts that separate processes or machines
//! search, then merged into the result of the whole run.
//!
//! Shard K of M (K = 1, …, M) of an experiment of T trees is the range of
//! tree indices `⌊(K−1)·T/M⌋ .. ⌊K·T/M⌋`. Tree `i` is grown from
//! `tree_seed(seed, i)` alone and the counts are summed as exact integers
//! ([`Totals`]), so merging the M shards' totals gives exactly the totals of
//! a single-process run, and therefore the same [`Summary`] to the last bit.
//!
//! A shard's result ([`ShardResult`]) is a JSON document holding the
//! experiment, the shard's place and its totals, with a checksum. Merging
//! refuses results of different experiments, duplicated or missing shards,
//! and damaged files.

use std::fmt;
use std::ops::Range;
use std::path::Path;
use std::str::FromStr;

use alphabeta_core::resources::{ResourceError, Text, read_text_file, write_file_atomically};
use serde::{Deserialize, Serialize};

use crate::RunError;
use crate::checkpoint::checksum;
use crate::experiment::Experiment;
use crate::run::{RunOptions, run_trees, thread_pool};
use crate::summary::Summary;
use crate::totals::Totals;

/// The format version written into every shard result.
const FORMAT: u32 = 1;
/// What a shard file says it is (so a checkpoint or a summary is not taken
/// for one).
const KIND: &str = "alphabeta-shard";

/// Shard `index` of `count` (1 ≤ index ≤ count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// K, from 1.
    pub index: u64,
    /// M, the number of shards.
    pub count: u64,
}

/// A malformed shard (`--shard K/M`) or a bad shard result.
#[derive(Debug, thiserror::Error)]
pub enum ShardError {
    /// Not of the form K/M with 1 ≤ K ≤ M.
    #[error("bad shard {0:?}: write K/M with 1 <= K <= M, e.g. 3/8")]
    Syntax(String),
    /// More shards than trees.
    #[error("{count} shards for {trees} trees: every shard needs at least one tree")]
    TooMany {
        /// M.
        count: u64,
        /// T.
        trees: u64,
    },
    /// A shard result that cannot be read.
    #[error("shard result {source_name}: {reason}")]
    Bad {
        /// The file (or other source) it came from.
        source_name: String,
        /// What is wrong.
        reason: String,
    },
    /// Shard results that do not make one whole run.
    #[error("cannot merge: {0}")]
    Mismatch(String),
    /// The run of a shard failed.
    #[error(transparent)]
    Run(#[from] RunError),
    /// The run of a shard was interrupted.
    #[error("shard {0} was interrupted; nothing was written")]
    Interrupted(Shard),
}

impl Shard {
    /// Shard `index` of `count`, checked.
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if index == 0 || index > count {
            return Err(ShardError::Syntax(format!("{index}/{count}")));
        }
        Ok(Shard { index, count })
    }

    /// The tree indices of this shard in a run of `trees` trees.
    pub fn range(self, trees: u64) -> Range<u64> {
        let at = |k: u64| (u128::from(k) * u128::from(trees) / u128::from(self.count)) as u64;
        at(self.index - 1)..at(self.index)
    }

    /// Every shard of `count`.
    pub fn all(count: u64) -> impl Iterator<Item = Shard> {
        (1..=count).map(move |index| Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax(s.to_string());
        let (k, m) = s.trim().split_once('/').ok_or_else(syntax)?;
        let k = k.trim().parse().map_err(|_| syntax())?;
        let m = m.trim().parse().map_err(|_| syntax())?;
        Shard::new(k, m).map_err(|_| syntax())
    }
}

/// The result of one shard: the exact totals of its trees.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardResult {
    /// Always `alphabeta-shard`.
    pub kind: String,
    /// The format version.
    pub format: u32,
    /// The whole run this shard is part of.
    pub experiment: Experiment,
    /// Which part.
    pub shard: Shard,
    /// The first tree index searched.
    pub first: u64,
    /// One past the last tree index searched.
    pub end: u64,
    /// The exact sums over trees `first..end`.
    pub totals: Totals,
    /// Checksum of the experiment and the totals (as for checkpoints).
    pub checksum: String,
}

/// Searches shard `shard` of `experiment`. `options.checkpoint` is not used
/// (a shard is the unit a cluster scheduler retries); an interrupted shard
/// is an error, never a partial result.
pub fn run_shard(
    experiment: &Experiment,
    shard: Shard,
    options: &RunOptions<'_>,
) -> Result<ShardResult, ShardError> {
    if shard.count > experiment.trees {
        return Err(ShardError::TooMany {
            count: shard.count,
            trees: experiment.trees,
        });
    }
    let range = shard.range(experiment.trees);
    let options = RunOptions {
        threads: options.threads,
        checkpoint: None,
        resume: false,
        stop: options.stop.clone(),
        progress: options.progress,
    };
    let pool = thread_pool(&options)?;
    let totals = run_trees(
        experiment,
        range.clone(),
        &options,
        &pool,
        Totals::default(),
    )?;
    if totals.trees != range.end - range.start {
        return Err(ShardError::Interrupted(shard));
    }
    Ok(ShardResult {
        kind: KIND.to_string(),
        format: FORMAT,
        checksum: checksum(experiment, &totals),
        experiment: experiment.clone(),
        shard,
        first: range.start,
        end: range.end,
        totals,
    })
}

impl ShardResult {
    /// The result as JSON (pretty, one document).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a shard result always serialises")
    }

    /// Reads a result from JSON and checks it on its own: kind, format,
    /// checksum, consistent totals, and a range that is its shard's.
    /// `source_name` names it in errors.
    pub fn from_json(text: &str, source_name: &str) -> Result<ShardResult, ShardError> {
        let bad = |reason: String| ShardError::Bad {
            source_name: source_name.to_string(),
            reason,
        };
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| bad(format!("not JSON: {e}")))?;
        if value.get("kind").and_then(|k| k.as_str()) != Some(KIND) {
            return Err(bad(
                "not a shard result (written by `alphabeta simulate --shard K/M`)".into(),
            ));
        }
        let r: ShardResult = serde_json::from_value(value).map_err(|e| bad(e.to_string()))?;
        if r.format != FORMAT {
            return Err(bad(format!(
                "format {} (this program writes {FORMAT})",
                r.format
            )));
        }
        if r.checksum != checksum(&r.experiment, &r.totals) {
            return Err(bad(
                "its checksum does not match its content (the file was damaged or edited)".into(),
            ));
        }
        r.totals
            .check()
            .map_err(|e| bad(format!("its totals are inconsistent: {e}")))?;
        // The checksum covers the experiment and the totals; the shard's
        // place is checked field by field, before any range is computed.
        let (index, count, trees) = (r.shard.index, r.shard.count, r.experiment.trees);
        if count == 0 {
            return Err(bad(
                "its shard count is 0 (a run has at least 1 shard)".into()
            ));
        }
        if index == 0 || index > count {
            return Err(bad(format!(
                "its shard index is {index}, outside 1..={count} (its shard count)"
            )));
        }
        if count > trees {
            return Err(bad(format!(
                "it is one of {count} shards of a run of {trees} trees                  (every shard holds at least one tree)"
            )));
        }
        let range = r.shard.range(trees);
        if range != (r.first..r.end) || r.totals.trees != range.end - range.start {
            return Err(bad(format!(
                "shard {} of {trees} trees should hold trees {}..{}, it says {}..{} with {} trees",
                r.shard, range.start, range.end, r.first, r.end, r.totals.trees
            )));
        }
        Ok(r)
    }

    /// Reads a result from a file.
    pub fn load(path: &Path) -> Result<ShardResult, ShardError> {
        let name = path.display().to_string();
        let text = read_text_file(path, Text::Utf8).map_err(|e| ShardError::Bad {
            source_name: name.clone(),
            reason: e.to_string(),
        })?;
        ShardResult::from_json(&text, &name)
    }

    /// Writes the result to `path` atomically
    /// ([`alphabeta_core::resources::write_file_atomically`]): a refused
    /// write leaves no temporary file.
    pub fn save(&self, path: &Path) -> Result<(), ResourceError> {
        write_file_atomically(path, (self.to_json() + "\n").as_bytes())
    }
}

/// Merges the results of all M shards of one run (in any order) into the
/// run's summary, identical to a single-process run's. Refused: results of
/// different experiments (model, procedure, seed, trees) or shard counts,
/// a shard given twice, a shard missing.
pub fn merge(results: &[ShardResult]) -> Result<Summary, ShardError> {
    let Some(first) = results.first() else {
        return Err(ShardError::Mismatch("no shard results given".into()));
    };
    let (exp, count) = (&first.experiment, first.shard.count);
    let mut seen = std::collections::BTreeMap::new();
    for r in results {
        let theirs = &r.experiment;
        if theirs != exp {
            return Err(ShardError::Mismatch(format!(
                "shard {} is of `{}` with procedure {}, seed {} and {} trees, \
                 shard {} of `{}` with procedure {}, seed {} and {} trees",
                r.shard,
                theirs.model,
                theirs.procedure,
                theirs.seed,
                theirs.trees,
                first.shard,
                exp.model,
                exp.procedure,
                exp.seed,
                exp.trees
            )));
        }
        if r.shard.count != count {
            return Err(ShardError::Mismatch(format!(
                "shard {} is one of {} shards, shard {} one of {count}",
                r.shard, r.shard.count, first.shard
            )));
        }
        if seen.insert(r.shard.index, r).is_some() {
            return Err(ShardError::Mismatch(format!(
                "shard {} is given twice",
                r.shard
            )));
        }
    }
    if seen.len() as u64 != count {
        // The first few missing ones (found within len + 10 steps).
        let missing: Vec<String> = Shard::all(count)
            .filter(|s| !seen.contains_key(&s.index))
            .take(10)
            .map(|s| s.to_string())
            .collect();
        return Err(ShardError::Mismatch(format!(
            "{} of {count} shards given; missing: {}{}",
            seen.len(),
            missing.join(", "),
            if count - seen.len() as u64 > 10 {
                ", …"
            } else {
                ""
            }
        )));
    }
    let mut totals = Totals::default();
    for r in seen.values() {
        totals.merge(&r.totals);
    }
    Ok(Summary::new(
        &exp.model,
        exp.procedure.name(),
        exp.seed,
        exp.trees,
        totals,
    ))
}

//! Checkpoints: the exact totals of the trees finished so far, written
//! atomically (a temporary file renamed over the old one), so a run killed at
//! any moment can resume from its last checkpoint.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::RunError;
use crate::experiment::Experiment;
use crate::totals::Totals;

/// The format version written into every checkpoint.
const FORMAT: u32 = 1;

/// The content of a checkpoint file.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Checkpoint {
    pub format: u32,
    pub experiment: Experiment,
    /// Trees `0..totals.trees` are finished and summed in `totals`.
    pub totals: Totals,
}

impl Checkpoint {
    /// Writes the checkpoint of `totals` for `experiment` to `path`.
    pub fn save(path: &Path, experiment: &Experiment, totals: &Totals) -> Result<(), RunError> {
        let cp = Checkpoint {
            format: FORMAT,
            experiment: experiment.clone(),
            totals: totals.clone(),
        };
        let text = serde_json::to_string_pretty(&cp).expect("a checkpoint always serialises");
        let mut tmp = PathBuf::from(path);
        let mut name = tmp.file_name().unwrap_or_default().to_os_string();
        name.push(".tmp");
        tmp.set_file_name(name);
        let io = |e| RunError::Checkpoint {
            path: path.to_path_buf(),
            source: e,
        };
        std::fs::write(&tmp, text).map_err(io)?;
        std::fs::rename(&tmp, path).map_err(io)
    }

    /// Reads a checkpoint and checks that it belongs to `experiment`: the
    /// same model, procedure and seed, and no more trees than requested.
    pub fn load_for(path: &Path, experiment: &Experiment) -> Result<Totals, RunError> {
        let text = std::fs::read_to_string(path).map_err(|e| RunError::Checkpoint {
            path: path.to_path_buf(),
            source: e,
        })?;
        let bad = |reason: String| RunError::BadCheckpoint {
            path: path.to_path_buf(),
            reason,
        };
        let cp: Checkpoint = serde_json::from_str(&text).map_err(|e| bad(e.to_string()))?;
        if cp.format != FORMAT {
            return Err(bad(format!(
                "format {} (this program writes {FORMAT})",
                cp.format
            )));
        }
        let theirs = &cp.experiment;
        if theirs.model != experiment.model
            || theirs.procedure != experiment.procedure
            || theirs.seed != experiment.seed
        {
            return Err(bad(format!(
                "it is for `{}` with procedure {} and seed {}, not `{}` with procedure {} and seed {}",
                theirs.model,
                theirs.procedure,
                theirs.seed,
                experiment.model,
                experiment.procedure,
                experiment.seed
            )));
        }
        if cp.totals.trees > experiment.trees {
            return Err(bad(format!(
                "it already holds {} trees, more than the {} requested",
                cp.totals.trees, experiment.trees
            )));
        }
        Ok(cp.totals)
    }
}

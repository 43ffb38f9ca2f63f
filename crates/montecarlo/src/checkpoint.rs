//! Checkpoints: the exact totals of the trees finished so far, written
//! atomically (a temporary file renamed over the old one), so a run killed at
//! any moment can resume from its last checkpoint. A checksum of the content
//! and the invariants of the totals guard against a damaged or edited file,
//! which would otherwise pass its numbers silently into the final result.

use std::path::Path;

use alphabeta_core::resources::{ResourceError, Text, read_text_file, write_file_atomically};
use serde::{Deserialize, Serialize};

use crate::RunError;
use crate::experiment::Experiment;
use crate::totals::Totals;

/// The format version written into every checkpoint.
const FORMAT: u32 = 1;

/// The content of a checkpoint file. An unknown field is refused: a
/// damaged key (`checksun` for `checksum`) must not read as a file of the
/// old format without a checksum.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Checkpoint {
    pub format: u32,
    pub experiment: Experiment,
    /// Trees `0..totals.trees` are finished and summed in `totals`.
    pub totals: Totals,
    /// [`checksum`] of `experiment` and `totals` (absent in files written
    /// before it was added, which are then checked by the invariants alone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checksum: Option<String>,
}

/// FNV-1a (64 bits) of the compact JSON of the experiment and the totals, in
/// hexadecimal. The JSON is canonical (integers as decimal strings, floats in
/// their shortest round-trip form), so a file read back gives the same text.
pub(crate) fn checksum(experiment: &Experiment, totals: &Totals) -> String {
    let text =
        serde_json::to_string(&(experiment, totals)).expect("a checkpoint always serialises");
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{hash:016x}")
}

impl Checkpoint {
    /// Writes the checkpoint of `totals` for `experiment` to `path`.
    pub fn save(path: &Path, experiment: &Experiment, totals: &Totals) -> Result<(), RunError> {
        let cp = Checkpoint {
            format: FORMAT,
            experiment: experiment.clone(),
            totals: totals.clone(),
            checksum: Some(checksum(experiment, totals)),
        };
        let text = serde_json::to_string_pretty(&cp).expect("a checkpoint always serialises");
        write_file_atomically(path, text.as_bytes()).map_err(|e| match e {
            ResourceError::Write { path, error } => RunError::Checkpoint { path, error },
            other => RunError::Resource(other),
        })
    }

    /// Reads a checkpoint file and checks that it belongs to `experiment`
    /// ([`read_checkpoint`]).
    pub fn load_for(path: &Path, experiment: &Experiment) -> Result<Totals, RunError> {
        let text = read_text_file(path, Text::Utf8).map_err(RunError::Resource)?;
        read_checkpoint(&text, experiment).map_err(|reason| RunError::BadCheckpoint {
            path: path.to_path_buf(),
            reason,
        })
    }
}

/// Reads a checkpoint from its text and checks it: its format, its checksum
/// (when it has one), the invariants of its totals ([`Totals::check`]), and
/// that it belongs to `experiment` — the same model, procedure and seed, and
/// no more trees than requested. Returns the totals of its finished trees,
/// or why the text is refused (what `run` reports as
/// [`RunError::BadCheckpoint`] when resuming from a file).
pub fn read_checkpoint(text: &str, experiment: &Experiment) -> Result<Totals, String> {
    let cp: Checkpoint = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if cp.format != FORMAT {
        return Err(format!(
            "format {} (this program writes {FORMAT})",
            cp.format
        ));
    }
    if let Some(sum) = &cp.checksum
        && *sum != checksum(&cp.experiment, &cp.totals)
    {
        return Err(
            "its checksum does not match its content (the file was damaged or edited)".into(),
        );
    }
    cp.totals
        .check()
        .map_err(|e| format!("its totals are inconsistent: {e}"))?;
    let theirs = &cp.experiment;
    if theirs.model != experiment.model
        || theirs.procedure != experiment.procedure
        || theirs.seed != experiment.seed
    {
        return Err(format!(
            "it is for `{}` with procedure {} and seed {}, not `{}` with procedure {} and seed {}",
            theirs.model,
            theirs.procedure,
            theirs.seed,
            experiment.model,
            experiment.procedure,
            experiment.seed
        ));
    }
    if cp.totals.trees > experiment.trees {
        return Err(format!(
            "it already holds {} trees, more than the {} requested",
            cp.totals.trees, experiment.trees
        ));
    }
    Ok(cp.totals)
}

//! Tunes the engine's tapered evaluation ([`alphabeta_engine::tune`])
//! on labelled positions and prints the tuned constants for `pst.rs`.
//!
//! ```text
//! cargo run --release -p alphabeta-engine --example tune -- DATA [ITERATIONS] [RATE] [PRIOR] [VALIDATION] [MODE]
//! ```
//!
//! DATA holds `FEN;LABEL` lines (`crates/engine/tests/tune_data.py`); every
//! tenth position is held out and its loss reported beside the training
//! loss, unless VALIDATION names a separate file (`-`: none). Only the positions
//! [`tune::quiet`] accepts are used. The engine's default
//! terms are held fixed. MODE `material` moves only each piece's material
//! (`TuneSettings::material_only`); `tables` (the default) every square.

use std::process::ExitCode;

use alphabeta_engine::pst::PstWeights;
use alphabeta_engine::terms::EvalTerms;
use alphabeta_engine::tune::{self, Sample, TuneSettings};

/// The largest data file read (about eight million positions): the
/// samples are held in memory.
const MAX_DATA_BYTES: u64 = 512 << 20;

fn read(path: &str) -> Result<Vec<Sample>, String> {
    let size = std::fs::metadata(path)
        .map_err(|e| format!("{path}: {e}"))?
        .len();
    if size > MAX_DATA_BYTES {
        return Err(format!(
            "{path}: {size} bytes, more than the {MAX_DATA_BYTES} read"
        ));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    tune::read_samples(&text).map_err(|e| format!("{path}: {e}"))
}

/// The positions [`tune::quiet`] keeps.
fn quiet(samples: Vec<Sample>) -> Vec<Sample> {
    let n = samples.len();
    let kept: Vec<Sample> = samples
        .into_iter()
        .filter(|s| tune::quiet(&s.board))
        .collect();
    eprintln!("{} of {n} positions quiet", kept.len());
    kept
}

fn number<T: std::str::FromStr>(arg: Option<&String>, default: T, what: &str) -> Result<T, String> {
    match arg {
        None => Ok(default),
        Some(s) => s.parse().map_err(|_| format!("bad {what}: {s:?}")),
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        return Err("usage: tune DATA [ITERATIONS] [RATE] [PRIOR] [VALIDATION] [MODE]".into());
    };
    let defaults = TuneSettings::default();
    let settings = TuneSettings {
        iterations: number(args.get(1), defaults.iterations, "iterations")?,
        rate: number(args.get(2), defaults.rate, "rate")?,
        prior: number(args.get(3), defaults.prior, "prior")?,
        material_only: match args.get(5).map(String::as_str) {
            None | Some("tables") => false,
            Some("material") => true,
            Some(other) => return Err(format!("bad MODE {other:?} (tables or material)")),
        },
        ..defaults
    };
    settings.check().map_err(|e| e.to_string())?;
    let all = quiet(read(path)?);
    let (train, held): (Vec<Sample>, Vec<Sample>) = match args.get(4).filter(|v| *v != "-") {
        Some(v) => (all, quiet(read(v)?)),
        None => {
            let (mut t, mut h) = (Vec::new(), Vec::new());
            for (i, s) in all.into_iter().enumerate() {
                if i % 10 == 9 { h.push(s) } else { t.push(s) }
            }
            (t, h)
        }
    };
    if held.is_empty() {
        return Err("no held-out positions (fewer than ten in DATA)".into());
    }
    let terms = EvalTerms::default();
    let start = PstWeights::DEFAULT;
    let k = tune::fit_k(&train, terms, &start);
    let show = |name: &str, w: &PstWeights| {
        eprintln!(
            "{name}: training loss {:.6} ({} positions), held-out loss {:.6} ({} positions)",
            tune::loss(&train, terms, w, k),
            train.len(),
            tune::loss(&held, terms, w, k),
            held.len()
        );
    };
    eprintln!("K = {k:.4}; {settings:?}");
    show("defaults", &start);
    let tuned = tune::tune(&train, terms, &start, k, settings).map_err(|e| e.to_string())?;
    show("tuned", &tuned);
    print!("{}", tune::to_rust(&tuned));
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tune: {e}");
            ExitCode::FAILURE
        }
    }
}

//! For interactive use: a progress bar with rate and ETA, and Ctrl-C / kill
//! handling that stops a run cleanly so its checkpoint is kept.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::RunError;
use crate::run::Progress;

/// A progress bar on standard error (hidden when it is not a terminal).
pub struct ProgressBar(indicatif::ProgressBar);

impl ProgressBar {
    /// A bar for a run of trees.
    pub fn new() -> ProgressBar {
        let bar = indicatif::ProgressBar::new(0);
        let style = indicatif::ProgressStyle::with_template(
            "{wide_bar} {pos}/{len} trees  {per_sec}  elapsed {elapsed_precise}  ETA {eta_precise}",
        )
        .expect("the template is valid");
        bar.set_style(style);
        ProgressBar(bar)
    }
}

impl Default for ProgressBar {
    fn default() -> Self {
        ProgressBar::new()
    }
}

impl Progress for ProgressBar {
    fn start(&self, done: u64, total: u64) {
        self.0.set_length(total);
        self.0.set_position(done);
        self.0.reset_eta();
        *ACTIVE_BAR.lock().unwrap_or_else(|e| e.into_inner()) = Some(self.0.clone());
    }
    fn advance(&self, trees: u64) {
        self.0.inc(trees);
    }
    fn kept(&self, trees: u64) {
        self.0.set_position(trees);
    }
    fn finish(&self) {
        ACTIVE_BAR.lock().unwrap_or_else(|e| e.into_inner()).take();
        self.0.abandon();
    }
}

/// The bar of the run under way, so the interrupt handler can print its
/// message without the bar's next redraw erasing it.
static ACTIVE_BAR: Mutex<Option<indicatif::ProgressBar>> = Mutex::new(None);

/// Prints a line on standard error above the bar of the run under way (the
/// bar is cleared, the line printed, the bar redrawn), or plainly when there
/// is none.
fn eprintln_above_bar(line: &str) {
    let bar = ACTIVE_BAR.lock().unwrap_or_else(|e| e.into_inner()).clone();
    match bar {
        Some(bar) => bar.suspend(|| eprintln!("{line}")),
        None => eprintln!("{line}"),
    }
}

/// Whether the run in progress keeps a checkpoint (for the interrupt message).
static SAVING: AtomicBool = AtomicBool::new(false);

/// The flag of the process's interrupt handler, once installed.
static INTERRUPTED: Mutex<Option<Arc<AtomicBool>>> = Mutex::new(None);

/// Installs (once per process) a handler for Ctrl-C (SIGINT) and termination
/// (SIGTERM, SIGHUP) that sets the returned flag; a second signal while the
/// flag is set exits at once. Pass the flag as [`crate::RunOptions::stop`].
/// Later calls return the same flag, cleared, for the next run. `saving`
/// says whether the run keeps a checkpoint: the message on interrupt says
/// "finishing the checkpoint" only then.
pub fn stop_on_interrupt(saving: bool) -> Result<Arc<AtomicBool>, RunError> {
    SAVING.store(saving, Ordering::SeqCst);
    let mut installed = INTERRUPTED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(flag) = installed.as_ref() {
        flag.store(false, Ordering::SeqCst);
        return Ok(flag.clone());
    }
    let flag = Arc::new(AtomicBool::new(false));
    let seen = flag.clone();
    ctrlc::set_handler(move || {
        if seen.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        eprintln_above_bar(if SAVING.load(Ordering::SeqCst) {
            "interrupted: finishing the checkpoint (interrupt again to quit at once)"
        } else {
            "interrupted: stopping, nothing is saved without --checkpoint (interrupt again to quit at once)"
        });
    })
    .map_err(|e| RunError::Signal(e.to_string()))?;
    *installed = Some(flag.clone());
    Ok(flag)
}

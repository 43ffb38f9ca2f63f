//! What a section is given: the options of the run, its own seed and its
//! progress bar. It sits below the sections and the runner, which both
//! import it; the sections import nothing of the runner.

use indicatif::ProgressBar;

/// How to build the report.
#[derive(Clone, Debug)]
pub struct Options {
    /// Paper-scale sample sizes (Fuller's 1000 trees a point) instead of the
    /// quick defaults.
    pub full: bool,
    /// Base seed of every random experiment; each section derives its own.
    pub seed: u64,
    /// Only these section ids (all when `None`).
    pub sections: Option<Vec<String>>,
    /// Draw progress bars on standard error.
    pub progress: bool,
    /// The command line as typed (recorded in the report); rebuilt from
    /// the options when `None`.
    pub command_line: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            full: false,
            seed: 1973,
            sections: None,
            progress: false,
            command_line: None,
        }
    }
}

/// What a section sees while it runs.
pub struct Context<'a> {
    /// The options of the run.
    pub options: &'a Options,
    /// The section's own seed, derived from the base seed and its id.
    pub seed: u64,
    bar: ProgressBar,
}

impl<'a> Context<'a> {
    /// The context of one section: its seed and its progress bar.
    pub(crate) fn new(options: &'a Options, seed: u64, bar: ProgressBar) -> Self {
        Context { options, seed, bar }
    }

    /// Sets the number of steps the progress bar counts.
    pub fn steps(&self, n: u64) {
        self.bar.set_length(n);
    }

    /// Marks one step done, with a message.
    pub fn step(&self, message: &str) {
        self.bar.set_message(message.to_string());
        self.bar.inc(1);
    }

    /// Advances the progress bar by `n` units (trees of a Monte Carlo run).
    pub fn advance(&self, n: u64) {
        self.bar.inc(n);
    }

    /// A sample size: `quick` by default, `full` with `--full`.
    pub fn samples(&self, quick: u64, full: u64) -> u64 {
        if self.options.full { full } else { quick }
    }
}

//! What the commands print, written one way: standard output that survives a
//! reader closing the pipe, the output formats of `--format`, JSON, and the
//! Monte Carlo summary that `simulate` and `merge` both print.

use anyhow::Context as _;
use serde::Serialize;

/// How a command prints its result (`--format`, [`crate::args`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Text for people: a table, aligned lines or Markdown.
    Text,
    /// JSON for programs.
    Json,
    /// CSV rows for programs and spreadsheets.
    Csv,
}

impl Format {
    /// The name `--format` takes.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Json => "json",
            Format::Csv => "csv",
        }
    }
}

/// `println!` through [`print_out`], for a function that returns
/// `anyhow::Result`: a reader that closed the pipe early is no panic.
macro_rules! outln {
    () => {
        $crate::output::print_out("\n")?
    };
    ($($arg:tt)*) => {
        $crate::output::print_out(&format!("{}\n", format_args!($($arg)*)))?
    };
}
pub(crate) use outln;

/// Writes `text` to standard output. A reader that closed the pipe early
/// (`alphabeta search ... | head`) is not an error, and no panic as with `print!`.
pub fn print_out(text: &str) -> anyhow::Result<()> {
    use std::io::Write as _;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        result => result.context("writing to standard output"),
    }
}

/// `value` as indented JSON and a newline, the form of every `--format json`.
pub fn json(value: &impl Serialize) -> anyhow::Result<String> {
    Ok(serde_json::to_string_pretty(value)? + "\n")
}

/// A Monte Carlo summary as `simulate` and `merge` print it: a table, CSV
/// rows (one per measure and level) or the whole summary as JSON (exact
/// integer totals included).
pub fn summary(summary: &alphabeta_montecarlo::Summary, format: Format) -> anyhow::Result<String> {
    Ok(match format {
        Format::Text => summary.to_table(),
        Format::Csv => summary.to_csv()?,
        Format::Json => format!("{}\n", summary.to_json()),
    })
}

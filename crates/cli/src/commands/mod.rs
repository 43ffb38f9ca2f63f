//! One module per subcommand.

pub mod chess;
pub mod compare;
pub mod exact;
pub mod experiment;
pub mod explore;
pub mod fishburn;
pub mod merge;
pub mod minimal_tree;
pub mod perft;
pub mod reproduce;
pub mod search;
pub mod simulate;
pub mod solve;
pub mod uci;

/// `println!` through [`print_out`], for a function that returns
/// `anyhow::Result`: a reader that closed the pipe early is no panic.
macro_rules! outln {
    () => {
        $crate::commands::print_out("\n")?
    };
    ($($arg:tt)*) => {
        $crate::commands::print_out(&format!("{}\n", format_args!($($arg)*)))?
    };
}
pub(crate) use outln;

/// Writes `text` to standard output. A reader that closed the pipe early
/// (`alphabeta search ... | head`) is not an error, and no panic as with `print!`.
pub fn print_out(text: &str) -> anyhow::Result<()> {
    use anyhow::Context as _;
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

/// The command line as typed, each argument quoted for a POSIX shell where
/// needed, for the provenance a report records.
pub fn command_line() -> String {
    std::env::args()
        .map(|a| {
            if a.is_empty()
                || a.chars()
                    .any(|c| c.is_whitespace() || c == '\'' || c == '"')
            {
                format!("'{}'", a.replace('\'', "'\\''"))
            } else {
                a
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

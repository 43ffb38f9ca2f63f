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

// The commands print through the one output module.
pub(crate) use crate::output::{outln, print_out};

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

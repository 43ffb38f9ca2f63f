//! The chess subcommands from the command line.

use crate::common;

/// A reader that takes one byte of a long output and closes the pipe does not
/// make the command panic: it ends quietly, with success.
#[test]
fn a_closed_pipe_ends_chess_game_quietly() {
    let pgn = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../chess/tests/data/spassky-fischer-1972-g21.pgn"
    );
    let (first, out) = common::first_byte_then_close(&["chess", "game", pgn, "--depth", "1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(first, b'p', "the header line starts with \"ply\"");
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

//! The chess subcommands from the command line.

use std::io::Read;
use std::process::{Command, Stdio};

/// A reader that takes one byte of a long output and closes the pipe does not
/// make the command panic: it ends quietly, with success.
#[test]
fn a_closed_pipe_ends_chess_game_quietly() {
    let pgn = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../chess/tests/data/spassky-fischer-1972-g21.pgn"
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(["chess", "game", pgn, "--depth", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut first = [0u8; 1];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(first[0], b'p', "the header line starts with \"ply\"");
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

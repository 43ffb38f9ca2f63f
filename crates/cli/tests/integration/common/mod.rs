//! Running the `alphabeta` binary as a user does, for the command-line tests.
#![allow(dead_code)] // each test file uses its own part

use std::io::Read;
use std::process::{Command, Output, Stdio};

/// Runs `alphabeta ARGS`: its exit code, standard output and standard error.
pub fn alphabeta(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `alphabeta ARGS` with a reader that takes the first byte of its
/// output and closes the pipe: that byte, and how the command ended.
pub fn first_byte_then_close(args: &[&str]) -> (u8, Output) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_alphabeta"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut first = [0u8; 1];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    (first[0], child.wait_with_output().unwrap())
}

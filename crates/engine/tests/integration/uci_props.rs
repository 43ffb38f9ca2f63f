//! Property tests of the UCI protocol's reading: arbitrary, mutated and
//! valid command lines, with bounded searches mixed in, are answered with
//! protocol replies only, one `bestmove` per `go`, never a panic.

use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

use proptest::prelude::*;

/// The characters of mutations: the formats' own and a few strangers.
const ALPHABET: &str = "/ -0123456789KQRBNPkqrbnpwabcdefgh[]\"{}();.$!?x+#=O*\n\t\u{0}é";

/// A few random edits of `text` ([`alphabeta_testkit::mutated`]).
fn mutated(text: String) -> impl Strategy<Value = String> {
    alphabeta_testkit::mutated(text, ALPHABET, 1..6)
}

/// A writer the test can read back after the session.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A UCI command line: a valid one from a GUI's repertoire, mutated, or garbage.
/// Searches are kept short (`go` is always bounded to a few nodes, and the
/// hash small): the test is about reading lines, not about searching.
fn uci_line() -> impl Strategy<Value = String> {
    let valid = prop::sample::select(vec![
        "uci",
        "isready",
        "ucinewgame",
        "debug on",
        "position startpos",
        "position startpos moves e2e4 e7e5 g1f3",
        "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 moves c7c5",
        "position fen 8/8/8/8/8/8/8/K6k w - - 0 1",
        "position startpos moves e2e4 e2e4",
        "setoption name Hash value 1",
        "setoption name MultiPV value 2",
        "setoption name UCI_Chess960 value true",
        "setoption name Threads value 1",
        "setoption name Clear Hash",
        "stop",
        "ponderhit",
        "register later",
    ])
    .prop_map(str::to_string);
    prop_oneof![
        4 => valid.clone(),
        3 => valid.prop_flat_map(mutated),
        2 => "\\PC{0,60}",
    ]
    .prop_map(|line| {
        // Keep every search bounded and every hash small.
        let first = line.split_whitespace().next().unwrap_or("");
        if first == "go" || first.starts_with("go") && first.len() <= 3 {
            "go nodes 200".to_string()
        } else if line.to_ascii_lowercase().contains("hash") {
            "setoption name Hash value 1".to_string()
        } else {
            line
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Any session of command lines, with bounded searches mixed in, ends
    /// (at `quit` or the end of input) with only protocol replies written.
    #[test]
    fn uci_sessions_never_panic(
        lines in prop::collection::vec(prop_oneof![9 => uci_line(), 1 => Just("go nodes 200".to_string())], 0..12),
        quit in any::<bool>(),
    ) {
        let mut input = lines.join("\n");
        input.push_str(if quit { "\nquit\n" } else { "\n" });
        let out = Shared::default();
        alphabeta_engine::uci::run(Cursor::new(input.into_bytes()), Box::new(out.clone())).unwrap();
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        for reply in text.lines() {
            let word = reply.split_whitespace().next().unwrap_or("");
            prop_assert!(
                ["id", "uciok", "readyok", "option", "info", "bestmove"].contains(&word),
                "unexpected reply {:?}", reply
            );
        }
        let gos = lines
            .iter()
            .filter(|l| l.split_whitespace().next() == Some("go"))
            .count();
        let bestmoves = text.lines().filter(|l| l.starts_with("bestmove")).count();
        prop_assert_eq!(bestmoves, gos, "one bestmove per go:\n{}", text);
    }
}

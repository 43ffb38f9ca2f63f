//! The UCI protocol driven as a GUI would, through `uci::run` with an
//! in-memory input and output.

use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

use alphabeta_chess::Position;
use alphabeta_chess::notation::parse_uci;
use alphabeta_chess::uci;

#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("buffer").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn session(commands: &str) -> Vec<String> {
    let out = Buffer::default();
    uci::run(Cursor::new(commands.to_string()), Box::new(out.clone())).expect("protocol runs");
    let bytes = out.0.lock().expect("buffer").clone();
    String::from_utf8(bytes)
        .expect("utf-8")
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn handshake_lists_the_options() {
    let lines = session("uci\nisready\nquit\n");
    assert!(lines[0].starts_with("id name alphabeta"));
    for opt in ["Hash", "MultiPV", "UCI_Chess960", "Ponder"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {opt} type"))),
            "{opt}"
        );
    }
    let uciok = lines.iter().position(|l| l == "uciok").expect("uciok");
    assert_eq!(lines[uciok + 1], "readyok");
}

#[test]
fn go_depth_reports_info_and_a_legal_bestmove() {
    let lines = session("position startpos moves e2e4 e7e5 g1f3\ngo depth 5\n");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 5);
    for key in [
        " seldepth ",
        " score cp ",
        " nodes ",
        " nps ",
        " time ",
        " hashfull ",
        " pv ",
    ] {
        assert!(infos[4].contains(key), "{key} missing in {}", infos[4]);
    }
    let best = lines.last().expect("bestmove");
    let mv = best.split_whitespace().nth(1).expect("move");
    let mut pos = Position::startpos();
    for m in ["e2e4", "e7e5", "g1f3"] {
        pos = pos.play(parse_uci(&pos, m).expect("legal"));
    }
    assert!(parse_uci(&pos, mv).is_ok(), "{best}");
}

#[test]
fn mate_is_reported_as_mate() {
    let lines = session("position fen 7k/8/6K1/8/8/8/8/1Q6 w - - 0 1\ngo depth 3\n");
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    assert!(lines.last().expect("bestmove").starts_with("bestmove b1b8"));
}

#[test]
fn errors_are_info_strings_and_the_engine_keeps_going() {
    let lines = session(
        "bogus\nposition fen not-a-fen\nposition startpos moves e2e5\nsetoption name Hash value lots\n\
         setoption name Nope value 1\ngo depth x\nposition startpos moves e2e4\ngo depth 1\n",
    );
    let errors = lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .count();
    assert_eq!(errors, 6, "{lines:?}");
    // The failed position commands left no position (`go` answered 0000);
    // the last one applied: Black moves.
    let best = lines.last().expect("bestmove");
    let pos = Position::startpos();
    let pos = pos.play(parse_uci(&pos, "e2e4").expect("legal"));
    assert!(
        parse_uci(&pos, best.split_whitespace().nth(1).expect("move")).is_ok(),
        "{best}"
    );
}

#[test]
fn infinite_search_answers_isready_and_stops_on_stop() {
    let lines = session("position startpos\ngo infinite\nisready\nstop\nisready\n");
    let ready = lines
        .iter()
        .position(|l| l == "readyok")
        .expect("readyok during search");
    let best = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .expect("bestmove after stop");
    assert!(ready < best);
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
}

#[test]
fn multipv_and_movetime_and_nodes() {
    let lines = session("setoption name MultiPV value 2\nposition startpos\ngo depth 2\n");
    assert!(lines.iter().any(|l| l.contains(" multipv 2 ")));
    let lines = session("position startpos\ngo movetime 100\n");
    assert!(lines.last().expect("bestmove").starts_with("bestmove "));
    let lines = session("position startpos\ngo nodes 5000\n");
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("info");
    let nodes: u64 = last_info
        .split_whitespace()
        .skip_while(|w| *w != "nodes")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("nodes");
    assert!(nodes <= 5000, "{last_info}");
}

#[test]
fn ponder_waits_for_ponderhit() {
    let lines = session("position startpos\ngo ponder wtime 1000 btime 1000\nponderhit\n");
    assert!(lines.last().expect("bestmove").starts_with("bestmove "));
}

#[test]
fn game_over_positions_answer_0000() {
    let lines = session("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\ngo depth 3\n");
    assert_eq!(lines, ["info depth 0 score cp 0", "bestmove 0000"]);
    // Checkmated: the score says so.
    let lines = session("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo movetime 50\n");
    assert_eq!(lines, ["info depth 0 score mate 0", "bestmove 0000"]);
}

/// Input that hands out each command only once the output holds a given
/// number of `bestmove` lines, as a client that waits for answers would.
struct Paced {
    script: Vec<(usize, String)>,
    next: usize,
    pending: Vec<u8>,
    out: Buffer,
}

impl std::io::Read for Paced {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            let Some((wait, line)) = self.script.get(self.next).cloned() else {
                return Ok(0);
            };
            self.next += 1;
            let started = std::time::Instant::now();
            loop {
                let text = String::from_utf8_lossy(&self.out.0.lock().expect("buffer")).to_string();
                if text.matches("bestmove").count() >= wait {
                    break;
                }
                if started.elapsed() > std::time::Duration::from_secs(5) {
                    return Ok(0); // the answer never came: end the input
                }
                std::thread::yield_now();
            }
            self.pending = format!("{line}\n").into_bytes();
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// An output whose flush is slow: the search thread is still alive for a
/// while after its `bestmove` is visible, which is when a quick client sends
/// the next `go`.
struct SlowFlush(Buffer);

impl Write for SlowFlush {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        std::thread::sleep(std::time::Duration::from_millis(5));
        Ok(())
    }
}

#[test]
fn a_go_right_after_bestmove_is_accepted() {
    // The next `go` may arrive while the previous search thread is still
    // winding down after its `bestmove`; it must start a search, not fail.
    let out = Buffer::default();
    let mut script = Vec::new();
    for i in 0..30 {
        script.push((i, "position startpos".to_string()));
        script.push((i, "go depth 1".to_string()));
    }
    let input = std::io::BufReader::new(Paced {
        script,
        next: 0,
        pending: Vec::new(),
        out: out.clone(),
    });
    uci::run(input, Box::new(SlowFlush(out.clone()))).expect("protocol runs");
    let text = String::from_utf8(out.0.lock().expect("buffer").clone()).expect("utf-8");
    assert!(!text.contains("error"), "{text}");
    assert_eq!(text.matches("bestmove").count(), 30);
}

/// Runs a script where each command waits for the given number of `bestmove` lines.
fn paced(script: &[(usize, &str)]) -> String {
    let out = Buffer::default();
    let input = std::io::BufReader::new(Paced {
        script: script.iter().map(|&(w, l)| (w, l.to_string())).collect(),
        next: 0,
        pending: Vec::new(),
        out: out.clone(),
    });
    uci::run(input, Box::new(out.clone())).expect("protocol runs");
    String::from_utf8(out.0.lock().expect("buffer").clone()).expect("utf-8")
}

#[test]
fn go_with_odd_numbers_or_unknown_tokens_still_answers() {
    // Out-of-range numbers are clamped and unknown tokens ignored (UCI: "it
    // should just ignore it"): every go gets a legal bestmove.
    let text = paced(&[
        (0, "position startpos"),
        (0, "go depth -3"),
        (1, "go movetime -5"),
        (2, "go nodes 500 frobnicate"),
        (3, "go wtime 100 btime 100 movestogo -1"),
        (
            4,
            "go depth 99999999999999999999999999999999999999999 movetime 50",
        ),
    ]);
    let best: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!(best.len(), 5, "{text}");
    let pos = Position::startpos();
    for b in best {
        let mv = b.split_whitespace().next().expect("move");
        assert!(parse_uci(&pos, mv).is_ok(), "{b}");
    }
    assert!(
        text.contains("info string error: unknown go parameter \"frobnicate\" ignored"),
        "{text}"
    );
}

#[test]
fn a_clock_for_the_other_side_only_still_limits_the_search() {
    // Black to move, only White's clock given: not a search without end.
    let started = std::time::Instant::now();
    let lines = session("position startpos moves e2e4\ngo wtime 300\n");
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    let best = lines.last().expect("bestmove");
    let pos = Position::startpos();
    let pos = pos.play(parse_uci(&pos, "e2e4").expect("legal"));
    let mv = best.strip_prefix("bestmove ").expect("bestmove");
    assert!(parse_uci(&pos, mv.split_whitespace().next().expect("move")).is_ok());
}

#[test]
fn a_line_that_is_not_utf8_is_an_unknown_command() {
    let out = Buffer::default();
    let input: &[u8] = b"\xff\xfe garbage\r\nisready\r\nposition startpos moves e2e4\ngo depth 1\n";
    uci::run(input, Box::new(out.clone())).expect("protocol runs");
    let text = String::from_utf8(out.0.lock().expect("buffer").clone()).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("info string error: unknown command"),
        "{text}"
    );
    assert_eq!(lines[1], "readyok");
    let best = lines.last().expect("bestmove");
    let mv = best.strip_prefix("bestmove ").expect("bestmove");
    let pos = Position::startpos();
    let pos = pos.play(parse_uci(&pos, "e2e4").expect("legal"));
    assert!(
        parse_uci(&pos, mv.split_whitespace().next().expect("move")).is_ok(),
        "{text}"
    );
}

#[test]
fn after_a_failed_position_go_plays_no_move_for_another_position() {
    // The GUI's position is after 1. e4 e5 2. Bg5?? (illegal): a move for
    // the previous position (Black to move after 1. e4) would be illegal
    // in the GUI's game.
    let lines = session(
        "position startpos moves e2e4\nposition startpos moves e2e4 e7e5 f1g5\ngo depth 2\n\
         position fen 8/8/8 w - - 0 1\ngo depth 2\n",
    );
    let best: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best, ["bestmove 0000", "bestmove 0000"], "{lines:?}");
    assert!(
        lines[0].starts_with("info string error: position not set"),
        "{lines:?}"
    );
    // A good position command (or ucinewgame) ends it.
    for fix in ["position startpos moves e2e4", "ucinewgame"] {
        let lines = session(&format!(
            "position startpos moves e2e4 e7e5 f1g5\n{fix}\ngo depth 2\n"
        ));
        let last = lines.last().expect("bestmove");
        assert!(
            last.starts_with("bestmove ") && last != "bestmove 0000",
            "{fix}: {lines:?}"
        );
    }
}

#[test]
fn a_go_sent_before_the_last_bestmove_is_answered_in_turn() {
    // A script that pipes commands without waiting for bestmove.
    let lines = session(
        "position startpos\ngo depth 5\nposition startpos moves e2e4\ngo depth 5\n\
         position startpos moves e2e4 e7e5\ngo nodes 2000\n",
    );
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    let best: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|b| b.split_whitespace().next().expect("move"))
        .collect();
    assert_eq!(best.len(), 3, "{lines:?}");
    let positions = [
        Position::startpos(),
        Position::startpos().play(parse_uci(&Position::startpos(), "e2e4").expect("legal")),
    ];
    let third = positions[1].play(parse_uci(&positions[1], "e7e5").expect("legal"));
    for (pos, b) in positions.iter().chain([&third]).zip(&best) {
        assert!(parse_uci(pos, b).is_ok(), "{b} in {}", pos.fen());
    }
}

#[test]
fn a_setoption_sent_during_a_search_with_limits_applies_after_it() {
    let lines =
        session("position startpos\ngo depth 4\nsetoption name MultiPV value 2\ngo depth 1\n");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        2
    );
    let after = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .expect("first");
    assert!(
        lines[after..].iter().any(|l| l.contains(" multipv 2 ")),
        "{lines:?}"
    );
}

#[test]
fn a_go_without_limits_is_stopped_at_the_end_of_the_input() {
    let started = std::time::Instant::now();
    let lines = session("position startpos\ngo\n");
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    let best = lines.last().expect("bestmove");
    let mv = best.strip_prefix("bestmove ").expect("bestmove");
    let pos = Position::startpos();
    assert!(parse_uci(&pos, mv.split_whitespace().next().expect("move")).is_ok());
}

#[test]
fn searchmoves_leaves_out_bad_moves_and_still_answers() {
    let lines = session("position startpos\ngo searchmoves e2e5 g1f3 depth 3\n");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: searchmoves: ")),
        "{lines:?}"
    );
    assert!(
        lines.last().expect("bestmove").starts_with("bestmove g1f3"),
        "{lines:?}"
    );
    // Only bad moves: every move is searched.
    let lines = session("position startpos\ngo searchmoves e2e5 depth 1\n");
    let best = lines.last().expect("bestmove");
    let mv = best.strip_prefix("bestmove ").expect("bestmove");
    assert!(
        parse_uci(
            &Position::startpos(),
            mv.split_whitespace().next().expect("move")
        )
        .is_ok()
    );
}

//! The fuzz targets of alphabeta: one function per parser, each taking any
//! bytes. A target fails only by panicking (AFL++ records a crash); a clean
//! error is the expected answer to bad input. The properties checked besides
//! "no panic" are the round trips of the property tests (`crates/*/tests/*props.rs`).
//!
//! Each binary in `src/bin/` hands one of these to `afl::fuzz!`; run them with
//! `fuzz/run.sh` (see `docs/reliability.md`).

use std::io::Cursor;

use alphabeta_chess::Position;
use alphabeta_chess::notation::{parse_san, parse_uci, to_san, to_uci};

fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// The tree text format: whatever is read writes back to a text that reads
/// to the same tree.
pub fn tree(data: &[u8]) {
    use alphabeta_trees::{Convention, Tree};
    let text = text(data);
    if let Ok(t) = Tree::parse(&text) {
        let written = t.to_text(Convention::MinMax);
        let again = Tree::parse(&written).expect("a written tree reads back");
        assert_eq!(again.to_text(Convention::MinMax), written);
    }
}

/// FEN: an accepted position writes a FEN that reads back to it, and its
/// moves name and read back in SAN and UCI notation. The Chess960 reader
/// (Shredder-FEN, X-FEN) reads every standard FEN to the same position,
/// and what it accepts writes a FEN that it reads back.
pub fn fen(data: &[u8]) {
    let text = text(data);
    let standard = Position::from_fen(&text);
    if let Ok(pos) = &standard {
        let fen = pos.fen();
        let back = Position::from_fen(&fen).expect("a written FEN reads back");
        assert_eq!(back.fen(), fen);
        for mv in pos.legal_moves() {
            assert_eq!(parse_san(pos, &to_san(pos, mv)), Ok(mv));
            assert_eq!(parse_uci(pos, &to_uci(pos, mv)), Ok(mv));
        }
        let _ = pos.status();
    }
    if let Ok(pos) = Position::from_fen_960(&text) {
        if let Ok(standard) = &standard {
            assert_eq!(standard, &pos);
        }
        let fen = pos.fen();
        let back = Position::from_fen_960(&fen).expect("a written Chess960 FEN reads back");
        assert_eq!(back, pos);
        assert_eq!(back.fen(), fen);
    }
}

/// SAN and UCI move text in the start position and one middlegame position.
pub fn san(data: &[u8]) {
    let text = text(data);
    let middlegame =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .expect("a valid FEN");
    for pos in [Position::startpos(), middlegame] {
        if let Ok(mv) = parse_san(&pos, &text) {
            assert!(pos.is_legal(mv));
        }
        if let Ok(mv) = parse_uci(&pos, &text) {
            assert!(pos.is_legal(mv));
        }
    }
}

/// PGN: every game read replays through its positions.
pub fn pgn(data: &[u8]) {
    for game in alphabeta_chess::pgn::read_games(&text(data))
        .into_iter()
        .flatten()
    {
        assert_eq!(game.positions().len(), game.moves.len() + 1);
    }
}

/// EPD: every record's best and avoid moves are legal in its position.
pub fn epd(data: &[u8]) {
    for r in alphabeta_chess::epd::read_epd(&text(data))
        .into_iter()
        .flatten()
    {
        for mv in r.best_moves.iter().chain(&r.avoid_moves) {
            assert!(r.position.is_legal(*mv));
        }
    }
}

/// UCI: a session of command lines. Every search is bounded to 100 nodes:
/// a `go` line keeps all its parameters (so they are read as the GUI sent
/// them) behind a leading `nodes 100`, and a later `nodes` value past 100 is
/// lowered to 100 (an unbounded `go` would wait for ever by the protocol's
/// own rules, and `isready` or `setoption` wait for a bounded one). The hash
/// is 1 MiB, set first and kept there, so a `go` allocates 1 MiB and not
/// what the input asks for (up to 1 GiB). (The engine allocates its table
/// at the first search, so a session without `go` allocates none.)
pub fn uci(data: &[u8]) {
    let mut session = String::from("setoption name Hash value 1\n");
    for line in text(data).lines().take(64) {
        let mut words = line.split_whitespace();
        if words.next() == Some("go") {
            session.push_str("go nodes 100");
            let mut after_nodes = false;
            for w in words {
                session.push(' ');
                session.push_str(if after_nodes && more_than_100(w) {
                    "100"
                } else {
                    w
                });
                after_nodes = w == "nodes";
            }
            session.push('\n');
        } else if line.to_ascii_lowercase().contains("hash") {
            session.push_str("setoption name Hash value 1\n");
        } else {
            session.push_str(line);
            session.push('\n');
        }
    }
    session.push_str("quit\n");
    alphabeta_engine::uci::run(Cursor::new(session.into_bytes()), Box::new(std::io::sink()))
        .expect("a sink never fails");
}

/// Whether `w` is a number (as `go` reads one: digits after an optional
/// sign) above 100.
fn more_than_100(w: &str) -> bool {
    let digits = w.strip_prefix('+').unwrap_or(w);
    let value = digits.trim_start_matches('0');
    digits.bytes().all(|b| b.is_ascii_digit())
        && (value.len() > 3 || (value.len() == 3 && value > "100"))
}

/// Model descriptions (`NAME key=value …`): an accepted model names itself,
/// and its name reads back to it.
pub fn model(data: &[u8]) {
    use alphabeta_models::ModelSpec;
    if let Ok(spec) = text(data).parse::<ModelSpec>() {
        let name = spec.to_string();
        let back: ModelSpec = name.parse().expect("a model's name reads back");
        assert_eq!(back, spec);
    }
}

/// Checkpoints: reading any text as a checkpoint of a fixed experiment is
/// refused with an error, or (when the text is a valid checkpoint of it)
/// gives consistent totals of no more trees than the experiment's. The text
/// is read in memory ([`alphabeta_montecarlo::read_checkpoint`], the reader
/// behind `run`'s resume), not written to a file and resumed: an execution
/// costs no file system call and no search.
pub fn checkpoint(data: &[u8]) {
    use alphabeta_montecarlo::{Experiment, read_checkpoint};
    let Ok(text) = std::str::from_utf8(data) else {
        return; // the file reader refuses what is not UTF-8 before parsing
    };
    let experiment = Experiment::new(
        "uniform n=3 d=3".parse().expect("a valid model"),
        "f2".parse().expect("a valid procedure"),
        60,
        5,
    );
    if let Ok(totals) = read_checkpoint(text, &experiment) {
        assert!(totals.trees <= 60);
        totals.check().expect("accepted totals are consistent");
    }
}

/// Every input kept in `fuzz/crashes/` (named `TARGET-what`) replays
/// through its target without a panic: the regression tests of the crashes
/// the fuzzer found. Run with `cargo test --lib` in `fuzz/` (a debug build,
/// so with the overflow checks and debug assertions the fuzz build has).
#[cfg(test)]
mod tests {
    #[test]
    fn every_kept_crash_input_replays_cleanly() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crashes");
        let mut replayed = 0;
        for entry in std::fs::read_dir(&dir).expect("fuzz/crashes") {
            let path = entry.expect("a directory entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let data = std::fs::read(&path).expect("a crash input");
            let target: fn(&[u8]) = match name.split('-').next() {
                Some("tree") => super::tree,
                Some("fen") => super::fen,
                Some("san") => super::san,
                Some("pgn") => super::pgn,
                Some("epd") => super::epd,
                Some("uci") => super::uci,
                Some("model") => super::model,
                Some("checkpoint") => super::checkpoint,
                _ => panic!("{name}: no target of that name"),
            };
            target(&data);
            replayed += 1;
        }
        assert!(
            replayed >= 2,
            "only {replayed} crash inputs in {}",
            dir.display()
        );
    }
}

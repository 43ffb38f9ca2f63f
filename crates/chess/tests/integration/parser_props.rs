//! Property tests of the chess parsers: FEN, SAN and UCI move notation,
//! PGN and EPD. Arbitrary and mutated valid input is read or refused with
//! an error, never a panic; what a writer produces (FEN, SAN, UCI notation,
//! PGN movetext, EPD) reads back to the same. The UCI command lines are
//! tested in the engine's `tests/uci_props.rs`.

use alphabeta_chess::epd::{parse_epd_line, read_epd};
use alphabeta_chess::notation::{parse_san, parse_uci, to_san, to_uci};
use alphabeta_chess::pgn::read_games;
use alphabeta_chess::{Move, Position};
use proptest::prelude::*;

/// The positions of a random legal game of up to `plies` moves from the start:
/// each choice picks one of the legal moves.
fn game(plies: usize) -> impl Strategy<Value = Vec<(Position, Move)>> {
    prop::collection::vec(any::<prop::sample::Index>(), 0..=plies).prop_map(|choices| {
        let mut pos = Position::startpos();
        let mut line = Vec::new();
        for c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[c.index(moves.len())];
            line.push((pos.clone(), mv));
            pos = pos.play(mv);
        }
        line
    })
}

/// The position reached by a random game.
fn position() -> impl Strategy<Value = Position> {
    game(80).prop_map(|line| match line.last() {
        Some((pos, mv)) => pos.play(*mv),
        None => Position::startpos(),
    })
}

/// The characters of mutations: the formats' own and a few strangers.
const ALPHABET: &str = "/ -0123456789KQRBNPkqrbnpwabcdefgh[]\"{}();.$!?x+#=O*\n\t\u{0}é";

/// A few random edits of `text` ([`alphabeta_testkit::mutated`]).
fn mutated(text: String) -> impl Strategy<Value = String> {
    alphabeta_testkit::mutated(text, ALPHABET, 1..6)
}

/// PGN movetext of a game, with its tags.
fn pgn_of(line: &[(Position, Move)]) -> String {
    let mut text = String::from("[Event \"property test\"]\n[Result \"*\"]\n\n");
    for (ply, (pos, mv)) in line.iter().enumerate() {
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(&to_san(pos, *mv));
        text.push(' ');
    }
    text.push_str("*\n");
    text
}

/// The four FEN fields and an EPD operation list for `pos`, with best move `mv`.
fn epd_of(pos: &Position, mv: Move, id: u32) -> String {
    let fen = pos.fen();
    let four: Vec<_> = fen.split_whitespace().take(4).collect();
    format!(
        "{} bm {}; id \"test {id}\";",
        four.join(" "),
        to_san(pos, mv)
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn fen_round_trips(pos in position()) {
        let fen = pos.fen();
        let back = Position::from_fen(&fen).unwrap();
        prop_assert_eq!(back.fen(), fen);
        prop_assert_eq!(back.key(), pos.key());
    }

    #[test]
    fn move_notation_round_trips(line in game(60)) {
        for (pos, mv) in &line {
            prop_assert_eq!(parse_san(pos, &to_san(pos, *mv)).unwrap(), *mv);
            prop_assert_eq!(parse_uci(pos, &to_uci(pos, *mv)).unwrap(), *mv);
        }
    }

    #[test]
    fn pgn_round_trips(line in game(60)) {
        let text = pgn_of(&line);
        let games = read_games(&text);
        prop_assert_eq!(games.len(), 1);
        let g = games.into_iter().next().unwrap().unwrap();
        let moves: Vec<Move> = g.moves.iter().map(|m| m.mv).collect();
        let expected: Vec<Move> = line.iter().map(|(_, m)| *m).collect();
        prop_assert_eq!(moves, expected);
        prop_assert_eq!(g.tag("Event"), Some("property test"));
    }

    #[test]
    fn epd_round_trips(line in game(40).prop_filter("a move to name", |l| !l.is_empty())) {
        let text: String = line
            .iter()
            .enumerate()
            .map(|(i, (pos, mv))| epd_of(pos, *mv, i as u32) + "\n")
            .collect();
        let records = read_epd(&text);
        prop_assert_eq!(records.len(), line.len());
        for (i, (r, (pos, mv))) in records.into_iter().zip(&line).enumerate() {
            let r = r.unwrap();
            let four = |f: &str| f.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
            prop_assert_eq!(four(&r.position.fen()), four(&pos.fen()));
            prop_assert_eq!(&r.best_moves, &vec![*mv]);
            let id = format!("test {i}");
            prop_assert_eq!(r.id(), Some(id.as_str()));
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,120}") {
        let _ = Position::from_fen(&text);
        let _ = parse_epd_line(&text, 1);
        let _ = read_games(&text);
        let pos = Position::startpos();
        let _ = parse_san(&pos, &text);
        let _ = parse_uci(&pos, &text);
    }

    #[test]
    fn mutated_fens_never_panic(fen in position().prop_map(|p| p.fen()).prop_flat_map(mutated)) {
        if let Ok(pos) = Position::from_fen(&fen) {
            // Whatever is accepted is a position the rest of the crate can use.
            let moves = pos.legal_moves();
            for mv in moves.iter().take(5) {
                let _ = to_san(&pos, *mv);
                let _ = pos.play(*mv).fen();
            }
            let _ = pos.status();
        }
    }

    #[test]
    fn mutated_pgn_never_panics(text in game(30).prop_map(|l| pgn_of(&l)).prop_flat_map(mutated)) {
        for g in read_games(&text).into_iter().flatten() {
            let positions = g.positions();
            prop_assert_eq!(positions.len(), g.moves.len() + 1);
        }
    }

    #[test]
    fn mutated_epd_never_panics(
        text in game(20)
            .prop_filter("a move to name", |l| !l.is_empty())
            .prop_map(|l| { let (p, m) = l.last().unwrap(); epd_of(p, *m, 1) })
            .prop_flat_map(mutated)
    ) {
        for r in read_epd(&text).into_iter().flatten() {
            for mv in r.best_moves.iter().chain(&r.avoid_moves) {
                prop_assert!(r.position.is_legal(*mv));
            }
        }
    }

    #[test]
    fn mutated_san_never_panics(
        (pos, text) in game(30)
            .prop_filter("a move to name", |l| !l.is_empty())
            .prop_flat_map(|l| {
                let (pos, mv) = l.last().unwrap().clone();
                let san = to_san(&pos, mv);
                (Just(pos), mutated(san))
            })
    ) {
        if let Ok(mv) = parse_san(&pos, &text) {
            prop_assert!(pos.is_legal(mv));
        }
        if let Ok(mv) = parse_uci(&pos, &text) {
            prop_assert!(pos.is_legal(mv));
        }
    }
}

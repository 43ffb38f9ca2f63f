//! The project's reference files (copied from the shared reference data;
//! see `tests/data/README.md`): every PGN game replays and every WAC
//! position loads with a legal best move.

use alphabeta_chess::epd::read_epd;
use alphabeta_chess::pgn::{GameResult, read_games};

#[test]
fn spassky_fischer_game_21_has_81_plies() {
    let games = read_games(include_str!("../data/spassky-fischer-1972-g21.pgn"));
    assert_eq!(games.len(), 1);
    let g = games[0].as_ref().expect("replays");
    assert_eq!(g.moves.len(), 81);
    assert_eq!(g.tag("PlyCount"), Some("81"));
    assert_eq!(g.result, GameResult::BlackWins);
    assert_eq!(g.moves.last().map(|m| m.san.as_str()), Some("Bd7"));
    assert_eq!(g.positions().len(), 82);
}

#[test]
fn every_game_of_every_file_replays_with_its_ply_count() {
    let files = [
        include_str!("../data/spassky-fischer-1972-g21.pgn"),
        include_str!("../data/fischer-matanovic-1968.pgn"),
        include_str!("../data/botvinnik-donner-candidates.pgn"),
    ];
    let mut total = 0;
    for text in files {
        for g in read_games(text) {
            let g = g.expect("every game replays");
            if let Some(plies) = g.tag("PlyCount") {
                assert_eq!(g.moves.len().to_string(), plies, "{:?}", g.tags);
            }
            total += 1;
        }
    }
    assert_eq!(total, 12);
}

#[test]
fn every_wac_position_loads_with_legal_best_moves() {
    let records = read_epd(include_str!("../data/wac.epd"));
    assert_eq!(records.len(), 300);
    for (i, r) in records.iter().enumerate() {
        let r = r.as_ref().expect("loads");
        assert!(!r.best_moves.is_empty(), "record {}", i + 1);
        assert_eq!(r.id(), Some(format!("WAC.{:03}", i + 1).as_str()));
    }
}

#[test]
fn every_bratko_kopec_position_loads_with_legal_best_moves() {
    use alphabeta_chess::notation::to_uci;
    let records = read_epd(include_str!("../data/bratko-kopec.epd"));
    assert_eq!(records.len(), 24);
    for (i, r) in records.iter().enumerate() {
        let r = r.as_ref().expect("loads with legal best moves");
        assert!(!r.best_moves.is_empty(), "record {}", i + 1);
        assert_eq!(r.id(), Some(format!("BK.{:02}", i + 1).as_str()));
    }
    // Spot checks against the published suite: BK.01 1...Qd1+, BK.05 Nd5 or a4, BK.22 ...Bxe4.
    let uci = |k: usize| -> Vec<String> {
        let r = records[k].as_ref().unwrap();
        r.best_moves
            .iter()
            .map(|m| to_uci(&r.position, *m))
            .collect()
    };
    assert_eq!(uci(0), ["d6d1"]);
    assert_eq!(uci(4), ["c3d5", "a2a4"]);
    assert_eq!(uci(21), ["b7e4"]);
}

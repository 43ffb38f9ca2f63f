//! Connect Four scores pinned against an independent solver: a plain
//! exhaustive negamax on a 7×6 array (no bitboards, no pruning, no table,
//! no move filtering), written here from the rules alone. It is exponential,
//! so it solves late positions (≥ 30 discs); the solver under test must
//! agree with it on every one, as must the core's exhaustive negamax on the
//! bitboard game (which checks the game's rules and settled values without
//! the table).

use alphabeta_core::procedures::negamax;
use alphabeta_core::{BoundedGame, Game, HashedGame, Search};
use alphabeta_games::connect4::{
    Board, Connect4, Driver, MoveOrder, MovesError, Options, Outcome, Rule, Solver, full_depth,
    random_position,
};

/// The reference: a board of 7 columns of 6 cells, 0 empty, 1 and 2 the
/// players' discs (1 moves first).
#[derive(Clone)]
struct Naive {
    cells: [[u8; 6]; 7],
    heights: [usize; 7],
    discs: usize,
}

impl Naive {
    fn from_moves(moves: &str) -> Naive {
        let mut b = Naive {
            cells: [[0; 6]; 7],
            heights: [0; 7],
            discs: 0,
        };
        for ch in moves.chars() {
            let c = ch.to_digit(10).unwrap() as usize - 1;
            assert!(!b.drop(c), "the game ended before the last move of {moves}");
        }
        b
    }

    /// Drops a disc of the side to move into column `c`; true if it makes
    /// four in a line.
    fn drop(&mut self, c: usize) -> bool {
        let player = (self.discs % 2 + 1) as u8;
        let r = self.heights[c];
        self.cells[c][r] = player;
        self.heights[c] += 1;
        self.discs += 1;
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
            let mut n = 1;
            for sign in [1i32, -1] {
                let (mut cc, mut rr) = (c as i32 + dc * sign, r as i32 + dr * sign);
                while (0..7).contains(&cc)
                    && (0..6).contains(&rr)
                    && self.cells[cc as usize][rr as usize] == player
                {
                    n += 1;
                    cc += dc * sign;
                    rr += dr * sign;
                }
            }
            n >= 4
        })
    }

    fn undo(&mut self, c: usize) {
        self.heights[c] -= 1;
        self.cells[c][self.heights[c]] = 0;
        self.discs -= 1;
    }

    /// The score of the side to move (22 − k for a win with its k-th disc,
    /// 0 a draw, k − 22 a loss to the opponent's k-th disc) by trying every
    /// continuation.
    fn score(&mut self) -> i64 {
        let mut best = i64::MIN;
        for c in 0..7 {
            if self.heights[c] == 6 {
                continue;
            }
            let k = (self.discs / 2 + 1) as i64;
            let v = if self.drop(c) {
                22 - k
            } else if self.discs == 42 {
                0
            } else {
                -self.score()
            };
            self.undo(c);
            best = best.max(v);
        }
        best
    }
}

fn solver() -> Solver {
    Solver::new(Options {
        table_mb: 4,
        ..Options::default()
    })
}

/// Late positions from reproducible random games: (discs, seed).
fn late_positions() -> Vec<String> {
    let mut out = Vec::new();
    for (discs, seeds) in [(30, 1..=3), (32, 1..=6), (34, 1..=8), (36, 1..=8)] {
        for seed in seeds {
            out.push(random_position(discs, seed).expect("an open position"));
        }
    }
    out
}

#[test]
fn late_positions_match_exhaustive_search() {
    let mut solver = solver();
    let mut scores = Vec::new();
    for moves in late_positions() {
        let expected = Naive::from_moves(&moves).score();
        let pos: Board = moves.parse().unwrap();
        let got = solver.solve(&pos);
        assert!(got.complete);
        assert_eq!(got.score, expected, "position {moves}");
        // The weak solver gives the sign.
        assert_eq!(solver.solve_weak(&pos).score, expected.signum(), "{moves}");
        // The core's exhaustive negamax on the bitboard game, no table.
        let game = Connect4::default();
        let mut s = Search::new(&game);
        assert_eq!(negamax(&mut s, &pos, full_depth(&pos)), expected, "{moves}");
        scores.push(expected);
    }
    // The set is not trivial: wins, losses and draws all occur.
    for outcome in [Outcome::Win, Outcome::Draw, Outcome::Loss] {
        assert!(
            scores.iter().any(|&s| Outcome::of(s) == outcome),
            "no {outcome:?} among {scores:?}"
        );
    }
}

/// McCarthy's bounds bracket the exact score of every late position and of
/// every position one legal disc later, and they meet (at the loss the
/// rules give) on the positions where every move lets the opponent connect
/// four at once, so that a null-window test settles those by their bounds.
#[test]
fn bounds_bracket_the_score_and_meet_on_forced_losses() {
    let game = Connect4::default();
    let mut forced_losses = 0;
    for moves in late_positions() {
        let pos: Board = moves.parse().unwrap();
        let mut positions = vec![(moves.clone(), pos)];
        for c in Connect4::legal_columns(&pos) {
            let child = pos.play(c as usize);
            if !child.is_over() {
                positions.push((format!("{moves}{}", c + 1), child));
            }
        }
        for (moves, pos) in positions {
            let exact = Naive::from_moves(&moves).score();
            let (lo, hi) = (game.pessimistic(&pos), game.optimistic(&pos));
            assert!(lo <= exact && exact <= hi, "{moves}: {lo} ≤ {exact} ≤ {hi}");
            // No move is left that does not lose at once, and no win now.
            if game.successors(&pos).is_empty() && exact < 0 {
                forced_losses += 1;
                assert_eq!((lo, hi), (exact, exact), "{moves}");
            }
        }
    }
    assert!(forced_losses > 0, "no forced loss among the positions");
}

#[test]
fn every_option_finds_the_same_scores() {
    for moves in late_positions().into_iter().step_by(3) {
        let expected = Naive::from_moves(&moves).score();
        let pos: Board = moves.parse().unwrap();
        for order in [MoveOrder::Static, MoveOrder::Threats] {
            for rule in [Rule::FailSoft, Rule::FailHard] {
                for driver in [
                    alphabeta_games::connect4::Driver::Bisection,
                    alphabeta_games::connect4::Driver::FullWindow,
                ] {
                    let mut s = Solver::new(Options {
                        table_mb: 1,
                        order,
                        rule,
                        driver,
                    });
                    assert_eq!(
                        s.solve(&pos).score,
                        expected,
                        "{moves} {order:?} {rule:?} {driver:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_score_after_the_best_move_is_the_negation() {
    let mut solver = solver();
    for moves in late_positions().into_iter().step_by(2) {
        let pos: Board = moves.parse().unwrap();
        let score = solver.solve(&pos).score;
        let best = solver.best_columns(&pos, score).unwrap();
        assert!(!best.is_empty(), "{moves}");
        let mut naive = Naive::from_moves(&moves);
        for c in Connect4::legal_columns(&pos) {
            // Independently: the value of the move by exhaustive search.
            let k = (naive.discs / 2 + 1) as i64;
            let after = if naive.drop(c as usize) {
                -(22 - k)
            } else if naive.discs == 42 {
                0
            } else {
                naive.score()
            };
            naive.undo(c as usize);
            // The solver's score of the position after the move.
            let child = pos.play(c as usize);
            let child_score = solver.solve(&child).score;
            assert_eq!(child_score, after, "{moves} then {}", c + 1);
            assert!(-child_score <= score);
            assert_eq!(
                best.contains(&(c + 1)),
                -child_score == score,
                "{moves}: {best:?}"
            );
        }
    }
}

/// The score of the side to move of `naive` after it drops a disc in
/// column `c` (0–6), for that side, by exhaustive search.
fn naive_column_score(naive: &mut Naive, c: usize) -> i64 {
    let k = (naive.discs / 2 + 1) as i64;
    let score = if naive.drop(c) {
        22 - k
    } else if naive.discs == 42 {
        0
    } else {
        -naive.score()
    };
    naive.undo(c);
    score
}

/// The table's key is shared by a position and its mirror image only, and
/// the key the game gives for a successor (for the table's prefetch) is the
/// successor's key.
#[test]
fn keys_of_mirror_images_and_successors() {
    let game = Connect4::default();
    let mirror = |moves: &str| -> String {
        moves
            .chars()
            .map(|c| char::from(b'8' - (c as u8 - b'0')))
            .collect()
    };
    let mut keys = std::collections::HashMap::new();
    for moves in late_positions() {
        let pos: Board = moves.parse().unwrap();
        let image: Board = mirror(&moves).parse().unwrap();
        assert_eq!(game.key(&pos), game.key(&image), "{moves}");
        for c in Connect4::legal_columns(&pos) {
            let child = pos.play(c as usize);
            assert_eq!(game.successor_key(&pos, c), Some(game.key(&child)));
            // Equal keys only for equal positions or mirror images.
            let canonical = child.unique_key().min(
                mirror(&format!("{moves}{}", c + 1))
                    .parse::<Board>()
                    .unwrap()
                    .unique_key(),
            );
            assert_eq!(
                *keys.entry(game.key(&child)).or_insert(canonical),
                canonical
            );
        }
    }
}

/// `--analyze`: every column's score is the exhaustive search's, full
/// columns have none, and the best columns are those with the top score.
#[test]
fn every_column_is_scored_as_exhaustive_search_scores_it() {
    let mut solver = solver();
    for moves in late_positions() {
        let pos: Board = moves.parse().unwrap();
        let analysis = solver.analyze(&pos, false).unwrap();
        let weak = solver.analyze(&pos, true).unwrap();
        let mut naive = Naive::from_moves(&moves);
        for c in 0..7 {
            let expected = (naive.heights[c] < 6).then(|| naive_column_score(&mut naive, c));
            assert_eq!(analysis.scores[c], expected, "{moves} column {}", c + 1);
            assert_eq!(weak.scores[c], expected.map(i64::signum), "{moves}");
        }
        let top = analysis.scores.iter().flatten().max().copied();
        assert_eq!(top, Some(naive.score()), "{moves}");
        let best: Vec<u8> = (1..=7)
            .filter(|&c| analysis.scores[c as usize - 1] == top)
            .collect();
        assert_eq!(analysis.best_columns(), best, "{moves}");
    }
    // A finished game has no column to score.
    let over = solver.analyze(&"1212121".parse().unwrap(), false).unwrap();
    assert_eq!(over.scores, [None; 7]);
    assert!(over.best_columns().is_empty());
}

/// The one best column `solve` names without a search of its own keeps the
/// score: exhaustive search scores it at the score, whatever the driver,
/// rule and order, in the strong and the weak mode, on the late positions
/// and on the positions one disc later (where the rules settle some).
#[test]
fn the_column_solve_names_keeps_the_score() {
    let mut positions = Vec::new();
    for moves in late_positions() {
        let pos: Board = moves.parse().unwrap();
        for c in Connect4::legal_columns(&pos) {
            if !pos.play(c as usize).is_won() {
                positions.push(format!("{moves}{}", c + 1));
            }
        }
        positions.push(moves);
    }
    let game = Connect4::default();
    let (mut wins_at_once, mut all_lose_at_once) = (0, 0);
    let mut checked = 0;
    for moves in positions {
        let pos: Board = moves.parse().unwrap();
        let mut naive = Naive::from_moves(&moves);
        // Each column's score by exhaustive search, once per position.
        let columns: Vec<Option<i64>> = (0..7)
            .map(|c| (naive.heights[c] < 6).then(|| naive_column_score(&mut naive, c)))
            .collect();
        let exact = if pos.is_over() {
            None
        } else {
            columns.iter().flatten().max().copied()
        };
        // Where the rules settle the position, they name the column.
        if !pos.is_over() && game.outcome(&pos, 0) == Some(22 - pos.next_disc()) {
            wins_at_once += 1;
        } else if !pos.is_over() && game.successors(&pos).is_empty() {
            all_lose_at_once += 1;
        }
        for (order, rule, driver) in [
            (MoveOrder::Threats, Rule::FailSoft, Driver::Bisection),
            (MoveOrder::Static, Rule::FailHard, Driver::Bisection),
            (MoveOrder::Threats, Rule::FailSoft, Driver::FullWindow),
        ] {
            let mut solver = Solver::new(Options {
                table_mb: 1,
                order,
                rule,
                driver,
            });
            let solution = solver.solve(&pos);
            let weak = solver.solve_weak(&pos);
            let Some(exact) = exact else {
                assert_eq!((solution.best_column, weak.best_column), (None, None));
                continue;
            };
            assert_eq!(solution.score, exact, "{moves}");
            let c = solution.best_column.expect("a column") as usize - 1;
            assert_eq!(columns[c], Some(exact), "{moves} {driver:?}");
            let c = weak.best_column.expect("a column") as usize - 1;
            assert_eq!(
                columns[c].map(i64::signum),
                Some(exact.signum()),
                "{moves} weak {driver:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
    assert!(wins_at_once > 0 && all_lose_at_once > 0);
}

#[test]
fn hand_checkable_positions() {
    let mut solver = solver();
    let score = |solver: &mut Solver, moves: &str| solver.solve(&moves.parse().unwrap()).score;
    // x on columns 1–3 of the bottom row, o on top: x wins with its 4th disc.
    assert_eq!(score(&mut solver, "112233"), 22 - 4);
    // The literature's examples.
    assert_eq!(score(&mut solver, "4455"), 18);
    assert_eq!(score(&mut solver, "44455554221"), -15);
    // Two open ends: x on 2, 3, 4 of the bottom row with 1 and 5 empty; o
    // (to move) can block only one, and x wins with its 4th disc.
    assert_eq!(score(&mut solver, "27374"), 4 - 22);
    // With o three high in column 7 as well, x to move wins at once; and if
    // x plays elsewhere (column 6), o wins at once, each with its 4th disc.
    assert_eq!(score(&mut solver, "273747"), 22 - 4);
    assert_eq!(score(&mut solver, "2737476"), 22 - 4);
    // A full board without four in a line is a draw; so is the position
    // before its last disc.
    let full = "746336637473574166457736354111141522225252";
    assert_eq!(full.len(), 42);
    let mut naive = Naive::from_moves(full);
    assert_eq!(naive.discs, 42);
    let pos: Board = full.parse().unwrap();
    assert_eq!(score(&mut solver, full), 0);
    assert_eq!(Connect4::default().outcome(&pos, 0), Some(0));
    assert_eq!(score(&mut solver, &full[..41]), 0);
    naive.undo(full.as_bytes()[41] as usize - '1' as usize);
    assert_eq!(naive.score(), 0);
    // A finished game: the side to move has lost to the opponent's 4th disc.
    assert_eq!(score(&mut solver, "1212121"), 4 - 22);
}

#[test]
fn bad_move_strings_are_refused_with_the_reason() {
    let err = |s: &str| s.parse::<Board>().unwrap_err();
    assert_eq!(
        err("448"),
        MovesError::NotAColumn {
            index: 3,
            found: '8'
        }
    );
    assert_eq!(
        err("40"),
        MovesError::NotAColumn {
            index: 2,
            found: '0'
        }
    );
    assert_eq!(
        err("4a"),
        MovesError::NotAColumn {
            index: 2,
            found: 'a'
        }
    );
    assert_eq!(
        err("1111111"),
        MovesError::FullColumn {
            index: 7,
            column: 1
        }
    );
    assert_eq!(
        err("12121212"),
        MovesError::AfterEnd {
            index: 8,
            won_at: 7
        }
    );
    assert_eq!(err(&"1234567".repeat(7)), MovesError::TooLong(49));
    assert_eq!(
        err("1111111").to_string(),
        "move 7 drops a disc into column 1, which is full"
    );
    assert_eq!(
        err("12121212").to_string(),
        "move 8 comes after the game ended: move 7 made four in a line"
    );
    assert_eq!(
        err("448").to_string(),
        "move 3 is '8': moves are the columns 1 to 7 (left to right)"
    );
    // Spaces are allowed; the empty string is the empty board.
    assert_eq!("44 55".parse::<Board>().unwrap(), "4455".parse().unwrap());
    assert_eq!("".parse::<Board>().unwrap().discs(), 0);
}

//! Connect Four (7 columns, 6 rows): a bitboard [`Game`](alphabeta_core::Game)
//! for the core, positions read from the columns played, and an exact
//! solver made of the core's procedures.
//!
//! ```
//! use alphabeta_games::connect4::{Board, Options, Solver};
//! let pos: Board = "4455".parse().unwrap();
//! let mut solver = Solver::new(Options { table_mb: 1, ..Options::default() });
//! // The side to move wins with its 4th disc: 22 − 4.
//! assert_eq!(solver.solve(&pos).score, 18);
//! assert!("448".parse::<Board>().is_err());
//! ```

mod board;
mod game;
mod positions;
mod solver;

pub use board::{Board, HEIGHT, MovesError, SQUARES, WIDTH, has_four, winning_squares};
pub use game::{CENTRE_FIRST, Columns, Connect4, MoveOrder};
pub use positions::random_position;
pub use solver::{
    Analysis, DEFAULT_TABLE_MB, Driver, MAX_TABLE_MB, OPENING_DISCS, OPENING_TABLE_MB, Options,
    Outcome, Rule, Solution, Solver, full_depth, table_mb_for,
};

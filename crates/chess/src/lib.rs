//! # alphabeta-chess
//!
//! The rules of chess and its file formats, shared by the seeds' chess
//! experiments (`alphabeta-chess-lab`) and the UCI engine
//! (`alphabeta-engine`): a position with the history the draw rules need,
//! on the `cozy-chess` move generator; FEN, SAN and UCI notation; PGN and
//! EPD readers; perft; static exchange evaluation; and the material values
//! and static evaluators of Fuller, Gaschnig & Gillogly (1973, §6).
//!
//! Start with [`Position`] (a board plus its repetition chain: FEN in,
//! legal moves, [`Status`] out), then [`notation`] to read and write moves,
//! [`pgn::read_games`] and [`epd::read_epd`] to load games and test suites,
//! and [`eval::Evaluator`] for the papers' evaluation functions.
//!
//! ```
//! use alphabeta_chess::{Position, notation, perft::perft};
//!
//! let start = Position::startpos();
//! assert_eq!(perft(start.board(), 3), 8_902);
//! let e4 = notation::parse_san(&start, "e4").expect("a legal move");
//! assert_eq!(notation::to_uci(&start, e4), "e2e4");
//! ```

pub mod epd;
pub mod eval;
pub mod movecount;
pub mod notation;
pub mod perft;
pub mod pgn;
pub mod position;
pub mod see;

pub use cozy_chess::{Board, Color, Move, Piece, Square};
pub use position::{DrawReason, FenError, Position, Status};

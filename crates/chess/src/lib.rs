//! # alphabeta-chess
//!
//! Chess on the alphabeta core: the game rules as an [`alphabeta_core::Game`]
//! on the `cozy-chess` move generator, FEN/SAN/UCI notation, PGN and EPD
//! readers, perft, the chess experiments of Fuller, Gaschnig & Gillogly
//! (1973, §6) and Klyushin & Kruchinin (2006), and a UCI engine.

pub mod notation;
pub mod ordering;
pub mod position;
pub mod selective;
pub mod suite;
pub mod uci;

pub use cozy_chess::{Board, Color, Move, Piece, Square};
pub use position::{DrawReason, FenError, Position, Status};
pub mod engine;
pub mod epd;
pub mod eval;
pub mod experiment;
pub mod floyd;
pub mod game;
pub mod movecount;
pub mod perft;
pub mod pgn;

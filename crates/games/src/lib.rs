//! # alphabeta-games
//!
//! Real games on the alphabeta core, searched by the core's procedures:
//!
//! | module | contents |
//! |---|---|
//! | [`connect4`] | Connect Four (7×6) as a bitboard [`alphabeta_core::Game`], its positions read from the columns played, and an exact solver built from the core's null-window alpha-beta, transposition table and MTD(bi) narrowing |
//! | [`fishburn`] | fail-soft F3 against fail-hard F2 with the same transposition table, on any game graph with transpositions (Hsu's slide: "F3 saves about 7 %", Fishburn 1983) |

pub mod connect4;
pub mod fishburn;

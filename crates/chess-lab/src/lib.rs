//! # alphabeta-chess-lab
//!
//! The chess experiments of the seeds, run with the core's procedures on
//! the rules of `alphabeta-chess`:
//!
//! * Fuller, Gaschnig & Gillogly, *Analysis of the alpha-beta pruning
//!   algorithm* (CMU 1973, §6): fixed-depth searches of the positions of
//!   Spassky–Fischer 1972 game 21 with Tech's material evaluator (optional
//!   mobility), fixed random branching, capture chains and "no equal
//!   values", counting bottom positions, move generations and the range R
//!   of bottom values ([`experiment`]);
//! * Floyd's likelihood search as Knuth & Moore (1975, §4) describe it,
//!   tried on chess against alpha-beta at equal node budgets ([`floyd`]);
//! * Klyushin & Kruchinin, *Advanced search using alpha-beta pruning*
//!   (Mat. Stud. 25, 2006): the selective search by threats, protecting
//!   and positive moves, counted against plain alpha-beta ([`selective`]).
//!
//! Where to start reading: [`game::Chess`] is chess as an
//! [`alphabeta_core::Game`], configured by [`game::ExperimentConfig`] for
//! Fuller's modes; [`experiment::run_experiment`] searches one position
//! with a core procedure and reports its counts; [`ordering`] is the
//! MVV-LVA and killer order of the experiments' alpha-beta baselines.
//! The playing engine is another crate (`alphabeta-engine`); nothing
//! here imports it.

pub mod experiment;
pub mod floyd;
pub mod game;
pub mod ordering;
pub mod selective;

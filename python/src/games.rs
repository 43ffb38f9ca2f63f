//! The built-in games as Python state objects: tic-tac-toe and Connect Four
//! (`alphabeta.games`), searched natively by every procedure (no Python
//! call per position), and Connect Four's exact solver.
//!
//! A [`State`] is immutable: `play` returns a new state, as the search's
//! positions are. Moves are tic-tac-toe's squares 0–8 (`3·row + column`, as
//! the core's [`TicTacToe`]) and Connect Four's columns 1–7 (the notation of
//! the solving literature, in which `connect4("4455")` is written).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use alphabeta_core::{Game, Limits};
use alphabeta_games::connect4::{
    Board as Connect4Board, Connect4, DEFAULT_TABLE_MB, MAX_TABLE_MB, Options, Solver,
};
use alphabeta_trees::tictactoe::{Board as TicTacToeBoard, TicTacToe};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::dispatch::Request;
use crate::interrupt::interruptible;
use crate::search::schema_dict;
use crate::value_error;

/// A position of a built-in game.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Position {
    TicTacToe(TicTacToeBoard),
    Connect4(Connect4Board),
}

/// A position of a built-in game, with the moves that led to it.
#[pyclass(module = "alphabeta._core", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct State {
    position: Position,
    history: Vec<u8>,
}

impl State {
    fn legal(&self) -> Vec<u8> {
        match &self.position {
            Position::TicTacToe(b) => {
                if self.is_over() {
                    return Vec::new();
                }
                let mut out = Vec::new();
                TicTacToe.moves(b, &mut out);
                out
            }
            Position::Connect4(b) => {
                let mut cols: Vec<u8> = Connect4::legal_columns(b).iter().map(|c| c + 1).collect();
                cols.sort_unstable();
                cols
            }
        }
    }

    /// The state after the legal move `m`.
    fn play_move(&self, m: u8) -> State {
        let position = match &self.position {
            Position::TicTacToe(b) => Position::TicTacToe(TicTacToe.play(b, m)),
            Position::Connect4(b) => Position::Connect4(b.play(usize::from(m - 1))),
        };
        let mut history = self.history.clone();
        history.push(m);
        State { position, history }
    }

    fn is_over(&self) -> bool {
        match &self.position {
            Position::TicTacToe(b) => {
                TicTacToe.outcome(b, 0).is_some() || (b.mine | b.theirs) == 0b111_111_111
            }
            Position::Connect4(b) => b.is_over(),
        }
    }
}

#[pymethods]
impl State {
    /// The game: `"tictactoe"` or `"connect4"`.
    #[getter]
    fn game(&self) -> &'static str {
        match self.position {
            Position::TicTacToe(_) => "tictactoe",
            Position::Connect4(_) => "connect4",
        }
    }

    /// The moves played from the empty board.
    #[getter]
    fn history(&self) -> Vec<u32> {
        self.history.iter().map(|&m| u32::from(m)).collect()
    }

    /// The player to move: 0 (the first, `x`) or 1 (`o`).
    #[getter]
    fn to_move(&self) -> usize {
        self.history.len() % 2
    }

    /// The legal moves, in increasing order (empty when the game is over).
    fn legal_moves(&self) -> Vec<u32> {
        self.legal().into_iter().map(u32::from).collect()
    }

    /// The state after `move` (a new object; this one is unchanged).
    fn play(&self, r#move: &Bound<'_, PyAny>) -> PyResult<State> {
        let m: i64 = r#move.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "a move of {} is an integer, not {}",
                self.game(),
                r#move.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })?;
        let legal = self.legal();
        let Some(&m) = legal.iter().find(|&&l| i64::from(l) == m) else {
            return Err(value_error(format!(
                "{m} is not a legal move of this {} position; legal: {legal:?}",
                self.game()
            )));
        };
        Ok(self.play_move(m))
    }

    /// Whether the game is over (a line made, or the board full).
    fn is_terminal(&self) -> bool {
        self.is_over()
    }

    /// The board as text rows, top first: `x` the first player, `o` the
    /// second, `.` empty.
    fn diagram(&self) -> String {
        match &self.position {
            Position::TicTacToe(b) => {
                let (x, o) = if self.history.len().is_multiple_of(2) {
                    (b.mine, b.theirs)
                } else {
                    (b.theirs, b.mine)
                };
                let mut out = String::new();
                for row in 0..3 {
                    for col in 0..3 {
                        let bit = 1u16 << (3 * row + col);
                        out.push(if x & bit != 0 {
                            'x'
                        } else if o & bit != 0 {
                            'o'
                        } else {
                            '.'
                        });
                    }
                    out.push('\n');
                }
                out
            }
            Position::Connect4(b) => b.diagram(),
        }
    }

    fn __repr__(&self) -> String {
        let side = if self.to_move() == 0 { "x" } else { "o" };
        let status = if self.is_over() {
            "game over".to_string()
        } else {
            format!("{side} to move")
        };
        let call = match self.position {
            Position::TicTacToe(_) => format!("tictactoe({:?})", self.history),
            Position::Connect4(_) => format!(
                "connect4('{}')",
                self.history
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<String>()
            ),
        };
        format!("{call}, {status}\n{}", self.diagram().trim_end())
    }

    /// The board as a small HTML table under the first line of the repr
    /// (Jupyter's rich display): a cell a square, `x`, `o` or empty, and
    /// Connect Four's column numbers below.
    fn _repr_html_(&self) -> String {
        const CELL: &str = "width: 1.4em; height: 1.4em; padding: 0; text-align: center; \
                            border: 1px solid #ccc";
        let rows: String = self
            .diagram()
            .lines()
            .map(|line| {
                let cells: String = line
                    .chars()
                    .map(|c| {
                        let square = if c == '.' {
                            String::new()
                        } else {
                            c.to_string()
                        };
                        format!("<td style=\"{CELL}\">{}</td>", escape_html(&square))
                    })
                    .collect();
                format!("<tr>{cells}</tr>")
            })
            .collect();
        let repr = self.__repr__();
        let caption = repr.lines().next().unwrap_or_default();
        format!(
            "<table style=\"border-collapse: collapse; font-family: monospace\">\
             <caption style=\"text-align: left\">{}</caption>{rows}</table>",
            escape_html(caption)
        )
    }
}

/// `text` with the characters that HTML reads as markup escaped.
fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#x27;")
}

/// Tic-tac-toe after `moves` (squares 0–8, `3·row + column`, first player first).
#[pyfunction]
#[pyo3(signature = (moves=Vec::new()))]
pub fn tictactoe(moves: Vec<i64>) -> PyResult<State> {
    let mut s = State {
        position: Position::TicTacToe(TicTacToe.start()),
        history: Vec::new(),
    };
    for (i, m) in moves.into_iter().enumerate() {
        let legal = s.legal();
        let Some(&square) = legal.iter().find(|&&l| i64::from(l) == m) else {
            return Err(value_error(format!(
                "move {} is square {m}: the squares are 0 to 8, free, before the game ends; \
                 legal then: {legal:?}",
                i + 1
            )));
        };
        s = s.play_move(square);
    }
    Ok(s)
}

/// Connect Four after `moves`, the columns played (1–7, first player first,
/// e.g. `"4455"`).
#[pyfunction]
#[pyo3(signature = (moves=""))]
pub fn connect4(moves: &str) -> PyResult<State> {
    let board: Connect4Board = moves
        .parse()
        .map_err(|e| value_error(format!("reading the Connect Four position {moves:?}: {e}")))?;
    let history = moves
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c as u8 - b'0')
        .collect();
    Ok(State {
        position: Position::Connect4(board),
        history,
    })
}

/// Searches a state natively through the core's registry; returns the
/// schema's dict (docs/schema.md), the best move and the principal variation
/// as the game's own moves (tic-tac-toe's squares 0–8, Connect Four's
/// columns 1–7), so that `state.play(best_move)` plays it.
#[pyfunction]
#[pyo3(signature = (state, procedure="f2", alpha=None, beta=None, depth=None, threads=1, trace=false))]
#[allow(clippy::too_many_arguments)]
pub fn search_state<'py>(
    py: Python<'py>,
    state: &State,
    procedure: &str,
    alpha: Option<&Bound<'py, PyAny>>,
    beta: Option<&Bound<'py, PyAny>>,
    depth: Option<u32>,
    threads: usize,
    trace: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let stop = Arc::new(AtomicBool::new(false));
    let request = Request::new(procedure, alpha, beta, depth, threads, trace, &stop)?;
    let title = state.__repr__().lines().next().unwrap_or("").to_string();
    match state.position {
        Position::TicTacToe(b) => {
            let outcome = interruptible(py, &stop, || request.run(&TicTacToe, &b))??;
            schema_dict(py, &outcome.map_moves(|&square| u32::from(square)), &title)
        }
        Position::Connect4(b) => {
            let outcome = interruptible(py, &stop, || request.run(&Connect4::new(), &b))??;
            schema_dict(py, &outcome.map_moves(|&c| u32::from(c) + 1), &title)
        }
    }
}

/// Solves a Connect Four state exactly (the CLI's `alphabeta solve
/// connect4`): a dict with the score (22 − k for a win with one's k-th disc,
/// 0 a draw, k − 22 a loss), the best columns, and the work done.
#[pyfunction]
#[pyo3(signature = (state, table_mb=DEFAULT_TABLE_MB, best=true))]
pub fn solve_connect4<'py>(
    py: Python<'py>,
    state: &State,
    table_mb: usize,
    best: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let Position::Connect4(board) = state.position else {
        return Err(value_error(
            "solve() is Connect Four's; search() searches every game",
        ));
    };
    if !(1..=MAX_TABLE_MB).contains(&table_mb) {
        return Err(value_error(format!(
            "table_mb must be between 1 and {}, not {table_mb}",
            MAX_TABLE_MB
        )));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let (solution, best_columns, entries) = interruptible(py, &stop, || {
        let mut solver = Solver::new(Options {
            table_mb,
            ..Options::default()
        });
        solver.set_limits(Limits {
            stop: Some(stop.clone()),
            ..Limits::none()
        });
        let solution = solver.solve(&board);
        let best_columns = if best && solution.complete {
            solver.best_columns(&board, solution.score)
        } else {
            None
        };
        (solution, best_columns, solver.table_entries())
    })?;
    let d = PyDict::new(py);
    d.set_item("score", solution.score)?;
    let best_columns: Option<Vec<u32>> =
        best_columns.map(|b| b.into_iter().map(u32::from).collect());
    d.set_item("best_columns", best_columns)?;
    d.set_item("positions_examined", solution.nodes)?;
    d.set_item("searches", solution.searches)?;
    d.set_item("table_entries", entries)?;
    Ok(d)
}

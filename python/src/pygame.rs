//! Games written in Python, searched by every procedure with every
//! instrument.
//!
//! The game is any object with `moves(pos)` (an iterable of moves, in
//! search order), `play(pos, move)` (the next position) and `evaluate(pos)`
//! (an int), and optionally `is_terminal(pos)`, `key(pos)` (for the
//! transposition-table procedures; `hash(pos)` otherwise) and the attribute
//! `viewpoint`: `"side-to-move"` (the default; negamax, as the core) or
//! `"max"` (every value from the first player's viewpoint, as in Knuth's
//! min/max form). The search holds the GIL (it calls Python at every node);
//! it checks for Ctrl-C at every move generation, and the first exception a
//! callback raises stops the search and is raised again.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use alphabeta_core::game::max_view;
use alphabeta_core::procedures::Capabilities;
use alphabeta_core::{Game, HashedGame, INFINITY, NEG_INFINITY, Value};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::dispatch::Request;
use crate::value_error;

/// A position: the Python object, and the moves `moves` gave for it (the
/// search's moves are indices into that list).
#[derive(Clone)]
pub struct PyPos(Rc<PosInner>);

pub struct PosInner {
    obj: Py<PyAny>,
    moves: RefCell<Vec<Py<PyAny>>>,
}

impl PyPos {
    fn new(obj: Py<PyAny>) -> PyPos {
        PyPos(Rc::new(PosInner {
            obj,
            moves: RefCell::new(Vec::new()),
        }))
    }
}

/// The most moves one position may have.
const MAX_MOVES: usize = 1 << 20;

/// A Python object seen as a [`Game`].
struct PyGame<'py> {
    py: Python<'py>,
    obj: Bound<'py, PyAny>,
    has_terminal: bool,
    has_key: bool,
    max_viewpoint: bool,
    /// The first exception raised by a callback (the search is stopped).
    error: RefCell<Option<PyErr>>,
    stop: Arc<AtomicBool>,
    calls: Cell<u64>,
}

impl<'py> PyGame<'py> {
    /// Records the first error and stops the search.
    fn fail(&self, e: PyErr) {
        let mut slot = self.error.borrow_mut();
        if slot.is_none() {
            *slot = Some(e);
        }
        self.stop.store(true, Ordering::SeqCst);
    }

    fn failed(&self) -> bool {
        self.error.borrow().is_some()
    }

    fn list_moves(&self, pos: &PyPos) -> PyResult<Vec<Py<PyAny>>> {
        let p = pos.0.obj.bind(self.py);
        if self.has_terminal && self.obj.call_method1("is_terminal", (p,))?.is_truthy()? {
            return Ok(Vec::new());
        }
        let mut moves = Vec::new();
        for m in self.obj.call_method1("moves", (p,))?.try_iter()? {
            moves.push(m?.unbind());
            if moves.len() > MAX_MOVES {
                return Err(value_error(format!(
                    "moves(pos) gave more than {MAX_MOVES} moves"
                )));
            }
        }
        Ok(moves)
    }
}

impl Game for PyGame<'_> {
    type Position = PyPos;
    type Move = u32;
    type Moves = Vec<u32>;

    fn moves(&self, pos: &PyPos, out: &mut Vec<u32>) {
        if self.failed() {
            return;
        }
        let n = self.calls.get() + 1;
        self.calls.set(n);
        if let Err(e) = self.py.check_signals() {
            return self.fail(e);
        }
        match self.list_moves(pos) {
            Ok(moves) => {
                out.extend(0..moves.len() as u32);
                *pos.0.moves.borrow_mut() = moves;
            }
            Err(e) => self.fail(e),
        }
    }

    fn play(&self, pos: &PyPos, mv: u32) -> PyPos {
        let moves = pos.0.moves.borrow();
        let p = pos.0.obj.bind(self.py);
        let next = moves
            .get(mv as usize)
            .ok_or_else(|| value_error("internal error: a move index out of range"))
            .and_then(|m| self.obj.call_method1("play", (p, m.bind(self.py))));
        match next {
            Ok(next) => PyPos::new(next.unbind()),
            Err(e) => {
                self.fail(e);
                pos.clone()
            }
        }
    }

    fn evaluate(&self, pos: &PyPos, ply: usize) -> Value {
        if self.failed() {
            return 0;
        }
        let p = pos.0.obj.bind(self.py);
        let v = self.obj.call_method1("evaluate", (p,)).and_then(|v| {
            let x: Value = v.extract().map_err(|_| {
                value_error(format!(
                    "evaluate(pos) must return an int, not {}",
                    v.repr().map(|r| r.to_string()).unwrap_or_default()
                ))
            })?;
            if x <= NEG_INFINITY || x == INFINITY {
                return Err(value_error(format!(
                    "evaluate(pos) returned {x}, outside the values"
                )));
            }
            Ok(x)
        });
        match v {
            Ok(x) if self.max_viewpoint => max_view(x, ply),
            Ok(x) => x,
            Err(e) => {
                self.fail(e);
                0
            }
        }
    }
}

impl HashedGame for PyGame<'_> {
    fn key(&self, pos: &PyPos) -> u64 {
        let p = pos.0.obj.bind(self.py);
        let k = if self.has_key {
            self.obj
                .call_method1("key", (p,))
                .and_then(|k| k.extract::<i64>().or_else(|_| k.hash().map(|h| h as i64)))
        } else {
            p.hash().map(|h| h as i64).map_err(|e| {
                value_error(format!(
                    "the transposition-table procedures need hashable positions or a key(pos) method: {e}"
                ))
            })
        };
        match k {
            Ok(k) => k as u64,
            Err(e) => {
                self.fail(e);
                0
            }
        }
    }
}

/// A game written in Python has no optimistic and pessimistic values here,
/// and holds the interpreter, so its threads cannot share it.
impl Capabilities for PyGame<'_> {}

/// Searches a game written in Python from `root`; returns the schema's dict
/// (docs/schema.md), the best move and the principal variation as the
/// game's own move objects.
#[pyfunction]
#[pyo3(signature = (game, root, procedure="f2", alpha=None, beta=None, depth=None, trace=false))]
#[allow(clippy::too_many_arguments)]
pub fn search_game<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    root: &Bound<'py, PyAny>,
    procedure: &str,
    alpha: Option<&Bound<'py, PyAny>>,
    beta: Option<&Bound<'py, PyAny>>,
    depth: Option<u32>,
    trace: bool,
) -> PyResult<Bound<'py, PyDict>> {
    for method in ["moves", "play", "evaluate"] {
        if !game.hasattr(method)? {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "a game needs the methods moves(pos), play(pos, move) and evaluate(pos); {} has no {method}",
                game.get_type().name()?
            )));
        }
    }
    let max_viewpoint = match game.getattr("viewpoint") {
        Err(_) => false,
        Ok(v) => match v.extract::<String>().as_deref() {
            Ok("max") => true,
            Ok("side-to-move" | "negamax") => false,
            _ => {
                return Err(value_error(format!(
                    "game.viewpoint must be \"side-to-move\" or \"max\", not {}",
                    v.repr()?
                )));
            }
        },
    };
    let stop = Arc::new(AtomicBool::new(false));
    let request = Request::new(procedure, alpha, beta, depth, 1, trace, &stop)?;
    let g = PyGame {
        py,
        obj: game.clone(),
        has_terminal: game.hasattr("is_terminal")?,
        has_key: game.hasattr("key")?,
        max_viewpoint,
        error: RefCell::new(None),
        stop: stop.clone(),
        calls: Cell::new(0),
    };
    let start = PyPos::new(root.clone().unbind());
    let outcome = request.run(&g, &start);
    // A callback's exception stopped the search: it is what went wrong.
    if let Some(e) = g.error.borrow_mut().take() {
        return Err(e);
    }
    let outcome = outcome?;
    let input = format!("game {}", game.get_type().name()?);
    let d = crate::search::schema_dict(py, &outcome.clone().map_moves(|_| ()), &input)?;
    // The principal variation as the game's moves: replay it from the root.
    let mut pv = Vec::new();
    let mut at = PyPos::new(root.clone().unbind());
    for &i in &outcome.principal_variation {
        let moves = g.list_moves(&at)?;
        let Some(m) = moves.get(i as usize) else {
            break;
        };
        pv.push(m.clone_ref(py));
        let next = game.call_method1("play", (at.0.obj.bind(py), m.bind(py)))?;
        at = PyPos::new(next.unbind());
    }
    d.set_item("best_move", pv.first().map(|m| m.clone_ref(py)))?;
    d.set_item("principal_variation", pv)?;
    Ok(d)
}

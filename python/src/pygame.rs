//! Games written in Python, searched by every procedure with every
//! instrument.
//!
//! The game is any object with `moves(pos)` (an iterable of moves, in
//! search order), `play(pos, move)` (the next position, a new object: the
//! search keeps positions and plays several moves from each) and
//! `evaluate(pos)` (an int), and optionally `is_terminal(pos)`, `key(pos)`
//! (for the transposition-table procedures; `hash(pos)` otherwise),
//! `copy(pos)` (for a `play` that changes its position in place: the search
//! then plays on a copy) and the attribute `viewpoint`: `"side-to-move"`
//! (the default; negamax, as the core) or `"max"` (every value from the
//! first player's viewpoint, as in Knuth's min/max form).
//!
//! The search runs on the worker thread of [`crate::interrupt`] (its large
//! stack holds the deepest line, [`MAX_PLY`] plies) attached to the
//! interpreter, as it calls Python at every node; the calling thread turns
//! Ctrl-C into a stop. The first exception a callback raises stops the
//! search and is raised again; a line longer than [`MAX_PLY`] raises
//! `RecursionError`, naming the cycle when the positions show one.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use alphabeta_core::game::max_view;
use alphabeta_core::{Game, HashedGame, INFINITY, NEG_INFINITY, Value};
use pyo3::exceptions::{PyRecursionError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyFrozenSet, PyInt, PyString, PyTuple};

use crate::dispatch::{self, Choice, MaybeBounded, Outcome};
use crate::interrupt::interruptible;
use crate::value_error;

/// The longest line a search of a Python game follows: a position this many
/// plies below the root is searched no deeper unless `depth` stops the
/// search there first; reaching it raises `RecursionError`. Ten thousand
/// plies is far beyond any game an exhaustive search finishes, so only a
/// game without an end (a cycle, a missing `is_terminal`) reaches it; the
/// worker's stack holds such a line many times over.
pub const MAX_PLY: u32 = 10_000;

/// A position: the Python object, the moves `moves` gave for it (the
/// search's moves are indices into that list), and the line that led to it
/// (to name a cycle when a line grows too long).
#[derive(Clone)]
pub struct PyPos(Rc<PosInner>);

pub struct PosInner {
    obj: Py<PyAny>,
    moves: RefCell<Vec<Py<PyAny>>>,
    /// Plies below the root.
    ply: u32,
    /// The position this one was played from (`None` at the root).
    parent: Option<PyPos>,
}

impl PyPos {
    fn root(obj: Py<PyAny>) -> PyPos {
        PyPos(Rc::new(PosInner {
            obj,
            moves: RefCell::new(Vec::new()),
            ply: 0,
            parent: None,
        }))
    }

    fn child(&self, obj: Py<PyAny>) -> PyPos {
        PyPos(Rc::new(PosInner {
            obj,
            moves: RefCell::new(Vec::new()),
            ply: self.0.ply + 1,
            parent: Some(self.clone()),
        }))
    }

    /// The positions from the root to this one.
    fn line(&self) -> Vec<&Py<PyAny>> {
        let mut line = Vec::with_capacity(self.0.ply as usize + 1);
        let mut at = Some(self);
        while let Some(p) = at {
            line.push(&p.0.obj);
            at = p.0.parent.as_ref();
        }
        line.reverse();
        line
    }
}

impl Drop for PosInner {
    /// Drops a long line iteratively (a recursive drop of ten thousand
    /// parents would need a stack as deep as the search's).
    fn drop(&mut self) {
        let mut parent = self.parent.take();
        while let Some(p) = parent {
            parent = match Rc::try_unwrap(p.0) {
                Ok(mut inner) => inner.parent.take(),
                Err(_) => None,
            };
        }
    }
}

/// Whether `obj` is of a built-in immutable type, so that `play` returning
/// it unchanged is no change in place.
fn immutable(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_none()
        || obj.is_instance_of::<PyInt>()
        || obj.is_instance_of::<PyBool>()
        || obj.is_instance_of::<PyFloat>()
        || obj.is_instance_of::<PyString>()
        || obj.is_instance_of::<PyBytes>()
        || obj.is_instance_of::<PyTuple>()
        || obj.is_instance_of::<PyFrozenSet>()
}

/// The most moves one position may have.
const MAX_MOVES: usize = 1 << 20;

/// A Python object seen as a [`Game`].
struct PyGame<'py> {
    py: Python<'py>,
    obj: Bound<'py, PyAny>,
    has_terminal: bool,
    has_key: bool,
    has_copy: bool,
    max_viewpoint: bool,
    /// The first exception raised by a callback (the search is stopped).
    error: RefCell<Option<PyErr>>,
    stop: Arc<AtomicBool>,
}

impl<'py> PyGame<'py> {
    /// `play(pos, m)` (on `copy(pos)` when the game has `copy`), refused
    /// when it returns `pos` itself changed in place.
    fn play_one(
        &self,
        p: &Bound<'py, PyAny>,
        m: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if self.has_copy {
            let copy = self.obj.call_method1("copy", (p,))?;
            if copy.is(p) && !immutable(p) {
                return Err(value_error(
                    "copy(pos) returned pos itself: it must return a new object",
                ));
            }
            return self.obj.call_method1("play", (copy, m));
        }
        let next = self.obj.call_method1("play", (p, m))?;
        if next.is(p) && !immutable(p) {
            return Err(value_error(format!(
                "play(pos, move) returned the position it was given ({}), changed in place; \
                 the search keeps positions and plays several moves from each, so play must \
                 return a new position -- or give the game a copy(pos) method (e.g. returning \
                 copy.deepcopy(pos) or pos.copy()) and the search plays on copies",
                p.get_type().name()?
            )));
        }
        Ok(next)
    }

    /// The error of a line that reached [`MAX_PLY`]: a `RecursionError`
    /// naming the cycle when two positions of the line are equal (by
    /// `key(pos)`, or by the positions themselves when hashable).
    fn too_deep(&self, pos: &PyPos) -> PyErr {
        let advice = "pass depth= to bound the search, or make is_terminal(pos) (or an empty \
                      moves(pos)) end every line";
        match self.cycle(pos) {
            Some((first, again)) => PyRecursionError::new_err(format!(
                "the game has a cycle: the position at ply {first} of the line recurs at ply \
                 {again}, so the search never ends (it stopped at {MAX_PLY} plies, the limit \
                 of a line); {advice}"
            )),
            None => PyRecursionError::new_err(format!(
                "a line of the search reached {MAX_PLY} plies, the limit of a line (the game \
                 may have a cycle or no end); {advice}"
            )),
        }
    }

    /// The first repeated position on the line to `pos`: `(first ply, ply
    /// again)`; `None` when there is none or positions cannot be compared.
    fn cycle(&self, pos: &PyPos) -> Option<(usize, usize)> {
        let seen = PyDict::new(self.py);
        for (ply, p) in pos.line().into_iter().enumerate() {
            let p = p.bind(self.py);
            let key = if self.has_key {
                self.obj.call_method1("key", (p,)).ok()?
            } else {
                p.clone()
            };
            if let Ok(Some(first)) = seen.get_item(&key) {
                return Some((first.extract().ok()?, ply));
            }
            seen.set_item(key, ply).ok()?;
        }
        None
    }

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

    fn list_moves(&self, p: &Bound<'py, PyAny>) -> PyResult<Vec<Py<PyAny>>> {
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
        match self.list_moves(pos.0.obj.bind(self.py)) {
            Ok(moves) => {
                out.extend(0..moves.len() as u32);
                *pos.0.moves.borrow_mut() = moves;
            }
            Err(e) => self.fail(e),
        }
    }

    fn play(&self, pos: &PyPos, mv: u32) -> PyPos {
        if self.failed() {
            return pos.clone();
        }
        if pos.0.ply >= MAX_PLY {
            self.fail(self.too_deep(pos));
            return pos.clone();
        }
        let moves = pos.0.moves.borrow();
        let next = moves
            .get(mv as usize)
            .ok_or_else(|| value_error("internal error: a move index out of range"))
            .and_then(|m| self.play_one(pos.0.obj.bind(self.py), m.bind(self.py)));
        match next {
            Ok(next) => pos.child(next.unbind()),
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

impl MaybeBounded for PyGame<'_> {}

/// Searches a game written in Python from `root`; returns a dict of the
/// result, the principal variation as the game's own move objects.
#[pyfunction]
#[pyo3(signature = (game, root, procedure="f2", alpha=None, beta=None, depth=None))]
pub fn search_game<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    root: &Bound<'py, PyAny>,
    procedure: &str,
    alpha: Option<&Bound<'py, PyAny>>,
    beta: Option<&Bound<'py, PyAny>>,
    depth: Option<u32>,
) -> PyResult<Bound<'py, PyDict>> {
    let missing: Vec<_> = ["moves", "play", "evaluate"]
        .into_iter()
        .filter(|m| !game.hasattr(*m).unwrap_or(false))
        .collect();
    if !missing.is_empty() {
        return Err(PyTypeError::new_err(format!(
            "a game needs the methods moves(pos), play(pos, move) and evaluate(pos); {} has no {}",
            game.get_type().name()?,
            missing.join(", ")
        )));
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
    let choice = procedure.parse::<Choice>().map_err(value_error)?;
    let window = (
        dispatch::bound(alpha, NEG_INFINITY)?,
        dispatch::bound(beta, INFINITY)?,
    );
    let has = |m: &str| game.hasattr(m);
    let (has_terminal, has_key, has_copy) = (has("is_terminal")?, has("key")?, has("copy")?);
    let stop = Arc::new(AtomicBool::new(false));
    let (game_obj, root_obj) = (game.clone().unbind(), root.clone().unbind());
    let outcome: PyResult<Outcome<u32>> = interruptible(py, &stop, || {
        Python::attach(|py| {
            let g = PyGame {
                py,
                obj: game_obj.bind(py).clone(),
                has_terminal,
                has_key,
                has_copy,
                max_viewpoint,
                error: RefCell::new(None),
                stop: stop.clone(),
            };
            let start = PyPos::root(root_obj.clone_ref(py));
            let outcome =
                dispatch::run(&g, &start, choice, depth.unwrap_or(u32::MAX), window, &stop)
                    .map_err(value_error);
            match g.error.borrow_mut().take() {
                Some(e) => Err(e),
                None => outcome,
            }
        })
    })?;
    let outcome = outcome?;
    let d = dispatch::outcome_dict(py, &outcome)?;
    // The principal variation as the game's moves: replay it from the root.
    let g = PyGame {
        py,
        obj: game.clone(),
        has_terminal,
        has_key,
        has_copy,
        max_viewpoint,
        error: RefCell::new(None),
        stop,
    };
    let mut pv = Vec::new();
    let mut at = root.clone();
    for &i in &outcome.pv {
        let moves = g.list_moves(&at)?;
        let Some(m) = moves.get(i as usize) else {
            break;
        };
        pv.push(m.clone_ref(py));
        at = g.play_one(&at, m.bind(py))?;
    }
    d.set_item("principal_variation", pv)?;
    d.set_item("input", format!("game {}", game.get_type().name()?))?;
    Ok(d)
}

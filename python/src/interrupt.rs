//! Long calls without the GIL, interruptible by Ctrl-C, on a thread with a
//! large stack.
//!
//! The work runs on a scoped thread while the calling thread, detached from
//! the interpreter, waits for it and asks Python every 50 ms whether a
//! signal arrived (`check_signals`, which runs the handlers: Ctrl-C raises
//! `KeyboardInterrupt`; only the main thread can run them). On an exception
//! the work's stop flag (the core's `Limits::stop`, or `RunOptions::stop` of
//! a Monte Carlo run) is set, the thread is joined, and the exception is
//! raised.
//!
//! The searches recurse once per ply. The worker's stack, [`WORKER_STACK`],
//! holds the deepest line a search may follow ([`crate::pygame::MAX_PLY`]
//! plies of a game written in Python, whose callbacks also run on it) a
//! hundred times over (such a line takes 1.2 to 2.3 MiB, by procedure), so
//! a search ends with an exception, never a stack overflow. The stack is
//! reserved address space; only the pages a search touches are ever
//! committed.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// The stack of the thread that runs the work: 256 MiB.
pub const WORKER_STACK: usize = 256 << 20;

/// Runs `work` with the GIL released; Ctrl-C sets `stop` and raises. The
/// work may attach to the interpreter itself (`Python::attach`) to call
/// Python: the waiting thread then takes the GIL only to check signals.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &Arc<AtomicBool>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    py.detach(|| {
        std::thread::scope(|scope| {
            let (send, receive) = mpsc::channel();
            let worker = std::thread::Builder::new()
                .name("alphabeta".into())
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, move || {
                    // A closed channel means the caller has gone: nothing to do.
                    let _ = send.send(work());
                })
                .map_err(|e| {
                    PyRuntimeError::new_err(format!("could not start the worker thread: {e}"))
                })?;
            loop {
                match receive.recv_timeout(Duration::from_millis(50)) {
                    Ok(result) => {
                        let _ = worker.join();
                        return Ok(result);
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            stop.store(true, Ordering::SeqCst);
                            let _ = worker.join();
                            return Err(e);
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        // The worker ended without a result: it panicked.
                        let _ = worker.join();
                        return Err(PyRuntimeError::new_err(
                            "internal error: the computation panicked (please report it)",
                        ));
                    }
                }
            }
        })
    })
}

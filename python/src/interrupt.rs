//! Long calls without the GIL, interruptible by Ctrl-C.
//!
//! The work runs on a scoped thread while the calling thread, detached from
//! the interpreter, waits for it and asks Python every 50 ms whether a
//! signal arrived (`check_signals`, which runs the handlers: Ctrl-C raises
//! `KeyboardInterrupt`). On an exception the work's stop flag (the core's
//! `Limits::stop`, or `RunOptions::stop` of a Monte Carlo run) is set, the
//! thread is joined, and the exception is raised.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// Runs `work` with the GIL released; Ctrl-C sets `stop` and raises.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &Arc<AtomicBool>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    py.detach(|| {
        std::thread::scope(|scope| {
            let (send, receive) = mpsc::channel();
            let worker = scope.spawn(move || {
                // A closed channel means the caller has gone: nothing to do.
                let _ = send.send(work());
            });
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

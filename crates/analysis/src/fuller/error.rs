//! Errors of the Fuller et al. computations.

/// Input rejected by the E\[NBP\] computations.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum FullerError {
    /// N must be at least 1.
    #[error("the branching factor N must be at least 1")]
    ZeroBranching,
    /// A parameter is outside the range the computation supports.
    #[error("{what} = {value} is out of range ({range})")]
    OutOfRange {
        /// The parameter.
        what: &'static str,
        /// The value given.
        value: u64,
        /// The supported range, in words.
        range: &'static str,
    },
    /// The exact computation would need more than the allowed work.
    #[error(
        "the exact rational for <N,D> = <{n},{d}> would need polynomials of about {estimated_bits:.3e} bits \
         (limit {limit_bits:.3e}); use the floating-point value instead"
    )]
    TooExpensive {
        /// N.
        n: u32,
        /// D.
        d: u32,
        /// Estimated size of the largest polynomial product, in bits.
        estimated_bits: f64,
        /// The limit in force.
        limit_bits: f64,
    },
    /// A requested relative tolerance outside the supported range.
    #[error("the relative tolerance {tolerance:e} is out of range ([1e-12, 0.1])")]
    BadTolerance {
        /// The tolerance given.
        tolerance: f64,
    },
    /// A leaf path has the wrong length or a coordinate outside 1..=N.
    #[error("leaf path {path:?} is not a path of length {depth} with coordinates in 1..={n}")]
    BadPath {
        /// The path given.
        path: Vec<u32>,
        /// N.
        n: u32,
        /// D.
        depth: u32,
    },
    /// The computation was stopped through its stop flag.
    #[error("interrupted")]
    Interrupted,
}

/// [`FullerError::Interrupted`] once `stop` is set: the long computations read it between
/// steps.
pub(crate) fn check_stop(stop: &std::sync::atomic::AtomicBool) -> Result<(), FullerError> {
    if stop.load(std::sync::atomic::Ordering::Relaxed) {
        Err(FullerError::Interrupted)
    } else {
        Ok(())
    }
}

//! Monte Carlo runner: any procedure on any tree model, reproducible and resumable.

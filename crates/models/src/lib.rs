//! Implicit random game-tree models of the seeds.

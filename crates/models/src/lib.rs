//! # alphabeta-models
//!
//! Implicit random game trees: the probabilistic models under which the
//! seeds analyse alpha-beta. A position is a node number (and whatever the
//! model accumulates along the path); every random quantity is a hash of
//! (tree seed, node), so a tree of 10^12 leaves needs no memory and the same
//! seed gives the same tree forever.
//!
//! | type | model | seed |
//! |---|---|---|
//! | [`Uniform`] | ⟨N, D⟩, i.i.d. continuous leaf values | Fuller §3, Knuth §7 |
//! | [`RangeR`] | ⟨N, D⟩, R equally likely leaf values | Fuller §6, Fig. 6.1 |
//! | [`Additive`] | leaf value = sum of random branch values | Fuller §8, Knuth §9 |
//! | [`TotallyDependent`] | radix-d concatenation of permuted move numbers | Knuth §9, Fig. 8, Theorem 6 |
//! | [`RandomBranching`] | level j non-terminal w.p. q_j, d_j successors on average | Knuth Corollary 2 |
//! | [`Ordered`] | any model searched in [`Ordering`]: random, perfect, worst, best-first w.p. p | Knuth eq. (12), Theorem 1 |
//! | [`RandomDag`] | ⟨N, D, W⟩: successors hashed into W positions per level, so paths meet (transpositions) | Fishburn's F3-vs-F2 claim (Hsu) |
//! | [`PerfectByConstruction`] | any model's shape with values making every first successor best | Knuth eq. (12), Corollary 2 |
//!
//! [`ModelSpec`] names a model and its parameters (parsed from text or
//! command-line values, checked once) and hands a concrete, monomorphised
//! tree to a [`ModelVisitor`]. See `docs/models.md`.
//!
//! ```
//! use alphabeta_models::{ModelSpec, TreeModel, Uniform, true_value};
//! let spec: ModelSpec = "range n=10 d=3 r=5 ordering=perfect".parse().unwrap();
//! assert_eq!(spec.to_string(), "range n=10 d=3 r=5 ordering=perfect");
//! assert!("uniform n=0 d=3".parse::<ModelSpec>().is_err());
//! // Seed 42 gives this tree forever (tests/golden.rs pins more of it).
//! let tree = Uniform::new(3, 4, 42).unwrap();
//! assert_eq!(true_value(&tree, &tree.root(), &mut Vec::new()), -20738956483777625);
//! ```

pub mod additive;
pub mod branching;
pub mod constructed;
pub mod dag;
pub mod dependent;
pub mod error;
pub mod hash;
pub mod model;
pub mod ordering;
pub mod spec;
pub mod uniform;

pub use additive::{Additive, AdditiveNode};
pub use branching::{BranchingNode, RandomBranching};
pub use constructed::{Assigned, PerfectByConstruction};
pub use dag::RandomDag;
pub use dependent::{DependentMove, DependentNode, TotallyDependent};
pub use error::{MAX_DEPTH, ModelError};
pub use model::TreeModel;
pub use ordering::{Ordered, Ordering, true_value};
pub use spec::{DEFAULT_SPREAD, ModelKind, ModelParams, ModelSpec, ModelVisitor};
/// The largest magnitude a model's value may have: below the core's
/// forced-win scores (`alphabeta_core::value::WIN_THRESHOLD`), so procedures
/// that treat wins specially (Fuller's "win found" rule) see ordinary values.
pub const MAX_MAGNITUDE: alphabeta_core::Value = 1 << 55;
const _: () = assert!(MAX_MAGNITUDE < alphabeta_core::value::WIN_THRESHOLD);

pub use uniform::{Continuous, Discrete, LeafValues, RangeR, Uniform, UniformTree};

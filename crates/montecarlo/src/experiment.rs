//! What to run.

use alphabeta_core::Procedure;
use alphabeta_models::ModelSpec;
use serde::{Deserialize, Serialize};

/// A Monte Carlo experiment: `trees` random trees of `model`, tree number
/// `i` grown from `alphabeta_models::hash::tree_seed(seed, i)`, each searched
/// to its full height by `procedure` with the full window.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Experiment {
    /// The tree model and ordering.
    pub model: ModelSpec,
    /// The procedure.
    #[serde(with = "procedure_name")]
    pub procedure: Procedure,
    /// Number of trees T.
    pub trees: u64,
    /// The base seed.
    pub seed: u64,
}

impl Experiment {
    /// `trees` trees of `model` searched by `procedure`, base seed `seed`.
    pub fn new(model: ModelSpec, procedure: Procedure, trees: u64, seed: u64) -> Experiment {
        Experiment {
            model,
            procedure,
            trees,
            seed,
        }
    }
}

/// Procedures by their command-line name.
mod procedure_name {
    use alphabeta_core::Procedure;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(p: &Procedure, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(p.name())
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Procedure, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

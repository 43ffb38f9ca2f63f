//! Hashing: how an implicit tree turns (tree seed, node) into random numbers.
//!
//! Every random quantity of every model is `node_hash(key, id)`: the
//! splitmix64 output function (Steele, Lea & Flood 2014; the finaliser of
//! Stafford's "Mix13") applied to `key + id·γ`, γ the odd golden-ratio
//! constant. For a fixed key this is exactly the splitmix64 generator's
//! output at state `key + id·γ`, and it is a bijection of `id`, so distinct
//! nodes of one tree never share a hash. Keys are derived from the tree seed
//! with a per-purpose salt, so a model that needs several random numbers per
//! node (a coin and a count, say) draws them independently.
//!
//! These functions define the trees: changing any of them changes every
//! tree. The golden-value tests in `tests/golden.rs` pin them.

pub use alphabeta_core::mix::{GAMMA, mix64};

/// The random number of node `id` under `key` (see the module text).
#[inline(always)]
pub const fn node_hash(key: u64, id: u64) -> u64 {
    mix64(key.wrapping_add(id.wrapping_mul(GAMMA)))
}

/// A key for one purpose (`salt`) of one tree (`seed`).
#[inline]
pub const fn derive_key(seed: u64, salt: u64) -> u64 {
    mix64(mix64(seed) ^ salt)
}

/// The seed of tree number `index` of a Monte Carlo run with base seed
/// `base`. It depends on nothing else (not on threads, chunking or order),
/// which is what makes a run reproducible bit for bit.
#[inline]
pub const fn tree_seed(base: u64, index: u64) -> u64 {
    node_hash(derive_key(base, 0x7472_6565_7365_6564), index) // "treeseed"
}

/// A number uniform on `0..bound` from a 64-bit hash (Lemire's
/// multiply-shift; exact up to a bias below `bound / 2^64`).
#[inline(always)]
pub const fn below(hash: u64, bound: u64) -> u64 {
    ((hash as u128 * bound as u128) >> 64) as u64
}

/// A number uniform on `[0, 1)` with 53 random bits.
#[inline(always)]
pub fn unit(hash: u64) -> f64 {
    (hash >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// Salts: one per random quantity, so the quantities are independent.
pub(crate) mod salt {
    pub const LEAF: u64 = 0x6C65_6166; // "leaf"
    pub const BRANCH: u64 = 0x6272_616E_6368; // "branch"
    pub const PERMUTATION: u64 = 0x7065_726D; // "perm"
    pub const TERMINAL: u64 = 0x7465_726D; // "term"
    pub const DEGREE: u64 = 0x6465_6772_6565; // "degree"
    pub const ORDERING: u64 = 0x006F_7264_6572; // "order"
    pub const ASSIGNED: u64 = 0x6173_7369_676E; // "assign"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mix_is_the_splitmix64_finaliser() {
        // The first output of splitmix64 seeded with 0 is mix64(0 + γ):
        // 0xE220A8397B1DCDAF (Vigna's reference implementation).
        assert_eq!(mix64(GAMMA), 0xE220_A839_7B1D_CDAF);
        assert_eq!(node_hash(0, 1), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn below_and_unit_stay_in_range() {
        for h in [0, 1, u64::MAX / 2, u64::MAX] {
            assert!(below(h, 7) < 7);
            assert!((0.0..1.0).contains(&unit(h)));
        }
        assert_eq!(below(u64::MAX, 1), 0);
    }

    #[test]
    fn tree_seeds_differ_by_index_and_base() {
        assert_ne!(tree_seed(1, 0), tree_seed(1, 1));
        assert_ne!(tree_seed(1, 0), tree_seed(2, 0));
    }
}

//! The two hand-written alpha-beta kernels that the library is measured
//! against, shared by the `leaves_per_second` benchmark and the
//! `profile_f2` example (which includes this file by path).

use alphabeta_core::Value;
use alphabeta_models::hash::node_hash;

/// The baseline: the tree ⟨n, d⟩ of `alphabeta_models::Uniform` written out
/// by hand (node `i`'s m-th successor is `i·n + m`, a leaf's value is its
/// splitmix64 hash, top 56 bits shifted down by 2^55) with a bare recursive fail-hard
/// alpha-beta: no game trait, no move buffers, no observer, no limits.
pub struct Baseline {
    pub n: u64,
    pub key: u64,
}

impl Baseline {
    pub fn search(
        &self,
        id: u64,
        depth: u32,
        alpha: Value,
        beta: Value,
        leaves: &mut u64,
    ) -> Value {
        if depth == 0 {
            *leaves += 1;
            return (node_hash(self.key, id) >> 8) as Value - (1 << 55);
        }
        let mut m = alpha;
        let first = id * self.n + 1;
        for child in first..first + self.n {
            let t = -self.search(child, depth - 1, -beta, -m, leaves);
            if t > m {
                m = t;
            }
            if m >= beta {
                break;
            }
        }
        m
    }

    /// The second hand-written kernel: the same tree and values, but a leaf
    /// parent scans its leaves in its own loop (no call per leaf) — the trick
    /// the library's depth-1 successor loop uses.
    pub fn search_inline_leaves(
        &self,
        id: u64,
        depth: u32,
        alpha: Value,
        beta: Value,
        leaves: &mut u64,
    ) -> Value {
        if depth == 0 {
            *leaves += 1;
            return (node_hash(self.key, id) >> 8) as Value - (1 << 55);
        }
        let mut m = alpha;
        let first = id * self.n + 1;
        if depth == 1 {
            for child in first..first + self.n {
                *leaves += 1;
                let t = -((node_hash(self.key, child) >> 8) as Value - (1 << 55));
                if t > m {
                    m = t;
                }
                if m >= beta {
                    break;
                }
            }
            return m;
        }
        for child in first..first + self.n {
            let t = -self.search_inline_leaves(child, depth - 1, -beta, -m, leaves);
            if t > m {
                m = t;
            }
            if m >= beta {
                break;
            }
        }
        m
    }
}

/// The leaf key of a `Uniform` tree with this seed (as `Uniform` derives it).
pub fn leaf_key(seed: u64) -> u64 {
    alphabeta_models::hash::derive_key(seed, 0x6C65_6166)
}

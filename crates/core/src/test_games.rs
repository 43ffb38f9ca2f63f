//! Small games shared by the crate's unit tests.

use crate::game::{Game, HashedGame};
use crate::value::Value;

/// A uniform tree of branching 3 and depth `DEPTH`; a position is
/// (path code, depth) and a leaf's value is hashed from its path code into
/// −`SPREAD`..=`SPREAD`. The path code is also its table key.
pub(crate) struct Hashed<const DEPTH: u32, const SPREAD: Value>;

impl<const DEPTH: u32, const SPREAD: Value> Game for Hashed<DEPTH, SPREAD> {
    type Position = (u64, u32);
    type Move = u64;
    type Moves = Vec<u64>;
    fn moves(&self, pos: &(u64, u32), out: &mut Vec<u64>) {
        if pos.1 < DEPTH {
            out.extend(0..3);
        }
    }
    fn play(&self, pos: &(u64, u32), mv: u64) -> (u64, u32) {
        (pos.0 * 3 + mv + 1, pos.1 + 1)
    }
    fn evaluate(&self, pos: &(u64, u32), _ply: usize) -> Value {
        let mut x = pos.0.wrapping_mul(crate::mix::GAMMA) ^ 0x5851_F42D;
        x ^= x >> 29;
        (x % (2 * SPREAD as u64 + 1)) as Value - SPREAD
    }
}

impl<const DEPTH: u32, const SPREAD: Value> HashedGame for Hashed<DEPTH, SPREAD> {
    fn key(&self, pos: &(u64, u32)) -> u64 {
        pos.0
    }
}

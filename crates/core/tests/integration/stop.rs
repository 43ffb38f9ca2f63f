//! A stop flag ends a search promptly even where one position has a vast
//! number of successors: generating them counts toward the next poll of the
//! limits, so a tree of few positions but huge fan-out (Knuth's totally
//! dependent model with d = 10⁶) is not searched on for seconds after a stop.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use alphabeta_core::procedures::{FailHard, alpha_beta};
use alphabeta_core::{Game, INFINITY, Limits, NEG_INFINITY, Search, Value};

/// A uniform tree of degree `degree` and height 2 ordered as Knuth's totally
/// dependent trees are searched: a leaf's value is minus the root move above
/// it, so after the first root move every other one is refuted by its first
/// leaf (two positions examined per root move). It counts the positions
/// whose moves were generated, and raises `stop` at the `stop_at`-th.
struct Wide {
    degree: u32,
    generated: Cell<u64>,
    stop: Arc<AtomicBool>,
    stop_at: u64,
}

impl Game for Wide {
    /// Height and the root move taken.
    type Position = (u32, u32);
    type Move = u32;
    type Moves = Vec<u32>;

    fn moves(&self, pos: &(u32, u32), out: &mut Vec<u32>) {
        if pos.0 < 2 {
            self.generated.set(self.generated.get() + 1);
            if self.generated.get() == self.stop_at {
                self.stop.store(true, Ordering::Relaxed);
            }
            out.extend(0..self.degree);
        }
    }

    fn play(&self, pos: &(u32, u32), mv: u32) -> (u32, u32) {
        (pos.0 + 1, if pos.0 == 0 { mv } else { pos.1 })
    }

    fn evaluate(&self, pos: &(u32, u32), _ply: usize) -> Value {
        -Value::from(pos.1)
    }
}

#[test]
fn a_stop_is_seen_within_a_poll_of_work_not_of_positions() {
    // The stop comes while the third root move is expanded, once the first
    // (searched in full) has settled the window.
    let game = Wide {
        degree: 100_000,
        generated: Cell::new(0),
        stop: Arc::new(AtomicBool::new(false)),
        stop_at: 4,
    };
    let limits = Limits {
        stop: Some(game.stop.clone()),
        ..Limits::none()
    };
    let mut s = Search::new(&game).limits(limits);
    alpha_beta::<FailHard, _, _>(&mut s, &(0, 0), 2, NEG_INFINITY, INFINITY);
    assert!(s.stopped());
    // The 10⁵ moves of the position expanded when the flag went up bring
    // the poll due at once: at most one more position is expanded.
    // (Counting positions alone, the next poll came some 500 root moves
    // later, each expanded into 10⁵ moves.)
    assert!(game.generated.get() <= 5, "{}", game.generated.get());
}

#[test]
fn without_a_stop_the_search_is_unchanged() {
    let wide = || Wide {
        degree: 300,
        generated: Cell::new(0),
        stop: Arc::new(AtomicBool::new(false)),
        stop_at: 0,
    };
    let (a, b) = (wide(), wide());
    let plain =
        alpha_beta::<FailHard, _, _>(&mut Search::new(&a), &(0, 0), 2, NEG_INFINITY, INFINITY);
    let mut polled = Search::new(&b).limits(Limits {
        stop: Some(b.stop.clone()),
        ..Limits::none()
    });
    let value = alpha_beta::<FailHard, _, _>(&mut polled, &(0, 0), 2, NEG_INFINITY, INFINITY);
    assert_eq!(value, plain);
    assert!(!polled.stopped());
    assert_eq!(a.generated.get(), b.generated.get());
}

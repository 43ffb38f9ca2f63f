//! What a `go` command asks for, and how much time that gives the search.

use std::time::Duration;

use alphabeta_core::Value;
use cozy_chess::{Color, Move};

use crate::pst::FULL_PHASE;

/// The limits of one search (the parameters of UCI `go`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// White's and Black's remaining clock time.
    pub wtime: Option<Duration>,
    /// Black's remaining clock time.
    pub btime: Option<Duration>,
    /// White's increment a move.
    pub winc: Option<Duration>,
    /// Black's increment a move.
    pub binc: Option<Duration>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Search exactly this long.
    pub movetime: Option<Duration>,
    /// Search to this depth (plies).
    pub depth: Option<u32>,
    /// Search this many nodes.
    pub nodes: Option<u64>,
    /// Search until a mate in this many moves or fewer is proved (no depth
    /// cap: a mate can first show beyond twice its moves in plies).
    pub mate: Option<u32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Search in ponder mode until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Search only these root moves (all when empty).
    pub searchmoves: Vec<Move>,
    /// Time kept back from the clock on every move for the GUI and the
    /// connection (UCI option `Move Overhead`; default
    /// [`DEFAULT_OVERHEAD`]). A fixed time a move keeps only
    /// [`MOVETIME_MARGIN`].
    pub move_overhead: Option<Duration>,
}

/// Time for one move: stop starting new iterations after `soft`, abort the
/// search at `hard`. `None` means no clock limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Do not start another iteration after this.
    pub soft: Duration,
    /// Stop the search at this.
    pub hard: Duration,
}

impl TimeBudget {
    /// A budget of `soft` and `hard`, each at least a millisecond.
    fn at_least_a_millisecond(soft: Duration, hard: Duration) -> Self {
        let floor = Duration::from_millis(1);
        TimeBudget {
            soft: soft.max(floor),
            hard: hard.max(floor),
        }
    }

    /// Whether iterative deepening may start another iteration, `elapsed`
    /// into the move, the last iteration having taken `last`: not after
    /// the soft limit, and not when it cannot finish before the hard one.
    /// The next iteration is taken to last at least twice the last one (an
    /// effective branching factor of 2 or more); one that would be stopped
    /// at the hard limit would be wasted time, so it is
    /// not started when `elapsed + 2 × last` passes `hard`.
    pub fn may_start_iteration(&self, elapsed: Duration, last: Duration) -> bool {
        elapsed < self.soft && elapsed.saturating_add(last.saturating_mul(2)) <= self.hard
    }

    /// [`TimeBudget::may_start_iteration`], except under a fixed time a
    /// move (`go movetime`) when `spend_all` is set (UCI option
    /// `FullMoveTime`, on by default): then an iteration starts whenever
    /// time is left before the hard limit. Time not spent on a fixed-time
    /// move is not saved for later moves, and an iteration cut at the
    /// limit still plays any root move it found better than the last
    /// iteration's ([`crate::SearchOutcome::from_interrupted`]), so the
    /// prediction that keeps a clock's time for later moves only wastes it
    /// there (it left BK.07 at 789 ms of a 1 s search).
    pub fn may_start_iteration_under(
        &self,
        elapsed: Duration,
        last: Duration,
        fixed_time: bool,
        spend_all: bool,
    ) -> bool {
        if fixed_time && spend_all {
            elapsed < self.hard
        } else {
            self.may_start_iteration(elapsed, last)
        }
    }
}

/// What the last iterations said about the root: the spend-more rule
/// ([`TimeBudget::soft_for`]) gives an unsettled root more time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RootTrend {
    /// How many of the last two iterations changed the best root move.
    pub changes: u32,
    /// Whether the last iteration changed it.
    pub last_changed: bool,
    /// How far the last iteration's value fell below the one before it
    /// (centipawns; 0 when it held or rose).
    pub drop: Value,
}

impl RootTrend {
    /// The trend after an iteration whose best move and value are `best`
    /// and `value`, the one before it having given `before` (none before
    /// the first iteration).
    pub fn after<M: PartialEq>(self, before: Option<(M, Value)>, best: M, value: Value) -> Self {
        let Some((old_best, old_value)) = before else {
            return RootTrend::default();
        };
        let changed = old_best != best;
        RootTrend {
            changes: u32::from(changed) + u32::from(self.last_changed),
            last_changed: changed,
            drop: old_value.saturating_sub(value).max(0),
        }
    }
}

impl TimeBudget {
    /// The soft limit of the spend-more rule (UCI `SpendClock`) for a root
    /// in `trend`: half as long again for each of the last two iterations
    /// that changed the best move, and up to half as long again for a value
    /// that fell (all of it at [`FAIL_LOW_FULL`] centipawns) — the usual
    /// "unstable best move" and "falling score" extensions of engines'
    /// time managers (Stockfish's `bestMoveChanges` and `fallingEval`
    /// factors), with this project's round numbers — never past the hard
    /// limit.
    pub fn soft_for(&self, trend: RootTrend) -> Duration {
        let changes = trend.changes.min(2);
        let drop = trend.drop.clamp(0, FAIL_LOW_FULL) as u32;
        // In hundredths: 100, +50 a change, up to +50 for the drop.
        let stability = 100 + 50 * changes;
        let falling = 100 + 50 * drop / FAIL_LOW_FULL as u32;
        let stretched = self.soft * stability / 100 * falling / 100;
        stretched.min(self.hard).max(self.soft)
    }
}

/// The fall of the root's value (centipawns) at which the spend-more rule
/// gives all of its extension for a falling value.
pub const FAIL_LOW_FULL: Value = 100;

/// The moves the spend-more rule expects to the end of the game when
/// `go` gives no `movestogo`, by the game phase (24 with all pieces on, 0
/// with pawns and kings only, [`crate::pst::phase`]): 40 at the start,
/// down to 20 as the pieces come off — a game's later moves get a larger
/// share of what is left.
pub fn moves_to_go(phase: Value) -> u32 {
    20 + (20 * phase.clamp(0, FULL_PHASE) / FULL_PHASE) as u32
}

/// Time kept back from the clock for the protocol and the operating system
/// when the GUI sets no `Move Overhead`.
pub const DEFAULT_OVERHEAD: Duration = Duration::from_millis(20);

/// How much of a fixed time a move (`go movetime`) the search leaves
/// unused: enough to see the limit (the clock is read every 1024
/// positions, well under a millisecond) and write `bestmove`. A GUI that
/// asks for 100 ms expects about 100 ms, and a fixed time has no clock to
/// lose on time against, so `Move Overhead` (kept for the connection of a
/// game's clock) does not apply to it.
pub const MOVETIME_MARGIN: Duration = Duration::from_millis(5);

impl GoParams {
    /// The time budget for the side to move, if the command limits time:
    /// the rule with UCI `SpendClock` off (on, the search takes
    /// [`GoParams::spending_budget`]).
    ///
    /// With a clock: the share of this move is `remaining / movestogo` (40
    /// moves when not given) plus three quarters of the increment. No new
    /// iteration starts after half the share (soft limit), since the next
    /// one would take about as long as all before it; the search stops at
    /// twice the share, but never after a quarter of the remaining time
    /// (hard limit). So even a move that reaches the hard limit leaves the
    /// clock for the moves to come: without the cap, an iteration started
    /// just before a share of `remaining / 30` can run on to four times it,
    /// enough to lose a 1+0 game on time within 60 moves. `Move Overhead`
    /// is kept back from the clock first. `movetime` is used as given, less
    /// [`MOVETIME_MARGIN`] only.
    /// When only one side's clock is given, it is used for either side.
    pub fn budget(&self, side: Color) -> Option<TimeBudget> {
        if self.infinite {
            return None;
        }
        if let Some(t) = self.movetime {
            let t = t
                .saturating_sub(MOVETIME_MARGIN)
                .max(Duration::from_millis(1));
            return Some(TimeBudget { soft: t, hard: t });
        }
        let overhead = self.move_overhead.unwrap_or(DEFAULT_OVERHEAD);
        // A clock given for one side only (`go wtime 1000` with Black to
        // move) is taken for both: a clock limits the search either way.
        let (own, own_inc, other, other_inc) = match side {
            Color::White => (self.wtime, self.winc, self.btime, self.binc),
            Color::Black => (self.btime, self.binc, self.wtime, self.winc),
        };
        let (remaining, inc) = match own {
            Some(t) => (t, own_inc.unwrap_or_default()),
            None => (other?, other_inc.unwrap_or_default()),
        };
        let moves = self.movestogo.unwrap_or(40).clamp(1, 60);
        let usable = remaining.saturating_sub(overhead);
        let target = (usable / moves + inc * 3 / 4).min(usable / 2);
        let soft = target / 2;
        let hard = (target * 2).min(usable / 4).max(soft);
        Some(TimeBudget::at_least_a_millisecond(soft, hard))
    }

    /// The time budget of the spend-more rule (UCI `SpendClock`, on by
    /// default, as its match decided: docs/performance-chess.md), at game
    /// phase `phase` ([`crate::pst::phase`]).
    ///
    /// [`GoParams::budget`] leaves a 10-second game with seconds unused:
    /// its share is the remaining time over 40 moves however far the game
    /// is, the soft limit half of it, and only three quarters of the
    /// increment. This rule expects [`moves_to_go`] moves by the phase (40
    /// at the start, 20 with pawns only), adds the whole increment (it
    /// comes back after the move), stops starting iterations at 7/10 of
    /// the share and aborts at three times it — still never after a
    /// quarter of the remaining time, so no move can take the clock below
    /// `Move Overhead`. The soft limit is stretched further for an
    /// unsettled root by [`TimeBudget::soft_for`]. `movetime` and a given
    /// `movestogo` are used as [`GoParams::budget`] uses them.
    pub fn spending_budget(&self, side: Color, phase: Value) -> Option<TimeBudget> {
        if self.infinite || self.movetime.is_some() {
            return self.budget(side);
        }
        let (own, own_inc, other, other_inc) = match side {
            Color::White => (self.wtime, self.winc, self.btime, self.binc),
            Color::Black => (self.btime, self.binc, self.wtime, self.winc),
        };
        let (remaining, inc) = match own {
            Some(t) => (t, own_inc.unwrap_or_default()),
            None => (other?, other_inc.unwrap_or_default()),
        };
        let overhead = self.move_overhead.unwrap_or(DEFAULT_OVERHEAD);
        let moves = self
            .movestogo
            .map_or(moves_to_go(phase), |m| m.clamp(1, 60));
        let usable = remaining.saturating_sub(overhead);
        let target = (usable / moves + inc).min(usable / 2);
        let soft = target * 7 / 10;
        let hard = (target * 3).min(usable / 4).max(soft);
        Some(TimeBudget::at_least_a_millisecond(soft, hard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn movetime_is_used_as_given_less_the_margin_only() {
        // 100 ms asked: the search stops at 95, whatever Move Overhead is.
        for overhead in [None, Some(ms(0)), Some(ms(20)), Some(ms(300))] {
            let g = GoParams {
                movetime: Some(ms(100)),
                move_overhead: overhead,
                ..Default::default()
            };
            assert_eq!(
                g.budget(Color::White),
                Some(TimeBudget {
                    soft: ms(95),
                    hard: ms(95)
                }),
                "{overhead:?}"
            );
        }
        // Less than the margin: a millisecond, never nothing.
        let tiny = GoParams {
            movetime: Some(ms(3)),
            ..Default::default()
        };
        assert_eq!(tiny.budget(Color::White).expect("movetime").hard, ms(1));
    }

    #[test]
    fn clock_share_uses_the_side_to_moves_clock() {
        let g = GoParams {
            wtime: Some(ms(60_020)),
            btime: Some(ms(3_020)),
            winc: Some(ms(1000)),
            movestogo: Some(20),
            ..Default::default()
        };
        let w = g.budget(Color::White).expect("white clock");
        assert_eq!(w.soft, ms((3000 + 750) / 2));
        assert_eq!(w.hard, ms(7500));
        let b = g.budget(Color::Black).expect("black clock");
        assert_eq!(b.soft, ms(75));
        assert_eq!(b.hard, ms(300));
        assert!(b.hard <= ms(750));
    }

    #[test]
    fn a_clock_for_one_side_only_limits_the_other_side_too() {
        let g = GoParams {
            wtime: Some(ms(3_020)),
            ..Default::default()
        };
        let w = g.budget(Color::White).expect("white clock");
        assert_eq!(g.budget(Color::Black), Some(w));
        assert_eq!(w.soft, Duration::from_micros(37_500));
        assert_eq!(w.hard, ms(150));
    }

    #[test]
    fn a_sudden_death_clock_lasts_even_at_the_hard_limit_every_move() {
        // 1 second, no increment: spending the whole hard limit on each of
        // 60 moves still leaves time beyond the protocol overhead.
        let mut remaining = ms(1000);
        for _ in 0..60 {
            let g = GoParams {
                wtime: Some(remaining),
                btime: Some(remaining),
                ..Default::default()
            };
            remaining -= g.budget(Color::White).expect("clock").hard;
        }
        assert!(remaining >= ms(60), "{remaining:?} left");
    }

    #[test]
    fn the_move_overhead_is_kept_back_from_the_clock() {
        let g = GoParams {
            wtime: Some(ms(60_300)),
            move_overhead: Some(ms(300)),
            movestogo: Some(20),
            ..Default::default()
        };
        // The share of 60 s over 20 moves, as with 60.02 s and the default.
        assert_eq!(g.budget(Color::White).expect("clock").hard, ms(6000));
    }

    #[test]
    fn an_iteration_starts_only_when_it_can_finish() {
        let b = TimeBudget {
            soft: ms(500),
            hard: ms(1000),
        };
        // Early, after a short iteration: the next one fits.
        assert!(b.may_start_iteration(ms(100), ms(50)));
        // Exactly fits: 400 + 2 × 300 = 1000.
        assert!(b.may_start_iteration(ms(400), ms(300)));
        // One millisecond more and it would be cut at the hard limit.
        assert!(!b.may_start_iteration(ms(401), ms(300)));
        assert!(!b.may_start_iteration(ms(100), ms(451)));
        // Past the soft limit nothing starts, however short the last one.
        assert!(!b.may_start_iteration(ms(500), Duration::ZERO));
        assert!(b.may_start_iteration(ms(499), Duration::ZERO));
        // Huge durations do not overflow.
        assert!(!b.may_start_iteration(ms(1), Duration::MAX));
    }

    #[test]
    fn a_fixed_time_is_spent_to_its_end_when_asked() {
        let b = GoParams {
            movetime: Some(ms(1005)),
            ..Default::default()
        }
        .budget(Color::White)
        .expect("movetime");
        assert_eq!((b.soft, b.hard), (ms(1000), ms(1000)));
        // 400 ms in, after a 400-ms iteration: the prediction (400 + 800 >
        // 1000) stops; spending all of a fixed time goes on.
        assert!(!b.may_start_iteration(ms(400), ms(400)));
        assert!(!b.may_start_iteration_under(ms(400), ms(400), true, false));
        assert!(b.may_start_iteration_under(ms(400), ms(400), true, true));
        assert!(b.may_start_iteration_under(ms(999), Duration::MAX, true, true));
        assert!(!b.may_start_iteration_under(ms(1000), Duration::ZERO, true, true));
        // A clock's budget keeps the prediction whatever the option says.
        let clock = TimeBudget {
            soft: ms(500),
            hard: ms(1000),
        };
        for spend_all in [false, true] {
            assert!(!clock.may_start_iteration_under(ms(401), ms(300), false, spend_all));
            assert!(clock.may_start_iteration_under(ms(400), ms(300), false, spend_all));
        }
    }

    fn ten_plus_a_tenth(remaining: Duration) -> GoParams {
        GoParams {
            wtime: Some(remaining),
            btime: Some(remaining),
            winc: Some(ms(100)),
            binc: Some(ms(100)),
            ..Default::default()
        }
    }

    #[test]
    fn the_spend_more_rule_gives_a_larger_share_with_the_whole_increment() {
        // 10 s + 0.1 s at the start (phase 24, 40 moves to go): the share
        // is 9 980 / 40 + 100 = 349.5 ms; soft 7/10 of it, hard three
        // times. The default rule: 9 980 / 40 + 75 = 324.5, soft 162.25,
        // hard 649.
        let g = ten_plus_a_tenth(ms(10_000));
        let spend = g.spending_budget(Color::White, FULL_PHASE).expect("clock");
        assert_eq!(spend.soft, Duration::from_micros(244_650));
        assert_eq!(spend.hard, Duration::from_micros(1_048_500));
        let default = g.budget(Color::White).expect("clock");
        assert_eq!(default.soft, Duration::from_micros(162_250));
        assert_eq!(default.hard, ms(649));
        // With pawns only, 20 moves to go: 9 980 / 20 + 100 = 599 ms.
        let late = g.spending_budget(Color::White, 0).expect("clock");
        assert_eq!(late.hard, ms(1797));
        assert_eq!(moves_to_go(FULL_PHASE), 40);
        assert_eq!(moves_to_go(12), 30);
        assert_eq!(moves_to_go(0), 20);
        assert_eq!(moves_to_go(-3), 20);
        assert_eq!(moves_to_go(99), 40);
        // A given movestogo and a fixed time are taken as the default
        // rule takes them; no clock, no budget.
        let to_go = GoParams {
            movestogo: Some(10),
            ..ten_plus_a_tenth(ms(10_020))
        };
        assert_eq!(
            to_go.spending_budget(Color::Black, 0).expect("clock").hard,
            ms(2500)
        );
        let fixed = GoParams {
            movetime: Some(ms(100)),
            ..Default::default()
        };
        assert_eq!(
            fixed.spending_budget(Color::White, 10),
            fixed.budget(Color::White)
        );
        assert_eq!(GoParams::default().spending_budget(Color::White, 24), None);
    }

    #[test]
    fn the_spend_more_rule_uses_more_of_the_clock_and_never_all_of_it() {
        // A 60-move game at 10 + 0.1, each move spending its soft limit (the
        // least a move under a clock takes when its last iteration is
        // short), the phase falling from 24 to 0: the default rule leaves
        // more than half of the clock unused, the spend-more rule far less.
        let game = |spend: bool, per_move: fn(TimeBudget) -> Duration| {
            let mut remaining = ms(10_000);
            for n in 0..60 {
                let phase = FULL_PHASE - (FULL_PHASE * n / 60);
                let g = ten_plus_a_tenth(remaining);
                let b = if spend {
                    g.spending_budget(Color::White, phase)
                } else {
                    g.budget(Color::White)
                }
                .expect("clock");
                remaining = remaining - per_move(b) + ms(100);
            }
            remaining
        };
        let (default, spend) = (game(false, |b| b.soft), game(true, |b| b.soft));
        assert!(default > ms(5_000), "{default:?}");
        assert!(spend < default / 2, "{spend:?} vs {default:?}");
        // Every move at its hard limit, 1 s sudden death, 60 moves: no move
        // takes more than a quarter of the time above the overhead, so the
        // clock never falls below the overhead kept back.
        let mut remaining = ms(1_000);
        for n in 0..60 {
            let g = GoParams {
                wtime: Some(remaining),
                ..Default::default()
            };
            let b = g
                .spending_budget(Color::White, (24 - n / 8).max(0))
                .expect("clock");
            assert!(b.hard <= remaining.saturating_sub(DEFAULT_OVERHEAD) / 4 + ms(1));
            remaining = remaining.saturating_sub(b.hard);
        }
        assert!(remaining >= DEFAULT_OVERHEAD, "{remaining:?}");
    }

    #[test]
    fn an_unsettled_root_stretches_the_soft_limit_up_to_the_hard_one() {
        let b = TimeBudget {
            soft: ms(200),
            hard: ms(1000),
        };
        let trend = |changes, drop| RootTrend {
            changes,
            last_changed: changes > 0,
            drop,
        };
        assert_eq!(b.soft_for(RootTrend::default()), ms(200));
        assert_eq!(b.soft_for(trend(1, 0)), ms(300));
        assert_eq!(b.soft_for(trend(2, 0)), ms(400));
        assert_eq!(b.soft_for(trend(7, 0)), ms(400));
        assert_eq!(b.soft_for(trend(0, 50)), ms(250));
        assert_eq!(b.soft_for(trend(0, 100)), ms(300));
        assert_eq!(b.soft_for(trend(0, 5000)), ms(300));
        assert_eq!(b.soft_for(trend(0, -40)), ms(200));
        assert_eq!(b.soft_for(trend(2, 100)), ms(600));
        let tight = TimeBudget {
            soft: ms(200),
            hard: ms(350),
        };
        assert_eq!(tight.soft_for(trend(2, 100)), ms(350));
        // The trend follows the iterations: the last two changes count.
        let t = RootTrend::default().after(None, 'a', 10);
        assert_eq!(t, RootTrend::default());
        let t = t.after(Some(('a', 10)), 'b', -30);
        assert_eq!((t.changes, t.drop), (1, 40));
        let t = t.after(Some(('b', -30)), 'c', -20);
        assert_eq!((t.changes, t.drop), (2, 0));
        let t = t.after(Some(('c', -20)), 'c', -20);
        assert_eq!((t.changes, t.drop), (1, 0));
        let t = t.after(Some(('c', -20)), 'c', -25);
        assert_eq!((t.changes, t.drop), (0, 5));
    }

    #[test]
    fn no_clock_no_budget() {
        assert_eq!(
            GoParams {
                depth: Some(5),
                ..Default::default()
            }
            .budget(Color::White),
            None
        );
        let inf = GoParams {
            infinite: true,
            wtime: Some(ms(10)),
            ..Default::default()
        };
        assert_eq!(inf.budget(Color::White), None);
    }
}

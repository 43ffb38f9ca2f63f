//! Plaat et al.'s MT framework: SSS\* as a sequence of null-window
//! alpha-beta searches with a table of bounds.

use super::sss::TooLarge;
use crate::game::Game;
use crate::moves::MoveList;
use crate::observer::Observer;
use crate::search::{Cut, Node, Search};
use crate::value::{INFINITY, NEG_INFINITY, Value};

/// No successors stored yet.
const NONE: u32 = u32::MAX;

/// What is known about one position of the tree: bounds on its negamax
/// value f⁻ ≤ F ≤ f⁺ (Plaat et al.'s `n.f-`, `n.f+`) and where its
/// successors' records start.
#[derive(Clone, Copy, Debug)]
struct Bounds {
    lower: Value,
    upper: Value,
    /// Index of the first successor's record; the others follow it.
    first: u32,
}

const UNKNOWN: Bounds = Bounds {
    lower: NEG_INFINITY,
    upper: INFINITY,
    first: NONE,
};

/// The table of MT-SSS\*: a record per position examined, keyed by the
/// position's path in the tree (the records of a position's successors lie
/// side by side), so it never loses an entry and never confuses two
/// positions — the table Plaat et al.'s equivalence with SSS\* assumes
/// (1996, §3: "a transposition table that is large enough to store the
/// whole search tree"). A transposition in the game is two records here.
struct PathTable {
    records: Vec<Bounds>,
    limit: usize,
}

/// MT (Plaat, Schaeffer, Pijls & de Bruin 1996, "Best-first fixed-depth
/// minimax algorithms", AI 87, Fig. 9 — *Memory-enhanced Test*): a
/// fail-soft null-window alpha-beta that answers whether F(pos) ≥ γ,
/// storing the bound it proves for every position it searches. A stored
/// bound that answers the question settles the position
/// ([`crate::Observer::settled`]); a bottom position is stored exactly the
/// first time, so it is evaluated once in the whole sequence of passes.
/// Returns g with g ≥ γ a lower bound on F(pos), or g < γ an upper bound,
/// and the cutoff the position made, which its parent reports.
#[allow(clippy::too_many_arguments)]
fn mt<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    table: &mut PathTable,
    record: usize,
    pos: &G::Position,
    ply: usize,
    index: usize,
    depth: u32,
    gamma: Value,
) -> Result<(Value, Cut), TooLarge> {
    s.enter(ply, index, gamma - 1, gamma);
    let known = table.records[record];
    if known.lower >= gamma {
        return Ok((s.settle(ply, known.lower), Cut::NONE));
    }
    if known.upper < gamma {
        return Ok((s.settle(ply, known.upper), Cut::NONE));
    }
    let moves = match s.expand(pos, ply, depth) {
        Node::Bottom(f) => {
            table.records[record].lower = f;
            table.records[record].upper = f;
            return Ok((f, Cut::NONE));
        }
        Node::Interior(moves) => moves,
    };
    let n = moves.len();
    let first = match known.first {
        NONE => {
            let first = table.records.len();
            if first + n > table.limit {
                s.release(ply, moves);
                return Err(TooLarge {
                    procedure: "MT-SSS*",
                    limit: table.limit,
                    bound: INFINITY,
                });
            }
            table.records.resize(first + n, UNKNOWN);
            table.records[record].first = first as u32;
            first
        }
        f => f as usize,
    };
    let mut g = NEG_INFINITY;
    let mut cut = Cut::NONE;
    for i in 0..n {
        let mv = moves.get(i);
        let child = s.game.play(pos, mv);
        let t = match mt(
            s,
            table,
            first + i,
            &child,
            ply + 1,
            i + 1,
            depth - 1,
            1 - gamma,
        ) {
            Ok((t, child_cut)) => {
                s.successor_cut(ply + 1, child_cut, -t, g);
                -t
            }
            Err(e) => {
                s.release(ply, moves);
                return Err(e);
            }
        };
        if t > g {
            g = t;
            s.update_pv(ply, mv);
        }
        if g >= gamma {
            cut = s.cut(n - i - 1);
            break;
        }
    }
    s.release(ply, moves);
    if g < gamma {
        table.records[record].upper = g;
    } else {
        table.records[record].lower = g;
    }
    Ok((g, cut))
}

/// MT-SSS\* (Plaat, Schaeffer, Pijls & de Bruin 1996, AI 87, Fig. 10): SSS\*
/// reformulated as a sequence of MT passes, each with γ equal to the upper
/// bound the previous one proved, starting from γ = +∞, until a pass proves
/// F ≥ γ. Returns the negamax value of `root` searched to `depth`.
///
/// With a table that keeps every record (here: keyed by the path, see
/// the module), MT-SSS\* evaluates exactly the bottom positions SSS\*
/// evaluates (Plaat et al. §3, their Theorem; checked by this project's
/// property tests), in depth-first order and with memory for the search
/// tree only, not for an OPEN list. Each pass after the first is reported
/// to the instruments as a re-search of the root.
///
/// The table may hold at most `max_positions` records; a tree that needs
/// more is refused with [`TooLarge`], whose bound is the last proved upper
/// bound on the root value.
pub fn mt_sss_star<G: Game, O: Observer>(
    s: &mut Search<'_, G, O>,
    root: &G::Position,
    depth: u32,
    max_positions: usize,
) -> Result<Value, TooLarge> {
    let mut table = PathTable {
        records: vec![UNKNOWN],
        limit: max_positions.max(1),
    };
    let mut g = INFINITY;
    let mut passes = 0u32;
    loop {
        let gamma = g;
        if gamma == NEG_INFINITY {
            // An upper bound of −∞ is the value.
            return Ok(gamma);
        }
        if passes > 0 {
            s.report_research(0);
        }
        passes += 1;
        let cut;
        (g, cut) = mt(s, &mut table, 0, root, 0, 0, depth, gamma)
            .map_err(|e| TooLarge { bound: gamma, ..e })?;
        s.root_cut(cut);
        if g == gamma || s.stopped() {
            return Ok(g);
        }
    }
}

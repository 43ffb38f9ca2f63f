//! Chess: Fuller's Figs 6.2–6.3 (Spassky–Fischer 1972, game 21) and
//! Klyushin & Kruchinin's experiment. The chess crate has not landed yet; the
//! internal consistency of Klyushin & Kruchinin's table is checked now.

use serde_json::json;

use super::missing_item;
use crate::model::{Comparison, DataTable, Item, ItemKind, Value};
use crate::paper::{KLYUSHIN_AVERAGES, KLYUSHIN_TABLE};
use crate::runner::Context;

const WHY: &str = "the chess crate (alphabeta-chess) has no experiment API yet";

/// Runs the section.
pub fn run(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    ctx.steps(1);
    let mut items = vec![
        missing_item(
            "fuller-fig-6-2",
            ItemKind::Figure,
            "Fuller Fig. 6.2: NBP in Spassky–Fischer game 21, material evaluator",
            vec![
                (
                    "range R of distinct bottom values at ⟨10,3⟩ (min–max)".into(),
                    Value::text("1–9"),
                ),
                ("median R at ⟨10,3⟩".into(), Value::int(5)),
            ],
            WHY,
        ),
        missing_item(
            "fuller-fig-6-3",
            ItemKind::Figure,
            "Fuller Fig. 6.3: NBP with material + mobility",
            vec![
                ("range R at ⟨10,3⟩ (min–max)".into(), Value::text("12–82")),
                ("median R at ⟨10,3⟩".into(), Value::int(43)),
            ],
            WHY,
        ),
    ];
    let mut table = Item::new("klyushin-table", ItemKind::Table, "Klyushin & Kruchinin: terminal positions, their algorithm against alpha-beta")
        .describe("Their 20 positions at depth 4. The averages printed in the text are recomputed from their own table; the search itself waits for the chess crate.");
    let n = KLYUSHIN_TABLE.len() as f64;
    let theirs: u32 = KLYUSHIN_TABLE.iter().map(|r| r.1).sum();
    let plain: u32 = KLYUSHIN_TABLE.iter().map(|r| r.2).sum();
    table.compare(Comparison::rounded(
        "average terminal positions, their algorithm (text vs. mean of their table)",
        KLYUSHIN_AVERAGES.0,
        0,
        f64::from(theirs) / n,
    ));
    table.compare(
        Comparison::rounded(
            "average terminal positions, alpha-beta (text vs. mean of their table)",
            KLYUSHIN_AVERAGES.1,
            0,
            f64::from(plain) / n,
        )
        .explained(format!(
            "their table sums to {plain}, a mean of {:.1}; the text's 11008 does not follow from the table (a misprint in the paper)",
            f64::from(plain) / n
        )),
    );
    table.compare(Comparison::missing(
        "our chess search on their positions",
        Some(Value::text("same move, 331 vs 11008 terminal positions")),
        format!("not reproduced yet: {WHY}; their positions (Botvinnik–Donner 1963, Fischer–Matanović 1968) are not identified move by move in the paper"),
    ));
    let mut data = DataTable::new(
        "klyushin-table",
        &["position", "their algorithm", "alpha-beta"],
    );
    for (i, a, b) in KLYUSHIN_TABLE {
        data.push(vec![json!(i), json!(a), json!(b)]);
    }
    table.data.push(data);
    items.push(table);
    ctx.step("chess");
    Ok(items)
}

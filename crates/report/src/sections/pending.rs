//! Sections that need crates still being written (exact analysis, random
//! tree models and Monte Carlo). Each lists the paper's numbers with the
//! verdict "missing" and the reason, until the crate lands.

use super::missing_item;
use crate::model::{Item, ItemKind, Value};
use crate::paper::{
    FULLER_LD_INTERCEPT_TABLE, FULLER_LD_SLOPE, FULLER_TABLE_5_1, FULLER_TABLE_5_2,
    FULLER_TABLE_7_1, KNUTH_D3_CONSTANT, KNUTH_D3_ROOT, KNUTH_TABLE_1,
};
use crate::runner::Context;

const NO_ANALYSIS: &str = "the exact-analysis crate (alphabeta-analysis) has not landed";

fn rational(num: &str, den: &str) -> Value {
    let approx = num.parse::<f64>().unwrap_or(f64::NAN) / den.parse::<f64>().unwrap_or(f64::NAN);
    Value::rational(num, den, approx)
}

/// Fuller Tables 5.1 and 5.2.
pub fn fuller_exact(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    ctx.steps(1);
    let t51 = FULLER_TABLE_5_1
        .iter()
        .map(|(n, p, q)| (format!("E[NBP_{{{n},2}}]"), rational(p, q)))
        .collect();
    let t52 = FULLER_TABLE_5_2
        .iter()
        .map(|(n, d, p, q)| (format!("E[NBP_{{{n},{d}}}]"), rational(p, q)))
        .collect();
    ctx.step("tables");
    Ok(vec![
        missing_item(
            "fuller-table-5-1",
            ItemKind::Table,
            "Fuller Table 5.1: E[NBP_{N,2}], exact",
            t51,
            NO_ANALYSIS,
        ),
        missing_item(
            "fuller-table-5-2",
            ItemKind::Table,
            "Fuller Table 5.2: E[NBP_{N,D}] for D = 3, 4, exact",
            t52,
            NO_ANALYSIS,
        ),
    ])
}

/// Fuller Table 7.1 and the L_D fit.
pub fn fuller_fit(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    ctx.steps(1);
    let mut paper: Vec<(String, Value)> = FULLER_TABLE_7_1
        .iter()
        .map(|(d, k)| (format!("K_{d}"), Value::real(*k, 2)))
        .collect();
    paper.push(("L_D slope".into(), Value::real(FULLER_LD_SLOPE, 3)));
    paper.push((
        "L_D intercept (.227 in §7, .277 in the approximation)".into(),
        Value::real(FULLER_LD_INTERCEPT_TABLE, 3),
    ));
    ctx.step("fit");
    Ok(vec![missing_item(
        "fuller-table-7-1",
        ItemKind::Table,
        "Fuller Table 7.1 and L_D = .720D + .227",
        paper,
        NO_ANALYSIS,
    )])
}

/// Knuth Table 1.
pub fn knuth_table_1(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    ctx.steps(1);
    let mut paper = Vec::new();
    for (d, r0, r1, rs) in KNUTH_TABLE_1.iter().filter(|r| r.0 <= 6) {
        paper.push((format!("r0({d})"), Value::real(*r0, 3)));
        paper.push((format!("r1({d})"), Value::real(*r1, 3)));
        if let Some(rs) = rs {
            paper.push((format!("r*({d})"), Value::real(*rs, 3)));
        }
    }
    paper.push((
        "d = 3: dominant root r".into(),
        Value::real(KNUTH_D3_ROOT, 6),
    ));
    paper.push((
        "d = 3: constant c".into(),
        Value::real(KNUTH_D3_CONSTANT, 6),
    ));
    ctx.step("table");
    Ok(vec![missing_item(
        "knuth-table-1",
        ItemKind::Table,
        "Knuth & Moore Table 1: r0, r1, r* (d = 2..6 shown)",
        paper,
        NO_ANALYSIS,
    )])
}

/// Knuth §9.
pub fn knuth_dependent(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    ctx.steps(1);
    ctx.step("theorem 6");
    Ok(vec![missing_item(
        "knuth-theorem-6",
        ItemKind::Check,
        "Knuth & Moore Theorem 6: totally dependent values",
        vec![],
        NO_ANALYSIS,
    )])
}

/// Pearl.
pub fn pearl(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    ctx.steps(1);
    ctx.step("pearl");
    Ok(vec![missing_item(
        "pearl-branching-factor",
        ItemKind::Check,
        "Pearl's ξ_N/(1 − ξ_N) against E[NBP_{N,D+2}]/E[NBP_{N,D}]",
        vec![],
        NO_ANALYSIS,
    )])
}

/// Beyond the papers.
pub fn beyond(ctx: &Context<'_>) -> anyhow::Result<Vec<Item>> {
    ctx.steps(1);
    ctx.step("beyond");
    Ok(vec![missing_item(
        "beyond-enbp",
        ItemKind::Table,
        "E[NBP_{N,D}] far past the 1973 tables",
        vec![],
        NO_ANALYSIS,
    )])
}

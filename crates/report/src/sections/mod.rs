//! The sections of the report, in the order the report shows them.
//!
//! Each section is a function from a [`Context`] to its items. A number a
//! section cannot reproduce is reported with the verdict "missing" and the
//! reason ([`crate::model::Comparison::missing`], or
//! [`crate::model::Comparison::not_yet_built`] for work in progress), never
//! a made-up value and never silently left out.
//!
//! To add a section: write `fn run(ctx: &Context) -> anyhow::Result<Vec<Item>>`
//! in a module here and add a [`SectionSpec`] to [`registry`]. Build each
//! item's comparisons with the constructors of [`crate::model::Comparison`]
//! (`exact`, `rounded`, `approximately`, `qualitative`, `estimate_rerun`, or
//! [`crate::mc::compare`] for a [`crate::mc::simulate`] run; `new_result`,
//! `not_yet_built`), marking a paper value that is our evaluation of its
//! formula with `.formula(name)` and an agreement with a rebuilt input with
//! `.by_construction(how)`.

mod chess;
mod connect4_line;
mod exact;
mod examples;
mod floyd;
mod fuller_mc;
mod fuller_variance;
mod klyushin;
mod knuth_model;
mod knuth_pi;
pub(crate) mod one_scale;
pub mod parallel;
mod perfect;

use crate::context::Context;
use crate::model::{Figure, Item};

/// A section: its id (for `--sections`), title, sources and code.
#[derive(Clone, Copy)]
pub struct SectionSpec {
    /// Identifier used on the command line.
    pub id: &'static str,
    /// Title.
    pub title: &'static str,
    /// The seeds and places it reproduces.
    pub sources: &'static str,
    /// Whether it runs in well under a second (the test of the report runs
    /// these).
    pub fast: bool,
    /// The computation.
    pub run: fn(&Context<'_>) -> anyhow::Result<Vec<Item>>,
}

/// Every section, in report order.
pub fn registry() -> Vec<SectionSpec> {
    vec![
        SectionSpec {
            id: "knuth-pi",
            title: "Knuth & Moore Figs 1–3: the π tree under F, F1 and F2",
            sources: "Knuth & Moore 1975 §3, Figs 1–3, §4 (aspiration)",
            fast: true,
            run: knuth_pi::run,
        },
        SectionSpec {
            id: "worked-examples",
            title: "Worked examples: Fuller Figs 1.1 and 2.1, Hsu's F1/F2/F3, Knuth Figs 4–5",
            sources: "Fuller et al. 1973 §1–2, Figs 1.1, 2.1, the footnote on wins; Hsu slides 64–77; Zohar Lemma 6; Knuth & Moore §2, Figs 4–5",
            fast: true,
            run: examples::run,
        },
        SectionSpec {
            id: "perfect-ordering",
            title: "Perfect ordering: critical positions, node types, best cases",
            sources: "Knuth & Moore Thm 1, Cors 1–3, §8 eqs (49)–(51); Zohar Thm 8, Cor 9; Hsu slides 35–60; Fuller §2 (NBP_po)",
            fast: true,
            run: perfect::run,
        },
        SectionSpec {
            id: "fuller-exact",
            title: "Fuller Tables 5.1 and 5.2: exact E[NBP]",
            sources: "Fuller et al. 1973 §5, Eqn 5.6, Lemma 5.3, Tables 5.1–5.2; Knuth & Moore Thm 3",
            fast: true,
            run: exact::fuller_exact,
        },
        SectionSpec {
            id: "fuller-monte-carlo",
            title: "Fuller Figs 3.1, 5.1, 6.1 and Table 7.1: distributions, E[NBP] against N, the fit, range R",
            sources: "Fuller et al. 1973 §3 Fig. 3.1, §5 Fig. 5.1, §6 Fig. 6.1, §7 (std/mean, Table 7.1, L_D, DR)",
            fast: false,
            run: fuller_mc::run,
        },
        SectionSpec {
            id: "fuller-variance",
            title: "Fuller §8: the variance of NBP",
            sources: "Fuller et al. 1973 §8 (open problem), §7 (std/mean), Fig. 3.1 (distributions); new results of this project",
            fast: false,
            run: fuller_variance::run,
        },
        SectionSpec {
            id: "knuth-table-1",
            title: "Knuth & Moore §7–§8: Table 1, the branching factor of F1, Fig. 7's fallacy, deep cutoffs",
            sources: "Knuth & Moore 1975 §7, eqs (23)–(27), (32), (39), Thm 4, Table 1, Fig. 7; §8",
            fast: true,
            run: exact::knuth_table_1,
        },
        SectionSpec {
            id: "knuth-dependent",
            title: "Knuth & Moore §9: totally dependent values, Fig. 8, Theorem 6",
            sources: "Knuth & Moore 1975 §9, Fig. 8, Thm 6, Cor 4, eq. (54)",
            fast: true,
            run: exact::knuth_dependent,
        },
        SectionSpec {
            id: "pearl",
            title: "Pearl's asymptotic branching factor against the computed ratios",
            sources: "Pearl 1982 (cited by Hsu); Fuller Eqn 5.6",
            fast: true,
            run: exact::pearl,
        },
        SectionSpec {
            id: "chess",
            title: "Chess: Fuller Figs 6.2–6.3 and Klyushin & Kruchinin's table",
            sources: "Fuller et al. 1973 §6, Figs 6.2–6.3; Klyushin & Kruchinin 2006",
            fast: false,
            run: chess::run,
        },
        SectionSpec {
            id: "klyushin",
            title: "Chess: Klyushin & Kruchinin's selective search at every level",
            sources: "Klyushin & Kruchinin 2006 (algorithm, lower bound, experimental table)",
            fast: false,
            run: klyushin::run,
        },
        SectionSpec {
            id: "floyd",
            title: "Chess: Floyd's likelihood search tried at scale",
            sources: "Knuth & Moore 1975 §4 (Floyd's scheme); new experiments",
            fast: false,
            run: floyd::run,
        },
        SectionSpec {
            id: "one-scale",
            title: "Beyond alpha-beta on one scale: Scout, SSS*, MT-SSS*, NegaScout, MTD(f) against the minimal tree",
            sources: "Knuth & Moore 1975 §6–§7 (minimal tree); Stockman 1979 (SSS*, Theorem 3); Pearl 1980 (Scout); Reinefeld 1983 (NegaScout); Plaat, Schaeffer, Pijls & de Bruin 1996 (MT-SSS*, MTD(f))",
            fast: false,
            run: one_scale::run_section,
        },
        SectionSpec {
            id: "connect4-line",
            title: "Connect Four along one game: every procedure against the minimal tree, from the empty board to the end",
            sources: "Knuth & Moore 1975 §6–§7 (minimal tree); Stockman 1979 (SSS*); Pearl 1980 (Scout); Reinefeld 1983 (NegaScout); Plaat, Schaeffer, Pijls & de Bruin 1996 (MT-SSS*, MTD(f)); new measurements of this project",
            fast: false,
            run: connect4_line::run,
        },
        SectionSpec {
            id: "parallel",
            title: "Parallel search: Young Brothers Wait and Lazy SMP against the machine's capacity",
            sources: "Hsu slide 43 (node types); Knuth & Moore Thm 1; new measurements of this project",
            fast: false,
            run: parallel::run,
        },
        SectionSpec {
            id: "beyond",
            title: "Beyond the papers",
            sources: "new results of this project",
            fast: true,
            run: exact::beyond,
        },
    ]
}

/// A figure from an SVG document.
pub(crate) fn figure(file: &str, caption: &str, svg: String) -> Figure {
    Figure {
        file: file.to_string(),
        caption: caption.to_string(),
        svg,
    }
}

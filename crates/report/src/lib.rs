//! # alphabeta-report
//!
//! The reproduction report: every table and figure of the five seed
//! documents beside our reproduction of it, with the difference and a
//! verdict class (exact / to the printed digits / within tolerance / within
//! CI / qualitative / by construction / seed inconsistent / outside CI by
//! chance / differs / new / missing; see [`model::Verdict`]), each reference
//! value with its source (printed with its citation, evaluated, or ours;
//! [`model::PaperSource`]).
//!
//! * [`model`]: the report as data — sections of items (tables, figures,
//!   checks), each holding [`model::Comparison`]s whose verdict classes are
//!   computed by their constructors from the two values, never set by hand;
//!   Holm's correction over the interval tests ([`model::Report::apply_holm`]);
//! * [`sections`]: the registry of sections and the code that computes each;
//! * [`plot`], [`treeplot`]: SVG figures through `plotters`;
//! * [`write`](mod@write): the self-contained output folder (`index.html`, `report.md`,
//!   `figures/`, `data/`, `report.json`), with the methods and provenance,
//!   written atomically;
//! * [`compare`]: every procedure on the same trees against the minimal
//!   tree and F2 (`alphabeta compare`, the section `one-scale`);
//! * [`mc`]: Monte Carlo runs, and the rerun of a first-run miss with a
//!   larger sample ([`mc::compare`]);
//! * [`paper`]: the numbers the seeds print, transcribed with their sources,
//!   and the table of the seeds' printed numbers every printed value of the
//!   report is checked against (`data/printed.csv`).
//!
//! ```no_run
//! let options = alphabeta_report::Options::default();
//! let report = alphabeta_report::generate(&options)?;
//! alphabeta_report::write::write_report(&report, std::path::Path::new("report"))?;
//! # Ok::<(), anyhow::Error>(())
//! ```

pub mod compare;
mod context;
pub mod mc;
pub mod model;
pub mod paper;
pub mod plot;
mod provenance;
mod runner;
pub mod sections;
pub mod treeplot;
pub mod write;

pub use context::{Context, Options};
pub use model::{
    Comparison, Item, ItemKind, PaperSource, Report, Section, SectionVerdict, Value, Verdict,
};
pub use runner::generate;
pub use sections::{SectionSpec, registry};

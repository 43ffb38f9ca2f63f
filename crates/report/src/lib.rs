//! # alphabeta-report
//!
//! The reproduction report: every table and figure of the five seed
//! documents beside our reproduction of it, with the difference and a
//! verdict (matches / within CI / differs / missing / new).
//!
//! * [`model`]: the report as data — sections of items (tables, figures,
//!   checks), each holding [`model::Comparison`]s whose verdicts are computed
//!   from the two values, never set by hand;
//! * [`sections`]: the registry of sections and the code that computes each;
//! * [`plot`], [`treeplot`]: SVG figures through `plotters`;
//! * [`write`](mod@write): the self-contained output folder (`index.html`, `report.md`,
//!   `figures/`, `data/`, `report.json`);
//! * [`paper`]: the numbers the seeds print, transcribed with their sources.
//!
//! ```no_run
//! let options = alphabeta_report::Options::default();
//! let report = alphabeta_report::generate(&options)?;
//! alphabeta_report::write::write_report(&report, std::path::Path::new("report"))?;
//! # Ok::<(), anyhow::Error>(())
//! ```

pub mod mc;
pub mod model;
pub mod paper;
pub mod plot;
mod runner;
pub mod sections;
pub mod treeplot;
pub mod write;

pub use model::{Comparison, Item, ItemKind, Report, Section, Value, Verdict};
pub use runner::{Context, Options, generate};
pub use sections::{SectionSpec, registry};

//! The three output formats: a table for people, CSV rows, JSON.

use std::fmt::Write as _;

use crate::summary::{Estimate, Summary};

impl Summary {
    /// A plain-text table.
    pub fn to_table(&self) -> String {
        let mut out = String::new();
        let status = if self.complete {
            String::new()
        } else {
            format!(" (interrupted: {} of {})", self.trees, self.trees_requested)
        };
        let _ = writeln!(
            out,
            "model {}, procedure {}, seed {}, {} trees{status}",
            self.model, self.procedure, self.seed, self.trees
        );
        let _ = writeln!(
            out,
            "{:<22} {:>14} {:>12} {:>27} {:>9}",
            "per tree", "mean", "sd", "95% CI", "sd/mean"
        );
        let mut row = |name: &str, e: &Estimate| {
            let _ = writeln!(
                out,
                "{name:<22} {:>14.4} {:>12.4} [{:>12.4}, {:>12.4}] {:>9.4}",
                e.mean, e.sd, e.ci95_low, e.ci95_high, e.sd_over_mean
            );
        };
        row("bottom positions (NBP)", &self.leaves);
        row("positions examined", &self.nodes);
        row("move generations (NMG)", &self.move_generations);
        let _ = writeln!(
            out,
            "cutoffs per tree: alpha {:.4}, beta {:.4}, deep {:.4}, shallow {:.4}; \
             pruned branches {:.4} (deep {:.4}); mean root value {:.4}",
            self.cutoffs.alpha,
            self.cutoffs.beta,
            self.cutoffs.deep,
            self.cutoffs.shallow,
            self.cutoffs.pruned,
            self.cutoffs.deep_pruned,
            self.root_value_mean
        );
        let _ = writeln!(
            out,
            "{:>5} {:>14} {:>27} {:>14} {:>14}",
            "level", "examined", "95% CI", "bottom", "move gens"
        );
        for l in &self.levels {
            let _ = writeln!(
                out,
                "{:>5} {:>14.4} [{:>12.4}, {:>12.4}] {:>14.4} {:>14.4}",
                l.level,
                l.examined.mean,
                l.examined.ci95_low,
                l.examined.ci95_high,
                l.leaves_mean,
                l.move_generations_mean
            );
        }
        out
    }

    /// CSV: one row per measure (`level` empty for whole-tree measures).
    pub fn to_csv(&self) -> Result<String, csv::Error> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record([
            "model",
            "procedure",
            "seed",
            "trees",
            "measure",
            "level",
            "mean",
            "sd",
            "ci95_low",
            "ci95_high",
            "sd_over_mean",
        ])?;
        let head = [
            self.model.clone(),
            self.procedure.clone(),
            self.seed.to_string(),
            self.trees.to_string(),
        ];
        // Whole estimates fill every column; means alone leave the rest empty.
        let mut put = |measure: &str, level: String, mean: f64, e: Option<&Estimate>| {
            let mut rec: Vec<String> = head.to_vec();
            rec.extend([measure.to_string(), level, mean.to_string()]);
            rec.extend(match e {
                Some(e) => [e.sd, e.ci95_low, e.ci95_high, e.sd_over_mean].map(|x| x.to_string()),
                None => Default::default(),
            });
            w.write_record(&rec)
        };
        put(
            "bottom_positions",
            String::new(),
            self.leaves.mean,
            Some(&self.leaves),
        )?;
        put(
            "positions_examined",
            String::new(),
            self.nodes.mean,
            Some(&self.nodes),
        )?;
        let nmg = &self.move_generations;
        put("move_generations", String::new(), nmg.mean, Some(nmg))?;
        for l in &self.levels {
            let level = l.level.to_string();
            put(
                "examined_on_level",
                level.clone(),
                l.examined.mean,
                Some(&l.examined),
            )?;
            put("bottom_on_level", level.clone(), l.leaves_mean, None)?;
            put(
                "move_generations_on_level",
                level,
                l.move_generations_mean,
                None,
            )?;
        }
        for (name, x) in [
            ("alpha_cutoffs", self.cutoffs.alpha),
            ("beta_cutoffs", self.cutoffs.beta),
            ("deep_cutoffs", self.cutoffs.deep),
            ("shallow_cutoffs", self.cutoffs.shallow),
            ("pruned_branches", self.cutoffs.pruned),
            ("deep_pruned_branches", self.cutoffs.deep_pruned),
            ("root_value", self.root_value_mean),
        ] {
            put(name, String::new(), x, None)?;
        }
        let bytes = w.into_inner().map_err(|e| e.into_error())?;
        Ok(String::from_utf8(bytes).expect("csv of UTF-8 fields is UTF-8"))
    }

    /// Pretty JSON of the whole summary.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a summary always serialises")
    }
}

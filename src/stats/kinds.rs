//! Every generator kind surveyed side by side (`delve stats --all-kinds`): one [`Survey`]
//! per kind of the one list of kinds, in its order, and a table of each measure's median
//! by kind — where the kinds' expressive ranges lie against each other (the picture is
//! `plot::kinds`'s, with the `plot` feature).

use std::fmt::Write as _;

use delve_levels::generator::GeneratorKind;
use delve_levels::key::LevelKey;
use delve_levels::loot::LootTable;
use delve_levels::vaults::VaultSet;

use super::{Survey, ThreadsError};
use crate::measures::Measure;

/// Width of a kind's column in [`KindSurveys::table`].
const COLUMN: usize = 13;

/// One survey per generator kind, in the order of [`GeneratorKind::ALL`].
#[derive(Clone, Debug, PartialEq)]
pub struct KindSurveys {
    surveys: Vec<Survey>,
}

impl KindSurveys {
    /// Surveys `count` levels of every kind on `threads` threads (0: one per core), kind
    /// after kind: `base_of(kind)` gives the key of a kind's first level (its config,
    /// depth and first run seed), and is asked for every kind before any level is made,
    /// so that a config it refuses costs no survey. `starting(kind)` is called as each
    /// kind's survey starts and `progress` once per level made, from any thread.
    pub fn run<E: From<ThreadsError>>(
        mut base_of: impl FnMut(GeneratorKind) -> Result<LevelKey, E>,
        table: &LootTable,
        set: &VaultSet,
        count: u64,
        threads: usize,
        starting: &mut dyn FnMut(GeneratorKind),
        progress: &(dyn Fn() + Sync),
    ) -> Result<KindSurveys, E> {
        let bases = GeneratorKind::ALL
            .into_iter()
            .map(&mut base_of)
            .collect::<Result<Vec<_>, E>>()?;
        let mut surveys = Vec::with_capacity(bases.len());
        for base in &bases {
            starting(base.config.kind());
            surveys.push(Survey::run_with(
                base, table, set, count, threads, progress,
            )?);
        }
        Ok(KindSurveys { surveys })
    }

    /// The surveys, one per kind in the list's order.
    pub fn surveys(&self) -> &[Survey] {
        &self.surveys
    }

    /// The first failure or broken guarantee of any kind, with its level's key.
    pub fn first_problem(&self) -> Option<&str> {
        self.surveys.iter().find_map(|s| s.first_problem.as_deref())
    }

    /// The medians of every measure by kind, as `delve stats --all-kinds` prints them.
    pub fn table(&self) -> String {
        let mut t = String::new();
        let Some(first) = self.surveys.first() else {
            return t;
        };
        let row = |t: &mut String, label: &str, cells: &mut dyn Iterator<Item = String>| {
            let _ = write!(t, "{label:<24}");
            for cell in cells {
                let _ = write!(t, "{cell:>COLUMN$}");
            }
            let _ = writeln!(t);
        };
        let _ = writeln!(
            t,
            "depth                   {} (per kind: this depth's entry if of the kind, else its first entry or defaults)",
            first.base.depth
        );
        let _ = writeln!(
            t,
            "run seeds               {}..={}",
            first.base.seed,
            first.last_seed()
        );
        let _ = writeln!(t);
        row(&mut t, "median", &mut self.surveys.iter().map(kind_name));
        row(
            &mut t,
            "size",
            &mut self.surveys.iter().map(|s| {
                let (w, h) = s.base.config.size();
                format!("{w}×{h}")
            }),
        );
        row(
            &mut t,
            "levels made",
            &mut self.surveys.iter().map(|s| s.made().to_string()),
        );
        for measure in Measure::ALL {
            row(
                &mut t,
                measure.name(),
                &mut self.surveys.iter().map(|s| {
                    s.distributions
                        .get(&measure)
                        .and_then(|d| d.quantile(0.5))
                        .map_or_else(|| "–".to_owned(), |m| measure.show(m as f64))
                }),
            );
        }
        row(
            &mut t,
            "failures",
            &mut self.surveys.iter().map(|s| s.failures.to_string()),
        );
        row(
            &mut t,
            "broken guarantees",
            &mut self.surveys.iter().map(|s| s.broken.to_string()),
        );
        let _ = writeln!(
            t,
            "\n(– : does not apply to the kind; `delve stats --kind KIND` gives one kind's quartiles, vetoes and features)"
        );
        t
    }
}

/// The name of a survey's kind.
fn kind_name(survey: &Survey) -> String {
    survey.base.config.kind().name().to_owned()
}

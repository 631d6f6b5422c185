//! The per-vault part of a survey (DCSS's `-mapstat`): for each vault of the set, how
//! often a slot drew it and how often it was laid, against what its weight leads one
//! to expect, and why it was not laid.
//!
//! The expectation is exact, draw by draw: a slot draws among the vaults
//! [`slot_candidates`] gives for what the level already holds (its depth, its run's
//! seed for a `unique: Run` vault, the vaults laid before, one lock vault a level), each
//! with probability weight / total weight; from generation 4 on, a slot whose vault
//! found no room draws again among the others. Summed over the draws surveyed, that gives
//! each vault's expected draws and their binomial variance (a count more than
//! [`SIGMAS`] standard deviations off is flagged); the plain weight share
//! (weight over the weights of every vault whose depths hold the level's) is printed
//! beside it, and where the two part the notes say why (uniqueness, the lock rule).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use delve_levels::generator::{Generation, Level};
use delve_levels::vaults::place::{DRAWS_A_SLOT, slot_candidates};
use delve_levels::vaults::{Category, Mode, Uniqueness, VaultSet};

/// One vault's counts in a survey.
#[derive(Clone, Debug, PartialEq)]
pub struct VaultRow {
    /// Its name.
    pub name: String,
    /// Its category.
    pub category: Category,
    /// Its weight.
    pub weight: u32,
    /// Its first and last depth.
    pub depths: (u32, u32),
    /// How often it may appear.
    pub unique: Uniqueness,
    /// Its own mode.
    pub mode: Mode,
    /// Whether it has locked doors (one lock vault a level).
    pub locks: bool,
    /// Draws expected: the sum over slots of its chance of being drawn.
    pub expected: f64,
    /// The variance of its draws (sum of p(1-p) over slots).
    pub variance: f64,
    /// Draws by its plain weight share (uniqueness and the lock rule left out).
    pub by_weight: f64,
    /// Slots that drew it.
    pub drawn: u64,
    /// Slots that laid it.
    pub placed: u64,
    /// Lays in another mode than its own (its own found no place), by mode.
    pub fallback: BTreeMap<Mode, u64>,
    /// Draws not laid, by the veto's short name.
    pub failures: BTreeMap<&'static str, u64>,
}

/// Every vault's counts over the levels of a survey.
#[derive(Clone, Debug, PartialEq)]
pub struct VaultTally {
    /// The rows, in set order.
    pub rows: Vec<VaultRow>,
    /// Slots surveyed.
    pub slots: u64,
    /// Slots that found no vault eligible.
    pub none_eligible: u64,
    /// Levels on which the checker found a vault promise broken.
    pub broken_proofs: u64,
}

impl VaultTally {
    /// An empty tally of the vaults of `set`.
    pub fn new(set: &VaultSet) -> VaultTally {
        let rows = set
            .vaults()
            .iter()
            .map(|v| VaultRow {
                name: v.name.clone(),
                category: v.category,
                weight: v.weight,
                depths: v.depths,
                unique: v.unique,
                mode: v.mode,
                locks: v.has_locks(),
                expected: 0.0,
                variance: 0.0,
                by_weight: 0.0,
                drawn: 0,
                placed: 0,
                fallback: BTreeMap::new(),
                failures: BTreeMap::new(),
            })
            .collect();
        VaultTally {
            rows,
            slots: 0,
            none_eligible: 0,
            broken_proofs: 0,
        }
    }

    /// The tally of one level of `depth` of the run of `run_seed`, made by
    /// `generation`'s rules, its vaults from `set`; `proof_broken` says whether the
    /// checker found a vault promise broken.
    pub fn of_level(
        set: &VaultSet,
        generation: Generation,
        depth: u32,
        run_seed: u64,
        level: &Level,
        proof_broken: bool,
    ) -> VaultTally {
        let mut tally = VaultTally::new(set);
        tally.broken_proofs = u64::from(proof_broken);
        let in_range: Vec<usize> = (0..set.vaults().len())
            .filter(|&i| {
                let vault = &set.vaults()[i];
                let (first, last) = vault.depths;
                (first..=last).contains(&depth) && vault.from_generation <= generation
            })
            .collect();
        let range_weight: u32 = in_range.iter().map(|&i| set.vaults()[i].weight).sum();
        let index_of = |name: &str| set.vaults().iter().position(|v| v.name == name);
        let mut laid = 0;
        // The vaults the slot drawing now has drawn and could not lay: from generation 4
        // on it draws again from the others (`DRAWS_A_SLOT` draws at most).
        let draws_a_slot = if generation.redraws_a_slot_without_room() {
            DRAWS_A_SLOT
        } else {
            1
        };
        let mut tried: Vec<&str> = Vec::new();
        for (drawn, veto) in &level.report.vaults.slots {
            tally.slots += 1;
            let candidates: Vec<_> =
                slot_candidates(set, generation, depth, run_seed, &level.vaults[..laid])
                    .into_iter()
                    .filter(|v| !tried.contains(&v.name.as_str()))
                    .collect();
            let total: u32 = candidates.iter().map(|v| v.weight).sum();
            for vault in &candidates {
                let p = f64::from(vault.weight) / f64::from(total.max(1));
                if let Some(row) = index_of(&vault.name).map(|i| &mut tally.rows[i]) {
                    row.expected += p;
                    row.variance += p * (1.0 - p);
                }
            }
            for &i in &in_range {
                let row = &mut tally.rows[i];
                row.by_weight += f64::from(row.weight) / f64::from(range_weight.max(1));
            }
            let Some(row) = drawn
                .as_deref()
                .and_then(index_of)
                .map(|i| &mut tally.rows[i])
            else {
                tally.none_eligible += 1;
                tried.clear();
                continue;
            };
            row.drawn += 1;
            match veto {
                Some(veto) => {
                    *row.failures.entry(veto.short()).or_default() += 1;
                    tried.push(drawn.as_deref().unwrap_or_default());
                    // The slot ends with its last draw, or when none is left to draw.
                    if tried.len() == draws_a_slot || candidates.len() == 1 {
                        tried.clear();
                    }
                }
                None => {
                    tried.clear();
                    row.placed += 1;
                    if let Some(placed) = level.vaults.get(laid)
                        && placed.mode != row.mode
                    {
                        *row.fallback.entry(placed.mode).or_default() += 1;
                    }
                    laid += 1;
                }
            }
        }
        tally
    }

    /// Adds `other`'s counts (of the same set) to this tally's.
    pub fn merge(&mut self, other: VaultTally) {
        self.slots += other.slots;
        self.none_eligible += other.none_eligible;
        self.broken_proofs += other.broken_proofs;
        for (row, more) in self.rows.iter_mut().zip(other.rows) {
            row.expected += more.expected;
            row.variance += more.variance;
            row.by_weight += more.by_weight;
            row.drawn += more.drawn;
            row.placed += more.placed;
            for (mode, n) in more.fallback {
                *row.fallback.entry(mode).or_default() += n;
            }
            for (reason, n) in more.failures {
                *row.failures.entry(reason).or_default() += n;
            }
        }
    }

    /// The section `delve stats` prints: a row per vault, then the notes.
    pub fn table(&self, levels: u64) -> String {
        let mut t = String::new();
        let slots = self.slots.max(1) as f64;
        let share = |n: f64| format!("{:.2}%", 100.0 * n / slots);
        let _ = writeln!(
            t,
            "vaults                       {} draws on {levels} levels; {} found no vault eligible",
            self.slots, self.none_eligible
        );
        let _ = writeln!(
            t,
            "  {:<22}{:<8}{:>4}{:>9}{:>19}{:>9}{:>7}{:>7}{:>6}  not placed",
            "vault", "cat", "wt", "by wt", "expected (±4σ)", "share", "drawn", "placed", "rate"
        );
        for row in &self.rows {
            if row.by_weight == 0.0 && row.drawn == 0 {
                let (first, last) = row.depths;
                let _ = writeln!(
                    t,
                    "  {:<22}{:<8}{:>4}  not on these levels' depth (its depths: {first}-{last})",
                    clip(&row.name, 21),
                    row.category.name(),
                    row.weight,
                );
                continue;
            }
            let failures: Vec<String> = row
                .failures
                .iter()
                .map(|(reason, n)| format!("{reason} {n}"))
                .collect();
            let rate = (100 * row.placed)
                .checked_div(row.drawn)
                .map_or_else(|| "-".to_owned(), |rate| format!("{rate}%"));
            let _ = writeln!(
                t,
                "  {:<22}{:<8}{:>4}{:>9}{:>19}{:>9}{:>7}{:>7}{:>6}  {}",
                clip(&row.name, 21),
                row.category.name(),
                row.weight,
                share(row.by_weight),
                format!(
                    "{} ± {}",
                    share(row.expected),
                    share(SIGMAS * row.variance.sqrt())
                ),
                share(row.drawn as f64),
                row.drawn,
                row.placed,
                rate,
                if failures.is_empty() {
                    "-".to_owned()
                } else {
                    failures.join(", ")
                }
            );
        }
        let _ = writeln!(
            t,
            "broken vault proofs          {} (the checker's vault proofs, on every level)",
            self.broken_proofs
        );
        let notes: Vec<String> = self.rows.iter().flat_map(|r| notes(r, self)).collect();
        if !notes.is_empty() {
            let _ = writeln!(t, "vault notes (shares off their weight, and why)");
            for note in notes {
                let _ = writeln!(t, "  {note}");
            }
        }
        t
    }
}

/// Standard deviations a vault's draws may stray from their expectation before they
/// are flagged: four, so that chance alone flags a table of a few dozen vaults about
/// once in a few hundred surveys (three would flag one survey in 15 for 24 vaults).
pub(crate) const SIGMAS: f64 = 4.0;

/// How far from its expectation a count may lie before it is flagged: [`SIGMAS`]
/// standard deviations, and one draw for the counts being whole.
pub fn tolerance(row: &VaultRow) -> f64 {
    SIGMAS * row.variance.sqrt() + 1.0
}

/// What stands out about `row`, each with its reason.
fn notes(row: &VaultRow, tally: &VaultTally) -> Vec<String> {
    let mut notes = Vec::new();
    let name = &row.name;
    let tol = tolerance(row);
    let drawn = row.drawn as f64;
    if (drawn - row.expected).abs() > tol {
        notes.push(format!(
            "\"{name}\": drawn {}, expected {:.1} ± {tol:.1}: the draws do not follow the weights",
            row.drawn, row.expected
        ));
    }
    if (row.by_weight - row.expected).abs() > tol {
        let (first, last) = row.depths;
        let mut fewer = Vec::new();
        if row.unique == Uniqueness::Level {
            fewer.push("unique: Level — once laid it is not drawn again on that level");
        }
        if row.locks {
            fewer.push("one lock vault a level — not drawn once another lock vault is laid");
        }
        let why = if row.unique == Uniqueness::Run {
            format!(
                "unique: Run — eligible on one depth of its range ({first}-{last}), so about one run in {} meets it here",
                last - first + 1
            )
        } else if row.expected < row.by_weight && !fewer.is_empty() {
            fewer.join("; ")
        } else {
            "the other vaults' uniqueness (once a level or a run, one lock vault a level) leaves it more of the slots".to_owned()
        };
        notes.push(format!(
            "\"{name}\": expected {:.2}% of slots, its weight alone gives {:.2}%: {why}",
            100.0 * row.expected / tally.slots.max(1) as f64,
            100.0 * row.by_weight / tally.slots.max(1) as f64
        ));
    }
    if row.drawn > row.placed {
        let reasons: Vec<String> = row
            .failures
            .iter()
            .map(|(reason, n)| format!("{reason} {n}"))
            .collect();
        notes.push(format!(
            "\"{name}\": laid on {} of its {} draws ({:.1}%): not placed for {}",
            row.placed,
            row.drawn,
            100.0 * row.placed as f64 / drawn.max(1.0),
            reasons.join(", ")
        ));
    }
    for (mode, n) in &row.fallback {
        notes.push(format!(
            "\"{name}\": falls back to {} on {n} of its {} lays (its own mode, {}, found no place)",
            mode.name(),
            row.placed,
            row.mode.name()
        ));
    }
    notes
}

/// `text` cut to `width` characters.
fn clip(text: &str, width: usize) -> String {
    text.chars().take(width).collect()
}

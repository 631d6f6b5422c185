//! Surveys of many levels — what `delve stats` prints and plots: for the levels of one
//! key's config and depth over consecutive run seeds, the distribution of every
//! [`Measure`], the layouts vetoed and why, the raw automaton's pockets (caves), every
//! vault's draws and lays against its weight ([`vaults`], when the levels ask for
//! vaults), and every guarantee checked by the independent checker.
//!
//! Levels are made on all cores (rayon) in chunks; each chunk's levels are folded in seed
//! order, so a survey is the same whatever the number of threads. [`kinds`] surveys
//! every generator kind side by side.

pub mod kinds;
#[cfg(feature = "plot")]
pub mod plot;
pub mod vaults;

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

use rayon::prelude::*;

use crate::measures::{LevelMeasures, Measure};
use delve_levels::analysis::regions::Regions;
use delve_levels::generator::cave::{LARGE_POCKETS_BEFORE_REPAIR, POCKETS_BEFORE_REPAIR};
use delve_levels::generator::guarantees::{Violation, check_level};
use delve_levels::generator::{
    CaveConfig, Count, FeatureReport, FeatureVeto, GeneratorConfig, GeneratorKind, PocketRepair,
    StairVeto, generate_layout,
};
use delve_levels::key::LevelKey;
use delve_levels::loot::{LootTable, default_loot_table};
use delve_levels::rng::{Stream, StreamRng};
use delve_levels::vaults::VaultSet;
use vaults::VaultTally;

/// Levels made in parallel before they are folded into the survey (in seed order).
const CHUNK: u64 = 4096;

pub use delve_levels::generator::cave::SMALL_POCKET;

/// The measure pairs plotted against each other (x, y).
pub(crate) const PLOT_PAIRS: [(Measure, Measure); 2] = [
    (Measure::Linearity, Measure::Loops),
    (Measure::Density, Measure::Chokepoints),
];

/// The measure pairs on which every kind is plotted against the others (x, y): Smith and
/// Whitehead's pair, and delve's own.
pub(crate) const KIND_PAIRS: [(Measure, Measure); 3] = [
    (Measure::Linearity, Measure::Leniency),
    (Measure::Loops, Measure::DeadEnds),
    (Measure::PathRedundancy, Measure::Chokepoints),
];

/// How many values of a measure were seen, by value: an exact distribution in little
/// memory (measures are whole numbers with few distinct values).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Distribution {
    counts: BTreeMap<u32, u64>,
    total: u64,
}

impl Distribution {
    /// Counts one value.
    pub fn add(&mut self, value: u32) {
        *self.counts.entry(value).or_default() += 1;
        self.total += 1;
    }

    /// Values counted.
    pub fn len(&self) -> u64 {
        self.total
    }

    /// Whether nothing was counted.
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// Each value seen, ascending, with how often.
    pub fn counts(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.counts.iter().map(|(&v, &n)| (v, n))
    }

    /// The value at quantile `q` (0–1) by the nearest-rank rule: the smallest value with
    /// at least `q` of all values at or below it (`q = 0`: the minimum).
    pub fn quantile(&self, q: f64) -> Option<u32> {
        let rank = ((q * self.total as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (&value, &count) in &self.counts {
            seen += count;
            if seen >= rank {
                return Some(value);
            }
        }
        None
    }

    /// The mean.
    pub fn mean(&self) -> Option<f64> {
        let sum: f64 = self.counts().map(|(v, n)| v as f64 * n as f64).sum();
        (self.total > 0).then(|| sum / self.total as f64)
    }
}

/// Pockets the raw automaton leaves on one layout (regions besides the largest).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PocketCount {
    /// All pockets.
    pub pockets: u32,
    /// Pockets larger than [`SMALL_POCKET`] tiles.
    pub large: u32,
}

/// Levels with pockets, of one kind of raw run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PocketTally {
    /// Levels with at least one pocket.
    pub any: u64,
    /// Levels with at least one pocket larger than [`SMALL_POCKET`] tiles.
    pub large: u64,
}

impl PocketTally {
    fn add(&mut self, count: PocketCount) {
        self.any += (count.pockets > 0) as u64;
        self.large += (count.large > 0) as u64;
    }
}

/// What one level gave.
struct Sample {
    /// The raw automaton's pockets with and without blanking (caves only).
    raw_pockets: Option<(PocketCount, PocketCount)>,
    /// The level's measures and report, or why it could not be made.
    level: Result<MadeLevel, String>,
}

struct MadeLevel {
    measures: LevelMeasures,
    vetoes: Vec<StairVeto>,
    carved_chambers: u32,
    /// What its generator counted.
    counts: Vec<(Count, u32)>,
    /// What the feature layer laid and refused.
    features: FeatureReport,
    /// A guarantee the checker found broken.
    broken: Option<String>,
    /// Its vaults' tally, when the config asks for vaults.
    vaults: Option<VaultTally>,
}

/// A survey of many levels; see the module docs.
#[derive(Clone, Debug, PartialEq)]
pub struct Survey {
    /// The key of the first level (its seed is the first run seed).
    pub base: LevelKey,
    /// Levels asked for.
    pub levels: u64,
    /// Each measure's distribution over the levels made (absent: does not apply).
    pub distributions: BTreeMap<Measure, Distribution>,
    /// For each of [`PLOT_PAIRS`] and [`KIND_PAIRS`], how many levels had each pair of
    /// values.
    pub pairs: BTreeMap<(Measure, Measure), BTreeMap<(u32, u32), u64>>,
    /// Layouts made, vetoed ones included.
    pub layouts: u64,
    /// Vetoed layouts, by reason.
    pub vetoes: BTreeMap<StairVeto, u64>,
    /// Chambers carved for stairs.
    pub carved_chambers: u64,
    /// The sums of the level's kind's counts that surveys sum (such as the room
    /// dungeons' cycles added).
    pub counts: BTreeMap<Count, u64>,
    /// The raw automaton's pockets, with and without blanking (caves only).
    pub raw_pockets: Option<(PocketTally, PocketTally)>,
    /// The terrain the feature layer laid, summed over the levels (its `vetoes` left
    /// empty: they are counted in [`Survey::feature_vetoes`]).
    pub features: FeatureReport,
    /// What the feature layer refused, by reason.
    pub feature_vetoes: BTreeMap<FeatureVeto, u64>,
    /// Levels that could not be made at all.
    pub failures: u64,
    /// Levels made that break a guarantee.
    pub broken: u64,
    /// Every vault's draws and lays, when the levels ask for vaults.
    pub vaults: Option<VaultTally>,
    /// The first failure or broken guarantee, with its key.
    pub first_problem: Option<String>,
}

/// Why the threads asked for could not be started.
#[derive(Debug)]
pub struct ThreadsError(pub String);

impl fmt::Display for ThreadsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ThreadsError {}

/// Runs `work` with rayon's parallel loops on `threads` threads — 0: on the current pool
/// (one thread per core unless the caller installed another). `stats`, `catalog`, the
/// benchmarks and the tests all choose their threads through this.
pub fn on_threads<R: Send>(
    threads: usize,
    work: impl FnOnce() -> R + Send,
) -> Result<R, ThreadsError> {
    if threads == 0 {
        return Ok(work());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| ThreadsError(format!("cannot start {threads} threads: {e}")))?;
    Ok(pool.install(work))
}

impl Survey {
    /// The run seed of the last level asked for (the first is `base`'s).
    pub fn last_seed(&self) -> u64 {
        self.base.seed.wrapping_add(self.levels.max(1) - 1)
    }

    /// Surveys the levels of `base`'s config and depth for run seeds `base.seed`,
    /// `base.seed + 1`, … (`count` of them) on `threads` threads (0: one per core),
    /// calling `progress` once per level made, from any thread.
    pub fn run(
        base: &LevelKey,
        count: u64,
        threads: usize,
        progress: &(dyn Fn() + Sync),
    ) -> Result<Survey, ThreadsError> {
        Survey::run_with(
            base,
            default_loot_table(),
            VaultSet::embedded(),
            count,
            threads,
            progress,
        )
    }

    /// [`Survey::run`] with the loot drawn from `table` and the vaults from `set` (a
    /// campaign's own).
    pub fn run_with(
        base: &LevelKey,
        table: &LootTable,
        set: &VaultSet,
        count: u64,
        threads: usize,
        progress: &(dyn Fn() + Sync),
    ) -> Result<Survey, ThreadsError> {
        let mut survey = Survey::new(base.clone(), set);
        on_threads(threads, || {
            let mut first = 0;
            while first < count {
                let end = count.min(first + CHUNK);
                let samples: Vec<(LevelKey, Sample)> = (first..end)
                    .into_par_iter()
                    .map(|i| {
                        let key = LevelKey {
                            seed: base.seed.wrapping_add(i),
                            ..base.clone()
                        };
                        let sample = sample(&key, table, set);
                        progress();
                        (key, sample)
                    })
                    .collect();
                for (key, sample) in samples {
                    survey.add(&key, sample);
                }
                first = end;
            }
        })?;
        Ok(survey)
    }

    fn new(base: LevelKey, set: &VaultSet) -> Survey {
        let vaults = (base.config.vaults() > 0).then(|| VaultTally::new(set));
        let raw_pockets = matches!(base.config, GeneratorConfig::Cave(_))
            .then(|| (PocketTally::default(), PocketTally::default()));
        Survey {
            base,
            levels: 0,
            distributions: BTreeMap::new(),
            pairs: BTreeMap::new(),
            layouts: 0,
            vetoes: BTreeMap::new(),
            carved_chambers: 0,
            counts: BTreeMap::new(),
            raw_pockets,
            features: FeatureReport::default(),
            feature_vetoes: BTreeMap::new(),
            failures: 0,
            broken: 0,
            vaults,
            first_problem: None,
        }
    }

    fn add(&mut self, key: &LevelKey, sample: Sample) {
        self.levels += 1;
        if let (Some((with, without)), Some((a, b))) = (&mut self.raw_pockets, sample.raw_pockets) {
            with.add(a);
            without.add(b);
        }
        let level = match sample.level {
            Ok(level) => level,
            Err(problem) => {
                self.failures += 1;
                self.layouts += delve_levels::generator::MAX_ATTEMPTS as u64;
                self.note_problem(key, &problem);
                return;
            }
        };
        for measure in Measure::ALL {
            if let Some(value) = measure.value(&level.measures) {
                self.distributions.entry(measure).or_default().add(value);
            }
        }
        for (x, y) in PLOT_PAIRS.into_iter().chain(KIND_PAIRS) {
            if let (Some(a), Some(b)) = (x.value(&level.measures), y.value(&level.measures)) {
                *self
                    .pairs
                    .entry((x, y))
                    .or_default()
                    .entry((a, b))
                    .or_default() += 1;
            }
        }
        self.layouts += level.vetoes.len() as u64 + 1;
        for veto in level.vetoes {
            *self.vetoes.entry(veto).or_default() += 1;
        }
        self.carved_chambers += level.carved_chambers as u64;
        let (sum, laid) = (&mut self.features, &level.features);
        sum.lakes += laid.lakes;
        sum.bridges += laid.bridges;
        sum.closed_doors += laid.closed_doors;
        sum.secret_doors += laid.secret_doors;
        sum.traps += laid.traps;
        for &veto in &laid.vetoes {
            *self.feature_vetoes.entry(veto).or_default() += 1;
        }
        for (count, value) in level.counts.into_iter().filter(|(c, _)| c.surveyed) {
            *self.counts.entry(count).or_default() += value as u64;
        }
        if let (Some(sum), Some(tally)) = (&mut self.vaults, level.vaults) {
            sum.merge(tally);
        }
        if let Some(broken) = level.broken {
            self.broken += 1;
            self.note_problem(key, &broken);
        }
    }

    /// Keeps the first problem met, with its level's key.
    fn note_problem(&mut self, key: &LevelKey, problem: &str) {
        self.first_problem
            .get_or_insert_with(|| format!("key {}: {problem}", key.encode()));
    }

    /// Levels made (asked for, less failures).
    pub fn made(&self) -> u64 {
        self.levels - self.failures
    }

    /// The survey as the table `delve stats` prints.
    pub fn table(&self) -> String {
        let mut t = String::new();
        let kind = self.base.config.kind();
        let (width, height) = self.base.config.size();
        let _ = writeln!(t, "kind                         {kind} ({width}×{height})");
        let _ = writeln!(
            t,
            "depth                        {} (the config's entry for it; --depth picks another)",
            self.base.depth
        );
        let _ = writeln!(
            t,
            "run seeds                    {}..={}",
            self.base.seed,
            self.last_seed()
        );
        let _ = writeln!(t, "levels                       {}", self.levels);
        let _ = writeln!(t);
        let _ = writeln!(
            t,
            "{:<24}{:>11}{:>11}{:>11}{:>11}{:>11}{:>11}",
            "measure (per level)", "min", "q1", "median", "q3", "max", "mean"
        );
        for measure in Measure::ALL {
            let _ = write!(t, "{:<24}", measure.name());
            match self.distributions.get(&measure) {
                Some(d) if !d.is_empty() => {
                    for q in [0.0, 0.25, 0.5, 0.75, 1.0] {
                        let value = d.quantile(q).unwrap_or(0);
                        let _ = write!(t, "{:>11}", measure.show(value as f64));
                    }
                    let _ = writeln!(t, "{:>11}", measure.show(d.mean().unwrap_or(0.0)));
                }
                _ if self.made() == 0 => {
                    let _ = writeln!(t, "  no level made");
                }
                _ => {
                    let _ = writeln!(t, "  does not apply to {}", kind.info().plural);
                }
            }
        }
        let _ = writeln!(t);
        match &self.raw_pockets {
            Some((with, without)) => {
                let n = self.levels.max(1) as f64;
                let _ = writeln!(
                    t,
                    "pockets before repair        levels where the raw automaton (pocket_repair: Off) leaves any / one larger than {SMALL_POCKET} tiles"
                );
                for (label, tally) in [("with blanking", with), ("without blanking", without)] {
                    let _ = writeln!(
                        t,
                        "  {label:<27}{} ({:.2}%) / {} ({:.2}%)",
                        tally.any,
                        100.0 * tally.any as f64 / n,
                        tally.large,
                        100.0 * tally.large as f64 / n
                    );
                }
            }
            None => {
                let _ = writeln!(
                    t,
                    "pockets before repair        does not apply to {} ({} only)",
                    kind.info().plural,
                    GeneratorKind::Cave.info().plural
                );
            }
        }
        let per_level = |v: u64| v as f64 / self.made().max(1) as f64;
        for (count, owners) in surveyed_counts() {
            let name = count.name;
            if kind.info().counts.contains(&count) {
                let sum = self.counts.get(&count).copied().unwrap_or(0);
                let _ = writeln!(t, "{name:<29}{sum} ({:.2} per level)", per_level(sum));
            } else {
                let _ = writeln!(
                    t,
                    "{name:<29}does not apply to {} ({owners} only)",
                    kind.info().plural
                );
            }
        }
        let _ = writeln!(
            t,
            "chambers carved              {} ({:.2} per level)",
            self.carved_chambers,
            per_level(self.carved_chambers)
        );
        let vetoed: u64 = self.vetoes.values().sum();
        let _ = writeln!(
            t,
            "layouts vetoed               {vetoed} of {} made ({:.2}%)",
            self.layouts,
            100.0 * vetoed as f64 / self.layouts.max(1) as f64
        );
        for veto in StairVeto::ALL {
            if let Some(n) = self.vetoes.get(&veto) {
                let _ = writeln!(t, "  {:<62}{n}", veto.to_string());
            }
        }
        let laid = &self.features;
        for (name, sum) in [
            ("lakes", laid.lakes),
            ("bridges", laid.bridges),
            ("closed doors", laid.closed_doors),
            ("secret doors", laid.secret_doors),
            ("traps", laid.traps),
        ] {
            let _ = writeln!(
                t,
                "{name:<29}{sum} ({:.2} per level)",
                per_level(sum as u64)
            );
        }
        let refused: u64 = self.feature_vetoes.values().sum();
        let _ = writeln!(t, "features refused             {refused}");
        for veto in FeatureVeto::ALL {
            if let Some(n) = self.feature_vetoes.get(&veto) {
                let _ = writeln!(t, "  {:<62}{n}", veto.to_string());
            }
        }
        if let Some(vaults) = &self.vaults {
            t += &vaults.table(self.made());
        }
        let _ = writeln!(t, "failures                     {}", self.failures);
        let _ = writeln!(t, "broken guarantees            {}", self.broken);
        t
    }
}

/// Every count that surveys sum, once, in the order of the list of kinds, with the
/// kinds that count it ("room dungeons").
fn surveyed_counts() -> Vec<(Count, String)> {
    let mut counts: Vec<(Count, Vec<&str>)> = Vec::new();
    for kind in GeneratorKind::ALL {
        for &count in kind.info().counts.iter().filter(|c| c.surveyed) {
            match counts.iter_mut().find(|(c, _)| *c == count) {
                Some((_, owners)) => owners.push(kind.info().plural),
                None => counts.push((count, vec![kind.info().plural])),
            }
        }
    }
    counts
        .into_iter()
        .map(|(count, owners)| (count, owners.join(" and ")))
        .collect()
}

/// Makes the level of `key` (and, for caves, the raw automaton's two layouts) and
/// measures it.
fn sample(key: &LevelKey, table: &LootTable, set: &VaultSet) -> Sample {
    let seed = key.level_seed();
    let clearance = key.config.stair_clearance();
    let allow_pockets = !key.config.keeps_one_region();
    let made = key.generate_from(table, set);
    let raw_pockets = match &key.config {
        GeneratorConfig::Cave(cave) => {
            // A level made from its own seed's layout counted that layout's pockets
            // before repairing them: the raw automaton with blanking, already run.
            let with = match &made {
                Ok(level) if level.report.retries == 0 => PocketCount {
                    pockets: level.report.count(POCKETS_BEFORE_REPAIR).unwrap_or(0),
                    large: level.report.count(LARGE_POCKETS_BEFORE_REPAIR).unwrap_or(0),
                },
                _ => raw_pockets(cave, seed, true),
            };
            let without = if cave.blanking_height == 0 {
                with
            } else {
                raw_pockets(cave, seed, false)
            };
            Some((with, without))
        }
        _ => None,
    };
    let level = made.map_err(|e| e.to_string()).map(|level| {
        let checked = check_level(&level, clearance, allow_pockets);
        let vaults = (key.config.vaults() > 0).then(|| {
            let proof_broken = matches!(checked, Err(Violation::Vault(_)));
            VaultTally::of_level(
                set,
                key.generation,
                key.depth,
                key.seed,
                &level,
                proof_broken,
            )
        });
        MadeLevel {
            measures: LevelMeasures::of_level(&level),
            carved_chambers: level.report.carved_chambers,
            broken: checked.err().map(|v| v.to_string()),
            vaults,
            counts: level.report.counts,
            features: level.report.features,
            vetoes: level.report.vetoes,
        }
    });
    Sample { raw_pockets, level }
}

/// The pockets the raw automaton (no repair; with or without blanking) leaves on the
/// layout of `seed`.
fn raw_pockets(cave: &CaveConfig, seed: u64, blanking: bool) -> PocketCount {
    let mut raw = cave.clone();
    raw.pocket_repair = PocketRepair::Off;
    if !blanking {
        raw.blanking_height = 0;
    }
    let layout = generate_layout(
        &GeneratorConfig::Cave(raw),
        &mut StreamRng::new(seed, Stream::Layout),
    );
    let regions = Regions::of(&layout.tiles);
    let Some(main) = regions.largest() else {
        return PocketCount::default();
    };
    let others = regions
        .sizes()
        .iter()
        .enumerate()
        .filter(|&(label, _)| label as u32 != main);
    let (mut pockets, mut large) = (0, 0);
    for (_, &size) in others {
        pockets += 1;
        large += (size > SMALL_POCKET) as u32;
    }
    PocketCount { pockets, large }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_levels_own_pocket_count_is_the_raw_automatons_with_blanking() {
        for config in [
            CaveConfig::default(),
            CaveConfig {
                width: 40,
                height: 21,
                blanking_height: 1,
                ..CaveConfig::default()
            },
        ] {
            let cave = config.clone();
            let config = GeneratorConfig::Cave(config);
            for seed in 0..80 {
                let key = LevelKey::new(config.clone(), 1, seed);
                let level = key.generate().unwrap();
                if level.report.retries > 0 {
                    continue;
                }
                let raw = raw_pockets(&cave, key.level_seed(), true);
                assert_eq!(
                    Some(raw.pockets),
                    level.report.count(POCKETS_BEFORE_REPAIR),
                    "seed {seed}"
                );
                assert_eq!(
                    Some(raw.large),
                    level.report.count(LARGE_POCKETS_BEFORE_REPAIR),
                    "seed {seed}"
                );
            }
        }
    }
}

//! Seed catalogs: what every run seed puts on every depth of a campaign — the level key,
//! generator and size, the stairs and their walking distance, the terrain laid (where the
//! config lays any), the vaults laid (where it asks for any), the loot by its true name
//! and place — as stable, sorted, diff-friendly text or CSV (like Brogue's
//! `--print-seed-catalog`). A committed catalog compared by the tests shows every change
//! to generation.

use std::fmt::Write as _;

use serde::Serialize;

use crate::vaults::vault_brief;
use delve_levels::config::CampaignConfig;
use delve_levels::generator::GenError;
use delve_levels::grid::Pos;
use delve_levels::key::LevelKey;

/// One level of a catalog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogEntry {
    /// The run seed.
    pub seed: u64,
    /// The depth.
    pub depth: u32,
    /// Its level key.
    pub key: LevelKey,
    /// Tiles across and down.
    pub size: (usize, usize),
    /// Up stairs.
    pub up: Pos,
    /// Down stairs.
    pub down: Pos,
    /// Walking distance between the stairs.
    pub stair_distance: u32,
    /// The loot: true name (and price, where it lies for sale) and place, sorted by
    /// place (row, then column).
    pub loot: Vec<(String, Pos)>,
    /// What the feature layer laid ("1 lake, 0 bridges, …"), for a config with features
    /// on; `None` for one without.
    pub terrain: Option<String>,
    /// The vaults laid, in slot order, each as `name@(x, y) symmetry`
    /// ([`vault_brief`]).
    pub vaults: Vec<String>,
}

/// The catalog entry of `depth` of `campaign` for run `seed`.
pub(crate) fn catalog_entry(
    campaign: &CampaignConfig,
    seed: u64,
    depth: u32,
) -> Result<CatalogEntry, GenError> {
    let table = campaign.loot_table();
    let key = campaign.key_at(depth, seed);
    let level = key.generate_from(table, campaign.vault_set())?;
    let mut loot: Vec<(String, Pos)> = level
        .loot
        .iter()
        .map(|item| {
            let name = table.true_name(item.item);
            let name = match item.price {
                0 => name,
                price => format!("{name} (for sale: {price} gold)"),
            };
            (name, item.pos)
        })
        .collect();
    loot.sort_by_key(|(name, pos)| (pos.y, pos.x, name.clone()));
    Ok(CatalogEntry {
        seed,
        depth,
        size: (level.tiles.width(), level.tiles.height()),
        up: level.up,
        down: level.down,
        stair_distance: level.report.stair_distance,
        loot,
        terrain: (!key.config.features().is_off()).then(|| level.report.features.to_string()),
        vaults: level.vaults.iter().map(vault_brief).collect(),
        key,
    })
}

/// Levels a streamed catalog makes at once: enough to keep every core busy, few enough
/// that memory stays flat however many seeds are asked for.
const STREAM_BATCH: usize = 2048;

/// The catalog of run seeds `seeds` (in order) and depths `1..=depths`, seed by seed.
/// Levels are made in parallel (on the current rayon pool: all cores unless the caller
/// installs a smaller one); the entries, and the first error, come in catalog order
/// whatever the number of threads. `progress` is called once per level, from any thread.
pub fn catalog(
    campaign: &CampaignConfig,
    seeds: impl IntoIterator<Item = u64>,
    depths: u32,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<CatalogEntry>, GenError> {
    let mut entries = Vec::new();
    stream_catalog(campaign, seeds, depths, progress, |entry| {
        entries.push(entry);
        Ok::<(), GenError>(())
    })?;
    Ok(entries)
}

/// [`catalog`], handing each entry to `each` in catalog order as soon as its batch is
/// made, so that a catalog of millions of levels holds only a batch in memory. Stops at
/// the first error: a level that cannot be made (in catalog order), or `each`'s own.
pub fn stream_catalog<E: From<GenError>>(
    campaign: &CampaignConfig,
    seeds: impl IntoIterator<Item = u64>,
    depths: u32,
    progress: &(dyn Fn() + Sync),
    each: impl FnMut(CatalogEntry) -> Result<(), E>,
) -> Result<(), E> {
    stream_in_batches(STREAM_BATCH, campaign, seeds, depths, progress, each)
}

/// [`stream_catalog`], making `batch` levels at once.
fn stream_in_batches<E: From<GenError>>(
    batch_size: usize,
    campaign: &CampaignConfig,
    seeds: impl IntoIterator<Item = u64>,
    depths: u32,
    progress: &(dyn Fn() + Sync),
    mut each: impl FnMut(CatalogEntry) -> Result<(), E>,
) -> Result<(), E> {
    use rayon::prelude::*;
    let mut levels = seeds
        .into_iter()
        .flat_map(|seed| (1..=depths).map(move |depth| (seed, depth)));
    let mut batch = Vec::with_capacity(batch_size);
    loop {
        batch.clear();
        batch.extend(levels.by_ref().take(batch_size));
        if batch.is_empty() {
            return Ok(());
        }
        let entries: Vec<Result<CatalogEntry, GenError>> = batch
            .par_iter()
            .map(|&(seed, depth)| {
                let entry = catalog_entry(campaign, seed, depth);
                progress();
                entry
            })
            .collect();
        for entry in entries {
            each(entry?)?;
        }
    }
}

/// One entry as catalog text: a line for the level, then an indented line per item.
pub fn entry_text(e: &CatalogEntry) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "seed {} depth {}: {} {}x{}, key {}, stairs {} -> {}, {} steps apart, {} items",
        e.seed,
        e.depth,
        e.key.config.kind(),
        e.size.0,
        e.size.1,
        e.key.encode(),
        e.up,
        e.down,
        e.stair_distance,
        e.loot.len()
    );
    if let Some(terrain) = &e.terrain {
        let _ = writeln!(text, "    terrain: {terrain}");
    }
    if !e.vaults.is_empty() {
        let _ = writeln!(text, "    vaults: {}", e.vaults.join(", "));
    }
    for (name, pos) in &e.loot {
        let _ = writeln!(text, "    {name} @ {pos}");
    }
    text
}

/// The catalog as text: a line per level, then an indented line per item.
pub fn to_text(entries: &[CatalogEntry]) -> String {
    entries.iter().map(entry_text).collect()
}

/// One level as a CSV row.
#[derive(Serialize)]
struct CsvRow<'a> {
    seed: u64,
    depth: u32,
    kind: &'static str,
    width: usize,
    height: usize,
    key: String,
    up_x: i32,
    up_y: i32,
    down_x: i32,
    down_y: i32,
    stair_distance: u32,
    /// `name@x:y` for every item, joined by `;`.
    loot: &'a str,
    /// What the feature layer laid (empty for a config without features).
    terrain: &'a str,
    /// The vaults laid, `name@(x, y) symmetry` joined by `;` (empty for none).
    vaults: &'a str,
}

/// A catalog written as CSV, a row at a time: a header row, then a row per level with
/// the loot in one column as `name@x:y` joined by `;`.
pub struct CsvCatalog<W: std::io::Write> {
    writer: csv::Writer<W>,
}

impl<W: std::io::Write> CsvCatalog<W> {
    /// A CSV catalog written to `out`.
    pub fn new(out: W) -> CsvCatalog<W> {
        CsvCatalog {
            writer: csv::Writer::from_writer(out),
        }
    }

    /// Writes the row of `e` (the header first, before the first row).
    pub fn write(&mut self, e: &CatalogEntry) -> Result<(), csv::Error> {
        let loot: Vec<String> = e
            .loot
            .iter()
            .map(|(name, pos)| format!("{name}@{}:{}", pos.x, pos.y))
            .collect();
        let loot = loot.join(";");
        self.writer.serialize(CsvRow {
            seed: e.seed,
            depth: e.depth,
            kind: e.key.config.kind().name(),
            width: e.size.0,
            height: e.size.1,
            key: e.key.encode(),
            up_x: e.up.x,
            up_y: e.up.y,
            down_x: e.down.x,
            down_y: e.down.y,
            stair_distance: e.stair_distance,
            loot: &loot,
            terrain: e.terrain.as_deref().unwrap_or_default(),
            vaults: &e.vaults.join(";"),
        })
    }

    /// Flushes what is written and gives back the writer.
    pub fn finish(self) -> Result<W, csv::Error> {
        self.writer
            .into_inner()
            .map_err(|e| csv::Error::from(e.into_error()))
    }
}

/// The catalog as CSV with a header row: a row per level, the loot in one column as
/// `name@x:y` joined by `;`.
pub fn to_csv(entries: &[CatalogEntry]) -> Result<String, csv::Error> {
    let mut csv = CsvCatalog::new(Vec::new());
    for e in entries {
        csv.write(e)?;
    }
    Ok(String::from_utf8_lossy(&csv.finish()?).into_owned())
}

/// A range of run seeds as the command line writes it: `A..B` (both included) or `A`.
pub fn parse_seed_range(text: &str) -> Result<(u64, u64), String> {
    let number = |part: &str| {
        part.trim().parse::<u64>().map_err(|_| {
            format!(
                "{part:?} is not a seed (a whole number from 0 to {})",
                u64::MAX
            )
        })
    };
    let (first, last) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b.trim_start_matches('='))?),
        None => {
            let seed = number(text)?;
            (seed, seed)
        }
    };
    if first > last {
        return Err(format!(
            "{text:?} runs backwards: write the smaller seed first"
        ));
    }
    Ok((first, last))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streamed_catalog_comes_in_catalog_order_across_batches() {
        let campaign = CampaignConfig::builtin();
        let mut one_at_a_time = Vec::new();
        stream_in_batches(1, &campaign, 4..=7, 3, &|| {}, |e| {
            one_at_a_time.push((e.seed, e.depth, e.key.encode()));
            Ok::<(), GenError>(())
        })
        .unwrap();
        let mut in_fives = Vec::new();
        stream_in_batches(5, &campaign, 4..=7, 3, &|| {}, |e| {
            in_fives.push((e.seed, e.depth, e.key.encode()));
            Ok::<(), GenError>(())
        })
        .unwrap();
        assert_eq!(one_at_a_time.len(), 12);
        assert_eq!(one_at_a_time, in_fives);
        let order: Vec<(u64, u32)> = in_fives.iter().map(|&(s, d, _)| (s, d)).collect();
        let expected: Vec<(u64, u32)> =
            (4..=7).flat_map(|s| (1..=3).map(move |d| (s, d))).collect();
        assert_eq!(order, expected, "seed by seed, depth by depth");
    }

    #[test]
    fn a_streamed_catalog_stops_at_the_first_error_of_its_reader() {
        let mut seen = 0;
        let stopped = stream_in_batches(4, &CampaignConfig::builtin(), 0..=9, 2, &|| {}, |_| {
            seen += 1;
            if seen == 3 {
                Err(GenError::UnknownLootTable(
                    delve_levels::loot::LootFingerprint(7),
                ))
            } else {
                Ok(())
            }
        });
        assert!(stopped.is_err());
        assert_eq!(seen, 3, "nothing is handed on after the reader's error");
    }
}

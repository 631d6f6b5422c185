//! Seed catalogs: what every run seed puts on every depth of a campaign — the level key,
//! generator and size, the stairs and their walking distance, the loot by its true name
//! and place — as stable, sorted, diff-friendly text or CSV (like Brogue's
//! `--print-seed-catalog`). A committed catalog compared by the tests shows every change
//! to generation.

use std::fmt::Write as _;

use serde::Serialize;

use crate::config::CampaignConfig;
use crate::generator::GenError;
use crate::grid::Pos;
use crate::key::LevelKey;

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
    /// The loot: true name and place, sorted by place (row, then column).
    pub loot: Vec<(String, Pos)>,
}

/// The catalog entry of `depth` of `campaign` for run `seed`.
pub fn catalog_entry(
    campaign: &CampaignConfig,
    seed: u64,
    depth: u32,
) -> Result<CatalogEntry, GenError> {
    let table = campaign.loot_table();
    let key = LevelKey::new(campaign.config_at(depth).clone(), depth, seed).under(table);
    let level = key.generate()?;
    let mut loot: Vec<(String, Pos)> = level
        .loot
        .iter()
        .map(|item| (table.true_name(item.item), item.pos))
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
        key,
    })
}

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
    use rayon::prelude::*;
    let levels: Vec<(u64, u32)> = seeds
        .into_iter()
        .flat_map(|seed| (1..=depths).map(move |depth| (seed, depth)))
        .collect();
    let entries: Vec<Result<CatalogEntry, GenError>> = levels
        .par_iter()
        .map(|&(seed, depth)| {
            let entry = catalog_entry(campaign, seed, depth);
            progress();
            entry
        })
        .collect();
    entries.into_iter().collect()
}

/// The catalog as text: a line per level, then an indented line per item.
pub fn to_text(entries: &[CatalogEntry]) -> String {
    let mut text = String::new();
    for e in entries {
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
        for (name, pos) in &e.loot {
            let _ = writeln!(text, "    {name} @ {pos}");
        }
    }
    text
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
}

/// The catalog as CSV with a header row: a row per level, the loot in one column as
/// `name@x:y` joined by `;`.
pub fn to_csv(entries: &[CatalogEntry]) -> Result<String, csv::Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for e in entries {
        let loot: Vec<String> = e
            .loot
            .iter()
            .map(|(name, pos)| format!("{name}@{}:{}", pos.x, pos.y))
            .collect();
        let loot = loot.join(";");
        writer.serialize(CsvRow {
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
        })?;
    }
    let bytes = writer
        .into_inner()
        .map_err(|e| csv::Error::from(e.into_error()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
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

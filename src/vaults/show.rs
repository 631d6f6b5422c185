//! `delve vault show`: one roll of a vault laid into a level — the vault's map as laid
//! (after its choices and its symmetry), what each written glyph became, and the level
//! with the vault's box marked.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{alone, level_with, vault_line};
use delve_levels::generator::{GenError, GeneratorConfig, Level};
use delve_levels::grid::Pos;
use delve_levels::loot::LootTable;
use delve_levels::monsters::MonsterTable;
use delve_levels::vaults::format::built_in;
use delve_levels::vaults::{Meaning, PlacedVault, Vault};

/// Run seeds tried after the one asked for when the vault does not place on it.
pub(crate) const MORE_SEEDS: u64 = 49;

/// A vault laid into a level.
#[derive(Clone, Debug)]
pub struct Shown {
    /// The run seed it placed on.
    pub seed: u64,
    /// Seeds tried before it, each with why the vault did not place.
    pub missed: Vec<(u64, String)>,
    /// The level.
    pub level: Level,
}

impl Shown {
    /// The vault as laid.
    pub fn placed(&self) -> &PlacedVault {
        &self.level.vaults[0]
    }
}

/// Why a vault could not be shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShowError {
    /// A level could not be made.
    Level(GenError),
    /// No seed tried placed it: the seeds, with why.
    NeverPlaced(Vec<(u64, String)>),
}

impl std::fmt::Display for ShowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShowError::Level(e) => write!(f, "{e}"),
            ShowError::NeverPlaced(missed) => {
                let reasons: BTreeMap<&str, u32> =
                    missed.iter().fold(BTreeMap::new(), |mut m, (_, why)| {
                        *m.entry(why.as_str()).or_default() += 1;
                        m
                    });
                let reasons: Vec<String> = reasons
                    .iter()
                    .map(|(why, n)| format!("{why} ({n} seeds)"))
                    .collect();
                write!(
                    f,
                    "the vault placed on none of {} seeds: {}",
                    missed.len(),
                    reasons.join("; ")
                )
            }
        }
    }
}

impl std::error::Error for ShowError {}

/// Lays `vault` alone into the level of `config` at `depth` for run `seed`, or the next
/// seed it places on (up to [`MORE_SEEDS`] more).
pub fn show_vault(
    vault: &Vault,
    config: &GeneratorConfig,
    depth: u32,
    seed: u64,
) -> Result<Shown, ShowError> {
    let mut config = config.clone();
    config.set_vaults(1);
    let set = alone(vault, None);
    let mut missed = Vec::new();
    for seed in (0..=MORE_SEEDS).map(|i| seed.wrapping_add(i)) {
        let level = level_with(&config, &set, depth, seed).map_err(ShowError::Level)?;
        match level.report.vaults.slots.first() {
            Some((_, None)) if !level.vaults.is_empty() => {
                return Ok(Shown {
                    seed,
                    missed,
                    level,
                });
            }
            Some((_, Some(veto))) => missed.push((seed, veto.to_string())),
            _ => missed.push((seed, "no vault slot was drawn".into())),
        }
    }
    Err(ShowError::NeverPlaced(missed))
}

/// What a written glyph means, from the vault's legend or the built-in glyphs.
fn meaning_of(vault: &Vault, glyph: char) -> Option<Meaning> {
    vault
        .text()
        .legend
        .get(&glyph)
        .cloned()
        .or_else(|| built_in(glyph))
}

/// The vault's map as laid in `shown` (each cell what stands there: terrain, an item's
/// glyph, `M` for a monster), then what each written glyph became.
pub fn roll_text(
    vault: &Vault,
    shown: &Shown,
    loot: &LootTable,
    monsters: &MonsterTable,
) -> String {
    let placed = shown.placed();
    let level = &shown.level;
    let written = placed.symmetry.transform(vault.glyphs());
    let mut became: BTreeMap<char, BTreeMap<String, u32>> = BTreeMap::new();
    let mut t = String::new();
    let _ = writeln!(
        t,
        "rolled map, as laid ({}); '{}' below is where a monster stands:",
        placed.symmetry.describe(),
        MONSTER_GLYPH
    );
    for y in 0..written.height() {
        let mut row = String::from("  ");
        for x in 0..written.width() {
            let cell = Pos::new(x as i32, y as i32);
            let glyph = written[cell];
            let at = placed.origin.offset(cell.x, cell.y);
            let (shown_glyph, what) = cell_became(vault, glyph, at, level, loot, monsters);
            row.push(shown_glyph);
            *became.entry(glyph).or_default().entry(what).or_default() += 1;
        }
        let _ = writeln!(t, "{}", row.trim_end());
    }
    let _ = writeln!(t, "legend (written glyph: what it became, how many):");
    for (glyph, whats) in &became {
        let whats: Vec<String> = whats
            .iter()
            .map(|(what, n)| format!("{what} x{n}"))
            .collect();
        let _ = writeln!(t, "  '{glyph}': {}", whats.join(", "));
    }
    t
}

/// The glyph a vault's monster is drawn with in [`roll_text`].
pub(crate) const MONSTER_GLYPH: char = 'M';

/// What the cell of written `glyph` at `at` became on `level`: the glyph to draw and
/// its words.
fn cell_became(
    vault: &Vault,
    glyph: char,
    at: Pos,
    level: &Level,
    loot: &LootTable,
    monsters: &MonsterTable,
) -> (char, String) {
    if let Some(item) = level.loot.iter().find(|i| i.pos == at) {
        return (
            loot.glyph(item.item),
            format!("item \"{}\"", loot.true_name(item.item)),
        );
    }
    if let Some(monster) = level.vault_monsters.iter().find(|m| m.pos == at) {
        let words = match &monster.name {
            Some(name) => format!("monster \"{name}\" ({:?})", monster.state),
            None if monster.deeper > 0 => format!(
                "a monster drawn {} depth(s) deeper ({:?})",
                monster.deeper, monster.state
            ),
            None => format!("a monster drawn for the depth ({:?})", monster.state),
        };
        let glyph = monster
            .name
            .as_deref()
            .and_then(|n| monsters.index_of(n))
            .map_or(MONSTER_GLYPH, |kind| monsters.glyph(kind));
        return (glyph, words);
    }
    if meaning_of(vault, glyph) == Some(Meaning::Outside) {
        return (' ', "outside: the level's own tile".into());
    }
    let tile = level.tiles[at];
    let words = if meaning_of(vault, glyph) == Some(Meaning::Exit) {
        format!("exit ({})", tile.legend())
    } else {
        tile.legend().to_owned()
    };
    (tile.glyph(), words)
}

/// The level as ASCII with the vault's box marked: `v` above its columns, `>` before its
/// rows.
pub fn level_text(shown: &Shown) -> String {
    let placed = shown.placed();
    let tiles = &shown.level.tiles;
    let (x0, y0) = (placed.origin.x, placed.origin.y);
    let (x1, y1) = (x0 + placed.size.0 as i32, y0 + placed.size.1 as i32);
    let mut t = String::from("  ");
    for x in 0..tiles.width() as i32 {
        t.push(if (x0..x1).contains(&x) { 'v' } else { ' ' });
    }
    let mut t = t.trim_end().to_owned();
    t.push('\n');
    for (y, row) in tiles.to_ascii().lines().enumerate() {
        let mark = if (y0..y1).contains(&(y as i32)) {
            "> "
        } else {
            "  "
        };
        t.push_str(mark);
        t.push_str(row);
        t.push('\n');
    }
    t
}

/// The heading of a shown vault: the level it was laid into, seeds passed over, and the
/// vault's line.
pub fn heading_text(vault: &Vault, shown: &Shown, config: &GeneratorConfig, depth: u32) -> String {
    let mut t = String::new();
    let (w, h) = config.size();
    let _ = writeln!(
        t,
        "vault \"{}\" ({}), laid into a {} {w}x{h} at depth {depth}, run seed {}",
        vault.name,
        vault.origin,
        config.kind(),
        shown.seed
    );
    for (seed, why) in &shown.missed {
        let _ = writeln!(t, "  (seed {seed}: not placed: {why})");
    }
    let placed = shown.placed();
    let own = if placed.mode == vault.mode {
        String::new()
    } else {
        format!(" (its own mode, {}, found no place)", vault.mode.name())
    };
    let _ = writeln!(t, "{}{own}", vault_line(placed));
    t
}

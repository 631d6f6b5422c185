//! Vaults: hand-made places designers write in RON (`levels/vaults/*.ron`), laid into
//! generated levels with proofs. A vault is a map block of glyphs and a legend (terrain,
//! monsters, items, weighted choices), the depths it appears on, how often, how it is
//! laid in ([`Mode`]), and rules its rolled choices keep.
//!
//! - [`format`](mod@format): the file as written; compiling a [`Vault`] checks it once,
//!   at load, and refuses what could never be placed (no exit, an exit off the edge, a
//!   glyph with no meaning, a pocket, a bridge spanning nothing or a rule no roll
//!   keeps), naming the file, line and column.
//! - [`shape`]: the eight symmetries and a roll of the choices ([`shape::Plan`]).
//! - [`place`]: laying vaults into a level from its own [`Stream::Vaults`] stream —
//!   a config with no vaults (the default) draws nothing from it, so every level made
//!   before vaults keeps its bytes.
//! - [`proof`]: the independent checker of what placed vaults promise (exits connect,
//!   the key is reachable before its lock, the stairs and the must-find item never
//!   behind one).
//!
//! Pure core: no Bevy here.
//!
//! [`Stream::Vaults`]: crate::rng::Stream::Vaults

pub mod format;
pub mod place;
pub mod proof;
pub mod shape;

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use crate::generator::generation::Generation;
use crate::grid::{Grid, Pos};
use crate::rng::{Stream, StreamRng, mix64};
use crate::ron_text::{self, Dialect, RonError};

pub use format::{Category, Meaning, Mode, Rule, Start, Uniqueness, VaultFile, VaultText};
pub use place::{PlacedVault, VaultMonster, VaultReport, VaultVeto};
pub use shape::{Cell, Plan, RollFault, Specs, Symmetry};

/// The longest side a vault's map may have, in tiles.
pub const MAX_SIDE: usize = 40;

/// Rolls of a vault's choices tried at load: a vault none of whose rolls keeps its rules
/// (or leaves no pocket) is refused.
pub const CHECK_ROLLS: u32 = 64;

/// The embedded vault files, in set order.
const EMBEDDED: &[(&str, &str)] = &[
    (
        "levels/vaults/rewards.ron",
        include_str!("../../../levels/vaults/rewards.ron"),
    ),
    (
        "levels/vaults/locks.ron",
        include_str!("../../../levels/vaults/locks.ron"),
    ),
    (
        "levels/vaults/flavour.ron",
        include_str!("../../../levels/vaults/flavour.ron"),
    ),
    (
        "levels/vaults/ambush.ron",
        include_str!("../../../levels/vaults/ambush.ron"),
    ),
];

/// A vault, checked and ready to roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vault {
    /// Its name, unique in its set.
    pub name: String,
    /// What kind of place it is.
    pub category: Category,
    /// First and last depth it appears on.
    pub depths: (u32, u32),
    /// Draw weight among the vaults of a depth.
    pub weight: u32,
    /// How often it may appear.
    pub unique: Uniqueness,
    /// The first generation of level rules that draws it.
    pub from_generation: Generation,
    /// How it is laid in.
    pub mode: Mode,
    /// The symmetries it may be laid down by.
    pub symmetries: Vec<Symmetry>,
    /// Where it was read from: `file:line:column` of its entry.
    pub origin: String,
    /// The map's glyphs.
    glyphs: Grid<char>,
    /// The meaning of each glyph of the map.
    meanings: BTreeMap<char, Meaning>,
    /// The monsters and items its cells name.
    specs: Specs,
    /// Its rules.
    rules: Vec<Rule>,
    /// The text it was compiled from (for its fingerprint and `vault show`).
    text: VaultText,
}

/// Why a vault file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VaultError {
    /// The file could not be read.
    Io {
        /// The file.
        origin: String,
        /// What the system said.
        message: String,
    },
    /// The text is not a vault file in RON.
    Parse(RonError),
    /// A vault breaks a rule: where, which vault, what.
    Invalid {
        /// The file.
        origin: String,
        /// 1-based line of the glyph or field at fault.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The vault's name.
        vault: String,
        /// What is wrong.
        problem: String,
    },
}

impl fmt::Display for VaultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VaultError::Io { origin, message } => write!(f, "{origin}: {message}"),
            VaultError::Parse(e) => write!(f, "{e}"),
            VaultError::Invalid {
                origin,
                line,
                column,
                vault,
                problem,
            } => write!(f, "{origin}:{line}:{column}: vault \"{vault}\": {problem}"),
        }
    }
}

impl std::error::Error for VaultError {}

/// A fault of one vault before its place in the file is known: the field (or the
/// map glyph at a row and column) it lies at.
struct Fault {
    at: At,
    problem: String,
}

/// Where in a vault's entry a fault lies.
enum At {
    /// A field of the entry.
    Field(&'static str),
    /// The glyph at (column, row) of the map, 0-based.
    Glyph(usize, usize),
}

fn fault(at: At, problem: impl Into<String>) -> Fault {
    Fault {
        at,
        problem: problem.into(),
    }
}

impl Vault {
    /// Checks a vault as written: its fields' bounds, its map's shape and glyphs, its
    /// exits, and that some roll of its choices leaves no pocket, draws no bridge that
    /// spans nothing and keeps its rules.
    fn compile(text: VaultText, origin: String) -> Result<Vault, Fault> {
        let field = |f: &'static str, p: String| Err(fault(At::Field(f), p));
        if text.name.trim().is_empty() {
            return field("name", "the name is empty".into());
        }
        let (first, last) = text.depths;
        let max_depth = crate::rng::MAX_DEPTH;
        if first == 0 || first > last || last > max_depth {
            return field(
                "depths",
                format!(
                    "must be (first, last) with 1 <= first <= last <= {max_depth}, got ({first}, {last})"
                ),
            );
        }
        if !(1..=1000).contains(&text.weight) {
            return field(
                "weight",
                format!("must be between 1 and 1000, got {}", text.weight),
            );
        }
        let height = text.map.len();
        let width = text.map.first().map_or(0, |row| row.chars().count());
        if height < 2 || width < 2 {
            return field(
                "map",
                "a map needs at least two rows of at least two glyphs".into(),
            );
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return field(
                "map",
                format!("a {width}x{height} map is too big to place (at most {MAX_SIDE} a side)"),
            );
        }
        let mut cells = Vec::with_capacity(width * height);
        for (y, row) in text.map.iter().enumerate() {
            let count = row.chars().count();
            if count != width {
                return Err(fault(
                    At::Glyph(count.min(width), y),
                    format!(
                        "row {} is {count} glyphs wide, the first row {width}",
                        y + 1
                    ),
                ));
            }
            cells.extend(row.chars());
        }
        let glyphs = Grid::from_cells(width, height, cells).expect("rows counted");
        for (&glyph, meaning) in &text.legend {
            if !glyphs.cells().contains(&glyph) {
                return field("legend", format!("glyph '{glyph}' is not in the map"));
            }
            check_meaning(meaning, glyph, 0).map_err(|p| fault(At::Field("legend"), p))?;
        }
        let mut meanings = BTreeMap::new();
        for p in glyphs.positions() {
            let glyph = glyphs[p];
            let meaning = match text
                .legend
                .get(&glyph)
                .cloned()
                .or_else(|| format::built_in(glyph))
            {
                Some(m) => m,
                None => {
                    return Err(fault(
                        At::Glyph(p.x as usize, p.y as usize),
                        format!(
                            "glyph '{}' has no meaning: give it one in `legend` (built in: {})",
                            glyph.escape_default(),
                            format::BUILT_IN_GLYPHS
                        ),
                    ));
                }
            };
            if meaning == Meaning::Exit && !is_edge(p, width, height) {
                return Err(fault(
                    At::Glyph(p.x as usize, p.y as usize),
                    format!("exit '{glyph}' is not on the map's edge"),
                ));
            }
            meanings.insert(glyph, meaning);
        }
        if !meanings.values().any(|m| *m == Meaning::Exit) {
            return field(
                "map",
                "the vault has no exit (`@`, or a glyph meaning `Exit`)".into(),
            );
        }
        let locks = meanings.values().any(|m| contains(m, &Meaning::LockedDoor));
        let keys: usize = glyphs
            .cells()
            .iter()
            .filter(|g| meanings.get(g).is_some_and(|m| contains(m, &Meaning::Key)))
            .count();
        if keys > 0 && !locks {
            return field(
                "legend",
                "a key (`K`) but no locked door (`L`) to open".into(),
            );
        }
        if keys > 1 {
            return field("map", "more than one key: a level has one key".into());
        }
        for rule in &text.rules {
            let (Rule::Connected(a, b) | Rule::Behind(a, b)) = *rule;
            for glyph in [a, b] {
                if !glyphs.cells().contains(&glyph) {
                    return field(
                        "rules",
                        format!("glyph '{glyph}' of {rule:?} is not in the map"),
                    );
                }
            }
        }
        let Some(from_generation) = Generation::from_number(text.from_generation) else {
            let known = Generation::ALL.map(|g| g.number().to_string()).join(", ");
            return field(
                "from_generation",
                format!(
                    "{} is not a generation this delve knows ({known})",
                    text.from_generation
                ),
            );
        };
        let specs = Specs::of(meanings.values());
        let vault = Vault {
            name: text.name.clone(),
            category: text.category,
            depths: text.depths,
            weight: text.weight,
            unique: text.unique,
            from_generation,
            mode: text.mode,
            symmetries: Symmetry::allowed(text.rotate, text.mirror),
            origin,
            glyphs,
            meanings,
            specs,
            rules: text.rules.clone(),
            text,
        };
        let (kept, first_fault) = vault.check_rolls(CHECK_ROLLS);
        if kept == 0 {
            // A bridge is drawn wrong at a glyph: named there, not at the map.
            if let Some(RollFault::BridgeAstray(p)) = first_fault {
                return Err(fault(
                    At::Glyph(p.x as usize, p.y as usize),
                    format!(
                        "no roll of its choices can be placed: {}",
                        RollFault::BridgeAstray(p)
                    ),
                ));
            }
            let problem = first_fault.map_or_else(|| "no roll works".into(), |f| f.to_string());
            return field(
                "map",
                format!("no roll of its choices can be placed: {problem}"),
            );
        }
        Ok(vault)
    }

    /// Rolls the vault `rolls` times (from a stream of its own name, so `vault check`
    /// says the same each time): how many rolls can be used, and the first fault seen.
    pub fn check_rolls(&self, rolls: u32) -> (u32, Option<RollFault>) {
        let mut rng = StreamRng::new(mix64(name_hash(&self.name)), Stream::Vaults);
        let mut first = None;
        let mut kept = 0;
        for _ in 0..rolls {
            match self.roll(&mut rng).fault(&self.rules) {
                None => kept += 1,
                Some(f) => {
                    first.get_or_insert(f);
                }
            }
        }
        (kept, first)
    }

    /// One roll of the vault's choices, as written (not yet turned).
    pub fn roll(&self, rng: &mut StreamRng) -> Plan {
        shape::roll(&self.glyphs, &self.meanings, &self.specs, rng)
    }

    /// The rules its rolls keep.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The monsters and items its cells name.
    pub fn specs(&self) -> &Specs {
        &self.specs
    }

    /// The map's size as written (width, height).
    pub fn size(&self) -> (usize, usize) {
        (self.glyphs.width(), self.glyphs.height())
    }

    /// The map's glyphs as written.
    pub fn glyphs(&self) -> &Grid<char> {
        &self.glyphs
    }

    /// Whether it has locked doors (a lock-and-key vault).
    pub fn has_locks(&self) -> bool {
        self.meanings
            .values()
            .any(|m| contains(m, &Meaning::LockedDoor))
    }

    /// Whether its key lies inside it (else the level's key lies elsewhere).
    pub fn has_key_inside(&self) -> bool {
        self.meanings.values().any(|m| contains(m, &Meaning::Key))
    }

    /// Whether it may appear on `depth` of the run of `run_seed` in a level made by
    /// `generation`'s rules: a generation that knows it, in its depth range, and — for a
    /// vault unique per run — on the one depth of its range the seed picks.
    pub fn eligible(&self, generation: Generation, depth: u32, run_seed: u64) -> bool {
        let (first, last) = self.depths;
        if generation < self.from_generation || depth < first || depth > last {
            return false;
        }
        match self.unique {
            Uniqueness::Run => self.run_depth(run_seed) == depth,
            _ => true,
        }
    }

    /// The one depth a vault unique per run may appear on in the run of `run_seed`.
    pub(crate) fn run_depth(&self, run_seed: u64) -> u32 {
        let (first, last) = self.depths;
        let span = u64::from(last - first + 1);
        first + (mix64(run_seed ^ name_hash(&self.name)) % span) as u32
    }

    /// The vault as written.
    pub fn text(&self) -> &VaultText {
        &self.text
    }
}

/// Whether `meaning` is, or may roll, `wanted`.
fn contains(meaning: &Meaning, wanted: &Meaning) -> bool {
    match meaning {
        Meaning::Pick(choices) | Meaning::PickOnce(choices) => {
            choices.iter().any(|(_, m)| contains(m, wanted))
        }
        Meaning::Count(_, a, b) => contains(a, wanted) || contains(b, wanted),
        m => m == wanted,
    }
}

/// Checks a legend entry: weights, nesting, and no exit inside a choice.
fn check_meaning(meaning: &Meaning, glyph: char, depth: u32) -> Result<(), String> {
    match meaning {
        Meaning::Pick(choices) | Meaning::PickOnce(choices) => {
            if depth >= 3 {
                return Err(format!(
                    "glyph '{glyph}': choices nested more than three deep"
                ));
            }
            if choices.is_empty() {
                return Err(format!("glyph '{glyph}': a pick with no choices"));
            }
            let total: u64 = choices.iter().map(|(w, _)| u64::from(*w)).sum();
            if total == 0 || total > 1 << 20 {
                return Err(format!(
                    "glyph '{glyph}': the weights of a pick must add up to 1..{}, got {total}",
                    1 << 20
                ));
            }
            for (_, m) in choices {
                if *m == Meaning::Exit {
                    return Err(format!("glyph '{glyph}': an exit cannot be a choice"));
                }
                check_meaning(m, glyph, depth + 1)?;
            }
            Ok(())
        }
        Meaning::Count(_, a, b) => {
            if depth >= 3 {
                return Err(format!(
                    "glyph '{glyph}': choices nested more than three deep"
                ));
            }
            for m in [a, b] {
                if **m == Meaning::Exit {
                    return Err(format!("glyph '{glyph}': an exit cannot be a choice"));
                }
                check_meaning(m, glyph, depth + 1)?;
            }
            Ok(())
        }
        Meaning::Item {
            name: Some(_),
            class: Some(_),
            ..
        } => Err(format!(
            "glyph '{glyph}': an item by `name` or by `class`, not both"
        )),
        Meaning::Monster {
            name: Some(_),
            deeper,
            ..
        } if *deeper > 0 => Err(format!(
            "glyph '{glyph}': a monster by `name` or drawn `deeper`, not both"
        )),
        _ => Ok(()),
    }
}

fn is_edge(p: Pos, width: usize, height: usize) -> bool {
    p.x == 0 || p.y == 0 || p.x as usize == width - 1 || p.y as usize == height - 1
}

/// A stable hash of a vault's name (FNV-1a), for the draws tied to a vault.
pub(crate) fn name_hash(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A vault set's fingerprint: a CRC-32 of its vaults as written (not of the files'
/// text, so comments and layout do not count). A level key made under another set than
/// the embedded one carries it.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct VaultFingerprint(pub u32);

impl VaultFingerprint {
    /// The embedded set's fingerprint.
    pub fn embedded() -> VaultFingerprint {
        VaultSet::embedded().fingerprint()
    }
}

impl fmt::Display for VaultFingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:08X}", self.0)
    }
}

/// The vaults a level may draw from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VaultSet {
    vaults: Vec<Vault>,
    fingerprint: VaultFingerprint,
}

impl VaultSet {
    /// The embedded set (`levels/vaults/*.ron`), read on first use.
    ///
    /// # Panics
    /// If an embedded file is refused — a build defect the test suite catches.
    pub fn embedded() -> &'static VaultSet {
        embedded_shared()
    }

    /// A set of the vaults of several texts, each `(origin, text)`, in order; names must
    /// be unique across them.
    pub fn from_texts<'t>(
        texts: impl IntoIterator<Item = (&'t str, &'t str)>,
    ) -> Result<VaultSet, VaultError> {
        let mut vaults: Vec<Vault> = Vec::new();
        for (origin, text) in texts {
            for vault in read_vaults(text, origin)? {
                if let Some(earlier) = vaults.iter().find(|v| v.name == vault.name) {
                    let (line, column) = place_of(&vault.origin);
                    return Err(VaultError::Invalid {
                        origin: origin.to_owned(),
                        line,
                        column,
                        vault: vault.name.clone(),
                        problem: format!("the name is taken by the vault at {}", earlier.origin),
                    });
                }
                vaults.push(vault);
            }
        }
        Ok(VaultSet::of(vaults))
    }

    /// The set of `vaults`, in that order.
    pub fn of(vaults: Vec<Vault>) -> VaultSet {
        let mut hasher = crc32fast::Hasher::new();
        for vault in &vaults {
            let text = ron::to_string(&vault.text).unwrap_or_default();
            hasher.update(text.as_bytes());
            hasher.update(&[0]);
        }
        VaultSet {
            vaults,
            fingerprint: VaultFingerprint(hasher.finalize()),
        }
    }

    /// Reads the vault file at `path`, or every `*.ron` file of the folder at `path`
    /// (in name order; a folder without one is an error).
    pub fn load(path: &Path) -> Result<VaultSet, VaultError> {
        let files: Vec<std::path::PathBuf> = if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|e| VaultError::Io {
                origin: path.display().to_string(),
                message: ron_text::io_message(&e),
            })?;
            let mut files: Vec<_> = entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect();
            files.sort();
            if files.is_empty() {
                return Err(VaultError::Io {
                    origin: path.display().to_string(),
                    message: "a folder without a vault file (*.ron) in it".into(),
                });
            }
            files
        } else {
            vec![path.to_path_buf()]
        };
        let mut texts = Vec::new();
        for file in &files {
            let origin = file.display().to_string();
            let text = ron_text::read_text(file).map_err(|e| {
                e.into_ron_error(&origin).map_or_else(
                    |message| VaultError::Io {
                        origin: origin.clone(),
                        message,
                    },
                    VaultError::Parse,
                )
            })?;
            texts.push((origin, text));
        }
        VaultSet::from_texts(texts.iter().map(|(o, t)| (o.as_str(), t.as_str())))
    }

    /// Its vaults, in order.
    pub fn vaults(&self) -> &[Vault] {
        &self.vaults
    }

    /// The vault named `name`.
    pub fn get(&self, name: &str) -> Option<&Vault> {
        self.vaults.iter().find(|v| v.name == name)
    }

    /// Its fingerprint.
    pub fn fingerprint(&self) -> VaultFingerprint {
        self.fingerprint
    }
}

/// The embedded set, shared.
pub(crate) fn embedded_shared() -> &'static Arc<VaultSet> {
    static SET: OnceLock<Arc<VaultSet>> = OnceLock::new();
    SET.get_or_init(|| match VaultSet::from_texts(EMBEDDED.iter().copied()) {
        Ok(set) => Arc::new(set),
        Err(e) => panic!("an embedded vault file is broken: {e}"),
    })
}

/// The (line, column) written at the end of an origin `file:line:column`.
fn place_of(origin: &str) -> (usize, usize) {
    let mut parts = origin.rsplitn(3, ':');
    let column = parts.next().and_then(|c| c.parse().ok()).unwrap_or(1);
    let line = parts.next().and_then(|l| l.parse().ok()).unwrap_or(1);
    (line, column)
}

/// The vaults of one file's text, each checked, named `origin` in errors.
pub fn read_vaults(text: &str, origin: &str) -> Result<Vec<Vault>, VaultError> {
    let file: VaultFile =
        ron_text::parse(text, origin, Dialect::Config).map_err(VaultError::Parse)?;
    let mut vaults = Vec::with_capacity(file.vaults.len());
    for (index, entry) in file.vaults.into_iter().enumerate() {
        let (line, column) =
            ron_text::locate_in_list(text, "vaults", index, "name").unwrap_or((1, 1));
        let name = entry.name.clone();
        let vault_origin = format!("{origin}:{line}:{column}");
        match Vault::compile(entry, vault_origin) {
            Ok(vault) => vaults.push(vault),
            Err(Fault { at, problem }) => {
                let problem = match at {
                    At::Field(field) if !problem.contains(&format!("`{field}`")) => {
                        format!("`{field}`: {problem}")
                    }
                    _ => problem,
                };
                let (line, column) = match at {
                    At::Field(field) => ron_text::locate_in_list(text, "vaults", index, field)
                        .unwrap_or((line, column)),
                    At::Glyph(x, y) => ron_text::locate_in_list(text, "vaults", index, "map")
                        .and_then(|at| glyph_place(text, at, x, y))
                        .unwrap_or((line, column)),
                };
                return Err(VaultError::Invalid {
                    origin: origin.to_owned(),
                    line,
                    column,
                    vault: name,
                    problem,
                });
            }
        }
    }
    Ok(vaults)
}

/// Where the glyph at (`x`, `y`) of a map stands in the text, from the place of the
/// map's field `map_at`: the `y`-th string of the list after it, `x` characters in.
fn glyph_place(text: &str, map_at: (usize, usize), x: usize, y: usize) -> Option<(usize, usize)> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let (mut line, mut column) = (1, 1);
    let mut strings = 0;
    let mut chars = text.chars().peekable();
    let mut started = false;
    while let Some(c) = chars.next() {
        if !started && (line, column) >= map_at {
            started = true;
        }
        if started && c == '"' {
            if strings == y {
                return Some((line, column + 1 + x));
            }
            strings += 1;
            // Skip to the closing quote.
            column += 1;
            while let Some(inner) = chars.next() {
                column += 1;
                match inner {
                    '\\' => {
                        chars.next();
                        column += 1;
                    }
                    '"' => break,
                    '\n' => {
                        line += 1;
                        column = 1;
                    }
                    _ => {}
                }
            }
            continue;
        }
        if c == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    None
}

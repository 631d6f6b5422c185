//! Laying vaults into a level: which vault each slot draws, which roll and symmetry,
//! where it goes by its [`Mode`], and what it puts there — all from the level's own
//! vault stream, after the stairs and terrain features and before the loot.
//!
//! A placement is kept only when the level still keeps every guarantee: the stairs
//! joined on foot (never through a locked door), every tile that was reachable still
//! reachable (locked doors counted open), every exit joined to the level, and the key of
//! a locked vault reachable without passing a locked door. The stairs' clear squares
//! (one tile wider) and earlier vaults are never touched.

use super::format::{Category, Mode, Start, Uniqueness};
use super::shape::{Cell, ItemSpec, Plan, Symmetry};
use super::{Vault, VaultSet};
use crate::analysis::distances::reached_from;
use crate::generator::generation::Generation;
use crate::generator::guarantees::bridge_spans_a_chasm;
use crate::generator::room_graph::RoomGraph;
use crate::grid::{Grid, Pos, Tile};
use crate::loot::{LootTable, PlacedItem};
use crate::perm::PermTable;
use crate::rng::StreamRng;

/// Rolls of a vault's choices tried in one slot before the slot gives up.
const ROLLS: u32 = 4;
/// Fitting places whose whole-level check is tried in one slot.
const CHECKED_PLACES: usize = 6;
/// The longest tunnel dug from a rock or edge vault's exit, in tiles.
const MAX_TUNNEL: u32 = 40;
/// Vaults a level may ask for: default and bounds.
pub(crate) const VAULTS: (u32, u32) = (0, 8);

/// What a level asks of the vault layer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct VaultPlan<'a> {
    /// Vault slots to fill (0 = none: nothing is drawn).
    pub count: u32,
    /// The generation whose rules make the level (it draws only the vaults it knows).
    pub generation: Generation,
    /// The level's depth.
    pub depth: u32,
    /// The run's seed (a vault unique per run picks its one depth from it).
    pub run_seed: u64,
    /// The vaults to draw from.
    pub set: &'a VaultSet,
    /// The loot table the vaults' items are drawn from.
    pub table: &'a LootTable,
}

/// A vault laid into a level.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlacedVault {
    /// The vault's name.
    pub name: String,
    /// Its category.
    pub category: Category,
    /// How it was laid in.
    pub mode: Mode,
    /// Its map's top-left tile on the level.
    pub origin: Pos,
    /// Its map's size on the level (turned), width then height.
    pub size: (u32, u32),
    /// How its map was laid down.
    pub symmetry: Symmetry,
    /// Its exits on the level.
    pub exits: Vec<Pos>,
    /// Its locked doors.
    pub locks: Vec<Pos>,
    /// Where the key to its locked doors lies (inside it or elsewhere), if it has locks.
    pub key: Option<Pos>,
    /// Its items' tiles.
    pub items: Vec<Pos>,
    /// Its monsters' tiles.
    pub monsters: Vec<Pos>,
    /// Tiles of rock dug to join its exits to the level.
    pub tunnelled: u32,
}

impl PlacedVault {
    /// Whether `pos` lies in its map's box.
    pub fn covers(&self, pos: Pos) -> bool {
        let (w, h) = (self.size.0 as i32, self.size.1 as i32);
        pos.x >= self.origin.x
            && pos.y >= self.origin.y
            && pos.x < self.origin.x + w
            && pos.y < self.origin.y + h
    }
}

/// A monster a vault puts on the level; the run draws its kind from its table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VaultMonster {
    /// Where it stands.
    pub pos: Pos,
    /// Its name in the monster table, or `None` for one drawn for the depth.
    pub name: Option<String>,
    /// Depths further down to draw it for.
    pub deeper: u32,
    /// How it starts.
    pub state: Start,
    /// The vault it belongs to (its index in [`Placement::vaults`]).
    pub vault: usize,
}

/// Why a slot placed no vault.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VaultVeto {
    /// No vault of the set may appear at this depth (or all are used up here).
    NoneEligible,
    /// No roll of its choices kept its rules.
    NoGoodRoll,
    /// The loot table has no key item (an item with effect `Key`) for its locks.
    NoKeyItem,
    /// The loot table has no item its legend names.
    UnknownItem(String),
    /// No place on the level fits its map (in its mode, away from the stairs and other
    /// vaults).
    NoRoom,
    /// Every place that fitted would cut the level apart, leave an exit unjoined, or
    /// leave its key nowhere to lie.
    Disconnects,
    /// A rock or edge vault's exit found no open ground within reach to tunnel to.
    NoTunnel,
}

impl std::fmt::Display for VaultVeto {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VaultVeto::NoneEligible => f.write_str("no vault may appear at this depth"),
            VaultVeto::NoGoodRoll => f.write_str("no roll of its choices kept its rules"),
            VaultVeto::NoKeyItem => f.write_str("the loot table has no key item (effect `Key`)"),
            VaultVeto::UnknownItem(name) => write!(f, "the loot table has no item \"{name}\""),
            VaultVeto::NoRoom => f.write_str("no place on the level fits its map"),
            VaultVeto::Disconnects => {
                f.write_str("every place that fitted would cut the level apart")
            }
            VaultVeto::NoTunnel => f.write_str("an exit found no open ground to tunnel to"),
        }
    }
}

impl VaultVeto {
    /// A short name for tables.
    pub fn short(&self) -> &'static str {
        match self {
            VaultVeto::NoneEligible => "none eligible",
            VaultVeto::NoGoodRoll => "no good roll",
            VaultVeto::NoKeyItem => "no key item",
            VaultVeto::UnknownItem(_) => "unknown item",
            VaultVeto::NoRoom => "no room",
            VaultVeto::Disconnects => "disconnects",
            VaultVeto::NoTunnel => "no tunnel",
        }
    }
}

/// What each slot of a level drew and how it came out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct VaultReport {
    /// Per draw, in order: the vault drawn (none when none was eligible), and why it was
    /// not placed (`None`: placed). A slot draws once, or from generation 4 on up to
    /// [`DRAWS_A_SLOT`] times until a vault is laid.
    pub slots: Vec<(Option<String>, Option<VaultVeto>)>,
}

/// Everything the vault layer put on a level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Placement {
    /// The vaults, in slot order.
    pub vaults: Vec<PlacedVault>,
    /// Their monsters.
    pub monsters: Vec<VaultMonster>,
    /// Their items, and the keys to their locks (drawn as loot on the tiles).
    pub items: Vec<PlacedItem>,
    /// What each slot drew.
    pub report: VaultReport,
}

/// The squares no vault may touch: around each stair its clear radius and one more, and
/// the rooms and corridors of a cyclic dungeon's plan (so that its loops stay loops).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Keep<'a> {
    /// Up stairs.
    pub up: Pos,
    /// Down stairs.
    pub down: Pos,
    /// The stairs' clear radius.
    pub clearance: u32,
    /// The tiles of a plan's rooms and corridors (none for other kinds).
    pub planned: &'a [Pos],
}

/// How many vaults one slot of a level of generation 4 or later draws, one after another,
/// until one is laid: a vault that finds no room (or no good roll) makes way for another
/// of those eligible. (Earlier generations draw once; a slot could stay empty.)
pub const DRAWS_A_SLOT: usize = 4;

/// Fills `plan.count` vault slots on `tiles` (drawing from `rng` only when there is a
/// slot), keeping the level's guarantees; returns what was placed.
pub(crate) fn place_vaults(
    tiles: &mut Grid<Tile>,
    rooms: Option<&RoomGraph>,
    keep: Keep<'_>,
    plan: VaultPlan<'_>,
    rng: &mut StreamRng,
) -> Placement {
    let mut placement = Placement::default();
    if plan.count == 0 {
        return placement;
    }
    let mut blocked = Grid::new(tiles.width(), tiles.height(), false);
    for &p in keep.planned {
        blocked.set(p, true);
    }
    let guard = keep.clearance as i32 + 1;
    for stair in [keep.up, keep.down] {
        for dy in -guard..=guard {
            for dx in -guard..=guard {
                blocked.set(stair.offset(dx, dy), true);
            }
        }
    }
    let draws = if plan.generation.redraws_a_slot_without_room() {
        DRAWS_A_SLOT
    } else {
        1
    };
    for _ in 0..plan.count {
        let mut eligible = slot_candidates(
            plan.set,
            plan.generation,
            plan.depth,
            plan.run_seed,
            &placement.vaults,
        );
        for draw in 0..draws {
            let Some(drawn) = rng.pick_weighted(eligible.iter().map(|v| v.weight)) else {
                if draw == 0 {
                    placement
                        .report
                        .slots
                        .push((None, Some(VaultVeto::NoneEligible)));
                }
                break;
            };
            let vault = eligible[drawn];
            match place_one(tiles, rooms, keep, &mut blocked, vault, plan, rng) {
                Ok((placed, monsters, items)) => {
                    let index = placement.vaults.len();
                    placement.vaults.push(placed);
                    placement.monsters.extend(
                        monsters
                            .into_iter()
                            .map(|m| VaultMonster { vault: index, ..m }),
                    );
                    placement.items.extend(items);
                    placement
                        .report
                        .slots
                        .push((Some(vault.name.clone()), None));
                    break;
                }
                Err(veto) => {
                    placement
                        .report
                        .slots
                        .push((Some(vault.name.clone()), Some(veto)));
                    eligible.remove(drawn);
                }
            }
        }
    }
    placement
}

/// The vaults the next slot of a level made by `generation`'s rules draws from (by
/// weight), with `placed` already laid on it: those eligible at `depth` of the run of
/// `run_seed`, less those placed that appear once a level (or run), less every lock
/// vault once one is laid.
pub fn slot_candidates<'s>(
    set: &'s VaultSet,
    generation: Generation,
    depth: u32,
    run_seed: u64,
    placed: &[PlacedVault],
) -> Vec<&'s Vault> {
    let lock_laid = placed.iter().any(|p| !p.locks.is_empty());
    set.vaults()
        .iter()
        .filter(|v| v.eligible(generation, depth, run_seed))
        .filter(|v| v.unique == Uniqueness::Any || !placed.iter().any(|p| p.name == v.name))
        .filter(|v| !v.has_locks() || !lock_laid)
        .collect()
}

type Placed = (PlacedVault, Vec<VaultMonster>, Vec<PlacedItem>);

/// Places one vault, or says why it cannot be (its monsters' `vault` is left 0: the
/// caller knows the vault's index).
fn place_one(
    tiles: &mut Grid<Tile>,
    rooms: Option<&RoomGraph>,
    keep: Keep<'_>,
    blocked: &mut Grid<bool>,
    vault: &Vault,
    plan: VaultPlan<'_>,
    rng: &mut StreamRng,
) -> Result<Placed, VaultVeto> {
    let rolled = (0..ROLLS)
        .map(|_| vault.roll(rng))
        .find(|p| p.fault(vault.rules()).is_none())
        .ok_or(VaultVeto::NoGoodRoll)?;
    let key_item = if vault.has_locks() {
        Some(plan.table.key_item().ok_or(VaultVeto::NoKeyItem)?)
    } else {
        None
    };
    // What each item of the legend may be, first, so that a name the table lacks costs
    // no search; each copy is drawn once the vault is laid.
    let item_pools: Vec<Vec<(usize, u32)>> = vault
        .specs()
        .items
        .iter()
        .map(|spec| item_pool(plan.table, spec))
        .collect::<Result<_, _>>()?;
    let symmetry = vault.symmetries[rng.below(vault.symmetries.len() as u32) as usize];
    let laid = rolled.transformed(symmetry);
    let (w, h) = (laid.cells.width() as i32, laid.cells.height() as i32);
    let fits = Fits::of(tiles, blocked);
    let strays = strays(tiles, keep.up);
    let mut veto = VaultVeto::NoRoom;
    for mode in modes_for(vault.mode) {
        let candidates = candidates(tiles, rooms, mode, w, h);
        if candidates.is_empty() {
            continue;
        }
        let Ok(order) = PermTable::random(candidates.len() as u32, rng) else {
            continue;
        };
        let mut checked = 0;
        for slot in order.iter() {
            let origin = candidates[slot as usize];
            if !fits.fit(mode, origin, w, h) {
                continue;
            }
            if checked == CHECKED_PLACES {
                break;
            }
            checked += 1;
            let mut trial = tiles.clone();
            let tunnelled = match stamp(&mut trial, blocked, &laid, mode, origin) {
                Ok(t) => t,
                Err(v) => {
                    veto = v;
                    continue;
                }
            };
            // A floor vault may lay its wall on the landing of a bridge the feature
            // layer built beside it: that place would leave a bridge spanning nothing.
            if !bridges_still_span(&trial, origin, w, h) {
                veto = VaultVeto::Disconnects;
                continue;
            }
            let exits: Vec<Pos> = laid
                .exits()
                .into_iter()
                .map(|p| origin.offset(p.x, p.y))
                .collect();
            if !keeps_guarantees(&trial, keep, &exits, &strays, vault.has_locks()) {
                veto = VaultVeto::Disconnects;
                continue;
            }
            let mut placed = PlacedVault {
                name: vault.name.clone(),
                category: vault.category,
                mode,
                origin,
                size: (w as u32, h as u32),
                symmetry,
                exits,
                locks: Vec::new(),
                key: None,
                items: Vec::new(),
                monsters: Vec::new(),
                tunnelled,
            };
            let mut monsters = Vec::new();
            let mut items = Vec::new();
            for p in laid.cells.positions() {
                let at = origin.offset(p.x, p.y);
                match laid.cells[p] {
                    Cell::Ground(Tile::LockedDoor) => placed.locks.push(at),
                    Cell::Key => placed.key = Some(at),
                    Cell::Item(spec) => {
                        placed.items.push(at);
                        let item = draw_from(&item_pools[spec as usize], rng);
                        let price = if vault.specs().items[spec as usize].for_sale {
                            plan.table.price(item)
                        } else {
                            0
                        };
                        items.push(PlacedItem {
                            price,
                            ..PlacedItem::plain(at, item)
                        });
                    }
                    Cell::Monster(spec) => {
                        placed.monsters.push(at);
                        let spec = &vault.specs().monsters[spec as usize];
                        monsters.push(VaultMonster {
                            pos: at,
                            name: spec.name.clone(),
                            deeper: spec.deeper,
                            state: spec.state,
                            // Its index in the placement: set by the caller.
                            vault: 0,
                        });
                    }
                    _ => {}
                }
            }
            if let Some(key) = key_item {
                let spot = match placed.key {
                    Some(inside) => Some(inside),
                    None => key_spot(&trial, blocked, &placed, keep.up, rng),
                };
                let Some(spot) = spot else {
                    veto = VaultVeto::Disconnects;
                    continue;
                };
                placed.key = Some(spot);
                items.push(PlacedItem::plain(spot, key));
            }
            for item in &items {
                trial[item.pos] = Tile::Loot;
            }
            *tiles = trial;
            // The box and a ring round it are this vault's: no later vault touches them.
            for y in origin.y - 1..=origin.y + h {
                for x in origin.x - 1..=origin.x + w {
                    blocked.set(Pos::new(x, y), true);
                }
            }
            return Ok((placed, monsters, items));
        }
    }
    Err(veto)
}

/// The modes a vault of `mode` is tried in, in order: its own, then — where the level
/// has no place for it so (a cave has little solid rock, a maze no open floor) — as a
/// room with a ring of floor round it, which any plain ground takes.
fn modes_for(mode: Mode) -> Vec<Mode> {
    match mode {
        Mode::Room => vec![Mode::Room],
        other => vec![other, Mode::Room],
    }
}

/// What a legend entry's item may be, with weights: the item of that name, or the
/// drawable items (of one appearance class, when given and the table has it); for sale,
/// only what has a price (never gold or a key).
fn item_pool(table: &LootTable, spec: &ItemSpec) -> Result<Vec<(usize, u32)>, VaultVeto> {
    let sellable = |item: usize| !spec.for_sale || table.price(item) > 0;
    if let Some(name) = spec.name.as_deref() {
        return table
            .index_of(name)
            .filter(|&item| sellable(item))
            .map(|item| vec![(item, 1)])
            .ok_or_else(|| VaultVeto::UnknownItem(name.to_owned()));
    }
    let class = spec.class.as_deref();
    let items = table.items();
    let drawable = || table.draw_weights().filter(|&(i, _)| sellable(i));
    let of_class: Vec<(usize, u32)> = drawable()
        .filter(|&(i, _)| class.is_none_or(|c| items[i].appearance_class.as_deref() == Some(c)))
        .collect();
    let pool: Vec<(usize, u32)> = if of_class.is_empty() {
        drawable().collect()
    } else {
        of_class
    };
    if pool.iter().all(|&(_, w)| w == 0) {
        return Err(VaultVeto::UnknownItem(
            class.unwrap_or("any item").to_owned(),
        ));
    }
    Ok(pool)
}

/// One item of `pool` (never empty, weights not all 0), by weight: one draw, none when
/// there is only one.
fn draw_from(pool: &[(usize, u32)], rng: &mut StreamRng) -> usize {
    if let [(item, _)] = pool {
        return *item;
    }
    let index = rng.pick_weighted(pool.iter().map(|&(_, weight)| weight));
    pool[index.unwrap_or(pool.len() - 1)].0
}

/// Counts over rectangles in constant time: summed-area tables of floor, wall, "plain"
/// (floor or wall) and blocked tiles.
struct Fits {
    width: usize,
    floor: Vec<u32>,
    wall: Vec<u32>,
    plain: Vec<u32>,
    blocked: Vec<u32>,
    size: (i32, i32),
}

impl Fits {
    fn of(tiles: &Grid<Tile>, blocked: &Grid<bool>) -> Fits {
        let (w, h) = (tiles.width(), tiles.height());
        let table = |f: &dyn Fn(Pos) -> bool| {
            let mut sums = vec![0u32; (w + 1) * (h + 1)];
            for y in 0..h {
                let mut row = 0;
                for x in 0..w {
                    row += u32::from(f(Pos::new(x as i32, y as i32)));
                    sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row;
                }
            }
            sums
        };
        Fits {
            width: w + 1,
            floor: table(&|p| tiles[p] == Tile::Floor),
            wall: table(&|p| tiles[p] == Tile::Wall),
            plain: table(&|p| matches!(tiles[p], Tile::Floor | Tile::Wall)),
            blocked: table(&|p| blocked[p]),
            size: (w as i32, h as i32),
        }
    }

    /// The count of `sums` over the rectangle from (x, y), `w` × `h`, clipped to the map.
    fn count(&self, sums: &[u32], x: i32, y: i32, w: i32, h: i32) -> u32 {
        let (x0, y0) = (x.max(0) as usize, y.max(0) as usize);
        let x1 = (x + w).clamp(0, self.size.0) as usize;
        let y1 = (y + h).clamp(0, self.size.1) as usize;
        if x1 <= x0 || y1 <= y0 {
            return 0;
        }
        let at = |x: usize, y: usize| sums[y * self.width + x];
        at(x1, y1) + at(x0, y0) - at(x0, y1) - at(x1, y0)
    }

    /// Whether a `w` × `h` map at `origin` fits the level by `mode`'s rule.
    fn fit(&self, mode: Mode, origin: Pos, w: i32, h: i32) -> bool {
        let (x, y) = (origin.x, origin.y);
        match mode {
            Mode::Floor => {
                self.count(&self.blocked, x, y, w, h) == 0
                    && self.count(&self.floor, x, y, w, h) == (w * h) as u32
            }
            Mode::Rock | Mode::Edge => {
                // The box and its ring, clipped to the map (an edge vault's ring is
                // partly the border).
                let area = clipped_area(x - 1, y - 1, w + 2, h + 2, self.size);
                self.count(&self.blocked, x - 1, y - 1, w + 2, h + 2) == 0
                    && self.count(&self.wall, x - 1, y - 1, w + 2, h + 2) == area
            }
            Mode::Room => {
                let area = ((w + 2) * (h + 2)) as u32;
                self.count(&self.blocked, x - 1, y - 1, w + 2, h + 2) == 0
                    && self.count(&self.plain, x - 1, y - 1, w + 2, h + 2) == area
                    && self.count(&self.floor, x - 1, y - 1, w + 2, h + 2) > 0
            }
        }
    }
}

fn clipped_area(x: i32, y: i32, w: i32, h: i32, size: (i32, i32)) -> u32 {
    let x0 = x.max(0);
    let y0 = y.max(0);
    let x1 = (x + w).min(size.0);
    let y1 = (y + h).min(size.1);
    ((x1 - x0).max(0) * (y1 - y0).max(0)) as u32
}

/// The top-left tiles where a `w` × `h` map may go by `mode`: inside the border (with
/// room for a ring where the mode lays one), against the border for an edge vault; for
/// a room vault on a room dungeon, the rooms' own places first.
fn candidates(
    tiles: &Grid<Tile>,
    rooms: Option<&RoomGraph>,
    mode: Mode,
    w: i32,
    h: i32,
) -> Vec<Pos> {
    let (width, height) = (tiles.width() as i32, tiles.height() as i32);
    let mut out = Vec::new();
    match mode {
        Mode::Floor => {
            for y in 1..=height - 1 - h {
                for x in 1..=width - 1 - w {
                    out.push(Pos::new(x, y));
                }
            }
        }
        Mode::Rock | Mode::Room => {
            if mode == Mode::Room
                && let Some(graph) = rooms
            {
                // A room whose floor holds the map and its ring: the map in its middle.
                for room in &graph.rooms {
                    if room.width >= w + 2 && room.height >= h + 2 {
                        out.push(Pos::new(
                            room.x + (room.width - w) / 2,
                            room.y + (room.height - h) / 2,
                        ));
                    }
                }
                if !out.is_empty() {
                    return out;
                }
            }
            for y in 2..=height - 2 - h {
                for x in 2..=width - 2 - w {
                    out.push(Pos::new(x, y));
                }
            }
        }
        Mode::Edge => {
            for y in 1..=height - 1 - h {
                for x in 1..=width - 1 - w {
                    let against = x == 1 || y == 1 || x + w == width - 1 || y + h == height - 1;
                    if against {
                        out.push(Pos::new(x, y));
                    }
                }
            }
        }
    }
    out
}

/// Lays `laid` at `origin` on `tiles`: the ring of floor of a room vault, the map's
/// cells (items, monsters, keys and exits as floor), and the tunnels of a rock or edge
/// vault. Returns the tiles tunnelled.
fn stamp(
    tiles: &mut Grid<Tile>,
    blocked: &Grid<bool>,
    laid: &Plan,
    mode: Mode,
    origin: Pos,
) -> Result<u32, VaultVeto> {
    let (w, h) = (laid.cells.width() as i32, laid.cells.height() as i32);
    if mode == Mode::Room {
        for y in origin.y - 1..=origin.y + h {
            for x in origin.x - 1..=origin.x + w {
                tiles.set(Pos::new(x, y), Tile::Floor);
            }
        }
    }
    for p in laid.cells.positions() {
        if let Some(tile) = laid.cells[p].tile() {
            tiles.set(origin.offset(p.x, p.y), tile);
        }
    }
    if !matches!(mode, Mode::Rock | Mode::Edge) {
        return Ok(0);
    }
    let inside =
        |p: Pos| p.x >= origin.x && p.y >= origin.y && p.x < origin.x + w && p.y < origin.y + h;
    let mut dug = 0;
    for exit in laid.exits() {
        let exit = origin.offset(exit.x, exit.y);
        dug += tunnel(tiles, blocked, exit, inside)?;
    }
    Ok(dug)
}

/// Digs the shortest tunnel of rock from `exit` (outwards, never through the vault's
/// own box, another vault or the border) to the nearest walkable tile outside the box;
/// returns the tiles dug.
fn tunnel(
    tiles: &mut Grid<Tile>,
    blocked: &Grid<bool>,
    exit: Pos,
    inside: impl Fn(Pos) -> bool,
) -> Result<u32, VaultVeto> {
    let (width, len) = (tiles.width(), tiles.len());
    let mut from = vec![u32::MAX; len];
    let mut steps = vec![0u32; len];
    let start = tiles.index_of(exit);
    let mut queue = vec![start];
    from[start] = start as u32;
    let mut head = 0;
    while let Some(&at) = queue.get(head) {
        head += 1;
        for i in neighbour_indices(at, width, len).into_iter().flatten() {
            let next = tiles.pos_of(i);
            if from[i] != u32::MAX || inside(next) {
                continue;
            }
            let tile = tiles.cells()[i];
            if tile.is_walkable() {
                // Carve back from `at` to the exit.
                let mut cell = at;
                let mut dug = 0;
                while cell != start {
                    tiles.cells_mut()[cell] = Tile::Floor;
                    dug += 1;
                    cell = from[cell] as usize;
                }
                return Ok(dug);
            }
            let diggable = tile == Tile::Wall && !tiles.is_border(next) && !blocked[next];
            let depth = steps[at] + 1;
            if diggable && depth <= MAX_TUNNEL {
                from[i] = at as u32;
                steps[i] = depth;
                queue.push(i);
            }
        }
    }
    Err(VaultVeto::NoTunnel)
}

/// Whether every bridge tile on the `w` × `h` box at `origin` or its ring still lies on
/// a bridge that spans a chasm, as the checker proves of every bridge: a bridge whose
/// landing the box covers passes its ring, so nothing farther can be changed.
fn bridges_still_span(tiles: &Grid<Tile>, origin: Pos, w: i32, h: i32) -> bool {
    (origin.y - 1..=origin.y + h).all(|y| {
        (origin.x - 1..=origin.x + w).all(|x| {
            let p = Pos::new(x, y);
            tiles.get(p) != Some(Tile::Bridge) || bridge_spans_a_chasm(tiles, p)
        })
    })
}

/// Tiles reached from `from` over the tiles where `open` holds.
fn reach(tiles: &Grid<Tile>, from: Pos, open: impl Fn(Tile) -> bool) -> Vec<bool> {
    if !tiles.contains(from) {
        return vec![false; tiles.len()];
    }
    reached_from(tiles, &[tiles.index_of(from)], open)
}

/// The row-major indices of the orthogonal neighbours of index `at` in a grid `width`
/// wide of `len` cells, in [`ORTHOGONAL`](crate::grid::ORTHOGONAL)'s order (up,
/// right, down, left); `None` past an edge.
fn neighbour_indices(at: usize, width: usize, len: usize) -> [Option<usize>; 4] {
    let x = at % width;
    [
        at.checked_sub(width),
        (x + 1 < width).then_some(at + 1),
        (at + width < len).then_some(at + width),
        (x > 0).then(|| at - 1),
    ]
}

/// The passable tiles the up stairs do not reach (a pocket a generator allowed): the
/// placement may leave these, and no others, unreached.
fn strays(tiles: &Grid<Tile>, up: Pos) -> Vec<bool> {
    let reached = reach(tiles, up, Tile::is_passable_once_unlocked);
    tiles
        .cells()
        .iter()
        .zip(reached)
        .map(|(&t, r)| t.is_passable_once_unlocked() && !r)
        .collect()
}

/// Whether `tiles` keep the level's guarantees after a vault: the stairs joined on foot,
/// every passable tile reached from the up stairs (locks open) but the old strays, every
/// exit reached — on foot, for a vault with locks (`locked`).
fn keeps_guarantees(
    tiles: &Grid<Tile>,
    keep: Keep<'_>,
    exits: &[Pos],
    strays: &[bool],
    locked: bool,
) -> bool {
    let on_foot = reach(tiles, keep.up, Tile::is_walkable);
    if !on_foot[tiles.index_of(keep.down)] {
        return false;
    }
    // A lock is a puzzle only when the player can find it: a lock vault's exits are
    // reached on foot, never only through a secret door or across water.
    if locked && !exits.iter().all(|&e| on_foot[tiles.index_of(e)]) {
        return false;
    }
    let unlocked = reach(tiles, keep.up, Tile::is_passable_once_unlocked);
    let all = tiles
        .cells()
        .iter()
        .enumerate()
        .all(|(i, &t)| !t.is_passable_once_unlocked() || unlocked[i] || strays[i]);
    all && exits.iter().all(|&e| unlocked[tiles.index_of(e)])
}

/// Where the key to `vault`'s locks lies when the vault does not hold it: a floor tile
/// reached from the up stairs without passing a locked door, outside every vault (and
/// the stairs' squares), far from the up stairs when it can be (at least half the
/// farthest walk), drawn from `rng` (two draws).
fn key_spot(
    tiles: &Grid<Tile>,
    blocked: &Grid<bool>,
    vault: &PlacedVault,
    up: Pos,
    rng: &mut StreamRng,
) -> Option<Pos> {
    let distances = crate::analysis::distances::walking_distances(tiles, up);
    let spots: Vec<usize> = (0..tiles.len())
        .filter(|&i| {
            let p = tiles.pos_of(i);
            tiles.cells()[i] == Tile::Floor
                && distances[i] != crate::analysis::distances::UNREACHABLE
                && !blocked[p]
                && !vault.covers(p)
        })
        .collect();
    let order = PermTable::random(spots.len() as u32, rng).ok()?;
    let farthest = spots.iter().map(|&i| distances[i]).max()?;
    let far = order
        .iter()
        .map(|s| spots[s as usize])
        .find(|&i| 2 * distances[i] >= farthest);
    far.map(|i| tiles.pos_of(i))
}

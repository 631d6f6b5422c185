//! A vault's map turned and mirrored ([`Symmetry`]), and a roll of its choices
//! ([`Plan`]): every glyph resolved to what stands there this time.

use std::collections::BTreeMap;

use super::format::{Meaning, Rule, Start};
use crate::grid::{Grid, Pos, Tile};
use crate::perm::PermTable;
use crate::rng::StreamRng;

/// One of the eight ways to lay a map down: mirrored left to right (or not), then
/// turned clockwise by `quarters` quarter turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symmetry {
    /// Mirrored left to right first.
    pub mirrored: bool,
    /// Quarter turns clockwise after that (0–3).
    pub quarters: u8,
}

impl Symmetry {
    /// The map as written.
    pub const IDENTITY: Symmetry = Symmetry {
        mirrored: false,
        quarters: 0,
    };

    /// The symmetries a vault allows: all eight, the four turns, the map and its
    /// mirror, or the map alone.
    pub fn allowed(rotate: bool, mirror: bool) -> Vec<Symmetry> {
        let turns: &[u8] = if rotate { &[0, 1, 2, 3] } else { &[0] };
        let mirrors: &[bool] = if mirror { &[false, true] } else { &[false] };
        mirrors
            .iter()
            .flat_map(|&mirrored| {
                turns
                    .iter()
                    .map(move |&quarters| Symmetry { mirrored, quarters })
            })
            .collect()
    }

    /// The size of a `width` × `height` map laid down this way.
    pub const fn size(self, width: usize, height: usize) -> (usize, usize) {
        if self.quarters % 2 == 1 {
            (height, width)
        } else {
            (width, height)
        }
    }

    /// Where the cell at (`x`, `y`) of a `width` × `height` map lands.
    pub const fn apply(self, x: usize, y: usize, width: usize, height: usize) -> (usize, usize) {
        let (mut x, mut y, mut w, mut h) = (x, y, width, height);
        if self.mirrored {
            x = w - 1 - x;
        }
        let mut turns = self.quarters % 4;
        while turns > 0 {
            // A clockwise quarter turn: column x of row y goes to column h-1-y of row x.
            (x, y) = (h - 1 - y, x);
            (w, h) = (h, w);
            turns -= 1;
        }
        (x, y)
    }

    /// `grid` laid down this way.
    pub fn transform<T: Copy>(self, grid: &Grid<T>) -> Grid<T> {
        let (w, h) = (grid.width(), grid.height());
        let (tw, th) = self.size(w, h);
        let Some(&first) = grid.cells().first() else {
            return grid.clone();
        };
        let mut out = Grid::new(tw, th, first);
        for y in 0..h {
            for x in 0..w {
                let (nx, ny) = self.apply(x, y, w, h);
                out.set(
                    Pos::new(nx as i32, ny as i32),
                    grid[Pos::new(x as i32, y as i32)],
                );
            }
        }
        out
    }

    /// How the report and `vault show` name it: "as written", "turned 90°", "mirrored,
    /// turned 270°".
    pub fn describe(self) -> String {
        match (self.mirrored, self.quarters % 4) {
            (false, 0) => "as written".into(),
            (true, 0) => "mirrored".into(),
            (false, q) => format!("turned {}°", q as u32 * 90),
            (true, q) => format!("mirrored, turned {}°", q as u32 * 90),
        }
    }

    /// A one-word name for catalogs and tables: `rot0`, `rot90`, …, `mirror-rot270`.
    pub fn short(self) -> String {
        let turn = format!("rot{}", u32::from(self.quarters % 4) * 90);
        if self.mirrored {
            format!("mirror-{turn}")
        } else {
            turn
        }
    }
}

/// A monster a vault's legend asks for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MonsterSpec {
    /// By name, or drawn.
    pub name: Option<String>,
    /// Depths further down to draw it for.
    pub deeper: u32,
    /// How it starts.
    pub state: Start,
}

/// An item a vault's legend asks for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ItemSpec {
    /// By name, or drawn.
    pub name: Option<String>,
    /// The appearance class to draw from.
    pub class: Option<String>,
    /// Whether it lies for sale (a price on it; never gold or a key).
    pub for_sale: bool,
}

impl MonsterSpec {
    /// What a legend's `Monster(name, deeper, state)` asks for.
    fn new(name: Option<&str>, deeper: u32, state: Start) -> MonsterSpec {
        MonsterSpec {
            name: name.map(str::to_owned),
            deeper,
            state,
        }
    }
}

impl ItemSpec {
    /// What a legend's `Item(name, class, for_sale)` asks for.
    fn new(name: Option<&str>, class: Option<&str>, for_sale: bool) -> ItemSpec {
        ItemSpec {
            name: name.map(str::to_owned),
            class: class.map(str::to_owned),
            for_sale,
        }
    }
}

/// The monsters and items a vault's legend names, each once: cells refer to them by
/// their place in these lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Specs {
    /// The monsters.
    pub monsters: Vec<MonsterSpec>,
    /// The items.
    pub items: Vec<ItemSpec>,
}

impl Specs {
    /// The specs of every monster and item in `meanings`, nested ones too, in order.
    pub fn of<'m>(meanings: impl IntoIterator<Item = &'m Meaning>) -> Specs {
        fn walk(meaning: &Meaning, specs: &mut Specs) {
            match meaning {
                Meaning::Monster {
                    name,
                    deeper,
                    state,
                } => {
                    let spec = MonsterSpec::new(name.as_deref(), *deeper, *state);
                    if !specs.monsters.contains(&spec) {
                        specs.monsters.push(spec);
                    }
                }
                Meaning::Item {
                    name,
                    class,
                    for_sale,
                } => {
                    let spec = ItemSpec::new(name.as_deref(), class.as_deref(), *for_sale);
                    if !specs.items.contains(&spec) {
                        specs.items.push(spec);
                    }
                }
                Meaning::Pick(choices) | Meaning::PickOnce(choices) => {
                    choices.iter().for_each(|(_, m)| walk(m, specs));
                }
                Meaning::Count(_, first, second) => {
                    walk(first, specs);
                    walk(second, specs);
                }
                _ => {}
            }
        }
        let mut specs = Specs::default();
        meanings.into_iter().for_each(|m| walk(m, &mut specs));
        specs
    }

    /// The cell a meaning with no choice left in it stands for.
    fn cell_of(&self, meaning: &Meaning) -> Cell {
        match meaning {
            Meaning::Wall => Cell::Ground(Tile::Wall),
            Meaning::Floor => Cell::Ground(Tile::Floor),
            Meaning::Door => Cell::Ground(Tile::Door),
            Meaning::ClosedDoor => Cell::Ground(Tile::ClosedDoor),
            Meaning::SecretDoor => Cell::Ground(Tile::SecretDoor),
            Meaning::LockedDoor => Cell::Ground(Tile::LockedDoor),
            Meaning::ShallowWater => Cell::Ground(Tile::ShallowWater),
            Meaning::DeepWater => Cell::Ground(Tile::DeepWater),
            Meaning::Lava => Cell::Ground(Tile::Lava),
            Meaning::Chasm => Cell::Ground(Tile::Chasm),
            Meaning::Bridge => Cell::Ground(Tile::Bridge),
            Meaning::Trap(trap) => Cell::Ground(trap.tile()),
            Meaning::Exit => Cell::Exit,
            Meaning::Outside => Cell::Outside,
            Meaning::Key => Cell::Key,
            Meaning::Monster {
                name,
                deeper,
                state,
            } => {
                let spec = MonsterSpec::new(name.as_deref(), *deeper, *state);
                let at = self.monsters.iter().position(|m| *m == spec).unwrap_or(0);
                Cell::Monster(at as u16)
            }
            Meaning::Item {
                name,
                class,
                for_sale,
            } => {
                let spec = ItemSpec::new(name.as_deref(), class.as_deref(), *for_sale);
                let at = self.items.iter().position(|m| *m == spec).unwrap_or(0);
                Cell::Item(at as u16)
            }
            // Reached only for a choice nested where `resolve` does not look.
            Meaning::Pick(choices) | Meaning::PickOnce(choices) => choices
                .first()
                .map(|(_, m)| self.cell_of(m))
                .unwrap_or(Cell::Outside),
            Meaning::Count(_, first, _) => self.cell_of(first),
        }
    }

    /// Resolves `meaning` for one copy: picks drawn now (a nested `PickOnce` or
    /// `Count` acts as a pick per copy, `Count` as an even pick of its two).
    fn resolve(&self, meaning: &Meaning, rng: &mut StreamRng) -> Cell {
        match meaning {
            Meaning::Pick(choices) | Meaning::PickOnce(choices) => {
                self.resolve(draw(choices, rng), rng)
            }
            Meaning::Count(_, first, second) => {
                if rng.below(2) == 0 {
                    self.resolve(first, rng)
                } else {
                    self.resolve(second, rng)
                }
            }
            plain => self.cell_of(plain),
        }
    }
}

/// What stands on one cell of a rolled vault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Not part of the vault: the level's tile stays.
    Outside,
    /// Terrain.
    Ground(Tile),
    /// Floor that must connect to the level.
    Exit,
    /// Floor with the key to the level's locked doors on it.
    Key,
    /// Floor with a monster on it: the vault's [`Specs::monsters`] entry.
    Monster(u16),
    /// Floor with an item on it: the vault's [`Specs::items`] entry.
    Item(u16),
}

impl Cell {
    /// The tile the cell puts on the level (an item's or monster's is floor).
    pub fn tile(self) -> Option<Tile> {
        match self {
            Cell::Outside => None,
            Cell::Ground(tile) => Some(tile),
            Cell::Exit | Cell::Key | Cell::Monster(_) | Cell::Item(_) => Some(Tile::Floor),
        }
    }

    /// Whether a player can pass the cell once every lock is open (with `locks_open`)
    /// and everything hidden found.
    pub fn passable(self, locks_open: bool) -> bool {
        match self.tile() {
            None => false,
            Some(Tile::LockedDoor) => locks_open,
            Some(tile) => tile.is_passable_once_found(),
        }
    }
}

/// Draws one of weighted `choices` (weights sum above 0).
fn draw<'m>(choices: &'m [(u32, Meaning)], rng: &mut StreamRng) -> &'m Meaning {
    let index = rng.pick_weighted(choices.iter().map(|&(weight, _)| weight));
    &choices[index.unwrap_or(choices.len() - 1)].1
}

/// A roll of a vault: what stands on each cell of its map (as written, not yet turned),
/// and the glyph each cell came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The cells.
    pub cells: Grid<Cell>,
    /// The glyph of the map each cell came from.
    pub glyphs: Grid<char>,
}

/// Rolls the choices of a map: for each glyph in turn (in char order), each of its
/// copies in row order. `meanings` holds every glyph of `glyphs`.
pub fn roll(
    glyphs: &Grid<char>,
    meanings: &BTreeMap<char, Meaning>,
    specs: &Specs,
    rng: &mut StreamRng,
) -> Plan {
    let mut cells = Grid::new(glyphs.width(), glyphs.height(), Cell::Outside);
    for (&glyph, meaning) in meanings {
        let copies: Vec<Pos> = glyphs.positions().filter(|&p| glyphs[p] == glyph).collect();
        if copies.is_empty() {
            continue;
        }
        match meaning {
            Meaning::PickOnce(choices) => {
                let chosen = draw(choices, rng);
                for &at in &copies {
                    cells.set(at, specs.resolve(chosen, rng));
                }
            }
            Meaning::Count(count, first, second) => {
                let order = PermTable::random(copies.len() as u32, rng).ok();
                let mut firsts = vec![false; copies.len()];
                if let Some(order) = order {
                    for slot in order.iter().take(*count as usize) {
                        firsts[slot as usize] = true;
                    }
                }
                for (&at, first_here) in copies.iter().zip(firsts) {
                    let meaning = if first_here { first } else { second };
                    cells.set(at, specs.resolve(meaning, rng));
                }
            }
            other => {
                for &at in &copies {
                    cells.set(at, specs.resolve(other, rng));
                }
            }
        }
    }
    Plan {
        cells,
        glyphs: glyphs.clone(),
    }
}

/// Why a roll of a vault cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RollFault {
    /// A passable cell no exit reaches (locks open, everything found).
    Pocket(Pos),
    /// The key cannot be reached from an exit without passing a locked door.
    KeyBehindItsLock(Pos),
    /// A bridge cell that spans nothing inside the map: not on a straight run of at
    /// least three bridge cells with walkable cells (not bridge, not outside) at both
    /// ends — the level checker's rule for every bridge
    /// ([`check_level`](crate::generator::guarantees::check_level)).
    BridgeAstray(Pos),
    /// A rule is broken.
    Broken(Rule),
}

impl std::fmt::Display for RollFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RollFault::Pocket(p) => write!(
                f,
                "the tile at column {}, row {} of the map cannot be reached from any exit",
                p.x + 1,
                p.y + 1
            ),
            RollFault::KeyBehindItsLock(p) => write!(
                f,
                "the key at column {}, row {} of the map lies behind its own locked door",
                p.x + 1,
                p.y + 1
            ),
            RollFault::BridgeAstray(p) => write!(
                f,
                "the bridge at column {}, row {} of the map spans no chasm: a bridge is a straight run of at least three bridge tiles with walkable ground of the map at both ends",
                p.x + 1,
                p.y + 1
            ),
            RollFault::Broken(Rule::Connected(a, b)) => {
                write!(f, "rule Connected('{a}', '{b}') does not hold")
            }
            RollFault::Broken(Rule::Behind(a, b)) => {
                write!(f, "rule Behind('{a}', '{b}') does not hold")
            }
        }
    }
}

impl Plan {
    /// The positions of the map's exits.
    pub fn exits(&self) -> Vec<Pos> {
        self.cells
            .positions()
            .filter(|&p| self.cells[p] == Cell::Exit)
            .collect()
    }

    /// The plan laid down by `symmetry`.
    pub fn transformed(&self, symmetry: Symmetry) -> Plan {
        let index = Grid::from_cells(
            self.cells.width(),
            self.cells.height(),
            (0..self.cells.len() as u32).collect(),
        )
        .unwrap_or_else(|| Grid::new(0, 0, 0));
        let moved = symmetry.transform(&index);
        let cells = moved.map(|i| self.cells.cells()[i as usize]);
        let glyphs = moved.map(|i| self.glyphs.cells()[i as usize]);
        Plan { cells, glyphs }
    }

    /// The cells reached from `sources` over passable cells (locks open or not), with
    /// the cells where `blocked` holds left closed.
    fn reach(&self, sources: &[Pos], locks_open: bool, blocked: impl Fn(Pos) -> bool) -> Vec<bool> {
        let cells = &self.cells;
        let mut seen = vec![false; cells.len()];
        let mut queue: Vec<Pos> = Vec::new();
        for &s in sources {
            if cells[s].passable(locks_open) && !blocked(s) && !seen[cells.index_of(s)] {
                seen[cells.index_of(s)] = true;
                queue.push(s);
            }
        }
        let mut head = 0;
        while let Some(&at) = queue.get(head) {
            head += 1;
            for next in cells.neighbours4(at) {
                let i = cells.index_of(next);
                if !seen[i] && cells[next].passable(locks_open) && !blocked(next) {
                    seen[i] = true;
                    queue.push(next);
                }
            }
        }
        seen
    }

    /// Whether the bridge cell at `p` lies on a straight run of at least three bridge
    /// cells, east–west or north–south, with a walkable cell of the map at both ends
    /// (the level's tile beyond the map is not the vault's to promise).
    fn bridge_spans(&self, p: Pos) -> bool {
        let cells = &self.cells;
        let walkable = |at: Pos| {
            cells
                .get(at)
                .and_then(Cell::tile)
                .is_some_and(Tile::is_walkable)
        };
        [(1, 0), (0, 1)].into_iter().any(|(dx, dy)| {
            let mut length = 1;
            let mut ends_walkable = true;
            for sign in [1, -1] {
                let mut at = p.offset(sign * dx, sign * dy);
                while cells.get(at) == Some(Cell::Ground(Tile::Bridge)) {
                    length += 1;
                    at = at.offset(sign * dx, sign * dy);
                }
                ends_walkable &= walkable(at);
            }
            ends_walkable && length >= 3
        })
    }

    /// The first reason this roll cannot be used, if any: a pocket, a key behind its
    /// own lock, a bridge that spans nothing, or a broken rule.
    pub fn fault(&self, rules: &[Rule]) -> Option<RollFault> {
        let exits = self.exits();
        let open = self.reach(&exits, true, |_| false);
        let cells = &self.cells;
        if let Some(p) = cells
            .positions()
            .find(|&p| cells[p].passable(true) && !open[cells.index_of(p)])
        {
            return Some(RollFault::Pocket(p));
        }
        let locked = self.reach(&exits, false, |_| false);
        if let Some(p) = cells
            .positions()
            .find(|&p| cells[p] == Cell::Key && !locked[cells.index_of(p)])
        {
            return Some(RollFault::KeyBehindItsLock(p));
        }
        if let Some(p) = cells
            .positions()
            .find(|&p| cells[p] == Cell::Ground(Tile::Bridge) && !self.bridge_spans(p))
        {
            return Some(RollFault::BridgeAstray(p));
        }
        let of = |glyph: char| -> Vec<Pos> {
            self.glyphs
                .positions()
                .filter(|&p| self.glyphs[p] == glyph)
                .collect()
        };
        for &rule in rules {
            let holds = match rule {
                Rule::Connected(a, b) => {
                    let targets = of(b);
                    of(a).into_iter().all(|from| {
                        let reached = self.reach(&[from], true, |_| false);
                        targets
                            .iter()
                            .all(|&t| reached[cells.index_of(t)] || t == from)
                    })
                }
                Rule::Behind(a, b) => {
                    let reached = self.reach(&exits, true, |p| self.glyphs[p] == b);
                    of(a).into_iter().all(|p| !reached[cells.index_of(p)])
                }
            };
            if !holds {
                return Some(RollFault::Broken(rule));
            }
        }
        None
    }
}

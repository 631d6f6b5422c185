//! The map: a rectangular [`Grid`] of cells and the [`Tile`] kinds a level is made of.
//! The ASCII form of a tile grid, which prints and parses back exactly, lives in
//! `grid/ascii.rs`.
//!
//! Coordinates: `x` grows to the right, `y` grows downwards (row 0 is the first line of
//! the ASCII form). Out-of-bounds positions are simply not in the grid.

use std::fmt;
use std::ops::{Index, IndexMut};

mod ascii;

pub use ascii::AsciiError;

/// A position on a grid. Signed so that neighbours of the border can be named.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Pos {
    /// Column, 0 at the left.
    pub x: i32,
    /// Row, 0 at the top.
    pub y: i32,
}

impl Pos {
    /// The position `(x, y)`.
    pub const fn new(x: i32, y: i32) -> Self {
        Pos { x, y }
    }

    /// This position moved by `(dx, dy)`.
    pub const fn offset(self, dx: i32, dy: i32) -> Self {
        Pos::new(self.x + dx, self.y + dy)
    }

    /// Chebyshev (king-move) distance.
    pub fn chebyshev(self, other: Pos) -> i32 {
        (self.x - other.x).abs().max((self.y - other.y).abs())
    }

    /// Manhattan (rook-move) distance.
    pub fn manhattan(self, other: Pos) -> i32 {
        (self.x - other.x).abs() + (self.y - other.y).abs()
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// The four orthogonal steps: up, right, down, left.
pub const ORTHOGONAL: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// The eight king steps, orthogonal ones first.
pub const KING: [(i32, i32); 8] = [
    (0, -1),
    (1, 0),
    (0, 1),
    (-1, 0),
    (1, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
];

/// A rectangular grid of cells stored row by row.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    width: usize,
    height: usize,
    cells: Vec<T>,
}

impl<T: Copy> Grid<T> {
    /// A `width` × `height` grid with every cell set to `fill`.
    pub fn new(width: usize, height: usize, fill: T) -> Self {
        Grid {
            width,
            height,
            cells: vec![fill; width * height],
        }
    }

    /// A grid over existing row-major cells; `None` when the length does not match.
    pub fn from_cells(width: usize, height: usize, cells: Vec<T>) -> Option<Self> {
        (cells.len() == width * height).then_some(Grid {
            width,
            height,
            cells,
        })
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True for a grid with no cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether `pos` lies inside the grid.
    #[inline]
    pub fn contains(&self, pos: Pos) -> bool {
        pos.x >= 0 && pos.y >= 0 && (pos.x as usize) < self.width && (pos.y as usize) < self.height
    }

    /// Whether `pos` lies on the outermost ring of the grid.
    pub fn is_border(&self, pos: Pos) -> bool {
        self.contains(pos)
            && (pos.x == 0
                || pos.y == 0
                || pos.x as usize == self.width - 1
                || pos.y as usize == self.height - 1)
    }

    /// Row-major index of an in-bounds `pos`.
    #[inline]
    pub fn index_of(&self, pos: Pos) -> usize {
        debug_assert!(self.contains(pos));
        pos.y as usize * self.width + pos.x as usize
    }

    /// The position of a row-major index.
    #[inline]
    pub fn pos_of(&self, index: usize) -> Pos {
        Pos::new((index % self.width) as i32, (index / self.width) as i32)
    }

    /// The cell at `pos`, or `None` outside the grid.
    #[inline]
    pub fn get(&self, pos: Pos) -> Option<T> {
        self.contains(pos).then(|| self.cells[self.index_of(pos)])
    }

    /// Sets the cell at `pos`; returns false (and changes nothing) outside the grid.
    #[inline]
    pub fn set(&mut self, pos: Pos, value: T) -> bool {
        if self.contains(pos) {
            let i = self.index_of(pos);
            self.cells[i] = value;
            true
        } else {
            false
        }
    }

    /// All cells, row by row.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// All cells, row by row, mutably.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// One row of cells.
    pub fn row(&self, y: usize) -> &[T] {
        &self.cells[y * self.width..(y + 1) * self.width]
    }

    /// Every position, row by row.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<T> {
        let (w, h) = (self.width as i32, self.height as i32);
        (0..h).flat_map(move |y| (0..w).map(move |x| Pos::new(x, y)))
    }

    /// The in-bounds orthogonal neighbours of `pos`.
    pub fn neighbours4(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        ORTHOGONAL
            .iter()
            .map(move |&(dx, dy)| pos.offset(dx, dy))
            .filter(|&p| self.contains(p))
    }

    /// The in-bounds king-move neighbours of `pos`.
    pub fn neighbours8(&self, pos: Pos) -> impl Iterator<Item = Pos> + '_ {
        KING.iter()
            .map(move |&(dx, dy)| pos.offset(dx, dy))
            .filter(|&p| self.contains(p))
    }

    /// A grid of the same shape with `f` applied to every cell.
    pub fn map<U: Copy>(&self, f: impl Fn(T) -> U) -> Grid<U> {
        Grid {
            width: self.width,
            height: self.height,
            cells: self.cells.iter().map(|&c| f(c)).collect(),
        }
    }
}

impl<T: Copy> Index<Pos> for Grid<T> {
    type Output = T;
    fn index(&self, pos: Pos) -> &T {
        assert!(
            self.contains(pos),
            "{pos} is outside a {}x{} grid",
            self.width,
            self.height
        );
        &self.cells[self.index_of(pos)]
    }
}

impl<T: Copy> IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        assert!(
            self.contains(pos),
            "{pos} is outside a {}x{} grid",
            self.width,
            self.height
        );
        let i = self.index_of(pos);
        &mut self.cells[i]
    }
}

impl<T: fmt::Debug> fmt::Debug for Grid<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}x{})", self.width, self.height)
    }
}

/// What a map cell is. The first six are the layouts' own; the rest are the terrain
/// the feature layer (`levels::generator::features`) lays over a finished layout — a
/// level of a config with its features off holds none of them.
///
/// The discriminants are part of the design: every walkable tile's is in 1..16 and every
/// other's has its low four bits clear (rock is 0), so that `WallBits::from_tiles` reads
/// eight tiles' walkability at once off their bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[repr(u8)]
pub enum Tile {
    /// Solid rock: `#`.
    Wall = 0,
    /// Open ground: `.`.
    Floor = 1,
    /// A doorway where a corridor meets a room: `+`.
    Door = 2,
    /// Stairs up, where the player arrives: `<`.
    UpStairs = 3,
    /// Stairs down to the next depth: `>`.
    DownStairs = 4,
    /// An item lying on the floor: `$`.
    Loot = 5,
    /// A closed door: blocks sight until someone opens it by walking into it: `'`.
    ClosedDoor = 6,
    /// Shallow water: walked through like floor: `,`.
    ShallowWater = 7,
    /// A bridge over a chasm, walked like floor: `=`.
    Bridge = 8,
    /// A door that looks like wall until it is found (then it is a closed door): `s`.
    SecretDoor = 0x10,
    /// Deep water: swimming in it may wash away what the player carries; walking
    /// monsters do not enter it: `~`.
    DeepWater = 0x20,
    /// Lava: whoever enters it burns to death: `%`.
    Lava = 0x30,
    /// A chasm: whoever walks into it falls to the next depth: `:`.
    Chasm = 0x40,
    /// An alarm trap ([`Trap::Alarm`]), hidden until found or sprung: `a`.
    AlarmTrap = 0x50,
    /// A teleport trap ([`Trap::Teleport`]): `t`.
    TeleportTrap = 0x60,
    /// A trapdoor ([`Trap::Pit`]): `p`.
    PitTrap = 0x70,
    /// A dart trap ([`Trap::Dart`]): `d`.
    DartTrap = 0x80,
    /// A locked door of a vault: opens (for good) to whoever walks into it carrying the
    /// level's key: `L`.
    LockedDoor = 0x90,
    /// A door barred from one side: it opens (for good) to whoever walks into it from
    /// its open side, which the level's plan names ([`crate::generator::cyclic::layout::
    /// LaidPlan::barred_doors`]); from the other side, and to monsters, it is wall: `B`.
    BarredDoor = 0xA0,
    /// A ledge on a cyclic dungeon's corridor, the lip of a one-way drop: the player
    /// steps onto it from its high side only, and drops down from it to its low side,
    /// never climbing back. Which side is which the level's plan names
    /// ([`crate::generator::cyclic::layout::LaidPlan::drops`]). It is not walkable
    /// ground: every guarantee of a level holds without it (the plan's other way round
    /// its cycle), walking monsters keep off it, and fliers pass it either way: `v`.
    Ledge = 0xB0,
}

/// The kinds of trap, in legend order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Trap {
    /// Wakes every monster of the level and tells them where the player is: `a`.
    Alarm,
    /// Moves whoever steps on it to a random tile of the level: `t`.
    Teleport,
    /// A trapdoor: drops whoever steps on it to the next depth: `p`.
    Pit,
    /// Shoots a poisoned dart: damage: `d`.
    Dart,
}

impl Trap {
    /// Every kind of trap.
    pub const ALL: [Trap; 4] = [Trap::Alarm, Trap::Teleport, Trap::Pit, Trap::Dart];

    /// The tile of this trap.
    pub const fn tile(self) -> Tile {
        match self {
            Trap::Alarm => Tile::AlarmTrap,
            Trap::Teleport => Tile::TeleportTrap,
            Trap::Pit => Tile::PitTrap,
            Trap::Dart => Tile::DartTrap,
        }
    }

    /// The trap in words ("an alarm trap").
    pub const fn name(self) -> &'static str {
        match self {
            Trap::Alarm => "an alarm trap",
            Trap::Teleport => "a teleport trap",
            Trap::Pit => "a trapdoor",
            Trap::Dart => "a dart trap",
        }
    }
}

impl Tile {
    /// Every tile kind, in legend order.
    pub const ALL: [Tile; 20] = [
        Tile::Wall,
        Tile::Floor,
        Tile::Door,
        Tile::UpStairs,
        Tile::DownStairs,
        Tile::Loot,
        Tile::ClosedDoor,
        Tile::SecretDoor,
        Tile::DeepWater,
        Tile::ShallowWater,
        Tile::Lava,
        Tile::Chasm,
        Tile::Bridge,
        Tile::AlarmTrap,
        Tile::TeleportTrap,
        Tile::PitTrap,
        Tile::DartTrap,
        Tile::LockedDoor,
        Tile::BarredDoor,
        Tile::Ledge,
    ];

    /// The ASCII glyph of this tile.
    pub const fn glyph(self) -> char {
        match self {
            Tile::Wall => '#',
            Tile::Floor => '.',
            Tile::Door => '+',
            Tile::UpStairs => '<',
            Tile::DownStairs => '>',
            Tile::Loot => '$',
            Tile::ClosedDoor => '\'',
            Tile::SecretDoor => 's',
            Tile::DeepWater => '~',
            Tile::ShallowWater => ',',
            Tile::Lava => '%',
            Tile::Chasm => ':',
            Tile::Bridge => '=',
            Tile::AlarmTrap => 'a',
            Tile::TeleportTrap => 't',
            Tile::PitTrap => 'p',
            Tile::DartTrap => 'd',
            Tile::LockedDoor => 'L',
            Tile::BarredDoor => 'B',
            Tile::Ledge => 'v',
        }
    }

    /// What the glyph stands for, as the ASCII legend says it.
    pub const fn legend(self) -> &'static str {
        match self {
            Tile::Wall => "wall",
            Tile::Floor => "floor",
            Tile::Door => "doorway",
            Tile::UpStairs => "stairs up",
            Tile::DownStairs => "stairs down",
            Tile::Loot => "item",
            Tile::ClosedDoor => "closed door",
            Tile::SecretDoor => "secret door",
            Tile::DeepWater => "deep water",
            Tile::ShallowWater => "shallow water",
            Tile::Lava => "lava",
            Tile::Chasm => "chasm",
            Tile::Bridge => "bridge",
            Tile::AlarmTrap => "alarm trap",
            Tile::TeleportTrap => "teleport trap",
            Tile::PitTrap => "trapdoor",
            Tile::DartTrap => "dart trap",
            Tile::LockedDoor => "locked door",
            Tile::BarredDoor => "barred door",
            Tile::Ledge => "ledge",
        }
    }

    /// The tile a glyph stands for.
    pub fn from_glyph(c: char) -> Option<Tile> {
        Tile::ALL.into_iter().find(|t| t.glyph() == c)
    }

    /// The legend of every glyph, as error messages and `delve gen` print it:
    /// "# wall, . floor, …".
    pub(crate) fn legend_line() -> String {
        Tile::ALL
            .iter()
            .map(|t| format!("{} {}", t.glyph(), t.legend()))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Whether a creature walking on foot can stand here safely: the ground every level
    /// guarantee is about (the stairs and must-find items are reachable over it, and it is
    /// one region). Water to wade, bridges and doors are; rock, a secret door not yet
    /// found, deep water, lava, a chasm, a trap and a ledge (walked one way only) are not.
    pub const fn is_walkable(self) -> bool {
        matches!(
            self,
            Tile::Floor
                | Tile::Door
                | Tile::UpStairs
                | Tile::DownStairs
                | Tile::Loot
                | Tile::ClosedDoor
                | Tile::ShallowWater
                | Tile::Bridge
        )
    }

    /// Whether a player can pass this tile once everything hidden on the level is found:
    /// the walkable ground, secret doors and traps (not rock, deep water, lava, a chasm
    /// or a locked door).
    pub const fn is_passable_once_found(self) -> bool {
        self.is_walkable() || matches!(self, Tile::SecretDoor) || self.trap().is_some()
    }

    /// [`Tile::is_passable_once_found`], with every locked door open too: the ground that
    /// must be one region.
    pub(crate) const fn is_passable_once_unlocked(self) -> bool {
        self.is_passable_once_found() || matches!(self, Tile::LockedDoor)
    }

    /// The trap this tile is, if it is one.
    pub const fn trap(self) -> Option<Trap> {
        Some(match self {
            Tile::AlarmTrap => Trap::Alarm,
            Tile::TeleportTrap => Trap::Teleport,
            Tile::PitTrap => Trap::Pit,
            Tile::DartTrap => Trap::Dart,
            _ => return None,
        })
    }

    /// Whether this tile is solid rock.
    pub const fn is_wall(self) -> bool {
        matches!(self, Tile::Wall)
    }

    /// Whether this tile hides what lies beyond it: rock and doors not yet opened.
    pub const fn blocks_sight(self) -> bool {
        matches!(
            self,
            Tile::Wall | Tile::SecretDoor | Tile::ClosedDoor | Tile::LockedDoor | Tile::BarredDoor
        )
    }

    /// Whether stepping here harms a walker (the ground the guarantees keep off every
    /// way that matters): deep water, lava, a chasm, a trap. The level measures' leniency
    /// counts the floor with none of these a step away.
    pub const fn is_hazard(self) -> bool {
        matches!(
            self,
            Tile::DeepWater
                | Tile::Lava
                | Tile::Chasm
                | Tile::AlarmTrap
                | Tile::TeleportTrap
                | Tile::PitTrap
                | Tile::DartTrap
        )
    }

    /// Whether a flier can be here: anything open to the air — walkable ground and the
    /// hazards it flies over (water, lava, chasms, traps it does not touch) and ledges,
    /// either way; not rock or a secret door.
    pub(crate) const fn is_open_to_fliers(self) -> bool {
        self.is_walkable() || self.is_hazard() || matches!(self, Tile::Ledge)
    }
}

impl Grid<Tile> {
    /// Number of cells holding `tile`.
    pub fn count(&self, tile: Tile) -> usize {
        self.cells.iter().filter(|&&t| t == tile).count()
    }

    /// Whether `pos` is inside and walkable.
    #[inline]
    pub fn is_walkable(&self, pos: Pos) -> bool {
        self.get(pos).is_some_and(Tile::is_walkable)
    }
}

/// A `width` × `height` map for tests: each tile is wall with `wall_percent` chance (one
/// draw per tile, row by row): for tests and benchmarks of map analyses.
pub fn random_tiles(
    width: usize,
    height: usize,
    wall_percent: u32,
    rng: &mut crate::rng::StreamRng,
) -> Grid<Tile> {
    let cells = (0..width * height)
        .map(|_| {
            if rng.chance_percent(wall_percent) {
                Tile::Wall
            } else {
                Tile::Floor
            }
        })
        .collect();
    Grid::from_cells(width, height, cells).expect("sizes match")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walkable_tiles_have_a_discriminant_below_16_and_the_rest_none_in_the_low_bits() {
        for tile in Tile::ALL {
            let byte = tile as u8;
            assert_eq!(tile.is_walkable(), byte & 0x0f != 0, "{tile:?}");
        }
    }

    #[test]
    fn every_glyph_stands_for_one_tile() {
        for tile in Tile::ALL {
            assert_eq!(Tile::from_glyph(tile.glyph()), Some(tile));
        }
        for trap in Trap::ALL {
            assert_eq!(trap.tile().trap(), Some(trap));
        }
    }

    #[test]
    fn neighbours_stay_in_bounds() {
        let g = Grid::new(3, 3, Tile::Floor);
        assert_eq!(g.neighbours4(Pos::new(0, 0)).count(), 2);
        assert_eq!(g.neighbours8(Pos::new(1, 1)).count(), 8);
    }
}

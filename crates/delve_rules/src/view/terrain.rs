//! The ground of a tile as the player sees it. A new kind of terrain is added here — to
//! [`Terrain`], to what each level tile looks like ([`Terrain::of`]) and to its name —
//! and then the compiler points at the one picture the window gives it
//! (`front/render/tileset.rs`) and the one glyph and colour the terminal gives it
//! (`front/tui/draw.rs`).

use delve_levels::grid::{Tile, Trap};

/// The ground of a tile, as drawn: what lies or stands on it is drawn over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Solid rock (and a secret door not found).
    Wall,
    /// Open ground (and a trap not found).
    Floor,
    /// A doorway, or a door standing open.
    Door,
    /// The stairs up.
    UpStairs,
    /// The stairs down.
    DownStairs,
    /// A closed door.
    ClosedDoor,
    /// Deep water.
    DeepWater,
    /// Shallow water.
    ShallowWater,
    /// Lava.
    Lava,
    /// A chasm.
    Chasm,
    /// A bridge over a chasm.
    Bridge,
    /// A trap the player knows of.
    Trap(Trap),
    /// A locked door of a vault.
    LockedDoor,
    /// A door barred from one side (a cyclic dungeon's shortcut), not yet opened.
    BarredDoor,
    /// A ledge: the lip of a one-way drop (a cyclic dungeon's), stepped down from, never
    /// climbed.
    Ledge,
}

impl Terrain {
    /// The one character that stands for it in text: the terminal's map, a morgue
    /// file's map (the window draws a picture of its own).
    pub const fn glyph(self) -> char {
        match self {
            Terrain::Wall => '#',
            Terrain::Floor => '.',
            Terrain::Door | Terrain::ClosedDoor => '+',
            Terrain::UpStairs => '<',
            Terrain::DownStairs => '>',
            Terrain::DeepWater | Terrain::ShallowWater | Terrain::Lava => '~',
            Terrain::Chasm => ':',
            Terrain::Bridge => '≡',
            Terrain::Trap(_) => '^',
            Terrain::LockedDoor => '&',
            Terrain::BarredDoor => '≠',
            Terrain::Ledge => '▾',
        }
    }

    /// Every terrain, in legend order.
    pub const ALL: [Terrain; 18] = [
        Terrain::Wall,
        Terrain::Floor,
        Terrain::Door,
        Terrain::UpStairs,
        Terrain::DownStairs,
        Terrain::ClosedDoor,
        Terrain::DeepWater,
        Terrain::ShallowWater,
        Terrain::Lava,
        Terrain::Chasm,
        Terrain::Bridge,
        Terrain::Trap(Trap::Alarm),
        Terrain::Trap(Trap::Teleport),
        Terrain::Trap(Trap::Pit),
        Terrain::Trap(Trap::Dart),
        Terrain::LockedDoor,
        Terrain::BarredDoor,
        Terrain::Ledge,
    ];

    /// How a tile of the level looks to someone who has found nothing hidden on it: a tile
    /// with an item is floor with the item drawn on it (the item is the map's occupant,
    /// not its ground); a secret door is wall and a trap floor until found.
    pub const fn of(tile: Tile) -> Terrain {
        match tile {
            Tile::Wall | Tile::SecretDoor => Terrain::Wall,
            Tile::Floor | Tile::Loot => Terrain::Floor,
            Tile::Door => Terrain::Door,
            Tile::UpStairs => Terrain::UpStairs,
            Tile::DownStairs => Terrain::DownStairs,
            Tile::ClosedDoor => Terrain::ClosedDoor,
            Tile::DeepWater => Terrain::DeepWater,
            Tile::ShallowWater => Terrain::ShallowWater,
            Tile::Lava => Terrain::Lava,
            Tile::Chasm => Terrain::Chasm,
            Tile::Bridge => Terrain::Bridge,
            Tile::AlarmTrap | Tile::TeleportTrap | Tile::PitTrap | Tile::DartTrap => Terrain::Floor,
            Tile::LockedDoor => Terrain::LockedDoor,
            Tile::BarredDoor => Terrain::BarredDoor,
            Tile::Ledge => Terrain::Ledge,
        }
    }

    /// How a tile looks to the player: as [`Terrain::of`], except that a trap the player
    /// has found shows as that trap.
    pub const fn known(tile: Tile, found: bool) -> Terrain {
        match tile.trap() {
            Some(trap) if found => Terrain::Trap(trap),
            _ => Terrain::of(tile),
        }
    }

    /// The ground in words, as the look command names it ("You, on the stairs down.").
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Wall => "a wall",
            Terrain::Floor => "floor",
            Terrain::Door => "a doorway",
            Terrain::UpStairs => "the stairs up",
            Terrain::DownStairs => "the stairs down",
            Terrain::ClosedDoor => "a closed door",
            Terrain::DeepWater => "deep water",
            Terrain::ShallowWater => "shallow water",
            Terrain::Lava => "lava",
            Terrain::Chasm => "a chasm",
            Terrain::Bridge => "a bridge",
            Terrain::Trap(trap) => trap.name(),
            Terrain::LockedDoor => "a locked door",
            Terrain::BarredDoor => "a barred door",
            Terrain::Ledge => "a ledge",
        }
    }
}

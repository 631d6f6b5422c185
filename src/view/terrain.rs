//! The ground of a tile as the player sees it. A new kind of terrain is added here — to
//! [`Terrain`], to what each level tile looks like ([`Terrain::of`]) and to its name —
//! and then the compiler points at the one picture the window gives it
//! (`front/render/tileset.rs`) and the one glyph and colour the terminal gives it
//! (`front/tui/draw.rs`).

use crate::base::grid::Tile;

/// The ground of a tile, as drawn: what lies or stands on it is drawn over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Solid rock.
    Wall,
    /// Open ground.
    Floor,
    /// A doorway.
    Door,
    /// The stairs up.
    UpStairs,
    /// The stairs down.
    DownStairs,
}

impl Terrain {
    /// How a tile of the level looks: a tile with an item is floor with the item drawn on
    /// it (the item is the map's occupant, not its ground).
    pub const fn of(tile: Tile) -> Terrain {
        match tile {
            Tile::Wall => Terrain::Wall,
            Tile::Floor | Tile::Loot => Terrain::Floor,
            Tile::Door => Terrain::Door,
            Tile::UpStairs => Terrain::UpStairs,
            Tile::DownStairs => Terrain::DownStairs,
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
        }
    }
}

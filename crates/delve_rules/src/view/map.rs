//! What the player sees at each tile of the map: a [`TileView`] a tile — never seen, or
//! seen lit or remembered; its [`Terrain`]; the player, a monster or an item drawn over
//! it; the look cursor — made from the run by [`map_view`]. The window and the terminal
//! draw these answers and nothing else, so they cannot disagree about what is where.
//!
//! The rules of sight, in one place: the player is always drawn, on top; a monster only
//! while its tile is in view (out of view it is not known to be there); an item wherever
//! the player has seen it lie, dim when remembered; while a cave is watched forming, only
//! the automaton's stage.

use std::collections::BTreeMap;

use super::Terrain;
use super::preview::{Mark, Marks};
use crate::run::{RunState, Sight};
use delve_levels::grid::{Grid, Pos};
use delve_levels::loot::Item;

/// How a seen tile is lit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Light {
    /// In view now: drawn bright.
    Lit,
    /// Seen before, out of view now: drawn dim, as it was seen.
    Remembered,
}

/// What is drawn over a tile's terrain: the top of what the player knows to be there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Occupant {
    /// The player.
    Player,
    /// A monster in view, by its monster-table glyph.
    Monster {
        /// Its glyph in the monster table.
        glyph: char,
        /// Whose side it is on: drawn in a colour of its own when not hostile.
        side: Side,
    },
    /// An item lying there, by its loot-table glyph.
    Item {
        /// Its glyph in the loot table.
        glyph: char,
    },
}

/// Whose side a monster in view is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Against the player.
    Hostile,
    /// The player's ally.
    Ally,
    /// A shackled captive, waiting to be set free.
    Captive,
}

impl Side {
    /// The side of a monster of `mind`.
    pub fn of(mind: delve_levels::monsters::Mind) -> Side {
        match mind {
            delve_levels::monsters::Mind::Ally => Side::Ally,
            delve_levels::monsters::Mind::Captive => Side::Captive,
            _ => Side::Hostile,
        }
    }
}

/// A tile the player has seen, as it is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeenTile {
    /// Its ground.
    pub terrain: Terrain,
    /// What is drawn over the ground, if anything.
    pub occupant: Option<Occupant>,
    /// Lit or remembered.
    pub light: Light,
}

/// What the player sees at one tile of the map: the answer both front ends draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileView {
    /// The tile as seen; `None` for a tile never seen (drawn dark).
    pub seen: Option<SeenTile>,
    /// What is marked over it (a cursor, the way travel would walk, the line of fire).
    pub mark: Option<Mark>,
}

impl TileView {
    /// A tile never seen, unmarked.
    pub const UNSEEN: TileView = TileView {
        seen: None,
        mark: None,
    };

    /// Whether a cursor is on it.
    pub fn has_cursor(self) -> bool {
        self.mark == Some(Mark::Cursor)
    }

    /// The one character that stands for it in text: the player `@`, a monster's or an
    /// item's glyph, else its ground's; a blank where never seen.
    pub fn glyph(self) -> char {
        match self.seen {
            None => ' ',
            Some(seen) => match seen.occupant {
                Some(Occupant::Player) => '@',
                Some(Occupant::Monster { glyph, .. }) | Some(Occupant::Item { glyph }) => glyph,
                None => seen.terrain.glyph(),
            },
        }
    }
}

/// Everything the player knows to be on a tile they have seen: the map draws the top of
/// it ([`Known::occupant`]), the look command names all of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Known {
    /// Its ground.
    pub terrain: Terrain,
    /// Lit or remembered.
    pub light: Light,
    /// The player stands there.
    pub player: bool,
    /// The monster seen there, by its index in the level's monsters.
    pub monster: Option<usize>,
    /// The item seen lying there.
    pub item: Option<Item>,
}

impl Known {
    /// What is drawn over the ground: the player over a monster over an item.
    fn occupant(&self, run: &RunState) -> Option<Occupant> {
        if self.player {
            return Some(Occupant::Player);
        }
        if let Some(index) = self.monster {
            let monster = &run.level().monsters[index];
            return Some(Occupant::Monster {
                glyph: run.campaign().monster_table().glyph(monster.kind),
                side: Side::of(monster.mind),
            });
        }
        self.item.map(|item| Occupant::Item {
            glyph: run.campaign().loot_table().glyph(item.kind),
        })
    }
}

/// The level's monsters and items by tile index (the first of each on a tile), looked
/// up once for a whole map.
struct Occupants {
    monsters: BTreeMap<usize, usize>,
    items: BTreeMap<usize, Item>,
}

impl Occupants {
    fn of(run: &RunState) -> Occupants {
        let tiles = &run.level().level.tiles;
        let index = |pos: Pos| tiles.contains(pos).then(|| tiles.index_of(pos));
        let mut monsters = BTreeMap::new();
        for (i, monster) in run.level().monsters.iter().enumerate() {
            if let Some(at) = index(monster.pos).filter(|_| run.shows_monster(monster)) {
                monsters.entry(at).or_insert(i);
            }
        }
        let mut items = BTreeMap::new();
        for item in &run.level().items {
            if let Some(at) = index(item.pos) {
                items.entry(at).or_insert(item.held());
            }
        }
        Occupants { monsters, items }
    }

    /// What the player knows of the tile of row-major index `index`; `None` if never
    /// seen.
    fn known(&self, run: &RunState, index: usize) -> Option<Known> {
        let (tile, sight) = run.shown(index);
        let tiles = &run.level().level.tiles;
        let found =
            tiles.contains(tiles.pos_of(index)) && run.level().has_found(tiles.pos_of(index));
        let terrain = Terrain::known(tile, found);
        if run.watch().is_some() {
            // The automaton's stage: nothing stands on it yet.
            return (sight != Sight::Unseen).then_some(Known {
                terrain,
                light: Light::Lit,
                player: false,
                monster: None,
                item: None,
            });
        }
        let player = run.level().level.tiles.pos_of(index) == run.player();
        let light = match sight {
            // Where the player stands is always seen.
            _ if player => Light::Lit,
            Sight::Unseen => return None,
            Sight::Remembered => Light::Remembered,
            Sight::Visible => Light::Lit,
        };
        Some(Known {
            terrain,
            light,
            player,
            monster: (light == Light::Lit)
                .then(|| self.monsters.get(&index).copied())
                .flatten(),
            item: self.items.get(&index).copied(),
        })
    }

    fn tile_view(&self, run: &RunState, index: usize, mark: Option<Mark>) -> TileView {
        TileView {
            seen: self.known(run, index).map(|known| SeenTile {
                terrain: known.terrain,
                occupant: known.occupant(run),
                light: known.light,
            }),
            mark,
        }
    }
}

/// The whole map as the player sees it, with `marks` over it (see
/// [`super::preview`]).
pub fn map_view(run: &RunState, marks: &Marks) -> Grid<TileView> {
    let tiles = &run.level().level.tiles;
    let occupants = Occupants::of(run);
    let mut view = Grid::new(tiles.width(), tiles.height(), TileView::UNSEEN);
    for (index, cell) in view.cells_mut().iter_mut().enumerate() {
        *cell = occupants.tile_view(run, index, None);
    }
    let marked = marks.cursor.iter().chain(&marks.route).chain(&marks.fire);
    for &pos in marked.chain(&marks.stop) {
        if tiles.contains(pos) {
            view[pos].mark = marks.at(pos);
        }
    }
    view
}

/// The tile at `pos` as the player sees it (`None` off the map): one tile of
/// [`map_view`].
pub fn tile_view(run: &RunState, pos: Pos, marks: &Marks) -> Option<TileView> {
    let tiles = &run.level().level.tiles;
    tiles
        .contains(pos)
        .then(|| Occupants::of(run).tile_view(run, tiles.index_of(pos), marks.at(pos)))
}

/// What the player knows to be at `pos`; `None` off the map or never seen.
pub(super) fn known_at(run: &RunState, pos: Pos) -> Option<Known> {
    let tiles = &run.level().level.tiles;
    tiles
        .contains(pos)
        .then(|| Occupants::of(run).known(run, tiles.index_of(pos)))
        .flatten()
}

#[cfg(test)]
mod tests;

//! The tileset: our own 16×16 pixel art (drawn by `assets/make_tileset.py`), embedded in
//! the binary so `delve play` runs from any folder, and which picture the window draws for
//! each answer of the view ([`tile_look`]): one for each terrain, item, monster and the
//! player. A new terrain gets its picture in [`terrain_picture`].

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageFormat, ImageSampler, ImageType};
use bevy::prelude::*;

use delve_rules::view::{Light, Occupant, Side, Terrain, TileView};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Tileset>();
}

/// Side of a tile in pixels (and in world units: one world unit is one tileset pixel).
pub(crate) const TILE_SIDE: u32 = 16;
/// Tiles per row of the tileset picture.
pub const COLUMNS: u32 = 8;
/// Rows of tiles in the tileset picture.
pub(crate) const ROWS: u32 = 12;

/// The tileset picture, `assets/tileset.png`.
const TILESET_PNG: &[u8] = include_bytes!("../../../../assets/tileset.png");

/// The player's picture.
pub(crate) const PLAYER: u32 = 6;
/// A cyclic dungeon's barred door: planks with a timber bar across (row 0's last picture,
/// its dim look below).
const BARRED_DOOR: u32 = 7;
/// A cyclic dungeon's ledge: a lit lip over a rock face falling away (row 10's first
/// picture, its dim look below).
const LEDGE: u32 = 10 * COLUMNS;
/// Added to a terrain index to get its dim, remembered look.
const DIM: u32 = COLUMNS;
/// A heap of treasure: an item of a glyph without a picture of its own.
const LOOT: u32 = 5;
/// The first item picture; items follow in the order of [`ITEM_GLYPHS`].
const FIRST_ITEM: u32 = 2 * COLUMNS;
/// The glyphs of the loot table that have their own picture, in tileset order.
const ITEM_GLYPHS: [char; 11] = ['$', '%', '!', '?', '=', '/', ')', '[', '"', '*', '('];
/// The first monster picture; monsters follow in the order of [`MONSTER_GLYPHS`], the
/// first [`MONSTERS_BEFORE_FEATURES`] of them here (rows 4 and 5), the rest from
/// [`MORE_MONSTERS`].
const FIRST_MONSTER: u32 = 4 * COLUMNS;
/// How many monster pictures fit between [`FIRST_MONSTER`] and [`FIRST_FEATURE`].
const MONSTERS_BEFORE_FEATURES: usize = (FIRST_FEATURE - FIRST_MONSTER) as usize;
/// Where the monster pictures go on once rows 4 and 5 are full: row 8, below the
/// features' bright and dim rows.
const MORE_MONSTERS: u32 = 8 * COLUMNS;
/// The first picture of the terrain the feature layer lays (closed door, deep and
/// shallow water, lava, chasm, bridge, trap, locked door); their dim looks are the row
/// below.
const FIRST_FEATURE: u32 = 6 * COLUMNS;
/// The glyphs of the monster table that have their own picture, in tileset order.
const MONSTER_GLYPHS: [char; 24] = [
    'r', 'j', 'w', 'k', 'g', 'b', 'O', 'W', 'T', 'H', 'm', 'e', 'a', 'c', 'C', '|', 'p', 'B', 'S',
    'Z', 'A', 'o', 'G', 'D',
];
/// The position in [`MONSTER_GLYPHS`] of the horror, whose picture shows a monster of a
/// glyph without one of its own.
const HORROR: usize = glyph_position('H');

/// The position of `glyph` in [`MONSTER_GLYPHS`], found while compiling: a glyph not in
/// the list stops the build.
const fn glyph_position(glyph: char) -> usize {
    let mut i = 0;
    while i < MONSTER_GLYPHS.len() {
        if MONSTER_GLYPHS[i] == glyph {
            return i;
        }
        i += 1;
    }
    panic!("the glyph has no picture");
}

/// The tileset image and its atlas layout, for the tilemap and for sprites.
#[derive(Resource, Clone, Debug)]
pub struct Tileset {
    /// The whole tileset picture.
    pub image: Handle<Image>,
    /// Its 16×16 grid, for sprites.
    pub layout: Handle<TextureAtlasLayout>,
}

/// The embedded tileset picture as an image.
fn decode_tileset() -> Result<Image, bevy::image::TextureError> {
    Image::from_buffer(
        TILESET_PNG,
        ImageType::Format(ImageFormat::Png),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::Default,
        RenderAssetUsages::default(),
    )
}

impl FromWorld for Tileset {
    fn from_world(world: &mut World) -> Self {
        // The picture is part of the build: if it does not decode, the build is broken.
        let image = decode_tileset()
            .unwrap_or_else(|e| panic!("the embedded assets/tileset.png does not decode: {e}"));
        let image = world.resource_mut::<Assets<Image>>().add(image);
        let layout =
            TextureAtlasLayout::from_grid(UVec2::splat(TILE_SIDE), COLUMNS, ROWS, None, None);
        let layout = world
            .resource_mut::<Assets<TextureAtlasLayout>>()
            .add(layout);
        Tileset { image, layout }
    }
}

impl Tileset {
    /// A sprite showing tileset picture `index`.
    pub fn sprite(&self, index: u32) -> Sprite {
        Sprite::from_atlas_image(
            self.image.clone(),
            TextureAtlas {
                layout: self.layout.clone(),
                index: index as usize,
            },
        )
    }
}

/// How the window draws a tile the view answered for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TileLook {
    /// The terrain's picture (dim when remembered); `None` for a tile never seen.
    pub ground: Option<u32>,
    /// The picture drawn over the terrain (the player, a monster, an item), if any.
    pub over: Option<u32>,
    /// Remembered, not in view: what is drawn over the terrain is tinted dim too.
    pub dim: bool,
    /// Whose side the monster drawn over the terrain is on (tinted when not hostile).
    pub side: Side,
}

/// The window's look of a tile as the view sees it (the look cursor, a sprite of its
/// own, is not part of it).
pub(crate) fn tile_look(tile: TileView) -> TileLook {
    let Some(seen) = tile.seen else {
        return TileLook {
            ground: None,
            over: None,
            dim: false,
            side: Side::Hostile,
        };
    };
    let dim = seen.light == Light::Remembered;
    let ground = terrain_picture(seen.terrain) + if dim { DIM } else { 0 };
    TileLook {
        ground: Some(ground),
        over: seen.occupant.map(occupant_picture),
        dim,
        side: match seen.occupant {
            Some(Occupant::Monster { side, .. }) => side,
            _ => Side::Hostile,
        },
    }
}

/// The bright picture of each terrain (its dim one is a row below). A new terrain gets its
/// picture here.
pub(crate) fn terrain_picture(terrain: Terrain) -> u32 {
    match terrain {
        Terrain::Wall => 0,
        Terrain::Floor => 1,
        Terrain::Door => 2,
        Terrain::UpStairs => 3,
        Terrain::DownStairs => 4,
        Terrain::ClosedDoor => FIRST_FEATURE,
        Terrain::DeepWater => FIRST_FEATURE + 1,
        Terrain::ShallowWater => FIRST_FEATURE + 2,
        Terrain::Lava => FIRST_FEATURE + 3,
        Terrain::Chasm => FIRST_FEATURE + 4,
        Terrain::Bridge => FIRST_FEATURE + 5,
        Terrain::Trap(_) => FIRST_FEATURE + 6,
        Terrain::LockedDoor => FIRST_FEATURE + 7,
        Terrain::BarredDoor => BARRED_DOOR,
        Terrain::Ledge => LEDGE,
    }
}

/// The picture of what stands or lies on a tile.
pub(crate) fn occupant_picture(occupant: Occupant) -> u32 {
    match occupant {
        Occupant::Player => PLAYER,
        Occupant::Monster { glyph, .. } => monster_index(glyph),
        Occupant::Item { glyph } => item_index(glyph),
    }
}

/// The picture of an item with this loot-table glyph.
pub(crate) fn item_index(glyph: char) -> u32 {
    ITEM_GLYPHS
        .iter()
        .position(|&g| g == glyph)
        .map_or(LOOT, |i| FIRST_ITEM + i as u32)
}

/// The picture of a monster with this monster-table glyph (a table of one's own may
/// use others: they show as the horror).
pub(crate) fn monster_index(glyph: char) -> u32 {
    let i = MONSTER_GLYPHS
        .iter()
        .position(|&g| g == glyph)
        .unwrap_or(HORROR);
    if i < MONSTERS_BEFORE_FEATURES {
        FIRST_MONSTER + i as u32
    } else {
        MORE_MONSTERS + (i - MONSTERS_BEFORE_FEATURES) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_monster_of_the_embedded_table_has_its_own_picture() {
        let table = delve_levels::monsters::default_monster_table();
        let mut pictures = std::collections::BTreeSet::new();
        for kind in table.kinds() {
            assert!(MONSTER_GLYPHS.contains(&kind.glyph), "{}", kind.name);
            let index = monster_index(kind.glyph);
            assert!(index < COLUMNS * ROWS);
            assert!(pictures.insert(index));
        }
    }

    #[test]
    fn every_picture_lies_inside_the_tileset() {
        let last = COLUMNS * ROWS;
        let mut pictures = std::collections::BTreeSet::new();
        for terrain in Terrain::ALL {
            for light in [Light::Lit, Light::Remembered] {
                let seen = delve_rules::view::SeenTile {
                    terrain,
                    occupant: None,
                    light,
                };
                let look = tile_look(TileView {
                    seen: Some(seen),
                    mark: None,
                });
                assert!(
                    look.ground.is_some_and(|i| i < last),
                    "{terrain:?} {light:?}"
                );
                pictures.insert(look.ground);
            }
        }
        // Each terrain its own bright and dim picture (the traps share theirs).
        assert_eq!(pictures.len(), 2 * (Terrain::ALL.len() - 3));
        assert_eq!(tile_look(TileView::UNSEEN).ground, None);
        for glyph in ITEM_GLYPHS.into_iter().chain(['x']) {
            assert!(item_index(glyph) < last);
        }
        assert!(PLAYER < last);
    }

    #[test]
    fn a_remembered_tile_is_dim_and_what_lies_on_it_is_tinted() {
        let seen = delve_rules::view::SeenTile {
            terrain: Terrain::Floor,
            occupant: Some(Occupant::Item { glyph: '!' }),
            light: Light::Remembered,
        };
        let look = tile_look(TileView {
            seen: Some(seen),
            mark: None,
        });
        assert_eq!(look.ground, Some(terrain_picture(Terrain::Floor) + DIM));
        assert_eq!(look.over, Some(item_index('!')));
        assert!(look.dim);
        let lit = tile_look(TileView {
            seen: Some(delve_rules::view::SeenTile {
                light: Light::Lit,
                occupant: Some(Occupant::Player),
                ..seen
            }),
            mark: Some(delve_rules::view::Mark::Cursor),
        });
        assert_eq!(lit.ground, Some(terrain_picture(Terrain::Floor)));
        assert_eq!(lit.over, Some(PLAYER), "the player over the floor");
        assert!(!lit.dim);
    }

    #[test]
    fn every_glyph_of_the_default_loot_table_has_its_own_picture() {
        for item in delve_levels::loot::default_loot_table().items() {
            assert_ne!(
                item_index(item.glyph),
                LOOT,
                "{} ({}) has no picture",
                item.name,
                item.glyph
            );
        }
    }

    #[test]
    fn monster_pictures_go_round_the_features_and_a_strange_glyph_shows_the_horror() {
        assert_eq!(monster_index('r'), FIRST_MONSTER);
        assert_eq!(
            monster_index('|'),
            FIRST_FEATURE - 1,
            "the last of rows 4 and 5"
        );
        assert_eq!(monster_index('p'), MORE_MONSTERS, "the first of row 8");
        assert_eq!(monster_index('D'), MORE_MONSTERS + COLUMNS - 1);
        for glyph in MONSTER_GLYPHS {
            let index = monster_index(glyph);
            assert!(index < COLUMNS * ROWS, "{glyph}");
            assert!(!(FIRST_FEATURE..MORE_MONSTERS).contains(&index), "{glyph}");
        }
        assert_eq!(MONSTER_GLYPHS[HORROR], 'H');
        assert_eq!(monster_index('H'), FIRST_MONSTER + 9);
        assert_eq!(monster_index('\u{263a}'), monster_index('H'));
    }

    /// The RGBA bytes of tileset picture `index`, row by row.
    fn picture_pixels(image: &Image, index: u32) -> Vec<u8> {
        let data = image.data.as_ref().expect("the tileset's pixels");
        let (side, row_bytes) = (TILE_SIDE as usize, (COLUMNS * TILE_SIDE * 4) as usize);
        let (column, row) = ((index % COLUMNS) as usize, (index / COLUMNS) as usize);
        (0..side)
            .flat_map(|y| {
                let start = (row * side + y) * row_bytes + column * side * 4;
                data[start..start + side * 4].iter().copied()
            })
            .collect()
    }

    #[test]
    fn the_barred_door_and_the_ledge_have_drawn_pictures_of_their_own_bright_and_dim() {
        let image = decode_tileset().expect("tileset decodes");
        for terrain in [Terrain::BarredDoor, Terrain::Ledge] {
            for dim in [0, DIM] {
                let own = picture_pixels(&image, terrain_picture(terrain) + dim);
                assert!(
                    own.chunks(4).all(|p| p[3] == 255),
                    "{terrain:?}: terrain is opaque, not a blank cell"
                );
                for other in Terrain::ALL.into_iter().filter(|&t| t != terrain) {
                    let pixels = picture_pixels(&image, terrain_picture(other) + dim);
                    assert_ne!(own, pixels, "{terrain:?} and {other:?} (dim {dim})");
                }
            }
        }
    }

    #[test]
    fn the_embedded_tileset_has_the_expected_size() {
        let image = decode_tileset().expect("tileset decodes");
        assert_eq!(
            image.size(),
            UVec2::new(COLUMNS * TILE_SIDE, ROWS * TILE_SIDE)
        );
        assert_eq!(
            image.size(),
            UVec2::new(128, 192),
            "8 by 12 tiles of 16 pixels"
        );
    }
}

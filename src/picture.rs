//! Pictures of levels: a PNG with one colour per tile kind, a few pixels per tile, and
//! each vault's box outlined in its category's colour.

use std::io::Write;

use delve_levels::grid::{Grid, Pos, Tile};
use delve_levels::vaults::{Category, PlacedVault};

/// Largest picture side in pixels that [`write_png`] will make.
pub const MAX_SIDE: u32 = 16_384;

/// The colour of each tile kind in pictures (RGB).
pub const fn tile_colour(tile: Tile) -> [u8; 3] {
    match tile {
        Tile::Wall => [0x2b, 0x26, 0x30],
        Tile::Floor => [0xc9, 0xbf, 0xa8],
        Tile::Door => [0x9a, 0x5b, 0x2e],
        Tile::UpStairs => [0x3f, 0xb8, 0x5c],
        Tile::DownStairs => [0xd8, 0x3c, 0x3c],
        Tile::Loot => [0xf2, 0xc3, 0x1b],
        Tile::ClosedDoor => [0x6e, 0x3f, 0x1e],
        Tile::SecretDoor => [0xb0, 0x4f, 0xc8],
        Tile::LockedDoor => [0xf0, 0xc0, 0x20],
        Tile::BarredDoor => [0xc0, 0x80, 0x20],
        Tile::Ledge => [0xc8, 0xa0, 0x78],
        Tile::DeepWater => [0x1f, 0x4e, 0xa8],
        Tile::ShallowWater => [0x6f, 0xa8, 0xdc],
        Tile::Lava => [0xf0, 0x6a, 0x10],
        Tile::Chasm => [0x4a, 0x3a, 0x9c],
        Tile::Bridge => [0x8a, 0x6d, 0x4a],
        Tile::AlarmTrap | Tile::TeleportTrap | Tile::PitTrap | Tile::DartTrap => [0xe8, 0x3a, 0xb0],
    }
}

/// The colour a vault of `category` is outlined in (RGB): none is a tile's colour.
pub(crate) const fn vault_colour(category: Category) -> [u8; 3] {
    match category {
        Category::Reward => [0x00, 0xe5, 0xff],
        Category::Lock => [0xff, 0xff, 0xff],
        Category::Flavour => [0x76, 0xff, 0x03],
        Category::Ambush => [0xff, 0x10, 0x10],
    }
}

/// A box drawn round a part of a picture: its top-left tile, its size in tiles and its
/// colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outline {
    /// The top-left tile of the box.
    pub origin: Pos,
    /// Tiles across and down.
    pub size: (u32, u32),
    /// Its colour (RGB).
    pub colour: [u8; 3],
}

impl Outline {
    /// The outline of a placed vault's box, in its category's colour.
    pub fn of_vault(vault: &PlacedVault) -> Outline {
        Outline {
            origin: vault.origin,
            size: vault.size,
            colour: vault_colour(vault.category),
        }
    }
}

/// Writes `tiles` as a PNG, `scale` pixels per tile side.
pub fn write_png<W: Write>(
    tiles: &Grid<Tile>,
    scale: u32,
    out: W,
) -> Result<(), png::EncodingError> {
    write_png_outlined(tiles, scale, &[], out)
}

/// [`write_png`] with a one-pixel line drawn along the inside of each box of `outlines`.
pub fn write_png_outlined<W: Write>(
    tiles: &Grid<Tile>,
    scale: u32,
    outlines: &[Outline],
    out: W,
) -> Result<(), png::EncodingError> {
    let scale = scale.max(1) as usize;
    let (w, h) = (tiles.width() * scale, tiles.height() * scale);
    let mut data = Vec::with_capacity(w * h * 3);
    let mut line = Vec::with_capacity(w * 3);
    for y in 0..tiles.height() {
        line.clear();
        for &t in tiles.row(y) {
            let c = tile_colour(t);
            for _ in 0..scale {
                line.extend_from_slice(&c);
            }
        }
        for _ in 0..scale {
            data.extend_from_slice(&line);
        }
    }
    for outline in outlines {
        for (x, y) in outline_pixels(outline, scale, (w, h)) {
            data[(y * w + x) * 3..][..3].copy_from_slice(&outline.colour);
        }
    }
    write_rgb_png(w as u32, h as u32, &data, out)
}

/// The pixels of `outline`'s line in a `size` picture of `scale` pixels a tile: the
/// edge of its box, clipped to the picture.
pub fn outline_pixels(
    outline: &Outline,
    scale: usize,
    size: (usize, usize),
) -> impl Iterator<Item = (usize, usize)> {
    let to_pixel = |tile: i64| (tile.max(0) as usize * scale).min(size.0.max(size.1));
    let (x0, y0) = (
        to_pixel(i64::from(outline.origin.x)),
        to_pixel(i64::from(outline.origin.y)),
    );
    let x1 = (to_pixel(i64::from(outline.origin.x) + i64::from(outline.size.0))).min(size.0);
    let y1 = (to_pixel(i64::from(outline.origin.y) + i64::from(outline.size.1))).min(size.1);
    (y0..y1).flat_map(move |y| {
        (x0..x1).filter_map(move |x| {
            let edge = x == x0 || y == y0 || x + 1 == x1 || y + 1 == y1;
            edge.then_some((x, y))
        })
    })
}

/// Writes `width` × `height` RGB pixels (row by row, three bytes each) as a PNG.
pub(crate) fn write_rgb_png<W: Write>(
    width: u32,
    height: u32,
    rgb: &[u8],
    out: W,
) -> Result<(), png::EncodingError> {
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(rgb)?;
    writer.finish()
}

//! Pictures of levels: a PNG with one colour per tile kind, a few pixels per tile.

use std::io::Write;

use crate::base::grid::{Grid, Tile};

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
        Tile::DeepWater => [0x1f, 0x4e, 0xa8],
        Tile::ShallowWater => [0x6f, 0xa8, 0xdc],
        Tile::Lava => [0xf0, 0x6a, 0x10],
        Tile::Chasm => [0x4a, 0x3a, 0x9c],
        Tile::Bridge => [0x8a, 0x6d, 0x4a],
        Tile::AlarmTrap | Tile::TeleportTrap | Tile::PitTrap | Tile::DartTrap => [0xe8, 0x3a, 0xb0],
    }
}

/// Writes `tiles` as a PNG, `scale` pixels per tile side.
pub fn write_png<W: Write>(
    tiles: &Grid<Tile>,
    scale: u32,
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
    write_rgb_png(w as u32, h as u32, &data, out)
}

/// Writes `width` × `height` RGB pixels (row by row, three bytes each) as a PNG.
pub fn write_rgb_png<W: Write>(
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

//! Stair placement: both stairs on floor whose whole radius is clear of walls, in the
//! main region, far apart; chambers are carved where the shape gives no such spot.

mod chamber;
mod line_bits;
mod waves;

use crate::analysis::distances::{UNREACHABLE, walking_distances};
use crate::analysis::regions::RunRegions;
use crate::analysis::wall_bits::WallBits;
use crate::grid::{Grid, Pos, Tile};
use crate::rng::StreamRng;
use chamber::{carve_chamber, carve_down_chamber, chamber_fits};
use waves::Waves;

/// Where the stairs went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stairs {
    /// Up stairs (the player's start).
    pub up: Pos,
    /// Down stairs.
    pub down: Pos,
    /// Walking distance between them in orthogonal steps.
    pub distance: u32,
    /// Chambers carved (0–2).
    pub carved_chambers: u32,
}

/// Why a layout got no stairs: the reason it was thrown away (vetoed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StairVeto {
    /// The map is too small for a chamber of the clearance.
    TooSmall,
    /// The layout has no walkable tile.
    NoFloor,
    /// No tile of the main region has the clear radius for the up stairs.
    NoClearSpotForUp,
    /// No clear spot lies at least half the longest walk from the up stairs.
    NoFarClearSpotForDown,
}

impl StairVeto {
    /// Every reason, in the order tables list them.
    pub const ALL: [StairVeto; 4] = [
        StairVeto::NoClearSpotForUp,
        StairVeto::NoFarClearSpotForDown,
        StairVeto::NoFloor,
        StairVeto::TooSmall,
    ];
}

impl std::fmt::Display for StairVeto {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StairVeto::TooSmall => "too small for a stair chamber",
            StairVeto::NoFloor => "no floor at all",
            StairVeto::NoClearSpotForUp => "no spot clear of walls for the up stairs",
            StairVeto::NoFarClearSpotForDown => {
                "no clear spot for the down stairs half the longest walk away"
            }
        })
    }
}

/// Chooses both stairs on `tiles` (not yet drawn in). Fails with the reason when no spot
/// with the clear radius exists and `carve` is false.
///
/// A spot is *clear* when every tile within Chebyshev radius `clearance` of it (the
/// `(2r+1)²` square) is walkable, that square lies inside the border ring, and the spot
/// is in the main region (the largest 4-connected walkable region; ties go to the one
/// whose first tile comes first in row-major order).
///
/// - **Up**, by a double sweep: a random tile of the main region is drawn from `rng`
///   (the only draw), and up is the clear spot farthest from it by walking distance.
/// - **Down** is the clear spot farthest from up, and it must be at least half the
///   largest walking distance from the up stairs: `2·distance(up, down) ≥ ecc(up)`,
///   where `ecc(up)` is the largest walking distance from up to any reachable tile.
///
/// Ties go to the lowest row-major index. When up has no clear spot, or no clear spot
/// meets the rule for down, and `carve` is true, a *chamber* is carved: every tile of
/// the square around a main-region tile becomes [`Tile::Floor`]. For up it is the tile
/// farthest from the random start whose square fits inside the border ring; for down
/// it is the farthest tile from up whose chamber still meets the distance rule once
/// carved. A chamber touches the main region, so no new region ever appears. It also
/// fails ([`StairVeto::TooSmall`]) when not even a chamber can meet the rule (a level too
/// small for its clearance); `tiles` is then left with at most the up chamber carved.
pub fn place_stairs(
    tiles: &mut Grid<Tile>,
    clearance: u32,
    carve: bool,
    rng: &mut StreamRng,
) -> Result<Stairs, StairVeto> {
    let r = clearance as usize;
    let (width, height) = (tiles.width(), tiles.height());
    if width < 2 * r + 3 || height < 2 * r + 3 {
        return Err(StairVeto::TooSmall);
    }
    let mut carved_chambers = 0;
    let mut walls = WallBits::from_tiles(tiles);
    let regions = RunRegions::of_walls(&walls);
    let start = match regions.largest() {
        Some(main) => {
            let pick = rng.below(regions.sizes()[main as usize]);
            regions.nth_tile(main, pick).ok_or(StairVeto::NoFloor)?
        }
        None if carve => {
            // Nothing walkable at all: open a chamber in the middle to start from.
            let centre = (height / 2) * width + width / 2;
            carve_chamber(tiles, centre, r);
            carved_chambers += 1;
            walls = WallBits::from_tiles(tiles);
            centre
        }
        None => return Err(StairVeto::NoFloor),
    };
    let fits = |i: usize| chamber_fits(width, height, i, r);
    let mut waves = Waves::new(&walls, r);
    let up = match waves.search(tiles, start, true).farthest_clear {
        Some((_, up)) => up,
        None if carve => {
            let from_start = walking_distances(tiles, tiles.pos_of(start));
            let up = farthest(&from_start, fits).ok_or(StairVeto::TooSmall)?;
            carve_chamber(tiles, up, r);
            carved_chambers += 1;
            waves = Waves::new(&WallBits::from_tiles(tiles), r);
            up
        }
        None => return Err(StairVeto::NoClearSpotForUp),
    };
    let from_up = waves.search(tiles, up, false);
    let (down, distance) = match from_up.farthest_clear {
        Some((distance, down)) if distance * 2 >= from_up.eccentricity => (down, distance),
        _ if carve => {
            let mut distances = walking_distances(tiles, tiles.pos_of(up));
            let mut eccentricity = from_up.eccentricity;
            let down = carve_down_chamber(tiles, &mut distances, &mut eccentricity, up, r)
                .ok_or(StairVeto::TooSmall)?;
            carved_chambers += 1;
            (down, distances[down])
        }
        _ => return Err(StairVeto::NoFarClearSpotForDown),
    };
    Ok(Stairs {
        up: tiles.pos_of(up),
        down: tiles.pos_of(down),
        distance,
        carved_chambers,
    })
}

/// The stairs at the places a kind planned for them (a cyclic dungeon's entrance and goal
/// rooms), if both are clear (every tile within `clearance` walkable, the square inside
/// the border ring) and joined on foot; else the reason the layout is thrown away.
pub(crate) fn place_planned(
    tiles: &Grid<Tile>,
    up: Pos,
    down: Pos,
    clearance: u32,
) -> Result<Stairs, StairVeto> {
    let r = clearance as i32;
    let clear = |at: Pos| {
        (-r..=r).all(|dy| {
            (-r..=r).all(|dx| {
                let p = at.offset(dx, dy);
                tiles.is_walkable(p) && !tiles.is_border(p)
            })
        })
    };
    if !clear(up) {
        return Err(StairVeto::NoClearSpotForUp);
    }
    let distance = walking_distances(tiles, up)[tiles.index_of(down)];
    if !clear(down) || distance == UNREACHABLE {
        return Err(StairVeto::NoFarClearSpotForDown);
    }
    Ok(Stairs {
        up,
        down,
        distance,
        carved_chambers: 0,
    })
}

/// The index with the largest finite distance among those `eligible` (ties: lowest).
fn farthest(distance: &[u32], eligible: impl Fn(usize) -> bool) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, &d) in distance.iter().enumerate() {
        if d != UNREACHABLE && best.is_none_or(|b| d > distance[b]) && eligible(i) {
            best = Some(i);
        }
    }
    best
}

/// The largest finite distance (0 when nothing is reachable).
fn largest_finite(distance: &[u32]) -> u32 {
    distance
        .iter()
        .copied()
        .filter(|&d| d != UNREACHABLE)
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::regions::Regions;
    use crate::rng::Stream;

    fn rng() -> StreamRng {
        StreamRng::new(11, Stream::Layout)
    }

    fn is_clear(tiles: &Grid<Tile>, at: Pos, r: i32) -> bool {
        (-r..=r).all(|dy| {
            (-r..=r).all(|dx| {
                tiles.is_walkable(at.offset(dx, dy)) && !tiles.is_border(at.offset(dx, dy))
            })
        })
    }

    #[test]
    fn open_room_gets_far_apart_stairs_without_carving() {
        let mut tiles = Grid::new(30, 12, Tile::Wall);
        for y in 1..11 {
            for x in 1..29 {
                tiles.set(Pos::new(x, y), Tile::Floor);
            }
        }
        let before = tiles.clone();
        let stairs = place_stairs(&mut tiles, 2, false, &mut rng()).expect("room has space");
        assert_eq!(tiles, before);
        assert_eq!(stairs.carved_chambers, 0);
        assert!(is_clear(&tiles, stairs.up, 2) && is_clear(&tiles, stairs.down, 2));
        assert_eq!(stairs.up.manhattan(stairs.down) as u32, stairs.distance);
        assert!(stairs.distance >= 20);
    }

    #[test]
    fn corridor_needs_carving_and_gets_two_chambers() {
        let mut tiles = Grid::new(40, 12, Tile::Wall);
        for x in 1..39 {
            tiles.set(Pos::new(x, 6), Tile::Floor);
        }
        assert_eq!(
            place_stairs(&mut tiles.clone(), 2, false, &mut rng()),
            Err(StairVeto::NoClearSpotForUp)
        );
        let stairs = place_stairs(&mut tiles, 2, true, &mut rng()).expect("carving makes room");
        assert_eq!(stairs.carved_chambers, 2);
        assert!(is_clear(&tiles, stairs.up, 2) && is_clear(&tiles, stairs.down, 2));
        assert_eq!(Regions::of(&tiles).count(), 1);
        let eccentricity = largest_finite(&walking_distances(&tiles, stairs.up));
        assert!(stairs.distance * 2 >= eccentricity);
    }

    #[test]
    fn stairs_never_go_into_a_pocket() {
        // A big cave on the left and a small clear pocket on the right.
        let mut tiles = Grid::new(40, 14, Tile::Wall);
        for y in 1..13 {
            for x in 1..25 {
                tiles.set(Pos::new(x, y), Tile::Floor);
            }
            for x in 30..39 {
                if y < 8 {
                    tiles.set(Pos::new(x, y), Tile::Floor);
                }
            }
        }
        for seed in 0..20 {
            let stairs = place_stairs(
                &mut tiles.clone(),
                1,
                false,
                &mut StreamRng::new(seed, Stream::Layout),
            )
            .expect("main cave has room");
            assert!(
                stairs.up.x < 25 && stairs.down.x < 25,
                "seed {seed}: {stairs:?}"
            );
        }
    }

    #[test]
    fn nothing_walkable_carves_or_gives_up() {
        let mut tiles = Grid::new(20, 20, Tile::Wall);
        assert!(place_stairs(&mut tiles.clone(), 1, false, &mut rng()).is_err());
        let stairs = place_stairs(&mut tiles, 1, true, &mut rng()).expect("a chamber is carved");
        assert!(is_clear(&tiles, stairs.up, 1) && is_clear(&tiles, stairs.down, 1));
        assert_eq!(Regions::of(&tiles).count(), 1);
        let mut tiny = Grid::new(7, 7, Tile::Floor);
        assert_eq!(
            place_stairs(&mut tiny, 3, true, &mut rng()),
            Err(StairVeto::TooSmall)
        );
    }
}

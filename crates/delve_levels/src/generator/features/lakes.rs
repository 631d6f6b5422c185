//! Lakes and bridges: a lake is a blob grown by a small cellular automaton (Brogue's
//! `designLakes` draws its lakes so too), laid where it covers enough floor and leaves
//! every walkable tile reachable from the up stairs (and the walkable ground beside a
//! secret door, a trap or a locked door of a cyclic dungeon's plan); a deep-water lake gets a ring of
//! shallow water on the floor round it. Bridges then cross chasms where the walk round is
//! long (Brogue's `buildABridge`).

use super::reach::Reach;
use super::{FeatureVeto, Stairs};
use crate::analysis::wall_bits::WallBits;
use crate::grid::{Grid, KING, ORTHOGONAL, Pos, Tile};
use crate::rng::StreamRng;

/// Places a lake is tried before it is given up.
const LAKE_TRIES: u32 = 8;
/// Fewest floor tiles a lake must cover (else it would lie in rock).
const MIN_LAKE_FLOOR: usize = 6;
/// Fewest chasm tiles a bridge spans.
pub const MIN_BRIDGE_SPAN: usize = 3;
/// Fewest steps a bridge must save over the walk round.
pub const MIN_BRIDGE_SAVING: u32 = 12;
/// Most bridges a level gets.
const MAX_BRIDGES: u32 = 3;
/// Most bridge sites measured (each a walk as long as the span makes worth it) before
/// giving up.
const BRIDGE_SITES_TRIED: usize = 12;

/// Tries to lay one lake of `deep` terrain; on refusal the tiles are as they were.
pub(super) fn lay_lake(
    tiles: &mut Grid<Tile>,
    stairs: Stairs,
    deep: Tile,
    reach: &mut Reach,
    rng: &mut StreamRng,
) -> Result<(), FeatureVeto> {
    let (width, height) = (tiles.width() as i32, tiles.height() as i32);
    let most_w = (width / 3).min(18);
    let most_h = (height / 3).min(12);
    if most_w < 5 || most_h < 4 {
        return Err(FeatureVeto::LakeNoRoom);
    }
    // The lake is drawn once and tried at several places (as Brogue's `designLakes`).
    let (w, h) = (
        rng.range_inclusive(5, most_w),
        rng.range_inclusive(4, most_h),
    );
    let shape: Vec<(i32, i32)> = {
        let open = blob(w, h, rng);
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| open[(y * w + x) as usize])
            .collect()
    };
    let mut veto = FeatureVeto::LakeInRock;
    let mut cells = Vec::with_capacity(shape.len());
    let mut changed: Vec<(Pos, Tile)> = Vec::with_capacity(2 * shape.len());
    let mut shore = Vec::new();
    for _ in 0..LAKE_TRIES {
        let origin = Pos::new(
            rng.range_inclusive(1, width - 1 - w),
            rng.range_inclusive(1, height - 1 - h),
        );
        cells.clear();
        cells.extend(
            shape
                .iter()
                .map(|&(x, y)| origin.offset(x, y))
                .filter(|&p| {
                    !tiles.is_border(p)
                        && !stairs.guards(p)
                        && matches!(
                            tiles[p],
                            Tile::Wall | Tile::Floor | Tile::Door | Tile::ShallowWater
                        )
                        && !beside_hidden_way(tiles, p)
                }),
        );
        let floor = cells.iter().filter(|&&p| tiles[p].is_walkable()).count();
        if floor < MIN_LAKE_FLOOR {
            continue;
        }
        changed.clear();
        changed.extend(cells.iter().map(|&p| (p, tiles[p])));
        for &p in &cells {
            tiles[p] = deep;
        }
        if deep == Tile::DeepWater {
            for &p in &cells {
                for (dx, dy) in KING {
                    let shore = p.offset(dx, dy);
                    if matches!(tiles.get(shore), Some(Tile::Floor)) && !stairs.guards(shore) {
                        changed.push((shore, Tile::Floor));
                        tiles[shore] = Tile::ShallowWater;
                    }
                }
            }
        }
        // The walkable tiles beside the ground the lake covered: if they are still
        // joined, nothing was cut off (see `reach.rs`).
        shore.clear();
        for &(p, was) in &changed {
            if was.is_walkable() && tiles[p] == deep {
                shore.extend(
                    tiles
                        .neighbours4(p)
                        .filter(|&n| tiles[n].is_walkable())
                        .map(|n| tiles.index_of(n)),
                );
            }
        }
        if reach.joined(tiles, &shore) {
            return Ok(());
        }
        veto = FeatureVeto::LakeCutsOff;
        for &(p, tile) in changed.iter().rev() {
            tiles[p] = tile;
        }
    }
    Err(veto)
}

/// Whether `p` is beside ground that is passable but not walkable — a secret door, a
/// trap, a locked door, which only a cyclic dungeon's layout has before its lakes: a lake
/// leaves the walkable ground on each side of such a tile, so that the check of its
/// shore sees whether it cut the way through it off.
fn beside_hidden_way(tiles: &Grid<Tile>, p: Pos) -> bool {
    tiles.neighbours4(p).any(|n| {
        let tile = tiles[n];
        tile.is_passable_once_unlocked() && !tile.is_walkable()
    })
}

/// A `w` × `h` blob: an ellipse filled at random, then four passes of the cave
/// automaton's 4-5 rule with the lake as its floor (a cell joins with five lake
/// neighbours, stays with four; outside the box is rock).
fn blob(w: i32, h: i32, rng: &mut StreamRng) -> Vec<bool> {
    let rock = WallBits::from_fn(w as usize, h as usize, |x, y| {
        // Inside the ellipse through the box's sides, in whole numbers.
        let (dx, dy) = (2 * x as i32 + 1 - w, 2 * y as i32 + 1 - h);
        let inside = dx * dx * h * h + dy * dy * w * w <= w * w * h * h;
        !(inside && rng.chance_percent(65))
    });
    rock.steps(4)
        .to_grid()
        .cells()
        .iter()
        .map(|&r| !r)
        .collect()
}

/// A straight run of chasm with walkable ground at both ends: where a bridge could go.
#[derive(Clone, Copy, Debug)]
struct Site {
    /// The walkable tile before the first chasm tile.
    from: Pos,
    /// The step along the span.
    step: (i32, i32),
    /// Chasm tiles spanned.
    span: usize,
}

impl Site {
    fn end(&self) -> Pos {
        let n = self.span as i32 + 1;
        self.from.offset(self.step.0 * n, self.step.1 * n)
    }

    fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        (1..=self.span as i32).map(|i| self.from.offset(self.step.0 * i, self.step.1 * i))
    }
}

/// Builds bridges over chasms where one saves a long walk; returns how many.
pub(super) fn build_bridges(tiles: &mut Grid<Tile>, reach: &mut Reach, rng: &mut StreamRng) -> u32 {
    if !tiles.cells().contains(&Tile::Chasm) {
        return 0;
    }
    let mut sites = bridge_sites(tiles);
    rng.shuffle(&mut sites);
    let mut built = 0;
    for site in sites.into_iter().take(BRIDGE_SITES_TRIED) {
        if built == MAX_BRIDGES {
            break;
        }
        // An earlier bridge may have crossed this one, or run beside it (a second
        // bridge alongside is never worth it, and would hide the chasm under both).
        let beside_a_bridge = |p: Pos| tiles.neighbours8(p).any(|n| tiles[n] == Tile::Bridge);
        if !site
            .cells()
            .all(|p| tiles[p] == Tile::Chasm && !beside_a_bridge(p))
        {
            continue;
        }
        // Worth building where the walk round is at least this long (or there is none).
        let across = site.span as u32 + 1;
        let long = (3 * across).max(across + MIN_BRIDGE_SAVING);
        let (from, end) = (tiles.index_of(site.from), tiles.index_of(site.end()));
        if reach.distance_within(tiles, from, end, long - 1).is_none() {
            for p in site.cells().collect::<Vec<_>>() {
                tiles[p] = Tile::Bridge;
            }
            built += 1;
        }
    }
    built
}

/// Every straight run (east or south) of at least [`MIN_BRIDGE_SPAN`] chasm tiles between
/// two walkable tiles, in row order.
fn bridge_sites(tiles: &Grid<Tile>) -> Vec<Site> {
    let mut sites = Vec::new();
    for from in tiles.positions() {
        if !tiles[from].is_walkable() {
            continue;
        }
        for step in [ORTHOGONAL[1], ORTHOGONAL[2]] {
            let mut span = 0;
            let mut at = from.offset(step.0, step.1);
            while tiles.get(at) == Some(Tile::Chasm) {
                span += 1;
                at = at.offset(step.0, step.1);
            }
            if span >= MIN_BRIDGE_SPAN && tiles.is_walkable(at) {
                sites.push(Site { from, step, span });
            }
        }
    }
    sites
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::distances::distances_from;
    use crate::rng::Stream;

    fn stairs_at(up: Pos, down: Pos) -> Stairs {
        Stairs {
            up,
            down,
            clearance: 1,
        }
    }

    /// Two rooms joined by a long way round, a chasm between them.
    fn rooms_across_a_chasm() -> Grid<Tile> {
        let text = "\
##################
#......::::......#
#......::::......#
#......::::......#
#.##############.#
#.##############.#
#.##############.#
#................#
##################";
        Grid::parse_ascii(text).unwrap()
    }

    #[test]
    fn a_bridge_spans_a_chasm_where_it_shortens_the_walk() {
        let mut tiles = rooms_across_a_chasm();
        let from = Pos::new(6, 2);
        let to = Pos::new(11, 2);
        let before =
            distances_from(&tiles, &[tiles.index_of(from)], Tile::is_walkable)[tiles.index_of(to)];
        let mut reach = Reach::new(tiles.len());
        let built = build_bridges(
            &mut tiles,
            &mut reach,
            &mut StreamRng::new(1, Stream::Features),
        );
        assert!(built >= 1);
        let after =
            distances_from(&tiles, &[tiles.index_of(from)], Tile::is_walkable)[tiles.index_of(to)];
        assert!(after < before, "{after} < {before}");
        // Every bridge lies on what was chasm, in a straight line from ground to ground.
        let original = rooms_across_a_chasm();
        for p in tiles.positions().filter(|&p| tiles[p] == Tile::Bridge) {
            assert_eq!(original[p], Tile::Chasm);
        }
    }

    #[test]
    fn a_lake_that_would_cut_floor_off_is_refused_and_leaves_the_tiles_as_they_were() {
        // A corridor one tile wide: any lake over it cuts the far end off.
        let mut text = String::new();
        for y in 0..14 {
            let row: String = (0..40)
                .map(|x| {
                    if y == 7 && (1..39).contains(&x) {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect();
            text.push_str(&row);
            text.push('\n');
        }
        let mut tiles = Grid::parse_ascii(text.trim_end()).unwrap();
        let before = tiles.clone();
        let stairs = stairs_at(Pos::new(1, 7), Pos::new(38, 7));
        for seed in 0..20 {
            let mut rng = StreamRng::new(seed, Stream::Features);
            let mut reach = Reach::new(tiles.len());
            let result = lay_lake(&mut tiles, stairs, Tile::Lava, &mut reach, &mut rng);
            assert!(result.is_err(), "seed {seed}");
            assert_eq!(tiles, before, "seed {seed}");
        }
    }

    #[test]
    fn blobs_stay_inside_their_box() {
        let mut rng = StreamRng::new(5, Stream::Features);
        for (w, h) in [(5, 4), (18, 12), (9, 7)] {
            let b = blob(w, h, &mut rng);
            assert_eq!(b.len(), (w * h) as usize);
        }
    }
}

//! Dijkstra maps ("The Incredible Power of Dijkstra Maps", Brogue): every walkable tile
//! holds its cost to the nearest goal, so a creature that steps to its lowest neighbour
//! walks a shortest path there. One map serves every creature that wants the same goal —
//! hunters share one map of the player per turn, not one search each.
//!
//! Moves follow the game's own rules: 8 directions, each step costs 1, a tile can be
//! entered when it is walkable (no squeezing rule between diagonal walls — the player
//! moves so too). Goals may start at any value, which is how a safety map is made:
//! take a map toward the player, scale it by a negative factor, and let the values
//! settle again — rolling downhill on that map moves away from the player, but around
//! corners and toward open ground rather than into a dead end.

use std::collections::VecDeque;

use crate::base::grid::{Grid, Pos, Tile};

/// The value of a tile no goal can be reached from (and of walls).
pub const UNREACHED: i32 = i32::MAX;

/// The 8 directions, in the fixed order ties are broken in: orthogonal first (north,
/// east, south, west), then diagonal — the grid's own king steps.
pub const DIRECTIONS: [(i32, i32); 8] = crate::base::grid::KING;

/// A Dijkstra map over a level: each tile's cost to the nearest goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DijkstraMap {
    values: Grid<i32>,
}

impl DijkstraMap {
    /// The map toward `goals` (each with its starting value) over the walkable tiles of
    /// `tiles`. Goals on walls or outside the map are ignored.
    pub fn new(tiles: &Grid<Tile>, goals: impl IntoIterator<Item = (Pos, i32)>) -> DijkstraMap {
        DijkstraMap::over(tiles, |pos| tiles.is_walkable(pos), goals)
    }

    /// The map toward `goals` over the tiles of `tiles`'s size that `passable` allows
    /// (e.g. the tiles the player knows to be walkable, for travel).
    pub fn over(
        tiles: &Grid<Tile>,
        passable: impl Fn(Pos) -> bool,
        goals: impl IntoIterator<Item = (Pos, i32)>,
    ) -> DijkstraMap {
        let mut values = Grid::new(tiles.width(), tiles.height(), UNREACHED);
        let mut starts = Vec::new();
        for (pos, value) in goals {
            if tiles.contains(pos) && passable(pos) && value < values[pos] {
                values[pos] = value;
                starts.push((value, tiles.index_of(pos)));
            }
        }
        starts.sort_unstable();
        settle(&mut values, passable, &starts);
        DijkstraMap { values }
    }

    /// The map of walking distances to the nearest of `goals`.
    pub fn toward(tiles: &Grid<Tile>, goals: impl IntoIterator<Item = Pos>) -> DijkstraMap {
        DijkstraMap::new(tiles, goals.into_iter().map(|pos| (pos, 0)))
    }

    /// The map of walking distances to the nearest of `goals` for a creature that can
    /// be on the tiles `passable` allows (a flier's, say, that crosses water and chasms).
    pub fn toward_over(
        tiles: &Grid<Tile>,
        passable: impl Fn(Tile) -> bool,
        goals: impl IntoIterator<Item = Pos>,
    ) -> DijkstraMap {
        DijkstraMap::over(
            tiles,
            |pos| tiles.get(pos).is_some_and(&passable),
            goals.into_iter().map(|pos| (pos, 0)),
        )
    }

    /// The safety map of `toward` (a map toward what is fled from): every reached value
    /// times `-factor_percent / 100` (Brogue uses about 120 %), settled again, so that
    /// going downhill leads away — and past the fled thing when that is the only way
    /// out of a corner.
    pub fn fleeing(tiles: &Grid<Tile>, toward: &DijkstraMap, factor_percent: i32) -> DijkstraMap {
        DijkstraMap::fleeing_over(tiles, Tile::is_walkable, toward, factor_percent)
    }

    /// [`DijkstraMap::fleeing`] for a creature that can be on the tiles `passable` allows.
    pub fn fleeing_over(
        tiles: &Grid<Tile>,
        passable: impl Fn(Tile) -> bool,
        toward: &DijkstraMap,
        factor_percent: i32,
    ) -> DijkstraMap {
        let goals = tiles.positions().filter_map(|pos| {
            let value = toward.value(pos);
            (value != UNREACHED).then(|| (pos, -(value.saturating_mul(factor_percent) / 100)))
        });
        DijkstraMap::over(tiles, |pos| tiles.get(pos).is_some_and(&passable), goals)
    }

    /// The value at `pos` ([`UNREACHED`] for walls, unreached tiles and outside).
    pub fn value(&self, pos: Pos) -> i32 {
        self.values.get(pos).unwrap_or(UNREACHED)
    }

    /// The neighbour of `from` with the lowest value below `from`'s own, among those
    /// `free` allows (e.g. not occupied); ties go to the first in [`DIRECTIONS`] order.
    /// `None` at the bottom of a basin or when every lower neighbour is taken.
    pub fn downhill(&self, from: Pos, free: impl Fn(Pos) -> bool) -> Option<Pos> {
        let mut best = (self.value(from), None);
        for (dx, dy) in DIRECTIONS {
            let to = from.offset(dx, dy);
            let value = self.value(to);
            if value < best.0 && free(to) {
                best = (value, Some(to));
            }
        }
        best.1
    }
}

/// Lowers every tile to one more than its lowest neighbour, spreading from the goals in
/// order of value: Dijkstra's algorithm, which with unit steps needs no heap — the
/// goals, sorted, and a first-in-first-out queue (whose values never decrease, as each
/// entry is one more than the one taken before it) are merged as they are taken.
fn settle(values: &mut Grid<i32>, passable: impl Fn(Pos) -> bool, starts: &[(i32, usize)]) {
    let mut queue: VecDeque<(i32, usize)> = VecDeque::with_capacity(values.len());
    let mut next_start = 0;
    loop {
        let from_starts = starts.get(next_start).copied();
        let (value, index) = match (from_starts, queue.front().copied()) {
            (Some(start), Some(queued)) if start <= queued => {
                next_start += 1;
                start
            }
            (_, Some(queued)) => {
                queue.pop_front();
                queued
            }
            (Some(start), None) => {
                next_start += 1;
                start
            }
            (None, None) => return,
        };
        if value > values.cells()[index] {
            continue; // a stale entry: the tile was lowered since
        }
        let pos = values.pos_of(index);
        let through = value.saturating_add(1);
        for (dx, dy) in DIRECTIONS {
            let next = pos.offset(dx, dy);
            if values.contains(next) && passable(next) && through < values[next] {
                values[next] = through;
                queue.push_back((through, values.index_of(next)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::grid::random_tiles;
    use crate::base::rng::{Stream, StreamRng};

    /// The plain reference: relax every tile against its neighbours until nothing
    /// changes (Bellman-Ford over the grid), no queue, no ordering.
    fn reference(tiles: &Grid<Tile>, goals: &[(Pos, i32)]) -> Grid<i32> {
        let mut values = Grid::new(tiles.width(), tiles.height(), UNREACHED);
        for &(pos, value) in goals {
            if tiles.is_walkable(pos) {
                values[pos] = values[pos].min(value);
            }
        }
        loop {
            let mut changed = false;
            for pos in tiles.positions() {
                if !tiles.is_walkable(pos) {
                    continue;
                }
                for next in tiles.neighbours8(pos) {
                    let via = values[next].saturating_add(1);
                    if values[next] != UNREACHED && via < values[pos] {
                        values[pos] = via;
                        changed = true;
                    }
                }
            }
            if !changed {
                return values;
            }
        }
    }

    #[test]
    fn maps_match_a_plain_relaxation_on_random_maps() {
        let mut rng = StreamRng::new(5, Stream::Cosmetic);
        for round in 0..200 {
            let (w, h) = (3 + rng.below(20) as usize, 3 + rng.below(14) as usize);
            let tiles = random_tiles(w, h, rng.below(60), &mut rng);
            let goals: Vec<(Pos, i32)> = (0..1 + rng.below(4))
                .map(|_| {
                    let pos = Pos::new(rng.below(w as u32) as i32, rng.below(h as u32) as i32);
                    (pos, rng.range_inclusive(-30, 5))
                })
                .collect();
            let map = DijkstraMap::new(&tiles, goals.iter().copied());
            assert_eq!(map.values, reference(&tiles, &goals), "round {round}");
        }
    }

    #[test]
    fn going_downhill_walks_a_shortest_path_to_the_goal() {
        let mut rng = StreamRng::new(8, Stream::Cosmetic);
        for _ in 0..100 {
            let tiles = random_tiles(24, 16, 30, &mut rng);
            let goal = Pos::new(rng.below(24) as i32, rng.below(16) as i32);
            let map = DijkstraMap::toward(&tiles, [goal]);
            for start in tiles.positions().filter(|&p| map.value(p) != UNREACHED) {
                let (mut at, mut steps) = (start, 0);
                while let Some(next) = map.downhill(at, |_| true) {
                    assert_eq!(at.chebyshev(next), 1);
                    assert!(tiles.is_walkable(next));
                    at = next;
                    steps += 1;
                }
                assert_eq!((at, steps), (goal, map.value(start)));
            }
        }
    }

    #[test]
    fn a_safety_map_leads_away_and_never_into_walls() {
        // A corridor with the threat at its west end: fleeing goes east.
        let tiles = Grid::parse_ascii("##########\n#........#\n##########\n").unwrap();
        let threat = DijkstraMap::toward(&tiles, [Pos::new(1, 1)]);
        let safety = DijkstraMap::fleeing(&tiles, &threat, 120);
        let mut at = Pos::new(3, 1);
        while let Some(next) = safety.downhill(at, |_| true) {
            assert!(next.x > at.x && tiles.is_walkable(next));
            at = next;
        }
        assert_eq!(at, Pos::new(8, 1), "the far end of the corridor");
    }

    #[test]
    fn taken_tiles_are_stepped_around_and_unreachable_tiles_stay_unreached() {
        let tiles = Grid::parse_ascii("#######\n#..#..#\n#######\n").unwrap();
        let map = DijkstraMap::toward(&tiles, [Pos::new(1, 1)]);
        assert_eq!(map.value(Pos::new(4, 1)), UNREACHED);
        assert_eq!(map.value(Pos::new(0, 0)), UNREACHED);
        assert_eq!(map.downhill(Pos::new(2, 1), |p| p != Pos::new(1, 1)), None);
        assert_eq!(map.downhill(Pos::new(2, 1), |_| true), Some(Pos::new(1, 1)));
    }
}

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

use crate::grid::{Grid, Pos, Tile};

/// The value of a tile no goal can be reached from (and of walls).
pub const UNREACHED: i32 = i32::MAX;

/// The 8 directions, in the fixed order ties are broken in: orthogonal first (north,
/// east, south, west), then diagonal — the grid's own king steps.
pub(crate) const DIRECTIONS: [(i32, i32); 8] = crate::grid::KING;

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
        let mut framed = Framed::new(tiles.width(), tiles.height(), passable);
        let starts = framed.starts(tiles, goals);
        framed.settle(&starts, |_, _| false);
        DijkstraMap {
            values: framed.into_grid(),
        }
    }

    /// [`DijkstraMap::over`] with one-way tiles: a step onto a tile of `one_way` is
    /// taken only where `enters(from, to)` allows it (a barred door, from its open side);
    /// every other step as in `over`. A mover going downhill on it heeds `enters` too (in
    /// [`DijkstraMap::downhill`]'s `free`): the one-way tile's own value counts the ways
    /// on from it, not whether the mover may step onto it.
    pub fn over_one_way(
        tiles: &Grid<Tile>,
        passable: impl Fn(Pos) -> bool,
        one_way: &[Pos],
        enters: impl Fn(Pos, Pos) -> bool,
        goals: impl IntoIterator<Item = (Pos, i32)>,
    ) -> DijkstraMap {
        let mut framed = Framed::new(tiles.width(), tiles.height(), passable);
        let starts = framed.starts(tiles, goals);
        let guarded: Vec<usize> = (one_way.iter())
            .filter(|&&pos| tiles.contains(pos))
            .map(|&pos| framed.index_of(pos))
            .collect();
        let framed_width = framed.width + 2;
        let pos_of = |index: usize| {
            Pos::new(
                (index % framed_width) as i32 - 1,
                (index / framed_width) as i32 - 1,
            )
        };
        framed.settle(&starts, |from, to| {
            guarded.contains(&to) && !enters(pos_of(from), pos_of(to))
        });
        DijkstraMap {
            values: framed.into_grid(),
        }
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

/// The value of a closed cell (a wall, a tile the mover cannot be on, the frame) while
/// a map settles: below every value, so no step ever lowers it.
const CLOSED: i32 = i32::MIN;

/// A map being settled, framed by one closed cell on every side so that stepping needs
/// no bounds test: tile `(x, y)` is framed cell `(x + 1, y + 1)` of rows `width + 2`
/// long. Every framed cell holds its value so far ([`UNREACHED`] for an open cell not
/// reached yet, [`CLOSED`] for the rest).
struct Framed {
    width: usize,
    height: usize,
    values: Vec<i32>,
}

impl Framed {
    /// A `width` × `height` map whose open tiles are those `passable` allows, none
    /// reached yet (`passable` is asked once per tile).
    fn new(width: usize, height: usize, passable: impl Fn(Pos) -> bool) -> Framed {
        let framed_width = width + 2;
        let mut values = vec![CLOSED; framed_width * (height + 2)];
        for y in 0..height {
            let row = (y + 1) * framed_width + 1;
            for (x, cell) in values[row..row + width].iter_mut().enumerate() {
                if passable(Pos::new(x as i32, y as i32)) {
                    *cell = UNREACHED;
                }
            }
        }
        Framed {
            width,
            height,
            values,
        }
    }

    /// Sets the goals on the tiles of `tiles` that are open (each at its starting value;
    /// the lowest where one is given twice) and returns them sorted by value, as
    /// [`Framed::settle`] takes them.
    fn starts(
        &mut self,
        tiles: &Grid<Tile>,
        goals: impl IntoIterator<Item = (Pos, i32)>,
    ) -> Vec<(i32, u32)> {
        let mut starts = Vec::new();
        for (pos, value) in goals {
            if tiles.contains(pos) {
                let index = self.index_of(pos);
                // A closed cell holds `CLOSED`, below every value: never a goal.
                if value < self.values[index] {
                    self.values[index] = value;
                    starts.push((value, index as u32));
                }
            }
        }
        sort_by_value(&mut starts);
        starts
    }

    /// The framed index of the tile at `pos` (which is on the map).
    fn index_of(&self, pos: Pos) -> usize {
        (pos.y as usize + 1) * (self.width + 2) + pos.x as usize + 1
    }

    /// Lowers every open cell to one more than its lowest neighbour, spreading from
    /// `starts` (framed indices with their values, sorted by value) in order of value:
    /// Dijkstra's algorithm, which with unit steps needs no heap — the starts, sorted,
    /// and a first-in-first-out queue are merged as they are taken. The queue's values
    /// never decrease (each entry is one more than the one taken before it), so a cell
    /// it lowers is never lowered again and is queued at most once: the queue is a plain
    /// list read from its front, holding only framed indices (an entry's value is its
    /// cell's).
    ///
    /// `refused(from, to)` (framed indices) names the steps no mover takes (onto a
    /// one-way tile from its wrong side): `to`'s value does not lower `from`'s.
    fn settle(&mut self, starts: &[(i32, u32)], refused: impl Fn(usize, usize) -> bool) {
        let framed_width = (self.width + 2) as isize;
        let steps = DIRECTIONS.map(|(dx, dy)| dy as isize * framed_width + dx as isize);
        let values = &mut self.values[..];
        let mut queue: Vec<u32> = Vec::with_capacity(self.width * self.height);
        let (mut head, mut next_start) = (0, 0);
        loop {
            let from_starts = starts.get(next_start).copied();
            let from_queue = (queue.get(head)).map(|&index| (values[index as usize], index));
            let (value, index) = match (from_starts, from_queue) {
                (Some(start), Some(queued)) if start.0 <= queued.0 => {
                    next_start += 1;
                    start
                }
                (_, Some(queued)) => {
                    head += 1;
                    queued
                }
                (Some(start), None) => {
                    next_start += 1;
                    start
                }
                (None, None) => return,
            };
            if value > values[index as usize] {
                continue; // a start lowered since it was set
            }
            let through = value.saturating_add(1);
            for step in steps {
                // `index` is a tile's cell, so its neighbours are within the frame.
                let next = (index as isize + step) as usize;
                if through < values[next] && !refused(next, index as usize) {
                    values[next] = through;
                    queue.push(next as u32);
                }
            }
        }
    }

    /// The settled values as a grid of the tiles ([`UNREACHED`] for closed cells).
    fn into_grid(self) -> Grid<i32> {
        let framed_width = self.width + 2;
        let mut cells = Vec::with_capacity(self.width * self.height);
        for y in 0..self.height {
            let row = (y + 1) * framed_width + 1;
            let open = |v: i32| if v == CLOSED { UNREACHED } else { v };
            cells.extend(self.values[row..row + self.width].iter().map(|&v| open(v)));
        }
        Grid::from_cells(self.width, self.height, cells).expect("as many cells as tiles")
    }
}

/// Sorts starts by value: a counting sort when their values span a range no wider than
/// their number, as a safety map's start on every reached tile; else a plain sort. The
/// order among equal values does not matter: a map's values are the least costs,
/// whatever order they settle in.
fn sort_by_value(starts: &mut [(i32, u32)]) {
    let (Some(low), Some(high)) = (
        starts.iter().map(|s| s.0).min(),
        starts.iter().map(|s| s.0).max(),
    ) else {
        return;
    };
    let span = (high as i64 - low as i64 + 1) as usize;
    if starts.len() < 64 || span > starts.len() {
        starts.sort_unstable_by_key(|s| s.0);
        return;
    }
    let slot_of = |value: i32| (value as i64 - low as i64) as usize;
    let mut first = vec![0u32; span + 1];
    for s in starts.iter() {
        first[slot_of(s.0) + 1] += 1;
    }
    for i in 1..first.len() {
        first[i] += first[i - 1];
    }
    let mut sorted = vec![(0, 0); starts.len()];
    for &s in starts.iter() {
        let slot = &mut first[slot_of(s.0)];
        sorted[*slot as usize] = s;
        *slot += 1;
    }
    starts.copy_from_slice(&sorted);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::random_tiles;
    use crate::rng::{Stream, StreamRng};

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

    /// Tiles from rows of glyphs (`#` rock, `.` floor).
    fn drawn(rows: &[&str]) -> Grid<Tile> {
        let cells = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|c| Tile::from_glyph(c).unwrap());
        Grid::from_cells(rows[0].len(), rows.len(), cells.collect()).unwrap()
    }

    #[test]
    fn a_one_way_tile_is_entered_only_where_enters_allows_and_left_every_way() {
        // A ring: the short way from west to east is the corridor through the one-way
        // tile `D` at (4, 1), entered only from the west (x < 4); the long way goes round.
        let tiles = drawn(&[
            "#########", //
            "#...B...#", //
            "#.#####.#", //
            "#.......#", //
            "#########",
        ]);
        let door = Pos::new(4, 1);
        let (west, east) = (Pos::new(1, 1), Pos::new(7, 1));
        let enters = |from: Pos, to: Pos| to == door && from.x < door.x;
        let one_way = |goal: Pos| {
            DijkstraMap::over_one_way(
                &tiles,
                |p| p == door || tiles.is_walkable(p),
                &[door],
                enters,
                [(goal, 0)],
            )
        };
        // Westward to east: through the door (6 steps); eastward to west: round (8).
        assert_eq!(one_way(east).value(west), 6);
        assert_eq!(one_way(west).value(east), 8);
        // The door itself is left either way: it is a step from both its neighbours.
        assert_eq!(one_way(west).value(door), 3);
        assert_eq!(one_way(east).value(door), 3);
        // With no one-way tile named, it is the plain map over the same tiles.
        let plain = DijkstraMap::over(&tiles, |p| p == door || tiles.is_walkable(p), [(west, 0)]);
        let none = DijkstraMap::over_one_way(
            &tiles,
            |p| p == door || tiles.is_walkable(p),
            &[],
            enters,
            [(west, 0)],
        );
        assert_eq!((plain.value(east), none.value(east)), (6, 6));
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
    fn safety_maps_match_a_plain_relaxation_of_their_many_starts() {
        // A safety map starts from every reached tile (hundreds of starts over a narrow
        // range of values: the counting sort's case).
        let mut rng = StreamRng::new(11, Stream::Cosmetic);
        for round in 0..60 {
            let (w, h) = (20 + rng.below(40) as usize, 10 + rng.below(30) as usize);
            let tiles = random_tiles(w, h, rng.below(50), &mut rng);
            let threat = Pos::new(rng.below(w as u32) as i32, rng.below(h as u32) as i32);
            let toward = DijkstraMap::toward(&tiles, [threat]);
            let factor = 100 + rng.below(60) as i32;
            let goals: Vec<(Pos, i32)> = tiles
                .positions()
                .filter(|&p| toward.value(p) != UNREACHED)
                .map(|p| (p, -(toward.value(p) * factor / 100)))
                .collect();
            let safety = DijkstraMap::fleeing(&tiles, &toward, factor);
            assert_eq!(safety.values, reference(&tiles, &goals), "round {round}");
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

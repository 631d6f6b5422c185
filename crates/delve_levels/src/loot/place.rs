//! Where a level's loot lies and which kinds it is: permutation tables over item tickets
//! and over the reachable floor, drawn from the level's loot stream.

use super::{LootTable, PlacedItem};
use crate::analysis::distances::{FramedSearch, UNREACHABLE, distances_from};
use crate::grid::{Grid, Pos, Tile};
use crate::perm::{PermError, PermTable};
use crate::rng::StreamRng;

/// How many items a level gets and the rules they are placed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LootPlan {
    /// Items to place (fewer when there are fewer spots).
    pub count: u32,
    /// The Chebyshev radius a must-find item's spot should have clear of walls.
    pub clearance: u32,
    /// Whether a must-find item must lie far from the start (the rule of the second
    /// generation of levels and later); without it, it takes
    /// the first clear spot in the loot order, or the free spot nearest the start.
    pub must_find_far: bool,
}

/// Chooses up to `plan.count` items from `table` and places them on `tiles`, which it
/// never changes.
///
/// - Spots: [`Tile::Floor`] tiles reachable from `start` by orthogonal steps over
///   walkable tiles, never `start` itself, never two items on one spot. With fewer spots
///   than `count`, fewer items are placed; an unwalkable `start` gets none.
/// - Kinds: every must-find item first (in table order, as far as `count` allows), then
///   drawn items: a permutation table over the total weight `W` (one ticket per unit of
///   weight) is drawn from `rng`, and the `i`-th item is the owner of ticket `t[i mod W]`
///   — an even spread by rarity, as in the seed's distribution table.
/// - Places: a permutation table over the spots (in walking order from `start`) is drawn
///   from `rng`. With `plan.must_find_far`, a must-find item lies *far* from `start` — at least half the largest
///   walking distance from it, the rule the down stairs follow — taking the first free
///   far spot in that order whose Chebyshev square of radius `clearance` is all
///   walkable; if no far spot is clear, the first free far spot; if none is free, the
///   free spot farthest from `start`. (Without it: the first free spot in that order
///   whose square is clear, else the free spot nearest `start`.) Drawn items take the
///   next free spots in order.
///
/// `rng` is drawn from exactly four times when any spot exists (twice otherwise), so the
/// number of items never shifts anything drawn later from the same stream.
pub fn place_loot_from(
    table: &LootTable,
    tiles: &Grid<Tile>,
    start: Pos,
    plan: LootPlan,
    rng: &mut StreamRng,
) -> Vec<PlacedItem> {
    let LootPlan {
        count,
        clearance,
        must_find_far,
    } = plan;
    let (spots, distances, farthest) = floor_in_walking_order(tiles, start);
    let (distances, farthest) = down_ledges_too(tiles, start, &spots, (distances, farthest));
    let is_far = |s: usize| 2 * distances[s] >= farthest;
    let (Ok(tickets), Ok(spot_order)) = (
        ticket_table(table, rng),
        PermTable::random(spots.len() as u32, rng),
    ) else {
        return Vec::new();
    };
    // More items than spots could never be placed; don't draw them.
    let kinds = choose_kinds(table, count.min(spots.len() as u32), &tickets);
    let mut taken = vec![false; spots.len()];
    let mut placed = Vec::with_capacity(kinds.len());
    let mut next_in_order = spot_order.iter();
    for item in kinds {
        let slot = if table.items[item].must_find {
            let free_far = || {
                spot_order
                    .iter()
                    .map(|s| s as usize)
                    .filter(|&s| !taken[s] && is_far(s))
            };
            let clear = |s: usize| is_clear(tiles, spots[s], clearance as usize);
            if must_find_far {
                free_far()
                    .find(|&s| clear(s))
                    .or_else(|| free_far().next())
                    .or_else(|| (0..spots.len()).rev().find(|&s| !taken[s]))
            } else {
                spot_order
                    .iter()
                    .map(|s| s as usize)
                    .find(|&s| !taken[s] && clear(s))
                    .or_else(|| (0..spots.len()).find(|&s| !taken[s]))
            }
        } else {
            next_in_order
                .by_ref()
                .map(|s| s as usize)
                .find(|&s| !taken[s])
        };
        let Some(slot) = slot else { break };
        taken[slot] = true;
        placed.push(PlacedItem::plain(tiles.pos_of(spots[slot]), item));
    }
    placed
}

/// The permutation over the drawable items' tickets (two draws from `rng`).
fn ticket_table(table: &LootTable, rng: &mut StreamRng) -> Result<PermTable, PermError> {
    let total: u32 = table.drawable().map(|(_, w)| w).sum();
    PermTable::random(total, rng)
}

/// The item kinds of a level: must-find items first, then owners of drawn tickets.
fn choose_kinds(table: &LootTable, count: u32, tickets: &PermTable) -> Vec<usize> {
    let mut kinds: Vec<usize> = (0..table.items.len())
        .filter(|&i| table.items[i].must_find)
        .take(count as usize)
        .collect();
    let mut owners = Vec::with_capacity(tickets.slots() as usize);
    for (item, weight) in table.drawable() {
        owners.extend(std::iter::repeat_n(item, weight as usize));
    }
    let drawn = count as usize - kinds.len();
    kinds.extend(
        tickets
            .iter()
            .cycle()
            .take(drawn)
            .map(|ticket| owners[ticket as usize]),
    );
    kinds
}

/// The [`Tile::Floor`] cells reachable from `start` by orthogonal steps over walkable
/// tiles, `start` itself left out, nearest first (breadth-first, neighbours in
/// [`crate::grid::ORTHOGONAL`] order); beside them, the walking distance of each, and
/// the largest walking distance from `start` to any walkable tile. Nothing when `start`
/// is not walkable.
fn floor_in_walking_order(tiles: &Grid<Tile>, start: Pos) -> (Vec<usize>, Vec<u32>, u32) {
    if !tiles.is_walkable(start) {
        return (Vec::new(), Vec::new(), 0);
    }
    let start = tiles.index_of(start);
    let mut search = FramedSearch::new(tiles, Tile::is_walkable);
    // The search calls back in visiting order, the order `visited` gives.
    let mut reached = Vec::new();
    search.run(&[start], |_, distance| reached.push(distance));
    let farthest = reached.last().copied().unwrap_or(0);
    let (spots, distances) = search
        .visited()
        .zip(reached)
        .filter(|&(cell, _)| tiles.cells()[cell] == Tile::Floor && cell != start)
        .unzip();
    (spots, distances, farthest)
}

/// The `walked` distances of the `spots` (and the largest) as they are with a cyclic
/// dungeon's ledges (generation 6 on) walked too, both ways — no walk one way is
/// shorter: dropped down a ledge, a must-find item is no nearer than its distance says
/// (it never lies a few steps below a ledge by the arrival, far only by the way round).
/// The spots stay those reached on foot. A level without a ledge — every level before
/// generation 6 — keeps its distances.
fn down_ledges_too(
    tiles: &Grid<Tile>,
    start: Pos,
    spots: &[usize],
    walked: (Vec<u32>, u32),
) -> (Vec<u32>, u32) {
    if !tiles.cells().contains(&Tile::Ledge) {
        return walked;
    }
    let open = |t: Tile| t.is_walkable() || t == Tile::Ledge;
    let by_cell = distances_from(tiles, &[tiles.index_of(start)], open);
    let farthest = (by_cell.iter())
        .filter(|&&d| d != UNREACHABLE)
        .max()
        .copied()
        .unwrap_or(0);
    (spots.iter().map(|&cell| by_cell[cell]).collect(), farthest)
}

/// Whether the square of Chebyshev radius `radius` around `cell` lies inside the grid
/// and is all walkable.
fn is_clear(tiles: &Grid<Tile>, cell: usize, radius: usize) -> bool {
    let (width, height) = (tiles.width(), tiles.height());
    let (x, y) = (cell % width, cell / width);
    if x < radius || y < radius || x + radius >= width || y + radius >= height {
        return false;
    }
    (y - radius..=y + radius).all(|row| {
        tiles.row(row)[x - radius..=x + radius]
            .iter()
            .all(|t| t.is_walkable())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::random_tiles;
    use crate::rng::Stream;

    #[test]
    fn clear_squares_lie_inside_the_grid_and_are_all_walkable() {
        let mut rng = StreamRng::new(8, Stream::Loot);
        let tiles = random_tiles(23, 17, 7, &mut rng);
        for radius in 0..=3i32 {
            for cell in 0..tiles.len() {
                let at = tiles.pos_of(cell);
                let naive = (-radius..=radius)
                    .all(|dy| (-radius..=radius).all(|dx| tiles.is_walkable(at.offset(dx, dy))));
                assert_eq!(
                    is_clear(&tiles, cell, radius as usize),
                    naive,
                    "{at} r {radius}"
                );
            }
        }
    }
}

//! Giving the rooms of a plan cells of the coarse grid the layout stands on: near the
//! rooms each is joined to, off cells crowded by others, so that the corridors between
//! them find ways that cross none of the others.

use std::cmp::Reverse;

use crate::grid::{KING, Pos};
use crate::rng::StreamRng;

use super::plan::PlanGraph;

/// Gives each room a cell: the entrance a random one, then, always to the room joined to
/// the most rooms already placed, a free cell near those rooms' cells (twice the sum of
/// the distances) and beside few cells of rooms it is not joined to (one each); ties are
/// drawn. `None` when the rooms outnumber the cells.
pub(super) fn place_in_cells(
    graph: &PlanGraph,
    (columns, rows): (i32, i32),
    rng: &mut StreamRng,
) -> Option<Vec<Pos>> {
    let rooms = graph.roles.len();
    if rooms > (columns * rows) as usize {
        return None;
    }
    let mut neighbours = vec![Vec::new(); rooms];
    for edge in &graph.edges {
        let (a, b) = edge.ends;
        neighbours[a].push(b);
        neighbours[b].push(a);
    }
    let mut cell_of: Vec<Option<Pos>> = vec![None; rooms];
    let mut taken = vec![false; (columns * rows) as usize];
    let first = rng.below((columns * rows) as u32) as i32;
    cell_of[0] = Some(Pos::new(first % columns, first / columns));
    taken[first as usize] = true;
    // Next, always the room joined to the most rooms already placed (the lowest such).
    while let Some(next) = (0..rooms)
        .filter(|&r| cell_of[r].is_none())
        .max_by_key(|&r| {
            let placed = neighbours[r]
                .iter()
                .filter(|&&n| cell_of[n].is_some())
                .count();
            (placed, Reverse(r))
        })
    {
        let placed: Vec<Pos> = neighbours[next]
            .iter()
            .filter_map(|&n| cell_of[n])
            .collect();
        // Near the rooms it is joined to, and off cells crowded by rooms it is not
        // joined to (whose corridors would have to pass).
        let score = |i: usize| -> i32 {
            let cell = Pos::new(i as i32 % columns, i as i32 / columns);
            let near: i32 = placed.iter().map(|&p| p.manhattan(cell)).sum();
            let crowd = KING
                .iter()
                .map(|&(dx, dy)| cell.offset(dx, dy))
                .filter(|c| (0..columns).contains(&c.x) && (0..rows).contains(&c.y))
                .filter(|c| taken[(c.y * columns + c.x) as usize] && !placed.contains(c))
                .count() as i32;
            2 * near + crowd
        };
        let free = (0..taken.len()).filter(|&i| !taken[i]);
        let best = free.clone().map(score).min()?;
        let ties: Vec<usize> = free.filter(|&i| score(i) == best).collect();
        let pick = ties[rng.below(ties.len() as u32) as usize];
        taken[pick] = true;
        cell_of[next] = Some(Pos::new(pick as i32 % columns, pick as i32 / columns));
    }
    cell_of.into_iter().collect()
}

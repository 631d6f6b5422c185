//! Walking the test maps: the one path finder that the test binaries and the examples
//! share (each includes this file as its `paths` module, with `#[path]`).

use std::collections::VecDeque;

use delve_levels::grid::{Grid, ORTHOGONAL, Pos, Tile};
use delve_rules::run::PlayerAction;
use delve_rules::view::{BINDINGS, Command};

/// Orthogonal steps over walkable tiles from `from` to `to`, by breadth-first search
/// (neighbours tried in [`ORTHOGONAL`] order); none when `to` cannot be reached.
pub fn walk(tiles: &Grid<Tile>, from: Pos, to: Pos) -> Vec<PlayerAction> {
    let mut came = vec![None; tiles.len()];
    came[tiles.index_of(from)] = Some(from);
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        if p == to {
            break;
        }
        for (dx, dy) in ORTHOGONAL {
            let q = p.offset(dx, dy);
            if tiles.is_walkable(q) && came[tiles.index_of(q)].is_none() {
                came[tiles.index_of(q)] = Some(p);
                queue.push_back(q);
            }
        }
    }
    let mut steps = Vec::new();
    let mut at = to;
    while at != from {
        let Some(previous) = came[tiles.index_of(at)] else {
            return Vec::new();
        };
        steps.push(PlayerAction::Move(at.x - previous.x, at.y - previous.y));
        at = previous;
    }
    steps.reverse();
    steps
}

/// The action string that types `actions`, by the key table's letters.
pub fn letters(actions: &[PlayerAction]) -> String {
    actions
        .iter()
        .map(|&action| {
            BINDINGS
                .iter()
                .find(|b| b.command == Command::Act(action))
                .and_then(|b| b.letters.first().copied())
                .unwrap_or_else(|| panic!("{action:?} has no letter"))
        })
        .collect()
}

//! Travel and auto-explore: many steps for one key, each an ordinary move (a turn, the
//! monsters acting), along a Dijkstra map over the tiles the player knows. `x` walks
//! toward the nearest item seen or the nearest edge of the unknown; `>` and `<` away
//! from the stairs walk to the stairs already seen. Travel stops at once when a monster
//! is in view or anything happens (a notice: a hit, a pick-up, a level change).

use super::{Outcome, PlayerAction, RunState, notice};
use crate::dijkstra::DijkstraMap;
use crate::grid::{Pos, Tile};

/// The most steps one travel takes.
pub const MAX_TRAVEL_STEPS: usize = 2_000;

/// Where travel goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Destination {
    /// The nearest item seen, or the nearest tile at the edge of the unknown.
    Explore,
    /// A tile the player has seen (the stairs).
    Tile(Pos),
}

impl RunState {
    /// Whether the player sees a monster now.
    pub fn monster_in_view(&self) -> bool {
        self.level
            .monsters
            .iter()
            .any(|m| self.level.in_view(m.pos))
    }

    /// Walks toward `destination` until there, stuck, or interrupted.
    pub(super) fn travel(&mut self, destination: Destination, out: &mut Vec<Outcome>) {
        if self.monster_in_view() {
            out.push(notice("Not with a monster in view."));
            return;
        }
        for step in 0..MAX_TRAVEL_STEPS {
            let Some(goals) = self.travel_goals(destination) else {
                if step == 0 && destination == Destination::Explore {
                    out.push(notice(
                        "Explored: nothing more to see here. (> walks to the stairs down.)",
                    ));
                }
                return;
            };
            let map = self.known_map(&goals);
            let Some(next) = map.downhill(self.player, |p| self.level.monster_at(p).is_none())
            else {
                return; // arrived, or the way is blocked
            };
            let depth = self.depth;
            let before = out.len();
            let (dx, dy) = (next.x - self.player.x, next.y - self.player.y);
            out.extend(self.apply(PlayerAction::Move(dx, dy)));
            let eventful = out[before..]
                .iter()
                .any(|o| !matches!(o, Outcome::Moved { .. }));
            if eventful || self.depth != depth || self.monster_in_view() || self.end().is_some() {
                return;
            }
        }
    }

    /// The tiles travel heads for, or `None` when there is nowhere to go.
    fn travel_goals(&self, destination: Destination) -> Option<Vec<Pos>> {
        let mut goals = match destination {
            Destination::Tile(pos) => vec![pos],
            Destination::Explore => self.exploration_goals(),
        };
        if destination == Destination::Tile(self.player) {
            return None; // there already
        }
        goals.retain(|&g| g != self.player);
        (!goals.is_empty()).then_some(goals)
    }

    /// Items on seen tiles, and seen walkable tiles next to a tile never seen.
    fn exploration_goals(&self) -> Vec<Pos> {
        let tiles = &self.level.level.tiles;
        let seen = |p: Pos| tiles.contains(p) && self.level.seen[tiles.index_of(p)];
        let mut goals: Vec<Pos> = self
            .level
            .items
            .iter()
            .map(|i| i.pos)
            .filter(|&p| seen(p))
            .collect();
        goals.extend(tiles.positions().filter(|&p| {
            seen(p)
                && tiles.is_walkable(p)
                && tiles
                    .neighbours8(p)
                    .any(|n| !self.level.seen[tiles.index_of(n)])
        }));
        goals
    }

    /// The map toward `goals` over the tiles the player has seen to be walkable.
    fn known_map(&self, goals: &[Pos]) -> DijkstraMap {
        let tiles = &self.level.level.tiles;
        DijkstraMap::over(
            tiles,
            |p| tiles.is_walkable(p) && self.level.seen[tiles.index_of(p)],
            goals.iter().map(|&g| (g, 0)),
        )
    }

    /// The stairs of this kind, if the player has seen them.
    pub(super) fn known_stairs(&self, stairs: Tile) -> Option<Pos> {
        let level = &self.level.level;
        let pos = if stairs == Tile::DownStairs {
            level.down
        } else {
            level.up
        };
        self.level.seen[level.tiles.index_of(pos)].then_some(pos)
    }
}

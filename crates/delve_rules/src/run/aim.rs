//! Aiming: where a wand's bolt or a thrown thing goes. Both fly along the line of fire
//! ([`delve_levels::line`]) from the player: a bolt to the first creature within
//! [`BOLT_RANGE`], a throw to the tile aimed at (at most [`THROW_RANGE`] away) unless a
//! wall or a creature stops it first.

use super::RunState;
use delve_levels::grid::Pos;
use delve_levels::line::line;

impl RunState {
    /// The tile `aim` points at: the tile itself, or the nearest monster in view.
    pub(super) fn aim_point(&self, aim: Aim) -> Option<Pos> {
        match aim {
            Aim::At(at) if at != self.player => Some(at),
            Aim::At(_) | Aim::On(_) => None,
            Aim::Nearest => self
                .seen_foes()
                .first()
                .map(|&index| self.level.monsters[index].pos),
        }
    }

    /// The monsters the player can aim at, nearest first (as the cursor offers them).
    pub fn targets(&self) -> Vec<Pos> {
        self.seen_foes()
            .into_iter()
            .map(|index| self.level.monsters[index].pos)
            .collect()
    }

    /// A flight from the player toward `toward`, at most `range` tiles, going on past
    /// it when `past` (a bolt): it stops before a tile that blocks sight, or on the
    /// first tile a creature stands on.
    pub(super) fn fly(&self, toward: Pos, range: i32, past: bool) -> Flight {
        let from = self.player;
        let (dx, dy) = (toward.x - from.x, toward.y - from.y);
        let steps = dx.abs().max(dy.abs()).max(1);
        // Past the target: the same line drawn out to the full range.
        let scale = if past { (range + steps - 1) / steps } else { 1 };
        let far = Pos::new(from.x + dx * scale, from.y + dy * scale);
        let mut end = from;
        for at in line(from, far).take(range as usize) {
            if self.level.tile_at(at).is_none_or(|t| t.blocks_sight()) {
                break;
            }
            end = at;
            if let Some(index) = self.level.monster_at(at) {
                return Flight {
                    end,
                    struck: Some(index),
                };
            }
        }
        Flight { end, struck: None }
    }

    /// The monster a bolt aimed at `toward` strikes, if any.
    pub(super) fn bolt_hits(&self, toward: Pos, range: i32) -> Option<usize> {
        self.fly(toward, range, true).struck
    }
}

/// How far a wand's bolt flies.
pub const BOLT_RANGE: i32 = 10;
/// How far a thing can be thrown.
pub const THROW_RANGE: i32 = 8;
/// Where an item is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// At the nearest monster in view (a plain `a`, and bots).
    Nearest,
    /// At this tile (the aiming cursor).
    At(Pos),
    /// On the item under this inventory letter (0 = `a`).
    On(u8),
}

/// Where a flight stops.
pub(super) struct Flight {
    /// The last tile it reached (where a thrown thing lands).
    pub(super) end: Pos,
    /// The monster (its index) it struck there, if any.
    pub(super) struck: Option<usize>,
}

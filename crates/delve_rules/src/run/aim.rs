//! Aiming: where a wand's bolt or a thrown thing goes. Both fly along the line of fire
//! ([`delve_levels::line`]) from the player: a bolt to the first creature within
//! [`BOLT_RANGE`], a throw to the tile aimed at (at most [`THROW_RANGE`] away) unless a
//! wall or a creature stops it first. Where that line is stopped short of the tile aimed
//! at and the line drawn back from it is not, the shot takes that one (from recording
//! format 12): the same two lines a monster's shot takes, so the player can always shoot
//! back at what shoots them ([`delve_levels::line::clear_line`]).

use super::RunState;
use delve_levels::grid::Pos;
use delve_levels::line::{clear_line, line};

impl RunState {
    /// The tile `aim` points at for `missile`: the tile itself, or the nearest monster in
    /// view that `missile` flies to unstopped ([`RunState::reaches`]) — none when none
    /// does, rather than a shot into a wall. (A replay of a format that aimed at the
    /// nearest monster in view, reached or not, keeps doing so.)
    pub(super) fn aim_point(&self, aim: Aim, missile: Missile) -> Option<Pos> {
        match aim {
            Aim::At(at) if at != self.player => Some(at),
            Aim::At(_) | Aim::On(_) => None,
            Aim::Nearest => (self.seen_foes().into_iter())
                .find(|&index| self.auto_aims_through_walls() || self.reaches(index, missile))
                .map(|index| self.level.monsters[index].pos),
        }
    }

    /// Whether `missile` aimed at the monster at `index` flies to it along the line of
    /// fire the shot itself takes: no wall, nor any other creature, before it, and within
    /// its range.
    pub(super) fn reaches(&self, index: usize, missile: Missile) -> bool {
        let at = self.level.monsters[index].pos;
        let flight = match missile {
            Missile::Bolt => self.fly(at, BOLT_RANGE, true),
            Missile::Thrown => self.fly(at, THROW_RANGE, false),
        };
        flight.struck == Some(index)
    }

    /// The monsters the player can aim at, nearest first (as the cursor offers them):
    /// those in view that a bolt or a throw reaches ([`RunState::reaches`]); one behind
    /// a wall's corner is left to the cursor moved by hand.
    pub fn targets(&self) -> Vec<Pos> {
        (self.seen_foes().into_iter())
            .filter(|&index| {
                self.reaches(index, Missile::Bolt) || self.reaches(index, Missile::Thrown)
            })
            .map(|index| self.level.monsters[index].pos)
            .collect()
    }

    /// A flight from the player toward `toward`, at most `range` tiles, going on past
    /// it when `past` (a bolt): it stops before a tile that blocks sight, or on the
    /// first tile a creature stands on.
    pub(super) fn fly(&self, toward: Pos, range: i32, past: bool) -> Flight {
        let from = self.player;
        let (mut dx, mut dy) = (
            i64::from(toward.x) - i64::from(from.x),
            i64::from(toward.y) - i64::from(from.y),
        );
        // A target farther than any level reaches (a forged recording's, at the ends of
        // the numbers) is aimed at along the same way, nearer: no sum overflows.
        let longest = dx.abs().max(dy.abs());
        if longest > FARTHEST_AIM {
            (dx, dy) = (dx * FARTHEST_AIM / longest, dy * FARTHEST_AIM / longest);
        }
        let steps = dx.abs().max(dy.abs()).max(1);
        // Past the target: the same line drawn out to the full range.
        let range_tiles = i64::from(range.max(0));
        let scale = if past {
            (range_tiles + steps - 1) / steps
        } else {
            1
        };
        let far = |from: i32, d: i64| (i64::from(from) + d * scale) as i32;
        let far = Pos::new(far(from.x, dx), far(from.y, dy));
        let mut flight = Flight {
            path: Vec::new(),
            end: from,
            struck: None,
            blocked_at: None,
        };
        let mut tiles: Vec<Pos> = line(from, far).take(range as usize).collect();
        if !self.one_way_lines_of_fire() {
            self.take_the_line_back(&mut tiles, toward);
        }
        for at in tiles {
            if self.level.tile_at(at).is_none_or(|t| t.blocks_sight()) {
                flight.blocked_at = Some(at);
                break;
            }
            flight.path.push(at);
            flight.end = at;
            if let Some(index) = self.level.monster_at(at) {
                flight.struck = Some(index);
                break;
            }
        }
        flight
    }

    /// The line of fire `tiles` (from beside the player, through `toward`) with its way
    /// to `toward` as [`clear_line`] picks it, the one rule of monsters' shots too: the
    /// line drawn back from `toward` where a wall or a creature stops this one short of
    /// it and none stops that one (on past `toward`, the same).
    fn take_the_line_back(&self, tiles: &mut Vec<Pos>, toward: Pos) {
        let Some(at) = tiles.iter().position(|&p| p == toward) else {
            return;
        };
        let open = |p: Pos| self.level.monster_at(p).is_none();
        if let Some(way) = clear_line(&self.level.level.tiles, self.player, toward, open) {
            tiles.splice(..=at, way);
        }
    }

    /// What the item under letter `slot` would fly as: a wand's bolt when used (not
    /// thrown), else a thrown thing.
    pub fn missile(&self, slot: u8, thrown: bool) -> Missile {
        let items = self.campaign.loot_table().items();
        let wand = (self.lettered_inventory().into_iter())
            .find(|l| l.letter as u8 == b'a' + slot)
            .and_then(|l| items.get(l.kind))
            .is_some_and(|item| item.effect.is_wand());
        if wand && !thrown {
            Missile::Bolt
        } else {
            Missile::Thrown
        }
    }

    /// The line of fire of `missile` aimed at `toward`, as the aiming cursor shows it
    /// before the shot: the tiles it would cross, where it would stop, and what stops
    /// it. What the player cannot see is not told: a monster out of view is not shown
    /// struck, though the flight stops there when fired.
    pub fn line_of_fire(&self, toward: Pos, missile: Missile) -> LineOfFire {
        let flight = match missile {
            Missile::Bolt => self.fly(toward, BOLT_RANGE, true),
            Missile::Thrown => self.fly(toward, THROW_RANGE, false),
        };
        let seen = |index: &usize| self.shows_monster(&self.level.monsters[*index]);
        let struck = flight.struck.filter(seen).map(|_| flight.end);
        LineOfFire {
            path: flight.path,
            end: flight.end,
            struck,
            wall: flight.blocked_at,
        }
    }

    /// The monster a bolt aimed at `toward` strikes, if any.
    pub(super) fn bolt_hits(&self, toward: Pos, range: i32) -> Option<usize> {
        self.fly(toward, range, true).struck
    }
}

/// The farthest a flight is aimed (far beyond any level's side): a target farther is
/// aimed at along the same way at this distance.
const FARTHEST_AIM: i64 = 1 << 24;

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
    /// The tiles it crossed, from the player's neighbour to `end`.
    pub(super) path: Vec<Pos>,
    /// The last tile it reached (where a thrown thing lands).
    pub(super) end: Pos,
    /// The monster (its index) it struck there, if any.
    pub(super) struck: Option<usize>,
    /// The tile that blocked it (a wall), if one did.
    pub(super) blocked_at: Option<Pos>,
}

/// How an aimed item flies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missile {
    /// A wand's bolt: on past the tile aimed at, up to [`BOLT_RANGE`] tiles, to the first
    /// creature.
    Bolt,
    /// A thrown thing: to the tile aimed at, at most [`THROW_RANGE`] tiles away, unless a
    /// creature is in the way.
    Thrown,
}

/// The line of fire the aiming cursor shows ([`RunState::line_of_fire`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineOfFire {
    /// The tiles it crosses, from beside the player to `end`.
    pub path: Vec<Pos>,
    /// Where it stops (a thrown thing lands there).
    pub end: Pos,
    /// The tile of the creature in view it strikes, if any (then `end`).
    pub struck: Option<Pos>,
    /// The wall that stops it, when one does before any creature.
    pub wall: Option<Pos>,
}

//! What is drawn over the map besides what is there ([`Marks`]): the cursor (look,
//! aiming, travel, or the tile under the pointer), the way travel would walk to it, and
//! the line of fire with where it stops. [`preview`] makes them from the run, the key
//! reader and the pointer; both front ends draw them from [`super::map_view`]'s tiles.

use super::keys::{AimVerb, KeyReader, Prompt};
use crate::run::{Missile, RunState};
use delve_levels::grid::Pos;

/// A mark over one tile, the top one where several meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The cursor (look, aiming, travel) or the tile under the pointer.
    Cursor,
    /// Where a bolt or a thrown thing stops: the creature it strikes, the wall that
    /// stops it, or where it lands.
    Stop,
    /// A tile the line of fire crosses.
    Fire,
    /// A tile travel would walk over.
    Route,
}

/// Everything marked over the map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The cursor's tile.
    pub cursor: Option<Pos>,
    /// The way travel would walk, in order.
    pub route: Vec<Pos>,
    /// The line of fire, in order.
    pub fire: Vec<Pos>,
    /// Where the line of fire stops.
    pub stop: Option<Pos>,
}

impl Marks {
    /// Nothing marked.
    pub fn none() -> Marks {
        Marks::default()
    }

    /// Only a cursor on `cursor` (if any).
    pub fn cursor(cursor: Option<Pos>) -> Marks {
        Marks {
            cursor,
            ..Marks::default()
        }
    }

    /// The top mark on `pos`: the cursor over where the fire stops, over the line of
    /// fire, over the route.
    pub fn at(&self, pos: Pos) -> Option<Mark> {
        if self.cursor == Some(pos) {
            Some(Mark::Cursor)
        } else if self.stop == Some(pos) {
            Some(Mark::Stop)
        } else if self.fire.contains(&pos) {
            Some(Mark::Fire)
        } else if self.route.contains(&pos) {
            Some(Mark::Route)
        } else {
            None
        }
    }
}

/// The marks over the map now: while aiming, the cursor and the line of fire; while
/// choosing where to travel, the cursor and the way there; while looking, the cursor;
/// otherwise, with the pointer over a tile (`hover`), that tile and the way travel would
/// walk to it. An open overlay or a question shows none.
pub fn preview(run: &RunState, keys: &KeyReader, hover: Option<Pos>) -> Marks {
    if keys.overlay.is_some() || run.end().is_some() || run.watch().is_some() {
        return Marks::none();
    }
    let route_to = |to: Pos| run.route_to(to).map(|r| r.steps).unwrap_or_default();
    match keys.prompt {
        Some(Prompt::Aim(verb, at)) => {
            let missile = match verb {
                AimVerb::Use(slot) => run.missile(slot, false),
                AimVerb::Throw(_) => Missile::Thrown,
            };
            if at == run.player() {
                return Marks::cursor(Some(at));
            }
            let line = run.line_of_fire(at, missile);
            Marks {
                cursor: Some(at),
                stop: Some(line.struck.or(line.wall).unwrap_or(line.end)),
                fire: line.path,
                route: Vec::new(),
            }
        }
        Some(Prompt::Travel(at)) => Marks {
            cursor: Some(at),
            route: route_to(at),
            ..Marks::none()
        },
        Some(Prompt::Look(at)) => Marks::cursor(Some(at)),
        Some(Prompt::Question(_) | Prompt::Item(_)) => Marks::none(),
        // The pointer on the player marks nothing: the player is drawn there already.
        None => {
            match hover.filter(|&at| run.level().level.tiles.contains(at) && at != run.player()) {
                Some(at) => Marks {
                    cursor: Some(at),
                    route: route_to(at),
                    ..Marks::none()
                },
                None => Marks::none(),
            }
        }
    }
}

//! What a key press or a click needs to know of the run ([`KeyContext::of`]), made in one
//! place for both front ends: where the player stands, what the cursors cycle through
//! (monsters to aim at, things in view to look at, places of note to travel to), the harm
//! of each step, and the known way to the tile under a cursor or the pointer.

use super::keys::{KeyContext, Letters, StepRisks, Targets, Way};
use crate::run::{Route, RunState};
use delve_levels::grid::Pos;

impl KeyContext {
    /// The context of a key or a click in `run`, whose log has `log_lines` lines:
    /// `focus` is the tile the way is wanted to (the cursor's, or the pointer's for a
    /// click); `ask_before_risks` whether a step onto known harmful ground asks first
    /// (an option).
    pub fn of(
        run: &RunState,
        log_lines: usize,
        focus: Option<Pos>,
        ask_before_risks: bool,
    ) -> KeyContext {
        let tiles = &run.level().level.tiles;
        let risks = if ask_before_risks {
            StepRisks::of(|dx, dy| run.risk_of_step(dx, dy))
        } else {
            StepRisks::default()
        };
        KeyContext {
            watching: run.watch().is_some(),
            run_over: run.end().is_some(),
            player: run.player(),
            map: (tiles.width() as i32, tiles.height() as i32),
            log_lines,
            targets: Targets::of(&run.targets()),
            aimed: Letters::of(run.aimed_letters()),
            read_on_an_item: Letters::of(run.letters_read_on_an_item()),
            sights: Targets::of(&sights(run)),
            places: Targets::of(&places(run)),
            risks,
            way: focus.map_or(Way::None, |to| Way::of(run.route_to(to).as_ref())),
            explore_over_trap: run.exploring_needs_a_trap(),
        }
    }
}

impl Way {
    /// The way a route gives (none without one).
    pub fn of(route: Option<&Route>) -> Way {
        match route {
            None => Way::None,
            Some(route) if route.over_trap => Way::OverTrap,
            Some(_) => Way::Clear,
        }
    }
}

/// The monsters and the items in view, nearest first (ties in reading order): what Tab
/// takes the look cursor to.
pub fn sights(run: &RunState) -> Vec<Pos> {
    let level = run.level();
    let mut sights: Vec<Pos> = (run.seen_monsters().into_iter())
        .map(|i| level.monsters[i].pos)
        .chain(
            (level.items.iter())
                .map(|item| item.pos)
                .filter(|&pos| level.in_view(pos)),
        )
        .filter(|&pos| pos != run.player())
        .collect();
    sights.sort_by_key(|&pos| (pos.chebyshev(run.player()), pos.y, pos.x));
    sights.dedup();
    sights
}

/// The places of note the player knows on this level, where Tab takes the travel
/// cursor: the stairs down, the level's must-find item where it was seen lying, the
/// stairs up, then the items seen, nearest first.
pub fn places(run: &RunState) -> Vec<Pos> {
    let level = run.level();
    let tiles = &level.level.tiles;
    let seen = |pos: Pos| tiles.contains(pos) && level.seen[tiles.index_of(pos)];
    let must_find = run.must_find_here();
    let lying = |wanted: bool| {
        let mut items: Vec<Pos> = (level.items.iter())
            .filter(|item| (Some(item.item) == must_find) == wanted && seen(item.pos))
            .map(|item| item.pos)
            .collect();
        items.sort_by_key(|&pos| (pos.chebyshev(run.player()), pos.y, pos.x));
        items
    };
    let mut places = Vec::new();
    places.extend(Some(level.level.down).filter(|&p| seen(p)));
    places.extend(lying(true));
    places.extend(Some(level.level.up).filter(|&p| seen(p)));
    places.extend(lying(false));
    let mut unique = Vec::new();
    for place in places {
        if place != run.player() && !unique.contains(&place) {
            unique.push(place);
        }
    }
    unique
}

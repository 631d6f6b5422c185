//! Deep water, the player's side of it: a swimmer is out of reach of every walker
//! (walkers never enter deep water: [`Movement::Walks`](delve_levels::monsters::Movement)),
//! a shot at a swimmer splashes into the water half the time, and each stroke into deep
//! water may tear away one carried item — not what is worn or wielded, not a must-find
//! item — which the current washes up on a shore of the same water, to be fetched again
//! (Brogue's items float off, to be found downstream). So a swim costs time, not things.
//! A run recorded before these rules
//! ([`WATER_KEEPS_WHAT_IT_TAKES`](super::record::WATER_KEEPS_WHAT_IT_TAKES)) keeps the old ones:
//! what the current takes is gone, and shots hit a swimmer as anyone.

use super::{Outcome, RunState, notice};
use delve_levels::grid::{KING, Pos, Tile};
use delve_levels::loot::Item;
use delve_levels::rng::StreamRng;

/// Chance, in percent, that a stroke into deep water tears away a carried item.
pub(crate) const SWEPT_AWAY_PERCENT: u32 = 50;
/// Chance, in percent, that a shot at the player swimming in deep water misses before it
/// is rolled: only a head shows above the water.
pub const SWIMMER_DODGES_PERCENT: u32 = 50;

impl RunState {
    /// What deep water may wash away: what is carried but not worn or wielded, and not
    /// a must-find item.
    pub(super) fn loose_items(&self) -> Vec<Item> {
        let table = self.campaign.loot_table();
        self.inventory
            .iter()
            .copied()
            .filter(|&i| self.slot_holding(i).is_none() && !table.items()[i.kind].must_find)
            .collect()
    }

    /// A stroke into deep water: [`SWEPT_AWAY_PERCENT`] of the time it tears away one
    /// of the [`RunState::loose_items`], which lies afterwards on a shore of the same
    /// water ([`RunState::shore_for`]), or is gone under the old rule (or with no shore).
    pub(super) fn swim(&mut self, out: &mut Vec<Outcome>) {
        let loose = self.loose_items();
        let mut rng = self.terrain_rng(1);
        if loose.is_empty() || !rng.chance_percent(SWEPT_AWAY_PERCENT) {
            out.push(notice("You swim in deep water."));
            return;
        }
        let item = loose[rng.below(loose.len() as u32) as usize];
        let name = self.knowledge().item_name(item);
        let shore = if self.water_keeps_what_it_takes() {
            None
        } else {
            self.shore_for(self.player, &mut rng)
        };
        match shore {
            Some(at) => {
                self.part_with(item);
                self.level.put_item(at, item);
                // Seen from here, it is on the map at once.
                self.level.look_from(self.player);
                out.push(notice(&format!(
                    "You swim in deep water. The current tears away your {name}: it will wash up on the shore."
                )));
            }
            None => {
                self.use_up(item);
                out.push(notice(&format!(
                    "You swim in deep water. The current tears away your {name}!"
                )));
            }
        }
    }

    /// Where the current lands what it tears from a swimmer at `from`: a tile beside
    /// the same water (its deep and shallow tiles joined by any of the eight steps) where
    /// an item can lie, drawn from `rng`; `None` when that water has no such shore.
    fn shore_for(&self, from: Pos, rng: &mut StreamRng) -> Option<Pos> {
        let tiles = &self.level.level.tiles;
        let is_water = |t: Tile| matches!(t, Tile::DeepWater | Tile::ShallowWater);
        let mut visited = vec![false; tiles.width() * tiles.height()];
        let mut queue = vec![from];
        let mut shore = Vec::new();
        visited[tiles.index_of(from)] = true;
        while let Some(at) = queue.pop() {
            for &(dx, dy) in KING.iter() {
                let next = at.offset(dx, dy);
                if !tiles.contains(next) || visited[tiles.index_of(next)] {
                    continue;
                }
                visited[tiles.index_of(next)] = true;
                if is_water(tiles[next]) {
                    queue.push(next);
                } else if self.level.can_drop_at(next) {
                    shore.push(next);
                }
            }
        }
        // Row order, so the draw does not hang on the order of the search.
        shore.sort_by_key(|p| (p.y, p.x));
        (!shore.is_empty()).then(|| shore[rng.below(shore.len() as u32) as usize])
    }

    /// Whether a shot at the player misses for the water: the player swims in deep
    /// water and [`SWIMMER_DODGES_PERCENT`] of the draw from `rng` says so (a run
    /// recorded before the rule,
    /// [`WATER_KEEPS_WHAT_IT_TAKES`](super::record::WATER_KEEPS_WHAT_IT_TAKES), draws
    /// nothing).
    pub(super) fn swimmer_dodges(&self, rng: &mut StreamRng) -> bool {
        let swimming = self.level.tile_at(self.player) == Some(Tile::DeepWater);
        swimming && !self.water_keeps_what_it_takes() && rng.chance_percent(SWIMMER_DODGES_PERCENT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::PlayerAction;
    use crate::run::record::{
        RECORDING_FORMAT, WALKERS_STAND_WHEN_CUT_OFF, WATER_KEEPS_WHAT_IT_TAKES,
    };

    /// A cave run, no monsters, the player swimming in a pond of radius 2 on open
    /// ground, carrying four of one potion.
    fn swimming_with_potions() -> RunState {
        let mut run = crate::run::staging::a_quiet_cave_run();
        let tiles = run.level.level.tiles.clone();
        let open = tiles
            .positions()
            .find(|&p| {
                (-5..=5)
                    .all(|dy| (-5..=5).all(|dx| tiles.get(p.offset(dx, dy)) == Some(Tile::Floor)))
            })
            .expect("open ground");
        let potion = (0..run.campaign.loot_table().items().len())
            .find(|&k| run.campaign.loot_table().items()[k].glyph == '!')
            .expect("a potion");
        run.stage()
            .set_monsters(Vec::new())
            .put_player(open)
            .carry(vec![potion; 4]);
        for dy in -2..=2 {
            for dx in -2..=2 {
                run.stage().lay(open.offset(dx, dy), Tile::DeepWater);
            }
        }
        run
    }

    /// Strokes back and forth until the current takes something: the run then.
    fn swim_until_something_is_taken(mut run: RunState) -> RunState {
        for stroke in 0..40 {
            run.apply(PlayerAction::Move(if stroke % 2 == 0 { 1 } else { -1 }, 0));
            if run.inventory.len() < 4 {
                return run;
            }
        }
        panic!("the current never took anything");
    }

    /// The same strokes take the same item on the same turn under both rules (the draw
    /// is the same); under format 8's it is gone, under today's it lies on the shore.
    #[test]
    fn a_run_of_format_8_loses_what_the_current_takes_and_a_later_one_finds_it_ashore() {
        let new = swimming_with_potions();
        assert_eq!(new.rules_of_format, RECORDING_FORMAT);
        let mut old = new.clone();
        old.rules_of_format = WATER_KEEPS_WHAT_IT_TAKES;
        let items_before = new.level.items.len();
        let (new, old) = (
            swim_until_something_is_taken(new),
            swim_until_something_is_taken(old),
        );
        assert_eq!(
            (new.turns, new.inventory.len()),
            (old.turns, old.inventory.len())
        );
        assert_eq!(
            old.level.items.len(),
            items_before,
            "gone under the old rule"
        );
        assert_eq!(
            new.level.items.len(),
            items_before + 1,
            "ashore under the new"
        );
        assert_eq!(old.broken_rule(), None);
        assert_eq!(new.broken_rule(), None);
    }

    /// A kobold hunting the swimmer from 5 tiles east and 1 south, after 8 turns: where
    /// it stands then.
    fn kobold_after_eight_turns(mut run: RunState) -> (Pos, Pos) {
        let kind = run
            .campaign
            .monster_table()
            .index_of("kobold")
            .expect("a kobold");
        let start = run.player.offset(5, 1);
        let hunting = delve_levels::monsters::Mind::Hunting(run.player);
        run.stage()
            .set_monsters(vec![delve_levels::monsters::Monster {
                kind,
                pos: start,
                hp: 5,
                mind: hunting,
                ..Default::default()
            }]);
        for _ in 0..8 {
            run.apply(PlayerAction::Wait);
        }
        (start, run.level.monsters[0].pos)
    }

    /// Under format 9's rules a walker cut off from a swimmer stands where it is; under
    /// today's it comes to the shore nearest them.
    #[test]
    fn a_run_of_format_9_leaves_a_cut_off_walker_where_it_stands() {
        let new = swimming_with_potions();
        let mut old = new.clone();
        old.rules_of_format = WALKERS_STAND_WHEN_CUT_OFF;
        let swimmer = new.player;
        let (start, moved) = kobold_after_eight_turns(new);
        assert_eq!(moved.chebyshev(swimmer), 3, "today's: on the nearest shore");
        let (start_old, stood) = kobold_after_eight_turns(old);
        assert_eq!(
            (start_old, stood),
            (start, start),
            "format 9's: where it was"
        );
    }

    /// Under format 8's rules no shot at a swimmer splashes into the water.
    #[test]
    fn a_run_of_format_8_never_dodges_a_shot_for_the_water() {
        let mut run = swimming_with_potions();
        let mut dodged = 0;
        for seed in 0..200 {
            let mut rng = StreamRng::new(seed, delve_levels::rng::Stream::Combat);
            dodged += usize::from(run.swimmer_dodges(&mut rng));
        }
        assert!((60..140).contains(&dodged), "{dodged} of 200 dodged");
        run.rules_of_format = WATER_KEEPS_WHAT_IT_TAKES;
        for seed in 0..200 {
            let mut rng = StreamRng::new(seed, delve_levels::rng::Stream::Combat);
            assert!(!run.swimmer_dodges(&mut rng));
        }
    }
}

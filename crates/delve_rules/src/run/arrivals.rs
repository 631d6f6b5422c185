//! Monsters that arrive while the player lingers (as Brogue's periodic spawns): now and
//! then a monster of the depth comes onto the level out of the player's sight, having
//! caught their scent, so that resting and dawdling cost something. Drawn from the
//! level's monster stream by the turn, so the same actions give the same arrivals.

use super::RunState;
use delve_levels::grid::Pos;
use delve_levels::monsters::{Mind, Monster, SpawnPlan, Speed, draw_kind};
use delve_levels::rng::{Stream, StreamRng, mix64};
use delve_levels::schedule::Actor;

/// Arrivals stop while the level holds this many times its starting count, in halves
/// (4: twice).
const ARRIVAL_CAP_HALVES: usize = 4;
/// An arriving monster comes onto the level at least this far from the player
/// (Chebyshev), out of their view.
pub const ARRIVAL_DISTANCE: i32 = 12;

const ARRIVAL_SALT: u64 = 0x4152_5249_5645_0000;

impl RunState {
    /// Maybe a monster arrives this turn (one chance in the campaign's
    /// [`arrivals`](delve_levels::config::CampaignConfig::arrivals); see the module): it
    /// hunts the place where the player stands now. It comes unheard: the player learns
    /// of it when it comes into view.
    pub(super) fn maybe_a_monster_arrives(&mut self) {
        let one_in = self.campaign.arrivals();
        if one_in == 0 {
            return;
        }
        let seed = mix64(self.level.key.level_seed() ^ mix64(self.turns ^ ARRIVAL_SALT));
        let mut rng = StreamRng::new(seed, Stream::Monsters);
        if rng.below(one_in) != 0 {
            return;
        }
        let tiles = &self.level.level.tiles;
        let plan = SpawnPlan::for_level(&self.level.key.config, self.depth);
        let settled = self
            .level
            .monsters
            .iter()
            .filter(|m| m.fades_at.is_none())
            .count();
        if settled * 2 >= plan.count(tiles.len()) * ARRIVAL_CAP_HALVES {
            return;
        }
        let table = self.campaign.shared_monster_table();
        let Some(kind) = draw_kind(&table.kinds_on(self.depth), &mut rng) else {
            return;
        };
        let Some(arriving) = table.kind(kind) else {
            return;
        };
        // A few tries at a tile of its ground, far and out of view.
        let (width, height) = (tiles.width() as u32, tiles.height() as u32);
        let spot = (0..24).find_map(|_| {
            let at = Pos::new(rng.below(width) as i32, rng.below(height) as i32);
            let fits = tiles.get(at).is_some_and(|t| arriving.moves.starts_on(t))
                && at.chebyshev(self.player) >= ARRIVAL_DISTANCE
                && !self.level.in_view(at)
                && self.level.monster_at(at).is_none();
            fits.then_some(at)
        });
        let Some(at) = spot else {
            return;
        };
        let hunting = Monster {
            kind,
            pos: at,
            hp: arriving.hp,
            mind: Mind::Hunting(self.player),
            ..Default::default()
        };
        self.bring_onto_the_level(hunting, arriving.speed);
    }

    /// Puts `monster` on the level under the next free number and on the turn schedule
    /// at `speed` (an arrival, a summoned or doubled monster); its number.
    pub(super) fn bring_onto_the_level(&mut self, monster: Monster, speed: Speed) -> u32 {
        let id = self.level.next_monster_id();
        self.level.monsters.push(Monster { id, ..monster });
        self.fight.schedule.add(Actor::Monster(id), speed.ticks());
        id
    }
}

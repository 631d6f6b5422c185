//! Hand-made situations for tests and tools: the player put next to a monster, hit points
//! set low, the stairs' item found. A run's state is private so that only its rules
//! change it; a [`Staging`] is the one other way in. Its changes keep the schedule and
//! the letters in step with what they change, and when a staging ends (the statement
//! that made it) the run must break no rule: [`RunState::broken_rule`], the checks a
//! save's restore makes, runs then and panics naming the rule. So what a test sets up is
//! a state the run could be in.

use super::{RunEnd, RunState};
use delve_levels::grid::{Pos, Tile};
use delve_levels::loot::Item;
use delve_levels::monsters::{Mind, Monster};

/// Changes to a run for setting up a situation ([`RunState::stage`]).
pub struct Staging<'a> {
    run: &'a mut RunState,
}

impl RunState {
    /// Sets up a situation by hand (tests and tools only): see [`Staging`].
    pub fn stage(&mut self) -> Staging<'_> {
        Staging { run: self }
    }

    /// The crowded cave the turn benchmarks time (`benches/generators.rs`, and the
    /// browser build's wasm-against-native timing): a `width`×`height` cave (depth 3,
    /// seed 5, with `features` when given) of the built-in campaign, with `monsters`
    /// monsters of every kind that stands on floor on every seventh free floor tile more
    /// than 3 steps from the player, half of them hunting the player and half wandering,
    /// and the player given as many hit points as a save may hold, so that no turn ends
    /// the run.
    pub fn crowded_cave(
        width: u32,
        height: u32,
        monsters: usize,
        features: Option<delve_levels::generator::FeatureConfig>,
    ) -> RunState {
        use delve_levels::config::CampaignConfig;
        use delve_levels::generator::{CaveConfig, GeneratorConfig};
        use delve_levels::key::LevelKey;
        use delve_levels::monsters::{Movement, default_monster_table};
        let mut config = GeneratorConfig::Cave(CaveConfig {
            width,
            height,
            ..CaveConfig::default()
        });
        if let Some(features) = features {
            config.set_features(features);
        }
        let key = LevelKey::new(config, 3, 5);
        let (mut run, _) =
            RunState::start(CampaignConfig::builtin(), Some(key), super::Rules::Monsters)
                .expect("a crowded cave starts");
        let table = default_monster_table();
        let kinds: Vec<usize> = (0..table.kinds().len())
            .filter(|&k| table.kinds()[k].moves != Movement::Swims)
            .collect();
        let tiles = &run.level().level.tiles;
        let player = run.player();
        let crowd = tiles
            .positions()
            .filter(|&p| tiles[p] == Tile::Floor && p.chebyshev(player) > 3)
            .step_by(7)
            .take(monsters)
            .enumerate()
            .map(|(i, pos)| Monster {
                id: i as u32,
                kind: kinds[i % kinds.len()],
                pos,
                hp: table.kinds()[kinds[i % kinds.len()]].hp,
                mind: if i % 2 == 0 {
                    Mind::Hunting(player)
                } else {
                    Mind::Wandering(i as u32 % 4)
                },
                ..Default::default()
            })
            .collect();
        let most = super::save::MOST_HIT_POINTS;
        run.stage()
            .set_monsters(crowd)
            .set_most_hit_points(most)
            .set_hit_points(most);
        run
    }
}

impl Drop for Staging<'_> {
    /// The situation set up must be one the run could be in.
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        if let Some(rule) = self.run.broken_rule() {
            panic!("staging left a run no play could reach: {rule}");
        }
    }
}

impl Staging<'_> {
    /// Lays `tile` at `at` on the level in play (terrain for a test: a trap, lava, a
    /// chasm), and looks again from where the player stands.
    pub fn lay(&mut self, at: Pos, tile: Tile) -> &mut Self {
        let level = &mut self.run.level;
        level.level.tiles[at] = tile;
        level.forget_maps();
        level.look_from(self.run.player);
        self
    }

    /// Plays the run on by the rules of recording format `format` (as a replay of one
    /// does), to show an old rule kept.
    pub fn play_by_format(&mut self, format: u32) -> &mut Self {
        self.run.rules_of_format = format;
        self
    }

    /// Marks the trap or the secret door at `at` found, as searching would.
    pub fn find(&mut self, at: Pos) -> &mut Self {
        self.run.level.find(at);
        self
    }

    /// Puts the player at `at` and looks from there.
    pub fn put_player(&mut self, at: Pos) -> &mut Self {
        self.run.player = at;
        self.run.level.look_from(at);
        self
    }

    /// Puts `monsters` on the level in place of its own, and schedules them (and only
    /// them) to act after the player.
    ///
    /// # Panics
    /// If the run is peaceful and `monsters` is not empty.
    pub fn set_monsters(&mut self, monsters: Vec<Monster>) -> &mut Self {
        let run = &mut *self.run;
        if run.rules.has_monsters() {
            run.level.monsters = monsters;
            run.fight
                .schedule_level(&run.level.monsters, run.campaign.monster_table());
        } else {
            assert!(
                monsters.is_empty(),
                "staging: a peaceful run has no monsters"
            );
            run.level.monsters.clear();
        }
        self
    }

    /// Adds `monster` to the level's monsters (scheduled like the others).
    pub fn add_monster(&mut self, monster: Monster) -> &mut Self {
        let mut monsters = self.run.level.monsters.clone();
        monsters.push(monster);
        self.set_monsters(monsters)
    }

    /// Sets what monster `index` (of the level's list) has in mind.
    pub fn set_mind(&mut self, index: usize, mind: Mind) -> &mut Self {
        self.run.level.monsters[index].mind = mind;
        self
    }

    /// Sets the hit points of monster `index` (of the level's list).
    pub fn set_monster_hp(&mut self, index: usize, hp: u32) -> &mut Self {
        self.run.level.monsters[index].hp = hp;
        self
    }

    /// Has the level of encoded key `key`, visited and left, remember `monsters` (they
    /// are there when the player comes back).
    ///
    /// # Panics
    /// If no level of that key was left.
    pub fn set_remembered_monsters(&mut self, key: &str, monsters: Vec<Monster>) -> &mut Self {
        let memory = self
            .run
            .memories
            .get_mut(key)
            .unwrap_or_else(|| panic!("staging: no level {key} was left"));
        memory.monsters = Some(monsters);
        self
    }

    /// Marks monster `id` as seen by the player before (its coming into view is not
    /// news).
    pub fn notice_monster(&mut self, id: u32) -> &mut Self {
        self.run.level.notice(id);
        self
    }

    /// Takes every monster off the level (and out of the schedule).
    pub fn clear_monsters(&mut self) -> &mut Self {
        self.set_monsters(Vec::new())
    }

    /// Takes whatever item lies at `at` off the level, as if it had never been there.
    pub fn remove_item_at(&mut self, at: Pos) -> &mut Self {
        self.run.level.items.retain(|i| i.pos != at);
        self
    }

    /// Takes every item off the level.
    pub fn clear_items(&mut self) -> &mut Self {
        self.run.level.items.clear();
        self
    }

    /// Lays an item of loot table kind `kind` at `at`.
    ///
    /// # Panics
    /// If the loot table has no such kind, or something lies there already.
    pub fn put_item(&mut self, at: Pos, kind: usize) -> &mut Self {
        let run = &mut *self.run;
        assert!(
            run.campaign.loot_table().items().get(kind).is_some(),
            "staging: the loot table has no item kind {kind}"
        );
        assert!(
            !run.level.items.iter().any(|i| i.pos == at),
            "staging: an item lies at {at} already"
        );
        run.level.put_item(at, Item::plain(kind));
        self
    }

    /// Puts a price of `price` gold on the item lying at `at` (as a shop's wares lie).
    ///
    /// # Panics
    /// If nothing lies there.
    pub fn price_item(&mut self, at: Pos, price: u32) -> &mut Self {
        let lying = (self.run.level.items.iter_mut()).find(|i| i.pos == at);
        lying
            .unwrap_or_else(|| panic!("staging: nothing lies at {at}"))
            .price = price;
        self
    }

    /// Sets the gold the player has found (the purse, with none spent).
    pub fn set_gold(&mut self, gold: u32) -> &mut Self {
        self.run.fight.gold = gold;
        self.run.fight.gold_spent = 0;
        self
    }

    /// Has the player carry `items` (loot table kinds) instead of what they carry, each
    /// kind under a letter (each thing that never stacks under its own), nothing worn
    /// or wielded.
    pub fn carry(&mut self, items: Vec<usize>) -> &mut Self {
        let run = &mut *self.run;
        let fight = &mut run.fight;
        fight.letters.clear();
        fight.former_letters.clear();
        fight.weapon = None;
        fight.armour = None;
        fight.ring = None;
        fight.second_ring = None;
        // As picked up one by one: a thing that never stacks is a copy of its own.
        run.inventory.clear();
        for kind in items {
            let item = run.as_carried(Item::plain(kind));
            run.inventory.push(item);
        }
        run.letter_everything();
        self
    }

    /// Gives the player one item of kind `kind`, as if picked up (under its kind's
    /// letter, or the next one).
    pub fn give(&mut self, kind: usize) -> &mut Self {
        self.give_item(Item::plain(kind))
    }

    /// Gives the player `item` (enchanted or not), as if picked up. A vault key given is
    /// the level's own, taken from where it lies when one lies there as made (a key
    /// comes from nowhere else: a save holds no more of them than its level gave up).
    pub fn give_item(&mut self, item: Item) -> &mut Self {
        let run = &mut *self.run;
        if run.campaign.loot_table().key_item() == Some(item.kind) {
            let level = &run.level;
            let lying = (level.level.loot.iter())
                .find(|made| {
                    made.item == item.kind
                        && (level.items.iter()).any(|i| i.pos == made.pos && i.item == item.kind)
                })
                .map(|made| made.pos);
            if let Some(at) = lying {
                run.level.take_item(at);
            }
        }
        let item = self.run.as_carried(item);
        self.run.inventory.push(item);
        self.run.give_letter(item);
        self
    }

    /// Marks the tile of row-major index `index` as seen (remembered on the map).
    pub fn remember(&mut self, index: usize) -> &mut Self {
        self.run.level.seen[index] = true;
        self
    }

    /// Marks the tile at `at` as never seen (forgotten from the map).
    pub fn forget(&mut self, at: Pos) -> &mut Self {
        let index = self.run.level.level.tiles.index_of(at);
        self.run.level.seen[index] = false;
        self
    }

    /// Marks the whole level as seen, as a scroll of magic mapping does.
    pub fn remember_everything(&mut self) -> &mut Self {
        self.run.level.remember_everything();
        self
    }

    /// Sets the turns taken.
    pub fn set_turns(&mut self, turns: u64) -> &mut Self {
        self.run.turns = turns;
        self
    }

    /// Sets the player's hit points (the most stays: more than it, or 0 while the run
    /// goes on, breaks a rule; dying is [`Staging::end_run`]).
    pub fn set_hit_points(&mut self, hp: u32) -> &mut Self {
        self.run.fight.hp = hp;
        self
    }

    /// Sets the player's most hit points (hit points above it come down to it).
    pub fn set_most_hit_points(&mut self, most: u32) -> &mut Self {
        let fight = &mut self.run.fight;
        fight.max_hp = most;
        fight.hp = fight.hp.min(most);
        self
    }

    /// Sets the turns of food left in the player's stomach (see
    /// [`hunger`](super::hunger)).
    pub fn set_food(&mut self, food: u32) -> &mut Self {
        self.run.fight.food = food;
        self
    }

    /// Gives the player `xp` experience, with the levels (and hit points) it brings.
    pub fn gain_experience(&mut self, xp: u32) -> &mut Self {
        self.run.fight.gain_xp(xp);
        self
    }

    /// Makes `depth` the campaign's final depth (its open stairs down win the run).
    ///
    /// # Panics
    /// If `depth` is 0.
    pub fn set_final_depth(&mut self, depth: u32) -> &mut Self {
        assert!(depth > 0, "staging: a final depth of 0");
        self.run.campaign.final_depth = Some(depth);
        self
    }

    /// Confuses the player until turn `turn`.
    pub fn confuse_until(&mut self, turn: u64) -> &mut Self {
        self.run.fight.confused_until = turn;
        self
    }

    /// Marks the must-find item of `depth` as found (its stairs down open).
    pub fn mark_found(&mut self, depth: u32) -> &mut Self {
        self.run.fight.mark_found(depth);
        self
    }

    /// Ends the run: won, or died (hit points 0).
    pub fn end_run(&mut self, end: RunEnd) -> &mut Self {
        if matches!(end, RunEnd::Died { .. }) {
            self.run.fight.hp = 0;
        }
        self.run.fight.end = Some(end);
        self
    }
}

/// For the rules' own tests: a run of the built-in campaign cut to one cave depth, with
/// monsters but none arriving.
#[cfg(test)]
pub(crate) fn a_quiet_cave_run() -> RunState {
    let mut campaign = delve_levels::config::CampaignConfig::builtin();
    campaign.arrivals = Some(0);
    campaign.depths = vec![delve_levels::generator::GeneratorKind::Cave.default_config()];
    RunState::start(campaign, None, crate::run::Rules::Monsters)
        .expect("it starts")
        .0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Rules;
    use delve_levels::config::CampaignConfig;

    fn run(rules: Rules) -> RunState {
        RunState::start(CampaignConfig::builtin(), None, rules)
            .expect("the run starts")
            .0
    }

    #[test]
    #[should_panic(expected = "staging left a run no play could reach: the player stands at")]
    fn staging_the_player_in_a_wall_is_refused_when_the_staging_ends() {
        let mut run = run(Rules::Monsters);
        let wall = run
            .level
            .level
            .tiles
            .positions()
            .find(|&p| !run.level.level.tiles.is_walkable(p))
            .expect("a level has walls");
        run.stage().put_player(wall);
    }

    #[test]
    #[should_panic(expected = "a peaceful run's fight has changed")]
    fn staging_a_peaceful_runs_hit_points_is_refused() {
        run(Rules::Peaceful).stage().set_hit_points(5);
    }

    #[test]
    fn steps_of_one_staging_may_pass_through_a_state_only_its_end_must_keep() {
        // Most hit points first (the hit points come down with them), then the hit
        // points: checked once, at the end of the statement.
        let mut run = run(Rules::Monsters);
        run.stage().set_most_hit_points(60).set_hit_points(60);
        assert_eq!((run.fight.hp, run.fight.max_hp), (60, 60));
    }
}

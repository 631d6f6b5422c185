//! Hand-made situations for tests and tools: the player put next to a monster, hit points
//! set low, the stairs' item found. A run's state is private so that only its rules
//! change it; a [`Staging`] is the one other way in, and each of its changes keeps what
//! the rules keep (the player on open ground, every monster on the level scheduled and
//! only those, hit points within the most, letters for what is carried) — so what a test
//! sets up is a state the run could be in, and [`RunState::broken_rule`] still holds.
//!
//! Only with the `internals` feature (the integration tests and benchmarks turn it on)
//! and in the crate's own tests.

use super::{RunEnd, RunState};
use crate::base::grid::Pos;
use crate::content::loot::PlacedItem;
use crate::content::monsters::{Mind, Monster};

/// Changes to a run for setting up a situation ([`RunState::stage`]).
pub struct Staging<'a> {
    run: &'a mut RunState,
}

impl RunState {
    /// Sets up a situation by hand (tests and tools only): see [`Staging`].
    pub fn stage(&mut self) -> Staging<'_> {
        Staging { run: self }
    }
}

impl Staging<'_> {
    /// Puts the player at `at` and looks from there.
    ///
    /// # Panics
    /// If `at` is not open ground, or a monster stands there.
    pub fn put_player(&mut self, at: Pos) -> &mut Self {
        let run = &mut *self.run;
        assert!(
            run.level.level.tiles.is_walkable(at),
            "staging: {at} is not open ground"
        );
        assert!(
            run.level.monster_at(at).is_none(),
            "staging: a monster stands at {at}"
        );
        run.player = at;
        run.level.look_from(at);
        self
    }

    /// Puts `monsters` on the level in place of its own, and schedules them (and only
    /// them) to act after the player.
    ///
    /// # Panics
    /// If one stands on the player, off open ground, or two share a tile or a number.
    pub fn set_monsters(&mut self, monsters: Vec<Monster>) -> &mut Self {
        let run = &mut *self.run;
        for (i, monster) in monsters.iter().enumerate() {
            assert!(
                monster.pos != run.player,
                "staging: monster {} stands on the player",
                monster.id
            );
            assert!(
                run.level.level.tiles.is_walkable(monster.pos),
                "staging: monster {} stands at {}, which is not open ground",
                monster.id,
                monster.pos
            );
            assert!(
                monsters[..i]
                    .iter()
                    .all(|m| m.pos != monster.pos && m.id != monster.id),
                "staging: two monsters share a tile or the number {}",
                monster.id
            );
        }
        run.level.monsters = monsters;
        run.fight.schedule_level(&run.level.monsters);
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
    ///
    /// # Panics
    /// If `hp` is 0 (a dead monster is off the level).
    pub fn set_monster_hp(&mut self, index: usize, hp: u32) -> &mut Self {
        assert!(hp > 0, "staging: a monster with no hit points");
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
        run.level.items.push(PlacedItem {
            pos: at,
            item: kind,
        });
        self
    }

    /// Has the player carry `items` (loot table kinds) instead of what they carry, each
    /// kind under a letter, nothing worn or wielded.
    ///
    /// # Panics
    /// If the loot table has no such kind.
    pub fn carry(&mut self, items: Vec<usize>) -> &mut Self {
        let run = &mut *self.run;
        let kinds = run.campaign.loot_table().items().len();
        assert!(
            items.iter().all(|&k| k < kinds),
            "staging: the loot table has {kinds} kinds"
        );
        let fight = &mut run.fight;
        fight.letters.clear();
        fight.weapon = None;
        fight.armour = None;
        fight.ring = None;
        fight.second_ring = None;
        run.inventory = items;
        run.letter_everything();
        self
    }

    /// Gives the player one item of kind `kind`, as if picked up (under its kind's
    /// letter, or the next one).
    ///
    /// # Panics
    /// If the loot table has no such kind.
    pub fn give(&mut self, kind: usize) -> &mut Self {
        let mut items = self.run.inventory.clone();
        items.push(kind);
        let run = &mut *self.run;
        assert!(
            run.campaign.loot_table().items().get(kind).is_some(),
            "staging: the loot table has no item kind {kind}"
        );
        run.inventory = items;
        run.give_letter(kind);
        self
    }

    /// Marks the tile of row-major index `index` as seen (remembered on the map).
    pub fn remember(&mut self, index: usize) -> &mut Self {
        self.run.level.seen[index] = true;
        self
    }

    /// Marks the whole level as seen, as a scroll of magic mapping does.
    pub fn remember_everything(&mut self) -> &mut Self {
        self.run.level.seen.iter_mut().for_each(|s| *s = true);
        self
    }

    /// Sets the turns taken.
    pub fn set_turns(&mut self, turns: u64) -> &mut Self {
        self.run.turns = turns;
        self
    }

    /// Sets the player's hit points (the most stays; more than it is refused).
    ///
    /// # Panics
    /// If `hp` is above the most hit points, or is 0 (dying is [`Staging::end_run`]).
    pub fn set_hit_points(&mut self, hp: u32) -> &mut Self {
        let fight = &mut self.run.fight;
        assert!(
            (1..=fight.max_hp).contains(&hp),
            "staging: {hp} hit points of {}",
            fight.max_hp
        );
        fight.hp = hp;
        self
    }

    /// Sets the player's most hit points (hit points above it come down to it).
    ///
    /// # Panics
    /// If `most` is 0.
    pub fn set_most_hit_points(&mut self, most: u32) -> &mut Self {
        assert!(most > 0, "staging: no most hit points");
        let fight = &mut self.run.fight;
        fight.max_hp = most;
        fight.hp = fight.hp.min(most);
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

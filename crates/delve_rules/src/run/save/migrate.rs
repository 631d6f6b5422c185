//! Saves of older delves, brought up to date as they load: the generation a save
//! without one goes on in, the editions of the embedded loot and monster tables an
//! older run keeps playing, and the purse, letters and must-find rule a run saved
//! before them gets.

use super::GameSave;
use crate::run::RunState;
use delve_levels::config::HeldTables;
use delve_levels::generator::Generation;
use delve_levels::loot::{Effect, FIRST_EDITION_LOOT_RON, Item, PlacedItem, default_loot_table};
use delve_levels::monsters::{FIRST_EDITION_MONSTERS_RON, MONSTER_TABLE_EDITION, Monster};

/// The generation a save without [`GameSave::generation`] goes on in: every such save
/// was made while generation 2 was the newest, and its run went on making levels by it.
pub const GENERATION_OF_AN_OLDER_SAVE: Generation = Generation::Second;

/// The gold pieces a heap of gold carried in a save from before the purse is worth.
pub const GOLD_OF_AN_OLDER_SAVE: u32 = 10;

/// The generation the saved run's new levels are made in: its own, or, for a save from
/// before generations were saved, [`GENERATION_OF_AN_OLDER_SAVE`].
pub(super) fn generation_of(save: &GameSave) -> Result<Generation, String> {
    match save.generation {
        None => Ok(GENERATION_OF_AN_OLDER_SAVE),
        Some(number) => Generation::from_number(number).ok_or_else(|| {
            format!(
                "the run's new levels are of generation {number}, which this delve does not know"
            )
        }),
    }
}

/// The tables the saved run plays by beyond its campaign's: its own loot and monster
/// tables and vault set as saved, or the edition of an embedded table that an older
/// run went on with (the first edition of the monster table for a save from before
/// editions; the first of the loot table before generation 3).
pub(super) fn tables_held_by(
    save: &GameSave,
    generation: Generation,
) -> Result<HeldTables, String> {
    let monsters = match (&save.monster_table, save.monster_edition) {
        (Some(own), _) => Some(own.clone()),
        (None, Some(MONSTER_TABLE_EDITION)) => None,
        (None, Some(edition)) => {
            return Err(format!(
                "the run plays edition {edition} of the monster table, which this delve does not know (it knows 1 and {MONSTER_TABLE_EDITION})"
            ));
        }
        // Made before editions: a run with monsters of the embedded table goes on
        // with the first edition of it.
        (None, None) => (save.fight.is_some() && save.campaign.monsters.is_none())
            .then(|| FIRST_EDITION_MONSTERS_RON.to_owned()),
    };
    // A run with the embedded loot table plays its generation's edition of it (the
    // first before generation 3).
    let first_edition =
        generation.embedded_loot_table().fingerprint() != default_loot_table().fingerprint();
    let loot = match &save.loot_table {
        Some(own) => Some(own.clone()),
        None if first_edition && save.campaign.loot.is_none() => {
            Some(FIRST_EDITION_LOOT_RON.to_owned())
        }
        None => None,
    };
    Ok(HeldTables {
        loot,
        monsters,
        vaults: save.vault_set.clone(),
    })
}

impl RunState {
    /// A save made before enchantments belonged to items kept them by kind (every one
    /// of the kind carried them): they go onto every item of the kind the player
    /// carries, wears or wields, has dropped or thrown, or lost to a thief, and the
    /// kind's record of them is emptied. (Items of the kind the levels were made with
    /// stay plain, as they are in a run today.)
    pub(super) fn move_enchantments_onto_items(&mut self) {
        let by_kind = std::mem::take(&mut self.fight.enchantments);
        if by_kind.is_empty() {
            return;
        }
        let grown = |item: Item| match by_kind.get(&item.kind) {
            Some(&plus) if item.plus == 0 => Item { plus, ..item },
            _ => item,
        };
        let grown_lying = |placed: &mut PlacedItem| placed.plus = grown(placed.held()).plus;
        let grown_stolen = |monster: &mut Monster| monster.carries = monster.carries.map(grown);
        self.inventory.iter_mut().for_each(|i| *i = grown(*i));
        let fight = &mut self.fight;
        for held in fight.slots_mut() {
            *held = held.map(grown);
        }
        fight.letters.values_mut().for_each(|i| *i = grown(*i));
        fight.former_letters = std::mem::take(&mut fight.former_letters)
            .into_iter()
            .map(|(i, letter)| (grown(i), letter))
            .collect();
        fight.wand_charges_used = std::mem::take(&mut fight.wand_charges_used)
            .into_iter()
            .map(|(i, used)| (grown(i), used))
            .collect();
        for memory in self.memories.values_mut() {
            memory.dropped.iter_mut().for_each(grown_lying);
            memory.monsters.iter_mut().flatten().for_each(grown_stolen);
        }
        let dropped = self.level.dropped();
        let level = &mut self.level;
        for placed in level.items.iter_mut().filter(|i| dropped.contains(i)) {
            grown_lying(placed);
        }
        level.monsters.iter_mut().for_each(grown_stolen);
    }

    /// A run of a generation before the third knew every kind it carried two of (the
    /// "two alike" rule of those days): they stay known.
    pub(super) fn keep_two_alike_known(&mut self) {
        for (item, count) in crate::run::items::inventory_stacks(&self.inventory) {
            if count >= 2
                && self.rules.items_work()
                && let Err(at) = self.fight.identified.binary_search(&item.kind)
            {
                self.fight.identified.insert(at, item.kind);
            }
        }
    }

    /// A run with monsters saved before the purse, the inventory letters and the
    /// must-find rule existed: its gold goes to the purse ([`GOLD_OF_AN_OLDER_SAVE`]
    /// a heap), its runes leave the inventory — every depth above counts as found, and
    /// this one if its item was taken — and every carried kind gets a letter, in the
    /// order its panel showed them.
    pub(super) fn bring_up_to_date(&mut self) {
        if !self.rules.has_a_goal() {
            return;
        }
        let fight = &self.fight;
        let table = self.campaign.loot_table();
        let is = |kind: usize, test: fn(&delve_levels::loot::LootItem) -> bool| {
            table.items().get(kind).is_some_and(test)
        };
        let gold = self
            .inventory
            .iter()
            .filter(|&&k| is(k.kind, |i| i.effect == Effect::Gold))
            .count() as u32;
        let runes = self.inventory.iter().any(|&k| is(k.kind, |i| i.must_find));
        let nothing_found_below_the_first = fight.found.is_empty() && self.depth > 1;
        if gold == 0
            && !runes
            && !nothing_found_below_the_first
            && (!fight.letters.is_empty() || self.inventory.is_empty())
        {
            return;
        }
        let found_here = self.must_find_here().is_some_and(|_| {
            let taken = self.level.taken();
            self.level
                .level
                .loot
                .iter()
                .any(|i| is(i.item, |k| k.must_find) && taken.contains(&i.pos))
        });
        let depth = self.depth;
        self.inventory
            .retain(|&k| !is(k.kind, |i| i.effect == Effect::Gold || i.must_find));
        let fight = &mut self.fight;
        fight.gold = fight
            .gold
            .saturating_add(gold.saturating_mul(GOLD_OF_AN_OLDER_SAVE));
        if runes || nothing_found_below_the_first {
            for above in 1..depth {
                fight.mark_found(above);
            }
        }
        if found_here {
            fight.mark_found(depth);
        }
        self.letter_everything();
    }
}

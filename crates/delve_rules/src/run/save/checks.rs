//! The rules of a reachable state, checked of a save before it becomes a run and of a
//! run in play ([`RunState::broken_rule`]): the player on open ground, monsters where
//! they can stand, what is carried, worn and wielded, the fight's numbers, and a level's
//! changed terrain.

use crate::run::fight::MOST_ENCHANTMENTS;
use crate::run::level::{LevelInPlay, LevelMemory};
use crate::run::terrain::{monster_can_stand, player_can_stand};
use crate::run::{Fight, RunEnd, RunState};
use delve_levels::grid::{Pos, Tile};
use delve_levels::key::LevelKey;
use delve_levels::loot::{Effect, Item, LootTable};
use delve_levels::monsters::{Mind, Monster, MonsterTable};
use delve_levels::schedule::Actor;

impl RunState {
    /// The first rule of a reachable state the run breaks, in words — `None` when every
    /// one holds. The same checks [`RunState::restore`] makes of a save, made of the run
    /// in play (nothing is generated), so that a fuzzer or a test can ask after every
    /// step whether the rules let the run get somewhere they never should.
    pub fn broken_rule(&self) -> Option<String> {
        self.check_rules().err()
    }

    pub(super) fn check_rules(&self) -> Result<(), String> {
        // The dead may lie where no one can stand (lava, a burning lake).
        let died = matches!(self.end(), Some(crate::run::RunEnd::Died { .. }));
        if !died
            && !self
                .level
                .tile_at(self.player)
                .is_some_and(player_can_stand)
        {
            return Err(format!(
                "the player stands at {}, which is not open ground",
                self.player
            ));
        }
        check_monsters(
            &self.level.key,
            &self.level.monsters,
            self.campaign.monster_table(),
            self.campaign.loot_table(),
        )?;
        let table = self.campaign.loot_table();
        check_ground_items(&self.level, table).map_err(|e| format!("depth {}: {e}", self.depth))?;
        if !self.rules.saves_the_fight() && self.fight != Fight::new() {
            return Err("a peaceful run's fight has changed (its rules never change it)".into());
        }
        let fight = self.rules.saves_the_fight().then_some(&self.fight);
        check_carried(fight, &self.inventory, table, self.turns)?;
        if self.turns > MOST_TURNS {
            return Err(format!(
                "the run has taken {} turns (at most {MOST_TURNS})",
                self.turns
            ));
        }
        if self.rules.saves_the_fight() {
            self.check_the_runs_story()?;
        }
        if let Some(fight) = fight {
            check_level_in_play(
                &self.level,
                self.player,
                fight,
                self.campaign.monster_table(),
            )?;
        }
        Ok(())
    }
}

/// The most turns a save may hold: years of play, far below where a count could wrap.
pub const MOST_TURNS: u64 = 100_000_000;

/// The most attacks a save may count: a thousand a turn over the most turns, far
/// beyond any run, far below where the count could wrap.
pub const MOST_ATTACKS: u64 = MOST_TURNS * 1_000;

/// The most items one can carry (far more than any level holds).
pub const MOST_CARRIED: usize = 1_000;

/// The highest number a monster can have on a level.
pub const MOST_MONSTER_ID: u32 = 1 << 24;

/// The longest name or cause a save may hold, in characters.
pub const MOST_NAME_CHARS: usize = 200;

/// The most notes a run's chronicle may hold (a note a depth arrived, a level gained,
/// an item identified: a few hundred in the longest runs).
pub const MOST_NOTES: usize = 100_000;

impl RunState {
    /// The run's story holds together: an end the rules could give (won on the final
    /// depth, dead with no hit points), most hit points its experience level has gained,
    /// no more kills in the chronicle than the fight counted, its depths found only where
    /// it went, no gold or must-find item in the pack where they go to the purse and the
    /// stairs, and names of a sane length.
    fn check_the_runs_story(&self) -> Result<(), String> {
        let fight = &self.fight;
        match &fight.end {
            Some(RunEnd::Won) if self.depth != self.campaign.final_depth() => {
                return Err(format!(
                    "the run is won on depth {}, but the way out is on depth {}",
                    self.depth,
                    self.campaign.final_depth()
                ));
            }
            Some(RunEnd::Died { .. }) if fight.hp > 0 => {
                return Err(format!("the player is dead with {} hit points", fight.hp));
            }
            Some(RunEnd::Died { cause }) if cause.chars().count() > MOST_NAME_CHARS => {
                return Err(format!(
                    "the cause of death is {} characters long (at most {MOST_NAME_CHARS})",
                    cause.chars().count()
                ));
            }
            _ => {}
        }
        let gained = 1 + (fight.level.saturating_sub(1)) * crate::run::fight::HP_PER_LEVEL;
        if fight.max_hp < gained {
            return Err(format!(
                "the player has {} most hit points at experience level {} (at least {gained})",
                fight.max_hp, fight.level
            ));
        }
        if fight.food > crate::run::hunger::STOMACH {
            return Err(format!(
                "the player's stomach holds {} turns of food (at most {})",
                fight.food,
                crate::run::hunger::STOMACH
            ));
        }
        let chronicled: u64 = self.chronicle.kills.values().map(|&k| u64::from(k)).sum();
        if chronicled > u64::from(fight.kills) {
            return Err(format!(
                "the chronicle counts {chronicled} kills, but the player has made {}",
                fight.kills
            ));
        }
        if let Some(name) =
            (self.chronicle.kills.keys()).find(|n| n.chars().count() > MOST_NAME_CHARS)
        {
            return Err(format!(
                "the chronicle counts kills of a kind named with {} characters (at most {MOST_NAME_CHARS})",
                name.chars().count()
            ));
        }
        let notes = &self.chronicle.notes;
        if notes.len() > MOST_NOTES {
            return Err(format!(
                "the chronicle holds {} notes (at most {MOST_NOTES})",
                notes.len()
            ));
        }
        let too_long = |text: &str| text.chars().count() > crate::run::messages::MOST_MESSAGE_CHARS;
        if let Some(place) = notes.iter().position(|n| too_long(&n.text)) {
            return Err(format!(
                "the chronicle's note {} is longer than {} characters",
                place + 1,
                crate::run::messages::MOST_MESSAGE_CHARS
            ));
        }
        let origin = &self.chronicle.origin;
        if [&origin.started, &origin.daily]
            .into_iter()
            .flatten()
            .any(|t| t.chars().count() > MOST_NAME_CHARS)
            || self.campaign.name.chars().count() > MOST_NAME_CHARS
        {
            return Err(format!(
                "the campaign's name or the run's start or daily date is longer than {MOST_NAME_CHARS} characters"
            ));
        }
        if let Some(depth) = fight.found.iter().find(|d| !self.keys.contains_key(d)) {
            return Err(format!(
                "the must-find item of depth {depth} is found, but depth {depth} was never visited"
            ));
        }
        if self.inventory.len() > MOST_CARRIED {
            return Err(format!(
                "the player carries {} items (at most {MOST_CARRIED})",
                self.inventory.len()
            ));
        }
        let table = self.campaign.loot_table();
        if self.rules.has_a_goal()
            && let Some(item) = self.inventory.iter().find(|i| {
                table
                    .items()
                    .get(i.kind)
                    .is_some_and(|k| k.must_find || k.effect == Effect::Gold)
            })
        {
            return Err(format!(
                "the player carries {} as an item (it goes to the purse or opens the stairs)",
                table.true_name(item.kind)
            ));
        }
        Ok(())
    }
}

/// Checks what is carried: every item of a kind the loot table has and, in a run with
/// monsters, the fight's numbers, what is worn and wielded, and letters that name
/// carried kinds.
pub(in crate::run) fn check_carried(
    fight: Option<&Fight>,
    inventory: &[Item],
    table: &LootTable,
    turns: u64,
) -> Result<(), String> {
    if let Some(item) = inventory
        .iter()
        .find(|i| table.items().get(i.kind).is_none())
    {
        return Err(format!(
            "the inventory holds item {}, but the loot table has {} kinds",
            item.kind,
            table.items().len()
        ));
    }
    if let Some(item) = inventory.iter().find(|i| i.plus > MOST_ENCHANTMENTS) {
        return Err(format!(
            "the inventory holds item {} with +{}, more than the {MOST_ENCHANTMENTS} enchanting can give",
            item.kind, item.plus
        ));
    }
    if let Some(fight) = fight {
        check_fight(fight)?;
        check_equipment(fight, inventory, table, turns)?;
        if let Some(letter) = fight
            .letters
            .iter()
            .find(|(_, item)| !inventory.contains(item))
            .map(|(letter, _)| letter)
        {
            return Err(format!("inventory letter {letter:?} names nothing carried"));
        }
    }
    Ok(())
}

/// Checks the level in play of a run with monsters: nobody on the player or in a wall,
/// and a turn schedule that holds everyone on the level, each once, and nobody else.
pub(super) fn check_level_in_play(
    level: &LevelInPlay,
    player: Pos,
    fight: &Fight,
    table: &MonsterTable,
) -> Result<(), String> {
    if level.monsters.iter().any(|m| m.pos == player) {
        return Err("a monster stands on the player".into());
    }
    if let Some(m) = monster_in_a_wall(level, &level.monsters, table) {
        return Err(format!("a monster stands in a wall at {}", m.pos));
    }
    let scheduled = |actor| fight.schedule.contains(actor);
    if !scheduled(Actor::Player)
        || level
            .monsters
            .iter()
            .any(|m| !scheduled(Actor::Monster(m.id)))
    {
        return Err("the turn schedule does not hold everyone on the level".into());
    }
    fight.schedule.check()?;
    let stranger = fight.schedule.actors().find(|&actor| match actor {
        Actor::Player => false,
        Actor::Monster(id) => !level.monsters.iter().any(|m| m.id == id),
    });
    if let Some(stranger) = stranger {
        return Err(format!(
            "the turn schedule holds {stranger:?}, who is not on the level"
        ));
    }
    Ok(())
}

/// The first of `monsters` on a tile of `level` its kind cannot stand on (a wall; dry
/// ground, for a swimmer), if any.
fn monster_in_a_wall<'a>(
    level: &LevelInPlay,
    monsters: &'a [Monster],
    table: &MonsterTable,
) -> Option<&'a Monster> {
    monsters.iter().find(|m| {
        !level
            .tile_at(m.pos)
            .is_some_and(|t| monster_can_stand(m, table, t))
    })
}

/// Checks what a level in play remembers changing on its ground: every tile found hid
/// something (a secret door or a trap) and every door opened was a door.
pub(super) fn check_terrain_changes(
    level: &LevelInPlay,
    memory: &LevelMemory,
) -> Result<(), String> {
    if let Some(at) = memory.found.iter().find(|&&at| !level.has_found(at)) {
        return Err(format!(
            "found something hidden at {at}, where nothing hides"
        ));
    }
    if let Some(at) = memory
        .opened
        .iter()
        .find(|&&at| level.opened().binary_search(&at).is_err())
    {
        return Err(format!(
            "opened a door at {at}, where no closed door stands"
        ));
    }
    Ok(())
}

/// Checks what a remembered level (not the one in play) holds against its ground, made
/// again from its key: each monster on a tile it can stand on, and its items
/// ([`check_ground_items`]).
pub(super) fn check_remembered_ground(
    level: &LevelInPlay,
    memory: &LevelMemory,
    table: &MonsterTable,
    loot: &LootTable,
) -> Result<(), String> {
    let monsters = memory.monsters.as_deref().unwrap_or_default();
    if let Some(m) = monster_in_a_wall(level, monsters, table) {
        let name = table.kind(m.kind).map_or("monster", |k| k.name.as_str());
        return Err(format!("a {name} stands in a wall at {}", m.pos));
    }
    check_ground_items(level, loot)
}

/// Checks the items of a level — remembered or in play, the same rules for both: every
/// item lying on it (generated and not taken, or dropped by the player, a monster, a
/// throw) inside the level, off the walls, of a kind the loot table has and enchanted
/// no more than enchanting can; every taken item where the level had loot.
pub(super) fn check_ground_items(level: &LevelInPlay, loot: &LootTable) -> Result<(), String> {
    for item in &level.items {
        match level.tile_at(item.pos) {
            None => return Err(format!("an item lies outside the level at {}", item.pos)),
            Some(Tile::Wall) => return Err(format!("an item lies in a wall at {}", item.pos)),
            Some(_) => {}
        }
        if loot.items().get(item.item).is_none() || item.plus > MOST_ENCHANTMENTS {
            return Err(format!(
                "an item at {} is of kind {} with +{}, which the loot table ({} kinds) cannot give",
                item.pos,
                item.item,
                item.plus,
                loot.items().len()
            ));
        }
    }
    let taken = level.taken();
    if let Some(at) = taken
        .iter()
        .find(|&&at| !level.level.loot.iter().any(|i| i.pos == at))
    {
        return Err(format!(
            "an item was taken at {at}, where the level had none"
        ));
    }
    Ok(())
}

/// Checks a saved level's monsters: each of a known kind, inside the level, alone on
/// its tile, with hit points within its kind's, ids unique, carrying only what the loot
/// table has. (Walls are checked against each level made again from its key:
/// [`check_level_in_play`], [`check_remembered_ground`].)
pub(super) fn check_monsters(
    key: &LevelKey,
    monsters: &[Monster],
    table: &MonsterTable,
    loot: &LootTable,
) -> Result<(), String> {
    let (width, height) = key.config.size();
    let mut places = std::collections::BTreeSet::new();
    let mut ids = std::collections::BTreeSet::new();
    for m in monsters {
        let kind = table
            .kind(m.kind)
            .ok_or_else(|| format!("a monster of unknown kind {}", m.kind))?;
        if m.pos.x < 0 || m.pos.y < 0 || m.pos.x >= width as i32 || m.pos.y >= height as i32 {
            return Err(format!(
                "a {} stands outside the level at {}",
                kind.name, m.pos
            ));
        }
        if let Mind::Hunting(at) | Mind::Guarding(at) = m.mind
            && (at.x < 0 || at.y < 0 || at.x >= width as i32 || at.y >= height as i32)
        {
            return Err(format!(
                "a {} at {} hunts or guards {at}, outside the level",
                kind.name, m.pos
            ));
        }
        if m.hp == 0 || m.hp > kind.hp {
            return Err(format!(
                "a {} has {} hit points (1 to {})",
                kind.name, m.hp, kind.hp
            ));
        }
        if m.id > MOST_MONSTER_ID {
            return Err(format!(
                "a {} is numbered {} (numbers go to {MOST_MONSTER_ID})",
                kind.name, m.id
            ));
        }
        if !places.insert(m.pos) || !ids.insert(m.id) {
            return Err(format!("two monsters share a tile or a number ({})", m.pos));
        }
        if let Some(item) = m.carries
            && (loot.items().get(item.kind).is_none() || item.plus > MOST_ENCHANTMENTS)
        {
            return Err(format!(
                "a {} at {} carries item {} (+{}), which the loot table ({} kinds) cannot give",
                kind.name,
                m.pos,
                item.kind,
                item.plus,
                loot.items().len()
            ));
        }
    }
    Ok(())
}

/// The most hit points a save may hold: far above what levelling up and a lifetime of
/// healing past full can reach, far below where arithmetic could overflow.
pub const MOST_HIT_POINTS: u32 = 100_000;

/// Checks the fight's numbers: hit points within the most, the most above zero and
/// within [`MOST_HIT_POINTS`], experience that reaches the level it says.
fn check_fight(fight: &Fight) -> Result<(), String> {
    if fight.max_hp > MOST_HIT_POINTS {
        return Err(format!(
            "the player has {} most hit points (at most {MOST_HIT_POINTS})",
            fight.max_hp
        ));
    }
    if fight.level >= 1
        && fight.level <= crate::run::fight::MAX_LEVEL
        && (fight.xp < crate::run::fight::xp_for_level(fight.level)
            || (fight.level < crate::run::fight::MAX_LEVEL
                && fight.xp >= crate::run::fight::xp_for_level(fight.level + 1)))
    {
        return Err(format!(
            "the player has {} experience, which is not experience level {}",
            fight.xp, fight.level
        ));
    }
    if fight.max_hp == 0 || fight.hp > fight.max_hp {
        return Err(format!(
            "the player has {} of {} hit points",
            fight.hp, fight.max_hp
        ));
    }
    if !(1..=crate::run::fight::MAX_LEVEL).contains(&fight.level) {
        return Err(format!("the player is of experience level {}", fight.level));
    }
    if fight.hp == 0 && fight.end.is_none() {
        return Err("the player has no hit points but the run goes on".into());
    }
    if fight.attacks > MOST_ATTACKS {
        return Err(format!(
            "the fight counts {} attacks (at most {MOST_ATTACKS})",
            fight.attacks
        ));
    }
    if fight.gold_spent > fight.gold {
        return Err(format!(
            "the player spent {} gold but found only {}",
            fight.gold_spent, fight.gold
        ));
    }
    let mut lettered = std::collections::BTreeSet::new();
    for (&letter, &item) in &fight.letters {
        if !letter.is_ascii_lowercase() || !lettered.insert(item) {
            return Err(format!(
                "inventory letter {letter:?} is not a letter a to z, or its stack has two"
            ));
        }
    }
    // A stack gone away keeps its letter in mind, to have it back on coming back: each
    // a letter a to z, no two the same (a letter given again is forgotten as a former).
    let mut former = std::collections::BTreeSet::new();
    if let Some((item, &letter)) = (fight.former_letters.iter())
        .find(|&(_, &letter)| !letter.is_ascii_lowercase() || !former.insert(letter))
    {
        return Err(format!(
            "item {}'s former inventory letter {letter:?} is not a letter a to z, or another's too",
            item.kind
        ));
    }
    if let Some(depth) = fight
        .found
        .iter()
        .find(|&&d| d == 0 || d > delve_levels::rng::MAX_DEPTH)
    {
        return Err(format!("a must-find item found on depth {depth}"));
    }
    Ok(())
}

/// Whether a slot takes an item of this effect.
type SlotTakes = fn(Effect) -> bool;

/// Checks what is worn, wielded and identified against the inventory and the loot
/// table: each held item carried and of the kind its slot takes, the two rings
/// different, identified kinds and wand charges of kinds the table has, confusion no
/// longer than the table's strongest.
fn check_equipment(
    fight: &Fight,
    inventory: &[Item],
    table: &LootTable,
    turns: u64,
) -> Result<(), String> {
    let effect = |kind: usize| table.effect(kind);
    let slots: [(&str, Option<Item>, SlotTakes); 4] = [
        ("wielded", fight.weapon, |e: Effect| {
            matches!(e, Effect::Wield { .. })
        }),
        ("worn as armour", fight.armour, |e: Effect| {
            matches!(e, Effect::Armour(_) | Effect::HeavyArmour(_))
        }),
        ("worn as a ring", fight.ring, |e: Effect| {
            matches!(e, Effect::Ring(_))
        }),
        ("worn as a ring", fight.second_ring, |e: Effect| {
            matches!(e, Effect::Ring(_))
        }),
    ];
    for (how, held, fits) in slots {
        let Some(item) = held else {
            continue;
        };
        if !inventory.contains(&item) || !effect(item.kind).is_some_and(fits) {
            return Err(format!(
                "item {} is {how}, but is not carried or cannot be",
                item.kind
            ));
        }
    }
    if fight.ring.is_some() && fight.ring == fight.second_ring {
        return Err("one ring is worn on both hands".into());
    }
    if let Some(&kind) = fight.identified.iter().find(|&&k| effect(k).is_none()) {
        return Err(format!(
            "item {kind} is identified, but the loot table has no such kind"
        ));
    }
    for (&item, &used) in &fight.wand_charges_used {
        let wand = effect(item.kind).is_some_and(Effect::is_wand);
        if !wand || used >= Fight::charges_of(item) {
            return Err(format!(
                "{used} charges used of item {}, which is not a wand with so many",
                item.kind
            ));
        }
    }
    if let Some((kind, plus)) = (fight.enchantments.iter()).find(|(_, p)| **p > MOST_ENCHANTMENTS) {
        return Err(format!(
            "item {kind} has +{plus}, more than the {MOST_ENCHANTMENTS} enchanting can give"
        ));
    }
    if let Some(&kind) = fight
        .enchantments
        .keys()
        .chain(&fight.uncursed)
        .find(|&&k| effect(k).is_none())
    {
        return Err(format!(
            "item {kind} is enchanted or uncursed, but the loot table has no such kind"
        ));
    }
    let longest = table
        .items()
        .iter()
        .filter_map(|i| match i.effect {
            Effect::Confuse(turns) => Some(u64::from(turns)),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    if fight.confused_until > turns.saturating_add(longest + 1) {
        return Err(format!(
            "the player is confused until turn {}, longer than anything confuses (turn {turns})",
            fight.confused_until
        ));
    }
    Ok(())
}

//! Hunger (Brogue's stomach): in a run with monsters the stomach empties a turn at a
//! time, and food fills it. It makes lingering cost something other than a monster
//! arriving — resting to full from every scratch eats into the food the levels give —
//! and food worth carrying. Hungry is only a warning; weak with hunger, the player no
//! longer heals; starving, they lose a hit point every few turns until they eat or die.
//! Food comes from the levels' loot, and — as Brogue makes sure of — never too little
//! for a steady pace: a level first visited when the meals laid so far fall short of
//! [`LARDER_PACE`] turns a depth holds one ration more (the larder).

use super::items::with_article;
use super::messages::key_of;
use super::{Outcome, RunState, notice};
use delve_levels::grid::Tile;
use delve_levels::loot::{Effect, Item};
use delve_levels::rng::{Stream, StreamRng, mix64};

/// Turns a full stomach lasts: a run starts with it, and eating never fills it past
/// this (Brogue's 2,150).
pub const STOMACH: u32 = 2_150;
/// Turns of food one meal (any item that is eaten) puts in the stomach (Brogue's ration).
pub const MEAL: u32 = 1_800;
/// Food left at which the player is hungry: a warning, nothing more.
pub const HUNGRY_AT: u32 = 300;
/// Food left at which the player is weak with hunger: no more healing over time.
pub const WEAK_AT: u32 = 150;
/// A starving player (no food left) loses a hit point every this many turns.
pub const STARVING_EVERY: u64 = 10;
/// The pace the levels' food keeps up with, in turns a depth: on a level first visited
/// at depth `d`, if a full stomach and the meals laid so far make less than
/// `d × LARDER_PACE` turns, a ration more lies on it. A player who lingers longer than
/// this on every depth lives on the loot's own food, and goes hungry when it runs short.
pub const LARDER_PACE: u32 = 1_500;

const LARDER_SALT: u64 = 0x4c41_5244_4552_0000;

/// How hungry the player is, from the food left in the stomach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Hunger {
    /// More than [`HUNGRY_AT`] turns of food left.
    Fed,
    /// [`HUNGRY_AT`] or less: time to eat.
    Hungry,
    /// [`WEAK_AT`] or less: no healing over time.
    Weak,
    /// No food left: a hit point lost every [`STARVING_EVERY`] turns.
    Starving,
}

impl Hunger {
    /// How hungry a stomach with `food` turns left is.
    pub const fn of(food: u32) -> Hunger {
        if food == 0 {
            Hunger::Starving
        } else if food <= WEAK_AT {
            Hunger::Weak
        } else if food <= HUNGRY_AT {
            Hunger::Hungry
        } else {
            Hunger::Fed
        }
    }

    /// The word the status line shows, none when fed.
    pub const fn label(self) -> Option<&'static str> {
        match self {
            Hunger::Fed => None,
            Hunger::Hungry => Some("Hungry"),
            Hunger::Weak => Some("Weak with hunger"),
            Hunger::Starving => Some("Starving"),
        }
    }

    /// Whether the player heals over time at this hunger.
    pub const fn heals(self) -> bool {
        matches!(self, Hunger::Fed | Hunger::Hungry)
    }

    /// What the player is told on becoming this hungry.
    const fn news(self) -> &'static str {
        match self {
            Hunger::Fed => "You are no longer hungry.",
            Hunger::Hungry => "You are hungry: eat something soon.",
            Hunger::Weak => "You are weak with hunger: you no longer heal. Eat something!",
            Hunger::Starving => "You are starving: you lose hit points until you eat.",
        }
    }
}

impl RunState {
    /// How hungry the player is now (always fed in a peaceful run).
    pub fn hunger(&self) -> Hunger {
        Hunger::of(self.fight.food)
    }

    /// A turn's worth of food goes (where the rules have hunger): says so when the
    /// player becomes hungrier, and a starving player loses a hit point every
    /// [`STARVING_EVERY`] turns — the last one kills.
    pub(super) fn get_hungrier(&mut self, out: &mut Vec<Outcome>) {
        if !self.rules.has_hunger() {
            return;
        }
        let before = self.hunger();
        self.fight.food = self.fight.food.saturating_sub(1);
        let now = self.hunger();
        if now != before {
            out.push(notice(now.news()));
        }
        if now == Hunger::Starving && self.turns.is_multiple_of(STARVING_EVERY) {
            if self.fight.hp <= 1 {
                self.die("starved to death", out);
            } else {
                // Said once on starving and shown on the status line: a notice every
                // few turns would bury everything else.
                self.fight.hp -= 1;
            }
        }
    }

    /// Why many turns for one key will not start (`None` when they may): the player is
    /// starving with something to eat in the pack — every turn spent exploring,
    /// travelling or searching costs hit points that a meal would save. Starving with
    /// nothing to eat, walking on is how to find some. `exploring` says which key asks:
    /// a replay of a format that explored on while starving keeps doing so, and one of a
    /// format that travelled and searched on keeps doing those.
    pub(super) fn too_hungry_to_go_on(&self, exploring: bool) -> Option<String> {
        let old_rule = if exploring {
            self.explores_while_starving()
        } else {
            self.travels_while_starving()
        };
        if old_rule || self.hunger() != Hunger::Starving {
            return None;
        }
        Some(format!(
            "You are starving: eat first ({}), or you go on losing hit points.",
            self.how_to_eat()?
        ))
    }

    /// How to eat the first food carried, in keys: "a then c eats your food ration"
    /// (the use key, as the keymap binds it, then the item's letter); `None` with
    /// nothing to eat.
    pub(super) fn how_to_eat(&self) -> Option<String> {
        let table = self.campaign.loot_table();
        let food = (self.lettered_inventory().into_iter())
            .find(|l| matches!(table.effect(l.kind), Some(Effect::Eat(_))))?;
        let name = self.knowledge().item_name(food.item());
        Some(format!(
            "{} then {} eats your {name}",
            key_of("use"),
            food.letter
        ))
    }

    /// On a level's first visit: counts the meals its loot holds, and lays one ration
    /// more (on a floor tile drawn from the level's own stream, outside its vaults)
    /// when the meals laid so far fall short of the pace ([`LARDER_PACE`]).
    pub(super) fn stock_the_larder(&mut self) {
        if !self.rules.has_hunger() {
            return;
        }
        let table = self.campaign.loot_table();
        let is_food = |kind: usize| matches!(table.effect(kind), Some(Effect::Eat(_)));
        let Some(ration) = (0..table.items().len()).find(|&k| is_food(k)) else {
            return; // a loot table without food: nothing to lay
        };
        let level = &self.level.level;
        let found_here = level.loot.iter().filter(|i| is_food(i.item)).count() as u32;
        let fight = &mut self.fight;
        fight.meals_laid = fight.meals_laid.saturating_add(found_here);
        let fed_for = u64::from(STOMACH) + u64::from(fight.meals_laid) * u64::from(MEAL);
        // The level's own depth: the run's is still the one left behind.
        let depth = self.level.key.depth;
        if fed_for >= u64::from(depth) * u64::from(LARDER_PACE) {
            return;
        }
        let in_a_vault = |p| level.vaults.iter().any(|v| v.covers(p));
        let spots: Vec<_> = (level.tiles.positions())
            .filter(|&p| level.tiles[p] == Tile::Floor && !in_a_vault(p) && p != self.player)
            .filter(|&p| !self.level.items.iter().any(|i| i.pos == p))
            .collect();
        if spots.is_empty() {
            return;
        }
        let seed = mix64(self.level.key.level_seed() ^ LARDER_SALT);
        let at = spots[StreamRng::new(seed, Stream::Loot).below(spots.len() as u32) as usize];
        self.level.put_item(at, Item::plain(ration));
        self.fight.meals_laid = self.fight.meals_laid.saturating_add(1);
    }

    /// A meal: the stomach fills by [`MEAL`] (never past [`STOMACH`]); says whether
    /// the player is now full, or no longer hungry.
    /// Eats a thing called `name` that heals `amount`: what was eaten and what came of
    /// it, to follow "You eat " ("a food ration (+3 HP). You are no longer hungry.").
    pub(super) fn eat(&mut self, amount: u32, name: &str) -> String {
        let healed = self.heal(amount);
        let fed = if self.rules.has_hunger() {
            self.eat_a_meal()
        } else {
            ""
        };
        let food = with_article(name);
        if healed > 0 {
            format!("{food} (+{healed} HP).{fed}")
        } else {
            format!("{food}.{fed}")
        }
    }

    fn eat_a_meal(&mut self) -> &'static str {
        let before = self.hunger();
        let wasted = (self.fight.food + MEAL).saturating_sub(STOMACH);
        self.fight.food = (self.fight.food + MEAL).min(STOMACH);
        if wasted > MEAL / 2 {
            " You were hardly hungry: much of it is wasted."
        } else if wasted > 0 {
            " You are full: some of it is wasted."
        } else if before != Hunger::Fed {
            " You are no longer hungry."
        } else {
            ""
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::record::{EXPLORES_WHILE_STARVING, RECORDING_FORMAT, TRAVELS_WHILE_STARVING};
    use crate::run::{PlayerAction, Rules};
    use delve_levels::config::CampaignConfig;

    /// A run alone (no monsters, none arriving), starving with a food ration, played
    /// by the rules of `format`; whether exploring took a step.
    fn explores_starving_by_format(format: u32) -> bool {
        let mut campaign = CampaignConfig::builtin();
        campaign.arrivals = Some(0);
        let (mut run, _) = RunState::start(campaign, None, Rules::Monsters).unwrap();
        let ration = run.campaign.loot_table().index_of("food ration").unwrap();
        run.stage().clear_monsters().carry(vec![ration]).set_food(0);
        run.rules_of_format = format;
        let at = run.player;
        run.apply(PlayerAction::Explore);
        run.player != at
    }

    /// The quiet run of [`explores_starving_by_format`], starving with a ration, by the
    /// rules of `format`, its whole level seen; what `action` said, and whether a turn
    /// passed.
    fn starving_by_format(format: u32, action: PlayerAction) -> (Vec<String>, bool) {
        let mut campaign = CampaignConfig::builtin();
        campaign.arrivals = Some(0);
        let (mut run, _) = RunState::start(campaign, None, Rules::Monsters).unwrap();
        let ration = run.campaign.loot_table().index_of("food ration").unwrap();
        run.stage().clear_monsters().carry(vec![ration]).set_food(0);
        run.level.seen.iter_mut().for_each(|s| *s = true);
        run.rules_of_format = format;
        let turns = run.turns;
        let said = crate::run::messages::notices(&run.apply(action));
        (said, run.turns != turns)
    }

    #[test]
    fn travel_and_search_are_refused_while_starving_with_food_naming_the_keys_and_format_10_goes_on()
     {
        let campaign = CampaignConfig::builtin();
        let (run, _) = RunState::start(campaign, None, Rules::Monsters).unwrap();
        let down = run.level.level.down;
        for action in [
            PlayerAction::TravelTo(down),
            PlayerAction::Descend,
            PlayerAction::Search,
        ] {
            let (said, turned) = starving_by_format(RECORDING_FORMAT, action);
            assert!(!turned, "{action:?}: {said:?}");
            let eat_first = format!(
                "You are starving: eat first ({} then",
                crate::run::messages::key_of("use")
            );
            assert!(
                said.iter().any(|s| s.starts_with(&eat_first)),
                "{action:?}: {said:?}"
            );
            let (said, turned) = starving_by_format(TRAVELS_WHILE_STARVING, action);
            assert!(turned, "format 10 goes on: {action:?}: {said:?}");
        }
    }

    #[test]
    fn a_replay_of_format_9_explores_while_starving_and_today_refuses() {
        assert!(!explores_starving_by_format(RECORDING_FORMAT));
        assert!(explores_starving_by_format(EXPLORES_WHILE_STARVING));
    }
}

//! The bots' minds: what the plain and the careful bot do with each action — fight,
//! heal, rest, wield and wear, throw and zap, explore and head for the way down — from
//! what the run shows them, as a player's keys would.

use delve_levels::grid::{Pos, Tile};
use delve_levels::loot::Effect;
use delve_levels::monsters::Mind;
use delve_rules::run::hunger::Hunger;
use delve_rules::run::{Outcome, PlayerAction, RunState};

use super::looking::{
    corridor_step, enchant_the_armour, explore_by_hand, food_when_hungry, head_for_the_way_down,
    healing_letter, known_healing_letter, nearest_seen, reachable, shoots_or_calls,
    sneak_worthwhile, step_over_traps, step_toward, threats_in_view, throw_at_the_nearest,
    way_down,
};
use super::{Bot, PATIENCE_TURNS};

/// What a bot remembers between actions: what it is stuck on.
#[derive(Default)]
pub(super) struct Brain {
    /// Actions in a row that passed no turn and moved nothing.
    idle: u32,
    /// The level was explored (as far as exploring goes) at this depth and turn.
    explored_at: Option<(u32, u64)>,
    /// Items it used and should not try again on this level (unknown ones it tried).
    tried: Vec<usize>,
    /// Travel said a found trap blocks the way: walk there by hand, over the trap.
    blocked: bool,
    /// Turns in a row it waited for hunters in view that did not come.
    waited: u32,
    /// The depth it is on and the turn it arrived there.
    arrived: (u32, u64),
    /// Times in a row the level was explored and its stairs not found (hidden behind a
    /// secret door or a trap): search, then go by memory.
    lost: u32,
}

impl Brain {
    /// The next action of `bot` on `run`.
    pub(super) fn choose(&mut self, run: &RunState, bot: Bot) -> PlayerAction {
        if self.idle > 8 {
            // Stuck on something that takes no turn: let a turn pass.
            self.idle = 0;
            return PlayerAction::Wait;
        }
        if self.arrived.0 != run.depth() {
            self.arrived = (run.depth(), run.turns());
        }
        if run.turns() - self.arrived.1 > PATIENCE_TURNS
            && let Some(action) = head_for_the_way_down(run)
        {
            return action;
        }
        match bot {
            Bot::Plain => self.plain(run),
            Bot::Careful => self.careful(run),
        }
    }

    /// What came of `action` (taken at `before`: depth and turns).
    pub(super) fn heard(
        &mut self,
        run: &RunState,
        action: PlayerAction,
        outcomes: &[Outcome],
        before: (u32, u64),
    ) {
        let passed = run.turns() != before.1 || run.depth() != before.0;
        self.idle = if passed { 0 } else { self.idle + 1 };
        if run.depth() != before.0 {
            self.blocked = false;
            self.lost = 0;
            self.explored_at = None;
            self.tried.clear();
        }
        let explored = outcomes
            .iter()
            .any(|o| matches!(o, Outcome::Notice(t) if t.contains("Explored")));
        let said = |text: &str| {
            outcomes
                .iter()
                .any(|o| matches!(o, Outcome::Notice(t) if t.contains(text)))
        };
        if said("trap you found") || said("The way there is blocked") {
            self.blocked = true;
        }
        if said("not found the stairs") || said("The stairs are sealed") {
            self.lost += 1;
        }
        if explored && action == PlayerAction::Explore {
            self.explored_at = Some((run.depth(), run.turns()));
        }
    }

    /// The plain bot.
    fn plain(&mut self, run: &RunState) -> PlayerAction {
        let fight = run.fight();
        if let Some(letter) = self.equipment_to_put_on(run, false) {
            return PlayerAction::Use(letter);
        }
        if fight.hp * 5 < fight.max_hp * 2
            && let Some(letter) = healing_letter(run)
        {
            return PlayerAction::Use(letter);
        }
        if let Some(letter) = food_when_hungry(run) {
            return PlayerAction::Use(letter);
        }
        if let Some(target) = nearest_seen(run, |_| true) {
            return step_toward(run, target);
        }
        self.onwards(run)
    }

    /// The careful bot.
    fn careful(&mut self, run: &RunState) -> PlayerAction {
        let fight = run.fight();
        let threats = threats_in_view(run);
        if let Some(letter) = self.equipment_to_put_on(run, true) {
            return PlayerAction::Use(letter);
        }
        if fight.hp * 2 < fight.max_hp
            && let Some(letter) = known_healing_letter(run, fight.hp * 4 < fight.max_hp)
        {
            return PlayerAction::Use(letter);
        }
        // Whatever stands next to it awake is fought (a cornered coward, a thief); a thief
        // with its loot is chased.
        let awake_next_to = |i: usize| {
            let m = &run.level().monsters[i];
            m.mind != Mind::Asleep && m.pos.chebyshev(run.player()) == 1
        };
        if let Some(next_to) = nearest_seen(run, awake_next_to) {
            return step_toward(run, next_to);
        }
        if let Some(thief) = nearest_seen(run, |i| run.level().monsters[i].carries.is_some())
            && reachable(run, thief)
        {
            return step_toward(run, thief);
        }
        if threats.is_empty() {
            self.waited = 0;
        } else {
            // Low, without healing: gamble on an unknown potion.
            if fight.hp * 4 < fight.max_hp
                && let Some(letter) = self.unknown(run, "potion")
            {
                return PlayerAction::Use(letter);
            }
            if let Some(letter) = self.wand_for(run, &threats) {
                return PlayerAction::Use(letter);
            }
            if let Some(throw) = throw_at_the_nearest(run, &threats) {
                return throw;
            }
            if let Some(&next_to) = threats.iter().find(|p| p.chebyshev(run.player()) == 1) {
                self.waited = 0;
                return step_toward(run, next_to);
            }
            let nearest = *threats
                .iter()
                .min_by_key(|p| p.chebyshev(run.player()))
                .unwrap_or(&run.player());
            let shooter = shoots_or_calls(run, nearest);
            if !shooter
                && threats.len() >= 2
                && let Some(step) = corridor_step(run)
            {
                return step;
            }
            // Let a melee hunter come (the first blow is ours); go for a shooter; and
            // one that does not come, or cannot be reached, is left behind.
            if (shooter || self.waited >= 3) && reachable(run, nearest) {
                return step_toward(run, nearest);
            }
            if !shooter && self.waited < 3 {
                self.waited += 1;
                return PlayerAction::Wait;
            }
            // Hunters it cannot reach that do not come (across a trap, a chasm, deep
            // water): explore on by hand, or go on as if none were there — waiting for
            // them starved a bot at a trap it had been told to walk over.
            if let Some(step) = explore_by_hand(run) {
                return step;
            }
            return self.onwards(run);
        }
        // Nothing hunts it: set a captive free, strike weak sleepers unawares, leave
        // strong ones be.
        if let Some(captive) = nearest_seen(run, |i| run.level().monsters[i].mind == Mind::Captive)
            && reachable(run, captive)
        {
            return step_toward(run, captive);
        }
        if let Some(sleeper) = nearest_seen(run, |i| sneak_worthwhile(run, i)) {
            return step_toward(run, sleeper);
        }
        if let Some(letter) = food_when_hungry(run) {
            return PlayerAction::Use(letter);
        }
        // It rests only while fed: hungry with nothing to eat, it saves its food
        // for the way on.
        if fight.hp < fight.max_hp && run.hunger() == Hunger::Fed {
            return PlayerAction::Rest;
        }
        if let Some(enchant) = enchant_the_armour(run) {
            return enchant;
        }
        if let Some(letter) = self
            .unknown(run, "potion")
            .or_else(|| self.unknown(run, "scroll"))
        {
            return PlayerAction::Use(letter);
        }
        self.onwards(run)
    }

    /// Explore, then go down (by hand while a hunter is in view, which keeps exploring
    /// and travel from starting; by hand over a found trap, when travel will not; searching
    /// for hidden ways when the stairs are not found, and at last going where the stairs
    /// are as if remembered — a bot measures fights, not patience).
    fn onwards(&mut self, run: &RunState) -> PlayerAction {
        if self.lost > 0 {
            if self.lost <= 4 {
                self.lost += 1;
                self.explored_at = None;
                return PlayerAction::Search;
            }
            let down = way_down(run);
            let ahead = step_over_traps(run, down);
            let secret = ahead.and_then(|step| match step {
                PlayerAction::Move(dx, dy) => Some(run.player().offset(dx, dy)),
                _ => None,
            });
            if secret.is_some_and(|p| run.level().tile_at(p) == Some(Tile::SecretDoor)) {
                return PlayerAction::Search;
            }
            if let Some(step) = ahead {
                if run.player().chebyshev(down) <= 1 {
                    self.lost = 0;
                }
                return step;
            }
        }
        if self.blocked {
            self.blocked = false;
            let goal = match self.explored_at {
                Some((depth, _)) if depth == run.depth() => Some(run.level().level.down),
                _ => None,
            };
            if let Some(step) = goal.and_then(|goal| step_over_traps(run, goal)) {
                return step;
            }
        }
        let hunted = run.nearest_threat().is_some();
        match self.explored_at {
            Some((depth, _)) if depth == run.depth() => PlayerAction::Descend,
            _ if hunted => explore_by_hand(run).unwrap_or(PlayerAction::Wait),
            _ => PlayerAction::Explore,
        }
    }

    /// A weapon, armour or (when `rings`) ring carried and not in use, not tried on this
    /// level (both bots put on what they find: they have nothing better to compare
    /// with; only the careful one risks an unknown ring).
    fn equipment_to_put_on(&mut self, run: &RunState, rings: bool) -> Option<u8> {
        let fight = run.fight();
        let table = run.campaign().loot_table();
        run.lettered_inventory().into_iter().find_map(|l| {
            let item = table.items().get(l.kind)?;
            let wanted = match item.effect {
                Effect::Wield { .. } => fight.weapon.is_none(),
                Effect::Armour(_) | Effect::HeavyArmour(_) => fight.armour.is_none(),
                Effect::Ring(_) => {
                    rings && fight.second_ring.is_none() && !fight.rings().any(|r| r.kind == l.kind)
                }
                _ => false,
            };
            (wanted && !self.tried.contains(&l.kind)).then(|| {
                self.tried.push(l.kind);
                l.letter as u8 - b'a'
            })
        })
    }

    /// An unknown item of `class` ("potion", "scroll") not tried on this level.
    fn unknown(&mut self, run: &RunState, class: &str) -> Option<u8> {
        let knowledge = run.knowledge();
        let table = run.campaign().loot_table();
        let found = run.lettered_inventory().into_iter().find(|l| {
            !knowledge.knows(l.kind)
                && !self.tried.contains(&l.kind)
                && table
                    .items()
                    .get(l.kind)
                    .is_some_and(|i| i.appearance_class.as_deref() == Some(class))
        })?;
        self.tried.push(found.kind);
        Some(found.letter as u8 - b'a')
    }

    /// A known wand of striking with charges, when a strong monster (20 hit points or
    /// more) is in view.
    fn wand_for(&self, run: &RunState, threats: &[Pos]) -> Option<u8> {
        let table = run.campaign().monster_table();
        let strong = threats.iter().any(|&p| {
            run.level()
                .monster_at(p)
                .and_then(|i| table.kind(run.level().monsters[i].kind))
                .is_some_and(|k| k.hp >= 20)
        });
        if !strong {
            return None;
        }
        let knowledge = run.knowledge();
        let loot = run.campaign().loot_table();
        run.lettered_inventory().into_iter().find_map(|l| {
            let striking = matches!(loot.items().get(l.kind)?.effect, Effect::Strike(..));
            let charged = run.wand_charges(l.item()).is_some_and(|c| c > 0);
            (striking && charged && knowledge.knows(l.kind)).then(|| l.letter as u8 - b'a')
        })
    }
}

//! The difficulty curve, measured: bots play whole runs of a campaign with monsters,
//! through the same [`RunState::apply`] a player's keys reach, and a [`BalanceReport`]
//! says how they fared — the win rate, the depth of death, what killed them, the turns
//! each depth took. A report, not a check: `delve balance` prints it, and the README's
//! table comes from it.
//!
//! Two bots ([`Bot`]): the plain one wields and wears what it finds, fights whatever it
//! sees and drinks healing when low; the careful one also rests to full, puts on rings,
//! fights in corridors rather than the open, strikes sleepers unawares, zaps its wands
//! at dangerous monsters and tries unknown potions only when it is safe.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use delve_levels::config::CampaignConfig;
use delve_levels::dijkstra::DijkstraMap;
use delve_levels::grid::{KING, Pos, Tile};
use delve_levels::loot::Effect;
use delve_levels::monsters::Mind;
use delve_rules::run::{Outcome, PlayerAction, Rules, RunEnd, RunState};

/// The most actions one bot run takes before it is called stuck (a run that ends so
/// counts as neither a win nor a death).
pub const ACTION_LIMIT: u32 = 30_000;

/// Turns a bot spends on one depth before it stops exploring and heads for the way
/// down as if it remembered it (over traps, through deep water and secret doors,
/// through whatever stands in the way): a bot measures fights, not its own patience.
pub const PATIENCE_TURNS: u64 = 2_500;

/// Which bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bot {
    /// Wields the first weapon and wears the first armour it finds (as anyone would:
    /// they are the player's growth), drinks a healing potion below 40 % of its hit
    /// points, fights whatever it sees, explores, then takes the stairs. It never rests.
    Plain,
    /// The plain bot's play, and: rests to full when nothing is in view, puts on the
    /// rings it finds, steps into a corridor when several hunt it in the open, strikes
    /// sleepers unawares (and leaves strong ones asleep), zaps wands of striking at
    /// strong monsters, reads and drinks unknown things only when safe and whole.
    Careful,
}

impl Bot {
    /// Every bot, in report order.
    pub const ALL: [Bot; 2] = [Bot::Plain, Bot::Careful];

    /// Its name, as `--bot` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Bot::Plain => "plain",
            Bot::Careful => "careful",
        }
    }

    /// The bot named `name`.
    pub fn from_name(name: &str) -> Option<Bot> {
        Bot::ALL.into_iter().find(|b| b.name() == name)
    }
}

/// How one bot run went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    /// The run seed.
    pub seed: u64,
    /// Won, died (with the monster kind that killed it, if one did, and the cause), or
    /// stuck at the action limit.
    pub end: BotEnd,
    /// The deepest depth reached.
    pub depth: u32,
    /// Turns taken.
    pub turns: u64,
    /// Turns spent on each depth (summed over visits).
    pub turns_on: BTreeMap<u32, u64>,
}

/// How a bot run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotEnd {
    /// It took the final stairs with the rune.
    Won,
    /// It died of `cause`; `killer` is the monster kind, when a monster killed it.
    Died {
        /// The monster kind that killed it, if one did.
        killer: Option<String>,
        /// The cause, as the run says it.
        cause: String,
    },
    /// It ran out of actions ([`ACTION_LIMIT`]).
    Stuck,
}

/// Plays one run of `campaign` under `seed` with `bot`.
pub fn play(campaign: &CampaignConfig, seed: u64, bot: Bot) -> RunResult {
    play_watched(campaign, seed, bot, &mut |_, _, _| {})
}

/// [`play`], showing `watch` the run after each action, with the action and what came
/// of it (to see where a bot goes wrong).
pub fn play_watched(
    campaign: &CampaignConfig,
    seed: u64,
    bot: Bot,
    watch: &mut dyn FnMut(&RunState, PlayerAction, &[Outcome]),
) -> RunResult {
    let mut campaign = campaign.clone();
    campaign.seed = seed;
    let kinds: Vec<String> = campaign
        .monster_table()
        .kinds()
        .iter()
        .map(|k| k.name.clone())
        .collect();
    let Ok((mut run, _)) = RunState::start(campaign, None, Rules::Monsters) else {
        return RunResult {
            seed,
            end: BotEnd::Stuck,
            depth: 0,
            turns: 0,
            turns_on: BTreeMap::new(),
        };
    };
    let mut turns_on: BTreeMap<u32, u64> = BTreeMap::new();
    let mut deepest = run.depth();
    let mut brain = Brain::default();
    for _ in 0..ACTION_LIMIT {
        if run.end().is_some() {
            break;
        }
        let (depth, turns) = (run.depth(), run.turns());
        let action = brain.choose(&run, bot);
        let outcomes = run.apply(action);
        watch(&run, action, &outcomes);
        brain.heard(&run, action, &outcomes, (depth, turns));
        *turns_on.entry(depth).or_default() += run.turns() - turns;
        deepest = deepest.max(run.depth());
    }
    let end = match run.end() {
        Some(RunEnd::Won) => BotEnd::Won,
        Some(RunEnd::Died { cause }) => BotEnd::Died {
            killer: killer_in(cause, &kinds),
            cause: cause.clone(),
        },
        None => BotEnd::Stuck,
    };
    RunResult {
        seed,
        end,
        depth: deepest,
        turns: run.turns(),
        turns_on,
    }
}

/// The monster kind a cause of death names ("killed by a goblin archer on depth 4"),
/// if any: the longest kind name it holds after "killed by".
fn killer_in(cause: &str, kinds: &[String]) -> Option<String> {
    let rest = cause.strip_prefix("killed by ")?;
    kinds
        .iter()
        .filter(|k| {
            rest.strip_prefix("a ")
                .or_else(|| rest.strip_prefix("an "))
                .unwrap_or(rest)
                .starts_with(k.as_str())
        })
        .max_by_key(|k| k.len())
        .cloned()
}

/// What a bot remembers between actions: what it is stuck on.
#[derive(Default)]
struct Brain {
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
    fn choose(&mut self, run: &RunState, bot: Bot) -> PlayerAction {
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
    fn heard(
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
            return explore_by_hand(run).unwrap_or(PlayerAction::Wait);
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
        if fight.hp < fight.max_hp {
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
                    rings && fight.second_ring.is_none() && !fight.rings().any(|r| r == l.kind)
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
            let charged = run.wand_charges(l.kind).is_some_and(|c| c > 0);
            (striking && charged && knowledge.knows(l.kind)).then(|| l.letter as u8 - b'a')
        })
    }
}

/// A dart or javelin thrown at the nearest threat in view that is not yet next to the
/// player and within a throw.
fn throw_at_the_nearest(run: &RunState, threats: &[Pos]) -> Option<PlayerAction> {
    let nearest = *threats.iter().min_by_key(|p| p.chebyshev(run.player()))?;
    let distance = nearest.chebyshev(run.player());
    if distance < 2 || distance > delve_rules::run::THROW_RANGE {
        return None;
    }
    let loot = run.campaign().loot_table();
    run.lettered_inventory().into_iter().find_map(|l| {
        let thrown = matches!(loot.items().get(l.kind)?.effect, Effect::Thrown(..));
        thrown.then(|| PlayerAction::Throw(l.letter as u8 - b'a', nearest))
    })
}

/// A known scroll of enchanting read into the armour worn (the careful bot relies on
/// its armour).
fn enchant_the_armour(run: &RunState) -> Option<PlayerAction> {
    let armour = run.fight().armour?;
    let loot = run.campaign().loot_table();
    let knowledge = run.knowledge();
    let lettered = run.lettered_inventory();
    let armour_letter = lettered.iter().find(|l| l.kind == armour)?.letter as u8 - b'a';
    lettered.iter().find_map(|l| {
        let enchanting = matches!(loot.items().get(l.kind)?.effect, Effect::Enchant);
        (enchanting && knowledge.knows(l.kind))
            .then(|| PlayerAction::UseOn(l.letter as u8 - b'a', armour_letter))
    })
}

/// The letter of a healing potion carried, known or not (the plain bot knows its
/// potions by heart), the weakest first.
fn healing_letter(run: &RunState) -> Option<u8> {
    healing_letters(run, |_| true)
        .first()
        .map(|&(_, letter)| letter)
}

/// The letter of a healing potion the player has identified: the strongest when
/// `badly` hurt, else the weakest.
fn known_healing_letter(run: &RunState, badly: bool) -> Option<u8> {
    let knowledge = run.knowledge();
    let potions = healing_letters(run, |kind| knowledge.knows(kind));
    if badly {
        potions.last()
    } else {
        potions.first()
    }
    .map(|&(_, letter)| letter)
}

/// The healing potions carried that `known` allows (by kind), as (amount, letter),
/// weakest first.
fn healing_letters(run: &RunState, known: impl Fn(usize) -> bool) -> Vec<(u32, u8)> {
    let table = run.campaign().loot_table();
    let mut potions: Vec<(u32, u8)> = run
        .lettered_inventory()
        .into_iter()
        .filter_map(|l| match table.items().get(l.kind)?.effect {
            Effect::Heal(amount) if known(l.kind) => Some((amount, l.letter as u8 - b'a')),
            _ => None,
        })
        .collect();
    potions.sort();
    potions
}

/// Where the monsters that hunt or fight the player stand, among those in view.
fn threats_in_view(run: &RunState) -> Vec<Pos> {
    run.seen_monsters()
        .into_iter()
        .filter(|&i| run.doing(i).is_a_threat())
        .map(|i| run.level().monsters[i].pos)
        .collect()
}

/// The nearest monster in view of those `wanted` (by their index) allows, never an
/// ally (walking into a captive sets it free; into an ally only trades places).
fn nearest_seen(run: &RunState, wanted: impl Fn(usize) -> bool) -> Option<Pos> {
    run.seen_monsters()
        .into_iter()
        .find(|&i| run.level().monsters[i].mind != Mind::Ally && wanted(i))
        .map(|i| run.level().monsters[i].pos)
}

/// Whether the monster at `pos` shoots, breathes or calls others up (waiting for it
/// only gives it time).
fn shoots_or_calls(run: &RunState, pos: Pos) -> bool {
    let table = run.campaign().monster_table();
    run.level()
        .monster_at(pos)
        .and_then(|i| table.kind(run.level().monsters[i].kind))
        .is_some_and(|k| k.has("Ranged") || k.has("Breath") || k.has("Summon"))
}

/// Whether the sleeping monster at `index` is worth a sneak attack: one the player's
/// triple blow and a few more likely kill.
fn sneak_worthwhile(run: &RunState, index: usize) -> bool {
    let monster = &run.level().monsters[index];
    monster.mind == Mind::Asleep && monster.hp <= run.player_fighter().damage.1 * 5
}

/// One step toward `target` on the walking map (a bump into it attacks).
fn step_toward(run: &RunState, target: Pos) -> PlayerAction {
    let player = run.player();
    if player.chebyshev(target) == 1 {
        return PlayerAction::Move(target.x - player.x, target.y - player.y);
    }
    let tiles = &run.level().level.tiles;
    let map = DijkstraMap::toward(tiles, [target]);
    let free = |p: Pos| run.level().monster_at(p).is_none() && run.level().seems_walkable(p);
    match map.downhill(player, free) {
        Some(to) => PlayerAction::Move(to.x - player.x, to.y - player.y),
        None => PlayerAction::Wait,
    }
}

/// Whether the player can walk to `target` (by what they know of the ground).
fn reachable(run: &RunState, target: Pos) -> bool {
    let map = known_ground_map(run, [target]);
    map.value(run.player()) != delve_levels::dijkstra::UNREACHED
}

/// The map toward `goals` over the ground the player knows to be walkable.
fn known_ground_map(run: &RunState, goals: impl IntoIterator<Item = Pos>) -> DijkstraMap {
    let level = run.level();
    let tiles = &level.level.tiles;
    DijkstraMap::over(
        tiles,
        |p| level.seems_walkable(p) && level.seen[tiles.index_of(p)],
        goals.into_iter().map(|p| (p, 0)),
    )
}

/// A step toward the nearest known walkable tile at the edge of the unknown (as the
/// explore command would go, but with a hunter in view), or toward the stairs down
/// once there is none.
fn explore_by_hand(run: &RunState) -> Option<PlayerAction> {
    let level = run.level();
    let tiles = &level.level.tiles;
    let seen = |p: Pos| tiles.contains(p) && level.seen[tiles.index_of(p)];
    let edge: Vec<Pos> = tiles
        .positions()
        .filter(|&p| seen(p) && level.seems_walkable(p))
        .filter(|&p| {
            KING.iter()
                .any(|&(dx, dy)| tiles.contains(p.offset(dx, dy)) && !seen(p.offset(dx, dy)))
        })
        .collect();
    let goals = if edge.is_empty() {
        vec![level.level.down]
    } else {
        edge
    };
    let map = known_ground_map(run, goals);
    let player = run.player();
    let to = map.downhill(player, |p| level.monster_at(p).is_none())?;
    Some(PlayerAction::Move(to.x - player.x, to.y - player.y))
}

/// Where the way down starts: the level's must-find item while the stairs are sealed,
/// else the stairs.
fn way_down(run: &RunState) -> Pos {
    let table = run.campaign().loot_table();
    let rune = run
        .level()
        .items
        .iter()
        .find(|i| table.items().get(i.item).is_some_and(|item| item.must_find));
    match rune {
        Some(rune) if run.stairs_sealed() => rune.pos,
        _ => run.level().level.down,
    }
}

/// One step toward `goal` on a map that crosses traps and secret doors (but no other
/// hazard, and no locked door).
fn step_over_traps(run: &RunState, goal: Pos) -> Option<PlayerAction> {
    let tiles = &run.level().level.tiles;
    let crossed = |t: Tile| t.is_walkable() || t.trap().is_some() || t == Tile::SecretDoor;
    let map = DijkstraMap::toward_over(tiles, crossed, [goal]);
    let player = run.player();
    let to = map.downhill(player, |p| run.level().monster_at(p).is_none())?;
    Some(PlayerAction::Move(to.x - player.x, to.y - player.y))
}

/// Out of patience ([`PATIENCE_TURNS`]): the next step of the way down, over traps,
/// through deep water and secret doors (searching before one), attacking whatever
/// stands in the way; the stairs taken once there. `None` when no way is left.
fn head_for_the_way_down(run: &RunState) -> Option<PlayerAction> {
    let goal = way_down(run);
    let player = run.player();
    if player == goal {
        return Some(if run.stairs_sealed() {
            PlayerAction::PickUp
        } else {
            PlayerAction::Descend
        });
    }
    let tiles = &run.level().level.tiles;
    let crossed = |t: Tile| {
        t.is_walkable() || t.trap().is_some() || t == Tile::SecretDoor || t == Tile::DeepWater
    };
    let map = DijkstraMap::toward_over(tiles, crossed, [goal]);
    let to = map.downhill(player, |_| true)?;
    if run.level().tile_at(to) == Some(Tile::SecretDoor) {
        return Some(PlayerAction::Search);
    }
    Some(PlayerAction::Move(to.x - player.x, to.y - player.y))
}

/// A step to a neighbouring tile with fewer open neighbours than here (toward a
/// corridor), where no monster stands, if the player stands in the open.
fn corridor_step(run: &RunState) -> Option<PlayerAction> {
    let tiles = &run.level().level.tiles;
    let open = |p: Pos| {
        KING.iter()
            .filter(|&&(dx, dy)| tiles.get(p.offset(dx, dy)).is_some_and(Tile::is_walkable))
            .count()
    };
    let here = run.player();
    if open(here) <= 3 {
        return None;
    }
    KING.iter()
        .map(|&(dx, dy)| here.offset(dx, dy))
        .filter(|&p| {
            run.level().seems_walkable(p)
                && run.level().monster_at(p).is_none()
                && tiles.get(p).is_some_and(|t| t.is_walkable())
        })
        .filter(|&p| open(p) + 2 <= open(here))
        .min_by_key(|&p| (open(p), p.y, p.x))
        .map(|to| PlayerAction::Move(to.x - here.x, to.y - here.y))
}

/// The report of many runs of one bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BalanceReport {
    /// The bot.
    pub bot: Bot,
    /// The campaign's name.
    pub campaign: String,
    /// Its final depth.
    pub final_depth: u32,
    /// Every run, in seed order.
    pub runs: Vec<RunResult>,
}

impl BalanceReport {
    /// Plays `count` runs of `campaign` with `bot`, run seeds `first..first + count`,
    /// on `threads` threads (the report is the same for any number).
    pub fn measure(
        campaign: &CampaignConfig,
        bot: Bot,
        first: u64,
        count: u64,
        threads: usize,
    ) -> BalanceReport {
        let threads = threads.max(1) as u64;
        let seeds: Vec<u64> = (first..first.saturating_add(count)).collect();
        let mut runs: Vec<RunResult> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|t| {
                    let seeds = &seeds;
                    scope.spawn(move || {
                        seeds
                            .iter()
                            .skip(t as usize)
                            .step_by(threads as usize)
                            .map(|&seed| play(campaign, seed, bot))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().unwrap_or_default())
                .collect()
        });
        runs.sort_by_key(|r| r.seed);
        BalanceReport {
            bot,
            campaign: campaign.name.clone(),
            final_depth: campaign.final_depth(),
            runs,
        }
    }

    /// Runs won.
    pub fn wins(&self) -> usize {
        self.runs.iter().filter(|r| r.end == BotEnd::Won).count()
    }

    /// The depth of each death, sorted.
    pub fn death_depths(&self) -> Vec<u32> {
        let mut depths: Vec<u32> = self
            .runs
            .iter()
            .filter(|r| matches!(r.end, BotEnd::Died { .. }))
            .map(|r| r.depth)
            .collect();
        depths.sort_unstable();
        depths
    }

    /// The median depth of death (the lower middle), if any run died.
    pub fn median_death_depth(&self) -> Option<u32> {
        let depths = self.death_depths();
        (!depths.is_empty()).then(|| depths[(depths.len() - 1) / 2])
    }

    /// Deaths by what killed them (a monster kind, or the cause), most first.
    pub fn deaths_by_killer(&self) -> Vec<(String, usize)> {
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        for run in &self.runs {
            if let BotEnd::Died { killer, cause } = &run.end {
                let name = killer.clone().unwrap_or_else(|| {
                    let cause = cause.split(" on depth").next().unwrap_or(cause);
                    format!("({cause})")
                });
                *counts.entry(name).or_default() += 1;
            }
        }
        let mut counts: Vec<(String, usize)> = counts.into_iter().collect();
        counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        counts
    }

    /// The largest share of deaths one monster kind caused, in percent.
    pub fn worst_killer_percent(&self) -> u32 {
        let deaths = self.death_depths().len();
        let worst = self
            .deaths_by_killer()
            .into_iter()
            .filter(|(name, _)| !name.starts_with('('))
            .map(|(_, n)| n)
            .max()
            .unwrap_or(0);
        (worst * 100).checked_div(deaths).unwrap_or(0) as u32
    }

    /// The mean turns spent on each depth, over the runs that reached it.
    pub fn turns_per_depth(&self) -> Vec<(u32, u64)> {
        (1..=self.final_depth)
            .filter_map(|depth| {
                let spent: Vec<u64> = self
                    .runs
                    .iter()
                    .filter_map(|r| r.turns_on.get(&depth).copied())
                    .collect();
                let mean = spent.iter().sum::<u64>().checked_div(spent.len() as u64)?;
                Some((depth, mean))
            })
            .collect()
    }

    /// The report as text: the numbers, a histogram of the depth of death, deaths by
    /// killer, turns per depth.
    pub fn text(&self) -> String {
        let runs = self.runs.len();
        let percent = |n: usize| (n * 1000).checked_div(runs).unwrap_or(0) as f64 / 10.0;
        let wins = self.wins();
        let deaths = self.death_depths();
        let stuck = self.runs.iter().filter(|r| r.end == BotEnd::Stuck).count();
        let first = self.runs.first().map_or(0, |r| r.seed);
        let mut text = String::new();
        let _ = writeln!(
            text,
            "{} bot, {runs} runs of {} (run seeds {first}..{}):",
            self.bot.name(),
            self.campaign,
            first + runs as u64
        );
        let _ = writeln!(
            text,
            "  won {wins} ({:.1} %), died {} ({:.1} %), stuck {stuck}",
            percent(wins),
            deaths.len(),
            percent(deaths.len())
        );
        match self.median_death_depth() {
            Some(median) => {
                let _ = writeln!(text, "  median depth of death: {median}");
            }
            None => {
                let _ = writeln!(text, "  median depth of death: none died");
            }
        }
        let _ = writeln!(text, "  depth of death:");
        for depth in 1..=self.final_depth {
            let n = deaths.iter().filter(|&&d| d == depth).count();
            let _ = writeln!(text, "    {depth:>3} {n:>4} {}", "#".repeat(n.div_ceil(2)));
        }
        let _ = writeln!(
            text,
            "  deaths by killer (the worst monster kind: {} % of deaths):",
            self.worst_killer_percent()
        );
        for (name, n) in self.deaths_by_killer() {
            let share = (n * 100).checked_div(deaths.len()).unwrap_or(0);
            let _ = writeln!(text, "    {n:>4} {share:>3} %  {name}");
        }
        let _ = writeln!(
            text,
            "  turns per depth (mean over the runs that reached it):"
        );
        for (depth, mean) in self.turns_per_depth() {
            let reached = self
                .runs
                .iter()
                .filter(|r| r.turns_on.contains_key(&depth))
                .count();
            let _ = writeln!(text, "    {depth:>3} {mean:>6} turns ({reached} runs)");
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_killer_is_the_longest_kind_the_cause_names() {
        let kinds: Vec<String> = ["ogre", "ogre shaman", "eel"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            killer_in("killed by an ogre shaman on depth 9", &kinds).as_deref(),
            Some("ogre shaman")
        );
        assert_eq!(
            killer_in("killed by an ogre on depth 5", &kinds).as_deref(),
            Some("ogre")
        );
        assert_eq!(killer_in("burnt to death in lava on depth 3", &kinds), None);
    }

    #[test]
    fn the_same_seed_plays_the_same_run_and_any_thread_count_the_same_report() {
        let campaign = CampaignConfig::builtin();
        for bot in Bot::ALL {
            assert_eq!(play(&campaign, 5, bot), play(&campaign, 5, bot));
        }
        let one = BalanceReport::measure(&campaign, Bot::Plain, 0, 4, 1);
        let two = BalanceReport::measure(&campaign, Bot::Plain, 0, 4, 2);
        assert_eq!(one, two);
        assert_eq!(one.runs.len(), 4);
        assert!(one.text().contains("plain bot, 4 runs of"));
    }
}

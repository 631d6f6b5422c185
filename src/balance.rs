//! The difficulty curve, measured: bots play whole runs of a campaign with monsters,
//! through the same [`RunState::apply`] a player's keys reach, and a [`BalanceReport`]
//! says how they fared — the win rate, the depth of death, what killed them, the turns
//! each depth took. A report, not a check: `delve balance` prints it, and the book's
//! table (`docs/src/difficulty-curve.md`) comes from it.
//!
//! Two bots ([`Bot`]): the plain one wields and wears what it finds, fights whatever it
//! sees and drinks healing when low; the careful one also rests to full, puts on rings,
//! fights in corridors rather than the open, strikes sleepers unawares, zaps its wands
//! at dangerous monsters and tries unknown potions only when it is safe.

use std::collections::BTreeMap;

use delve_levels::config::CampaignConfig;
use delve_rules::run::{Outcome, PlayerAction, Rules, RunEnd, RunState};

mod brain;
mod looking;
mod report;

use brain::Brain;
pub use report::BalanceReport;

/// The most actions one bot run takes before it is called stuck (a run that ends so
/// counts as neither a win nor a death).
pub(crate) const ACTION_LIMIT: u32 = 30_000;

/// Turns a bot spends on one depth before it stops exploring and heads for the way
/// down as if it remembered it (over traps, through deep water and secret doors,
/// through whatever stands in the way): a bot measures fights, not its own patience.
pub(crate) const PATIENCE_TURNS: u64 = 2_500;

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
    /// It took the final stairs, their rune found.
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
pub(crate) fn play_watched(
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

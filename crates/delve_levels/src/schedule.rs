//! The turn scheduler: who acts next, by time, as Brogue's `ticksUntilTurn` and rot.js'
//! speed scheduler do. Every actor has the tick at which it acts next; the earliest acts,
//! then waits as long as its action takes. An action of normal speed takes
//! [`NORMAL_TICKS`], so a creature whose actions take half that acts twice per player
//! move. Ties go to the actor added first (the player, then monsters in spawn order), so
//! the order of turns is a pure function of the actors and their speeds.

use serde::{Deserialize, Serialize};

/// The ticks an action of normal speed takes (the player's move).
pub const NORMAL_TICKS: u32 = 100;

/// Who acts: the player or a monster (by its index on the level).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Actor {
    /// The player.
    Player,
    /// The monster with this number on the level ([`crate::monsters::Monster::id`]).
    Monster(u32),
}

/// The furthest a saved schedule's clock may be: ages of play (a hundred million turns
/// of a thousand ticks is 10^11), far below where adding could overflow.
pub const MOST_TICKS: u64 = 1 << 48;

/// The actors and the tick each acts at next, with the time now.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scheduler {
    /// The tick of the last action begun.
    now: u64,
    /// (next tick, order added, actor); the earliest tick acts, ties by order added.
    queue: Vec<(u64, u64, Actor)>,
    /// How many actors were ever added (the tie order of the next one).
    added: u64,
}

impl Scheduler {
    /// An empty schedule at tick 0.
    pub fn new() -> Scheduler {
        Scheduler::default()
    }

    /// The tick of the action begun last.
    pub fn now(&self) -> u64 {
        self.now
    }

    /// Adds `actor`, acting `delay` ticks from now (0: at once, after the actors already
    /// due now). An actor already in the schedule is moved.
    pub fn add(&mut self, actor: Actor, delay: u32) {
        self.remove(actor);
        let order = self.added;
        self.added += 1;
        self.queue.push((self.now + delay as u64, order, actor));
    }

    /// Takes `actor` out (a monster that died).
    pub fn remove(&mut self, actor: Actor) {
        self.queue.retain(|&(_, _, a)| a != actor);
    }

    /// Whether `actor` is scheduled.
    pub fn contains(&self, actor: Actor) -> bool {
        self.queue.iter().any(|&(_, _, a)| a == actor)
    }

    /// The actor whose turn it is (the earliest tick, ties by order added), moving the
    /// clock to its tick. It stays in the schedule until [`Scheduler::done`] says how long
    /// its action took.
    pub fn next_actor(&mut self) -> Option<Actor> {
        let &(tick, _, actor) = self.queue.iter().min()?;
        self.now = tick;
        Some(actor)
    }

    /// Every actor scheduled, in no particular order.
    pub fn actors(&self) -> impl Iterator<Item = Actor> + '_ {
        self.queue.iter().map(|&(_, _, actor)| actor)
    }

    /// Checks a schedule read from a save: each actor once, no turn before now nor
    /// further off than one action can be, tie orders unique and below the count added,
    /// and the clock within [`MOST_TICKS`] (so a run goes on for ages without overflow,
    /// and every save it writes loads).
    pub fn check(&self) -> Result<(), String> {
        let mut actors = std::collections::BTreeSet::new();
        let mut orders = std::collections::BTreeSet::new();
        for &(tick, order, actor) in &self.queue {
            if !actors.insert(actor) {
                return Err(format!("the turn schedule holds {actor:?} twice"));
            }
            let too_late = tick > self.now.saturating_add(u64::from(u32::MAX));
            if tick < self.now || too_late || order >= self.added || !orders.insert(order) {
                return Err(format!(
                    "the turn schedule's entry for {actor:?} is out of order (tick {tick}, now {}; order {order} of {})",
                    self.now, self.added
                ));
            }
        }
        if self.added > MOST_TICKS || self.now > MOST_TICKS {
            return Err(format!(
                "the turn schedule's clock is beyond any run (tick {}, {} added; at most {MOST_TICKS})",
                self.now, self.added
            ));
        }
        Ok(())
    }

    /// `actor` acted, taking `ticks`: it acts again that long after now. Its place among
    /// equal ticks is behind everyone already waiting.
    pub fn done(&mut self, actor: Actor, ticks: u32) {
        self.add(actor, ticks);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the schedule until the player has acted `player_turns` times, every actor
    /// taking its own `ticks` per action; counts the actions of each.
    fn count_actions(speeds: &[(Actor, u32)], player_turns: u32) -> Vec<u32> {
        let mut schedule = Scheduler::new();
        for &(actor, _) in speeds {
            schedule.add(actor, 0);
        }
        let mut counts = vec![0; speeds.len()];
        let mut player_acted = 0;
        while player_acted < player_turns {
            let actor = schedule.next_actor().unwrap();
            let index = speeds.iter().position(|&(a, _)| a == actor).unwrap();
            counts[index] += 1;
            if actor == Actor::Player {
                player_acted += 1;
            }
            schedule.done(actor, speeds[index].1);
        }
        counts
    }

    #[test]
    fn speed_ratios_hold_over_many_turns() {
        let speeds = [
            (Actor::Player, NORMAL_TICKS),
            (Actor::Monster(0), NORMAL_TICKS / 2),
            (Actor::Monster(1), NORMAL_TICKS * 2),
            (Actor::Monster(2), NORMAL_TICKS),
            (Actor::Monster(3), NORMAL_TICKS / 4),
        ];
        let counts = count_actions(&speeds, 1000);
        assert_eq!(counts[0], 1000);
        // The run stops at the player's last turn, so the others may be short by what
        // they would do in that one player turn — never more.
        for ((count, exact), &(_, ticks)) in counts
            .iter()
            .zip([1000, 2000, 500, 1000, 4000])
            .zip(&speeds)
        {
            let one_turn = NORMAL_TICKS.div_ceil(ticks);
            assert!((exact - one_turn..=exact).contains(count), "{counts:?}");
        }
    }

    #[test]
    fn a_fast_monster_acts_twice_between_two_player_moves() {
        let mut schedule = Scheduler::new();
        schedule.add(Actor::Player, 0);
        schedule.add(Actor::Monster(0), 0);
        let mut order = Vec::new();
        for _ in 0..7 {
            let actor = schedule.next_actor().unwrap();
            order.push(actor);
            let ticks = if actor == Actor::Player { 100 } else { 50 };
            schedule.done(actor, ticks);
        }
        use Actor::{Monster, Player};
        assert_eq!(
            order,
            [
                Player,
                Monster(0),
                Monster(0),
                Player,
                Monster(0),
                Monster(0),
                Player
            ]
        );
    }

    #[test]
    fn ties_go_in_the_order_actors_were_added_and_removed_actors_never_act() {
        let mut schedule = Scheduler::new();
        for actor in [Actor::Player, Actor::Monster(2), Actor::Monster(0)] {
            schedule.add(actor, 0);
        }
        assert_eq!(schedule.next_actor(), Some(Actor::Player));
        schedule.done(Actor::Player, 100);
        assert_eq!(schedule.next_actor(), Some(Actor::Monster(2)));
        schedule.remove(Actor::Monster(2));
        assert_eq!(schedule.next_actor(), Some(Actor::Monster(0)));
        schedule.done(Actor::Monster(0), 100);
        assert_eq!(schedule.next_actor(), Some(Actor::Player));
        schedule.remove(Actor::Monster(0));
        assert!(!schedule.contains(Actor::Monster(0)));
        assert_eq!(schedule.now(), 100);
    }
}

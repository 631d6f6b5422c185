//! What counts as a threat: a monster in view that is after the player **and** can hurt
//! them soon — next to them, able to shoot or breathe at them from where it is, or able
//! to reach them within [`THREAT_TURNS`] of the player's turns by its own way of getting
//! about. A threat keeps travel, exploring and rest from starting, stops them when it
//! comes closer, and is the only monster whose coming back into view is news. A hunter
//! across lava, a slow zombie far down a corridor or a conjurer keeping its distance is
//! seen, but is no reason to stand still.

use super::RunState;
use delve_levels::dijkstra::UNREACHED;
use delve_levels::monsters::{Ability, Behaviour};
use delve_levels::schedule::NORMAL_TICKS;

/// How many of the player's turns away a hunter may be, by its own way of getting
/// about, and still keep travel, exploring and rest from starting.
pub const THREAT_TURNS: i32 = 5;

/// Why a monster in view is a threat now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Menace {
    /// It stands next to the player.
    NextTo,
    /// It can shoot (or breathe at) the player from where it is.
    Shoots,
    /// It can be next to the player in this many of the player's turns.
    Reaches(i32),
}

impl Menace {
    /// The reason, as the refusal gives it.
    fn reason(self) -> String {
        match self {
            Menace::NextTo => "it is next to you".into(),
            Menace::Shoots => "it can hit you from there".into(),
            Menace::Reaches(1) => "it can reach you next turn".into(),
            Menace::Reaches(turns) => format!("it can reach you in {turns} turns"),
        }
    }
}

/// The nearest threat in view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Threat {
    /// Its distance (Chebyshev) from the player.
    pub distance: i32,
    /// Its name with "the" ("the jackal").
    pub name: String,
    /// Why it is one.
    pub menace: Menace,
    /// Whether it comes after the player (a hunter); one that never chases (a slug) is
    /// a threat only next to them, and is told so, not as "after you".
    pub chases: bool,
}

impl Threat {
    /// Where it is to the player, as a stop or a refusal says it: "after you" for one
    /// that chases, "next to you" for one that only fights where it stands.
    pub(super) fn after_or_beside(&self) -> &'static str {
        if self.chases {
            "after you"
        } else {
            "next to you"
        }
    }
}

impl RunState {
    /// Why the monster at `index` of the level threatens the player now, if it does: it
    /// is seen, it is hunting or fighting them (see [`super::Doing::is_a_threat`]), and it
    /// is next to them, can shoot them, or can reach them within [`THREAT_TURNS`]. A
    /// monster that never chases is a threat only next to the player.
    ///
    /// A confused monster (from recording format 12) is what it will be once its head
    /// clears, that many turns later: a threat when its confusion ends within
    /// [`THREAT_TURNS`] and, for one that must come to the player, its confusion's turns
    /// and its steps together are within them.
    pub fn menace_of(&self, index: usize) -> Option<Menace> {
        let monster = &self.level.monsters[index];
        let doing = if self.confused_foes_are_no_threat() {
            self.doing(index)
        } else {
            self.doing_once_clear_headed(index)
        };
        if !self.shows_monster(monster) || !doing.is_a_threat() {
            return None;
        }
        // The turns its confusion lasts yet (none for one unconfused).
        let dazed =
            i32::try_from(monster.confused_until.saturating_sub(self.turns)).unwrap_or(i32::MAX);
        if dazed > THREAT_TURNS {
            return None;
        }
        let kind = self.campaign.monster_table().kind(monster.kind)?;
        let distance = monster.pos.chebyshev(self.player);
        if distance <= 1 {
            return Some(Menace::NextTo);
        }
        if kind.behaviour == Behaviour::Wanders {
            return None;
        }
        let shoots = kind.abilities.iter().any(|ability| match ability {
            Ability::Ranged { range, .. } | Ability::Breath { range, .. } => {
                distance <= *range as i32
            }
            _ => false,
        });
        if shoots && self.monster_sees_player(monster, kind) && self.clear_shot(monster.pos) {
            return Some(Menace::Shoots);
        }
        let steps = self.steps_to_player(kind.moves, monster.pos);
        if steps == UNREACHED {
            return None;
        }
        // Steps to stand next to the player, in the player's turns (rounded up).
        let ticks = (steps - 1).max(0) as u64 * u64::from(kind.speed.ticks());
        let turns = ticks.div_ceil(u64::from(NORMAL_TICKS)).max(1) as i32 + dazed;
        (turns <= THREAT_TURNS).then_some(Menace::Reaches(turns))
    }

    /// The distance to the nearest threat in view (see [`RunState::menace_of`]).
    pub fn nearest_threat(&self) -> Option<i32> {
        self.threat().map(|threat| threat.distance)
    }

    /// The nearest threat in view, with its name and why it is one.
    pub(super) fn threat(&self) -> Option<Threat> {
        let table = self.campaign.monster_table();
        self.seen_monsters().into_iter().find_map(|i| {
            let menace = self.menace_of(i)?;
            let m = &self.level.monsters[i];
            let kind = table.kind(m.kind);
            let name = kind.map_or("a monster".to_owned(), |k| format!("the {}", k.name));
            Some(Threat {
                distance: m.pos.chebyshev(self.player),
                name,
                menace,
                chases: kind.is_none_or(|k| k.behaviour != Behaviour::Wanders),
            })
        })
    }

    /// Why many turns for one key cannot start now, if they cannot: confusion, or a
    /// threat, named with why it is one and what the player can do.
    pub(super) fn cannot_start_many_turns(&self) -> Option<String> {
        if self.confused() {
            return Some("You are too confused for that; you would only stumble.".into());
        }
        self.threat().map(|threat| match threat.chases {
            true => format!(
                "Not with {} after you: {}. Fight it, or step away yourself.",
                threat.name,
                threat.menace.reason()
            ),
            false => format!(
                "Not with {} next to you. Fight it, or step away yourself.",
                threat.name
            ),
        })
    }
}

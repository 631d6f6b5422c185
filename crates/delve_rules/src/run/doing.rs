//! What a monster is doing — fighting, hunting, fleeing, keeping away, wandering, asleep
//! or guarding — as the rules read it (a threat keeps travel and rest from starting) and
//! as the player is told it.

use super::RunState;
use super::monster_turns::is_afraid;
use delve_levels::monsters::{Behaviour, Mind};

/// What a monster is doing, as the look command names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doing {
    /// Next to the player, fighting (even one that never chases fights back).
    Fighting,
    /// After the player.
    Hunting,
    /// Running away (a coward below a third of its hit points).
    Fleeing,
    /// Keeping its distance from the player.
    KeepingAway,
    /// Walking about, the player unnoticed (or never chasing).
    Wandering,
    /// Asleep (a vault's sleeper): it wakes when the player comes close.
    Sleeping,
    /// Keeping its post (a vault's guard), the player out of its reach.
    Guarding,
    /// Shackled, waiting to be set free.
    Shackled,
    /// On the player's side.
    Following,
    /// Confused (a thrown potion's fumes): it staggers about, coming for nobody.
    Confused,
}

impl Doing {
    /// Whether it is after the player (hunting or fighting): a threat that keeps travel
    /// and rest from starting and stops them when it comes closer.
    pub fn is_a_threat(self) -> bool {
        matches!(self, Doing::Fighting | Doing::Hunting)
    }

    /// The word for it.
    pub fn word(self) -> &'static str {
        match self {
            Doing::Fighting => "fighting you",
            Doing::Hunting => "hunting you",
            Doing::Fleeing => "fleeing",
            Doing::KeepingAway => "keeping its distance",
            Doing::Wandering => "wandering",
            Doing::Sleeping => "asleep",
            Doing::Guarding => "guarding its post",
            Doing::Shackled => "shackled (walk into it to set it free)",
            Doing::Following => "your ally",
            Doing::Confused => "confused, staggering about",
        }
    }
}

impl RunState {
    /// What the monster at index `index` of the level is doing.
    pub fn doing(&self, index: usize) -> Doing {
        self.doing_heeding_confusion(index, true)
    }

    /// What the monster at `index` will be doing once its head clears: what it does, but
    /// for a confused one what it would be doing unconfused (a threat counts it so).
    pub(super) fn doing_once_clear_headed(&self, index: usize) -> Doing {
        self.doing_heeding_confusion(index, false)
    }

    /// [`RunState::doing`], a confused monster told as such only when `confusion`.
    fn doing_heeding_confusion(&self, index: usize, confusion: bool) -> Doing {
        let monster = &self.level.monsters[index];
        let Some(kind) = self.campaign.monster_table().kind(monster.kind) else {
            return Doing::Wandering;
        };
        let hurt = self.fight.hp < self.fight.max_hp;
        let next_to = monster.pos.chebyshev(self.player) <= 1;
        match monster.mind {
            Mind::Captive => Doing::Shackled,
            Mind::Ally => Doing::Following,
            _ if confusion && self.turns < monster.confused_until => Doing::Confused,
            _ if is_afraid(monster, kind) => Doing::Fleeing,
            Mind::Asleep => Doing::Sleeping,
            _ if next_to => Doing::Fighting,
            Mind::Guarding(post)
                if self.guard_goes_for_player(post, self.monster_sees_player(monster, kind)) =>
            {
                Doing::Hunting
            }
            Mind::Guarding(_) => Doing::Guarding,
            Mind::Hunting(_) if kind.behaviour == Behaviour::Skulks && !hurt => Doing::KeepingAway,
            Mind::Hunting(_) if kind.behaviour != Behaviour::Wanders => Doing::Hunting,
            _ => Doing::Wandering,
        }
    }
}

//! Which rules a run is played by, and — as questions the rules code asks — every way
//! the two sets differ. A rule that is the same in both is written once with no question;
//! a new rule that differs adds its question here, so this file is the whole list of
//! what a peaceful run leaves out.

use serde::{Deserialize, Serialize};

/// Which rules a run is played by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rules {
    /// Monsters, hit points, a way to win and to die: the game.
    #[default]
    Monsters,
    /// No monsters: the levels to walk through, as runs were before monsters existed
    /// (older saves and recordings play so).
    Peaceful,
}

impl Rules {
    /// Monsters live on the levels, take their turns after the player's, are attacked by
    /// stepping into them and are remembered with their level; the player heals over
    /// time.
    pub fn has_monsters(self) -> bool {
        self == Rules::Monsters
    }

    /// The run has a goal and a score: each level's must-find item opens its sealed
    /// stairs down, the final depth's open stairs win, gold goes to the purse, and a
    /// designer's tool marks the run (a win with them is not a plain win).
    pub fn has_a_goal(self) -> bool {
        self == Rules::Monsters
    }

    /// Using an item does what its effect says (a peaceful run only collects them);
    /// what is worn and wielded counts.
    pub(crate) fn items_work(self) -> bool {
        self == Rules::Monsters
    }

    /// Picking up with `g` and dropping take a turn (stepping onto an item is free in
    /// both).
    pub(crate) fn handling_items_takes_a_turn(self) -> bool {
        self == Rules::Monsters
    }

    /// `>` and `<` away from the stairs walk to stairs already seen.
    pub(crate) fn stairs_keys_travel(self) -> bool {
        self == Rules::Monsters
    }

    /// Each kind keeps the inventory letter it got when first picked up until the last
    /// of it is gone (a peaceful run letters its stacks in pick-up order).
    pub(crate) fn letters_stay_with_kinds(self) -> bool {
        self == Rules::Monsters
    }

    /// Deep water, lava, chasms and traps do what they do to whoever enters them: wash
    /// items away, burn, drop to the next depth, spring. A peaceful run stops at their
    /// edge, and a trap stepped on there only shows itself.
    pub(crate) fn hazards_work(self) -> bool {
        self == Rules::Monsters
    }

    /// The stomach empties a turn at a time and food fills it
    /// ([`hunger`](super::hunger)): hungry, weak (no healing), starving.
    pub(crate) fn has_hunger(self) -> bool {
        self == Rules::Monsters
    }
    /// Whether the run keeps its [`Fight`](super::Fight) in a save: hit points, kills,
    /// the schedule and the rest of what only these rules change.
    pub(crate) fn saves_the_fight(self) -> bool {
        self == Rules::Monsters
    }
}

//! The stairs: `>` and `<` on them (down a depth, up a depth, out of the dungeon at the
//! final depth), away from them (walk to stairs already seen), and the seal a level's
//! must-find item puts on its stairs down.

use super::messages::key_of;
use super::travel::Destination;
use super::{Arrival, ChangeReason, Outcome, RunEnd, RunState, notice};
use delve_levels::grid::Tile;
use delve_levels::rng::MAX_DEPTH;

impl RunState {
    /// `>`: down the stairs the player stands on (sealed, out of the dungeon at the
    /// final depth, or to the next depth), or to the stairs down already seen.
    pub(super) fn descend(&mut self, out: &mut Vec<Outcome>) {
        let on_stairs = self.tile_under_player() == Some(Tile::DownStairs);
        if on_stairs && let Some(kind) = self.sealed_by() {
            let name = self.campaign.loot_table().true_name(kind);
            out.push(notice(&format!(
                "The stairs are sealed. This level's {name} opens them; it lies somewhere in the open."
            )));
        } else if on_stairs && self.rules.has_a_goal() && self.depth >= self.campaign.final_depth()
        {
            self.descend_from_the_final_depth(out);
        } else if on_stairs && self.depth < MAX_DEPTH {
            self.go_down(out);
        } else if !on_stairs && self.rules.stairs_keys_travel() {
            self.travel_to_stairs(Tile::DownStairs, out);
        } else {
            out.push(notice("There are no stairs down here."));
        }
    }

    /// `<`: up the stairs the player stands on (the first depth's lead out, and there is
    /// no going back), or to the stairs up already seen.
    pub(super) fn ascend(&mut self, out: &mut Vec<Outcome>) {
        match self.tile_under_player() {
            Some(Tile::UpStairs) if self.depth > 1 => {
                self.turns = self.turns.saturating_add(1);
                let key = self.key_for(self.depth - 1);
                self.enter(key, Arrival::DownStairs, ChangeReason::Ascend, out);
            }
            Some(Tile::UpStairs) => out.push(notice(
                "These stairs lead out of the dungeon; there is no going back.",
            )),
            _ if self.rules.stairs_keys_travel() => self.travel_to_stairs(Tile::UpStairs, out),
            _ => out.push(notice("There are no stairs up here.")),
        }
    }

    /// Whether the key of `stairs` (`>` for the stairs down, `<` for up) walks to them
    /// over many turns rather than climbing: away from them, where the rules let it.
    pub(super) fn stairs_key_travels(&self, stairs: Tile) -> bool {
        self.tile_under_player() != Some(stairs) && self.rules.stairs_keys_travel()
    }

    /// The tile the player stands on.
    pub(super) fn tile_under_player(&self) -> Option<Tile> {
        self.level.level.tiles.get(self.player)
    }

    /// Goes down a depth (the stairs, or a hole dug): a turn, then the next depth's
    /// level at its up stairs. Its monsters do not act before the player's next turn.
    pub(super) fn go_down(&mut self, out: &mut Vec<Outcome>) {
        self.go_down_to(Arrival::UpStairs, ChangeReason::Descend, out);
    }

    /// Goes down a depth, arriving as `arrival` says (a fall lands anywhere): a turn,
    /// then the next depth's level.
    pub(super) fn go_down_to(
        &mut self,
        arrival: Arrival,
        reason: ChangeReason,
        out: &mut Vec<Outcome>,
    ) {
        self.turns = self.turns.saturating_add(1);
        let key = self.key_for(self.depth + 1);
        self.enter(key, arrival, reason, out);
    }

    /// Whether this is the last depth, with nothing below to dig or fall to.
    pub(super) fn nothing_below(&self) -> bool {
        self.depth >= self.campaign.final_depth()
    }

    /// `>` or `<` away from those stairs: walk to them if they have been seen.
    fn travel_to_stairs(&mut self, stairs: Tile, out: &mut Vec<Outcome>) {
        match self.known_stairs(stairs) {
            Some(pos) => self.travel(Destination::Tile(pos), out),
            None => out.push(notice(&if stairs == Tile::DownStairs {
                format!(
                    "You have not found the stairs down yet. ({} explores.)",
                    key_of("explore")
                )
            } else {
                "You have not seen the stairs up on this level.".to_owned()
            })),
        }
    }

    /// The final depth's down stairs, open (its must-find item found): the run is won.
    fn descend_from_the_final_depth(&mut self, out: &mut Vec<Outcome>) {
        self.turns = self.turns.saturating_add(1);
        self.fight.end = Some(RunEnd::Won);
        out.push(notice(&format!(
            "The way out opens before you. You escape the dungeon from depth {}: you win!",
            self.depth
        )));
        out.push(Outcome::RunEnded);
    }

    /// The must-find item of the level in play (its loot table index), if it has one.
    pub fn must_find_here(&self) -> Option<usize> {
        let table = self.campaign.loot_table();
        self.level
            .level
            .loot
            .iter()
            .map(|i| i.item)
            .find(|&kind| table.items().get(kind).is_some_and(|item| item.must_find))
    }

    /// Whether this level's down stairs are sealed: where the run has a goal, until the
    /// level's must-find item is found (a level without one is open).
    pub fn stairs_sealed(&self) -> bool {
        self.sealed_by().is_some()
    }

    /// The must-find item (its loot table index) that seals this level's stairs down
    /// until it is found, if they are sealed.
    fn sealed_by(&self) -> Option<usize> {
        if !self.rules.has_a_goal() || self.fight.has_found(self.depth) {
            return None;
        }
        self.must_find_here()
    }

    /// The name of this level's must-find item while it is not found, as the player
    /// knows it: its floor is warded against digging and sinking through until then (a
    /// wand of digging or a potion of descent skipping a depth would make the runes
    /// moot; a chasm's fall still skips, at the cost of the fall).
    pub(super) fn warded_by(&self) -> Option<String> {
        self.sealed_by().map(|kind| self.knowledge().name(kind))
    }

    /// The reminder on arriving on a level whose stairs are sealed.
    pub(super) fn seal_notice(&self, out: &mut Vec<Outcome>) {
        if let Some(kind) = self.sealed_by() {
            let table = self.campaign.loot_table();
            out.push(notice(&format!(
                "The stairs down are sealed until you find this level's {} ({}).",
                table.true_name(kind),
                table.glyph(kind)
            )));
        }
    }
}

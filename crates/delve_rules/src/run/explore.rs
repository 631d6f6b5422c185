//! Exploring (`x`): where it heads — every item it would pick up (all but those the
//! player put down and those the pack has no room for; the level's must-find item among
//! them) ahead of the edges of the unknown, through a locked door whose key the player
//! carries (from generation 4) and a barred door from its open side (from recording
//! format 11) —, what it says when it cannot go on (a monster standing in the way, a trap
//! found on the only way, or nothing left), and the way on over a found trap that the
//! keys ask about before taking it.

use super::messages::key_of;
use super::travel::Destination;
use super::{Outcome, RunState};
use delve_levels::dijkstra::{DijkstraMap, UNREACHED};
use delve_levels::grid::{Pos, Tile};
use delve_levels::monsters::Mind;

/// The head start an item seen has over an edge of the unknown when exploring picks
/// where to go: it walks to an item up to this many steps farther than the nearest
/// edge first (as Brogue's explore goes for the items it sees).
pub const ITEM_HEAD_START: i32 = 12;

impl RunState {
    /// Where exploring heads, each with its head start on a Dijkstra map: the items
    /// lying on seen tiles (not those the player put down, nor those for sale), and the
    /// seen walkable tiles
    /// next to a tile never seen ([`ITEM_HEAD_START`] behind the items).
    pub(super) fn exploration_goals(&self) -> Vec<(Pos, i32)> {
        let tiles = &self.level.level.tiles;
        let seen = |p: Pos| tiles.contains(p) && self.level.seen[tiles.index_of(p)];
        let mut goals: Vec<(Pos, i32)> = (self.level.items.iter())
            .filter(|i| self.price_of(i) == 0 && self.has_room_for(i.held()))
            .map(|i| i.pos)
            .filter(|&p| seen(p) && !self.level.was_left(p))
            .map(|p| (p, 0))
            .collect();
        goals.extend(
            tiles
                .positions()
                .filter(|&p| {
                    seen(p)
                        && self.may_walk_onto(p)
                        && tiles
                            .neighbours8(p)
                            .any(|n| !self.level.seen[tiles.index_of(n)])
                })
                .map(|p| (p, ITEM_HEAD_START)),
        );
        goals
    }

    /// Whether travel and exploring walk onto `pos` by what the player knows: ground
    /// that seems walkable, or — in a run of generation 4 on — a locked door whose key
    /// the player carries (walking into it opens it; before, exploring stopped there
    /// with the door shut, and a run of those generations replays so), or — from
    /// recording format 11 — a barred door, entered only from its open side
    /// ([`RunState::may_step`]), or a ledge (generation 6), stepped onto from its high
    /// side only.
    pub(super) fn may_walk_onto(&self, pos: Pos) -> bool {
        self.level.seems_walkable(pos)
            || (self.generation.explores_through_locks()
                && self.level.is_locked(pos)
                && self.key_carried().is_some())
            || (!self.travel_keeps_off_barred_doors()
                && self.level.tile_at(pos) == Some(Tile::BarredDoor))
            || self.level.tile_at(pos) == Some(Tile::Ledge)
    }

    /// Whether travel and exploring may step from `from` onto `to` (beside it): anywhere
    /// but onto a barred door from its barred side, where it is a wall to them as to a
    /// walk (from its open side they walk into it, lifting its bar), nor up onto a ledge
    /// from below.
    pub(super) fn may_step(&self, from: Pos, to: Pos) -> bool {
        (self.level.tile_at(to) != Some(Tile::BarredDoor) || self.level.unbars_from(to, from))
            && self.level.lets_walk(from, to)
    }

    /// Where exploring could go on only over a trap the player found: the place beyond
    /// it that exploring would head for (travel there over the trap, once the player
    /// says yes, then explore on). `None` when exploring can go on without, or cannot
    /// go on at all.
    pub fn exploring_needs_a_trap(&self) -> Option<Pos> {
        // Asked at every key: no trap found, no maps to build.
        if !self.level.found().iter().any(|&p| self.found_trap_at(p)) {
            return None;
        }
        let goals = self.travel_goals(Destination::Explore)?;
        if self.known_map(&goals, false).value(self.player) != UNREACHED {
            return None;
        }
        let over = self.known_map(&goals, true);
        if over.value(self.player) == UNREACHED {
            return None;
        }
        let mut at = self.player;
        for _ in 0..self.level.level.tiles.len() {
            let from = at;
            at = over.downhill(at, |to| self.may_step(from, to))?;
            if goals.iter().any(|&(g, _)| g == at) {
                return Some(at);
            }
        }
        None
    }

    /// Explores on over the traps found on the only way on, the player having said yes:
    /// those traps are crossed without asking from now on, and exploring goes on from
    /// wherever the player stands (never "already there" to the question it asked).
    pub(super) fn explore_over_traps(&mut self, out: &mut Vec<Outcome>) {
        if let Some(beyond) = self.exploring_needs_a_trap() {
            self.allow_crossing_on_the_way_to(beyond);
        }
        self.travel(Destination::Explore, out);
    }

    /// What travel or exploring says when its next step cannot be taken: the monster
    /// standing on the only known way, the found trap it will not step on by itself,
    /// or (exploring) that nothing else can be reached.
    pub(super) fn why_travel_is_blocked(
        &self,
        destination: Destination,
        map: &DijkstraMap,
    ) -> String {
        if map.value(self.player) != UNREACHED
            && let Some((blocker, shackled)) = self.monster_in_the_way(map)
        {
            let way = match destination {
                Destination::Explore => "on",
                _ => "there",
            };
            // A captive never moves by itself; anything else may, if given a turn.
            let what_to_do = if shackled {
                "walk into it to set it free"
            } else {
                "fight it, or wait (.) for it to move"
            };
            return format!("{blocker} blocks the way {way}: {what_to_do}.");
        }
        match destination {
            Destination::Explore => format!(
                "Explored all you can reach from here.{}{}{}",
                self.wares_left_words(),
                // Promised only where `x` will ask: a found trap beside what is reached
                // may lead nowhere new.
                if self.exploring_needs_a_trap().is_some() {
                    " The way on crosses a trap you found: explore again to be asked, or walk over it yourself."
                } else {
                    ""
                },
                self.how_to_go_on()
            ),
            _ if self.trap_in_the_way() => "The way there is blocked: travel steps on a trap you found only when you say so; walk over it yourself, or travel there again and answer y.".to_owned(),
            // No known way at all: what the player knows of the level is cut off from
            // there (a teleport into a part behind a secret door), and only searching
            // finds the way.
            _ if map.value(self.player) == UNREACHED => format!(
                "The way there is blocked: no way you know of leads there. It may be hidden: search for a secret door ({} searches).",
                key_of("search")
            ),
            _ => "The way there is blocked.".to_owned(),
        }
    }

    /// The monster on the next step of the known way (`map`), as the player may name
    /// it — "The rat (fleeing)", "The shackled ogre", or "Something" when it is not seen —
    /// and whether it is a shackled captive.
    fn monster_in_the_way(&self, map: &DijkstraMap) -> Option<(String, bool)> {
        let here = map.value(self.player);
        let (_, index) = (self.level.level.tiles.neighbours8(self.player))
            .filter(|&n| map.value(n) < here)
            .filter_map(|n| {
                let index = self.level.monster_at(n)?;
                (self.level.monsters[index].mind != Mind::Ally).then_some((map.value(n), index))
            })
            .min()?;
        let monster = &self.level.monsters[index];
        let shackled = monster.mind == Mind::Captive;
        if !self.shows_monster(monster) {
            return Some(("Something".to_owned(), shackled));
        }
        let kind = self.campaign.monster_table().kind(monster.kind)?;
        let name = if shackled {
            format!("The shackled {}", kind.name)
        } else {
            format!("The {} ({})", kind.name, self.doing(index).word())
        };
        Some((name, shackled))
    }

    /// Whether a trap the player found is beside what they can reach: travel never
    /// walks over one by itself (the hint after it stops; exploring's hint asks
    /// [`RunState::exploring_needs_a_trap`] instead).
    fn trap_in_the_way(&self) -> bool {
        let tiles = &self.level.level.tiles;
        let known = |p: Pos| tiles.contains(p) && self.level.seen[tiles.index_of(p)];
        let reach = self.known_map(&[(self.player, 0)], false);
        tiles.positions().any(|p| {
            self.found_trap_at(p)
                && !self.level.may_cross(p)
                && known(p)
                && tiles.neighbours8(p).any(|n| reach.value(n) != UNREACHED)
        })
    }

    /// The hint after exploring has seen all it can reach: that `>` walks to the stairs
    /// down where it does (they are seen and a known way leads there); and, where the
    /// stairs down or the level's must-find item that opens them are out of reach (a
    /// teleport into a part behind a secret door), to search.
    pub(super) fn how_to_go_on(&self) -> String {
        let stairs = self.known_stairs(Tile::DownStairs);
        let reached = stairs.is_some_and(|at| at == self.player || self.route_to(at).is_some());
        let table = self.campaign.loot_table();
        let tiles = &self.level.level.tiles;
        let must_find_seen = (self.level.items.iter()).any(|placed| {
            (table.items().get(placed.item)).is_some_and(|kind| kind.must_find)
                && tiles.contains(placed.pos)
                && self.level.seen[tiles.index_of(placed.pos)]
        });
        let mut hint = String::new();
        if reached && self.rules.stairs_keys_travel() {
            hint += &format!(" ({} walks to the stairs down.)", key_of("descend"));
        }
        if !reached || (self.stairs_sealed() && !must_find_seen) {
            hint += &format!(
                " The way on may be hidden: search for a secret door ({} searches).",
                key_of("search")
            );
        }
        hint
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::record::{RECORDING_FORMAT, TRAVEL_KEEPS_OFF_BARRED_DOORS};
    use crate::run::{PlayerAction, Rules};
    use delve_levels::config::CampaignConfig;
    use delve_levels::generator::{CyclicConfig, GeneratorConfig};

    /// A run alone on the first cyclic dungeon (of seeds from 0) with a barred door,
    /// played by the rules of `format`, everything seen but the tile behind the door,
    /// the player on its open side: whether exploring opened it.
    fn explores_through_a_barred_door_by_format(format: u32) -> bool {
        let (mut run, door) = (0..200)
            .find_map(|seed| {
                let mut campaign = CampaignConfig::builtin();
                campaign.seed = seed;
                campaign.arrivals = Some(0);
                campaign.depths = vec![GeneratorConfig::Cyclic(CyclicConfig::default())];
                let run = RunState::start(campaign, None, Rules::Monsters).ok()?.0;
                let door = *run.level.level.plan.as_ref()?.barred_doors().first()?;
                Some((run, door))
            })
            .expect("a cyclic dungeon with a barred door");
        run.rules_of_format = format;
        run.stage()
            .clear_monsters()
            .clear_items()
            .remember_everything()
            .forget(door.barred_side)
            .put_player(door.open_side);
        run.apply(PlayerAction::Explore);
        run.level.tile_at(door.at) == Some(Tile::Door)
    }

    #[test]
    fn a_replay_of_format_10_explores_round_a_barred_door_and_today_through_it() {
        assert!(explores_through_a_barred_door_by_format(RECORDING_FORMAT));
        assert!(!explores_through_a_barred_door_by_format(
            TRAVEL_KEEPS_OFF_BARRED_DOORS
        ));
    }
}

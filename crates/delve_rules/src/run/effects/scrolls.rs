//! The scrolls' effects: identify, teleportation, enchanting (the choice that shapes a
//! run), remove curse, and the malevolent aggravate monsters and summon monsters.

use crate::run::aim::Aim;
use crate::run::fight::MOST_ENCHANTMENTS;
use crate::run::items::Spent;
use crate::run::items::with_article;
use crate::run::{Outcome, RunState, notice};
use delve_levels::grid::{Pos, Tile};
use delve_levels::loot::{Effect, Item, RingPower};
use delve_levels::monsters::{Mind, Monster, draw_kind};
use delve_levels::rng::{Stream, StreamRng, mix64};

impl RunState {
    /// The item a scroll read on another one is read on: `None` when none was chosen
    /// (read unknowing, or a plain `a`); refused, in words, when it is the scroll itself
    /// (`itself` says so), a kind `unfit` says why not, or an empty letter.
    fn item_chosen_for(
        &self,
        scroll: usize,
        aim: Aim,
        itself: &str,
        unfit: impl Fn(&RunState, usize) -> Option<String>,
    ) -> Result<Option<Item>, String> {
        let Aim::On(other) = aim else {
            return Ok(None);
        };
        match self.item_under_letter(other) {
            Some(item) if item.kind == scroll => Err(itself.to_owned()),
            Some(item) => unfit(self, item.kind).map_or(Ok(Some(item)), Err),
            None => Err("You carry nothing under that letter.".to_owned()),
        }
    }

    /// A scroll of identify: names the item chosen (`Aim::On`), or — read unknowing, or
    /// with nothing chosen — the first unknown item carried.
    pub(super) fn read_identify(
        &mut self,
        scroll: usize,
        aim: Aim,
        out: &mut Vec<Outcome>,
    ) -> Spent {
        let known = |run: &RunState, kind| {
            let known = run.knowledge().knows(kind);
            known.then(|| "You know what that is already.".to_owned())
        };
        let itself = "Read it on something else you carry.";
        let chosen = match self.item_chosen_for(scroll, aim, itself, known) {
            Ok(chosen) => chosen,
            Err(refusal) => {
                out.push(notice(&refusal));
                return Spent::Refused;
            }
        };
        self.identify(scroll, "by reading it");
        let knowledge = self.knowledge();
        let unknown = chosen.map(|item| item.kind).or_else(|| {
            self.lettered_inventory()
                .into_iter()
                .map(|l| l.kind)
                .find(|&kind| !knowledge.knows(kind))
        });
        match unknown {
            Some(kind) => {
                let before = knowledge.plain_name(kind);
                self.identify(kind, "by a scroll of identify");
                let after = self.knowledge().name(kind);
                out.push(notice(&format!(
                    "The {before} is {}.",
                    with_article(&after)
                )));
            }
            None => out.push(notice("You already know everything else you carry.")),
        }
        Spent::One
    }

    /// Carries the player to a free tile at least a third of the level's size away (the
    /// farthest tried, if none is), from a stream of the run seed and the turn: a scroll
    /// of teleportation, and a teleport trap. Never behind a lock still shut (inside a
    /// sealed vault, or a cyclic dungeon's locked part), where a player without the key
    /// would be stranded — as DCSS keeps teleports out of its sealed vaults: a tile
    /// drawn there is drawn again among the tiles the up stairs reach with the locks
    /// shut (so a teleport that never drew one lands where it always did).
    pub(in crate::run) fn teleport(&mut self, out: &mut Vec<Outcome>) {
        let tiles = &self.level.level.tiles;
        let free: Vec<Pos> = tiles
            .positions()
            .filter(|&p| tiles[p] == Tile::Floor && self.level.monster_at(p).is_none())
            .collect();
        if free.is_empty() {
            out.push(notice("You shudder for a moment."));
            return;
        }
        let mut rng = StreamRng::new(
            mix64(self.campaign.seed ^ mix64(self.turns) ^ TELEPORT_SALT),
            Stream::Monsters,
        );
        let far = (tiles.width().max(tiles.height()) / 3) as i32;
        let player = self.player;
        let draw = |among: &[Pos], rng: &mut StreamRng| {
            let mut best = among[rng.below(among.len() as u32) as usize];
            for _ in 0..16 {
                if best.chebyshev(player) >= far {
                    break;
                }
                let next = among[rng.below(among.len() as u32) as usize];
                if next.chebyshev(player) > best.chebyshev(player) {
                    best = next;
                }
            }
            best
        };
        let mut best = draw(&free, &mut rng);
        if !self.teleports_into_locks() {
            let open = delve_levels::vaults::proof::solve(&self.level.level).before_locks;
            let outside = |p: Pos| open[tiles.index_of(p)];
            let unsealed: Vec<Pos> = free.iter().copied().filter(|&p| outside(p)).collect();
            if !outside(best) && !unsealed.is_empty() {
                best = draw(&unsealed, &mut rng);
            }
        }
        let from = self.player;
        self.player = best;
        self.level.look_from(best);
        out.push(Outcome::Moved { from, to: best });
        out.push(notice("The world spins; you are elsewhere."));
    }

    /// Whether enchanting `kind` makes it grow: a weapon, an armour, a thrown weapon, a
    /// ring of protection or of clumsiness, a wand.
    pub(crate) fn can_be_enchanted(&self, kind: usize) -> bool {
        let effect = self.campaign.loot_table().effect(kind);
        matches!(
            effect,
            Some(
                Effect::Wield { .. }
                    | Effect::Armour(_)
                    | Effect::HeavyArmour(_)
                    | Effect::Thrown(..)
                    | Effect::Ring(RingPower::Protection(_) | RingPower::Clumsiness(_))
            )
        ) || effect.is_some_and(Effect::is_wand)
    }

    /// A scroll of enchanting: the item chosen (`Aim::On`) grows by one (that one item:
    /// it leaves a stack of plain ones; a stack of darts or javelins grows whole) and
    /// its kind's curse lifts. Read unknowing, it
    /// goes into the armour worn, else the weapon wielded.
    pub(in crate::run) fn read_enchanting(
        &mut self,
        scroll: usize,
        aim: Aim,
        out: &mut Vec<Outcome>,
    ) -> Spent {
        let unfit = |run: &RunState, kind| {
            (!run.can_be_enchanted(kind)).then(|| {
                let name = run.knowledge().plain_name(kind);
                format!(
                    "Enchanting cannot make the {name} grow: choose a weapon, armour, darts or javelins, a ring of protection or of clumsiness, or a wand."
                )
            })
        };
        let itself = "A scroll cannot enchant itself: choose something else.";
        // Read unknowing: into the armour worn, else the weapon wielded.
        let chosen = match self.item_chosen_for(scroll, aim, itself, unfit) {
            Ok(chosen) => chosen.or(self.fight.armour.or(self.fight.weapon)),
            Err(refusal) => {
                out.push(notice(&refusal));
                return Spent::Refused;
            }
        };
        let Some(item) = chosen else {
            out.push(notice(
                "The scroll glows, but you wear and wield nothing for it to go into.",
            ));
            return Spent::One;
        };
        if item.plus >= MOST_ENCHANTMENTS {
            let name = self.knowledge().plain_name(item.kind);
            out.push(notice(&format!(
                "Your {name} glows faintly: it holds all the enchantment it can."
            )));
            return Spent::One;
        }
        let grown = item.enchanted();
        // A stack of thrown weapons is one quiver: all of it grows.
        let thrown = matches!(
            self.campaign.loot_table().effect(item.kind),
            Some(Effect::Thrown(..))
        );
        let how_many = if thrown { self.carried_alike(item) } else { 1 };
        if how_many < self.carried_alike(item) && !self.has_a_letter_for(grown) {
            // It would leave its stack with no letter to be named by.
            out.push(notice(
                "Every letter is taken: drop something first, so the enchanted one has a letter of its own.",
            ));
            return Spent::Refused;
        }
        for _ in 0..how_many {
            self.change_item(item, grown);
        }
        self.fight.lift_curse(item.kind);
        let name = self.knowledge().plain_name(item.kind);
        out.push(notice(&format!(
            "Your {name} glows silver: +{}.",
            grown.plus
        )));
        Spent::One
    }

    /// A scroll of remove curse: every ring worn can come off.
    pub(in crate::run) fn read_remove_curse(&mut self, out: &mut Vec<Outcome>) -> Spent {
        let cursed: Vec<usize> = (self.fight.rings().map(|r| r.kind))
            .filter(|&r| self.is_cursed(r))
            .collect();
        if cursed.is_empty() {
            out.push(notice("You feel as if someone is watching over you."));
        } else {
            for kind in cursed {
                self.fight.lift_curse(kind);
            }
            out.push(notice("A weight lifts from your hands: the curse is gone."));
        }
        Spent::One
    }

    /// A scroll of aggravate monsters: every monster of the level wakes and comes for
    /// the reader (guards leave their posts).
    pub(in crate::run) fn read_aggravate(&mut self, out: &mut Vec<Outcome>) -> Spent {
        let player = self.player;
        for monster in &mut self.level.monsters {
            if monster.mind.is_hostile() {
                monster.mind = Mind::Hunting(player);
            }
        }
        out.push(Outcome::Disturbed);
        out.push(notice(
            "A piercing shriek echoes through the level: everything is awake, and coming.",
        ));
        Spent::One
    }

    /// A scroll of summon monsters: up to `count` monsters of the depth (drawn as the
    /// level's are) on free tiles around the reader, hunting.
    pub(in crate::run) fn read_summon(&mut self, count: u32, out: &mut Vec<Outcome>) -> Spent {
        let table = self.campaign.shared_monster_table();
        let mut rng = StreamRng::new(
            mix64(self.level.key.level_seed() ^ mix64(self.turns ^ SUMMON_SALT)),
            Stream::Monsters,
        );
        let mut called = 0;
        for _ in 0..count {
            let Some(kind) = draw_kind(&table.kinds_on(self.depth), &mut rng) else {
                break;
            };
            let Some(summoned) = table.kind(kind) else {
                break;
            };
            let Some(spot) = self
                .free_around(self.player, summoned.moves)
                .first()
                .copied()
            else {
                continue;
            };
            let hunting = Monster {
                kind,
                pos: spot,
                hp: summoned.hp,
                mind: Mind::Hunting(self.player),
                surfaced: true,
                ..Default::default()
            };
            self.bring_onto_the_level(hunting, summoned.speed);
            called += 1;
        }
        out.push(Outcome::Disturbed);
        out.push(notice(if called == 0 {
            "The air shimmers around you, and is still."
        } else {
            "Monsters appear out of thin air around you!"
        }));
        self.notice_monsters_in_view();
        Spent::One
    }
}

/// Mixed into the seed of a teleport's stream.
const TELEPORT_SALT: u64 = 0x5445_4c45_504f_5254;
/// Mixed into the seed of a summoning's stream.
const SUMMON_SALT: u64 = 0x5355_4d4d_4f4e;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::Rules;
    use delve_levels::config::CampaignConfig;
    use delve_levels::generator::GeneratorKind;
    use delve_levels::vaults::VaultSet;

    /// A run whose only depth is a rooms level with a vault of two locked doors, each
    /// before a chest (`tests/vaults/twin_locks.ron`).
    fn behind_two_locks() -> RunState {
        let text = include_str!("../../../../../tests/vaults/twin_locks.ron");
        let set =
            VaultSet::from_texts([("twin_locks.ron", text)]).expect("the vault file is valid");
        let mut config = GeneratorKind::Rooms.default_config();
        config.set_vaults(1);
        let mut campaign = CampaignConfig::builtin().with_vault_set(set);
        campaign.seed = 0;
        campaign.arrivals = Some(0);
        campaign.depths = vec![config];
        RunState::start(campaign, None, Rules::Monsters)
            .expect("the run starts")
            .0
    }

    /// The turns of `0..turns` whose teleport, from where the player stands, lands on
    /// one of `sealed`.
    fn landings_in(run: &RunState, sealed: &[Pos], turns: u64) -> Vec<u64> {
        let mut run = run.clone();
        let from = run.player;
        (0..turns)
            .filter(|&turn| {
                run.turns = turn;
                run.player = from;
                run.teleport(&mut Vec::new());
                sealed.contains(&run.player)
            })
            .collect()
    }

    /// A teleport lands outside a vault's locked rooms (a player there without the key
    /// is stranded: `vault_play::a_player_behind_a_lock_without_its_key_cannot_get_out`);
    /// a recording of format 7 or older replays by the rule it was played by, which
    /// could land there — and every other landing is the same under both rules.
    #[test]
    fn a_teleport_lands_outside_sealed_vaults_but_in_old_recordings() {
        let run = behind_two_locks();
        let sealed = run.level.level.vaults[0].items.clone();
        assert_eq!(sealed.len(), 2, "a chest behind each lock");
        let mut old = run.clone();
        old.rules_of_format = crate::run::record::TELEPORTS_INTO_LOCKS;
        let old_landings = landings_in(&old, &sealed, 20_000);
        assert!(!old_landings.is_empty(), "the old rule lands behind a lock");
        assert_eq!(landings_in(&run, &sealed, 20_000), Vec::<u64>::new());
        for turn in (0..500).chain(old_landings.iter().copied()) {
            let (mut new, mut was) = (run.clone(), old.clone());
            (new.turns, was.turns) = (turn, turn);
            new.teleport(&mut Vec::new());
            was.teleport(&mut Vec::new());
            let same = !old_landings.contains(&turn);
            assert_eq!(new.player == was.player, same, "turn {turn}");
        }
        // From inside a locked room too, the way out is a teleport.
        let mut inside = run.clone();
        inside.player = sealed[0];
        inside.teleport(&mut Vec::new());
        let open = delve_levels::vaults::proof::solve(&inside.level.level).before_locks;
        assert!(open[inside.level.level.tiles.index_of(inside.player)]);
    }
}

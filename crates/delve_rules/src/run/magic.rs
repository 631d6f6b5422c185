//! The scrolls and potions that act on the player's things and on the world:
//! enchanting (the choice that shapes a run), lifting curses, aggravating and summoning
//! monsters (malevolent), sinking through the floor, and flames.

use super::items::with_article;
use super::throwing::Aim;
use super::use_item::Spent;
use super::{Outcome, RunState, notice};
use delve_levels::grid::{KING, Pos};
use delve_levels::rng::{Stream, StreamRng, mix64};
use delve_levels::loot::{Effect, RingPower};
use delve_levels::monsters::{Mind, Monster, draw_kind};

/// Mixed into the seed of a summoning's stream.
const SUMMON_SALT: u64 = 0x5355_4d4d_4f4e;

impl RunState {
    /// Whether enchanting `kind` makes it grow: a weapon, an armour, a thrown weapon, a
    /// ring of protection or of clumsiness, a wand.
    pub fn can_be_enchanted(&self, kind: usize) -> bool {
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

    /// A scroll of enchanting: the item chosen (`Aim::On`) grows by one and its curse
    /// lifts. Read unknowing, it goes into the armour worn, else the weapon wielded.
    pub(super) fn read_enchanting(
        &mut self,
        scroll: usize,
        aim: Aim,
        out: &mut Vec<Outcome>,
    ) -> Spent {
        let chosen = match aim {
            Aim::On(other) => match self.kind_under_letter(other) {
                Some(kind) if kind == scroll => {
                    out.push(notice(
                        "A scroll cannot enchant itself: choose something else.",
                    ));
                    return Spent::Refused;
                }
                Some(kind) if !self.can_be_enchanted(kind) => {
                    let name = self.knowledge().plain_name(kind);
                    out.push(notice(&format!(
                        "Enchanting cannot make the {name} grow: choose a weapon, armour, a ring or a wand."
                    )));
                    return Spent::Refused;
                }
                Some(kind) => Some(kind),
                None => {
                    out.push(notice("You carry nothing under that letter."));
                    return Spent::Refused;
                }
            },
            _ => self.fight.armour.or(self.fight.weapon),
        };
        let Some(kind) = chosen else {
            out.push(notice(
                "The scroll glows, but you wear and wield nothing for it to go into.",
            ));
            return Spent::One;
        };
        let fight = &mut self.fight;
        let plus = fight.enchantments.entry(kind).or_insert(0);
        *plus += 1;
        let plus = *plus;
        fight.lift_curse(kind);
        let name = self.knowledge().plain_name(kind);
        out.push(notice(&format!("Your {name} glows silver: +{plus}.")));
        Spent::One
    }

    /// A scroll of remove curse: every ring worn can come off.
    pub(super) fn read_remove_curse(&mut self, out: &mut Vec<Outcome>) -> Spent {
        let cursed: Vec<usize> = self.fight.rings().filter(|&r| self.is_cursed(r)).collect();
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
    pub(super) fn read_aggravate(&mut self, out: &mut Vec<Outcome>) -> Spent {
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
    pub(super) fn read_summon(&mut self, count: u32, out: &mut Vec<Outcome>) -> Spent {
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

    /// A potion of descent: the drinker sinks through the floor (on the final depth the
    /// floor holds).
    pub(super) fn drink_descent(&mut self, out: &mut Vec<Outcome>) -> Spent {
        if self.nothing_below() {
            out.push(notice(
                "You sink into the floor, but the last depth holds you up.",
            ));
            return Spent::One;
        }
        out.push(notice("You sink through the floor!"));
        self.go_down(out);
        Spent::One
    }

    /// Flames burst over `centre` and the eight tiles around it: whoever stands there
    /// (the player too) burns for a roll of (least, most) each; kills count as the
    /// player's.
    pub(super) fn burst_into_flames(
        &mut self,
        centre: Pos,
        damage: (u32, u32),
        out: &mut Vec<Outcome>,
    ) {
        let table = self.campaign.shared_monster_table();
        let (least, most) = damage;
        let tiles: Vec<Pos> = std::iter::once(centre)
            .chain(KING.iter().map(|&(dx, dy)| centre.offset(dx, dy)))
            .collect();
        for at in tiles {
            let mut rng = self.fight.next_attack_rng(self.campaign.seed);
            let hurt = least + rng.below(most.saturating_sub(least) + 1);
            if at == self.player {
                out.push(notice(&format!("The flames burn you ({hurt}).")));
                self.hurt_player(hurt, "burnt to death by a potion of incineration", out);
                if self.end().is_some() {
                    return;
                }
            } else if let Some(index) = self.level.monster_at(at) {
                let Some(kind) = table.kind(self.level.monsters[index].kind) else {
                    continue;
                };
                self.harm_monster(index, kind, hurt, super::fight::Harm::Fire, out);
            }
        }
    }

    /// `kind` is known now because the player saw what it did: told, and noted.
    pub(super) fn identify_seen(&mut self, kind: usize, out: &mut Vec<Outcome>) {
        self.identify(kind, "by seeing it work");
        let name = self.campaign.loot_table().true_name(kind);
        out.push(notice(&format!("(That was {}.)", with_article(&name))));
    }
}

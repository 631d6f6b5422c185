//! Throwing (`t`, a letter, then aim): a thrown thing flies as [`super::aim`] says. A
//! thrown weapon hits with the player's aim and lies where it lands; a potion shatters
//! (incineration bursts into flames, confusion's fumes confuse whoever is around it);
//! anything else thrown hits for 1–3 and lies where
//! it lands.

use super::aim::THROW_RANGE;
use super::combat::Harm;
use super::equipment::{Slot, will_not_come_off};
use super::items::with_article;
use super::level::nearest_in_rings;
use super::messages::{capitalised, key_of};
use super::{Outcome, RunState, SNEAK_ATTACK_MULTIPLIER, notice};
use delve_levels::grid::Pos;
use delve_levels::loot::{Effect, Item};
use delve_levels::monsters::{Mind, Monster};

impl RunState {
    /// `t`: throws one item under letter `slot` toward `at` (a turn). A worn cursed ring
    /// and the armour worn stay; a wielded weapon is thrown from the hand.
    pub(super) fn throw_item(&mut self, slot: u8, at: Pos, out: &mut Vec<Outcome>) {
        let Some(thrown) = self.item_to_handle(slot, out) else {
            return;
        };
        let kind = thrown.kind;
        if at == self.player {
            out.push(notice("Aim at another tile to throw."));
            return;
        }
        let table = self.campaign.shared_loot_table();
        let Some(item) = table.items().get(kind) else {
            return;
        };
        let last_one = self.carried_alike(thrown) == 1;
        let worn = last_one.then(|| self.slot_holding(thrown)).flatten();
        if worn == Some(Slot::Armour) {
            out.push(notice(&format!(
                "Take the armour off first ({}, then its letter).",
                key_of("use")
            )));
            return;
        }
        if worn.is_some() && self.is_cursed(kind) {
            out.push(will_not_come_off(&self.knowledge().item_name(thrown)));
            return;
        }
        let name = self.knowledge().plain_item_name(thrown);
        let flight = self.fly(at, THROW_RANGE, false);
        self.part_with(thrown);
        out.push(notice(&format!("You throw {}.", with_article(&name))));
        let potion = item.appearance_class.as_deref() == Some("potion");
        if let Some(index) = flight.struck {
            let monster = self.level.monsters[index];
            if self.shows_monster(&monster) || !potion {
                self.missile_strikes(index, &monster, thrown, &name, out);
            }
        }
        if self.end().is_none() {
            if potion {
                self.shatter(kind, &name, flight.end, out);
            } else {
                self.land(thrown, &name, flight.end, out);
            }
        }
        if self.end().is_none() {
            self.make_noise(flight.end, super::abilities::FIGHT_NOISE, out);
            self.pass_turn(out);
        }
    }

    /// A `thrown` item strikes the monster at `index`: a thrown weapon with the
    /// player's aim and its own damage (and its enchantments), anything else for
    /// [`THROWN_THING_DAMAGE`]; a sleeper is taken unawares. A potion only breaks on it.
    fn missile_strikes(
        &mut self,
        index: usize,
        monster: &Monster,
        thrown: Item,
        name: &str,
        out: &mut Vec<Outcome>,
    ) {
        let kind = thrown.kind;
        let table = self.campaign.shared_loot_table();
        if table.items()[kind].appearance_class.as_deref() == Some("potion") {
            return;
        }
        let mut missile = self.player_fighter();
        missile.damage = match table.items()[kind].effect {
            Effect::Thrown(least, most) => {
                let plus = thrown.plus;
                missile.attack += THROWN_WEAPON_AIM;
                (least + plus, most + plus)
            }
            _ => THROWN_THING_DAMAGE,
        };
        let asleep = monster.mind == Mind::Asleep;
        self.strike_monster(
            index,
            &missile,
            asleep.then_some(SNEAK_ATTACK_MULTIPLIER),
            Harm::Missile(name),
            out,
        );
    }

    /// A thrown thing comes down at `at` (or the nearest tile that can hold it — one in
    /// view when `at` is, so a thing seen to strike is seen to fall; lost where none is
    /// near).
    fn land(&mut self, thrown: Item, name: &str, at: Pos, out: &mut Vec<Outcome>) {
        let level = &self.level;
        let spot = if level.in_view(at) {
            nearest_in_rings(at, 0..=5, |p| level.can_drop_at(p) && level.in_view(p))
                .or_else(|| level.nearest_drop_tile(at))
        } else {
            level.nearest_drop_tile(at)
        };
        match spot {
            Some(spot) => {
                self.level.put_item(spot, thrown);
                if !self.level.in_view(spot) {
                    out.push(notice(&format!("The {name} lands out of sight.")));
                }
            }
            None => out.push(notice(&format!("The {name} is lost."))),
        }
    }

    /// A thrown potion breaks at `at`: incineration bursts into flames (and is known by
    /// it when seen); any other is wasted.
    fn shatter(&mut self, kind: usize, name: &str, at: Pos, out: &mut Vec<Outcome>) {
        let effect = self.campaign.loot_table().items()[kind].effect;
        let seen = self.level.in_view(at);
        match effect {
            Effect::Incinerate(least, most) => {
                out.push(notice(&format!(
                    "The {name} shatters and bursts into flames!"
                )));
                if seen && !self.knowledge().knows(kind) {
                    self.identify_seen(kind, out);
                }
                self.burst_into_flames(at, (least, most), out);
            }
            Effect::Confuse(turns) if !self.thrown_potions_only_shatter() => {
                self.splash_confusion(kind, name, at, turns, out);
            }
            _ => out.push(notice(&format!(
                "The {name} shatters; its contents are wasted."
            ))),
        }
    }

    /// A thrown potion of confusion breaks at `at`: its fumes confuse every creature
    /// within [`SPLASH_RADIUS`] of it for `turns` (the player too, when there), as
    /// Brogue's malevolent potions do where they break; known by it when seen.
    fn splash_confusion(
        &mut self,
        kind: usize,
        name: &str,
        at: Pos,
        turns: u32,
        out: &mut Vec<Outcome>,
    ) {
        let until = self.turns + u64::from(turns);
        let near = |p: Pos| p.chebyshev(at) <= SPLASH_RADIUS;
        let table = self.campaign.shared_monster_table();
        let mut caught: Vec<String> = Vec::new();
        let mut woken = Vec::new();
        for index in 0..self.level.monsters.len() {
            let monster = self.level.monsters[index];
            if !near(monster.pos) {
                continue;
            }
            let m = &mut self.level.monsters[index];
            m.confused_until = m.confused_until.max(until);
            if monster.mind == Mind::Asleep {
                woken.push(index);
            }
            if self.shows_monster(&monster) {
                let kind_name = table
                    .kind(monster.kind)
                    .map_or("monster", |k| k.name.as_str());
                caught.push(format!("the {kind_name}"));
            }
        }
        let player_caught = near(self.player);
        let seen = self.level.in_view(at);
        let whom = match (caught.split_last(), player_caught) {
            (None, false) => String::new(),
            (None, true) => " You are caught in them: you are confused.".to_owned(),
            (Some((last, rest)), player) => {
                let names = match rest {
                    [] => last.clone(),
                    _ => format!("{} and {last}", rest.join(", ")),
                };
                let also = if player {
                    " You are caught in them too: you are confused."
                } else {
                    ""
                };
                format!(
                    " {} stagger{} about in them.{also}",
                    capitalised(&names),
                    if caught.len() == 1 { "s" } else { "" }
                )
            }
        };
        out.push(notice(&format!(
            "The {name} shatters, and confusing fumes fill the tiles around it.{whom}"
        )));
        if player_caught {
            self.fight.confused_until = self.fight.confused_until.max(until);
        }
        if seen && !self.knowledge().knows(kind) {
            self.identify_seen(kind, out);
        }
        for index in woken {
            if let Some(monster_kind) = table.kind(self.level.monsters[index].kind) {
                self.wake(index, monster_kind, out);
            }
        }
    }
}

/// How far from where a thrown potion breaks its fumes reach (Chebyshev): the tile and
/// its eight neighbours.
pub const SPLASH_RADIUS: i32 = 1;

/// What a thrown weapon adds to the player's aim.
pub const THROWN_WEAPON_AIM: u32 = 2;
/// The damage of anything thrown that is not a thrown weapon.
pub const THROWN_THING_DAMAGE: (u32, u32) = (1, 3);

#[cfg(test)]
mod tests {
    use crate::run::record::{RECORDING_FORMAT, THROWN_POTIONS_ONLY_SHATTER};
    use crate::run::{PlayerAction, RunState};
    use delve_levels::grid::{Pos, Tile};
    use delve_levels::monsters::{Mind, Monster};

    /// A quiet cave run with the player on open ground, two ogres hunting them three
    /// tiles east (one on the aimed tile, one beside it) and a goblin far off, a potion
    /// of confusion carried; played by the rules of `format`. The aimed tile.
    fn ogres_and_a_potion_of_confusion(format: u32) -> (RunState, Pos) {
        let mut run = crate::run::staging::a_quiet_cave_run();
        run.rules_of_format = format;
        let tiles = run.level.level.tiles.clone();
        let open = |p: Pos| {
            (-5..=5).all(|dy| (-5..=5).all(|dx| tiles.get(p.offset(dx, dy)) == Some(Tile::Floor)))
        };
        let spot = tiles.positions().find(|&p| open(p)).expect("open ground");
        let table = run.campaign.monster_table().clone();
        let ogre = table.index_of("ogre").expect("an ogre");
        let ogre_at = |id: u32, pos: Pos| Monster {
            id,
            kind: ogre,
            pos,
            hp: table.kind(ogre).unwrap().hp,
            mind: Mind::Hunting(spot),
            ..Default::default()
        };
        let aimed = spot.offset(3, 0);
        let potion = run
            .campaign
            .loot_table()
            .index_of("potion of confusion")
            .unwrap();
        run.stage()
            .set_monsters(vec![
                ogre_at(0, aimed),
                ogre_at(1, aimed.offset(0, 1)),
                ogre_at(2, spot.offset(-5, 5)),
            ])
            .clear_items()
            .put_player(spot)
            .set_most_hit_points(1000)
            .set_hit_points(1000)
            .carry(vec![potion]);
        (run, aimed)
    }

    use crate::run::messages::notices as said;

    /// Found by the playtest: a thrown potion of confusion only shattered. Its fumes now
    /// confuse the creatures around where it breaks (not one farther off), it is told and
    /// known, and a confused ogre staggers instead of coming for the player.
    #[test]
    fn a_thrown_potion_of_confusion_confuses_the_creatures_where_it_breaks() {
        let (mut run, aimed) = ogres_and_a_potion_of_confusion(RECORDING_FORMAT);
        let turn = run.turns;
        let outcomes = said(&run.apply(PlayerAction::Throw(0, aimed)));
        assert!(
            outcomes
                .iter()
                .any(|s| s.contains("confusing fumes fill the tiles around it")
                    && s.contains("The ogre and the ogre stagger about in them.")),
            "{outcomes:?}"
        );
        let monsters = &run.level.monsters;
        assert!(monsters[0].confused_until > turn, "{monsters:?}");
        assert!(monsters[1].confused_until > turn, "{monsters:?}");
        assert_eq!(monsters[2].confused_until, 0, "too far off");
        assert!(!run.confused(), "the player stood off");
        assert_eq!(
            run.doing(0),
            crate::run::Doing::Confused,
            "the look says so"
        );
        let potion = run
            .campaign
            .loot_table()
            .index_of("potion of confusion")
            .unwrap();
        assert!(run.knowledge().knows(potion), "known by what it did");
        // Confused, they stagger: nobody comes straight for the player.
        let start = run.player;
        let distance = |run: &RunState, i: usize| {
            let p = run.level.monsters[i].pos;
            (p.x - start.x).abs().max((p.y - start.y).abs())
        };
        let mut steps_closer = 0;
        for _ in 0..4 {
            let before = distance(&run, 0);
            run.apply(PlayerAction::Wait);
            steps_closer += usize::from(distance(&run, 0) < before);
        }
        assert!(steps_closer < 4, "a confused ogre walked straight in");
        assert_eq!(run.broken_rule(), None);
    }

    #[test]
    fn a_run_of_format_10_wastes_a_thrown_potion_of_confusion() {
        let (mut run, aimed) = ogres_and_a_potion_of_confusion(THROWN_POTIONS_ONLY_SHATTER);
        let outcomes = said(&run.apply(PlayerAction::Throw(0, aimed)));
        assert!(
            outcomes
                .iter()
                .any(|s| s.contains("its contents are wasted")),
            "{outcomes:?}"
        );
        assert!(run.level.monsters.iter().all(|m| m.confused_until == 0));
    }

    #[test]
    fn a_potion_of_confusion_breaking_next_to_the_player_confuses_them_too() {
        let (mut run, _) = ogres_and_a_potion_of_confusion(RECORDING_FORMAT);
        let next_to = run.player.offset(1, 0);
        let outcomes = said(&run.apply(PlayerAction::Throw(0, next_to)));
        assert!(
            outcomes
                .iter()
                .any(|s| s.contains("You are caught in them")),
            "{outcomes:?}"
        );
        assert!(run.confused());
    }
}

//! The designer's tools, played in a run: `R` makes the level anew from a fresh seed,
//! the digits switch its generator kind, `+` and `-` change a cave's walls, and Space
//! watches a cave's automaton stage by stage. Each marks the run as a designer run.

use super::messages::key_of;
use super::watch::{WatchStep, next_step};
use super::{Arrival, ChangeReason, Outcome, RunState, notice};
use delve_levels::config::CampaignConfig;
use delve_levels::generator::{GeneratorConfig, GeneratorKind};
use delve_levels::key::LevelKey;
use delve_levels::loot::Item;
use delve_levels::rng::mix64;

impl RunState {
    /// `R`: the level made anew from a fresh seed, the player at its up stairs.
    pub(super) fn regenerate(&mut self, out: &mut Vec<Outcome>) {
        self.mark_designer();
        self.regenerations = self.regenerations.saturating_add(1);
        // Fresh seeds are 32-bit so that regenerated levels keep short keys.
        let seed = mix64(self.level.key.seed ^ mix64(self.regenerations)) >> 32;
        let key = LevelKey {
            seed,
            ..self.level.key.clone()
        };
        self.enter(key, Arrival::UpStairs, ChangeReason::Regenerate, out);
    }

    /// A digit: this depth made by the campaign's generator of `kind` instead.
    pub(super) fn switch_kind(&mut self, kind: GeneratorKind, out: &mut Vec<Outcome>) {
        self.mark_designer();
        let key = LevelKey {
            config: self.campaign.config_of_kind(kind),
            ..self.level.key.clone()
        };
        self.enter(key, Arrival::UpStairs, ChangeReason::SwitchKind, out);
    }

    /// `+` or `-`: a cave made again with `delta` more percent of walls in its fill.
    pub(super) fn adjust_walls(&mut self, delta: i32, out: &mut Vec<Outcome>) {
        self.mark_designer();
        let GeneratorConfig::Cave(cave) = &self.level.key.config else {
            out.push(notice(&format!(
                "+ and - change a cave's walls; {}.",
                how_to_get_a_cave()
            )));
            return;
        };
        let mut cave = cave.clone();
        cave.wall_percent = (cave.wall_percent as i32 + delta).clamp(0, 100) as u32;
        out.push(notice(&format!("Wall percent {}.", cave.wall_percent)));
        let key = LevelKey {
            config: GeneratorConfig::Cave(cave),
            ..self.level.key.clone()
        };
        self.enter(key, Arrival::UpStairs, ChangeReason::AdjustWalls, out);
    }

    /// Space: the next stage of watching this cave form.
    pub(super) fn step_watch(&mut self, out: &mut Vec<Outcome>) {
        self.mark_designer();
        let retries = self.level.level.report.retries;
        match next_step(&self.level.key, retries, self.watch.as_mut()) {
            WatchStep::NotACave => {
                out.push(notice(&format!(
                    "Space shows a cave forming; {}.",
                    how_to_get_a_cave()
                )));
            }
            WatchStep::Filled {
                watch,
                wall_percent,
            } => {
                self.watch = Some(watch);
                out.push(Outcome::Watching);
                out.push(notice(&format!(
                    "Random fill: {wall_percent}% walls. Space for the next pass, Esc for the finished cave."
                )));
            }
            WatchStep::Passed => {
                if let Some(watch) = &self.watch {
                    out.push(notice(&format!(
                        "Pass {} of {} of the 4-5 rule.",
                        watch.pass,
                        watch.passes()
                    )));
                }
                out.push(Outcome::Watching);
            }
            WatchStep::Finished => self.finish_watch(out),
        }
    }

    /// Ends a cave watch on the finished cave, the player where they stood.
    pub(super) fn finish_watch(&mut self, out: &mut Vec<Outcome>) {
        self.watch = None;
        let key = self.level.key.clone();
        self.enter(
            key,
            Arrival::At(self.player),
            ChangeReason::FinishWatch,
            out,
        );
    }

    /// Marks the run as a designer run (where it has a goal: a win with the tools is not
    /// a plain win).
    fn mark_designer(&mut self) {
        if self.rules.has_a_goal() {
            self.fight.designer = true;
        }
    }

    /// Whether a designer's tool was used in this run.
    pub fn designer_run(&self) -> bool {
        self.fight.designer
    }
}

/// What the cave tools tell on another kind of level: "press 1 for a cave" (the digit
/// that switches to caves).
fn how_to_get_a_cave() -> String {
    let cave = GeneratorKind::Cave;
    match cave.switch_digit() {
        Some(_) => format!(
            "press {} for {}",
            key_of(&format!("switch-to-{}", cave.info().name)),
            cave.info().with_article()
        ),
        None => format!("switch to {}", cave.info().with_article()),
    }
}

impl RunState {
    /// The campaign file of the run changed (a designer's live reload): the run goes on
    /// under `campaign`, keeping its master seed. The level in play is made again only
    /// when what makes it changed (its depth's generator or the loot table), with the
    /// player where they stood if that is still open ground (else the nearest open
    /// tile); the other depths follow the new campaign when next reached. Carried items
    /// keep their kinds by name in a changed loot table (those it no longer has are
    /// lost, and said so). `origin` names the file in what the player is told; a
    /// reload marks the run as a designer run.
    pub fn follow_campaign(&mut self, campaign: CampaignConfig, origin: &str) -> Vec<Outcome> {
        let mut out = Vec::new();
        let mut campaign = campaign;
        campaign.seed = self.campaign.seed;
        let changes = campaign_changes(&self.campaign, &campaign);
        if changes.is_empty() {
            out.push(notice(&format!(
                "{origin} saved: nothing in it changed for this run (its seed stays {}).",
                self.campaign.seed
            )));
            return out;
        }
        if self.end().is_some() {
            out.push(notice(&format!(
                "{origin} changed ({}), but the run is over.",
                changes.join("; ")
            )));
            return out;
        }
        self.mark_designer();
        self.watch = None;
        let loot_changed =
            campaign.loot_table().fingerprint() != self.campaign.loot_table().fingerprint();
        let monsters_changed = campaign.monster_table() != self.campaign.monster_table();
        let mut lost = Vec::new();
        if loot_changed {
            lost = self.carry_items_into(campaign.loot_table());
        }
        let depth = self.depth;
        let mut key = self.level.key.clone();
        if campaign.config_at(depth) != self.campaign.config_at(depth) {
            key.config = campaign.config_at(depth).clone();
        }
        let key = key.under(campaign.loot_table());
        self.campaign = campaign;
        self.keys.retain(|&d, _| d == depth);
        out.push(notice(&format!(
            "{origin} changed: {}.",
            changes.join("; ")
        )));
        if !lost.is_empty() {
            out.push(notice(&format!(
                "The new loot table has no {}: gone from your pack.",
                lost.join(", ")
            )));
        }
        // What the levels left behind remember holds the old tables' kinds: forgotten
        // before the level is entered (so none of it is found there) and after (the
        // level left is remembered on the way).
        let tables_changed = loot_changed || monsters_changed;
        if tables_changed {
            self.memories.clear();
        }
        if key != self.level.key {
            let player = self.player;
            self.enter(
                key,
                Arrival::Nearest(player),
                ChangeReason::CampaignChanged,
                &mut out,
            );
        } else if monsters_changed && self.rules.has_monsters() {
            // The same level, peopled anew from the new table (as on a first visit).
            self.put_monsters(None, Vec::new(), &mut Vec::new());
            self.notice_monsters_in_view();
            out.push(self.entered());
        }
        if tables_changed {
            self.memories.clear();
        }
        out
    }

    /// Carries the inventory, what is worn and what is known over into `table`, kind
    /// by name; returns the names of the kinds `table` lacks (their items are gone).
    fn carry_items_into(&mut self, table: &delve_levels::loot::LootTable) -> Vec<String> {
        let old = self.campaign.loot_table();
        let kind_in_new = |kind: usize| {
            old.items()
                .get(kind)
                .and_then(|item| table.index_of(&item.name))
        };
        let item_in_new = |item: Item| {
            Some(Item {
                kind: kind_in_new(item.kind)?,
                plus: item.plus,
                copy: item.copy,
            })
        };
        let mut lost: Vec<String> = self
            .inventory
            .iter()
            .filter(|&&item| item_in_new(item).is_none())
            .map(|&item| old.true_name(item.kind))
            .collect();
        lost.sort();
        lost.dedup();
        self.inventory = self
            .inventory
            .iter()
            .filter_map(|&i| item_in_new(i))
            .collect();
        let fight = &mut self.fight;
        fight.identified = fight
            .identified
            .iter()
            .filter_map(|&k| kind_in_new(k))
            .collect();
        fight.identified.sort_unstable();
        fight.identified.dedup();
        for slot in fight.slots_mut() {
            *slot = slot.and_then(item_in_new);
        }
        fight.wand_charges_used = std::mem::take(&mut fight.wand_charges_used)
            .into_iter()
            .filter_map(|(i, used)| Some((item_in_new(i)?, used)))
            .collect();
        fight.letters = std::mem::take(&mut fight.letters)
            .into_iter()
            .filter_map(|(letter, i)| Some((letter, item_in_new(i)?)))
            .collect();
        fight.former_letters = std::mem::take(&mut fight.former_letters)
            .into_iter()
            .filter_map(|(i, letter)| Some((item_in_new(i)?, letter)))
            .collect();
        let fits = super::save::check_carried(
            self.rules.saves_the_fight().then_some(&self.fight),
            &self.inventory,
            table,
            self.turns,
        );
        if fits.is_err() {
            // A kind of the same name that now does something else: nothing stays worn
            // or half-used that the new table would not allow.
            let fight = &mut self.fight;
            (fight.weapon, fight.armour, fight.ring, fight.second_ring) = (None, None, None, None);
            fight.wand_charges_used.clear();
            fight.confused_until = fight.confused_until.min(self.turns);
        }
        lost
    }
}

/// What differs between two campaigns, in words (empty when they are the same run).
fn campaign_changes(old: &CampaignConfig, new: &CampaignConfig) -> Vec<String> {
    let mut changes = Vec::new();
    if old.name != new.name {
        changes.push(format!("its name is now {:?}", new.name));
    }
    let changed: Vec<String> = (0..old.depths.len().max(new.depths.len()))
        .filter(|&i| old.depths.get(i) != new.depths.get(i))
        .map(|i| (i + 1).to_string())
        .collect();
    if old.depths.len() != new.depths.len() {
        changes.push(format!(
            "it lists {} depths (was {})",
            new.depths.len(),
            old.depths.len()
        ));
    }
    if !changed.is_empty() {
        let plural = if changed.len() == 1 { "" } else { "s" };
        changes.push(format!(
            "entry{plural} {} of its depths",
            changed.join(", ")
        ));
    }
    if old.final_depth() != new.final_depth() {
        changes.push(format!("the final depth is {}", new.final_depth()));
    }
    if old.monster_table() != new.monster_table() {
        changes.push(format!(
            "the monster table ({} kinds)",
            new.monster_table().kinds().len()
        ));
    }
    if old.loot_table().fingerprint() != new.loot_table().fingerprint() {
        changes.push(format!(
            "the loot table ({} kinds, {})",
            new.loot_table().items().len(),
            new.loot_table().fingerprint()
        ));
    }
    changes
}

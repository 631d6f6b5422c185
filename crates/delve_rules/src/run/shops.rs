//! Shops noticed: the first time a shop's wares come into view the player is told it is
//! a shop and what it sells at what price (a notice, so exploring stops there once, as
//! DCSS's explore stops on finding a shop); exploring never walks into one by itself
//! (it spends nothing the player did not choose to), and when it has nothing more to
//! see it names the wares still for sale on the level. A shop is the vault its wares
//! lie in; a ware lying outside any vault is a stall of its own. Recordings of format
//! [`SHOPS_PASS_UNNOTICED`](super::record::SHOPS_PASS_UNNOTICED) and older replay
//! without the notice (it stops exploring, so it changes where a recorded `x` ends).

use std::collections::{BTreeMap, BTreeSet};

use super::items::{counted, with_article};
use super::messages::key_of;
use super::{Outcome, RunState, notice};
use delve_levels::grid::Pos;
use delve_levels::loot::Item;

/// Which shop a ware belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Shop {
    /// The vault (its index on the level) the ware lies in.
    Vault(usize),
    /// A ware lying outside every vault: a stall of its own, at its tile.
    Stall(Pos),
}

impl RunState {
    /// The wares for sale on this level, by shop: each with its place and price.
    fn wares_by_shop(&self) -> BTreeMap<Shop, Vec<(Pos, Item, u32)>> {
        let vaults = &self.level.level.vaults;
        let mut shops: BTreeMap<Shop, Vec<(Pos, Item, u32)>> = BTreeMap::new();
        for placed in &self.level.items {
            let price = self.price_of(placed);
            if price == 0 {
                continue;
            }
            let shop = (vaults.iter().position(|v| v.covers(placed.pos)))
                .map_or(Shop::Stall(placed.pos), Shop::Vault);
            let ware = (placed.pos, placed.held(), price);
            shops.entry(shop).or_default().push(ware);
        }
        shops
    }

    /// Whether the player has seen the tile at `pos` (now or before).
    fn has_seen(&self, pos: Pos) -> bool {
        let tiles = &self.level.level.tiles;
        tiles.contains(pos) && self.level.seen[tiles.index_of(pos)]
    }

    /// The shops of this level of which the player has seen a ware's tile.
    pub(super) fn shops_seen(&self) -> BTreeSet<Shop> {
        self.wares_by_shop()
            .into_iter()
            .filter(|(_, wares)| wares.iter().any(|&(p, _, _)| self.has_seen(p)))
            .map(|(shop, _)| shop)
            .collect()
    }

    /// "You see a shop: …" for each shop of this level whose wares are in view now and
    /// were never seen before (`seen_before`, from [`RunState::shops_seen`]): what it
    /// sells at what price, and how to buy. Nothing in a replay of a format that passed
    /// shops unremarked.
    pub(super) fn notice_shops_coming_into_view(
        &self,
        seen_before: &BTreeSet<Shop>,
        out: &mut Vec<Outcome>,
    ) {
        if self.shops_pass_unnoticed() || self.end().is_some() {
            return;
        }
        for (shop, wares) in self.wares_by_shop() {
            let in_view = wares.iter().any(|&(p, _, _)| self.level.in_view(p));
            if !in_view || seen_before.contains(&shop) {
                continue;
            }
            out.push(notice(&format!(
                "You see a shop selling {}. Step onto a ware to see it; {} buys it.",
                self.list_of_wares(&wares),
                key_of("pick-up")
            )));
        }
    }

    /// What exploring adds when it has nothing more to see: the wares still for sale
    /// whose tiles the player has seen on this level ("" when there are none).
    pub(super) fn wares_left_words(&self) -> String {
        let wares: Vec<_> = (self.wares_by_shop().into_values().flatten())
            .filter(|&(p, _, _)| self.has_seen(p))
            .collect();
        if wares.is_empty() {
            return String::new();
        }
        format!(
            " Still for sale on this level: {} (exploring leaves shops to you).",
            self.list_of_wares(&wares)
        )
    }
    /// "a dagger (8 gold), 2 potions of healing (15 gold each) and a wand (50 gold)",
    /// each named as the player knows it, wares alike at one price listed once with
    /// their count.
    fn list_of_wares(&self, wares: &[(Pos, Item, u32)]) -> String {
        let knowledge = self.knowledge();
        let mut alike: Vec<(Item, u32, usize)> = Vec::new();
        for &(_, item, price) in wares {
            match alike.iter_mut().find(|(i, p, _)| *i == item && *p == price) {
                Some((_, _, count)) => *count += 1,
                None => alike.push((item, price, 1)),
            }
        }
        let named: Vec<String> = (alike.into_iter())
            .map(|(item, price, count)| {
                let name = knowledge.item_name(item);
                match count {
                    1 => format!("{} ({price} gold)", with_article(&name)),
                    _ => format!("{} ({price} gold each)", counted(count, &name)),
                }
            })
            .collect();
        match named.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::run::record::{RECORDING_FORMAT, SHOPS_PASS_UNNOTICED};
    use crate::run::{Outcome, PlayerAction, Rules, RunState};
    use delve_levels::config::CampaignConfig;

    /// Explores depth 2 of seed 3 (a shop in reach), played by the rules of `format`,
    /// until exploring is done: every line said.
    fn explored_by_format(format: u32) -> Vec<String> {
        let mut campaign = CampaignConfig::builtin();
        campaign.seed = 3;
        campaign.arrivals = Some(0);
        let key = campaign.key_at(2, 3);
        let (mut run, _) = RunState::start(campaign, Some(key), Rules::Monsters).unwrap();
        run.stage().clear_monsters();
        run.rules_of_format = format;
        let mut said = Vec::new();
        for _ in 0..300 {
            let lines: Vec<String> = (run.apply(PlayerAction::Explore).into_iter())
                .filter_map(|o| match o {
                    Outcome::Notice(line) => Some(line),
                    _ => None,
                })
                .collect();
            let done = lines.iter().any(|l| l.starts_with("Explored"));
            said.extend(lines);
            if done {
                return said;
            }
        }
        panic!("exploring never ended");
    }

    #[test]
    fn a_replay_of_format_9_passes_shops_untold_and_today_tells_them() {
        let told = |said: &[String]| said.iter().any(|l| l.starts_with("You see a shop"));
        assert!(told(&explored_by_format(RECORDING_FORMAT)));
        assert!(!told(&explored_by_format(SHOPS_PASS_UNNOTICED)));
    }

    /// Found by the playtest: two wares alike at one price were listed twice; they are
    /// listed once with their count, and wares alike at other prices apart.
    #[test]
    fn wares_alike_are_listed_once_with_their_count() {
        use delve_levels::grid::Pos;
        use delve_levels::loot::Item;
        let run = crate::run::staging::a_quiet_cave_run();
        let table = run.campaign.loot_table();
        let dagger = Item::plain(table.index_of("dagger").unwrap());
        let mail = Item::plain(table.index_of("chain mail").unwrap());
        let at = |x| Pos::new(x, 1);
        let wares = [
            (at(1), dagger, 30),
            (at(2), mail, 60),
            (at(3), dagger, 30),
            (at(4), dagger, 20),
            (at(5), mail, 60),
        ];
        assert_eq!(
            run.list_of_wares(&wares),
            "2 daggers (30 gold each), 2 suits of chain mail (60 gold each) and a dagger (20 gold)"
        );
    }
}

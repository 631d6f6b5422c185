//! The side panel beside the map, in words: the monsters in view (first: they matter
//! most, and a long inventory must not push them off), then what the player carries —
//! the heading with its keys, the purse, one line per kind of item. Both front ends lay
//! out [`side_panel`]'s lines, each in its own style.

use super::Keymap;
use crate::run::messages::key_of;
use crate::run::{Fight, RunState};
use delve_levels::loot::Item;

/// One line of the side panel, by what it is (each front end styles them its own way).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PanelLine {
    /// A heading: [`IN_VIEW_HEADING`], or [`carrying_heading`].
    Heading(String),
    /// A monster in view.
    Monster(String),
    /// The purse, an item, or how many more items there are.
    Text(String),
    /// An empty line between the monsters and the inventory.
    Gap,
}

impl PanelLine {
    /// The line's text (empty for the gap).
    pub fn text(&self) -> &str {
        match self {
            PanelLine::Heading(text) | PanelLine::Monster(text) | PanelLine::Text(text) => text,
            PanelLine::Gap => "",
        }
    }
}

/// The side panel's lines: the monsters in view under their heading, then the carrying
/// heading, the purse and the inventory — at most `item_rows` lines of it, the last of
/// them saying how many more kinds there are when the list is longer. The heading names
/// the keys as `keymap` binds them.
pub fn side_panel(run: &RunState, keymap: &Keymap, item_rows: usize) -> Vec<PanelLine> {
    let mut lines = Vec::new();
    let in_view = monsters_in_view(run);
    if !in_view.is_empty() {
        lines.push(PanelLine::Heading(IN_VIEW_HEADING.to_owned()));
        lines.extend(in_view.into_iter().map(PanelLine::Monster));
        lines.push(PanelLine::Gap);
    }
    lines.push(PanelLine::Heading(carrying_heading(run, keymap)));
    lines.extend(purse_line(run).map(PanelLine::Text));
    let mut items = inventory_lines(run);
    if items.len() > item_rows {
        let shown = item_rows.saturating_sub(1);
        let more = items.len() - shown;
        items.truncate(shown);
        items.push(format!("... and {more} more kinds"));
    }
    lines.extend(items.into_iter().map(PanelLine::Text));
    lines
}

/// The heading of the inventory panel: "Carrying nothing", or how many items and the
/// keys that use and drop one, as `keymap` binds them.
pub fn carrying_heading(run: &RunState, keymap: &Keymap) -> String {
    let count = carrying_count(run);
    if run.inventory().is_empty() {
        count
    } else {
        keymap.with_keys_named(&format!(
            "{count} ({}: use, {}: drop, + letter)",
            key_of("use"),
            key_of("drop")
        ))
    }
}

/// The inventory overlay's first line: how many items (the title says the keys).
pub(super) fn carrying_count(run: &RunState) -> String {
    if run.inventory().is_empty() {
        "Carrying nothing".to_owned()
    } else {
        let carried = run.inventory().len();
        match run.pack_letters() {
            Some((used, letters)) => format!("Carrying {carried} ({used} of {letters} letters)"),
            None => format!("Carrying {carried}"),
        }
    }
}

/// The side panel's purse line, once there is gold.
fn purse_line(run: &RunState) -> Option<String> {
    (run.gold() > 0).then(|| format!("Purse: {} gold", run.gold()))
}

/// The heading of the panel's list of [`monsters_in_view`].
pub const IN_VIEW_HEADING: &str = "In view";

/// The monsters the player sees, nearest first: "jackal 4/6, hunting you" (name, hit
/// points and what it is doing).
pub fn monsters_in_view(run: &RunState) -> Vec<String> {
    let table = run.campaign().monster_table();
    run.seen_monsters()
        .into_iter()
        .filter_map(|i| {
            let m = &run.level().monsters[i];
            let kind = table.kind(m.kind)?;
            Some(format!(
                "{} {}/{}, {}",
                kind.name,
                m.hp,
                kind.hp,
                run.doing(i).word()
            ))
        })
        .collect()
}

/// The inventory as the panel lists it: one line per kind, with its letter, its glyph,
/// its name as the player knows it (a disguise until identified), a count for several,
/// a known wand's charges, and what is worn or wielded.
pub fn inventory_lines(run: &RunState) -> Vec<String> {
    let table = run.campaign().loot_table();
    let knowledge = run.knowledge();
    run.lettered_inventory()
        .into_iter()
        .map(|item| {
            let kind = item.kind;
            let glyph = table.glyph(kind);
            let mut line = format!(
                "{}) {glyph} {}",
                item.letter,
                knowledge.item_name(item.item())
            );
            if item.count > 1 {
                line.push_str(&format!(" x{}", item.count));
            }
            if knowledge.knows(kind)
                && let Some(in_use) = run.wand_charges(item.item())
            {
                // The one in use, and the full ones behind it.
                let charges = in_use + Fight::charges_of(item.item()) * (item.count as u32 - 1);
                let s = if charges == 1 { "" } else { "s" };
                line.push_str(&format!(" ({charges} charge{s})"));
            }
            if let Some(how) = in_use_words(run, item.item(), item.count) {
                line.push_str(&format!(" ({how})"));
            }
            if knowledge.knows(kind) && run.is_cursed(kind) {
                line.push_str(" (cursed)");
            }
            line
        })
        .collect()
}

/// How many of a stack of `count` alike `item` are in use, in words: "wielded", "worn"
/// (all of it), "one worn", "2 worn" — never "worn" for a stack only one of which is.
pub(crate) fn in_use_words(run: &RunState, item: Item, count: usize) -> Option<String> {
    let fight = run.fight();
    let worn =
        usize::from(fight.armour == Some(item)) + fight.rings().filter(|&r| r == item).count();
    let (n, how) = match (fight.weapon == Some(item), worn) {
        (true, _) => (1, "wielded"),
        (false, 0) => return None,
        (false, n) => (n, "worn"),
    };
    Some(match n {
        n if n == count => how.to_owned(),
        1 => format!("one {how}"),
        n => format!("{n} {how}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::{PlayerAction, Rules};
    use delve_levels::config::CampaignConfig;
    use delve_levels::grid::Tile;
    use delve_levels::monsters::default_monster_table;
    use delve_levels::monsters::{Mind, Monster};

    fn start() -> RunState {
        RunState::start(CampaignConfig::builtin(), None, Rules::Monsters)
            .unwrap()
            .0
    }

    /// Carrying one of each of the first `kinds` kinds of the loot table but gold.
    fn carrying(run: &mut RunState, kinds: usize) {
        let table = run.campaign().loot_table();
        let gold = table.index_of("gold pieces").unwrap();
        let items = (0..table.items().len())
            .filter(|&k| k != gold)
            .take(kinds)
            .collect();
        run.stage().carry(items);
    }

    #[test]
    fn the_inventory_panel_letters_and_counts_each_kind() {
        let mut run = start();
        let table = run.campaign().loot_table();
        let dart = table.index_of("dart").unwrap();
        let food = table.index_of("food ration").unwrap();
        let dagger = table.index_of("dagger").unwrap();
        run.stage().carry(vec![dart, food, dart, dagger]);
        run.apply(PlayerAction::Use(2));
        assert_eq!(
            inventory_lines(&run),
            ["a) ) dart x2", "b) % food ration", "c) ) dagger (wielded)"]
        );
    }

    #[test]
    fn the_panel_lists_the_monsters_in_view_before_the_inventory() {
        let mut run = start();
        carrying(&mut run, 3);
        let tiles = run.level().level.tiles.clone();
        let at = tiles
            .positions()
            .find(|&p| tiles[p] == Tile::Floor && run.level().in_view(p) && p != run.player())
            .unwrap();
        let player = run.player();
        run.stage().set_monsters(vec![Monster {
            id: 0,
            kind: default_monster_table().index_of("kobold").unwrap(),
            pos: at,
            hp: 9,
            mind: Mind::Hunting(player),
            ..Default::default()
        }]);
        let lines = side_panel(&run, &Keymap::default(), usize::MAX);
        assert_eq!(lines[0], PanelLine::Heading(IN_VIEW_HEADING.to_owned()));
        assert_eq!(
            lines[1],
            PanelLine::Monster("kobold 9/9, hunting you".to_owned())
        );
        assert_eq!(lines[2], PanelLine::Gap);
        assert_eq!(
            lines[3],
            PanelLine::Heading(carrying_heading(&run, &Keymap::default()))
        );
        assert_eq!(lines.len(), 4 + 3, "then the three items");
    }

    #[test]
    fn a_long_inventory_is_cut_to_its_rows_saying_how_many_more() {
        let mut run = start();
        carrying(&mut run, 12);
        run.stage().clear_monsters();
        let lines = side_panel(&run, &Keymap::default(), 10);
        let texts: Vec<&str> = lines.iter().map(PanelLine::text).collect();
        assert_eq!(texts.len(), 1 + 10, "{texts:?}");
        assert_eq!(texts[10], "... and 3 more kinds");
        assert_eq!(
            side_panel(&run, &Keymap::default(), usize::MAX).len(),
            1 + 12,
            "uncut"
        );
    }

    #[test]
    fn the_inventory_headings_name_the_keys_as_bound() {
        use crate::view::{KeyPreset, inventory_title};
        let mut run = start();
        carrying(&mut run, 2);
        let bound = |pairs: &[(&str, &str)]| {
            let bindings = (pairs.iter())
                .map(|(command, key)| (command.to_string(), vec![key.to_string()]))
                .collect();
            let (keymap, problems) = Keymap::with_bindings(KeyPreset::Vi, &bindings);
            assert_eq!(problems, []);
            keymap
        };
        let default = Keymap::default();
        assert!(carrying_heading(&run, &default).ends_with("(a: use, d: drop, + letter)"));
        assert_eq!(
            inventory_title(None, &default),
            "Inventory (a: use, d: drop, t: throw, + letter; i or Esc closes)"
        );
        let rebound = bound(&[
            ("use", "U"),
            ("drop", "D"),
            ("throw", "T"),
            ("inventory", "I"),
        ]);
        assert!(
            carrying_heading(&run, &rebound).ends_with("(U: use, D: drop, + letter)"),
            "{}",
            carrying_heading(&run, &rebound)
        );
        assert_eq!(
            inventory_title(None, &rebound),
            "Inventory (U: use, D: drop, T: throw, + letter; I or Esc closes)"
        );
    }
}

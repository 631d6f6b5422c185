//! The side panel beside the map, in words: the monsters in view (first: they matter
//! most, and a long inventory must not push them off), then what the player carries —
//! the heading with its keys, the purse, one line per kind of item. Both front ends lay
//! out [`side_panel`]'s lines, each in its own style.

use crate::monsters::default_monster_table;
use crate::run::{RunState, WAND_CHARGES};

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
/// them saying how many more kinds there are when the list is longer.
pub fn side_panel(run: &RunState, item_rows: usize) -> Vec<PanelLine> {
    let mut lines = Vec::new();
    let in_view = monsters_in_view(run);
    if !in_view.is_empty() {
        lines.push(PanelLine::Heading(IN_VIEW_HEADING.to_owned()));
        lines.extend(in_view.into_iter().map(PanelLine::Monster));
        lines.push(PanelLine::Gap);
    }
    lines.push(PanelLine::Heading(carrying_heading(run)));
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
/// keys that use and drop one.
pub fn carrying_heading(run: &RunState) -> String {
    let count = carrying_count(run);
    if run.inventory.is_empty() {
        count
    } else {
        format!("{count} (a: use, d: drop, + letter)")
    }
}

/// The inventory overlay's first line: how many items (the title says the keys).
pub(super) fn carrying_count(run: &RunState) -> String {
    if run.inventory.is_empty() {
        "Carrying nothing".to_owned()
    } else {
        format!("Carrying {}", run.inventory.len())
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
    let table = default_monster_table();
    run.seen_monsters()
        .into_iter()
        .filter_map(|i| {
            let m = &run.level.monsters[i];
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
    let table = run.campaign.loot_table();
    let knowledge = run.knowledge();
    let fight = run.fight.as_ref();
    run.lettered_inventory()
        .into_iter()
        .map(|item| {
            let kind = item.kind;
            let glyph = table.glyph(kind);
            let mut line = format!("{}) {glyph} {}", item.letter, knowledge.name(kind));
            if item.count > 1 {
                line.push_str(&format!(" x{}", item.count));
            }
            if knowledge.knows(kind)
                && let Some(in_use) = run.wand_charges(kind)
            {
                // The one in use, and the full ones behind it.
                let charges = in_use + WAND_CHARGES * (item.count as u32 - 1);
                let s = if charges == 1 { "" } else { "s" };
                line.push_str(&format!(" ({charges} charge{s})"));
            }
            let held = |slot: Option<Option<usize>>| slot.flatten() == Some(kind);
            if held(fight.map(|f| f.weapon)) {
                line.push_str(" (wielded)");
            } else if held(fight.map(|f| f.armour))
                || fight.is_some_and(|f| f.rings().any(|r| r == kind))
            {
                line.push_str(" (worn)");
            }
            line
        })
        .collect()
}

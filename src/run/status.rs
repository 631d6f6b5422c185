//! What every front end shows of a run in words: the status line with its hit-point bar,
//! the inventory panel, the monsters in view, the help text and the end screen. Pure text, so the window and a terminal
//! show the same thing.

use super::{RunEnd, RunState, help_lines, inventory_stacks, stack_letter};
use crate::monsters::default_monster_table;

/// Cells of the hit-point bar.
const HP_BAR_CELLS: u32 = 10;

/// A hit-point bar: `[#######---]`, one `#` per tenth of the most hit points left
/// (rounded up, so a living player always shows one).
pub fn hp_bar(hp: u32, max_hp: u32) -> String {
    let filled = if max_hp == 0 {
        0
    } else {
        (hp.min(max_hp) * HP_BAR_CELLS).div_ceil(max_hp)
    };
    format!(
        "[{}{}]",
        "#".repeat(filled as usize),
        "-".repeat((HP_BAR_CELLS - filled) as usize)
    )
}

/// The status line: campaign, depth, generator, hit points (with monsters), turn,
/// items carried and the level key.
pub fn status_line(run: &RunState) -> String {
    let key = &run.level.key;
    let health = match &run.fight {
        Some(f) => format!(
            "HP {}/{} {}   Lv {}   ",
            f.hp,
            f.max_hp,
            hp_bar(f.hp, f.max_hp),
            f.level
        ),
        None => String::new(),
    };
    format!(
        "{}   Depth {}   {}   {health}turn {}   loot {}   key {}",
        run.campaign.name,
        key.depth,
        key.config.kind(),
        run.turns,
        run.inventory.len(),
        key.encode(),
    )
}

/// The heading of the inventory panel: "Carrying nothing", or how many items and the
/// key that uses one.
pub fn carrying_heading(run: &RunState) -> String {
    if run.inventory.is_empty() {
        "Carrying nothing".to_owned()
    } else {
        format!("Carrying {} (a + letter: use)", run.inventory.len())
    }
}

/// The heading of the panel's list of [`monsters_in_view`].
pub const IN_VIEW_HEADING: &str = "In view";

/// The monsters the player sees, nearest first: "jackal 4/6" (name and hit points).
pub fn monsters_in_view(run: &RunState) -> Vec<String> {
    let table = default_monster_table();
    run.seen_monsters()
        .into_iter()
        .map(|i| &run.level.monsters[i])
        .filter_map(|m| {
            let kind = table.kind(m.kind)?;
            Some(format!("{} {}/{}", kind.name, m.hp, kind.hp))
        })
        .collect()
}

/// The end screen's lines once the run is over: how it ended, depth, turns, kills, and
/// the seed to share.
pub fn end_screen(run: &RunState) -> Option<Vec<String>> {
    let fight = run.fight.as_ref()?;
    let headline = match fight.end.as_ref()? {
        RunEnd::Won => format!(
            "You escaped with the rune of passage from depth {}!",
            run.depth
        ),
        RunEnd::Died { cause } => format!("You died: {cause}."),
    };
    Some(vec![
        headline,
        format!(
            "Depth {}   level {}   turns {}   kills {}   items {}",
            run.depth,
            fight.level,
            run.turns,
            fight.kills,
            run.inventory.len()
        ),
        format!(
            "Share it: seed {} (delve play --seed {}); this level: key {}",
            run.campaign.seed,
            run.campaign.seed,
            run.level.key.encode()
        ),
        "Esc quits; F9 loads the last save.".to_owned(),
    ])
}

/// Every control, as the help overlay lists them: the key table's lines.
pub fn help_text() -> String {
    let lines = help_lines();
    let width = lines.iter().map(|(help, _)| help.len()).max().unwrap_or(0);
    lines
        .iter()
        .map(|(help, keys)| format!("{help:<width$}   {keys}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The inventory as the panel lists it: one line per kind, with its letter for `a`,
/// its glyph, its name as the player knows it (a disguise until identified), a count
/// for several, and what is worn or wielded.
pub fn inventory_lines(run: &RunState) -> Vec<String> {
    let table = run.campaign.loot_table();
    let knowledge = run.knowledge();
    let fight = run.fight.as_ref();
    inventory_stacks(&run.inventory)
        .into_iter()
        .enumerate()
        .map(|(index, (kind, count))| {
            let letter = stack_letter(index).unwrap_or(' ');
            let glyph = table.items().get(kind).map_or('*', |i| i.glyph);
            let mut line = format!("{letter}) {glyph} {}", knowledge.name(kind));
            if count > 1 {
                line.push_str(&format!(" x{count}"));
            }
            let held = |slot: Option<Option<usize>>| slot.flatten() == Some(kind);
            if held(fight.map(|f| f.weapon)) {
                line.push_str(" (wielded)");
            } else if held(fight.map(|f| f.armour)) || held(fight.map(|f| f.ring)) {
                line.push_str(" (worn)");
            }
            line
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_shows_tenths_rounded_up() {
        assert_eq!(hp_bar(30, 30), "[##########]");
        assert_eq!(hp_bar(1, 30), "[#---------]");
        assert_eq!(hp_bar(0, 30), "[----------]");
        assert_eq!(hp_bar(15, 30), "[#####-----]");
        assert_eq!(hp_bar(99, 30), "[##########]");
    }
}

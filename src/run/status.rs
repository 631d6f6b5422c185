//! What every front end shows of a run in words: the status line with its hit-point bar
//! (shortened by priority to fit), the inventory panel, the monsters in view, the help
//! text and the end screen. Pure text, so the window and a terminal show the same thing.

use super::{ItemVerb, KeyReader, Prompt, RunEnd, RunState, Section, WAND_CHARGES, help_lines_in};
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

/// One part of the status line, with how much it matters when space is short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatusPart {
    /// Its text.
    pub text: String,
    /// 0 is kept longest; higher numbers go first when the line is too long.
    pub priority: u8,
    /// It follows the part before it after one space (the bar after the hit points).
    pub attached: bool,
}

fn part(text: impl Into<String>, priority: u8) -> StatusPart {
    StatusPart {
        text: text.into(),
        priority,
        attached: false,
    }
}

/// The status line's parts, in the order shown: campaign, depth, generator, hit points
/// and their bar, timed states, experience level, the stairs' seal, turn, purse, items
/// carried, a designer run's mark, the run seed and the level key.
pub fn status_parts(run: &RunState) -> Vec<StatusPart> {
    let key = &run.level.key;
    let mut parts = vec![
        part(run.campaign.name.clone(), 7),
        part(format!("Depth {}", key.depth), 0),
        part(key.config.kind().to_string(), 6),
    ];
    if let Some(f) = &run.fight {
        parts.push(part(format!("HP {}/{}", f.hp, f.max_hp), 0));
        parts.push(StatusPart {
            attached: true,
            ..part(hp_bar(f.hp, f.max_hp), 5)
        });
        if run.confused() {
            let left = f.confused_until.saturating_sub(run.turns);
            parts.push(part(format!("Confused ({left})"), 0));
        }
        parts.push(part(format!("Lv {}", f.level), 3));
        if run.must_find_here().is_some() {
            let seal = if run.stairs_sealed() {
                "stairs sealed"
            } else {
                "stairs open"
            };
            parts.push(part(seal, 2));
        }
    } else {
        parts.push(part("peaceful", 4));
    }
    parts.push(part(format!("turn {}", run.turns), 1));
    if run.fight.is_some() {
        parts.push(part(format!("${}", run.gold()), 3));
    }
    parts.push(part(format!("items {}", run.inventory.len()), 6));
    if run.designer_run() {
        parts.push(part("DESIGNER RUN", 2));
    }
    parts.push(part(format!("seed {}", run.campaign.seed), 4));
    parts.push(part(format!("key {}", key.encode()), 8));
    parts
}

/// The whole status line.
pub fn status_line(run: &RunState) -> String {
    join_parts(&status_parts(run), "   ")
}

/// The status line in at most `width` characters: first closer together, then without
/// its least important parts (the key and seed, the campaign's name, …), so that depth,
/// hit points, timed states and the turn are the last to go.
pub fn status_line_within(run: &RunState, width: usize) -> String {
    let mut parts = status_parts(run);
    // Everything, as widely spaced as fits; else single-spaced without the least
    // important parts (so the spacing does not jump as parts come and go).
    for gap in ["   ", "  "] {
        let line = join_parts(&parts, gap);
        if line.chars().count() <= width {
            return line;
        }
    }
    loop {
        let line = join_parts(&parts, " ");
        if line.chars().count() <= width {
            return line;
        }
        let Some(least) = parts
            .iter()
            .enumerate()
            .filter(|(_, p)| p.priority > 0)
            .max_by_key(|(i, p)| (p.priority, *i))
            .map(|(i, _)| i)
        else {
            // Only what must stay is left: cut it at the edge.
            return line.chars().take(width).collect();
        };
        parts.remove(least);
    }
}

fn join_parts(parts: &[StatusPart], gap: &str) -> String {
    let mut line = String::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            line.push_str(if part.attached { " " } else { gap });
        }
        line.push_str(&part.text);
    }
    line
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
pub fn carrying_count(run: &RunState) -> String {
    if run.inventory.is_empty() {
        "Carrying nothing".to_owned()
    } else {
        format!("Carrying {}", run.inventory.len())
    }
}

/// The side panel's purse line, once there is gold.
pub fn purse_line(run: &RunState) -> Option<String> {
    (run.gold() > 0).then(|| format!("Purse: {} gold", run.gold()))
}

/// The inventory overlay's lines (under its [`inventory_title`]): how many items, each
/// item, and the purse.
pub fn inventory_overlay_lines(run: &RunState) -> Vec<String> {
    let mut lines = vec![carrying_count(run)];
    lines.extend(inventory_lines(run));
    if run.gold() > 0 {
        lines.push(format!("Purse: {} gold pieces", run.gold()));
    }
    lines
}

/// The log overlay's title: which messages it shows (1-based `first` to `last`) of
/// `total`, and its keys.
pub fn log_title(first: usize, last: usize, total: usize) -> String {
    format!("Messages {first}-{last} of {total} (PgUp PgDn Up Down; M or Esc closes)")
}

/// The prompt line over the notices while a prompt waits: the look cursor's tile in
/// words, or the question to answer.
pub fn prompt_line(run: &RunState, keys: &KeyReader) -> Option<String> {
    match keys.prompt? {
        Prompt::Look(at) => Some(format!(
            "Look: {} (move the cursor; Esc ends)",
            run.describe(at)
        )),
        Prompt::Question(question) => Some(question.text().to_owned()),
        Prompt::Item(_) => None,
    }
}

/// The title of the inventory overlay: what the letter typed will do.
pub fn inventory_title(verb: Option<ItemVerb>) -> &'static str {
    match verb {
        Some(ItemVerb::Use) => "Use which item? Its letter (Esc: never mind)",
        Some(ItemVerb::Drop) => "Drop which item? Its letter (Esc: never mind)",
        None => "Inventory (a: use, d: drop, + letter; i or Esc closes)",
    }
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

/// The end screen's lines once the run is over: how it ended, depth, turns, kills, the
/// purse, whether designer tools were used, and the seed to share.
pub fn end_screen(run: &RunState) -> Option<Vec<String>> {
    let fight = run.fight.as_ref()?;
    let headline = match fight.end.as_ref()? {
        RunEnd::Won => format!("You escaped the dungeon from depth {}!", run.depth),
        RunEnd::Died { cause } => format!("You died: {cause}."),
    };
    let mut lines = vec![
        headline,
        format!(
            "Depth {}   level {}   turns {}   kills {}   gold {}   items {}",
            run.depth,
            fight.level,
            run.turns,
            fight.kills,
            fight.gold,
            run.inventory.len()
        ),
    ];
    if fight.designer {
        lines.push("A designer run: levels were remade with R, 1 2 3, + - or Space.".to_owned());
    }
    lines.push(format!(
        "Share it: seed {} (delve play --seed {}); this level: key {}",
        run.campaign.seed,
        run.campaign.seed,
        run.level.key.encode()
    ));
    lines.push(
        "Esc quits; F9 or L loads the last save; M the messages, i the inventory, ? the help."
            .to_owned(),
    );
    Some(lines)
}

/// Every control, as the help overlay lists them: the key table's lines under their
/// headings (playing, then the designer's tools), in two aligned columns.
pub fn help_text() -> String {
    help_text_within(usize::MAX)
}

/// [`help_text`] for a panel `width` characters wide: the two aligned columns where
/// they fit, else each line as "what: keys" (which wraps without losing its place).
pub fn help_text_within(width: usize) -> String {
    let sections = [Section::Play, Section::Designer];
    let lines: Vec<_> = sections.iter().map(|&s| (s, help_lines_in(s))).collect();
    let column = lines
        .iter()
        .flat_map(|(_, l)| l.iter().map(|(help, _)| help.len()))
        .max()
        .unwrap_or(0);
    let aligned = |help: &str, keys: &str| format!("  {help:<column$}   {keys}");
    let fits = lines
        .iter()
        .flat_map(|(_, l)| l.iter())
        .all(|(help, keys)| aligned(help, keys).chars().count() <= width);
    lines
        .iter()
        .map(|(section, lines)| {
            let body: Vec<String> = lines
                .iter()
                .map(|(help, keys)| {
                    if fits {
                        aligned(help, keys)
                    } else {
                        format!("  {help}: {keys}")
                    }
                })
                .collect();
            format!("{}\n{}", section.heading(), body.join("\n"))
        })
        .collect::<Vec<_>>()
        .join("\n\n")
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
            let glyph = table.items().get(kind).map_or('*', |i| i.glyph);
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

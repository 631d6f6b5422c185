//! The status line over the map, in words: campaign, depth, hit points with their bar,
//! timed states, the turn, the purse and the rest, shortened by priority to fit the
//! terminal's or the window's width. Pure text, so both front ends show the same line.

use crate::run::RunState;

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
/// and their bar, timed states, experience level, the stairs' seal, turn, purse, how
/// full the pack is, a designer run's mark, the run seed and the level key.
pub fn status_parts(run: &RunState) -> Vec<StatusPart> {
    let key = &run.level().key;
    let mut parts = vec![
        part(run.campaign().name.clone(), 7),
        part(format!("Depth {}", key.depth), 0),
        part(key.config.kind().to_string(), 6),
    ];
    if run.rules().has_monsters() {
        let f = run.fight();
        parts.push(part(format!("HP {}/{}", f.hp, f.max_hp), 0));
        parts.push(StatusPart {
            attached: true,
            ..part(hp_bar(f.hp, f.max_hp), 5)
        });
        if run.confused() {
            let left = f.confused_until.saturating_sub(run.turns());
            parts.push(part(format!("Confused ({left})"), 0));
        }
        if let Some(hunger) = run.hunger().label() {
            parts.push(part(hunger, 0));
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
    parts.push(part(format!("turn {}", run.turns()), 1));
    if run.rules().has_a_goal() {
        parts.push(part(format!("${}", run.gold()), 3));
    }
    // Where letters bound the pack, how full it is (kinds, not items: 60 arrows and a
    // sword are two letters).
    let pack = match run.pack_letters() {
        Some((used, letters)) => format!("pack {used}/{letters}"),
        None => format!("items {}", run.inventory().len()),
    };
    parts.push(part(pack, 6));
    if run.designer_run() {
        parts.push(part("DESIGNER RUN", 2));
    }
    if let Some(day) = &run.chronicle().origin.daily {
        parts.push(part(format!("daily {day}"), 3));
    }
    parts.push(part(format!("seed {}", run.campaign().seed), 4));
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

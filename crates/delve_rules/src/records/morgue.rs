//! The morgue file: a finished run (or one in progress, `delve morgue`) told in plain
//! text, in the order of DCSS's `dump_order` — who, how it ended, the character, what it
//! carried under its true names, what it identified and how, what it killed, its notes,
//! its last messages and the map around it. Made from the run and its log alone, so the
//! same run always gives the same file (but for the line saying when it was written).

use std::fmt::Write as _;

use crate::run::messages::Message;
use crate::run::{RunEnd, RunState, with_article, with_plus};
use crate::view::in_use_words;
use crate::view::map_view;
use delve_levels::grid::Pos;

/// How many of the newest messages a morgue file shows.
pub(crate) const MORGUE_MESSAGES: usize = 20;
/// How far the morgue's map reaches from the player, across and up and down.
pub(crate) const MORGUE_MAP_REACH: (i32, i32) = (30, 10);

/// The morgue file of `run`: `messages` is the run's log (its newest
/// [`MORGUE_MESSAGES`] are shown), `written` when it is written (UTC).
pub fn morgue_text(run: &RunState, messages: &[Message], written: &str) -> String {
    morgue_text_naming(run, messages, written, None)
}

/// [`morgue_text`] naming the run's recording, `recording` (its file name in the
/// morgue folder), under the heading.
pub fn morgue_text_naming(
    run: &RunState,
    messages: &[Message],
    written: &str,
    recording: Option<&str>,
) -> String {
    let mut out = String::new();
    heading(&mut out, run, written);
    if let Some(name) = recording {
        let _ = writeln!(
            out,
            "Recording: {name} (watch it with delve replay --watch, beside this file)"
        );
    }
    outcome(&mut out, run);
    character(&mut out, run);
    equipment(&mut out, run);
    identified(&mut out, run);
    kills(&mut out, run);
    levels(&mut out, run);
    notes(&mut out, run);
    last_messages(&mut out, messages);
    map(&mut out, run);
    out
}

/// The morgue file's name for `run` ended (or dumped) at `written` (UTC,
/// `2026-12-02T18:30:05Z`): `morgue-20261202-183005-seed-12345.txt`, sorted by time.
pub(crate) fn morgue_file_name(run: &RunState, written: &str) -> String {
    let stamp: String = written
        .chars()
        .filter(|c| c.is_ascii_digit() || *c == 'T')
        .map(|c| if c == 'T' { '-' } else { c })
        .collect();
    format!("morgue-{stamp}-seed-{}.txt", run.campaign().seed)
}

fn section(out: &mut String, title: &str) {
    let _ = write!(out, "\n{title}\n{}\n", "-".repeat(title.chars().count()));
}

fn heading(out: &mut String, run: &RunState, written: &str) {
    let _ = writeln!(
        out,
        "delve {} morgue file (levels of generation {}), written {written}",
        env!("CARGO_PKG_VERSION"),
        run.generation().number()
    );
    let chronicle = run.chronicle();
    let origin = &chronicle.origin;
    let _ = writeln!(
        out,
        "Campaign {}, master seed {} (delve play --seed {} gives its levels again)",
        run.campaign().name,
        run.campaign().seed,
        run.campaign().seed
    );
    if let Some(day) = &origin.daily {
        let _ = writeln!(
            out,
            "The daily run of {day} (delve play --daily on that day)"
        );
    }
    if let Some(started) = &origin.started {
        let _ = writeln!(out, "Started {started}");
    }
    let marks = chronicle.marks(run.designer_run());
    if !marks.is_empty() {
        let _ = writeln!(out, "Marked: {}", marks.join(", "));
    }
}

fn outcome(out: &mut String, run: &RunState) {
    let fight = run.fight();
    let line = match &fight.end {
        Some(RunEnd::Won) => format!(
            "Escaped the dungeon from depth {} on turn {}.",
            run.depth(),
            run.turns()
        ),
        Some(RunEnd::Died { cause }) => format!("Died on turn {}: {cause}.", run.turns()),
        None => format!(
            "Still alive: on depth {} at turn {} (a run in progress).",
            run.depth(),
            run.turns()
        ),
    };
    let _ = writeln!(out, "\n{line}");
}

fn character(out: &mut String, run: &RunState) {
    section(out, "Character");
    let fight = run.fight();
    let fighter = run.player_fighter();
    let _ = writeln!(
        out,
        "Experience level {} ({} xp)   Hit points {}/{}   Attack {}   Defence {}   Damage {}-{}",
        fight.level,
        fight.xp,
        fight.hp,
        fight.max_hp,
        fighter.attack,
        fighter.defence,
        fighter.damage.0,
        fighter.damage.1
    );
    let _ = writeln!(
        out,
        "Deepest depth {}   Turns {}   Kills {}   Gold {}{}",
        run.chronicle().deepest,
        run.turns(),
        fight.kills,
        fight.gold,
        gold_spent_words(fight.gold_spent)
    );
}

/// " (45 spent)" after the gold found, when some was spent.
pub(crate) fn gold_spent_words(spent: u32) -> String {
    if spent > 0 {
        format!(" ({spent} spent)")
    } else {
        String::new()
    }
}

fn equipment(out: &mut String, run: &RunState) {
    section(out, "Equipment and inventory (true names)");
    let table = run.campaign().loot_table();
    let knowledge = run.knowledge();
    let stacks = run.lettered_inventory();
    if stacks.is_empty() {
        let _ = writeln!(out, "Nothing carried.");
    }
    for stack in stacks {
        let name = with_plus(table.true_name(stack.kind), stack.plus);
        let count = if stack.count > 1 {
            format!("{} × ", stack.count)
        } else {
            String::new()
        };
        let mut extras = Vec::new();
        if let Some(how) = in_use_words(run, stack.item(), stack.count) {
            extras.push(how);
        }
        if !knowledge.knows(stack.kind) {
            extras.push(format!(
                "unidentified, called {}",
                with_article(&knowledge.plain_name(stack.kind))
            ));
        }
        if let Some(left) = run.wand_charges(stack.item()) {
            extras.push(format!("{left} charges left"));
        }
        let extras = if extras.is_empty() {
            String::new()
        } else {
            format!(" ({})", extras.join("; "))
        };
        let _ = writeln!(out, "{}) {count}{name}{extras}", stack.letter);
    }
}

fn identified(out: &mut String, run: &RunState) {
    section(out, "Identified");
    let mut any = false;
    for note in run.chronicle().identifications() {
        any = true;
        let _ = writeln!(
            out,
            "turn {:>6}, depth {:>2}: {}",
            note.turn, note.depth, note.text
        );
    }
    if !any {
        let _ = writeln!(out, "Nothing was identified.");
    }
}

fn kills(out: &mut String, run: &RunState) {
    section(out, "Kills");
    let mut kills: Vec<(&String, &u32)> = run.chronicle().kills.iter().collect();
    // Most killed first; names in order among equals.
    kills.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let counted: u32 = kills.iter().map(|(_, n)| **n).sum();
    for (kind, count) in &kills {
        let _ = writeln!(out, "{count:>4} {kind}");
    }
    let total = run.fight().kills;
    if total > counted {
        // Kills made before the chronicle existed (a save from an older delve).
        let _ = writeln!(out, "{:>4} of kinds not recorded", total - counted);
    }
    let _ = writeln!(out, "{total:>4} in all");
}

fn levels(out: &mut String, run: &RunState) {
    section(out, "Levels visited (delve play --key KEY plays one again)");
    for (depth, key) in run.keys() {
        let _ = writeln!(
            out,
            "depth {depth:>2} ({}): {}",
            key.config.kind(),
            key.encode()
        );
    }
}

fn notes(out: &mut String, run: &RunState) {
    section(out, "Notes");
    let notes = &run.chronicle().notes;
    if notes.is_empty() {
        let _ = writeln!(out, "No notes.");
    }
    for note in notes {
        let _ = writeln!(
            out,
            "turn {:>6}, depth {:>2}: {}",
            note.turn, note.depth, note.text
        );
    }
}

fn last_messages(out: &mut String, messages: &[Message]) {
    section(out, "Last messages");
    let start = messages.len().saturating_sub(MORGUE_MESSAGES);
    if messages.is_empty() {
        let _ = writeln!(out, "No messages.");
    }
    for message in &messages[start..] {
        let repeats = if message.count > 1 {
            format!(" (×{})", message.count)
        } else {
            String::new()
        };
        // The default keys: a morgue file is read away from the player's options.
        let text = crate::view::Keymap::default().with_keys_named(&message.text);
        let _ = writeln!(out, "turn {:>6}: {}{repeats}", message.turn, text);
    }
}

fn map(out: &mut String, run: &RunState) {
    section(out, "The map around the player, as they last saw it (@)");
    let at = run.player();
    let view = map_view(run, &crate::view::Marks::none());
    let (reach_x, reach_y) = MORGUE_MAP_REACH;
    for y in at.y - reach_y..=at.y + reach_y {
        let line: String = (at.x - reach_x..=at.x + reach_x)
            .map(|x| view.get(Pos::new(x, y)).map_or(' ', |tile| tile.glyph()))
            .collect();
        let line = line.trim_end();
        if !line.is_empty() {
            let _ = writeln!(out, "{line}");
        }
    }
}

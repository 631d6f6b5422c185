//! The overlays and prompts over the map, in words: the help (every control, from the key
//! table), the inventory (on `i`, and while an item letter is asked for), the message
//! log's title, the end screen, and the prompt line (the look cursor's tile, or the
//! question to answer).

use super::panel::{carrying_count, inventory_lines};
use super::{AimVerb, ItemVerb, KeyReader, Keymap, Prompt, Section, describe};
use crate::run::messages::{capitalised, key_of};
use crate::run::{Missile, RunEnd, RunState};
use delve_levels::grid::Pos;

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

/// The prompt line over the notices: while a prompt waits, the cursor's tile in words
/// (with the line of fire while aiming, the way while choosing where to travel) or the
/// question to answer; otherwise what lies under the pointer (`hover`), if it is on the
/// map, and how far travel would walk there.
pub fn prompt_line(run: &RunState, keys: &KeyReader, hover: Option<Pos>) -> Option<String> {
    let Some(prompt) = keys.prompt else {
        let at = hover.filter(|&at| run.level().level.tiles.contains(at))?;
        if keys.overlay.is_some() {
            return None;
        }
        let next_to = at.chebyshev(run.player()) == 1;
        let monster_there = (run.level().monster_at(at))
            .filter(|_| run.level().in_view(at))
            .map(|i| run.level().monsters[i].mind.is_hostile());
        let own = super::pointer::OwnTile::of(run);
        let hint = if at == run.player() {
            Some(match (own.stairs, own.item) {
                (Some(crate::run::PlayerAction::Descend), _) => {
                    "click: take the stairs down".to_owned()
                }
                (Some(_), _) => "click: take the stairs up".to_owned(),
                (None, true) => "click: pick it up".to_owned(),
                (None, false) => "click: rest".to_owned(),
            })
        } else if next_to && monster_there == Some(true) {
            Some("click: attack".to_owned())
        } else if next_to && monster_there == Some(false) {
            Some("click: step there".to_owned())
        } else {
            way_words(run, at).map(|way| format!("{way}; click: go there"))
        };
        return Some(match hint {
            Some(hint) => format!("{} ({hint})", describe(run, at)),
            None => describe(run, at),
        });
    };
    match prompt {
        Prompt::Look(at) => Some(format!(
            "Look: {} (move the cursor; Tab: next in view; Esc ends)",
            describe(run, at)
        )),
        Prompt::Aim(verb, at) => {
            let (what, key) = match verb {
                AimVerb::Use(_) => ("Zap", "a"),
                AimVerb::Throw(_) => ("Throw", "t"),
            };
            Some(format!(
                "{what} at: {}{} (move the cursor; Tab: next monster; Enter or {key}: {}; Esc: never mind)",
                describe(run, at),
                fire_words(run, verb, at),
                what.to_lowercase()
            ))
        }
        Prompt::Travel(at) => {
            let way = match way_words(run, at) {
                _ if at == run.player() => "You are already there.".to_owned(),
                Some(way) => capitalised(&way) + ".",
                None => "No known way there.".to_owned(),
            };
            Some(format!(
                "Travel to: {} {way} (move the cursor; Tab: stairs, items; Enter: go; Esc: never mind)",
                describe(run, at),
            ))
        }
        Prompt::Question(question) => Some(question.text().to_owned()),
        Prompt::Item(_) => None,
    }
}

/// How travel would go to `at`, in words ("12 steps", "9 steps, over a trap you
/// found"); `None` where there is no known way.
fn way_words(run: &RunState, at: Pos) -> Option<String> {
    let route = run.route_to(at)?;
    let steps = match route.steps.len() {
        1 => "1 step".to_owned(),
        n => format!("{n} steps"),
    };
    Some(if route.over_trap {
        format!("{steps}, over a trap you found")
    } else {
        steps
    })
}

/// What the line of fire to `at` meets, in words: a creature struck before the tile
/// aimed at, a wall that stops it short, or nothing at all for a bolt.
fn fire_words(run: &RunState, verb: AimVerb, at: Pos) -> String {
    if at == run.player() {
        return String::new();
    }
    let missile = match verb {
        AimVerb::Use(slot) => run.missile(slot, false),
        AimVerb::Throw(_) => Missile::Thrown,
    };
    let line = run.line_of_fire(at, missile);
    let name = |pos: Pos| {
        let index = run.level().monster_at(pos)?;
        let kind = run.level().monsters[index].kind;
        Some(run.campaign().monster_table().kind(kind)?.name.clone())
    };
    match (line.struck, line.wall) {
        (Some(pos), _) if pos != at => {
            format!(
                " It would strike the {} first.",
                name(pos).unwrap_or("creature".into())
            )
        }
        (Some(_), _) => String::new(),
        (None, Some(_)) if !line.path.contains(&at) => " A wall stops it short.".to_owned(),
        (None, _) if missile == Missile::Bolt => " The bolt would strike nothing.".to_owned(),
        (None, _) if line.end != at => " It falls short.".to_owned(),
        (None, _) => String::new(),
    }
}

/// The title of the inventory overlay: what the letter typed will do (the keys named
/// as `keymap` binds them).
pub fn inventory_title(verb: Option<ItemVerb>, keymap: &Keymap) -> String {
    match verb {
        Some(ItemVerb::Use) => "Use which item? Its letter (Esc: never mind)".to_owned(),
        Some(ItemVerb::Drop) => "Drop which item? Its letter (Esc: never mind)".to_owned(),
        Some(ItemVerb::Throw) => {
            "Throw which item? Its letter, then aim (Esc: never mind)".to_owned()
        }
        Some(ItemVerb::UseOn(_)) => {
            "Read it on which item? Its letter (Esc: never mind)".to_owned()
        }
        None => keymap.with_keys_named(&format!(
            "Inventory ({}: use, {}: drop, {}: throw, + letter; {} or Esc closes)",
            key_of("use"),
            key_of("drop"),
            key_of("throw"),
            key_of("inventory")
        )),
    }
}

/// The end screen's lines once the run is over: how it ended, depth, turns, kills, the
/// purse, whether designer tools were used, and the seed to share.
pub fn end_screen(run: &RunState) -> Option<Vec<String>> {
    let fight = run.fight();
    let headline = match fight.end.as_ref()? {
        RunEnd::Won => format!("You escaped the dungeon from depth {}!", run.depth()),
        RunEnd::Died { cause } => format!("You died: {cause}."),
    };
    let mut lines = vec![
        headline,
        format!(
            "Depth {}   level {}   turns {}   kills {}   gold {}{}   items {}",
            run.depth(),
            fight.level,
            run.turns(),
            fight.kills,
            fight.gold,
            crate::records::morgue::gold_spent_words(fight.gold_spent),
            run.inventory().len()
        ),
    ];
    let deepest = run.chronicle().deepest.max(run.depth());
    let won = fight.end == Some(RunEnd::Won);
    lines.push(format!(
        "Score {} (100 × deepest depth {deepest} + 10 × kills + gold{})",
        run.score(),
        if won { ", doubled for the win" } else { "" }
    ));
    if fight.designer {
        lines.push("A designer run: levels were remade with R, 1 2 3, + - or Space.".to_owned());
    }
    lines.push(format!(
        "Share it: seed {} (delve play --seed {}); this level: key {}",
        run.campaign().seed,
        run.campaign().seed,
        run.level().key.encode()
    ));
    lines.push(
        "Esc: the title screen (a new run; Run history lists your runs, to watch); M the messages (one names the morgue file), i the inventory, ? the help; F9 or L loads a save."
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
    help_text_of(&Keymap::default(), width)
}

/// [`help_text_within`] with the keys of `keymap` (the player's options).
pub fn help_text_of(keymap: &Keymap, width: usize) -> String {
    let sections = [Section::Play, Section::Designer];
    let lines: Vec<_> = sections
        .iter()
        .map(|&s| (s, keymap.help_lines_in(s)))
        .collect();
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

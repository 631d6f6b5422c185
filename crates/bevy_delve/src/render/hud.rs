//! The HUD (bevy_ui): the status line (shortened by priority to the window's width),
//! every notice of the newest turn (older ones dimmed) and the look line, the side
//! panel (monsters in view, purse, inventory), and the overlays: help (`?`, scrolling),
//! message log (`M`, scrolling), inventory (`i`, and while an item letter is asked
//! for) and the end screen. Its texts, borders and panels name their colour's [`Hue`]
//! and take it from the palette in force (see `palette.rs`).

use bevy::prelude::*;
use delve_rules::view::Command;

use super::AppSystems;
use super::palette::{BackgroundHue, BorderHue, TextHue};
use crate::game::options::PlayerOptions;
use crate::game::{Keyboard, MOST_NOTICE_ROWS, NoticeLog, Pointer, RunModel, Screen};
use delve_rules::view::{
    Hue, Overlay, end_screen, help_text_of, inventory_overlay_lines, inventory_title,
    letter_of_line, log_title, prompt_line, side_panel, status_line_within,
};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Keyboard>()
        .add_systems(Startup, spawn_hud)
        .add_systems(OnEnter(Screen::Title), forget_the_run_shown)
        .add_systems(
            Update,
            (
                update_status_line,
                update_notice_line,
                update_inventory_panel,
                show_help,
                show_log,
                show_inventory,
                show_look_line,
                show_end_screen,
            )
                .in_set(AppSystems::UpdateHud),
        );
}

/// Lines the message log overlay shows (the newest at the bottom).
const LOG_LINES: usize = 30;

/// The HUD's text.
pub(super) const TEXT: Hue = Hue::Text;
/// Text that matters less: older notices, key hints.
pub(super) const DIM_TEXT: Hue = Hue::DimText;
/// Titles, borders and the newest notices.
pub(super) const ACCENT: Hue = Hue::Accent;
/// The bars and the side panel: the background, the map showing a little through.
const PANEL: BackgroundHue = BackgroundHue(Hue::Background, 0.82);
const FONT_SIZE: f32 = 16.0;

#[derive(Component)]
struct StatusLine;

/// A button of the status bar: a click does what its key does.
#[derive(Component, Clone, Copy, Debug)]
pub(super) struct HudButton(pub Command);

/// One line of the notice bar: 0 is the newest notice, 1 the one before, …
#[derive(Component)]
struct NoticeLine(usize);

/// Lines the inventory panel lists at most.
const INVENTORY_LINES: usize = 10;

/// The widest a character of the HUD's font is, in pixels (for fitting the status line).
const CHARACTER_WIDTH: f32 = FONT_SIZE * 0.6;

#[derive(Component)]
struct InventoryText;

#[derive(Component)]
struct HelpPanel;

#[derive(Component)]
struct HelpText;

#[derive(Component)]
struct EndPanel;

#[derive(Component)]
struct LogPanel;

#[derive(Component)]
struct LogText;

#[derive(Component)]
struct LogTitle;

#[derive(Component)]
struct InventoryPanel;

#[derive(Component)]
struct InventoryTitle;

#[derive(Component)]
struct InventoryList;

/// The inventory overlay's line of the item under this letter: a button.
#[derive(Component, Clone, Copy, Debug)]
pub(super) struct InventoryLine(pub char);

/// The look command's line, over the notices while looking.
#[derive(Component)]
struct LookLine;

#[derive(Component)]
struct EndText;

/// `text` in the characters the window's font has (Bevy's Fira Mono, ASCII only): the
/// view's few typographic characters (`×`, `·`, `—`, `…`, …) in ASCII, anything else
/// outside it as `?` — never a box.
pub(super) fn in_the_font(text: String) -> String {
    if text.is_ascii() {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            c if c.is_ascii() => out.push(c),
            '×' => out.push('x'),
            '·' => out.push('|'),
            '—' | '–' | '−' => out.push('-'),
            '…' => out.push_str("..."),
            '‘' | '’' => out.push('\''),
            '“' | '”' => out.push('"'),
            '≤' => out.push_str("<="),
            '≥' => out.push_str(">="),
            '→' => out.push_str("->"),
            '←' => out.push_str("<-"),
            '±' => out.push_str("+-"),
            '√' => out.push_str("sqrt "),
            '\u{a0}' => out.push(' '),
            _ => out.push('?'),
        }
    }
    out
}

/// A text of the HUD in `hue` (coloured by the palette in force).
pub(super) fn text(value: impl Into<String>, hue: Hue) -> impl Bundle {
    (
        Text::new(in_the_font(value.into())),
        TextFont::from_font_size(FONT_SIZE),
        TextColor::default(),
        TextHue(hue),
    )
}

fn bar(top: bool) -> Node {
    Node {
        position_type: PositionType::Absolute,
        left: px(0),
        right: px(0),
        top: if top { px(0) } else { Val::Auto },
        bottom: if top { Val::Auto } else { px(0) },
        padding: UiRect::axes(px(10), px(5)),
        justify_content: JustifyContent::SpaceBetween,
        ..default()
    }
}

fn spawn_hud(mut commands: Commands) {
    commands
        .spawn((
            Name::new("status bar"),
            bar(true),
            (BackgroundColor::default(), PANEL),
        ))
        .with_children(|bar| {
            bar.spawn((StatusLine, text("", TEXT)));
            bar.spawn(Node {
                column_gap: px(16),
                ..default()
            })
            .with_children(|buttons| {
                for (label, command) in [
                    ("m map", Command::ToggleOverview),
                    ("O options", Command::ToggleOptions),
                    ("? help", Command::ToggleHelp),
                ] {
                    buttons.spawn((HudButton(command), Button, text(label, DIM_TEXT)));
                }
            });
        });
    commands
        .spawn((
            Name::new("notice bar"),
            Node {
                flex_direction: FlexDirection::ColumnReverse,
                ..bar(false)
            },
            (BackgroundColor::default(), PANEL),
        ))
        .with_children(|bar| {
            bar.spawn((
                LookLine,
                text("", TEXT),
                Node {
                    display: Display::None,
                    ..default()
                },
            ));
            for line in 0..MOST_NOTICE_ROWS {
                bar.spawn((NoticeLine(line), text("", DIM_TEXT)));
            }
        });
    commands.spawn((
        Name::new("inventory panel"),
        Node {
            position_type: PositionType::Absolute,
            top: px(40),
            right: px(10),
            max_width: px(320),
            padding: UiRect::all(px(8)),
            ..default()
        },
        (BackgroundColor::default(), PANEL),
        children![(InventoryText, text("", TEXT))],
    ));
    commands.spawn(overlay(
        "help overlay",
        HelpPanel,
        children![
            text(
                "delve - controls (? or Esc closes; PageDown Down scroll)",
                ACCENT
            ),
            (HelpText, text("", TEXT))
        ],
    ));
    commands.spawn(overlay(
        "message log",
        LogPanel,
        children![
            (LogTitle, text("Messages", ACCENT)),
            (LogText, text("", TEXT))
        ],
    ));
    commands.spawn(overlay(
        "inventory",
        InventoryPanel,
        children![
            (InventoryTitle, text("", ACCENT)),
            (
                InventoryList,
                Node {
                    flex_direction: FlexDirection::Column,
                    ..default()
                }
            )
        ],
    ));
    commands.spawn(overlay(
        "end screen",
        EndPanel,
        children![text("The run is over", ACCENT), (EndText, text("", TEXT))],
    ));
}

/// A hidden panel in the middle of the window, over the map, with a border: the help,
/// the message log and the end screen. `marker` finds it to show it; `content` is its
/// title and text.
pub(super) fn overlay(
    name: &'static str,
    marker: impl Component,
    content: impl Bundle,
) -> impl Bundle {
    (
        Name::new(name),
        marker,
        Node {
            display: Display::None,
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        GlobalZIndex(1),
        children![(
            Node {
                flex_direction: FlexDirection::Column,
                row_gap: px(12),
                padding: UiRect::all(px(20)),
                border: UiRect::all(px(2)),
                // Long lines wrap inside the window instead of running off it.
                max_width: percent(92),
                max_height: percent(92),
                overflow: Overflow::clip(),
                ..default()
            },
            (
                BackgroundColor::default(),
                BackgroundHue(Hue::Background, 1.0)
            ),
            (BorderColor::default(), BorderHue(ACCENT)),
            content,
        )],
    )
}

/// Sets a text only when it differs, so unchanged text is not laid out again.
pub(super) fn set_text(text: &mut Text, value: String) {
    let value = in_the_font(value);
    if text.0 != value {
        text.0 = value;
    }
}

fn update_status_line(
    run: Option<Res<RunModel>>,
    windows: Query<&Window>,
    mut line: Single<&mut Text, With<StatusLine>>,
) {
    let Some(run) = run else {
        return;
    };
    let width = windows.iter().next().map_or(1280.0, |w| w.width());
    // The buttons (map, options, help) sit at the right of the bar.
    let characters = ((width - 280.0) / CHARACTER_WIDTH).max(20.0) as usize;
    set_text(&mut line, status_line_within(&run, characters));
}

/// The notices of the newest turn (at least three lines, at most
/// [`MOST_NOTICE_ROWS`]), newest at the bottom; those of the turn just played stand
/// out, older ones are dim.
fn update_notice_line(
    log: Res<NoticeLog>,
    run: Option<Res<RunModel>>,
    options: Res<PlayerOptions>,
    mut lines: Query<(&NoticeLine, &mut Text, &mut TextHue, &mut Node)>,
) {
    let turns = run.as_ref().map_or(0, |r| r.turns());
    if !(log.is_changed() || options.is_changed() || run.is_some_and(|r| r.is_changed())) {
        return;
    }
    let rows = log.rows_for_latest_turn();
    let newest: Vec<_> = log.entries.iter().rev().take(rows).collect();
    let newest_turn = log.entries.last().map(|n| n.turn);
    for (line, mut text, mut hue, mut node) in &mut lines {
        let notice = newest.get(line.0);
        let display = if line.0 < rows {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
        let keymap = &options.keymap;
        set_text(
            &mut text,
            notice.map(|n| keymap.message_line(n)).unwrap_or_default(),
        );
        let fresh = notice.is_some_and(|n| Some(n.turn) == newest_turn && n.turn == turns);
        hue.set_if_neq(TextHue(if fresh { ACCENT } else { DIM_TEXT }));
    }
}

fn update_inventory_panel(
    run: Option<Res<RunModel>>,
    options: Res<PlayerOptions>,
    mut panel: Single<&mut Text, With<InventoryText>>,
) {
    let Some(run) = run.filter(|r| r.is_changed() || options.is_changed()) else {
        return;
    };
    // The monsters in view, then the inventory, as in the terminal; a long list is cut
    // so the panel stays in its corner.
    let lines: Vec<String> = side_panel(&run, &options.keymap, INVENTORY_LINES)
        .iter()
        .map(|line| line.text().to_owned())
        .collect();
    let value = lines.join("\n");
    set_text(&mut panel, value);
}

/// The message log overlay: [`LOG_LINES`] notices with their turns, scrolled back as
/// far as the keys asked.
fn show_log(
    keyboard: Res<Keyboard>,
    log: Res<NoticeLog>,
    options: Res<PlayerOptions>,
    mut panel: Single<&mut Node, With<LogPanel>>,
    mut text: Single<&mut Text, (With<LogText>, Without<LogTitle>)>,
    mut title: Single<&mut Text, (With<LogTitle>, Without<LogText>)>,
) {
    let open = keyboard.shows(Overlay::Log);
    let display = if open { Display::Flex } else { Display::None };
    if panel.display != display {
        panel.display = display;
    }
    if open && (keyboard.is_changed() || log.is_changed() || options.is_changed()) {
        let total = log.entries.len();
        let scroll = keyboard.scroll.min(total.saturating_sub(1));
        let lines = log.window(LOG_LINES, scroll);
        let last = total - scroll;
        set_text(
            &mut title,
            log_title(last + 1 - lines.len().min(last), last, total),
        );
        let keymap = &options.keymap;
        let lines: Vec<String> = lines.iter().map(|m| keymap.message_line(m)).collect();
        set_text(&mut text, lines.join("\n"));
    }
}

/// The inventory overlay: on `i`, and while an item letter is asked for.
fn show_inventory(
    mut commands: Commands,
    keyboard: Res<Keyboard>,
    options: Res<PlayerOptions>,
    run: Option<Res<RunModel>>,
    mut panel: Single<&mut Node, With<InventoryPanel>>,
    mut title: Single<&mut Text, With<InventoryTitle>>,
    list: Single<Entity, With<InventoryList>>,
) {
    let verb = keyboard.item_verb();
    let open = keyboard.shows(Overlay::Inventory) || verb.is_some();
    let display = if open { Display::Flex } else { Display::None };
    if panel.display != display {
        panel.display = display;
    }
    let Some(run) = run else {
        return;
    };
    if open && (keyboard.is_changed() || run.is_changed() || options.is_changed()) {
        set_text(&mut title, inventory_title(verb, &options.keymap));
        // A line per item, each a button: a click answers its letter.
        let mut list = commands.entity(*list);
        list.despawn_related::<Children>();
        list.with_children(|lines| {
            for line in inventory_overlay_lines(&run) {
                match letter_of_line(&line) {
                    Some(letter) => lines.spawn((InventoryLine(letter), Button, text(line, TEXT))),
                    None => lines.spawn(text(line, TEXT)),
                };
            }
        });
    }
}

/// The prompt line: what lies under a cursor or the pointer, or the question to answer.
fn show_look_line(
    keyboard: Res<Keyboard>,
    pointer: Res<Pointer>,
    run: Option<Res<RunModel>>,
    mut line: Single<(&mut Text, &mut Node), With<LookLine>>,
) {
    let (text, node) = &mut *line;
    let prompt = run.and_then(|run| prompt_line(&run, &keyboard, pointer.0));
    let display = if prompt.is_some() {
        Display::Flex
    } else {
        Display::None
    };
    if node.display != display {
        node.display = display;
    }
    if let Some(prompt) = prompt {
        set_text(text, prompt);
    }
}

/// The end screen, over the map once the player died or won.
fn show_end_screen(
    run: Option<Res<RunModel>>,
    screen: Res<State<Screen>>,
    mut panel: Single<&mut Node, With<EndPanel>>,
    mut text: Single<&mut Text, With<EndText>>,
) {
    let Some(run) = run.filter(|r| r.is_changed()) else {
        return;
    };
    // A recording watched to its end shows the map where it ended, not the end screen.
    let lines = end_screen(&run).filter(|_| *screen.get() != Screen::Watching);
    let display = if lines.is_some() {
        Display::Flex
    } else {
        Display::None
    };
    if panel.display != display {
        panel.display = display;
    }
    set_text(&mut text, lines.unwrap_or_default().join("\n"));
}

/// Back on the title (from watching a run): nothing of the run shown stays on the HUD.
fn forget_the_run_shown(
    mut status: Single<&mut Text, (With<StatusLine>, Without<InventoryText>)>,
    mut inventory: Single<&mut Text, (With<InventoryText>, Without<StatusLine>)>,
    mut end: Single<&mut Node, With<EndPanel>>,
) {
    set_text(&mut status, String::new());
    set_text(&mut inventory, String::new());
    end.display = Display::None;
}

fn show_help(
    keyboard: Res<Keyboard>,
    options: Res<PlayerOptions>,
    mut panel: Single<&mut Node, With<HelpPanel>>,
    mut text: Single<&mut Text, With<HelpText>>,
) {
    if (keyboard.is_changed() || options.is_changed()) && keyboard.shows(Overlay::Help) {
        // The player's keys; scrolled down: the lines from there on (a small window
        // cuts the bottom).
        let help = help_text_of(&options.keymap, usize::MAX);
        let lines: Vec<&str> = help.lines().skip(keyboard.scroll).collect();
        set_text(&mut text, lines.join("\n"));
    }
    let display = if keyboard.shows(Overlay::Help) {
        Display::Flex
    } else {
        Display::None
    };
    if panel.display != display {
        panel.display = display;
    }
}

#[cfg(test)]
mod tests {
    use super::in_the_font;

    #[test]
    fn the_views_typographic_characters_are_drawn_in_the_fonts_ascii() {
        assert_eq!(
            in_the_font("Replay paused ×1 · step 0 — 100 × depth…".into()),
            "Replay paused x1 | step 0 - 100 x depth..."
        );
        assert_eq!(in_the_font("plain text".into()), "plain text");
        assert_eq!(
            in_the_font("a ★ b".into()),
            "a ? b",
            "no box for a missing glyph"
        );
    }
}

//! The HUD (bevy_ui): a status line (campaign, depth, generator, hit points, turns, loot
//! carried, level key), the latest notices with their turns (older ones dimmed), the
//! inventory panel with the monsters in view, the help overlay that `?` toggles, and the
//! end screen.

use bevy::prelude::*;

use super::AppSystems;
use crate::game::{Keyboard, NoticeLog, RunModel};
use crate::run::status::{
    IN_VIEW_HEADING, carrying_heading, end_screen, help_text, inventory_lines, monsters_in_view,
    status_line,
};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Keyboard>()
        .add_systems(Startup, spawn_hud)
        .add_systems(
            Update,
            (
                update_status_line,
                update_notice_line,
                update_inventory_panel,
                show_help,
                show_log,
                show_end_screen,
            )
                .in_set(AppSystems::UpdateHud),
        );
}

/// Lines the message log overlay shows (the newest at the bottom).
const LOG_LINES: usize = 30;

const TEXT: Color = Color::srgb(0.86, 0.84, 0.80);
const DIM_TEXT: Color = Color::srgb(0.55, 0.55, 0.62);
const ACCENT: Color = Color::srgb(0.96, 0.80, 0.30);
const PANEL: Color = Color::srgba(0.03, 0.02, 0.05, 0.82);
const FONT_SIZE: f32 = 16.0;

#[derive(Component)]
struct StatusLine;

/// One line of the notice bar: 0 is the newest notice, 1 the one before, …
#[derive(Component)]
struct NoticeLine(usize);

/// Lines the inventory panel lists at most.
const INVENTORY_LINES: usize = 10;

/// Notices the bar shows at once.
const NOTICE_LINES: usize = 3;

#[derive(Component)]
struct InventoryText;

#[derive(Component)]
struct HelpPanel;

#[derive(Component)]
struct EndPanel;

#[derive(Component)]
struct LogPanel;

#[derive(Component)]
struct LogText;

#[derive(Component)]
struct EndText;

fn text(value: impl Into<String>, color: Color) -> impl Bundle {
    (
        Text::new(value),
        TextFont::from_font_size(FONT_SIZE),
        TextColor(color),
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
    commands.spawn((
        Name::new("status bar"),
        bar(true),
        BackgroundColor(PANEL),
        children![(StatusLine, text("", TEXT)), text("? help", DIM_TEXT)],
    ));
    commands.spawn((
        Name::new("notice bar"),
        Node {
            flex_direction: FlexDirection::ColumnReverse,
            ..bar(false)
        },
        BackgroundColor(PANEL),
        children![
            (NoticeLine(0), text("", ACCENT)),
            (NoticeLine(1), text("", DIM_TEXT)),
            (NoticeLine(2), text("", DIM_TEXT)),
        ],
    ));
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
        BackgroundColor(PANEL),
        children![(InventoryText, text("", TEXT))],
    ));
    commands.spawn(overlay(
        "help overlay",
        HelpPanel,
        children![text("delve - controls", ACCENT), text(help_text(), TEXT)],
    ));
    commands.spawn(overlay(
        "message log",
        LogPanel,
        children![
            text("Messages (M or Esc closes)", ACCENT),
            (LogText, text("", TEXT))
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
fn overlay(name: &'static str, marker: impl Component, content: impl Bundle) -> impl Bundle {
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
                ..default()
            },
            BackgroundColor(Color::srgb(0.03, 0.02, 0.05)),
            BorderColor::all(ACCENT),
            content,
        )],
    )
}

/// Sets a text only when it differs, so unchanged text is not laid out again.
fn set_text(text: &mut Text, value: String) {
    if text.0 != value {
        text.0 = value;
    }
}

fn update_status_line(run: Option<Res<RunModel>>, mut line: Single<&mut Text, With<StatusLine>>) {
    let Some(run) = run.filter(|r| r.is_changed()) else {
        return;
    };
    set_text(&mut line, status_line(&run));
}

fn update_notice_line(
    log: Res<NoticeLog>,
    run: Option<Res<RunModel>>,
    mut lines: Query<(&NoticeLine, &mut Text, &mut TextColor)>,
) {
    let turns = run.as_ref().map_or(0, |r| r.turns);
    if !(log.is_changed() || run.is_some_and(|r| r.is_changed())) {
        return;
    }
    let texts = log.latest(NOTICE_LINES);
    // The newest notice stands out until a turn passes after it; older ones are dim.
    let fresh = log.0.last().is_some_and(|n| n.turn == turns);
    for (line, mut text, mut color) in &mut lines {
        set_text(&mut text, texts.get(line.0).cloned().unwrap_or_default());
        let wanted = if line.0 == 0 && fresh {
            ACCENT
        } else {
            DIM_TEXT
        };
        if color.0 != wanted {
            color.0 = wanted;
        }
    }
}

fn update_inventory_panel(
    run: Option<Res<RunModel>>,
    mut panel: Single<&mut Text, With<InventoryText>>,
) {
    let Some(run) = run.filter(|r| r.is_changed()) else {
        return;
    };
    let mut lines = inventory_lines(&run);
    // Identical items share a line; a long list is cut so the panel stays in its corner.
    if lines.len() > INVENTORY_LINES {
        let more = lines.len() - (INVENTORY_LINES - 1);
        lines.truncate(INVENTORY_LINES - 1);
        lines.push(format!("... and {more} more kinds"));
    }
    let mut value = carrying_heading(&run);
    for line in lines {
        value.push('\n');
        value.push_str(&line);
    }
    let in_view = monsters_in_view(&run);
    if !in_view.is_empty() {
        value.push_str(&format!("\n\n{IN_VIEW_HEADING}\n{}", in_view.join("\n")));
    }
    set_text(&mut panel, value);
}

/// The message log overlay: the last [`LOG_LINES`] notices with their turns.
fn show_log(
    keyboard: Res<Keyboard>,
    log: Res<NoticeLog>,
    mut panel: Single<&mut Node, With<LogPanel>>,
    mut text: Single<&mut Text, With<LogText>>,
) {
    let display = if keyboard.log {
        Display::Flex
    } else {
        Display::None
    };
    if panel.display != display {
        panel.display = display;
    }
    if keyboard.log && (keyboard.is_changed() || log.is_changed()) {
        let mut lines = log.latest(LOG_LINES);
        lines.reverse();
        set_text(&mut text, lines.join("\n"));
    }
}

/// The end screen, over the map once the player died or won.
fn show_end_screen(
    run: Option<Res<RunModel>>,
    mut panel: Single<&mut Node, With<EndPanel>>,
    mut text: Single<&mut Text, With<EndText>>,
) {
    let Some(run) = run.filter(|r| r.is_changed()) else {
        return;
    };
    let lines = end_screen(&run);
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

fn show_help(keyboard: Res<Keyboard>, mut panel: Single<&mut Node, With<HelpPanel>>) {
    let display = if keyboard.help {
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
    use super::*;

    #[test]
    fn the_inventory_panel_letters_and_counts_each_kind() {
        let mut run = crate::run::RunState::start(
            crate::config::CampaignConfig::builtin(),
            None,
            crate::run::Rules::Monsters,
        )
        .unwrap()
        .0;
        let table = run.campaign.loot_table();
        let gold = table.index_of("gold pieces").unwrap();
        let food = table.index_of("food ration").unwrap();
        let dagger = table.index_of("dagger").unwrap();
        run.inventory = vec![gold, food, gold, dagger];
        run.apply(crate::run::PlayerAction::Use(2));
        let lines = inventory_lines(&run);
        assert_eq!(
            lines,
            [
                "a) $ gold pieces x2",
                "b) % food ration",
                "c) ) dagger (wielded)"
            ]
        );
    }
}

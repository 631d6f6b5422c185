//! The overview overlay (`m`) in the window: the whole level as remembered, scaled to
//! fit the window ([`delve_rules::view::overview`]), one glyph per cell in the map's
//! colours (the palette in force), over the map until closed.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::AppSystems;
use super::hud::{ACCENT, overlay, text};
use super::palette::colour;
use crate::game::{ActivePalette, Keyboard, RunModel};
use delve_rules::view::{Hue, Overlay, OverviewCell, Palette, overview};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_overview)
        .add_systems(Update, show_overview.in_set(AppSystems::UpdateHud));
}

/// The overview's font size: small, so that a whole 80×50 level fits tile for tile.
const FONT_SIZE: f32 = 12.0;
/// The width and height of one cell of the overview's font, in logical pixels.
const CELL: Vec2 = Vec2::new(FONT_SIZE * 0.6, FONT_SIZE * 1.2);
/// Room the panel's border, padding and title take, in logical pixels.
const FRAME: Vec2 = Vec2::new(80.0, 120.0);

#[derive(Component)]
struct OverviewPanel;

/// The text the cells are spans of.
#[derive(Component)]
struct OverviewText;

fn spawn_overview(mut commands: Commands) {
    commands.spawn(overlay(
        "overview",
        OverviewPanel,
        children![
            text("The whole level (m or Esc closes)", ACCENT),
            (
                OverviewText,
                Text::new(""),
                TextFont::from_font_size(FONT_SIZE),
                TextLayout::linebreak(bevy::text::LineBreak::NoWrap),
            )
        ],
    ));
}

/// The colour a cell is drawn in: the terminal's colours for the ground, items and the
/// player.
fn cell_colour(cell: OverviewCell, palette: Palette) -> Color {
    let hue = match cell {
        OverviewCell::Unknown => return Color::NONE,
        OverviewCell::Ground(terrain) => Hue::of_terrain(terrain),
        OverviewCell::Item(_) => Hue::Item,
        OverviewCell::MustFind(_) => Hue::MustFind,
        OverviewCell::Player => Hue::Player,
    };
    colour(palette, hue)
}

/// Shows the overview while it is open, made again when the run, the window or the
/// palette changed: a span for each run of cells of one colour.
fn show_overview(
    mut commands: Commands,
    keyboard: Res<Keyboard>,
    run: Option<Res<RunModel>>,
    palette: Res<ActivePalette>,
    window: Single<Ref<Window>, With<PrimaryWindow>>,
    mut panel: Single<&mut Node, With<OverviewPanel>>,
    text: Single<(Entity, &mut Text), With<OverviewText>>,
) {
    let open = keyboard.shows(Overlay::Overview);
    let display = if open { Display::Flex } else { Display::None };
    if panel.display != display {
        panel.display = display;
    }
    let Some(run) = run.filter(|_| open) else {
        return;
    };
    if !(keyboard.is_changed() || run.is_changed() || window.is_changed() || palette.is_changed()) {
        return;
    }
    let fits = ((window.size() * 0.92 - FRAME) / CELL).max(Vec2::ONE);
    let cells = overview(&run, fits.x as usize, fits.y as usize);
    let (entity, _) = text.into_inner();
    let mut spans: Vec<(String, Color)> = Vec::new();
    for y in 0..cells.height() as i32 {
        for x in 0..cells.width() as i32 {
            let cell = cells[delve_levels::grid::Pos::new(x, y)];
            let colour = cell_colour(cell, palette.0);
            match spans.last_mut() {
                Some((run_text, run_colour)) if *run_colour == colour => {
                    run_text.push(cell.glyph())
                }
                _ => spans.push((cell.glyph().to_string(), colour)),
            }
        }
        spans.push(("\n".to_owned(), Color::NONE));
    }
    let mut root = commands.entity(entity);
    root.despawn_related::<Children>();
    root.with_children(|parent| {
        for (span, colour) in spans {
            parent.spawn((
                TextSpan::new(span),
                TextFont::from_font_size(FONT_SIZE),
                TextColor(colour),
            ));
        }
    });
}

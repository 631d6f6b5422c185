//! The window's colours from the palette in force ([`ActivePalette`]): a text, a border
//! or a panel names its [`Hue`] ([`TextHue`], [`BorderHue`], [`BackgroundHue`]) and is
//! coloured again when the palette or its hue changes; the window's clear colour is the
//! palette's background. The map's tints and the overview read the palette where they
//! are drawn.

use bevy::prelude::*;

use super::AppSystems;
use crate::game::ActivePalette;
use delve_rules::view::{Hue, Palette, Rgb};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            paint_texts,
            paint_borders,
            paint_backgrounds,
            paint_the_clear_colour,
        )
            .after(AppSystems::UpdateHud),
    );
}

/// `hue` in `palette`, as Bevy's colour.
pub(super) fn colour(palette: Palette, hue: Hue) -> Color {
    let Rgb(r, g, b) = palette.colour(hue);
    Color::srgb_u8(r, g, b)
}

/// A text in a hue of the palette.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TextHue(pub Hue);

/// A border in a hue of the palette.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct BorderHue(pub Hue);

/// A panel's background in a hue of the palette, this opaque (1: not at all see-through).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub(super) struct BackgroundHue(pub Hue, pub f32);

fn paint_texts(palette: Res<ActivePalette>, mut texts: Query<(Ref<TextHue>, &mut TextColor)>) {
    for (hue, mut text) in &mut texts {
        if palette.is_changed() || hue.is_changed() {
            text.set_if_neq(TextColor(colour(palette.0, hue.0)));
        }
    }
}

fn paint_borders(
    palette: Res<ActivePalette>,
    mut borders: Query<(Ref<BorderHue>, &mut BorderColor)>,
) {
    for (hue, mut border) in &mut borders {
        if palette.is_changed() || hue.is_changed() {
            border.set_if_neq(BorderColor::all(colour(palette.0, hue.0)));
        }
    }
}

fn paint_backgrounds(
    palette: Res<ActivePalette>,
    mut panels: Query<(Ref<BackgroundHue>, &mut BackgroundColor)>,
) {
    for (hue, mut panel) in &mut panels {
        if palette.is_changed() || hue.is_changed() {
            let BackgroundHue(hue, alpha) = *hue;
            panel.set_if_neq(BackgroundColor(colour(palette.0, hue).with_alpha(alpha)));
        }
    }
}

/// Behind the map: the palette's background.
fn paint_the_clear_colour(palette: Res<ActivePalette>, clear: Option<ResMut<ClearColor>>) {
    if let Some(mut clear) = clear.filter(|_| palette.is_changed()) {
        clear.0 = colour(palette.0, Hue::Background);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_rules::view::PaletteName;

    #[test]
    fn texts_borders_and_panels_follow_the_palette() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<ActivePalette>()
            .configure_sets(Update, AppSystems::UpdateHud);
        plugin(&mut app);
        let text = app
            .world_mut()
            .spawn((TextHue(Hue::Accent), TextColor::default()))
            .id();
        let panel = app
            .world_mut()
            .spawn((
                BackgroundHue(Hue::Background, 0.5),
                BackgroundColor::default(),
                BorderHue(Hue::Accent),
                BorderColor::default(),
            ))
            .id();
        app.update();
        let classic = Palette::default();
        let world = app.world();
        assert_eq!(
            world.get::<TextColor>(text).unwrap().0,
            colour(classic, Hue::Accent)
        );
        assert_eq!(
            world.get::<BackgroundColor>(panel).unwrap().0,
            colour(classic, Hue::Background).with_alpha(0.5)
        );
        let high = Palette::of(PaletteName::HighContrast);
        app.insert_resource(ActivePalette(high));
        app.update();
        let world = app.world();
        assert_eq!(
            world.get::<TextColor>(text).unwrap().0,
            colour(high, Hue::Accent)
        );
        assert_eq!(
            *world.get::<BorderColor>(panel).unwrap(),
            BorderColor::all(colour(high, Hue::Accent))
        );
        // A text given another hue takes it at once.
        app.world_mut()
            .entity_mut(text)
            .insert(TextHue(Hue::DimText));
        app.update();
        assert_eq!(
            app.world().get::<TextColor>(text).unwrap().0,
            colour(high, Hue::DimText)
        );
    }
}

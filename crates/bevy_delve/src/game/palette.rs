//! The colour palette in force ([`ActivePalette`]): the one both front ends draw in,
//! following the player's options. A front end reads it and redraws when it changes.

use bevy::prelude::*;

use super::GameSystems;
use super::options::PlayerOptions;
use delve_rules::view::Palette;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ActivePalette>()
        .add_systems(Update, follow_the_options.in_set(GameSystems::Mirror));
}

/// The palette both front ends draw in ([`Palette`]'s colour for each role); classic
/// until the options say otherwise.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Deref)]
pub struct ActivePalette(pub Palette);

/// Puts the options' palette in force when they change (changed only if it differs, so
/// nothing is redrawn for another option).
fn follow_the_options(options: Option<Res<PlayerOptions>>, mut active: ResMut<ActivePalette>) {
    let Some(options) = options.filter(|o| o.is_changed()) else {
        return;
    };
    active.set_if_neq(ActivePalette(Palette::of(options.options.palette)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_rules::view::PaletteName;

    #[test]
    fn the_active_palette_follows_the_options_and_starts_classic() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .configure_sets(Update, GameSystems::Mirror)
            .insert_resource(PlayerOptions::load(None));
        plugin(&mut app);
        app.update();
        assert_eq!(
            app.world().resource::<ActivePalette>().name(),
            PaletteName::Classic
        );
        let mut options = app.world().resource::<PlayerOptions>().options.clone();
        options.palette = PaletteName::HighContrast;
        app.world_mut()
            .resource_mut::<PlayerOptions>()
            .change_to(options);
        app.update();
        assert_eq!(
            app.world().resource::<ActivePalette>().name(),
            PaletteName::HighContrast
        );
    }
}

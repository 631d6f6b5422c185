//! What a link starts: the game's [`RunSettings`] for a [`Link`], made as `delve play`
//! makes them for `--seed`, `--key`, `--daily` and a bare start, with the save slot and
//! the records in the page's storage.

use std::sync::Arc;

use bevy_delve::game::title::{daily_origin, title_for};
use bevy_delve::game::{ResumedRun, RunSettings};
use delve_levels::config::CampaignConfig;
use delve_rules::records::SAVE_SLOT;
use delve_rules::records::daily::{self, Day};
use delve_rules::records::slot::SaveSlot;
use delve_rules::records::storage::Storage;
use delve_rules::run::{Rules, RunOrigin, check_play_size};

use crate::link::Link;

/// The clock and the dice a start reads, taken at the edge (the page) so that a start
/// is a plain function of them.
#[derive(Clone, Debug)]
pub struct Moment {
    /// A fresh master seed for a new run (below 2³², so level keys stay short).
    pub fresh_seed: u64,
    /// Today (UTC): the daily run's day.
    pub today: Day,
    /// Now (UTC), as a run's start is written (`2026-12-05T18:30:05Z`).
    pub now: String,
}

/// The settings the game starts with for `link`, keeping its save slot and its records
/// (history, morgue files) in `storage`. `Err` says why the link cannot be played (a
/// level too large to play), naming the link.
pub fn settings_for(
    link: &Link,
    moment: &Moment,
    storage: Arc<dyn Storage>,
) -> Result<RunSettings, String> {
    let mut settings = RunSettings {
        campaign: CampaignConfig::builtin(),
        start: None,
        resume: None,
        rules: Rules::Monsters,
        save_slot: SaveSlot::new(storage.clone(), SAVE_SLOT),
        // Every run is recorded as on the desktop, a step at a time, into `storage`.
        record: bevy_delve::game::RecordTo::Records,
        offer_to_continue: false,
        records: Some(storage),
        origin: RunOrigin {
            started: Some(moment.now.clone()),
            ..RunOrigin::default()
        },
        title: None,
    };
    match link {
        Link::Title => {
            settings.campaign.seed = moment.fresh_seed;
            settings.title = Some(title_for(&settings));
        }
        Link::Seed(seed) => {
            settings.campaign.seed = *seed;
            settings.origin.seeded = true;
        }
        Link::Key(key) => {
            check_play_size(&key.config).map_err(|e| format!("{}: {e}", link.query()))?;
            settings.start = Some((**key).clone());
            settings.origin.seeded = true;
        }
        Link::Daily => {
            settings.campaign.seed = daily::daily_seed(moment.today);
            settings.origin = daily_origin(moment.today, &settings, Some(moment.now.clone()));
        }
    }
    // A link that starts a run at once, with a run in progress saved in this browser,
    // asks first whether to continue that one: saving the new run would put it away
    // for good (the title screen asks on its own).
    settings.offer_to_continue =
        settings.title.is_none() && ResumedRun::in_progress(&settings.save_slot);
    Ok(settings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use delve_levels::generator::GeneratorKind;
    use delve_levels::key::LevelKey;
    use delve_rules::records::storage::MemoryStorage;
    use delve_rules::view::MenuItem;

    fn memory() -> Arc<dyn Storage> {
        Arc::new(MemoryStorage::new())
    }

    fn moment() -> Moment {
        Moment {
            fresh_seed: 1234,
            today: time::macros::date!(2026 - 12 - 05),
            now: "2026-12-05T18:30:05Z".into(),
        }
    }

    #[test]
    fn a_bare_link_shows_the_title_screen_over_a_fresh_seed() {
        let settings = settings_for(&Link::Title, &moment(), memory()).unwrap();
        assert!(settings.title.is_some());
        assert_eq!(settings.campaign.seed, 1234);
        assert!(!settings.origin.seeded);
    }

    #[test]
    fn every_run_a_link_starts_is_recorded_into_the_pages_storage() {
        let key = LevelKey::new(GeneratorKind::Maze.default_config(), 2, 99);
        for link in [
            Link::Title,
            Link::Seed(42),
            Link::Key(Box::new(key)),
            Link::Daily,
        ] {
            let settings = settings_for(&link, &moment(), memory()).unwrap();
            assert_eq!(settings.record, bevy_delve::game::RecordTo::Records);
            assert!(settings.records.is_some());
        }
    }

    #[test]
    fn a_seed_link_starts_that_seeds_run_at_once() {
        let settings = settings_for(&Link::Seed(42), &moment(), memory()).unwrap();
        assert!(settings.title.is_none());
        assert_eq!(settings.campaign.seed, 42);
        assert!(settings.origin.seeded);
    }

    #[test]
    fn a_key_link_starts_on_that_very_level() {
        let key = LevelKey::new(GeneratorKind::Maze.default_config(), 2, 99);
        let settings =
            settings_for(&Link::Key(Box::new(key.clone())), &moment(), memory()).unwrap();
        assert_eq!(settings.start, Some(key));
        assert!(settings.title.is_none());
    }

    #[test]
    fn the_daily_link_plays_the_days_seed_as_the_desktop_does() {
        let settings = settings_for(&Link::Daily, &moment(), memory()).unwrap();
        let day = moment().today;
        assert_eq!(settings.campaign.seed, daily::daily_seed(day));
        assert_eq!(settings.origin.daily, Some(daily::day_text(day)));
    }

    #[test]
    fn a_key_too_large_to_play_is_refused_naming_the_link() {
        let mut config = GeneratorKind::Cave.default_config();
        config.set_size(Some(4000), Some(4000));
        let key = LevelKey::new(config, 1, 1);
        let refused = settings_for(&Link::Key(Box::new(key)), &moment(), memory()).unwrap_err();
        assert!(refused.starts_with("?key="), "{refused}");
    }

    #[test]
    fn a_bare_link_offers_to_continue_the_run_the_storage_holds() {
        let storage = memory();
        let fresh = settings_for(&Link::Title, &moment(), storage.clone()).unwrap();
        assert!(
            !fresh
                .title
                .as_ref()
                .unwrap()
                .items()
                .contains(&MenuItem::Continue)
        );
        let run =
            delve_rules::run::RunState::start(CampaignConfig::builtin(), None, Rules::Monsters)
                .unwrap()
                .0;
        fresh.save_slot.save(&run.snapshot()).unwrap();
        let later = settings_for(&Link::Title, &moment(), storage.clone()).unwrap();
        assert!(
            later
                .title
                .as_ref()
                .unwrap()
                .items()
                .contains(&MenuItem::Continue)
        );
        assert_eq!(later.save_slot.place(), storage.place("delve.sav"));
    }

    #[test]
    fn a_link_that_starts_at_once_asks_first_when_a_run_is_saved() {
        let storage = memory();
        let key = LevelKey::new(GeneratorKind::Maze.default_config(), 2, 99);
        let links = [Link::Seed(42), Link::Key(Box::new(key)), Link::Daily];
        for link in &links {
            let settings = settings_for(link, &moment(), storage.clone()).unwrap();
            assert!(!settings.offer_to_continue, "{link:?} on empty storage");
        }
        let run =
            delve_rules::run::RunState::start(CampaignConfig::builtin(), None, Rules::Monsters)
                .unwrap()
                .0;
        SaveSlot::new(storage.clone(), SAVE_SLOT)
            .save(&run.snapshot())
            .unwrap();
        for link in &links {
            let settings = settings_for(link, &moment(), storage.clone()).unwrap();
            assert!(settings.offer_to_continue, "{link:?} over a saved run");
        }
        // The title screen asks on its own (its Continue), not at the run's start.
        let title = settings_for(&Link::Title, &moment(), storage).unwrap();
        assert!(!title.offer_to_continue);
    }
}

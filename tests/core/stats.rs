//! Surveys of many levels: the same on one thread as on several, distributions that are
//! the levels' own measures, pockets counted as the raw automaton leaves them, every kind
//! of the list of kinds surveyed side by side.

use delve::measures::{LevelMeasures, Measure};
use delve::stats::kinds::KindSurveys;
use delve::stats::{Distribution, Survey, ThreadsError};
use delve_levels::generator::{CaveConfig, CaveRule, GeneratorConfig, GeneratorKind, PocketRepair};
use delve_levels::key::LevelKey;
use delve_levels::loot::default_loot_table;
use delve_levels::vaults::VaultSet;

fn survey(config: GeneratorConfig, count: u64, threads: usize) -> Survey {
    Survey::run(&LevelKey::new(config, 1, 77), count, threads, &|| {}).unwrap()
}

#[test]
fn a_survey_is_the_same_on_one_thread_and_on_two() {
    for kind in GeneratorKind::ALL {
        let one = survey(kind.default_config(), 60, 1);
        let two = survey(kind.default_config(), 60, 2);
        assert_eq!(one, two, "{kind}");
        assert_eq!(one.table(), two.table(), "{kind}");
        assert_eq!(one.made(), 60);
    }
}

#[test]
fn distributions_hold_each_levels_own_measures() {
    let config = GeneratorKind::Rooms.default_config();
    let s = survey(config.clone(), 25, 2);
    let mut loops = Distribution::default();
    for i in 0..25 {
        let level = LevelKey::new(config.clone(), 1, 77 + i).generate().unwrap();
        loops.add(LevelMeasures::of_level(&level).loops);
    }
    assert_eq!(s.distributions[&Measure::Loops], loops);
    assert!(s.distributions.contains_key(&Measure::RoomShare));
    let cave = survey(GeneratorKind::Cave.default_config(), 5, 1);
    assert!(!cave.distributions.contains_key(&Measure::RoomShare));
}

#[test]
fn quartiles_follow_the_nearest_rank_rule() {
    let mut d = Distribution::default();
    for v in [5, 1, 4, 2, 3, 3, 9, 8] {
        d.add(v);
    }
    // Sorted: 1 2 3 3 4 5 8 9.
    let q = |p| d.quantile(p).unwrap();
    assert_eq!((q(0.0), q(0.25), q(0.5), q(0.75), q(1.0)), (1, 2, 3, 5, 9));
    assert_eq!(d.mean(), Some(35.0 / 8.0));
    assert_eq!(Distribution::default().quantile(0.5), None);
}

#[test]
fn raw_pockets_are_counted_for_both_rules_and_large_ones_apart() {
    for rule in [CaveRule::Synchronous, CaveRule::InPlace] {
        let config = GeneratorConfig::Cave(CaveConfig {
            width: 40,
            height: 21,
            blanking_height: 1,
            pocket_repair: PocketRepair::Off,
            rule,
            ..CaveConfig::default()
        });
        let s = survey(config, 300, 2);
        let (with, without) = s.raw_pockets.unwrap();
        assert!(with.any > 0 && with.large <= with.any, "{rule:?} {with:?}");
        assert!(without.large <= without.any);
        assert_eq!(s.broken, 0, "pockets are allowed with pocket_repair: Off");
    }
    assert!(
        survey(GeneratorKind::Maze.default_config(), 3, 1)
            .raw_pockets
            .is_none()
    );
}

#[test]
fn the_all_kinds_survey_covers_every_kind_of_the_list_in_order() {
    let mut started = Vec::new();
    let kinds = KindSurveys::run(
        |kind| Ok::<_, ThreadsError>(LevelKey::new(kind.default_config(), 1, 5)),
        default_loot_table(),
        VaultSet::embedded(),
        6,
        2,
        &mut |kind| started.push(kind),
        &|| {},
    )
    .unwrap();
    let surveyed: Vec<GeneratorKind> = kinds
        .surveys()
        .iter()
        .map(|s| s.base.config.kind())
        .collect();
    assert_eq!(surveyed, GeneratorKind::ALL);
    assert_eq!(started, GeneratorKind::ALL);
    assert!(kinds.surveys().iter().all(|s| s.made() == 6));
    let table = kinds.table();
    let header = table.lines().find(|l| l.starts_with("median")).unwrap();
    for kind in GeneratorKind::ALL {
        assert!(header.contains(kind.name()), "{kind} missing:\n{table}");
    }
    for measure in [
        Measure::Linearity,
        Measure::Leniency,
        Measure::PathRedundancy,
    ] {
        assert!(
            table.contains(measure.name()),
            "{measure} missing:\n{table}"
        );
    }
}

#[test]
fn the_all_kinds_survey_refuses_a_kind_before_any_level_is_made() {
    let mut started = 0;
    let refused = KindSurveys::run(
        |kind| match kind {
            GeneratorKind::Maze => Err(ThreadsError("no maze".into())),
            _ => Ok(LevelKey::new(kind.default_config(), 1, 5)),
        },
        default_loot_table(),
        VaultSet::embedded(),
        6,
        1,
        &mut |_| started += 1,
        &|| {},
    );
    assert!(refused.is_err());
    assert_eq!(started, 0);
}

//! The one list of generator kinds: every kind in it has keys, a switch key, wording and
//! report counts, all read from the list and the kind's own `KindInfo`.

use delve_levels::generator::{
    Generation, GeneratorConfig, GeneratorKind, generate_layout_in, generate_level,
};
use delve_levels::key::LevelKey;
use delve_levels::rng::{Stream, StreamRng};
use delve_rules::run::{ChangeReason, PlayerAction, arrival_notice};
use delve_rules::view::{Command, NamedKey, command_for_key, help_lines, parse_actions};

#[test]
fn the_kinds_key_numbers_are_their_places_in_the_list_and_are_pinned() {
    // A key writes a kind's place in the list: the order is part of the key format.
    let names: Vec<&str> = GeneratorKind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(
        names[..3],
        ["cave", "rooms", "maze"],
        "append new kinds only"
    );
    assert_eq!(GeneratorKind::ALL.len(), GeneratorKind::COUNT);
    for (place, kind) in GeneratorKind::ALL.into_iter().enumerate() {
        assert_eq!(kind.number(), place as u64);
        assert_eq!(GeneratorKind::from_number(place as u64), Some(kind));
        assert_eq!(GeneratorKind::from_name(kind.name()), Some(kind));
        assert_eq!(kind.default_config().kind(), kind);
    }
    assert_eq!(
        GeneratorKind::from_number(GeneratorKind::COUNT as u64),
        None
    );
}

#[test]
fn every_kind_in_the_list_round_trips_through_a_key_in_every_generation() {
    for kind in GeneratorKind::ALL {
        let mut changed = kind.default_config();
        let (width, height) = changed.size();
        changed.set_size(Some(width + 2), Some(height + 2));
        for config in [kind.default_config(), changed] {
            for generation in Generation::ALL {
                let key = LevelKey {
                    generation,
                    ..LevelKey::new(config.clone(), 3, 1234)
                };
                let decoded = LevelKey::decode(&key.encode()).unwrap();
                assert_eq!(decoded, key, "{kind}");
                assert_eq!(decoded.generate(), key.generate(), "{kind}");
            }
        }
    }
}

#[test]
fn every_kinds_configs_read_their_parameters_from_the_list() {
    for kind in GeneratorKind::ALL {
        let config = kind.default_config();
        let schema = config.schema();
        assert_eq!(schema.key_values().len(), schema.param_names().len());
        assert_eq!(
            kind.config_from_key_values(&schema.key_values()),
            Some(config.clone())
        );
        assert_eq!(config.validate(), Ok(()), "{kind}'s defaults are valid");
        // The RON form names the kind as the list does (as saves and recordings hold it).
        let ron = ron::to_string(&config).unwrap();
        assert!(ron.starts_with(&format!("{kind:?}(")), "{ron}");
    }
}

#[test]
fn every_kind_reports_the_counts_its_info_lists_in_that_order() {
    for kind in GeneratorKind::ALL {
        let listed = kind.info().counts;
        for seed in 0..20 {
            for generation in Generation::ALL {
                let mut rng = StreamRng::new(seed, Stream::Layout);
                let layout = generate_layout_in(generation, &kind.default_config(), &mut rng);
                let counted: Vec<_> = layout.report.counts.iter().map(|&(c, _)| c).collect();
                assert_eq!(counted, listed, "{kind} seed {seed}");
            }
            let level = generate_level(&kind.default_config(), seed).unwrap();
            for &count in listed {
                assert!(level.report.count(count).is_some(), "{kind}: {count}");
            }
        }
    }
}

#[test]
fn the_digit_row_switches_to_the_kinds_in_list_order() {
    let help = help_lines();
    let (_, keys) = help
        .iter()
        .find(|(line, _)| *line == GeneratorKind::switch_help())
        .expect("the help has the switch line");
    let mut digits = String::new();
    for kind in GeneratorKind::ALL {
        let digit = kind
            .switch_digit()
            .expect("the first nine kinds have digits");
        assert_eq!(GeneratorKind::of_switch_digit(digit), Some(kind));
        assert_eq!(
            command_for_key(NamedKey::Digit(digit)),
            Some(Command::Act(PlayerAction::SwitchKind(kind)))
        );
        assert_eq!(
            parse_actions(&digit.to_string()).unwrap(),
            vec![PlayerAction::SwitchKind(kind)]
        );
        assert!(
            GeneratorKind::switch_help()
                .to_lowercase()
                .contains(kind.name()),
            "{kind} missing from {:?}",
            GeneratorKind::switch_help()
        );
        digits.push_str(&format!("{digit} "));
    }
    assert_eq!(*keys, digits.trim_end());
    assert!(GeneratorKind::switch_help().starts_with("Cave / rooms / maze"));
    let past = GeneratorKind::COUNT as u8 + 1;
    if past <= 9 {
        assert_eq!(command_for_key(NamedKey::Digit(past)), None);
    }
}

#[test]
fn what_a_level_is_called_comes_from_its_kinds_info() {
    for kind in GeneratorKind::ALL {
        let info = kind.info();
        let key = LevelKey::new(kind.default_config(), 2, 9);
        let told = arrival_notice(ChangeReason::Descend, &key);
        assert_eq!(
            told,
            format!("You go down to depth 2: {}.", info.with_article())
        );
        assert_eq!(kind.to_string(), info.name);
        assert!(!info.plural.is_empty() && !info.about.is_empty());
    }
    let rooms = GeneratorKind::Rooms.info();
    assert_eq!(
        (rooms.with_article().as_str(), rooms.plural),
        ("a room dungeon", "room dungeons")
    );
}

#[test]
fn a_config_converts_into_its_kinds_generator_config() {
    let maze = delve_levels::generator::MazeConfig::default();
    assert_eq!(
        GeneratorConfig::from(maze.clone()),
        GeneratorConfig::Maze(maze)
    );
}

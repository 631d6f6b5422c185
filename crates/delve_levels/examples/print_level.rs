//! The pure core, no Bevy: make a level of any kind from a seed, print it, and make it
//! again from its printable key — byte for byte.
//!
//! ```sh
//! cargo run --example print_level                 # an accretion dungeon, seed 7
//! cargo run --example print_level -- maze 42      # any kind, any seed
//! ```

use delve_levels::generator::GeneratorKind;
use delve_levels::key::LevelKey;

fn main() {
    let mut args = std::env::args().skip(1);
    let kind_name = args.next().unwrap_or_else(|| "accretion".to_owned());
    let Some(kind) = GeneratorKind::from_name(&kind_name) else {
        let names: Vec<_> = GeneratorKind::ALL.iter().map(|k| k.name()).collect();
        eprintln!(
            "no generator {kind_name:?}; there are: {}",
            names.join(", ")
        );
        std::process::exit(2);
    };
    let seed: u64 = match args.next().map(|s| s.parse()) {
        None => 7,
        Some(Ok(seed)) => seed,
        Some(Err(e)) => {
            eprintln!("the seed must be a whole number: {e}");
            std::process::exit(2);
        }
    };

    // A config with the kind's defaults (80×50 and so on); any field can be changed.
    let mut config = kind.default_config();
    config.set_size(Some(60), Some(30));
    // A level key holds everything that makes the level: config, depth and run seed.
    let key = LevelKey::new(config, 1, seed);
    let level = key.generate().expect("the defaults always make a level");
    print!("{}", level.tiles.to_ascii());
    println!(
        "{} of run seed {seed}: key {}, stairs {} -> {}, {} items",
        kind.info().noun,
        key.encode(),
        level.up,
        level.down,
        level.loot.len()
    );

    // The printed key is enough to make it again, byte for byte.
    let again = LevelKey::decode(&key.encode())
        .expect("delve reads the keys it writes")
        .generate()
        .expect("a key's level can be made again");
    assert_eq!(again, level, "the key gives the same level");
}

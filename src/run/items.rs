//! What the player calls the items they carry: a disguise until two of a kind have been
//! carried (then the true name), and the article a sentence needs.

use crate::loot::{LootTable, appearances};
use crate::rng::{Stream, StreamRng};

/// What the player calls an item kind: its true name once two of it have been carried
/// (or when it has no disguise), otherwise its unidentified appearance for this run.
pub fn item_name(table: &LootTable, run_seed: u64, inventory: &[usize], kind: usize) -> String {
    name_with(table, &disguises(table, run_seed), inventory, kind)
}

/// The names of everything carried, in pick-up order.
pub fn inventory_names(table: &LootTable, run_seed: u64, inventory: &[usize]) -> Vec<String> {
    let disguises = disguises(table, run_seed);
    inventory
        .iter()
        .map(|&k| name_with(table, &disguises, inventory, k))
        .collect()
}

/// The unidentified appearance of every item kind in this run (from the run's loot stream).
fn disguises(table: &LootTable, run_seed: u64) -> Vec<String> {
    appearances(table, &mut StreamRng::new(run_seed, Stream::Loot))
}

fn name_with(table: &LootTable, disguises: &[String], inventory: &[usize], kind: usize) -> String {
    let true_name = table.true_name(kind);
    let carried = inventory.iter().filter(|&&k| k == kind).count();
    match disguises.get(kind) {
        Some(disguise) if *disguise != true_name && carried < 2 => {
            format!("{disguise} (unidentified)")
        }
        _ => true_name,
    }
}

/// An item's name as a sentence uses it: "a dagger", "an opal ring", "some gold pieces"
/// (plural when the noun before any " of " ends in a single `s`).
pub fn with_article(name: &str) -> String {
    let bare = name.split(" (").next().unwrap_or(name);
    let noun = bare.split(" of ").next().unwrap_or(bare);
    let plural = noun.ends_with('s') && !noun.ends_with("ss");
    let article = if plural {
        "some"
    } else {
        match name.chars().next().map(|c| c.to_ascii_lowercase()) {
            Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
            _ => "a",
        }
    };
    format!("{article} {name}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn articles_follow_the_noun() {
        assert_eq!(with_article("dagger"), "a dagger");
        assert_eq!(
            with_article("opal ring (unidentified)"),
            "an opal ring (unidentified)"
        );
        assert_eq!(with_article("gold pieces"), "some gold pieces");
        assert_eq!(with_article("potion of darkness"), "a potion of darkness");
        assert_eq!(with_article("rune of passage"), "a rune of passage");
    }

    #[test]
    fn two_carried_identify_a_kind() {
        let table = crate::loot::default_loot_table();
        let potion = table.index_of("potion of healing").expect("in the table");
        let one = item_name(table, 3, &[potion], potion);
        assert!(one.ends_with("(unidentified)"), "{one}");
        assert_eq!(
            item_name(table, 3, &[potion, potion], potion),
            "potion of healing"
        );
    }
}

//! What the player calls the items they carry: a disguise until one of the kind has
//! been used or identified (then the true name) — carrying two alike tells nothing; the
//! inventory letters; and the article a sentence needs.

use super::RunState;
use delve_levels::loot::{LootTable, appearances};
use delve_levels::rng::{Stream, StreamRng};

/// How a used item leaves the inventory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Spent {
    /// One of the kind is used up.
    One,
    /// It stays (worn, wielded, a wand with charges left).
    Kept,
    /// It could not be used; no turn passes.
    Refused,
}

/// One line of the inventory: its letter, the item kind and how many are carried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lettered {
    /// The letter that names it (`a` then the letter uses it, `d` drops it).
    pub letter: char,
    /// The loot table index.
    pub kind: usize,
    /// How many are carried.
    pub count: usize,
}

impl RunState {
    /// The inventory by letter, in letter order: the letters kept with their kinds, or
    /// (a peaceful run, which keeps none) its stacks lettered in pick-up order.
    pub fn lettered_inventory(&self) -> Vec<Lettered> {
        let stacks = inventory_stacks(&self.inventory);
        if !self.fight.letters.is_empty() || stacks.is_empty() {
            return self
                .fight
                .letters
                .iter()
                .filter_map(|(&letter, &kind)| {
                    let count = stacks.iter().find(|(k, _)| *k == kind)?.1;
                    Some(Lettered {
                        letter,
                        kind,
                        count,
                    })
                })
                .collect();
        }
        stacks
            .into_iter()
            .enumerate()
            .filter_map(|(index, (kind, count))| {
                Some(Lettered {
                    letter: stack_letter(index)?,
                    kind,
                    count,
                })
            })
            .collect()
    }

    /// The kind under inventory letter number `slot` (0 = `a`), if any.
    pub fn kind_under_letter(&self, slot: u8) -> Option<usize> {
        let letter = stack_letter(slot as usize)?;
        self.lettered_inventory()
            .into_iter()
            .find(|l| l.letter == letter)
            .map(|l| l.kind)
    }

    /// Gives `kind` a letter if it has none (where letters stay with kinds): the first
    /// free one.
    pub(super) fn give_letter(&mut self, kind: usize) {
        let letters = &mut self.fight.letters;
        if !self.rules.letters_stay_with_kinds() || letters.values().any(|&k| k == kind) {
            return;
        }
        // Its own letter again when free; else the first letter no kind carried has
        // or had, else the first free one.
        let former = &self.fight.former_letters;
        let own = former
            .get(&kind)
            .copied()
            .filter(|c| !letters.contains_key(c));
        let unclaimed =
            || ('a'..='z').find(|c| !letters.contains_key(c) && !former.values().any(|f| f == c));
        let free = || ('a'..='z').find(|c| !letters.contains_key(c));
        if let Some(letter) = own.or_else(unclaimed).or_else(free) {
            letters.insert(letter, kind);
            self.fight.former_letters.retain(|_, c| *c != letter);
        }
    }

    /// Frees the letter of `kind` once none of it is carried (kept in mind for its
    /// coming back when it `comes_back`: thrown, dropped or stolen, not used up).
    pub(super) fn release_letter_if_gone(&mut self, kind: usize, comes_back: bool) {
        if self.inventory.contains(&kind) {
            return;
        }
        let fight = &mut self.fight;
        let letter = fight
            .letters
            .iter()
            .find_map(|(&c, &k)| (k == kind).then_some(c));
        match letter {
            Some(letter) if comes_back => {
                fight.former_letters.insert(kind, letter);
            }
            _ => {
                fight.former_letters.remove(&kind);
            }
        }
        fight.letters.retain(|_, k| *k != kind);
    }

    /// Letters every carried kind that has none (a save from before letters were kept:
    /// in the order its panel showed them).
    pub(super) fn letter_everything(&mut self) {
        for (kind, _) in inventory_stacks(&self.inventory) {
            self.give_letter(kind);
        }
    }
}

/// What the player knows of the item kinds: the run's disguises and the kinds
/// identified (by use, by reading, by a scroll of identify).
pub struct ItemKnowledge<'a> {
    table: &'a LootTable,
    disguises: Vec<String>,
    identified: &'a [usize],
}

impl<'a> ItemKnowledge<'a> {
    /// The knowledge of a run of `run_seed` that has identified the kinds in
    /// `identified`.
    pub fn new(table: &'a LootTable, run_seed: u64, identified: &'a [usize]) -> ItemKnowledge<'a> {
        ItemKnowledge {
            table,
            disguises: disguises(table, run_seed),
            identified,
        }
    }

    /// Whether the player knows what `kind` is: it has no disguise, or one has been used
    /// or identified (how many are carried tells nothing).
    pub fn knows(&self, kind: usize) -> bool {
        let true_name = self.table.true_name(kind);
        self.disguises.get(kind).is_none_or(|d| *d == true_name) || self.identified.contains(&kind)
    }

    /// What the player calls `kind`: its true name once known, else its disguise marked
    /// "(unidentified)".
    pub fn name(&self, kind: usize) -> String {
        let plain = self.plain_name(kind);
        if self.knows(kind) {
            plain
        } else {
            format!("{plain} (unidentified)")
        }
    }

    /// [`ItemKnowledge::name`] without the "(unidentified)" mark, for sentences that
    /// say more ("You slip on a wooden ring.", "The golden potion is …").
    pub(crate) fn plain_name(&self, kind: usize) -> String {
        match self.disguises.get(kind) {
            Some(disguise) if !self.knows(kind) => disguise.clone(),
            _ => self.table.true_name(kind),
        }
    }
}

/// What the player calls an item kind (see [`ItemKnowledge::name`]).
pub fn item_name(table: &LootTable, run_seed: u64, identified: &[usize], kind: usize) -> String {
    ItemKnowledge::new(table, run_seed, identified).name(kind)
}

/// The names of everything carried, in pick-up order.
pub fn inventory_names(
    table: &LootTable,
    run_seed: u64,
    inventory: &[usize],
    identified: &[usize],
) -> Vec<String> {
    let knowledge = ItemKnowledge::new(table, run_seed, identified);
    inventory.iter().map(|&k| knowledge.name(k)).collect()
}

/// The inventory as lettered stacks: each kind carried with how many, in the order the
/// first of each was picked up. Stack `i` has the letter `'a' + i` (see
/// [`stack_letter`]); `a` then that letter uses one.
pub fn inventory_stacks(inventory: &[usize]) -> Vec<(usize, usize)> {
    let mut stacks: Vec<(usize, usize)> = Vec::new();
    for &kind in inventory {
        match stacks.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, count)) => *count += 1,
            None => stacks.push((kind, 1)),
        }
    }
    stacks
}

/// The letter of inventory stack `index` (`a` to `z`).
pub fn stack_letter(index: usize) -> Option<char> {
    (index < 26).then(|| (b'a' + index as u8) as char)
}

/// The inventory letter's number (`a` = 0 … `z` = 25): the other way from
/// [`stack_letter`].
pub fn stack_of_letter(c: char) -> Option<u8> {
    c.is_ascii_lowercase().then(|| c as u8 - b'a')
}

/// The unidentified appearance of every item kind in this run (from the run's loot stream).
fn disguises(table: &LootTable, run_seed: u64) -> Vec<String> {
    appearances(table, &mut StreamRng::new(run_seed, Stream::Loot))
}

/// An item's name as a sentence uses it: "a dagger", "an opal ring", "some gold pieces"
/// (plural when the noun before any " of " ends in a single `s`), "plate armour" (armour
/// and mail take none).
pub fn with_article(name: &str) -> String {
    let bare = name.split(" (").next().unwrap_or(name);
    let noun = bare.split(" of ").next().unwrap_or(bare);
    if noun.ends_with("armour") || noun.ends_with("mail") {
        return name.to_owned();
    }
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

/// A creature's name with its article: "a jackal", "an ogre" (no plural guessing, as
/// [`with_article`] does for items).
pub fn with_kind_article(name: &str) -> String {
    let vowel = name
        .chars()
        .next()
        .is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {name}", if vowel { "an" } else { "a" })
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
        assert_eq!(with_article("plate armour"), "plate armour");
        assert_eq!(with_article("chain mail (worn)"), "chain mail (worn)");
    }

    #[test]
    fn a_disguised_kind_is_named_only_once_identified() {
        let table = delve_levels::loot::default_loot_table();
        let potion = table.index_of("potion of healing").expect("in the table");
        let unknown = item_name(table, 3, &[], potion);
        assert!(unknown.ends_with("(unidentified)"), "{unknown}");
        assert_eq!(item_name(table, 3, &[potion], potion), "potion of healing");
    }

    #[test]
    fn stacks_keep_the_order_of_the_first_pick_up() {
        assert_eq!(
            inventory_stacks(&[4, 2, 4, 9, 2, 4]),
            [(4, 3), (2, 2), (9, 1)]
        );
        assert_eq!(stack_letter(0), Some('a'));
        assert_eq!(stack_letter(25), Some('z'));
        assert_eq!(stack_letter(26), None);
    }
}

//! What the player calls the items they carry: a disguise until one of the kind has
//! been used or identified (then the true name) — carrying two alike tells nothing; the
//! inventory letters; and the article a sentence needs.

use super::RunState;
use delve_levels::loot::{DisguiseOrder, Item, LootTable, appearances};
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

/// One line of the inventory: its letter, the item (its kind and enchantments) and how
/// many alike are carried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lettered {
    /// The letter that names it (`a` then the letter uses it, `d` drops it).
    pub letter: char,
    /// The loot table index.
    pub kind: usize,
    /// The enchantments read into each of them.
    pub plus: u32,
    /// Which copy it is of several alike that never stack (0 for the first).
    pub copy: u32,
    /// How many are carried.
    pub count: usize,
}

impl Lettered {
    /// One of the stack.
    pub const fn item(&self) -> Item {
        Item {
            kind: self.kind,
            plus: self.plus,
            copy: self.copy,
        }
    }

    fn of(letter: char, item: Item, count: usize) -> Lettered {
        Lettered {
            letter,
            kind: item.kind,
            plus: item.plus,
            copy: item.copy,
            count,
        }
    }
}

/// The most kinds of things the pack holds: one under each letter, `a` to `z`.
pub(super) const PACK_KINDS: usize = 26;

impl RunState {
    /// Where the pack holds only [`PACK_KINDS`] kinds (one under each letter): how many
    /// letters are in use, and how many there are. None where it holds anything.
    pub fn pack_letters(&self) -> Option<(usize, usize)> {
        self.rules.letters_stay_with_kinds().then(|| {
            let stacks = inventory_stacks(&self.inventory).len();
            (stacks.max(self.fight.letters.len()), PACK_KINDS)
        })
    }

    /// The inventory by letter, in letter order: the letters kept with their stacks,
    /// or (a peaceful run, which keeps none) its stacks lettered in pick-up order.
    pub fn lettered_inventory(&self) -> Vec<Lettered> {
        let stacks = inventory_stacks(&self.inventory);
        if !self.fight.letters.is_empty() || stacks.is_empty() {
            return self
                .fight
                .letters
                .iter()
                .filter_map(|(&letter, &item)| {
                    let count = stacks.iter().find(|(i, _)| *i == item)?.1;
                    Some(Lettered::of(letter, item, count))
                })
                .collect();
        }
        stacks
            .into_iter()
            .enumerate()
            .filter_map(|(index, (item, count))| {
                Some(Lettered::of(stack_letter(index)?, item, count))
            })
            .collect()
    }

    /// The kind under inventory letter number `slot` (0 = `a`), if any.
    pub fn kind_under_letter(&self, slot: u8) -> Option<usize> {
        self.item_under_letter(slot).map(|item| item.kind)
    }

    /// The item under inventory letter number `slot` (0 = `a`), if any.
    pub fn item_under_letter(&self, slot: u8) -> Option<Item> {
        let letter = stack_letter(slot as usize)?;
        self.lettered_inventory()
            .into_iter()
            .find(|l| l.letter == letter)
            .map(|l| l.item())
    }

    /// How many items of `kind` are carried, whatever their enchantments.
    pub fn carried_of_kind(&self, kind: usize) -> usize {
        self.inventory.iter().filter(|i| i.kind == kind).count()
    }

    /// How many items alike `item` are carried.
    pub(super) fn carried_alike(&self, item: Item) -> usize {
        self.inventory.iter().filter(|&&i| i == item).count()
    }

    /// `item` as the pack would hold it: a thing that never stacks (worn, wielded, a
    /// wand) as a copy of its own when one alike is carried, so it gets its own entry
    /// and letter; anything else (or under [`WEARABLES_STACK`]'s rules) as it is.
    ///
    /// [`WEARABLES_STACK`]: super::record::WEARABLES_STACK
    pub(super) fn as_carried(&self, item: Item) -> Item {
        let never_stacks = !self.wearables_stack()
            && self
                .campaign
                .loot_table()
                .items()
                .get(item.kind)
                .is_some_and(|k| k.effect.never_stacks());
        if !never_stacks {
            return item;
        }
        (0..)
            .map(|copy| item.as_copy(copy))
            .find(|copy| !self.inventory.contains(copy))
            .unwrap_or(item)
    }

    /// Whether `item` has a letter or could be given one (where letters stay with
    /// stacks: a letter of its own already, or one still free).
    pub(super) fn has_a_letter_for(&self, item: Item) -> bool {
        let letters = &self.fight.letters;
        !self.rules.letters_stay_with_kinds()
            || letters.values().any(|&i| i == item)
            || letters.len() < PACK_KINDS
    }

    /// Gives `item`'s stack a letter if it has none (where letters stay with stacks):
    /// the first free one.
    pub(super) fn give_letter(&mut self, item: Item) {
        let letters = &mut self.fight.letters;
        if !self.rules.letters_stay_with_kinds() || letters.values().any(|&i| i == item) {
            return;
        }
        // Its own letter again when free; else the first letter no stack carried has
        // or had, else the first free one.
        let former = &self.fight.former_letters;
        let own = former
            .get(&item)
            .copied()
            .filter(|c| !letters.contains_key(c));
        let unclaimed =
            || ('a'..='z').find(|c| !letters.contains_key(c) && !former.values().any(|f| f == c));
        let free = || ('a'..='z').find(|c| !letters.contains_key(c));
        if let Some(letter) = own.or_else(unclaimed).or_else(free) {
            letters.insert(letter, item);
            self.fight.former_letters.retain(|_, c| *c != letter);
        }
    }

    /// Frees the letter of `item`'s stack once none of it is carried, kept in mind for
    /// its coming back: thrown, dropped or stolen, and used up too (so `a` never names
    /// another kind while a letter no kind remembers is free: the last potion drunk, the
    /// next one found is under its letter again). A replay of a format that forgot the
    /// letter of a stack used up (`comes_back` false) keeps doing so.
    pub(super) fn release_letter_if_gone(&mut self, item: Item, comes_back: bool) {
        if self.inventory.contains(&item) {
            return;
        }
        let comes_back = comes_back || !self.used_up_letters_are_forgotten();
        let fight = &mut self.fight;
        let letter = fight
            .letters
            .iter()
            .find_map(|(&c, &i)| (i == item).then_some(c));
        match letter {
            Some(letter) if comes_back => {
                fight.former_letters.insert(item, letter);
            }
            _ => {
                fight.former_letters.remove(&item);
            }
        }
        fight.letters.retain(|_, i| *i != item);
        // A pack saved before it was limited may hold stacks past the 26th, unlettered:
        // the letter freed goes to one of them.
        self.letter_everything();
    }

    /// Letters every carried stack that has none (a save from before letters were
    /// kept: in the order its panel showed them).
    pub(super) fn letter_everything(&mut self) {
        for (item, _) in inventory_stacks(&self.inventory) {
            self.give_letter(item);
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
    /// The knowledge of a run of `run_seed` whose disguises are drawn in `order` (its
    /// generation's) that has identified the kinds in `identified`.
    pub fn new(
        table: &'a LootTable,
        run_seed: u64,
        order: DisguiseOrder,
        identified: &'a [usize],
    ) -> ItemKnowledge<'a> {
        ItemKnowledge {
            table,
            disguises: appearances(table, order, &mut StreamRng::new(run_seed, Stream::Loot)),
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

    /// What the player calls `item`: [`ItemKnowledge::name`] of its kind, and its
    /// enchantments when it has any ("war hammer +2"; the player read them in).
    pub fn item_name(&self, item: Item) -> String {
        with_plus(self.name(item.kind), item.plus)
    }

    /// [`ItemKnowledge::item_name`] without the "(unidentified)" mark.
    pub(crate) fn plain_item_name(&self, item: Item) -> String {
        with_plus(self.plain_name(item.kind), item.plus)
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

/// `name` with `plus` enchantments: "war hammer +2" (unchanged for none).
pub fn with_plus(name: String, plus: u32) -> String {
    if plus == 0 {
        return name;
    }
    // The enchantment goes with the name, before a mark such as "(unidentified)".
    match name.split_once(" (") {
        Some((bare, marks)) => format!("{bare} +{plus} ({marks}"),
        None => format!("{name} +{plus}"),
    }
}

/// The inventory as lettered stacks: each item carried (a kind with its enchantments)
/// with how many alike, in the order the first of each was picked up. Stack `i` has the
/// letter `'a' + i` (see [`stack_letter`]); `a` then that letter uses one.
pub fn inventory_stacks(inventory: &[Item]) -> Vec<(Item, usize)> {
    let mut stacks: Vec<(Item, usize)> = Vec::new();
    for &item in inventory {
        match stacks.iter_mut().find(|(i, _)| *i == item) {
            Some((_, count)) => *count += 1,
            None => stacks.push((item, 1)),
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

/// `count` items called `name`, in words: "2 potions of healing", "3 murky potions
/// (unidentified)", "2 war hammers +1", "2 suits of chain mail".
pub fn counted(count: usize, name: &str) -> String {
    if count == 1 {
        return with_article(name);
    }
    // The noun ends where "of", "labelled", an enchantment or a mark begins.
    let end = [" of ", " labelled ", " +", " ("]
        .iter()
        .filter_map(|cut| name.find(cut))
        .min()
        .unwrap_or(name.len());
    let (noun, rest) = name.split_at(end);
    if noun.ends_with("armour") || noun.ends_with("mail") {
        return format!("{count} suits of {name}");
    }
    let ending = if ["s", "x", "ch", "sh"].iter().any(|e| noun.ends_with(e)) {
        "es"
    } else {
        "s"
    };
    format!("{count} {noun}{ending}{rest}")
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
        let name = |identified: &[usize]| {
            ItemKnowledge::new(table, 3, DisguiseOrder::Shuffled, identified).name(potion)
        };
        let unknown = name(&[]);
        assert!(unknown.ends_with("(unidentified)"), "{unknown}");
        assert_eq!(name(&[potion]), "potion of healing");
    }

    #[test]
    fn counted_names_put_the_noun_in_the_plural() {
        use super::counted;
        assert_eq!(counted(2, "potion of healing"), "2 potions of healing");
        assert_eq!(
            counted(3, "murky potion (unidentified)"),
            "3 murky potions (unidentified)"
        );
        assert_eq!(counted(2, "war hammer +1"), "2 war hammers +1");
        assert_eq!(counted(2, "chain mail"), "2 suits of chain mail");
        assert_eq!(
            counted(2, "scroll labelled NR 9 (unidentified)"),
            "2 scrolls labelled NR 9 (unidentified)"
        );
        assert_eq!(counted(1, "dagger"), "a dagger");
    }

    #[test]
    fn stacks_keep_the_order_of_the_first_pick_up() {
        let plain = Item::plain;
        assert_eq!(
            inventory_stacks(&[4, 2, 4, 9, 2, 4].map(plain)),
            [(plain(4), 3), (plain(2), 2), (plain(9), 1)]
        );
        assert_eq!(stack_letter(0), Some('a'));
        assert_eq!(stack_letter(25), Some('z'));
        assert_eq!(stack_letter(26), None);
    }
}

#[cfg(test)]
mod letter_tests {
    use crate::run::record::{RECORDING_FORMAT, USED_UP_LETTERS_ARE_FORGOTTEN};
    use crate::run::{PlayerAction, Rules, RunState};
    use delve_levels::config::CampaignConfig;

    /// The letter a new kind (a dagger) takes after the player drank their only potion
    /// (under `a`), played by the rules of `format`.
    fn new_kind_letter_after_using_up_a_by_format(format: u32) -> char {
        let mut campaign = CampaignConfig::builtin();
        campaign.arrivals = Some(0);
        let (mut run, _) = RunState::start(campaign, None, Rules::Monsters).unwrap();
        let table = run.campaign.loot_table();
        let (potion, dagger) = (
            table.index_of("potion of healing").unwrap(),
            table.index_of("dagger").unwrap(),
        );
        run.stage().clear_monsters().carry(vec![potion]);
        run.rules_of_format = format;
        run.apply(PlayerAction::Use(0));
        run.stage().give(dagger);
        (run.lettered_inventory().into_iter())
            .find(|l| l.kind == dagger)
            .expect("lettered")
            .letter
    }

    #[test]
    fn a_replay_of_format_9_gives_a_used_up_letter_to_the_next_kind_and_today_keeps_it() {
        assert_eq!(
            new_kind_letter_after_using_up_a_by_format(RECORDING_FORMAT),
            'b'
        );
        assert_eq!(
            new_kind_letter_after_using_up_a_by_format(USED_UP_LETTERS_ARE_FORGOTTEN),
            'a'
        );
    }
}

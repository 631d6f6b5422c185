//! The look command (`;`): what the player knows of one tile, in words — the monster
//! there with its hit points and what it is doing, the item, the ground — as both front
//! ends show it under the look cursor. It names what the map draws there ([`super::map`]
//! says what is seen), and what lies under the top of it.

use super::Terrain;
use super::map::{Light, known_at};
use crate::run::messages::capitalised;
use crate::run::{RunState, with_article, with_kind_article};
use delve_levels::grid::Pos;

/// What the player knows of the tile at `pos`, in one line ("A jackal (4/6 HP), hunting
/// you, on floor.").
pub fn describe(run: &RunState, pos: Pos) -> String {
    if !run.level().level.tiles.contains(pos) {
        return "Nothing: that is off the map.".to_owned();
    }
    let Some(known) = known_at(run, pos) else {
        return "You have not seen that place.".to_owned();
    };
    let ground = known.terrain.name();
    let price = (run.level().items.iter())
        .find(|placed| placed.pos == pos)
        .map(|placed| run.price_of(placed))
        .filter(|&price| price > 0);
    let lying = known.item.map(|item| {
        let name = with_article(&run.knowledge().item_name(item));
        match price {
            Some(price) => format!("{name} (for sale: {price} gold)"),
            None => name,
        }
    });
    if known.player {
        return match lying {
            Some(item) => format!("You, over {item}, on {ground}."),
            None => format!("You, on {ground}."),
        };
    }
    let mut parts = Vec::new();
    // What the monster there can do, said after the rest.
    let mut about = String::new();
    if let Some(index) = known.monster {
        let monster = &run.level().monsters[index];
        if let Some(kind) = run.campaign().monster_table().kind(monster.kind) {
            let mut words = format!(
                "{} ({}/{} HP), {}",
                with_kind_article(&kind.name),
                monster.hp,
                kind.hp,
                run.doing(index).word()
            );
            if let Some(item) = monster.carries {
                words.push_str(&format!(
                    ", carrying your {}",
                    run.knowledge().item_name(item)
                ));
            }
            let abilities: Vec<String> = kind.abilities.iter().map(|a| a.look_words()).collect();
            if let Some((last, rest)) = abilities.split_last() {
                let list = if rest.is_empty() {
                    last.clone()
                } else {
                    format!("{} and {last}", rest.join(", "))
                };
                about = format!(" It {list}.");
            }
            parts.push(words);
        }
    }
    if let Some(item) = lying {
        // Under a monster, the item is what it stands over.
        parts.push(if parts.is_empty() {
            item
        } else {
            format!("over {item}")
        });
    }
    let remembered = if known.light == Light::Remembered {
        " (remembered)"
    } else {
        ""
    };
    if parts.is_empty() {
        let mut text = capitalised(ground);
        if known.terrain == Terrain::DownStairs && run.stairs_sealed() {
            text.push_str(", sealed until you find this level's item");
        }
        if known.terrain == Terrain::DeepWater {
            text.push_str(
                ": to swim — walkers cannot follow, half the shots at a swimmer miss, and the current may wash what you carry ashore",
            );
        }
        if known.terrain == Terrain::LockedDoor {
            text.push_str(
                ": a vault's lock, opened by the vault key that lies somewhere on this level",
            );
        }
        if known.terrain == Terrain::Ledge {
            text.push_str(
                ": the lip of a drop — stepped down from its high side, never climbed from below",
            );
        }
        if known.terrain == Terrain::BarredDoor {
            text.push_str(
                ": barred from one side — from the other it opens to a walk, and stays open",
            );
        }
        return format!("{text}{remembered}.");
    }
    format!(
        "{}, on {ground}{remembered}.{about}",
        capitalised(&parts.join(", "))
    )
}

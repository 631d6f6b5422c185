//! The look command (`;`): what the player knows of one tile, in words — the monster
//! there with its hit points and what it is doing, the item, the ground — as both front
//! ends show it under the look cursor. Only what the player sees or remembers is told.

use super::fight::is_afraid;
use super::{RunState, Sight};
use crate::grid::{Pos, Tile};
use crate::monsters::{Behaviour, Mind, default_monster_table};

/// What a monster is doing, as the look command names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doing {
    /// Next to the player, fighting (even one that never chases fights back).
    Fighting,
    /// After the player.
    Hunting,
    /// Running away (a coward below a third of its hit points).
    Fleeing,
    /// Keeping its distance from the player.
    KeepingAway,
    /// Walking about, the player unnoticed (or never chasing).
    Wandering,
}

impl Doing {
    /// Whether it is after the player (hunting or fighting): a threat that keeps travel
    /// and rest from starting and stops them when it comes closer.
    pub fn is_a_threat(self) -> bool {
        matches!(self, Doing::Fighting | Doing::Hunting)
    }

    /// The word for it.
    pub fn word(self) -> &'static str {
        match self {
            Doing::Fighting => "fighting you",
            Doing::Hunting => "hunting you",
            Doing::Fleeing => "fleeing",
            Doing::KeepingAway => "keeping its distance",
            Doing::Wandering => "wandering",
        }
    }
}

impl RunState {
    /// What the monster at index `index` of the level is doing.
    pub fn doing(&self, index: usize) -> Doing {
        let monster = &self.level.monsters[index];
        let Some(kind) = default_monster_table().kind(monster.kind) else {
            return Doing::Wandering;
        };
        let hurt = self.fight.as_ref().is_some_and(|f| f.hp < f.max_hp);
        let next_to = monster.pos.chebyshev(self.player) <= 1;
        match monster.mind {
            _ if is_afraid(monster, kind) => Doing::Fleeing,
            _ if next_to => Doing::Fighting,
            Mind::Hunting(_) if kind.behaviour == Behaviour::Skulks && !hurt => Doing::KeepingAway,
            Mind::Hunting(_) if kind.behaviour != Behaviour::Wanders => Doing::Hunting,
            _ => Doing::Wandering,
        }
    }

    /// What the player knows of the tile at `pos`, in one line ("a jackal (4/6 HP),
    /// hunting you, on floor").
    pub fn describe(&self, pos: Pos) -> String {
        let tiles = &self.level.level.tiles;
        if !tiles.contains(pos) {
            return "Nothing: that is off the map.".to_owned();
        }
        let (tile, sight) = self.shown(tiles.index_of(pos));
        if sight == Sight::Unseen {
            return "You have not seen that place.".to_owned();
        }
        let ground = ground_name(tile);
        if pos == self.player {
            return format!("You, on {ground}.");
        }
        let mut parts = Vec::new();
        if sight == Sight::Visible
            && let Some(index) = self.level.monster_at(pos)
        {
            let monster = &self.level.monsters[index];
            if let Some(kind) = default_monster_table().kind(monster.kind) {
                parts.push(format!(
                    "{} ({}/{} HP), {}",
                    super::items::with_kind_article(&kind.name),
                    monster.hp,
                    kind.hp,
                    self.doing(index).word()
                ));
            }
        }
        if let Some(item) = self.level.items.iter().find(|i| i.pos == pos) {
            let name = self.knowledge().name(item.item);
            parts.push(super::items::with_article(&name));
        }
        let remembered = if sight == Sight::Remembered {
            " (remembered)"
        } else {
            ""
        };
        if parts.is_empty() {
            let ground = ground.to_owned();
            let mut text = ground[..1].to_uppercase() + &ground[1..];
            if tile == Tile::DownStairs && self.stairs_sealed() {
                text.push_str(", sealed until you find this level's item");
            }
            return format!("{text}{remembered}.");
        }
        format!(
            "{}, on {ground}{remembered}.",
            capitalise(&parts.join(", "))
        )
    }
}

/// The ground of a tile, in words.
pub fn ground_name(tile: Tile) -> &'static str {
    match tile {
        Tile::Wall => "a wall",
        Tile::Floor | Tile::Loot => "floor",
        Tile::Door => "a doorway",
        Tile::UpStairs => "the stairs up",
        Tile::DownStairs => "the stairs down",
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

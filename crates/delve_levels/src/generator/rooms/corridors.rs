//! Corridors between the rooms of two grid-adjacent cells: straight at a random offset
//! where the rooms overlap across the direction of travel (the seed's `rand() % (dy+1)`),
//! otherwise a Z whose middle leg runs on the first cell's boundary line. The first
//! corridor tile outside each room is where its door goes (the caller puts the doors,
//! by its generation's rule).
//!
//! Why no corridor cuts through a room or touches another corridor (rooms at least 3
//! tiles a side, each with a margin of one tile or more inside its cell):
//! - a corridor of a left–right pair keeps its rows in the cell row's *safe band* (two
//!   tiles in from the cell edges) and its columns in the gap between the two rooms; its
//!   Z leg runs on the boundary column, which is two tiles from every safe band;
//! - an up–down pair likewise, with rows and columns swapped;
//! - a straight corridor picks its offset in the overlap ∩ safe band (never empty for
//!   rooms of side 3 or more), and a Z leaves each room from its edge nearest the other,
//!   which for such rooms always lies in the safe band.
//!
//! So the pieces of different corridors are always two or more tiles apart, or meet only
//! diagonally, and each corridor touches its own rooms only, at its doors (through a
//! shared wall, at its one door and the floor tile beside it).

use super::Room;
use crate::grid::{Grid, Pos, Tile};
use crate::rng::StreamRng;

/// Which way a corridor runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Axis {
    /// From a room to the room of the cell on its right.
    Horizontal,
    /// From a room to the room of the cell below it.
    Vertical,
}

/// Where a corridor may run, from the cells' geometry.
#[derive(Clone, Copy, Debug)]
pub(super) struct Lanes {
    /// The last column (horizontal) or row (vertical) of the first cell: a Z bends here.
    pub(super) bend: i32,
    /// First line of the safe band across the axis: the cell's first line + 2.
    pub(super) safe_first: i32,
    /// Last line of the safe band: the cell's last line − 2.
    pub(super) safe_last: i32,
}

/// An inclusive range of tile coordinates.
#[derive(Clone, Copy, Debug)]
struct Span {
    first: i32,
    last: i32,
}

/// A room's extent along and across the corridor's axis.
fn spans(room: &Room, axis: Axis) -> (Span, Span) {
    let xs = Span {
        first: room.x,
        last: room.x + room.width - 1,
    };
    let ys = Span {
        first: room.y,
        last: room.y + room.height - 1,
    };
    match axis {
        Axis::Horizontal => (xs, ys),
        Axis::Vertical => (ys, xs),
    }
}

/// Carves the corridor from `from` (the left or upper room) to `to` (the room of the next
/// cell along `axis`) as floor, and returns its door spots: the first corridor tile
/// outside `from`, then the one outside `to` (the same tile for rooms one tile apart).
/// Draws from `rng` only for a straight corridor with more than one possible offset.
pub(super) fn carve_corridor(
    tiles: &mut Grid<Tile>,
    from: &Room,
    to: &Room,
    axis: Axis,
    lanes: Lanes,
    rng: &mut StreamRng,
) -> [Pos; 2] {
    let at = |along: i32, across: i32| match axis {
        Axis::Horizontal => Pos::new(along, across),
        Axis::Vertical => Pos::new(across, along),
    };
    let (from_along, from_across) = spans(from, axis);
    let (to_along, to_across) = spans(to, axis);
    let mut put = |along: i32, across: i32, tile: Tile| {
        let pos = match axis {
            Axis::Horizontal => Pos::new(along, across),
            Axis::Vertical => Pos::new(across, along),
        };
        tiles.set(pos, tile);
    };
    // The first tiles outside each room: the doors.
    let (start, end) = (from_along.last + 1, to_along.first - 1);
    let mut overlap_first = from_across.first.max(to_across.first);
    let mut overlap_last = from_across.last.min(to_across.last);
    let (start_across, end_across) = if overlap_first <= overlap_last {
        // Keep to the safe band when it meets the overlap (always, for validated rooms).
        if overlap_first.max(lanes.safe_first) <= overlap_last.min(lanes.safe_last) {
            overlap_first = overlap_first.max(lanes.safe_first);
            overlap_last = overlap_last.min(lanes.safe_last);
        }
        let spread = overlap_last - overlap_first;
        let shift = if spread == 0 {
            0
        } else {
            rng.below(spread as u32 + 1) as i32
        };
        let across = overlap_first + shift;
        for along in start..=end {
            put(along, across, Tile::Floor);
        }
        (across, across)
    } else {
        // Leave each room from its edge nearest the other, so no leg runs along a room.
        let (a, b) = if from_across.last < to_across.first {
            (from_across.last, to_across.first)
        } else {
            (from_across.first, to_across.last)
        };
        let bend = lanes.bend.clamp(start, end);
        for along in start..=bend {
            put(along, a, Tile::Floor);
        }
        for across in a.min(b)..=a.max(b) {
            put(bend, across, Tile::Floor);
        }
        for along in bend..=end {
            put(along, b, Tile::Floor);
        }
        (a, b)
    };
    [at(start, start_across), at(end, end_across)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Stream;

    fn room(x: i32, y: i32, width: i32, height: i32) -> Room {
        Room {
            x,
            y,
            width,
            height,
            cell_x: 0,
            cell_y: 0,
        }
    }

    fn draw(from: Room, to: Room, axis: Axis, bend: i32) -> String {
        let mut tiles = Grid::new(16, 9, Tile::Wall);
        for r in [from, to] {
            for y in r.y..r.y + r.height {
                for x in r.x..r.x + r.width {
                    tiles.set(Pos::new(x, y), Tile::Floor);
                }
            }
        }
        let lanes = Lanes {
            bend,
            safe_first: 1,
            safe_last: 7,
        };
        let doors = carve_corridor(
            &mut tiles,
            &from,
            &to,
            axis,
            lanes,
            &mut StreamRng::new(1, Stream::Layout),
        );
        for door in doors {
            tiles.set(door, Tile::Door);
        }
        tiles.to_ascii()
    }

    #[test]
    fn rooms_overlapping_across_get_a_straight_corridor_with_two_doors() {
        let text = draw(room(1, 1, 3, 3), room(9, 1, 3, 3), Axis::Horizontal, 6);
        let corridor_line = text.lines().find(|l| l.contains('+')).unwrap();
        assert_eq!(&corridor_line[1..12], "...+...+...");
    }

    #[test]
    fn rooms_two_tiles_apart_get_door_spots_side_by_side() {
        let mut tiles = Grid::new(10, 5, Tile::Wall);
        let doors = carve_corridor(
            &mut tiles,
            &room(1, 1, 3, 3),
            &room(6, 1, 3, 3),
            Axis::Horizontal,
            Lanes {
                bend: 4,
                safe_first: 1,
                safe_last: 3,
            },
            &mut StreamRng::new(1, Stream::Layout),
        );
        assert_eq!(doors[0].offset(1, 0), doors[1]);
    }

    #[test]
    fn rooms_apart_across_get_a_z_bent_on_the_cell_boundary() {
        let text = draw(room(1, 1, 3, 2), room(9, 5, 3, 3), Axis::Horizontal, 6);
        let expected = "\
################
#...############
#...+..#########
######.#########
######.#########
######..+...####
#########...####
#########...####
################
";
        assert_eq!(text, expected);
    }

    #[test]
    fn vertical_z_leaves_from_the_nearest_corner_column() {
        let mut tiles = Grid::new(9, 16, Tile::Wall);
        let (upper, lower) = (room(5, 1, 3, 3), room(1, 9, 2, 3));
        let lanes = Lanes {
            bend: 6,
            safe_first: 1,
            safe_last: 7,
        };
        let doors = carve_corridor(
            &mut tiles,
            &upper,
            &lower,
            Axis::Vertical,
            lanes,
            &mut StreamRng::new(1, Stream::Layout),
        );
        assert_eq!(doors, [Pos::new(5, 4), Pos::new(2, 8)]);
        assert!((2..=5).all(|x| tiles[Pos::new(x, 6)] == Tile::Floor));
    }
}

//! Field of view by symmetric shadowcasting (Albert Ford's formulation): if A sees B then
//! B sees A, walls are lit when seen, and no light leaks through diagonal gaps between
//! walls. Slopes are exact fractions, so the result never depends on float rounding.

use crate::grid::{Grid, Pos, Tile};

/// A slope `num / den` with `den > 0`.
#[derive(Clone, Copy)]
struct Slope {
    num: i64,
    den: i64,
}

struct Row {
    depth: i64,
    start: Slope,
    end: Slope,
}

/// floor(depth * s + 1/2)
fn round_ties_up(depth: i64, s: Slope) -> i64 {
    (2 * depth * s.num + s.den).div_euclid(2 * s.den)
}

/// ceil(depth * s - 1/2)
fn round_ties_down(depth: i64, s: Slope) -> i64 {
    -((-(2 * depth * s.num - s.den)).div_euclid(2 * s.den))
}

/// Marks in `visible` every tile seen from `origin` within `radius` (Euclidean), walls
/// included. `visible` must have one entry per tile of `tiles`; it is not cleared first.
pub fn compute_fov(tiles: &Grid<Tile>, origin: Pos, radius: i32, visible: &mut [bool]) {
    if !tiles.contains(origin) {
        return;
    }
    visible[tiles.index_of(origin)] = true;
    let r = radius as i64;
    let limit = r * r + r;
    let blocks = |p: Pos| tiles.get(p).is_none_or(Tile::blocks_sight);
    // Quadrants: north, east, south, west, as (depth axis, column axis) transforms.
    let transforms: [fn(Pos, i64, i64) -> Pos; 4] = [
        |o, d, c| Pos::new(o.x + c as i32, o.y - d as i32),
        |o, d, c| Pos::new(o.x + d as i32, o.y + c as i32),
        |o, d, c| Pos::new(o.x + c as i32, o.y + d as i32),
        |o, d, c| Pos::new(o.x - d as i32, o.y + c as i32),
    ];
    for transform in transforms {
        let mut stack = vec![Row {
            depth: 1,
            start: Slope { num: -1, den: 1 },
            end: Slope { num: 1, den: 1 },
        }];
        while let Some(mut row) = stack.pop() {
            if row.depth > r {
                continue;
            }
            let min_col = round_ties_up(row.depth, row.start);
            let max_col = round_ties_down(row.depth, row.end);
            let mut prev_wall: Option<bool> = None;
            for col in min_col..=max_col {
                let pos = transform(origin, row.depth, col);
                let wall = blocks(pos);
                let symmetric = col * row.start.den >= row.depth * row.start.num
                    && col * row.end.den <= row.depth * row.end.num;
                if (wall || symmetric)
                    && tiles.contains(pos)
                    && row.depth * row.depth + col * col <= limit
                {
                    visible[tiles.index_of(pos)] = true;
                }
                let slope = Slope {
                    num: 2 * col - 1,
                    den: 2 * row.depth,
                };
                if prev_wall == Some(true) && !wall {
                    row.start = slope;
                }
                if prev_wall == Some(false) && wall {
                    stack.push(Row {
                        depth: row.depth + 1,
                        start: row.start,
                        end: slope,
                    });
                }
                prev_wall = Some(wall);
            }
            if prev_wall == Some(false) {
                stack.push(Row {
                    depth: row.depth + 1,
                    start: row.start,
                    end: row.end,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fov_of(text: &str, origin: Pos, radius: i32) -> (Grid<Tile>, Vec<bool>) {
        let tiles = Grid::parse_ascii(text).unwrap();
        let mut visible = vec![false; tiles.len()];
        compute_fov(&tiles, origin, radius, &mut visible);
        (tiles, visible)
    }

    #[test]
    fn open_room_is_fully_visible() {
        let (tiles, visible) = fov_of(
            "#######\n#.....#\n#.....#\n#.....#\n#######\n",
            Pos::new(3, 2),
            10,
        );
        assert!(visible.iter().all(|&v| v), "{:?}", tiles);
    }

    #[test]
    fn walls_hide_what_is_behind_them() {
        let (tiles, visible) = fov_of(
            "#########\n#...#...#\n#...#...#\n#...#...#\n#########\n",
            Pos::new(2, 2),
            10,
        );
        assert!(
            visible[tiles.index_of(Pos::new(4, 2))],
            "the wall itself is seen"
        );
        assert!(
            !visible[tiles.index_of(Pos::new(6, 2))],
            "the room behind is not"
        );
    }

    #[test]
    fn sight_is_symmetric_in_a_cave() {
        let text =
            "##########\n#..#.....#\n#.....#..#\n##..#....#\n#....##..#\n#..#.....#\n##########\n";
        let tiles = Grid::parse_ascii(text).unwrap();
        let floors: Vec<Pos> = tiles
            .positions()
            .filter(|&p| tiles[p].is_walkable())
            .collect();
        for &a in &floors {
            let mut va = vec![false; tiles.len()];
            compute_fov(&tiles, a, 20, &mut va);
            for &b in &floors {
                let mut vb = vec![false; tiles.len()];
                compute_fov(&tiles, b, 20, &mut vb);
                assert_eq!(va[tiles.index_of(b)], vb[tiles.index_of(a)], "{a} vs {b}");
            }
        }
    }
}

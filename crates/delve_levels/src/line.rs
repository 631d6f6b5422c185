//! Lines of fire: the straight line of tiles a shot, a breath or a thrown thing takes
//! from one tile to another, in integer arithmetic (each step rounds half away from
//! zero, as `f64::round` does), and whether walls or creatures stand in its way. Where
//! a line rounds a half step, the line from A to B and the line from B to A differ by a
//! tile; [`clear_line`] takes either, so whoever can shoot can be shot back.

use crate::grid::{Grid, Pos, Tile};

/// The tiles from `from` to `to` in order, without `from` and with `to`: one tile per
/// step of the longer axis (Chebyshev distance), the shorter axis rounded half away from
/// zero. Empty when `from == to`.
pub fn line(from: Pos, to: Pos) -> impl Iterator<Item = Pos> {
    // Wider than i32: a line between the ends of i32 is a line too (each of its tiles
    // lies between its ends).
    let (dx, dy) = (
        i64::from(to.x) - i64::from(from.x),
        i64::from(to.y) - i64::from(from.y),
    );
    let steps = dx.abs().max(dy.abs());
    let at = move |from: i32, i: i64, d: i64| {
        (i128::from(from) + divide_rounding_away(i128::from(i) * i128::from(d), steps.into()))
            as i32
    };
    (1..=steps).map(move |i| Pos::new(at(from.x, i, dx), at(from.y, i, dy)))
}

/// `a / n` (n > 0) rounded to the nearest integer, halves away from zero.
fn divide_rounding_away(a: i128, n: i128) -> i128 {
    let sign = a.signum();
    sign * ((2 * a.abs() + n) / (2 * n))
}

/// Whether a shot from `from` reaches `to`: no tile strictly between blocks sight (a
/// wall, a closed door, anything off the map) and `open(pos)` holds for each of them
/// (nobody stands there). `to` itself is the target and may be anything.
pub fn line_of_fire(
    tiles: &Grid<Tile>,
    from: Pos,
    to: Pos,
    mut open: impl FnMut(Pos) -> bool,
) -> bool {
    line(from, to)
        .take_while(|&p| p != to)
        .all(|p| tiles.get(p).is_some_and(|t| !t.blocks_sight()) && open(p))
}

/// The line from `to` to `from` walked back: the tiles from `from` to `to` in order,
/// without `from` and with `to`, as [`line`] gives them, but drawn from `to`'s end (the
/// same tiles as [`line`] but where a step rounds a half). Empty when `from == to`.
pub fn line_back(from: Pos, to: Pos) -> Vec<Pos> {
    if from == to {
        return Vec::new();
    }
    let mut back: Vec<Pos> = line(to, from).collect();
    back.pop(); // `from` itself
    back.reverse();
    back.push(to);
    back
}

/// The clear line of fire between `from` and `to`, one rule both ways: [`line`] from
/// `from` when nothing stands strictly between ([`line_of_fire`]), else the line from
/// `to` walked back ([`line_back`]) when nothing stands on that one, else `None`. So
/// `clear_line(a, b)` is found exactly when `clear_line(b, a)` is: a shooter can always
/// be shot back along the line it shot along.
pub fn clear_line(
    tiles: &Grid<Tile>,
    from: Pos,
    to: Pos,
    mut open: impl FnMut(Pos) -> bool,
) -> Option<Vec<Pos>> {
    let mut clear = |path: &[Pos]| {
        (path.iter())
            .take_while(|&&p| p != to)
            .all(|&p| tiles.get(p).is_some_and(|t| !t.blocks_sight()) && open(p))
    };
    let forth: Vec<Pos> = line(from, to).collect();
    if clear(&forth) {
        return Some(forth);
    }
    let back = line_back(from, to);
    clear(&back).then_some(back)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same line in floating point, the plain way: the reference the integer
    /// version is checked against.
    fn reference_line(from: Pos, to: Pos) -> Vec<Pos> {
        let (dx, dy) = ((to.x - from.x) as f64, (to.y - from.y) as f64);
        let steps = dx.abs().max(dy.abs()) as i32;
        (1..=steps)
            .map(|i| {
                let t = f64::from(i) / f64::from(steps);
                Pos::new(
                    from.x + (t * dx).round() as i32,
                    from.y + (t * dy).round() as i32,
                )
            })
            .collect()
    }

    #[test]
    fn a_line_between_the_ends_of_the_numbers_steps_without_overflow() {
        let (low, high) = (Pos::new(i32::MIN, i32::MIN), Pos::new(i32::MAX, i32::MAX));
        let first: Vec<Pos> = line(low, high).take(2).collect();
        assert_eq!(
            first,
            vec![
                Pos::new(i32::MIN + 1, i32::MIN + 1),
                Pos::new(i32::MIN + 2, i32::MIN + 2)
            ]
        );
        let back: Vec<Pos> = line(high, Pos::new(i32::MIN, 0)).take(1).collect();
        assert_eq!(back, vec![Pos::new(i32::MAX - 1, i32::MAX)]);
    }

    #[test]
    fn lines_match_the_floating_point_reference_and_step_one_tile_at_a_time() {
        for x in -13..=13 {
            for y in -13..=13 {
                let from = Pos::new(3, -2);
                let to = Pos::new(3 + x, -2 + y);
                let tiles: Vec<Pos> = line(from, to).collect();
                assert_eq!(tiles, reference_line(from, to), "{from} to {to}");
                let mut previous = from;
                for &p in &tiles {
                    assert_eq!(p.chebyshev(previous), 1, "{from} to {to}: a gap at {p}");
                    previous = p;
                }
                assert_eq!(tiles.last().copied().unwrap_or(from), to);
            }
        }
    }

    /// Forty random maps of 30 × 20 drawn from `seed`, each with its floor tiles: the
    /// random-map tests' ground.
    fn random_maps(seed: u64) -> impl Iterator<Item = (u32, Grid<Tile>, Vec<Pos>)> {
        use crate::grid::random_tiles;
        use crate::rng::{Stream, StreamRng};
        let mut rng = StreamRng::new(seed, Stream::Layout);
        (0..40).map(move |round| {
            let tiles = random_tiles(30, 20, 10 + round % 40, &mut rng);
            let standing = (tiles.positions())
                .filter(|&p| tiles[p] == Tile::Floor)
                .collect();
            (round, tiles, standing)
        })
    }

    /// Where the random-map tests stand a creature in the way.
    fn creature(p: Pos) -> bool {
        (p.x * 7 + p.y * 3) % 11 == 0
    }

    #[test]
    fn line_of_fire_matches_a_plain_walk_of_the_reference_line_on_random_maps() {
        for (round, tiles, standing) in random_maps(7) {
            for pair in standing.chunks(2).take(60) {
                let [from, to] = pair else { continue };
                let plain = reference_line(*from, *to)
                    .into_iter()
                    .filter(|p| p != to)
                    .all(|p| tiles[p] != Tile::Wall && !creature(p));
                assert_eq!(
                    line_of_fire(&tiles, *from, *to, |p| !creature(p)),
                    plain,
                    "round {round}: {from} to {to}"
                );
            }
        }
    }

    #[test]
    fn walls_and_creatures_between_block_the_line_but_the_target_does_not() {
        let tiles = Grid::<Tile>::parse_ascii("#######\n#.....#\n#..#..#\n#######").unwrap();
        let (a, b) = (Pos::new(1, 2), Pos::new(5, 2));
        assert!(!line_of_fire(&tiles, a, b, |_| true), "the wall at (3, 2)");
        assert!(line_of_fire(&tiles, Pos::new(1, 1), Pos::new(5, 1), |_| {
            true
        }));
        assert!(!line_of_fire(&tiles, Pos::new(1, 1), Pos::new(5, 1), |p| p
            != Pos::new(3, 1)));
        assert!(line_of_fire(&tiles, Pos::new(1, 1), Pos::new(5, 1), |p| p
            != Pos::new(5, 1)));
    }

    #[test]
    fn a_line_walked_back_has_the_same_ends_and_differs_only_where_a_step_rounds_a_half() {
        let (from, to) = (Pos::new(0, 0), Pos::new(4, 1));
        assert_eq!(
            line(from, to).collect::<Vec<_>>(),
            [(1, 0), (2, 1), (3, 1), (4, 1)].map(|(x, y)| Pos::new(x, y))
        );
        assert_eq!(
            line_back(from, to),
            [(1, 0), (2, 0), (3, 1), (4, 1)].map(|(x, y)| Pos::new(x, y))
        );
        assert_eq!(
            line_back(from, Pos::new(4, 0)),
            line(from, Pos::new(4, 0)).collect::<Vec<_>>()
        );
        assert!(line_back(from, from).is_empty());
    }

    #[test]
    fn a_clear_line_is_found_both_ways_or_neither_on_random_maps() {
        let mut one_way_only = 0;
        for (round, tiles, standing) in random_maps(11) {
            for (i, &a) in standing.iter().enumerate().step_by(7) {
                for &b in standing.iter().skip(i + 1).step_by(13) {
                    let there = clear_line(&tiles, a, b, |p| !creature(p));
                    let back = clear_line(&tiles, b, a, |p| !creature(p));
                    assert_eq!(
                        there.is_some(),
                        back.is_some(),
                        "round {round}: {a} and {b}"
                    );
                    if line_of_fire(&tiles, a, b, |p| !creature(p))
                        != line_of_fire(&tiles, b, a, |p| !creature(p))
                    {
                        one_way_only += 1;
                    }
                }
            }
        }
        assert!(one_way_only > 0, "the maps hold lines clear one way only");
    }

    #[test]
    fn a_clear_line_takes_the_line_back_when_only_it_is_clear() {
        let tiles = Grid::<Tile>::parse_ascii("#######\n#.....#\n#..#..#\n#######").unwrap();
        // From (1, 1) to (5, 2) the line steps down at (3, 2), the wall; the line from
        // (5, 2) steps up at (3, 1), clear.
        let (a, b) = (Pos::new(1, 1), Pos::new(5, 2));
        assert!(!line_of_fire(&tiles, a, b, |_| true));
        assert!(line_of_fire(&tiles, b, a, |_| true));
        assert_eq!(clear_line(&tiles, a, b, |_| true), Some(line_back(a, b)));
        assert_eq!(
            clear_line(&tiles, b, a, |_| true),
            Some(line(b, a).collect())
        );
        assert_eq!(clear_line(&tiles, a, b, |p| p != Pos::new(4, 2)), None);
    }
}

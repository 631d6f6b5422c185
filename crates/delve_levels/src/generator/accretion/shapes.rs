//! The rooms an accretion dungeon attaches, as stamps of floor cells: rectangles,
//! crosses of two rectangles, circles and small cave blobs (Brogue's room designs, in
//! sizes for an 80×50 level).

use crate::rng::StreamRng;

/// A room's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// 3–10 × 3–7 tiles.
    Rectangle,
    /// A wide bar (5–11 × 2–3) across a tall one (2–3 × 5–9).
    Cross,
    /// Radius 2–5.
    Circle,
    /// A small cave: a 9–14 × 7–10 random fill smoothed by the 4-5 rule, its largest
    /// open region kept.
    Blob,
}

/// A room's floor cells, at coordinates from (0, 0) to its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Stamp {
    width: i32,
    height: i32,
    /// Its floor, row by row.
    floor: Vec<bool>,
}

/// The fewest cells a blob keeps; a smaller one becomes a rectangle instead.
const SMALLEST_BLOB: usize = 12;

impl Stamp {
    /// A `width` × `height` rectangle.
    pub(crate) fn rectangle(width: i32, height: i32) -> Stamp {
        Stamp {
            width,
            height,
            floor: vec![true; (width * height) as usize],
        }
    }

    /// A room of `shape`, its sizes drawn from the layout stream.
    pub fn draw(shape: Shape, rng: &mut StreamRng) -> Stamp {
        match shape {
            Shape::Rectangle => {
                let (w, h) = (rng.range_inclusive(3, 10), rng.range_inclusive(3, 7));
                Stamp::rectangle(w, h)
            }
            Shape::Cross => cross(rng),
            Shape::Circle => circle(rng.range_inclusive(2, 5)),
            Shape::Blob => blob(rng),
        }
    }

    /// Its size in cells (width, height).
    pub fn size(&self) -> (i32, i32) {
        (self.width, self.height)
    }

    /// Its floor cells, row by row.
    pub fn cells(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| (x, y)))
            .filter(|&(x, y)| self.floor[(y * self.width + x) as usize])
    }

    /// The cell a door reaches the room by when the room grows in direction `dir` from
    /// it: the middle one of the cells farthest against `dir` (so that the whole room
    /// lies beyond it).
    pub fn entry(&self, dir: (i32, i32)) -> Option<(i32, i32)> {
        // How far a cell lies along `dir`: the entry has the least.
        let along = |(x, y): (i32, i32)| x * dir.0 + y * dir.1;
        let least = self.cells().map(along).min()?;
        let on_edge = |&c: &(i32, i32)| along(c) == least;
        let edge = self.cells().filter(on_edge).count();
        self.cells().filter(on_edge).nth(edge / 2)
    }
}

fn cross(rng: &mut StreamRng) -> Stamp {
    let (wide_w, wide_h) = (rng.range_inclusive(5, 11), rng.range_inclusive(2, 3));
    let (tall_w, tall_h) = (rng.range_inclusive(2, 3), rng.range_inclusive(5, 9));
    let (width, height) = (wide_w, tall_h);
    // The tall bar anywhere along the wide one; the wide one anywhere up the tall one.
    let tall_x = rng.range_inclusive(0, wide_w - tall_w);
    let wide_y = rng.range_inclusive(0, tall_h - wide_h);
    let floor = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .map(|(x, y)| (y >= wide_y && y < wide_y + wide_h) || (x >= tall_x && x < tall_x + tall_w))
        .collect();
    Stamp {
        width,
        height,
        floor,
    }
}

fn circle(radius: i32) -> Stamp {
    let side = 2 * radius + 1;
    let floor = (0..side)
        .flat_map(|y| (0..side).map(move |x| (x - radius, y - radius)))
        .map(|(dx, dy)| dx * dx + dy * dy <= radius * radius + radius)
        .collect();
    Stamp {
        width: side,
        height: side,
        floor,
    }
}

fn blob(rng: &mut StreamRng) -> Stamp {
    let (width, height) = (rng.range_inclusive(9, 14), rng.range_inclusive(7, 10));
    // The fill (55 % open, row by row) inside a ring of wall, so that every cell has its
    // eight neighbours; 1 is wall.
    let (w, h) = (width as usize + 2, height as usize + 2);
    let mut padded = vec![1u8; w * h];
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            padded[y * w + x] = u8::from(!rng.chance_percent(55));
        }
    }
    let mut next = padded.clone();
    for _ in 0..4 {
        // The 4-5 rule: a cell is wall where five or more of the nine round it are (out
        // of bounds counts as wall).
        for y in 1..h - 1 {
            for x in 1..w - 1 {
                let walls: u8 = [y - 1, y, y + 1]
                    .iter()
                    .map(|&row| {
                        padded[row * w + x - 1] + padded[row * w + x] + padded[row * w + x + 1]
                    })
                    .sum();
                next[y * w + x] = u8::from(walls >= 5);
            }
        }
        std::mem::swap(&mut padded, &mut next);
    }
    let open: Vec<bool> = (0..height as usize)
        .flat_map(|y| (0..width as usize).map(move |x| (y, x)))
        .map(|(y, x)| padded[(y + 1) * w + x + 1] == 0)
        .collect();
    let floor = largest_region(&open, width, height);
    if floor.iter().filter(|&&f| f).count() < SMALLEST_BLOB {
        return Stamp::rectangle(5, 4);
    }
    Stamp {
        width,
        height,
        floor,
    }
}

/// The largest 4-connected region of `open` (the first found of equal ones).
fn largest_region(open: &[bool], width: i32, height: i32) -> Vec<bool> {
    let mut region = vec![usize::MAX; open.len()];
    let mut best = (0, usize::MAX);
    let mut stack = Vec::new();
    for start in 0..open.len() {
        if !open[start] || region[start] != usize::MAX {
            continue;
        }
        region[start] = start;
        stack.push(start);
        let mut size = 0;
        while let Some(i) = stack.pop() {
            size += 1;
            let (x, y) = ((i as i32) % width, (i as i32) / width);
            for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)] {
                if nx < 0 || ny < 0 || nx >= width || ny >= height {
                    continue;
                }
                let n = (ny * width + nx) as usize;
                if open[n] && region[n] == usize::MAX {
                    region[n] = start;
                    stack.push(n);
                }
            }
        }
        if size > best.0 {
            best = (size, start);
        }
    }
    region.iter().map(|&r| r == best.1).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Stream;

    #[test]
    fn every_shape_is_one_piece_within_its_size() {
        let mut rng = StreamRng::new(5, Stream::Layout);
        for shape in [Shape::Rectangle, Shape::Cross, Shape::Circle, Shape::Blob] {
            for _ in 0..200 {
                let stamp = Stamp::draw(shape, &mut rng);
                let (w, h) = stamp.size();
                let cells: Vec<_> = stamp.cells().collect();
                assert!(cells.len() >= 9, "{shape:?}: {} cells", cells.len());
                assert!(
                    cells
                        .iter()
                        .all(|&(x, y)| x >= 0 && y >= 0 && x < w && y < h)
                );
                let kept = largest_region(&stamp.floor, w, h);
                assert_eq!(kept, stamp.floor, "{shape:?} is in pieces");
            }
        }
    }

    #[test]
    fn the_entry_is_a_cell_the_whole_room_lies_beyond() {
        let mut rng = StreamRng::new(9, Stream::Layout);
        for _ in 0..100 {
            let stamp = Stamp::draw(Shape::Blob, &mut rng);
            for dir in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                let (ex, ey) = stamp.entry(dir).unwrap();
                assert!(stamp.cells().any(|c| c == (ex, ey)));
                for (x, y) in stamp.cells() {
                    assert!((x - ex) * dir.0 + (y - ey) * dir.1 >= 0, "{dir:?}");
                }
            }
        }
    }

    /// The blob's automaton, as plainly as it can be written: out of bounds is wall.
    fn plain_blob(rng: &mut StreamRng) -> Stamp {
        let (width, height) = (rng.range_inclusive(9, 14), rng.range_inclusive(7, 10));
        let mut open: Vec<bool> = (0..width * height)
            .map(|_| rng.chance_percent(55))
            .collect();
        for _ in 0..4 {
            let mut next = open.clone();
            for y in 0..height {
                for x in 0..width {
                    let mut walls = 0;
                    for dy in -1..=1 {
                        for dx in -1..=1 {
                            let (nx, ny) = (x + dx, y + dy);
                            let inside = nx >= 0 && ny >= 0 && nx < width && ny < height;
                            if !inside || !open[(ny * width + nx) as usize] {
                                walls += 1;
                            }
                        }
                    }
                    next[(y * width + x) as usize] = walls < 5;
                }
            }
            open = next;
        }
        let floor = largest_region(&open, width, height);
        if floor.iter().filter(|&&f| f).count() < SMALLEST_BLOB {
            Stamp::rectangle(5, 4)
        } else {
            Stamp {
                width,
                height,
                floor,
            }
        }
    }

    #[test]
    fn a_blob_is_the_four_five_rule_on_its_fill() {
        for seed in 0..300 {
            let new = blob(&mut StreamRng::new(seed, Stream::Layout));
            let plain = plain_blob(&mut StreamRng::new(seed, Stream::Layout));
            assert_eq!(new, plain, "seed {seed}");
        }
    }
}

//! Breadth-first search on packed lines, for stair placement: each step grows the whole
//! wave of cells at one distance at once, 64 cells per word, with no queue and no
//! branches.
//!
//! Stairs need no per-tile distance, only how far the farthest clear spot is, which it
//! is (the lowest index on ties), and the largest distance of all; each wave's new
//! cells meet the clear spots in one AND. The map is packed along its shorter side (as
//! columns when it is wider than tall), so that lines take as few words as possible: a
//! default 80×50 cave is 80 one-word columns, and a step costs a dozen word operations
//! per column the wave touches.

use std::ops::Range;

use super::line_bits::{clear_spots, transpose8};
use crate::analysis::distances::{UNREACHABLE, walking_distances};
use crate::analysis::wall_bits::WallBits;
use crate::grid::{Grid, Tile};

/// The open cells and clear spots of a map, packed in lines (rows, or columns when
/// `transposed`) of `words` words, with a closed guard line before the first and after
/// the last, so a wave never needs a bounds test.
pub(super) struct Waves {
    width: usize,
    transposed: bool,
    /// Lines of the map (not counting the guards).
    lines: usize,
    /// Words per line.
    words: usize,
    /// Walkable cells; bits past the end of a line are closed.
    open: Vec<u64>,
    /// Cells whose `(2r+1)²` square is walkable and inside the border ring.
    clear: Vec<u64>,
    /// Word steps a search may take before it gives up: twice the open cells.
    budget: usize,
}

/// What one search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Sweep {
    /// The largest distance reached.
    pub(super) eccentricity: u32,
    /// The farthest clear spot and its distance, the lowest row-major index on ties.
    pub(super) farthest_clear: Option<(u32, usize)>,
}

impl Waves {
    /// The open cells of `walls` (its floor) and their clear spots for radius `r`.
    pub(super) fn new(walls: &WallBits, r: usize) -> Waves {
        let (width, height) = (walls.width(), walls.height());
        let transposed = height < width;
        let (lines, length) = if transposed {
            (width, height)
        } else {
            (height, width)
        };
        let words = length.div_ceil(64);
        let mut open = vec![0u64; (lines + 2) * words];
        if transposed {
            // 8×8 blocks: eight rows' bytes side by side, transposed into eight columns'.
            for top in (0..height).step_by(8) {
                for left in (0..width).step_by(8) {
                    let mut block = 0u64;
                    for row in 0..8.min(height - top) {
                        let wall = walls.row_words(top + row)[left / 64] >> (left % 64);
                        block |= (!wall & 0xff) << (8 * row);
                    }
                    let block = transpose8(block);
                    for column in 0..8.min(width - left) {
                        let cells = (block >> (8 * column)) & 0xff;
                        open[(left + column + 1) * words + top / 64] |= cells << (top % 64);
                    }
                }
            }
        } else {
            for y in 0..height {
                for (out, &wall) in open[(y + 1) * words..].iter_mut().zip(walls.row_words(y)) {
                    *out = !wall;
                }
            }
        }
        // Padding bits are walls in `walls`, and never set in the columns.
        let clear = clear_spots(&open, lines, length, words, r);
        let open_cells: usize = open.iter().map(|w| w.count_ones() as usize).sum();
        Waves {
            budget: 2 * open_cells + 64,
            width,
            transposed,
            lines,
            words,
            open,
            clear,
        }
    }

    /// The word and bit of row-major index `i`.
    fn locate(&self, i: usize) -> (usize, u64) {
        let (x, y) = (i % self.width, i / self.width);
        let (line, along) = if self.transposed { (x, y) } else { (y, x) };
        ((line + 1) * self.words + along / 64, 1 << (along % 64))
    }

    /// Searches from the open cell `source` (a row-major index) of `tiles` (the map
    /// these waves were made from). The source itself counts as a clear spot only if
    /// `source_is_candidate`.
    ///
    /// Waves cost a few word operations per line they touch, whatever the number of
    /// cells in them: on a map whose waves are long and thin (a maze) that is far more
    /// than a queue's cost per cell. So once the waves have taken twice as many word
    /// steps as there are open cells, the search is redone with a queue.
    pub(super) fn search(
        &self,
        tiles: &Grid<Tile>,
        source: usize,
        source_is_candidate: bool,
    ) -> Sweep {
        self.search_by_waves(source, source_is_candidate)
            .unwrap_or_else(|| self.search_by_queue(tiles, source, source_is_candidate))
    }

    /// [`Waves::search`] by a breadth-first search with a queue.
    fn search_by_queue(
        &self,
        tiles: &Grid<Tile>,
        source: usize,
        source_is_candidate: bool,
    ) -> Sweep {
        let distance = walking_distances(tiles, tiles.pos_of(source));
        let mut eccentricity = 0;
        let mut farthest_clear: Option<(u32, usize)> = None;
        for (i, &d) in distance.iter().enumerate() {
            if d == UNREACHABLE {
                continue;
            }
            eccentricity = eccentricity.max(d);
            if farthest_clear.is_none_or(|(best, _)| d > best)
                && (source_is_candidate || i != source)
                && self.is_clear(i)
            {
                farthest_clear = Some((d, i));
            }
        }
        Sweep {
            eccentricity,
            farthest_clear,
        }
    }

    /// Whether row-major index `i` is a clear spot.
    fn is_clear(&self, i: usize) -> bool {
        let (word, mask) = self.locate(i);
        self.clear[word] & mask != 0
    }

    /// [`Waves::search`] by waves; `None` once over the budget.
    fn search_by_waves(&self, source: usize, source_is_candidate: bool) -> Option<Sweep> {
        let (words, len) = (self.words, self.open.len());
        let clear = &self.clear;
        let mut buffers = vec![0u64; 5 * len];
        let (unreached, rest) = buffers.split_at_mut(len);
        let (mut wave, rest) = rest.split_at_mut(len);
        let (mut grown, rest) = rest.split_at_mut(len);
        // Each step writes its wave's clear cells over its lines into `hits`; when there
        // are any, the buffer is kept as `last_hits` (swapped, not copied), with the
        // distance and the lines it covers.
        let (mut hits, mut last_hits) = rest.split_at_mut(len);
        unreached.copy_from_slice(&self.open);
        let (word, mask) = self.locate(source);
        wave[word] = mask;
        unreached[word] &= !mask;
        let line = word / words;
        let (mut hit_distance, mut hit_lines) = (0, line..line);
        if source_is_candidate && clear[word] & mask != 0 {
            last_hits[word] = mask;
            hit_lines = line..line + 1;
        }
        let mut band = (line, line);
        let (mut distance, mut spent) = (0, 0);
        loop {
            let reach = (band.0 - 1).max(1)..(band.1 + 2).min(self.lines + 1);
            spent += reach.len() * words;
            if spent > self.budget {
                return None;
            }
            let (any, met_clear) = if words == 1 {
                grow_single(reach.clone(), wave, grown, unreached, clear, hits)
            } else {
                let step = grow_multi(reach.clone(), words, wave, grown, unreached, clear, hits);
                // The old wave's lines are the only nonzero ones: clear them for reuse.
                wave[band.0 * words..(band.1 + 1) * words].fill(0);
                step
            };
            if any == 0 {
                break;
            }
            distance += 1;
            if met_clear != 0 {
                std::mem::swap(&mut hits, &mut last_hits);
                (hit_distance, hit_lines) = (distance, reach.clone());
            }
            std::mem::swap(&mut wave, &mut grown);
            let is_empty = |line: &usize| {
                wave[line * words..(line + 1) * words]
                    .iter()
                    .all(|&w| w == 0)
            };
            let low = reach
                .clone()
                .find(|line| !is_empty(line))
                .unwrap_or(reach.start);
            let high = reach
                .clone()
                .rev()
                .find(|line| !is_empty(line))
                .unwrap_or(low);
            band = (low, high);
        }
        let farthest_clear = hit_lines
            .flat_map(|line| (0..words).map(move |k| (line, k)))
            .filter(|&(line, k)| last_hits[line * words + k] != 0)
            .map(|(line, k)| self.index(line, k, last_hits[line * words + k].trailing_zeros()))
            .min()
            .map(|spot| (hit_distance, spot));
        Some(Sweep {
            eccentricity: distance,
            farthest_clear,
        })
    }

    /// The row-major index of bit `bit` of word `k` of line `line` (guards counted).
    fn index(&self, line: usize, k: usize, bit: u32) -> usize {
        let along = k * 64 + bit as usize;
        if self.transposed {
            along * self.width + line - 1
        } else {
            (line - 1) * self.width + along
        }
    }
}

/// One step with one-word lines: the next wave over the lines `reach` into `grown`,
/// taken out of `unreached`, its `clear` cells into `hits`, and the old wave's lines
/// zeroed on the way (every one of them lies in `reach`) so that `wave` can take the
/// next step's result. Returns the OR of the new wave and the OR of its clear cells.
/// Branch-free, and the lines are independent of each other but for the three carried
/// in registers.
fn grow_single(
    reach: Range<usize>,
    wave: &mut [u64],
    grown: &mut [u64],
    unreached: &mut [u64],
    clear: &[u64],
    hits: &mut [u64],
) -> (u64, u64) {
    let (mut any, mut met) = (0, 0);
    let lines = reach.len();
    let (mut above, mut here) = (wave[reach.start - 1], wave[reach.start]);
    wave[reach.start - 1] = 0;
    let wave = &mut wave[reach.start..=reach.end];
    for ((((line, grown), unreached), &clear), hits) in (0..lines)
        .zip(&mut grown[reach.clone()])
        .zip(&mut unreached[reach.clone()])
        .zip(&clear[reach.clone()])
        .zip(&mut hits[reach])
    {
        let below = wave[line + 1];
        wave[line] = 0;
        let new = (here | (here << 1) | (here >> 1) | above | below) & *unreached;
        *grown = new;
        *unreached &= !new;
        *hits = new & clear;
        any |= new;
        met |= *hits;
        (above, here) = (here, below);
    }
    wave[lines] = 0;
    (any, met)
}

/// [`grow_single`] for lines of `words` words, carrying bits across words.
fn grow_multi(
    reach: Range<usize>,
    words: usize,
    wave: &[u64],
    grown: &mut [u64],
    unreached: &mut [u64],
    clear: &[u64],
    hits: &mut [u64],
) -> (u64, u64) {
    let (mut any, mut met) = (0, 0);
    for line in reach {
        let start = line * words;
        let (before, here_line, after) = (
            &wave[start - words..start],
            &wave[start..start + words],
            &wave[start + words..start + 2 * words],
        );
        for k in 0..words {
            let here = here_line[k];
            let up = (here << 1) | if k > 0 { here_line[k - 1] >> 63 } else { 0 };
            let down = (here >> 1)
                | if k + 1 < words {
                    here_line[k + 1] << 63
                } else {
                    0
                };
            let new = (here | up | down | before[k] | after[k]) & unreached[start + k];
            grown[start + k] = new;
            unreached[start + k] &= !new;
            hits[start + k] = new & clear[start + k];
            any |= new;
            met |= hits[start + k];
        }
    }
    (any, met)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Pos;
    use crate::grid::random_tiles;
    use crate::rng::{Stream, StreamRng};

    fn is_clear(tiles: &Grid<Tile>, at: Pos, r: i32) -> bool {
        (-r..=r).all(|dy| {
            (-r..=r).all(|dx| {
                tiles.is_walkable(at.offset(dx, dy)) && !tiles.is_border(at.offset(dx, dy))
            })
        })
    }

    const SIZES: [(usize, usize); 9] = [
        (9, 9),
        (40, 30),
        (63, 20),
        (64, 17),
        (65, 12),
        (130, 40),
        (30, 70),
        (12, 65),
        (140, 130),
    ];

    #[test]
    fn clear_spots_match_the_naive_square_check() {
        let mut rng = StreamRng::new(11, Stream::Layout);
        for (width, height) in SIZES {
            for r in 0..=3 {
                for percent in [0, 3, 8] {
                    let tiles = random_tiles(width, height, percent, &mut rng);
                    let waves = Waves::new(&WallBits::from_tiles(&tiles), r);
                    for i in 0..tiles.len() {
                        let (word, mask) = waves.locate(i);
                        let bit = u64::from(waves.clear[word] & mask != 0);
                        let at = tiles.pos_of(i);
                        assert_eq!(
                            bit == 1,
                            is_clear(&tiles, at, r as i32),
                            "{width}x{height} r {r} at {at}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn sweeps_match_a_queue_search() {
        let mut rng = StreamRng::new(12, Stream::Layout);
        // Searches answered by waves, and by the queue once the waves ran over budget.
        let mut paths = (0, 0);
        for (width, height) in SIZES.into_iter().chain([(3, 3), (5, 4), (4, 7)]) {
            for r in 0..=2 {
                for percent in [5, 25, 40, 60] {
                    let tiles = random_tiles(width, height, percent, &mut rng);
                    let waves = Waves::new(&WallBits::from_tiles(&tiles), r);
                    let open: Vec<usize> = (0..tiles.len())
                        .filter(|&i| tiles.cells()[i].is_walkable())
                        .collect();
                    if open.is_empty() {
                        continue;
                    }
                    let sources = [
                        open[0],
                        open[rng.below(open.len() as u32) as usize],
                        open[open.len() - 1],
                    ];
                    for (source, except) in
                        sources.into_iter().flat_map(|s| [(s, None), (s, Some(s))])
                    {
                        let distance = walking_distances(&tiles, tiles.pos_of(source));
                        let eccentricity =
                            distance.iter().copied().filter(|&d| d != UNREACHABLE).max();
                        let mut farthest: Option<(u32, usize)> = None;
                        for (i, &d) in distance.iter().enumerate() {
                            let clear =
                                is_clear(&tiles, tiles.pos_of(i), r as i32) && Some(i) != except;
                            if d != UNREACHABLE
                                && clear
                                && farthest.is_none_or(|(best, _)| d > best)
                            {
                                farthest = Some((d, i));
                            }
                        }
                        let sweep = waves.search(&tiles, source, except.is_none());
                        assert_eq!(
                            sweep,
                            waves.search_by_queue(&tiles, source, except.is_none())
                        );
                        match waves.search_by_waves(source, except.is_none()) {
                            Some(by_waves) => {
                                assert_eq!(by_waves, sweep);
                                paths.0 += 1;
                            }
                            None => paths.1 += 1,
                        }
                        assert_eq!(Some(sweep.eccentricity), eccentricity, "{width}x{height}");
                        assert_eq!(sweep.farthest_clear, farthest, "{width}x{height} r {r}");
                    }
                }
            }
        }
        assert!(paths.0 > 100 && paths.1 > 10, "waves / queue: {paths:?}");
    }

    #[test]
    fn the_source_itself_can_be_the_farthest_clear_spot() {
        for (width, height) in [(20, 10), (10, 20), (140, 130), (130, 140)] {
            // A 5×5 room at (70 mod width, 66 mod height)-ish and a corridor from it.
            let mut tiles = Grid::new(width, height, Tile::Wall);
            let (cx, cy) = ((width / 2) as i32, (height / 2) as i32);
            for dy in -2..=2 {
                for dx in -2..=2 {
                    tiles.set(Pos::new(cx + dx, cy + dy), Tile::Floor);
                }
            }
            for x in 1..cx {
                tiles.set(Pos::new(x, cy), Tile::Floor);
            }
            let source = tiles.index_of(Pos::new(cx, cy));
            let waves = Waves::new(&WallBits::from_tiles(&tiles), 2);
            let sweep = waves.search(&tiles, source, true);
            assert_eq!(sweep.farthest_clear, Some((0, source)), "{width}x{height}");
            assert_eq!(
                sweep.eccentricity,
                (cx - 1).max(4) as u32,
                "{width}x{height}"
            );
            assert_eq!(waves.search(&tiles, source, false).farthest_clear, None);
            assert_eq!(waves.search_by_queue(&tiles, source, true), sweep);
        }
    }
}

//! Bit tricks on maps packed in lines (rows or columns) of 64-cell words, for stair
//! placement: transposing 8×8 blocks (to pack columns) and finding clear spots by
//! erosion.

/// Transposes an 8×8 block of bits: bit `8·r + c` goes to bit `8·c + r` (Hacker's
/// Delight, 7-3: swap the off-diagonal 1×1, then 2×2, then 4×4 sub-blocks).
pub(super) fn transpose8(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00aa_00aa_00aa_00aa;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_cccc_0000_cccc;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_f0f0_f0f0;
    x ^ t ^ (t << 28)
}

/// The clear spots of `open` (`lines` lines of `length` cells in `words` words, after
/// one guard line): cells whose `(2r+1)²` square is all open and inside the border
/// ring. The open cells off the ring are eroded by `r` along each line, then by `r`
/// across the lines. Both directions are alike, so lines may be rows or columns.
pub(super) fn clear_spots(
    open: &[u64],
    lines: usize,
    length: usize,
    words: usize,
    r: usize,
) -> Vec<u64> {
    // Open cells off the border ring: lines 1..lines - 1 (2..lines counting the guard),
    // cells 1..length - 1 along each.
    let mut eroded = vec![0u64; open.len()];
    for line in 2..lines {
        for k in 0..words {
            let first = k * 64;
            let mut mask = !0u64;
            if first == 0 {
                mask &= !1;
            }
            let last = length - 1;
            if last < first + 64 {
                mask &= (1u64 << (last - first)).wrapping_sub(1);
            }
            eroded[line * words + k] = open[line * words + k] & mask;
        }
    }
    // Eroding by one cell `r` times erodes by `r`.
    if words == 1 {
        for line in eroded.iter_mut() {
            for _ in 0..r {
                *line &= (*line >> 1) & (*line << 1);
            }
        }
    }
    let mut previous = vec![0u64; words];
    for line in eroded.chunks_exact_mut(words).filter(|_| words > 1) {
        for _ in 0..r {
            previous.copy_from_slice(line);
            for (k, out) in line.iter_mut().enumerate() {
                let here = previous[k];
                let next = (here >> 1) | previous.get(k + 1).map_or(0, |&next| next << 63);
                let before = (here << 1) | if k > 0 { previous[k - 1] >> 63 } else { 0 };
                *out = here & next & before;
            }
        }
    }
    let mut clear = vec![0u64; open.len()];
    for line in r..(lines + 2).saturating_sub(r) {
        for k in 0..words {
            clear[line * words + k] =
                (line - r..=line + r).fold(!0, |all, other| all & eroded[other * words + k]);
        }
    }
    clear
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{Stream, StreamRng};

    #[test]
    fn transpose8_swaps_rows_and_columns() {
        let mut rng = StreamRng::new(13, Stream::Layout);
        for _ in 0..100 {
            let x = rng.next_u64();
            let t = transpose8(x);
            for r in 0..8 {
                for c in 0..8 {
                    assert_eq!((x >> (8 * r + c)) & 1, (t >> (8 * c + r)) & 1);
                }
            }
        }
    }
}

//! Deterministic randomness: one master seed → a seed per depth → one PCG stream per purpose.
//!
//! Every random decision in generation goes through [`StreamRng`], whose helpers are
//! written here (not borrowed from `rand`'s distributions) so the numbers they produce
//! are pinned by this crate alone and golden level hashes never move under an update.

use rand::Rng;
use rand_pcg::Pcg64;

/// What a random stream is used for. Each purpose gets its own PCG stream, so drawing
/// more loot never shifts a wall and cosmetic choices never shift loot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stream {
    /// Walls, floors, rooms, corridors and stairs.
    Layout,
    /// Which items a level gets, where they lie and how they look unidentified.
    Loot,
    /// Anything purely visual.
    Cosmetic,
    /// Which monsters a level starts with and where they stand.
    Monsters,
    /// Hits and damage in fights (one stream per run, drawn in turn order).
    Combat,
    /// The terrain laid over a finished layout: lakes, bridges, doors, traps.
    Features,
    /// The vaults laid into a level: which, how rolled and turned, where.
    Vaults,
}

impl Stream {
    fn id(self) -> u128 {
        match self {
            Stream::Layout => 0x4c41_594f_5554,
            Stream::Loot => 0x4c4f_4f54,
            Stream::Cosmetic => 0x434f_534d_4554_4943,
            Stream::Monsters => 0x4d4f_4e53_5445_5253,
            Stream::Combat => 0x434f_4d42_4154,
            Stream::Features => 0x4645_4154_5552_4553,
            Stream::Vaults => 0x5641_554c_5453,
        }
    }
}

/// SplitMix64's finaliser: a bijective mix of 64 bits, used to derive seeds.
pub const fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The deepest depth a run can reach, and so the deepest a level key, a campaign's
/// depths or a vault's depth range can name.
pub const MAX_DEPTH: u32 = 999;

/// The seed of the level at `depth` (1 = first) in a run started from `master`.
pub const fn level_seed(master: u64, depth: u32) -> u64 {
    mix64(master ^ mix64(depth as u64 ^ 0x6465_6c76_6500_0000))
}

/// The `attempt`-th retry seed derived from a level's own seed (attempt 0 is the seed itself).
pub const fn retry_seed(seed: u64, attempt: u32) -> u64 {
    if attempt == 0 {
        seed
    } else {
        mix64(seed ^ mix64(attempt as u64 ^ 0x7265_7472_7900_0000))
    }
}

/// A seeded PCG stream with the few sampling helpers generation needs.
#[derive(Clone, Debug)]
pub struct StreamRng {
    pcg: Pcg64,
}

impl StreamRng {
    /// The `stream` of the level whose seed is `seed`.
    pub fn new(seed: u64, stream: Stream) -> Self {
        let state = ((mix64(seed) as u128) << 64) | seed as u128;
        StreamRng {
            pcg: Pcg64::new(state, stream.id()),
        }
    }

    /// 32 uniformly random bits.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        self.pcg.next_u32()
    }

    /// 64 uniformly random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.pcg.next_u64()
    }

    /// A uniform integer in `0..n` (Lemire's unbiased multiply-and-reject). `n` must be > 0.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0, "below(0) has no values");
        let mut m = self.next_u32() as u64 * n as u64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = self.next_u32() as u64 * n as u64;
            }
        }
        (m >> 32) as u32
    }

    /// A uniform integer in `lo..=hi` (`lo <= hi`).
    #[inline]
    pub fn range_inclusive(&mut self, lo: i32, hi: i32) -> i32 {
        debug_assert!(lo <= hi);
        let span = (hi as i64 - lo as i64 + 1) as u64;
        if span > u32::MAX as u64 {
            return (lo as i64 + (self.next_u64() % span) as i64) as i32;
        }
        (lo as i64 + self.below(span as u32) as i64) as i32
    }

    /// True with probability `percent`/100 (`percent` in 0..=100).
    #[inline]
    pub fn chance_percent(&mut self, percent: u32) -> bool {
        self.below(100) < percent
    }

    /// True with probability `permille`/1000 (`permille` in 0..=1000).
    #[inline]
    pub fn chance_permille(&mut self, permille: u32) -> bool {
        self.below(1000) < permille
    }

    /// The index of one of `weights`, drawn by weight: one draw of `below(total)`, and
    /// the first weight whose running sum passes it. `None`, and no draw, when the
    /// weights sum to 0.
    pub(crate) fn pick_weighted(
        &mut self,
        weights: impl Iterator<Item = u32> + Clone,
    ) -> Option<usize> {
        let total: u32 = weights.clone().sum();
        if total == 0 {
            return None;
        }
        let mut ticket = self.below(total);
        weights.enumerate().find_map(|(index, weight)| {
            let here = ticket < weight;
            ticket = ticket.saturating_sub(weight);
            here.then_some(index)
        })
    }

    /// Shuffles a slice in place into one of its orders, each as likely as any other
    /// (Fisher–Yates, from the back), drawing with [`StreamRng::below`] so that a seed's
    /// order stays the same whatever version of `rand` delve is built with.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_weighted_pick_follows_the_weights_and_draws_nothing_from_no_weight() {
        let mut rng = StreamRng::new(7, Stream::Loot);
        let mut untouched = rng.clone();
        assert_eq!(rng.pick_weighted([0, 0].into_iter()), None);
        assert_eq!(rng.next_u64(), untouched.next_u64(), "no draw was taken");
        let weights = [1u32, 0, 3];
        let mut counts = [0u32; 3];
        for _ in 0..4000 {
            counts[rng.pick_weighted(weights.iter().copied()).unwrap()] += 1;
        }
        assert_eq!(counts[1], 0, "a weight of 0 is never picked");
        assert!((2700..=3300).contains(&counts[2]), "{counts:?}");
    }

    #[test]
    fn streams_of_one_seed_differ() {
        let mut a = StreamRng::new(7, Stream::Layout);
        let mut b = StreamRng::new(7, Stream::Loot);
        assert_ne!(a.next_u64(), b.next_u64());
    }

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = StreamRng::new(1, Stream::Layout);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = rng.below(7);
            seen[v as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn level_seeds_differ_by_depth() {
        assert_ne!(level_seed(1, 1), level_seed(1, 2));
        assert_ne!(level_seed(1, 1), level_seed(2, 1));
    }
}

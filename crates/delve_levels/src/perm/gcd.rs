//! Greatest common divisors three ways (modulus, subtraction, Stein) for `u32` and `u64`,
//! co-primeness, and finding every co-prime of a number in a range — by a gcd per number
//! as the seed does, and by a sieve over the number's prime factors.
//!
//! All three gcd methods agree on every input: `gcd(0, 0) = 0`, `gcd(a, 0) = a`.

use std::fmt;
use std::ops::Range;

/// Defines the modulus, subtraction and Stein methods for one unsigned width, so `u32`
/// and `u64` share one body each.
macro_rules! gcd_methods {
    ($ty:ty, $modulus:ident, $subtraction:ident, $stein:ident) => {
        /// Greatest common divisor by repeated remainder (the seed's "modulus" method):
        /// the larger value is replaced by its remainder modulo the smaller.
        #[inline]
        pub fn $modulus(mut a: $ty, mut b: $ty) -> $ty {
            while a != 0 && b != 0 {
                if a > b { a %= b } else { b %= a }
            }
            a.max(b)
        }

        /// Greatest common divisor by repeated subtraction (the seed's "Euclid" method):
        /// the larger value is reduced by the smaller.
        ///
        /// Changed from the seed: plain subtraction needs `max / min` steps, so
        /// `(MAX, 1)` would never finish. When the larger value is at least
        /// 2^[`SUBTRACTION_RATIO_SHIFT`] (64) times the smaller, one remainder step replaces
        /// that run of subtractions (it subtracts the smaller value as often as fits, so
        /// the result is the same). The test is a shift, so ordinary turns still divide
        /// nothing. Every call is therefore bounded and still exact.
        #[inline]
        pub fn $subtraction(mut a: $ty, mut b: $ty) -> $ty {
            while a != 0 && b != 0 {
                if a > b {
                    if a >> SUBTRACTION_RATIO_SHIFT > b {
                        a %= b
                    } else {
                        a -= b
                    }
                } else if b >> SUBTRACTION_RATIO_SHIFT > a {
                    b %= a
                } else {
                    b -= a
                }
            }
            a.max(b)
        }

        /// Greatest common divisor by Stein's binary method, iteratively: the shared
        /// factors of two are counted with `trailing_zeros`, then the smaller odd value
        /// is subtracted from the larger and the difference's factors of two stripped,
        /// until the difference is zero. No recursion: each turn at least halves the product
        /// of the two values, so there are at most twice as many turns as bits.
        #[inline]
        pub fn $stein(mut a: $ty, mut b: $ty) -> $ty {
            if a == 0 {
                return b;
            }
            if b == 0 {
                return a;
            }
            let shared_twos = (a | b).trailing_zeros();
            a >>= a.trailing_zeros();
            loop {
                b >>= b.trailing_zeros();
                if a > b {
                    std::mem::swap(&mut a, &mut b);
                }
                b -= a;
                if b == 0 {
                    return a << shared_twos;
                }
            }
        }
    };
}

/// The subtraction method takes a remainder step instead of subtracting once the larger
/// value shifted right by this many bits still exceeds the smaller (a ratio of about 64).
pub(crate) const SUBTRACTION_RATIO_SHIFT: u32 = 6;

gcd_methods!(u32, gcd_modulus_u32, gcd_subtraction_u32, gcd_stein_u32);
gcd_methods!(u64, gcd_modulus_u64, gcd_subtraction_u64, gcd_stein_u64);

/// The seed text's two slower methods exactly as it writes them (`FindGCDEuclid`,
/// `FindGCDStein`), for repeating its benchmark beside delve's versions: pure
/// subtraction (`max / min` turns, so keep the inputs small: `(u32::MAX, 1)` takes four
/// billion) and Stein's method by recursion.
pub mod as_written {
    /// `FindGCDEuclid`: the larger value is reduced by the smaller until one is 0.
    pub fn gcd_subtraction(mut value1: u32, mut value2: u32) -> u32 {
        while value1 != 0 && value2 != 0 {
            if value1 > value2 {
                value1 -= value2;
            } else {
                value2 -= value1;
            }
        }
        value1.max(value2)
    }

    /// `FindGCDStein`: one recursive call per halving or subtraction.
    pub fn gcd_stein(value1: u32, value2: u32) -> u32 {
        if value1 == 0 {
            return value2;
        }
        if value2 == 0 {
            return value1;
        }
        if value1 == value2 {
            return value1;
        }
        let value1_is_even = value1 & 1 == 0;
        let value2_is_even = value2 & 1 == 0;
        if value1_is_even && value2_is_even {
            gcd_stein(value1 >> 1, value2 >> 1) << 1
        } else if value1_is_even && !value2_is_even {
            gcd_stein(value1 >> 1, value2)
        } else if value2_is_even {
            gcd_stein(value1, value2 >> 1)
        } else if value1 > value2 {
            gcd_stein((value1 - value2) >> 1, value2)
        } else {
            gcd_stein(value1, (value2 - value1) >> 1)
        }
    }
}

/// Whether `a` and `b` are co-prime (relatively prime): their greatest common divisor is 1.
/// `0` is co-prime only to `1`.
#[inline]
pub fn is_coprime(a: u64, b: u64) -> bool {
    gcd_modulus_u64(a, b) == 1
}

/// Why a co-prime search was refused (the seed returned `null` for these).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoprimeError {
    /// The number whose co-primes were asked for is zero.
    ZeroNumber,
    /// The range starts below 2 (the seed only lists candidates from 2 up).
    StartBelowTwo {
        /// The range asked for.
        range: Range<u32>,
    },
    /// The range holds no candidates.
    EmptyRange {
        /// The range asked for.
        range: Range<u32>,
    },
}

impl fmt::Display for CoprimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoprimeError::ZeroNumber => write!(
                f,
                "co-primes of 0 were asked for; the number must be at least 1"
            ),
            CoprimeError::StartBelowTwo { range } => {
                write!(
                    f,
                    "co-prime range {range:?} starts below 2; candidates start at 2"
                )
            }
            CoprimeError::EmptyRange { range } => {
                write!(
                    f,
                    "co-prime range {range:?} is empty; its end must be above its start"
                )
            }
        }
    }
}

impl std::error::Error for CoprimeError {}

/// Checks a co-prime search the way the seed's `FindCoprimes` does.
fn check_search(number: u32, range: &Range<u32>) -> Result<(), CoprimeError> {
    if number == 0 {
        Err(CoprimeError::ZeroNumber)
    } else if range.start < 2 {
        Err(CoprimeError::StartBelowTwo {
            range: range.clone(),
        })
    } else if range.end <= range.start {
        Err(CoprimeError::EmptyRange {
            range: range.clone(),
        })
    } else {
        Ok(())
    }
}

/// Every value in `range` co-prime to `number`, ascending — the seed's `FindCoprimes`,
/// testing each candidate with the modulus gcd. Errors where the seed returned `null`:
/// `number` is 0, `range` starts below 2, or `range` is empty.
pub fn coprimes(number: u32, range: Range<u32>) -> Result<Vec<u32>, CoprimeError> {
    coprimes_by(number, range, gcd_modulus_u32)
}

/// Like [`coprimes`] with the gcd method given, as in the seed's benchmark.
pub fn coprimes_by(
    number: u32,
    range: Range<u32>,
    gcd: fn(u32, u32) -> u32,
) -> Result<Vec<u32>, CoprimeError> {
    check_search(number, &range)?;
    Ok(range
        .filter(|&candidate| gcd(candidate, number) == 1)
        .collect())
}

/// The distinct prime factors of `n`, ascending, by trial division (`n = 0` and `n = 1`
/// have none). A `u32` has at most nine.
pub fn distinct_prime_factors(mut n: u32) -> Vec<u32> {
    let mut primes = Vec::new();
    if n == 0 {
        return primes;
    }
    let mut divisor = 2u32;
    while (divisor as u64) * (divisor as u64) <= n as u64 {
        if n.is_multiple_of(divisor) {
            primes.push(divisor);
            while n.is_multiple_of(divisor) {
                n /= divisor;
            }
        }
        divisor += if divisor == 2 { 1 } else { 2 };
    }
    if n > 1 {
        primes.push(n);
    }
    primes
}

/// The residues `r` in `0..n` co-prime to `n`, ascending (for `n = 1` that is `[0]`,
/// since `gcd(0, 1) = 1`; for `n = 0`, nothing). Sieved from the prime factors of `n`.
pub fn coprime_residues(n: u32) -> Vec<u32> {
    if n == 0 {
        return Vec::new();
    }
    let mut is_unit = vec![true; n as usize];
    for p in distinct_prime_factors(n) {
        is_unit
            .iter_mut()
            .step_by(p as usize)
            .for_each(|u| *u = false);
    }
    if n == 1 {
        is_unit[0] = true;
    }
    (0..n).filter(|&r| is_unit[r as usize]).collect()
}

/// The radical (product of distinct primes) above which [`coprimes_fast`] sieves the range
/// in segments instead of repeating one period of co-prime residues.
const WHEEL_LIMIT: u64 = 1 << 16;

/// Segment length, in candidates, of the sieve in [`coprimes_fast`].
const SEGMENT: usize = 1 << 15;

/// The same list as [`coprimes`] (same errors too), found without a gcd per candidate.
///
/// Whether `k` is co-prime to `n` depends only on `k` modulo the product of the distinct
/// primes of `n` (its radical). When that product is small, one period of co-prime
/// residues is built once and repeated across the range, so the work is proportional to
/// the output. Otherwise the range is sieved in fixed-size segments: every multiple of
/// each prime factor is crossed out, and what is left is co-prime.
pub fn coprimes_fast(number: u32, range: Range<u32>) -> Result<Vec<u32>, CoprimeError> {
    check_search(number, &range)?;
    let primes = distinct_prime_factors(number);
    let radical: u64 = primes.iter().map(|&p| p as u64).product();
    let span = (range.end - range.start) as u64;
    if radical <= WHEEL_LIMIT && radical <= span {
        Ok(repeat_wheel(&range, radical as u32))
    } else {
        Ok(sieve_segments(&range, &primes))
    }
}

/// Values per period below which [`repeat_wheel`] repeats a multiple of the radical.
const SHORTEST_PERIOD: u32 = 1024;

/// Repeats the co-prime residues modulo `radical` over `range`. A small radical's period
/// is first repeated to about [`SHORTEST_PERIOD`] values (co-primeness depends only on
/// the value modulo the radical), so each turn copies a long run: for `2¹⁶` (radical 2)
/// the period would otherwise hold one residue.
fn repeat_wheel(range: &Range<u32>, radical: u32) -> Vec<u32> {
    let base = coprime_residues(radical);
    let copies = (SHORTEST_PERIOD / radical).max(1);
    let residues: Vec<u32> = (0..copies)
        .flat_map(|k| base.iter().map(move |&r| k * radical + r))
        .collect();
    let radical = radical * copies;
    let span = (range.end - range.start) as u64;
    let estimate = span * residues.len() as u64 / radical as u64 + residues.len() as u64;
    let mut out = Vec::with_capacity(estimate as usize);
    let (start, end) = (range.start as u64, range.end as u64);
    let mut base = start - start % radical as u64;
    // First and last periods may be cut by the range; the middle ones are emitted whole.
    while base < end {
        if base >= start && base + radical as u64 <= end {
            out.extend(residues.iter().map(|&r| (base + r as u64) as u32));
        } else {
            out.extend(
                residues
                    .iter()
                    .map(|&r| base + r as u64)
                    .filter(|v| (start..end).contains(v))
                    .map(|v| v as u32),
            );
        }
        base += radical as u64;
    }
    out
}

/// Sieves `range` segment by segment, crossing out multiples of each prime.
fn sieve_segments(range: &Range<u32>, primes: &[u32]) -> Vec<u32> {
    let mut out = Vec::new();
    let mut keep = vec![true; SEGMENT];
    let mut segment_start = range.start as u64;
    let end = range.end as u64;
    while segment_start < end {
        let len = (end - segment_start).min(SEGMENT as u64) as usize;
        let keep = &mut keep[..len];
        keep.fill(true);
        for &p in primes {
            let p = p as u64;
            let first = segment_start.div_ceil(p) * p;
            if first < segment_start + len as u64 {
                let from = (first - segment_start) as usize;
                keep[from..]
                    .iter_mut()
                    .step_by(p as usize)
                    .for_each(|k| *k = false);
            }
        }
        out.extend(
            keep.iter()
                .enumerate()
                .filter(|&(_, &k)| k)
                .map(|(i, _)| (segment_start + i as u64) as u32),
        );
        segment_start += len as u64;
    }
    out
}

/// The modular inverse of `a` modulo `n` (`a * inverse ≡ 1 mod n`), if `gcd(a, n) = 1`.
/// For `n = 1` every value is its own inverse class, 0.
pub fn mod_inverse(a: u64, n: u64) -> Option<u64> {
    if n == 0 {
        return None;
    }
    // Extended Euclid on signed 128-bit values, which cannot overflow for u64 inputs.
    let (mut old_r, mut r) = ((a % n) as i128, n as i128);
    let (mut old_s, mut s) = (1i128, 0i128);
    while r != 0 {
        let q = old_r / r;
        (old_r, r) = (r, old_r - q * r);
        (old_s, s) = (s, old_s - q * s);
    }
    if old_r != 1 && n != 1 {
        return None;
    }
    Some(old_s.rem_euclid(n as i128) as u64)
}

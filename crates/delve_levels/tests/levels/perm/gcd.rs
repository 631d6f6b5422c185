//! The three gcd methods agree with each other and a reference on edge and random
//! inputs, and the co-prime finders return identical lists.

use delve_levels::perm::gcd::{
    coprime_residues, coprimes_by, distinct_prime_factors, gcd_modulus_u32, gcd_modulus_u64,
    gcd_stein_u32, gcd_stein_u64, gcd_subtraction_u32, gcd_subtraction_u64, mod_inverse,
};
use delve_levels::perm::{CoprimeError, coprimes, coprimes_fast, is_coprime};
use delve_levels::rng::{Stream, StreamRng};
use proptest::prelude::*;

/// A plain Euclid by remainder, written independently as the reference.
fn reference_gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Values that break naive gcds: zero, one, the extremes, powers of two and near them.
fn edge_values_u64() -> Vec<u64> {
    let mut values = vec![
        0,
        1,
        2,
        3,
        6,
        7,
        12,
        50_000,
        u32::MAX as u64,
        u32::MAX as u64 - 1,
        u64::MAX,
        u64::MAX - 1,
    ];
    values.extend((0..64).map(|k| 1u64 << k));
    values.extend((1..64).map(|k| (1u64 << k) - 1));
    values.push(0x8000_0000_0000_0001);
    values.push(614_889_782_588_491_410); // 2 · 3 · 5 · … · 47, the largest primorial in a u64
    values
}

#[test]
fn three_gcds_agree_on_edge_values_u64() {
    let values = edge_values_u64();
    for &a in &values {
        for &b in &values {
            let expected = reference_gcd(a as u128, b as u128) as u64;
            assert_eq!(gcd_modulus_u64(a, b), expected, "modulus gcd({a}, {b})");
            assert_eq!(
                gcd_subtraction_u64(a, b),
                expected,
                "subtraction gcd({a}, {b})"
            );
            assert_eq!(gcd_stein_u64(a, b), expected, "stein gcd({a}, {b})");
        }
    }
}

#[test]
fn three_gcds_agree_on_edge_values_u32() {
    let values: Vec<u32> = edge_values_u64()
        .into_iter()
        .filter_map(|v| u32::try_from(v).ok())
        .collect();
    for &a in &values {
        for &b in &values {
            let expected = reference_gcd(a as u128, b as u128) as u32;
            assert_eq!(gcd_modulus_u32(a, b), expected, "modulus gcd({a}, {b})");
            assert_eq!(
                gcd_subtraction_u32(a, b),
                expected,
                "subtraction gcd({a}, {b})"
            );
            assert_eq!(gcd_stein_u32(a, b), expected, "stein gcd({a}, {b})");
        }
    }
}

#[test]
fn gcd_of_zero_and_equal_values() {
    assert_eq!(gcd_stein_u64(0, 0), 0);
    assert_eq!(gcd_subtraction_u64(0, 0), 0);
    assert_eq!(gcd_modulus_u64(0, 0), 0);
    assert_eq!(gcd_subtraction_u64(u64::MAX, 1), 1);
    assert_eq!(gcd_subtraction_u64(u64::MAX, u64::MAX), u64::MAX);
    assert_eq!(gcd_stein_u32(u32::MAX, u32::MAX), u32::MAX);
    assert!(is_coprime(0, 1));
    assert!(!is_coprime(0, 0));
    assert!(!is_coprime(6, 4));
    assert!(is_coprime(u64::MAX, u64::MAX - 1));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn three_gcds_agree_on_random_u64(a in any::<u64>(), b in any::<u64>(), shift in 0u32..40) {
        // Shifting in shared factors of two keeps Stein's even branches busy.
        for (a, b) in [(a, b), (a << shift, b << shift), (a >> shift, b)] {
            let expected = reference_gcd(a as u128, b as u128) as u64;
            prop_assert_eq!(gcd_modulus_u64(a, b), expected);
            prop_assert_eq!(gcd_subtraction_u64(a, b), expected);
            prop_assert_eq!(gcd_stein_u64(a, b), expected);
        }
    }

    #[test]
    fn three_gcds_agree_on_random_u32(a in any::<u32>(), b in any::<u32>(), common in 1u32..1000) {
        let (a2, b2) = (a / common * common, b / common * common);
        for (a, b) in [(a, b), (a2, b2)] {
            let expected = reference_gcd(a as u128, b as u128) as u32;
            prop_assert_eq!(gcd_modulus_u32(a, b), expected);
            prop_assert_eq!(gcd_subtraction_u32(a, b), expected);
            prop_assert_eq!(gcd_stein_u32(a, b), expected);
        }
    }
}

#[test]
fn coprime_finders_return_identical_lists_for_the_seed_workload() {
    let slow = coprimes(50_000, 2..50_000).unwrap();
    assert_eq!(coprimes_fast(50_000, 2..50_000).unwrap(), slow);
    assert_eq!(coprimes_by(50_000, 2..50_000, gcd_stein_u32).unwrap(), slow);
    assert_eq!(
        coprimes_by(50_000, 2..50_000, gcd_subtraction_u32).unwrap(),
        slow
    );
    // 50,000 = 2^4 · 5^5, so φ(50,000) = 20,000 co-primes below it, minus 1 itself.
    assert_eq!(slow.len(), 19_999);
}

#[test]
fn coprime_finders_agree_on_many_numbers_and_ranges() {
    let numbers = [
        1,
        2,
        3,
        12,
        30,
        97,
        256,
        510_510,
        9_699_690,
        65_537,
        4_294_967_291,
        u32::MAX,
        3_000_000_007,
    ];
    let ranges = [
        2..3,
        2..100,
        7..1_000,
        1_000..70_000,
        65_530..200_000,
        u32::MAX - 5_000..u32::MAX,
    ];
    for &n in &numbers {
        for range in &ranges {
            assert_eq!(
                coprimes_fast(n, range.clone()).unwrap(),
                coprimes(n, range.clone()).unwrap(),
                "co-primes of {n} in {range:?}"
            );
        }
    }
    let mut rng = StreamRng::new(5, Stream::Cosmetic);
    for _ in 0..300 {
        let n = rng.next_u32() >> rng.below(32);
        let start = 2 + (rng.next_u32() >> rng.below(32)) % (u32::MAX - 3_000);
        let end = start + 1 + rng.below(2_500);
        let n = n.max(1);
        assert_eq!(
            coprimes_fast(n, start..end),
            coprimes(n, start..end),
            "co-primes of {n} in {start}..{end}"
        );
    }
}

#[test]
fn coprime_search_rejects_what_the_seed_returned_null_for() {
    assert_eq!(coprimes(0, 2..10), Err(CoprimeError::ZeroNumber));
    assert_eq!(
        coprimes_fast(10, 1..10),
        Err(CoprimeError::StartBelowTwo { range: 1..10 })
    );
    assert_eq!(
        coprimes(10, 5..5),
        Err(CoprimeError::EmptyRange { range: 5..5 })
    );
    let backwards = std::ops::Range { start: 9, end: 5 };
    assert_eq!(
        coprimes_fast(10, backwards.clone()),
        Err(CoprimeError::EmptyRange { range: backwards })
    );
    assert!(coprimes(10, 5..5).unwrap_err().to_string().contains("5..5"));
}

#[test]
fn prime_factors_and_residues() {
    assert_eq!(distinct_prime_factors(50_000), vec![2, 5]);
    assert_eq!(
        distinct_prime_factors(u32::MAX),
        vec![3, 5, 17, 257, 65_537]
    );
    assert_eq!(distinct_prime_factors(4_294_967_291), vec![4_294_967_291]);
    assert_eq!(coprime_residues(12), vec![1, 5, 7, 11]);
    assert_eq!(coprime_residues(1), vec![0]);
    assert_eq!(mod_inverse(7, 12), Some(7));
    assert_eq!(mod_inverse(6, 12), None);
    assert_eq!(mod_inverse(3, 1), Some(0));
}

#[test]
fn the_seeds_methods_as_written_agree_with_delves() {
    use delve_levels::perm::gcd::{as_written, gcd_modulus_u32};
    let mut rng = delve_levels::rng::StreamRng::new(4, delve_levels::rng::Stream::Cosmetic);
    for _ in 0..20_000 {
        let (a, b) = (rng.below(70_000), rng.below(70_000));
        let want = gcd_modulus_u32(a, b);
        assert_eq!(as_written::gcd_subtraction(a, b), want, "({a}, {b})");
        assert_eq!(as_written::gcd_stein(a, b), want, "({a}, {b})");
    }
    let big = u32::MAX - 4;
    assert_eq!(as_written::gcd_stein(big, 21), gcd_modulus_u32(big, 21));
}

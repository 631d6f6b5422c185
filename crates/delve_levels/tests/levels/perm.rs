//! Permutation tables: every table is a bijection undone by its inverse, a step that is
//! not co-prime is refused, and nested, sequential and chained scrambling round-trip.
//! The gcd methods behind them are tested in `perm/gcd.rs`.

mod gcd;

use delve_levels::perm::{
    ByteTable, ChainedTables, PermError, PermTable, Scrambler, SequentialTables, is_coprime, nest,
};
use delve_levels::rng::{Stream, StreamRng};
use proptest::prelude::*;

/// Checks that `table` is a bijection matching the formula and that its inverse undoes it.
fn assert_bijection_with_inverse(table: &PermTable) {
    let n = table.slots() as usize;
    let list = table.to_vec();
    assert_eq!(list.len(), n);
    let mut hit = vec![false; n];
    for (i, &t) in list.iter().enumerate() {
        let formula = (i as u128 * table.step() as u128 + table.offset() as u128) % n as u128;
        assert_eq!(t as u128, formula, "slot {i} of {table:?}");
        assert!(!hit[t as usize], "{table:?} repeats {t}");
        hit[t as usize] = true;
        assert_eq!(table.get(i as u32), Some(t));
    }
    let inverse = table.inverse();
    for (i, &t) in list.iter().enumerate() {
        assert_eq!(
            inverse.get(t),
            Some(i as u32),
            "inverse of {table:?} at {t}"
        );
    }
    assert_eq!(table.get(n as u32), None);
}

#[test]
fn every_table_is_a_bijection_and_its_inverse_undoes_it() {
    let slot_counts = [
        1u32, 2, 3, 7, 12, 97, 255, 256, 257, 1_000, 4_096, 65_521, 100_003,
    ];
    let steps = [
        1u64,
        3,
        5,
        7,
        11,
        97,
        65_537,
        1_000_000_007,
        u32::MAX as u64,
        u64::MAX,
        (1 << 63) + 1,
        0,
    ];
    let mut tested = 0;
    for &n in &slot_counts {
        for &step in &steps {
            for offset in [0u64, 1, n as u64 - 1, u64::MAX, 123_456_789_012] {
                match PermTable::new(n, step, offset) {
                    Ok(table) => {
                        assert_bijection_with_inverse(&table);
                        tested += 1;
                    }
                    Err(e) => assert!(
                        !is_coprime(step, n as u64),
                        "{step} and {n} are co-prime but {e}"
                    ),
                }
            }
        }
    }
    assert!(tested > 300, "only {tested} tables were valid");
}

#[test]
fn a_large_table_is_a_bijection() {
    let table = PermTable::new(3_000_017, 0xdead_beef_cafe_f00d, 999).unwrap();
    assert_bijection_with_inverse(&table);
}

#[test]
fn a_step_that_is_not_coprime_is_rejected_naming_both_numbers() {
    let err = PermTable::new(256, 6, 0).unwrap_err();
    assert_eq!(
        err,
        PermError::StepNotCoprime {
            step: 6,
            slots: 256,
            common_factor: 2
        }
    );
    let text = err.to_string();
    assert!(text.contains("6") && text.contains("256"), "{text}");
    let huge = PermTable::new(1_000, 10u64.pow(18), 0)
        .unwrap_err()
        .to_string();
    assert!(
        huge.contains("1000000000000000000") && huge.contains("1000"),
        "{huge}"
    );
    assert_eq!(PermTable::new(0, 1, 0), Err(PermError::NoSlots));
    assert!(ByteTable::new(0, 0).is_err());
}

#[test]
fn a_256_slot_table_is_a_byte_substitution() {
    let table = PermTable::new(256, 0x9e37_79b9_7f4a_7c15, 42).unwrap();
    let bytes = ByteTable::from_perm(&table).unwrap();
    for b in 0..=255u8 {
        assert_eq!(bytes.encode_byte(b) as u32, table.get(b as u32).unwrap());
        assert_eq!(bytes.decode_byte(bytes.encode_byte(b)), b);
    }
    assert_eq!(
        ByteTable::from_perm(&PermTable::new(255, 2, 0).unwrap()),
        Err(PermError::NotByteSized { slots: 255 })
    );
}

#[test]
fn random_tables_come_from_the_stream() {
    let mut a = StreamRng::new(9, Stream::Loot);
    let mut b = StreamRng::new(9, Stream::Loot);
    for n in 1..200 {
        let table = PermTable::random(n, &mut a).unwrap();
        assert_eq!(Some(table), PermTable::random(n, &mut b).ok());
        assert!(is_coprime(table.step(), n as u64));
    }
    for n in [223_092_870, 4_294_967_291, u32::MAX] {
        let table = PermTable::random(n, &mut a).unwrap();
        assert!(is_coprime(table.step(), n as u64), "{table:?}");
        assert!(table.step() < n as u64 && table.offset() < n as u64);
    }
    assert_eq!(PermTable::random(0, &mut a), Err(PermError::NoSlots));
}

#[test]
fn permute_rearranges_by_the_table() {
    let table = PermTable::new(5, 2, 1).unwrap();
    assert_eq!(
        table.permute(&['a', 'b', 'c', 'd', 'e']).unwrap(),
        vec!['b', 'd', 'a', 'c', 'e']
    );
    assert!(table.permute(&[1, 2]).is_err());
}

/// Byte tables from arbitrary `(step, offset)` pairs, steps forced odd.
fn byte_tables(params: &[(u64, u64)]) -> Vec<ByteTable> {
    params
        .iter()
        .map(|&(step, offset)| ByteTable::new(step | 1, offset).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn nested_tables_compose_into_one_and_round_trip(
        params in prop::collection::vec((any::<u64>(), any::<u64>()), 1..6),
        data in prop::collection::vec(any::<u8>(), 0..600),
    ) {
        let tables = byte_tables(&params);
        let nested = nest(&tables).unwrap();
        // One pass of the nested table equals every table in turn.
        let mut one_by_one = data.clone();
        for table in &tables {
            table.encode_in_place(&mut one_by_one);
        }
        let mut scrambled = data.clone();
        nested.encode_in_place(&mut scrambled);
        prop_assert_eq!(&scrambled, &one_by_one);
        nested.decode_in_place(&mut scrambled);
        prop_assert_eq!(&scrambled, &data);
        // Nesting is one table — one multiply and one add per byte, the same loop as any
        // single table — so timing nested against one table would compare a loop with
        // itself (the benchmark row that did was dropped for this property).
        let mut ends = [0u8, 1];
        nested.encode_in_place(&mut ends);
        let single = ByteTable::new(ends[1].wrapping_sub(ends[0]) as u64, ends[0] as u64).unwrap();
        prop_assert_eq!(&nested, &single);
        let mut out_of_place = vec![0u8; data.len()];
        nested.encode_into(&data, &mut out_of_place);
        prop_assert_eq!(out_of_place, one_by_one);
    }

    #[test]
    fn nested_perm_tables_compose_for_any_slot_count(
        n in 1u32..5_000, s1 in any::<u64>(), o1 in any::<u64>(), s2 in any::<u64>(), o2 in any::<u64>(),
    ) {
        let fix = |s: u64| if is_coprime(s, n as u64) { s } else { 1 };
        let inner = PermTable::new(n, fix(s1), o1).unwrap();
        let outer = PermTable::new(n, fix(s2), o2).unwrap();
        let nested = inner.then(&outer).unwrap();
        for i in (0..n).step_by(((n / 64) as usize).max(1)) {
            prop_assert_eq!(nested.get(i), inner.get(i).and_then(|t| outer.get(t)));
            prop_assert_eq!(nested.inverse().get(nested.get(i).unwrap()), Some(i));
        }
    }

    #[test]
    fn sequential_tables_round_trip(
        params in prop::collection::vec((any::<u64>(), any::<u64>()), 1..9),
        data in prop::collection::vec(any::<u8>(), 0..600),
    ) {
        let tables = byte_tables(&params);
        let sequential = SequentialTables::new(tables.clone()).unwrap();
        let mut scrambled = data.clone();
        sequential.encode_in_place(&mut scrambled);
        for (i, (&plain, &out)) in data.iter().zip(&scrambled).enumerate() {
            prop_assert_eq!(out, tables[i % tables.len()].encode_byte(plain));
        }
        sequential.decode_in_place(&mut scrambled);
        prop_assert_eq!(scrambled, data);
    }

    #[test]
    fn chained_tables_round_trip(
        params in prop::collection::vec((any::<u64>(), any::<u64>()), 1..12),
        initial in any::<u8>(),
        data in prop::collection::vec(any::<u8>(), 0..600),
    ) {
        let tables = byte_tables(&params);
        let chained = ChainedTables::new(tables.clone(), initial).unwrap();
        let mut scrambled = data.clone();
        chained.encode_in_place(&mut scrambled);
        let mut previous = initial;
        for (&plain, &out) in data.iter().zip(&scrambled) {
            let expected = tables[previous as usize % tables.len()].encode_byte(plain ^ previous);
            prop_assert_eq!(out, expected);
            previous = out;
        }
        chained.decode_in_place(&mut scrambled);
        prop_assert_eq!(scrambled, data);
    }
}

#[test]
fn combinations_need_tables() {
    assert_eq!(nest(&[]), Err(PermError::NoTables));
    assert_eq!(SequentialTables::new(Vec::new()), Err(PermError::NoTables));
    assert_eq!(ChainedTables::new(Vec::new(), 0), Err(PermError::NoTables));
    let many = vec![ByteTable::new(1, 0).unwrap(); 257];
    assert!(matches!(
        ChainedTables::new(many, 0),
        Err(PermError::TooManyTables { count: 257, .. })
    ));
}

#[test]
fn chaining_spreads_a_repeated_byte_but_one_table_does_not() {
    let tables = byte_tables(&[(3, 1), (5, 2), (7, 3)]);
    let data = vec![b'a'; 64];
    let mut single = data.clone();
    tables[0].encode_in_place(&mut single);
    assert!(single.iter().all(|&b| b == single[0]));
    let mut chained = data.clone();
    ChainedTables::new(tables, 0)
        .unwrap()
        .encode_in_place(&mut chained);
    let distinct: std::collections::BTreeSet<u8> = chained.iter().copied().collect();
    assert!(distinct.len() > 8, "{distinct:?}");
}

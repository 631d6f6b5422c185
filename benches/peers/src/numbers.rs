//! Co-primes against num-integer's gcd, and save scrambling against memcpy.

use num_integer::Integer;

use delve::perm::gcd::{
    coprimes_by, coprimes_fast, gcd_modulus_u32, gcd_stein_u32, gcd_subtraction_u32,
};
use delve::perm::multi::{ChainedTables, Scrambler, nest};
use delve::perm::ByteTable;
use delve::rng::{Stream, StreamRng, mix64};
use delve::save::encode_save_bytes;

use crate::{Report, Target};

/// The number whose co-primes are listed, over `2..NUMBER`.
const NUMBER: u32 = 50_000;

/// Runs the number jobs the filters select.
pub fn run(report: &mut Report) {
    if report.wants("co-primes") {
        coprimes(report);
    }
    if report.wants("scrambling") {
        scrambling(report);
    }
}

/// The peer: a num-integer gcd per candidate.
fn num_integer_coprimes(number: u32) -> Vec<u32> {
    (2..number).filter(|k| k.gcd(&number) == 1).collect()
}

fn coprimes(report: &mut Report) {
    eprintln!("co-primes of {NUMBER} vs a num-integer gcd loop");
    let reference = num_integer_coprimes(NUMBER);
    let methods: [(&str, fn() -> Vec<u32>); 4] = [
        ("fast finder (coprimes_fast)", || {
            coprimes_fast(NUMBER, 2..NUMBER).expect("valid")
        }),
        ("seed method: modulus gcd", || {
            coprimes_by(NUMBER, 2..NUMBER, gcd_modulus_u32).expect("valid")
        }),
        ("seed method: subtraction gcd", || {
            coprimes_by(NUMBER, 2..NUMBER, gcd_subtraction_u32).expect("valid")
        }),
        ("seed method: Stein gcd", || {
            coprimes_by(NUMBER, 2..NUMBER, gcd_stein_u32).expect("valid")
        }),
    ];
    let differing: Vec<&str> = methods
        .iter()
        .filter(|(_, method)| method() != reference)
        .map(|(name, _)| *name)
        .collect();
    report.check(
        "co-primes of 50,000: all methods list the same numbers",
        if differing.is_empty() {
            Ok(format!(
                "{} co-primes in 2..50000 from all five",
                reference.len()
            ))
        } else {
            Err(format!("differ from num-integer: {}", differing.join(", ")))
        },
    );
    for (i, (name, method)) in methods.into_iter().enumerate() {
        let target = if i == 0 {
            Target::at_least(15.0)
        } else {
            Target::Info
        };
        report.compare(
            &format!("all co-primes of 50,000: {name}"),
            "num-integer gcd loop",
            1,
            None,
            target,
            method,
            || num_integer_coprimes(NUMBER),
        );
    }
}

/// Four tables with steps and offsets derived like a save key's.
fn tables() -> Vec<ByteTable> {
    (0..4u64)
        .map(|i| {
            let bits = mix64(0x5eed ^ mix64(i));
            ByteTable::new(mix64(bits) | 1, bits >> 56).expect("odd steps are co-prime to 256")
        })
        .collect()
}

fn random_bytes(len: usize) -> Vec<u8> {
    let mut rng = StreamRng::new(99, Stream::Cosmetic);
    let mut bytes = Vec::with_capacity(len + 8);
    while bytes.len() < len {
        bytes.extend_from_slice(&rng.next_u64().to_le_bytes());
    }
    bytes.truncate(len);
    bytes
}

fn scrambling(report: &mut Report) {
    eprintln!("save scrambling vs memcpy of the same buffer");
    let tables = tables();
    let one = tables[0].clone();
    let nested = nest(&tables).expect("four tables");
    let chained = ChainedTables::new(tables.clone(), 0x5a).expect("four tables");

    let sample = random_bytes(1 << 16);
    let round_trips = [
        ("one table", &one as &dyn Scrambler),
        ("nested ×4", &nested),
        ("chained ×4", &chained),
    ]
    .iter()
    .all(|(_, s)| {
        let mut data = sample.clone();
        s.encode_in_place(&mut data);
        s.decode_in_place(&mut data);
        data == sample
    });
    let mut by_hand = sample.clone();
    for t in &tables {
        t.encode_in_place(&mut by_hand);
    }
    let mut composed = sample.clone();
    nested.encode_in_place(&mut composed);
    report.check(
        "scrambling: every scrambler round-trips; nested == the four tables applied in turn",
        if round_trips && by_hand == composed {
            Ok("64 KiB of random bytes".to_string())
        } else {
            Err(format!(
                "round trips {round_trips}, nested matches {}",
                by_hand == composed
            ))
        },
    );

    for (size, label) in [
        (64usize << 10, "64 KiB"),
        (1 << 20, "1 MiB"),
        (64 << 20, "64 MiB"),
    ] {
        let mut data = random_bytes(size);
        let mut copy = vec![0u8; size];
        let source = random_bytes(size);
        let throughput = Target::Throughput {
            bytes: size,
            gbps: 2.5,
            ratio: 0.5,
        };
        report.compare(
            &format!("save scrambling, one table, {label}"),
            "memcpy",
            1,
            Some(size),
            throughput,
            || one.encode_in_place(&mut data),
            || copy.copy_from_slice(&source),
        );
        let mut plain = random_bytes(size);
        report.compare(
            &format!("save scrambling, 4 nested tables vs one table, {label}"),
            "one table",
            1,
            Some(size),
            Target::at_least(0.9),
            || nested.encode_in_place(&mut data),
            || one.encode_in_place(&mut plain),
        );
        report.compare(
            &format!("save scrambling, 4 chained tables (the save format), {label}"),
            "memcpy",
            1,
            Some(size),
            Target::Info,
            || chained.encode_in_place(&mut data),
            || copy.copy_from_slice(&source),
        );
        if size == 64 << 20 {
            report.compare(
                "encode_save_bytes (header + CRC32 + chained ×4), 64 MiB",
                "memcpy",
                1,
                Some(size),
                Target::Info,
                || encode_save_bytes(&source, 42),
                || copy.copy_from_slice(&source),
            );
        }
    }
}

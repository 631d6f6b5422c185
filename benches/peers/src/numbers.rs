//! Co-primes against num-integer's gcd, and save scrambling against memcpy.

use num_integer::Integer;

use delve_levels::perm::ByteTable;
use delve_levels::perm::gcd::{
    as_written, coprimes_by, coprimes_fast, gcd_modulus_u32, gcd_stein_u32, gcd_subtraction_u32,
};
use delve_levels::perm::multi::{ChainedTables, Scrambler, nest};
use delve_levels::rng::{Stream, StreamRng, mix64};
use delve_levels::save::encode_save_bytes;

use crate::{Report, Target};

/// The numbers whose co-primes in `2..n` are listed: the seed's 50,000 and one of each
/// kind that changes the work — a prime (every candidate is co-prime), a power of two
/// (half are), and a product of the six smallest primes (few are, and the fast finder's
/// sieve has the most factors to strike).
const NUMBERS: [(u32, &str); 4] = [
    (50_000, "50,000 (2⁴·5⁵, the seed's)"),
    (49_999, "49,999 (a prime)"),
    (65_536, "65,536 (2¹⁶)"),
    (30_030, "30,030 (2·3·5·7·11·13)"),
];

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

/// The ways delve lists co-primes: the fast finder, delve's three gcd methods, and the
/// seed's slower two as it writes them (pure subtraction; recursive Stein).
fn methods() -> [(&'static str, fn(u32) -> Vec<u32>); 6] {
    [
        ("fast finder (coprimes_fast)", |n| {
            coprimes_fast(n, 2..n).expect("valid")
        }),
        ("modulus gcd (seed's method, delve's code)", |n| {
            coprimes_by(n, 2..n, gcd_modulus_u32).expect("valid")
        }),
        ("subtraction gcd as the seed writes it", |n| {
            coprimes_by(n, 2..n, as_written::gcd_subtraction).expect("valid")
        }),
        (
            "subtraction gcd, delve's (a remainder step past 64×)",
            |n| coprimes_by(n, 2..n, gcd_subtraction_u32).expect("valid"),
        ),
        ("Stein gcd as the seed writes it (recursive)", |n| {
            coprimes_by(n, 2..n, as_written::gcd_stein).expect("valid")
        }),
        ("Stein gcd, delve's (iterative, trailing_zeros)", |n| {
            coprimes_by(n, 2..n, gcd_stein_u32).expect("valid")
        }),
    ]
}

fn coprimes(report: &mut Report) {
    for (number, label) in NUMBERS {
        eprintln!("co-primes of {label} vs a num-integer gcd loop");
        let reference = num_integer_coprimes(number);
        let differing: Vec<&str> = methods()
            .iter()
            .filter(|(_, method)| method(number) != reference)
            .map(|(name, _)| *name)
            .collect();
        report.check(
            format!("co-primes of {label}: all methods list the same numbers"),
            if differing.is_empty() {
                Ok(format!(
                    "{} co-primes in 2..{number} from num-integer and all six",
                    reference.len()
                ))
            } else {
                Err(format!("differ from num-integer: {}", differing.join(", ")))
            },
        );
        for (i, (name, method)) in methods().into_iter().enumerate() {
            // The kept target is the fast finder's, for every kind of number; the gcd
            // methods (the seed's benchmark) are reported.
            let target = if i == 0 {
                Target::at_least(15.0)
            } else {
                Target::Info
            };
            report.compare(
                &format!("all co-primes of {label}: {name}"),
                "num-integer gcd loop",
                1,
                None,
                target,
                || method(number),
                || num_integer_coprimes(number),
            );
        }
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
        // The kept target: 2.5 GB/s (memcpy's own speed is shown beside it).
        let throughput = Target::Throughput {
            bytes: size,
            gbps: 2.5,
            ratio: 0.0,
        };
        report.compare(
            &format!("save scrambling, one table, in place (one buffer; memcpy reads one and writes another), {label}"),
            "memcpy",
            1,
            Some(size),
            Target::Info,
            || one.encode_in_place(&mut data),
            || copy.copy_from_slice(&source),
        );
        let mut target = vec![0u8; size];
        report.compare(
            &format!(
                "save scrambling, one table, out of place (source → target, as memcpy), {label}"
            ),
            "memcpy",
            1,
            Some(size),
            throughput,
            || one.encode_into(&source, &mut target),
            || copy.copy_from_slice(&source),
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

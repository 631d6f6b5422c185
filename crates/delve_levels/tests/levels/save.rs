//! Save files: exact round trips, and every kind of damage rejected with an error that
//! says what and where (never a panic). Writing to disk is in `save_files`.

use delve_levels::grid::Pos;
use delve_levels::save::{
    FORMAT_VERSION, MAGIC, SaveError, SavePart, decode_save, decode_save_bytes, decode_to_ron_text,
    encode_save, encode_save_bytes, read_header,
};
use proptest::prelude::*;

/// A game-state-like value to save: every serde shape a real save has (integers at
/// their limits, strings, positions, nested lists, defaults, a bitmap).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct SaveData {
    /// The run's master seed, from which every level is regenerated.
    master_seed: u64,
    /// The depth the player is on (1 = first).
    depth: u32,
    /// Where the player stands.
    player: Pos,
    /// Carried items, by loot-table name (names survive a reordered table).
    #[serde(default)]
    inventory: Vec<String>,
    /// Turns taken so far.
    #[serde(default)]
    pub(super) turns: u64,
    /// What changed on levels already visited (a level itself is regenerated from its key).
    #[serde(default)]
    visited: Vec<VisitedLevel>,
}

/// The changes to one visited level.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
struct VisitedLevel {
    /// Its depth.
    depth: u32,
    /// The printable key that regenerates it.
    level_key: String,
    /// Where items were picked up.
    #[serde(default)]
    taken_loot: Vec<Pos>,
    /// Seen cells as a bitmap, row-major: bit `i % 8` of byte `i / 8` is cell `i`.
    #[serde(default)]
    seen: Vec<u8>,
}

impl VisitedLevel {
    /// Whether row-major cell `cell` has been seen.
    fn is_seen(&self, cell: usize) -> bool {
        self.seen
            .get(cell / 8)
            .is_some_and(|byte| byte & (1 << (cell % 8)) != 0)
    }

    /// Marks row-major cell `cell` seen, growing the bitmap as needed.
    fn mark_seen(&mut self, cell: usize) {
        if self.seen.len() <= cell / 8 {
            self.seen.resize(cell / 8 + 1, 0);
        }
        self.seen[cell / 8] |= 1 << (cell % 8);
    }
}

/// A sample [`SaveData`] with every field filled in; `turns` tells samples apart.
pub(super) fn sample_state(turns: u64) -> SaveData {
    let mut level = VisitedLevel {
        depth: 2,
        level_key: "rooms-2-Zk3q\"ü".to_string(),
        taken_loot: vec![Pos::new(3, 4), Pos::new(-1, i32::MAX)],
        seen: Vec::new(),
    };
    level.mark_seen(0);
    level.mark_seen(77);
    SaveData {
        master_seed: u64::MAX,
        depth: 3,
        player: Pos::new(12, -7),
        inventory: vec!["potion of healing".into(), "Amulet of Yendor".into()],
        turns,
        visited: vec![VisitedLevel::default(), level],
    }
}

/// A small save: little payload, so every bit of it can be flipped quickly.
fn small_save() -> Vec<u8> {
    encode_save(&SaveData::default(), 0x5eed).unwrap()
}

#[test]
fn a_save_round_trips_exactly() {
    for key in [0, 1, 0xdead_beef, u64::MAX] {
        let state = sample_state(key);
        let bytes = encode_save(&state, key).unwrap();
        assert_eq!(decode_save::<SaveData>(&bytes).unwrap(), state);
        let text = decode_to_ron_text(&bytes).unwrap();
        assert!(text.contains("Amulet of Yendor"), "{text}");
    }
    let state = sample_state(1);
    assert!(
        state.visited[1].is_seen(77)
            && !state.visited[1].is_seen(76)
            && !state.visited[1].is_seen(10_000)
    );
}

#[test]
fn any_serialisable_value_round_trips() {
    let value = (
        vec![1u64, u64::MAX],
        "text with \n newline".to_string(),
        Some(Pos::new(1, 2)),
    );
    let bytes = encode_save(&value, 42).unwrap();
    assert_eq!(
        decode_save::<(Vec<u64>, String, Option<Pos>)>(&bytes).unwrap(),
        value
    );
}

#[test]
fn the_payload_is_scrambled_and_the_header_is_as_documented() {
    let state = sample_state(5);
    let bytes = encode_save(&state, 7).unwrap();
    assert_eq!(&bytes[..8], &MAGIC);
    assert_eq!(u16::from_le_bytes([bytes[8], bytes[9]]), FORMAT_VERSION);
    let header = read_header(&bytes).unwrap();
    assert_eq!(header.tables.len(), 4);
    assert_eq!(header.byte_len(), 64);
    assert_eq!(bytes.len() as u64, 64 + header.payload_len);
    assert!(
        !bytes.windows(11).any(|w| w == b"master_seed"),
        "plain text leaked into the file"
    );
    assert_ne!(encode_save(&state, 8).unwrap()[64..], bytes[64..]);
}

#[test]
fn every_flipped_bit_of_a_small_save_is_rejected() {
    let bytes = small_save();
    assert!(bytes.len() < 400, "{} bytes", bytes.len());
    for bit in 0..bytes.len() * 8 {
        let mut damaged = bytes.clone();
        damaged[bit / 8] ^= 1 << (bit % 8);
        let result = decode_save::<SaveData>(&damaged);
        assert!(
            result.is_err(),
            "flipping bit {bit} (byte {}) went unnoticed",
            bit / 8
        );
    }
}

#[test]
fn every_truncation_is_rejected_as_truncated() {
    let bytes = small_save();
    for len in 0..bytes.len() {
        match decode_save::<SaveData>(&bytes[..len]) {
            Err(SaveError::Truncated { part, found, .. }) => {
                assert_eq!(found, len as u64);
                assert_eq!(
                    part,
                    if len < 64 {
                        SavePart::Header
                    } else {
                        SavePart::Payload
                    },
                    "length {len}"
                );
            }
            other => panic!("cut at {len} bytes: expected Truncated, got {other:?}"),
        }
    }
}

#[test]
fn trailing_junk_is_rejected_with_its_offset() {
    let bytes = small_save();
    for junk in [&[0u8][..], b"junk", &[0xff; 300]] {
        let mut longer = bytes.clone();
        longer.extend_from_slice(junk);
        assert_eq!(
            decode_save::<SaveData>(&longer),
            Err(SaveError::TrailingBytes {
                offset: bytes.len() as u64,
                count: junk.len() as u64
            })
        );
    }
}

#[test]
fn each_header_fault_is_named() {
    let bytes = small_save();
    let mut wrong_magic = bytes.clone();
    wrong_magic[..8].copy_from_slice(b"NOTASAVE");
    assert!(matches!(
        decode_save::<SaveData>(&wrong_magic),
        Err(SaveError::WrongMagic { .. })
    ));
    assert!(matches!(
        decode_save::<SaveData>(b"PK\x03\x04"),
        Err(SaveError::WrongMagic { .. })
    ));

    let mut future = bytes.clone();
    future[8..10].copy_from_slice(&2u16.to_le_bytes());
    let err = decode_save::<SaveData>(&future).unwrap_err();
    assert_eq!(err, SaveError::UnknownVersion { found: 2 });
    assert!(err.to_string().contains("version 2"), "{err}");

    // An even step with a header CRC made to match: only the co-prime check can catch it.
    let mut even_step = bytes.clone();
    even_step[12 + 9 * 2] &= !1;
    let crc = crc32fast::hash(&even_step[..60]);
    even_step[60..64].copy_from_slice(&crc.to_le_bytes());
    match decode_save::<SaveData>(&even_step) {
        Err(SaveError::BadScrambleParameters { offset, problem }) => {
            assert_eq!(offset, 30);
            assert!(
                problem.contains("256") && problem.contains("table 2"),
                "{problem}"
            );
        }
        other => panic!("expected bad scramble parameters, got {other:?}"),
    }

    let mut no_tables = bytes.clone();
    no_tables[10] = 0;
    assert!(matches!(
        decode_save::<SaveData>(&no_tables),
        Err(SaveError::BadScrambleParameters { offset: 10, .. })
    ));

    let mut damaged_header = bytes.clone();
    damaged_header[13] ^= 0x40;
    assert!(matches!(
        decode_save::<SaveData>(&damaged_header),
        Err(SaveError::ChecksumMismatch {
            part: SavePart::Header,
            offset: 60,
            ..
        })
    ));

    let mut damaged_payload = bytes.clone();
    let last = damaged_payload.len() - 1;
    damaged_payload[last] ^= 1;
    let err = decode_save::<SaveData>(&damaged_payload).unwrap_err();
    assert!(
        matches!(
            err,
            SaveError::ChecksumMismatch {
                part: SavePart::Payload,
                offset: 56,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("byte 56"), "{err}");
}

#[test]
fn a_payload_that_is_not_utf8_or_not_ron_is_named() {
    let not_text = encode_save_bytes(&[b'(', 0xff, 0xfe], 3);
    assert_eq!(
        decode_to_ron_text(&not_text),
        Err(SaveError::NotUtf8 { offset: 65 })
    );
    assert_eq!(
        decode_save_bytes(&not_text).unwrap(),
        vec![b'(', 0xff, 0xfe]
    );

    let bad_ron = encode_save_bytes(b"(\n    master_seed: 1,\n    depth: \"deep\",\n)", 3);
    match decode_save::<SaveData>(&bad_ron) {
        Err(SaveError::Ron(error)) => {
            assert_eq!(error.line, 3, "{error}");
            assert!(error.column > 1);
            assert!(error.to_string().starts_with("save payload:3:"), "{error}");
        }
        other => panic!("expected a RON error, got {other:?}"),
    }
    let bytes = small_save();
    assert!(matches!(
        decode_save::<Vec<String>>(&bytes),
        Err(SaveError::Ron(_))
    ));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_are_refused(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        prop_assert!(decode_save::<SaveData>(&bytes).is_err());
    }

    #[test]
    fn random_damage_after_a_valid_header_is_refused(
        tail in prop::collection::vec(any::<u8>(), 0..200),
        keep in 0usize..64,
    ) {
        let mut bytes = small_save();
        bytes.truncate(keep.max(8));
        bytes.extend_from_slice(&tail);
        prop_assert!(decode_save::<SaveData>(&bytes).is_err());
    }
}

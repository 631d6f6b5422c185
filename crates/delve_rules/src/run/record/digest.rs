//! The CRC-32 of a value's binary form ([`crc_of_binary`]), the whole-state check of
//! recording format 12 on: the value walked through serde as a save's RON is, but each
//! number written as its little-endian bytes of a fixed width (`usize` as 64 bits, as
//! serde hands it over), each float as its bits, and each name (a struct's field, an
//! enum's variant) as its text, so that the same state gives the same CRC on every
//! platform (wasm32 too) and a field left out (`skip_serializing_if`) or variants
//! reordered tell as in RON. No text is formatted, no name checked as an identifier, no
//! string escaped: a quarter of the RON CRC's cost, most of what is left being the copy
//! of the run into its save.

use std::fmt;

use serde::Serialize;
use serde::ser;

/// The CRC-32 of `value`'s binary form (see the module's words).
pub fn crc_of_binary<T: Serialize + ?Sized>(value: &T) -> u32 {
    let mut digest = Digest {
        crc: BufferedCrc::new(),
    };
    // Nothing in the walk can fail: an error is only a custom one a value's own
    // `Serialize` raises, which then marks the digest as the CRC of no bytes.
    if value.serialize(&mut digest).is_err() {
        return crc32fast::hash(b"");
    }
    digest.crc.finish()
}

/// Bytes fed to a CRC-32 through a buffer (a value's walk, or RON's writing, hands over
/// a few bytes at a time); the CRC is that of all the bytes, whatever the buffer.
pub(super) struct BufferedCrc {
    hasher: crc32fast::Hasher,
    buffer: Vec<u8>,
}

impl BufferedCrc {
    pub(super) const BUFFER: usize = 1024;

    pub(super) fn new() -> BufferedCrc {
        BufferedCrc {
            hasher: crc32fast::Hasher::new(),
            buffer: Vec::with_capacity(Self::BUFFER),
        }
    }

    pub(super) fn bytes(&mut self, bytes: &[u8]) {
        if self.buffer.len() + bytes.len() > Self::BUFFER {
            self.flush();
        }
        if bytes.len() > Self::BUFFER {
            self.hasher.update(bytes);
        } else {
            self.buffer.extend_from_slice(bytes);
        }
    }

    fn flush(&mut self) {
        self.hasher.update(&self.buffer);
        self.buffer.clear();
    }

    /// The CRC-32 of every byte fed.
    pub(super) fn finish(mut self) -> u32 {
        self.flush();
        self.hasher.finalize()
    }
}

/// Feeds a value's binary form to a CRC-32.
struct Digest {
    crc: BufferedCrc,
}

impl Digest {
    fn bytes(&mut self, bytes: &[u8]) {
        self.crc.bytes(bytes);
    }

    /// A length or a count, as 64 bits.
    fn length(&mut self, length: usize) {
        self.bytes(&(length as u64).to_le_bytes());
    }

    /// A name or a string: its length, then its bytes.
    fn text(&mut self, text: &str) {
        self.length(text.len());
        self.bytes(text.as_bytes());
    }

    /// What kind of thing comes next (so that `None` and `0`, say, differ).
    fn tag(&mut self, tag: u8) {
        self.bytes(&[tag]);
    }
}

/// A custom error a value's own `Serialize` raised.
#[derive(Debug)]
pub struct DigestError(String);

impl fmt::Display for DigestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DigestError {}

impl ser::Error for DigestError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        DigestError(message.to_string())
    }
}

type Done = Result<(), DigestError>;

/// Tags of what comes next.
mod tag {
    pub const NONE: u8 = 0;
    pub const SOME: u8 = 1;
    pub const UNIT: u8 = 2;
    pub const SEQ: u8 = 3;
    pub const MAP: u8 = 4;
    pub const UNKNOWN_LENGTH: u8 = 5;
}

impl<'a> ser::Serializer for &'a mut Digest {
    type Ok = ();
    type Error = DigestError;
    type SerializeSeq = &'a mut Digest;
    type SerializeTuple = &'a mut Digest;
    type SerializeTupleStruct = &'a mut Digest;
    type SerializeTupleVariant = &'a mut Digest;
    type SerializeMap = &'a mut Digest;
    type SerializeStruct = &'a mut Digest;
    type SerializeStructVariant = &'a mut Digest;

    fn serialize_bool(self, v: bool) -> Done {
        self.bytes(&[v as u8]);
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Done {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Done {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Done {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Done {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Done {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Done {
        self.bytes(&[v]);
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Done {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Done {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Done {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Done {
        self.bytes(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Done {
        self.bytes(&v.to_bits().to_le_bytes());
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Done {
        self.bytes(&v.to_bits().to_le_bytes());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Done {
        self.bytes(&u32::from(v).to_le_bytes());
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Done {
        self.text(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Done {
        self.length(v.len());
        self.bytes(v);
        Ok(())
    }
    fn serialize_none(self) -> Done {
        self.tag(tag::NONE);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Done {
        self.tag(tag::SOME);
        value.serialize(self)
    }
    fn serialize_unit(self) -> Done {
        self.tag(tag::UNIT);
        Ok(())
    }
    fn serialize_unit_struct(self, name: &'static str) -> Done {
        self.text(name);
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Done {
        self.text(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Done {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Done {
        self.text(variant);
        value.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, DigestError> {
        self.tag(tag::SEQ);
        match len {
            Some(len) => self.length(len),
            None => self.tag(tag::UNKNOWN_LENGTH),
        }
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, DigestError> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, DigestError> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Self, DigestError> {
        self.text(variant);
        Ok(self)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Self, DigestError> {
        self.tag(tag::MAP);
        match len {
            Some(len) => self.length(len),
            None => self.tag(tag::UNKNOWN_LENGTH),
        }
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, DigestError> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Self, DigestError> {
        self.text(variant);
        Ok(self)
    }
}

impl ser::SerializeSeq for &mut Digest {
    type Ok = ();
    type Error = DigestError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        value.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tag(tag::SEQ);
        Ok(())
    }
}

impl ser::SerializeTuple for &mut Digest {
    type Ok = ();
    type Error = DigestError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        value.serialize(&mut **self)
    }
    fn end(self) -> Done {
        Ok(())
    }
}

impl ser::SerializeTupleStruct for &mut Digest {
    type Ok = ();
    type Error = DigestError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        value.serialize(&mut **self)
    }
    fn end(self) -> Done {
        Ok(())
    }
}

impl ser::SerializeTupleVariant for &mut Digest {
    type Ok = ();
    type Error = DigestError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        value.serialize(&mut **self)
    }
    fn end(self) -> Done {
        Ok(())
    }
}

impl ser::SerializeMap for &mut Digest {
    type Ok = ();
    type Error = DigestError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Done {
        key.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        value.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tag(tag::MAP);
        Ok(())
    }
}

impl ser::SerializeStruct for &mut Digest {
    type Ok = ();
    type Error = DigestError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Done {
        self.text(key);
        value.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tag(tag::UNIT);
        Ok(())
    }
}

impl ser::SerializeStructVariant for &mut Digest {
    type Ok = ();
    type Error = DigestError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Done {
        self.text(key);
        value.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tag(tag::UNIT);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    /// The digest of [`sample`], pinned.
    const PINNED: u32 = 2_361_668_330;

    #[derive(Serialize)]
    struct Sample {
        number: u32,
        count: usize,
        signed: i32,
        name: String,
        maybe: Option<u8>,
        list: Vec<u16>,
        kind: Kind,
    }

    #[derive(Serialize)]
    enum Kind {
        Plain,
        Pair(u8, u8),
    }

    fn sample() -> Sample {
        Sample {
            number: 7,
            count: 3,
            signed: -2,
            name: "cave".into(),
            maybe: None,
            list: vec![1, 2],
            kind: Kind::Pair(4, 5),
        }
    }

    /// The binary form is pinned byte for byte (numbers little-endian, `usize` as 64
    /// bits, names as their text), so the CRC is the same on every platform: a CRC
    /// computed here by hand over the bytes written out is the digest's.
    #[test]
    fn the_binary_form_is_the_same_on_every_platform() {
        let mut bytes = Vec::new();
        let text = |bytes: &mut Vec<u8>, t: &str| {
            bytes.extend_from_slice(&(t.len() as u64).to_le_bytes());
            bytes.extend_from_slice(t.as_bytes());
        };
        text(&mut bytes, "number");
        bytes.extend_from_slice(&7u32.to_le_bytes());
        text(&mut bytes, "count");
        bytes.extend_from_slice(&3u64.to_le_bytes());
        text(&mut bytes, "signed");
        bytes.extend_from_slice(&(-2i32).to_le_bytes());
        text(&mut bytes, "name");
        text(&mut bytes, "cave");
        text(&mut bytes, "maybe");
        bytes.push(tag::NONE);
        text(&mut bytes, "list");
        bytes.push(tag::SEQ);
        bytes.extend_from_slice(&2u64.to_le_bytes());
        bytes.extend_from_slice(&1u16.to_le_bytes());
        bytes.extend_from_slice(&2u16.to_le_bytes());
        bytes.push(tag::SEQ);
        text(&mut bytes, "kind");
        text(&mut bytes, "Pair");
        bytes.extend_from_slice(&[4, 5]);
        bytes.push(tag::UNIT);
        assert_eq!(crc_of_binary(&sample()), crc32fast::hash(&bytes));
        assert_eq!(crc_of_binary(&sample()), PINNED, "the binary form changed");
    }

    /// Any field's change changes the digest, a unit variant and a `None` included.
    #[test]
    fn a_change_anywhere_changes_the_digest() {
        let base = crc_of_binary(&sample());
        let changes: [fn(&mut Sample); 5] = [
            |s| s.number += 1,
            |s| s.name.push('s'),
            |s| s.maybe = Some(0),
            |s| s.list.push(0),
            |s| s.kind = Kind::Plain,
        ];
        for change in changes {
            let mut changed = sample();
            change(&mut changed);
            assert_ne!(crc_of_binary(&changed), base);
        }
    }
}

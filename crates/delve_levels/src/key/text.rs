//! The printed form of a key's bytes: Crockford base-32 symbols (digits and capitals
//! without I, L, O, U) in groups of four, ending with a Damm check symbol; and reading
//! that form back, forgiving case, hyphens, spaces and the look-alikes O, I and L.
//! Public so that tests and tools can print bytes of their own.

use super::KeyError;

/// The 32 symbols, in value order.
pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// `payload` as printed: its symbols and the check symbol, a hyphen after every four.
pub fn print(payload: &[u8]) -> String {
    let symbols = to_symbols(payload);
    let check = damm_check(&symbols);
    let mut text = String::with_capacity(symbols.len() + symbols.len() / 4 + 2);
    for (i, &s) in symbols.iter().chain(std::iter::once(&check)).enumerate() {
        if i > 0 && i % 4 == 0 {
            text.push('-');
        }
        text.push(ALPHABET[s as usize] as char);
    }
    text
}

/// The payload of a printed key, or what is wrong with the text.
pub fn read(text: &str) -> Result<Vec<u8>, KeyError> {
    let mut symbols = Vec::with_capacity(text.len());
    for (i, c) in text.chars().enumerate() {
        let s = match c.to_ascii_uppercase() {
            '-' | ' ' => continue,
            'O' => 0,
            'I' | 'L' => 1,
            u => match ALPHABET.iter().position(|&a| a as char == u) {
                Some(p) => p as u8,
                None => {
                    return Err(KeyError::BadCharacter {
                        position: i + 1,
                        character: c,
                    });
                }
            },
        };
        symbols.push(s);
    }
    if symbols.len() < 3 {
        return Err(KeyError::TooShort);
    }
    if damm_interim(&symbols) != 0 {
        return Err(KeyError::CheckFailed);
    }
    symbols.pop();
    from_symbols(&symbols).ok_or(KeyError::Malformed("stray bits at the end"))
}

/// Bytes → 5-bit symbols, most significant first, zero-padded at the end.
fn to_symbols(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() * 8 / 5 + 1);
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in bytes {
        acc = acc << 8 | b as u32;
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(((acc >> bits) & 31) as u8);
        }
    }
    if bits > 0 {
        out.push(((acc << (5 - bits)) & 31) as u8);
    }
    out
}

/// 5-bit symbols → bytes; `None` when the padding bits are not zero (a changed symbol).
fn from_symbols(symbols: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(symbols.len() * 5 / 8);
    let (mut acc, mut bits) = (0u32, 0u32);
    for &s in symbols {
        acc = (acc << 5 | s as u32) & 0xfff;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    if bits >= 5 || acc & ((1 << bits) - 1) != 0 {
        None
    } else {
        Some(out)
    }
}

/// Multiplication by x in GF(2⁵) modulo x⁵ + x² + 1.
const fn times_x(v: u8) -> u8 {
    let shifted = v << 1;
    if shifted & 32 != 0 {
        (shifted ^ 0b100101) & 31
    } else {
        shifted
    }
}

/// Damm's interim digit with the quasigroup a∘b = x·a + b over GF(32): totally
/// anti-symmetric, so every single substitution and adjacent swap changes it.
fn damm_interim(symbols: &[u8]) -> u8 {
    symbols.iter().fold(0, |interim, &s| times_x(interim) ^ s)
}

/// The check symbol that brings the interim of `symbols + check` to zero.
fn damm_check(symbols: &[u8]) -> u8 {
    times_x(damm_interim(symbols))
}

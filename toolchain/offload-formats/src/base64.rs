//! intel/llvm's `llvm::Base64` encoding, used for `2|` values in `.prop` files.
//!
//! It is *not* RFC 4648: the alphabet is the standard one, but bits are taken LSB-first from each
//! 3-byte group and there is no `=` padding, so `n` bytes encode to `ceil(8n/6)` characters. A
//! standard encoder's output would be misread by the real offload wrapper, and the reverse.

use crate::FormatError;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Encodes `bytes` LSB-first without padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity((bytes.len() * 8).div_ceil(6));
    for group in bytes.chunks(3) {
        let b0 = group[0] as u32;
        let b1 = group.get(1).copied().unwrap_or(0) as u32;
        let b2 = group.get(2).copied().unwrap_or(0) as u32;
        let bits = b0 | (b1 << 8) | (b2 << 16);
        let chars = match group.len() {
            1 => 2,
            2 => 3,
            _ => 4,
        };
        for i in 0..chars {
            out.push(ALPHABET[((bits >> (6 * i)) & 0x3f) as usize] as char);
        }
    }
    out
}

fn sextet(c: u8) -> Result<u32, FormatError> {
    ALPHABET
        .iter()
        .position(|&a| a == c)
        .map(|p| p as u32)
        .ok_or_else(|| {
            FormatError::Base64(format!("character '{}' is not in the alphabet", c as char))
        })
}

/// Decodes text written by [`encode`]. A trailing group of a single character cannot come from
/// any byte sequence, and a final group whose unused high bits are set is not what [`encode`]
/// writes for any bytes (it would decode to the same bytes as another text), so both are rejected:
/// either means the text was altered.
pub fn decode(text: &str) -> Result<Vec<u8>, FormatError> {
    let text = text.as_bytes();
    let mut out = Vec::with_capacity(text.len() * 6 / 8);
    for group in text.chunks(4) {
        if group.len() == 1 {
            return Err(FormatError::Base64("a final group of one character".into()));
        }
        let mut bits = 0u32;
        for (i, &c) in group.iter().enumerate() {
            bits |= sextet(c)? << (6 * i);
        }
        let bytes = group.len() - 1;
        if bits >> (8 * bytes) != 0 {
            return Err(FormatError::Base64(
                "the final group has unused bits set (not written by an encoder)".into(),
            ));
        }
        for i in 0..bytes {
            out.push((bits >> (8 * i)) as u8);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/formats.md: a two-argument `[SYCL/kernel param opt]` mask with argument 0 kept is a
    /// 2-bit size header followed by the byte 0x01, written `CAAAAAAAAAQA`.
    #[test]
    fn kernel_param_opt_worked_example() {
        let bytes = [2, 0, 0, 0, 0, 0, 0, 0, 1];
        assert_eq!(encode(&bytes), "CAAAAAAAAAQA");
        assert_eq!(decode("CAAAAAAAAAQA").unwrap(), bytes);
    }

    /// docs/formats.md: an empty aspects list is eight zero bytes, eleven characters, no padding.
    #[test]
    fn empty_aspects_worked_example() {
        assert_eq!(encode(&[0; 8]), "AAAAAAAAAAA");
        assert_eq!(decode("AAAAAAAAAAA").unwrap(), vec![0; 8]);
    }

    #[test]
    fn round_trips_every_tail_length() {
        let data: Vec<u8> = (0..=255u8).rev().collect();
        for len in 0..40 {
            let encoded = encode(&data[..len]);
            assert_eq!(encoded.len(), (len * 8).div_ceil(6));
            assert!(!encoded.contains('='));
            assert_eq!(decode(&encoded).unwrap(), &data[..len]);
        }
    }

    #[test]
    fn differs_from_rfc4648() {
        // RFC 4648 encodes [0x02] as "Ag==" (MSB first, padded).
        assert_eq!(encode(&[0x02]), "CA");
    }

    #[test]
    fn rejects_bad_input() {
        assert!(decode("A").is_err());
        assert!(decode("AAAAB").is_err());
        assert!(decode("A=").is_err());
        // "CA" is the byte 0x02; "CQ" sets a bit past the byte's end.
        assert!(decode("CQ").is_err());
    }
}

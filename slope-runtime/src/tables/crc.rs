//! CRC-32 (IEEE 802.3, the zlib/PNG polynomial), half-byte table: 64 bytes of flash.

const POLY: u32 = 0xEDB8_8320;

// Const evaluation: an out-of-bounds index here is a compile error, not a runtime panic.
#[allow(clippy::indexing_slicing)]
const TABLE: [u32; 16] = {
    let mut table = [0u32; 16];
    let mut i = 0;
    while i < 16 {
        let mut c = i as u32;
        let mut bit = 0;
        while bit < 4 {
            c = if c & 1 != 0 { POLY ^ (c >> 1) } else { c >> 1 };
            bit += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
};

/// The CRC-32 of `bytes` (same value as zlib's `crc32` and PNG chunks). A `const fn`.
///
/// ```
/// assert_eq!(slope_runtime::crc32(b"123456789"), 0xCBF4_3926);
/// ```
pub const fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    let mut rest = bytes;
    while let [b, tail @ ..] = rest {
        crc = nibble(crc ^ *b as u32);
        crc = nibble(crc);
        rest = tail;
    }
    !crc
}

// A 4-bit index into 16 entries: in bounds, no panic path (and cheap for the compiler's
// interpreter, which validates blobs at compile time, where `get` is not `const`).
#[allow(clippy::indexing_slicing)]
#[inline(always)]
const fn nibble(crc: u32) -> u32 {
    TABLE[(crc & 0xF) as usize] ^ (crc >> 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_bitwise_definition() {
        let data: Vec<u8> = (0..=255u8).chain(b"slopes".iter().copied()).collect();
        let mut crc = !0u32;
        for &b in &data {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 != 0 {
                    POLY ^ (crc >> 1)
                } else {
                    crc >> 1
                };
            }
        }
        assert_eq!(crc32(&data), !crc);
        assert_eq!(crc32(b""), 0);
    }
}

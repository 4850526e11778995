//! Reading bytes without a way to fail: each read answers 0 (or `None`) past the end. Every
//! function is `const`, so the loaders they serve ([`crate::Tables::from_bytes`],
//! [`crate::PackedMap::from_bytes`]) run when a game compiles as well as at run time.
//!
//! They index after testing the length, where the rest of the crate calls `get`: `get` is
//! not `const`, and `split_at_checked`, which is, costs the compiler's interpreter an
//! unsafe-precondition check per call, which made the compile-time validation of a 110 KB
//! blob take 30 s. Each index follows a test that keeps it in bounds, so no panic path is
//! left (the firmware's checks look for one in every public function).
#![allow(clippy::indexing_slicing)]

/// `?` inside a `const fn`, where the `Try` trait is not available: the value of `Ok`, or
/// a return of the `Err`.
macro_rules! tri {
    ($result:expr) => {
        match $result {
            Ok(value) => value,
            Err(error) => return Err(error),
        }
    };
}
pub(crate) use tri;

/// Byte `at` of `bytes`, `None` past the end.
#[inline(always)]
pub(crate) const fn byte_at(bytes: &[u8], at: usize) -> Option<u8> {
    if at < bytes.len() {
        Some(bytes[at])
    } else {
        None
    }
}

/// The `len` bytes from `start`, `None` if they run past the end.
#[inline(always)]
pub(crate) const fn bytes_at(bytes: &[u8], start: usize, len: usize) -> Option<&[u8]> {
    match bytes.split_at_checked(start) {
        Some((_, rest)) => match rest.split_at_checked(len) {
            Some((part, _)) => Some(part),
            None => None,
        },
        None => None,
    }
}

/// The little-endian `u16` at `at` (0 past the end).
#[inline(always)]
pub(crate) const fn u16_at(bytes: &[u8], at: usize) -> u16 {
    match bytes.split_at_checked(at) {
        Some((_, [a, b, ..])) => u16::from_le_bytes([*a, *b]),
        _ => 0,
    }
}

/// The little-endian `u32` at `at` (0 past the end).
#[inline(always)]
pub(crate) const fn u32_at(bytes: &[u8], at: usize) -> u32 {
    match bytes.split_at_checked(at) {
        Some((_, [a, b, c, d, ..])) => u32::from_le_bytes([*a, *b, *c, *d]),
        _ => 0,
    }
}

/// The little-endian number of `width` (≤ 8) bytes at `start`, byte by byte (0 if they
/// run past the end).
pub(crate) const fn le_at(bytes: &[u8], start: usize, width: usize) -> u64 {
    let width = if width > 8 { 8 } else { width };
    if start >= bytes.len() || bytes.len() - start < width {
        return 0;
    }
    let mut value = 0u64;
    let mut k = width;
    while k > 0 {
        k -= 1;
        value = value << 8 | bytes[start + k] as u64;
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_past_the_end_answer_nothing() {
        let b = [1u8, 2, 3, 4, 5];
        assert_eq!(byte_at(&b, 4), Some(5));
        assert_eq!(byte_at(&b, 5), None);
        assert_eq!(byte_at(&b, usize::MAX), None);
        assert_eq!(bytes_at(&b, 1, 3), Some(&b[1..4]));
        assert_eq!(bytes_at(&b, 3, 3), None);
        assert_eq!(bytes_at(&b, usize::MAX, 1), None);
        assert_eq!(u16_at(&b, 3), 0x0504);
        assert_eq!(u16_at(&b, 4), 0);
        assert_eq!(u32_at(&b, 1), 0x0504_0302);
        assert_eq!(u32_at(&b, 2), 0);
        assert_eq!(le_at(&b, 0, 3), 0x03_0201);
        assert_eq!(le_at(&b, 3, 2), 0x0504);
        assert_eq!(le_at(&b, 3, 4), 0);
        assert_eq!(le_at(&[0xFF; 9], 0, 8), u64::MAX);
    }
}

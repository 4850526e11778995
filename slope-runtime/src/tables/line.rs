//! Offsets along one line of pixels, computed with bit operations.
//!
//! A box sliding along one axis only ever meets the solid pixels of the rows (or columns)
//! it spans. OR-ing those together gives a *line mask*: bit `p` is set when position `p`
//! along the axis is solid somewhere in the box's span. Every offset of the spec is then a
//! question about an interval `lo..=hi` sliding along that mask, answered here in
//! O(log N) word operations, whatever the box's size: no loop over pixels.
//!
//! Positions run `0..n` (n ≤ 64); the interval may stick out of the tile on either side
//! (`lo` as low as `-(n-1)`, `hi` as high as `2n-2`), exactly as an overlap does.

/// Bits `0..n` set (all 64 for `n >= 64`).
#[inline(always)]
pub(crate) const fn low_bits(n: u32) -> u64 {
    if cfg!(target_pointer_width = "64") {
        match 1u64.checked_shl(n) {
            Some(bit) => bit.wrapping_sub(1),
            None => u64::MAX,
        }
    } else {
        low_bits_by_halves(n)
    }
}

/// [`low_bits`] from two 32-bit halves: on 32-bit targets a variable `u64` shift is a
/// library call (ARMv6-M has no 64-bit shifter), and this sits on every strip test.
#[inline]
const fn low_bits_by_halves(n: u32) -> u64 {
    let low = low_bits32(n);
    let high = if n > 32 { low_bits32(n - 32) } else { 0 };
    (high as u64) << 32 | low as u64
}

/// Bits `0..n` of a word set (all 32 for `n >= 32`).
#[inline]
const fn low_bits32(n: u32) -> u32 {
    match 1u32.checked_shl(n) {
        Some(bit) => bit.wrapping_sub(1),
        None => u32::MAX,
    }
}

/// The bits of positions `lo..=hi` that lie inside `0..64`.
#[inline(always)]
pub(crate) const fn span_bits(lo: i32, hi: i32) -> u64 {
    if hi < 0 || lo > 63 || hi < lo {
        return 0;
    }
    let lo = if lo < 0 { 0 } else { lo as u32 };
    let hi = if hi > 63 { 63 } else { hi as u32 };
    low_bits(hi.wrapping_add(1)) & !low_bits(lo)
}

/// The bits of positions `lo..=hi` of a word, for `0 <= lo <= hi <= 31`: two shifts and a
/// subtraction (`2 << 31` wraps to 0, which the subtraction turns into the top bits).
#[inline(always)]
pub(crate) const fn span_bits32(lo: i32, hi: i32) -> u32 {
    2u32.wrapping_shl(hi as u32)
        .wrapping_sub(1u32.wrapping_shl(lo as u32))
}

/// Whether the target counts leading and trailing zeros in an instruction or two. Not
/// on 32-bit ARM: ARMv6-M's and ARMv4T's Thumb have no such instruction, and there
/// `leading_zeros` is a library call (and `cfg` cannot tell the ARM cores that have one).
/// Nor on RISC-V without its bit-manipulation extension, where it is a long sequence.
pub(crate) const COUNTS_ZEROS: bool = cfg!(any(
    target_arch = "x86",
    target_arch = "x86_64",
    target_arch = "aarch64",
    target_arch = "wasm32",
    target_arch = "wasm64",
));

/// The position of the highest set bit of a non-zero `mask` (0 for 0): a count of
/// leading zeros where the target has one ([`COUNTS_ZEROS`]), else
/// [`highest_bit32_by_smear`].
#[inline(always)]
pub(crate) fn highest_bit32(mask: u32) -> i32 {
    if COUNTS_ZEROS {
        core::num::NonZeroU32::new(mask).map_or(0, |m| m.ilog2() as i32)
    } else {
        highest_bit32_by_smear(mask)
    }
}

/// [`highest_bit32`] with no count of leading zeros: the bits below the highest are set,
/// then a de Bruijn multiply names the top one (a handful of instructions and one byte
/// read).
#[inline(always)]
fn highest_bit32_by_smear(mask: u32) -> i32 {
    let mut m = mask;
    m |= m >> 1;
    m |= m >> 2;
    m |= m >> 4;
    m |= m >> 8;
    m |= m >> 16;
    let index = (m.wrapping_mul(0x07C4_ACDD) >> 27) as usize; // < 32
    SMEARED_BIT.get(index).map_or(0, |&bit| i32::from(bit))
}

/// The top bit of a mask whose bits below it are all set, by `(m · 0x07C4ACDD) >> 27`.
const SMEARED_BIT: [u8; 32] = [
    0, 9, 1, 10, 13, 21, 2, 29, 11, 14, 16, 18, 22, 25, 3, 30, 8, 12, 20, 28, 15, 17, 24, 7, 19,
    27, 23, 6, 26, 5, 4, 31,
];

/// The position of the lowest set bit of a non-zero `mask` (0 for 0): a count of trailing
/// zeros where the target has one ([`COUNTS_ZEROS`]), else
/// [`lowest_bit32_by_multiply`].
#[inline]
pub(crate) fn lowest_bit32(mask: u32) -> i32 {
    if COUNTS_ZEROS {
        core::num::NonZeroU32::new(mask).map_or(0, |m| m.trailing_zeros() as i32)
    } else {
        lowest_bit32_by_multiply(mask)
    }
}

/// [`lowest_bit32`] with no count of trailing zeros: the lowest bit alone, named by a de
/// Bruijn multiply.
#[inline(always)]
fn lowest_bit32_by_multiply(mask: u32) -> i32 {
    let low = mask & mask.wrapping_neg();
    let index = (low.wrapping_mul(0x077C_B531) >> 27) as usize; // < 32
    SINGLE_BIT.get(index).map_or(0, |&bit| i32::from(bit))
}

/// The bit of a one-bit mask, by `(m · 0x077CB531) >> 27`.
const SINGLE_BIT: [u8; 32] = [
    0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8, 31, 27, 13, 23, 21, 19, 16, 7, 26,
    12, 18, 6, 11, 5, 10, 9,
];

/// [`highest_bit32`] of a 64-bit mask: one count where the target counts zeros in 64-bit
/// registers, else [`highest_bit_by_halves`].
#[inline]
pub(crate) fn highest_bit(mask: u64) -> i32 {
    if COUNTS_ZEROS && cfg!(target_pointer_width = "64") {
        core::num::NonZeroU64::new(mask).map_or(0, |m| m.ilog2() as i32)
    } else {
        highest_bit_by_halves(mask)
    }
}

/// [`highest_bit32`] of a 64-bit mask, on the half that holds the bit.
#[inline(always)]
fn highest_bit_by_halves(mask: u64) -> i32 {
    let high = (mask >> 32) as u32;
    if high != 0 {
        32 + highest_bit32(high)
    } else {
        highest_bit32(mask as u32)
    }
}

/// [`lowest_bit32`] of a 64-bit mask: one count where the target counts zeros in 64-bit
/// registers, else [`lowest_bit_by_halves`].
#[inline]
pub(crate) fn lowest_bit(mask: u64) -> i32 {
    if COUNTS_ZEROS && cfg!(target_pointer_width = "64") {
        core::num::NonZeroU64::new(mask).map_or(0, |m| m.trailing_zeros() as i32)
    } else {
        lowest_bit_by_halves(mask)
    }
}

/// [`lowest_bit32`] of a 64-bit mask, on the half that holds the bit.
#[inline(always)]
fn lowest_bit_by_halves(mask: u64) -> i32 {
    let low = mask as u32;
    if low != 0 {
        lowest_bit32(low)
    } else {
        32 + lowest_bit32((mask >> 32) as u32)
    }
}

/// Whether `mask` has a bit at a position in `lo..=hi` (positions outside `0..64` hold none):
/// `mask & span_bits(lo, hi) != 0`.
#[inline]
pub(crate) const fn covers(mask: u64, lo: i32, hi: i32) -> bool {
    if cfg!(target_pointer_width = "64") || mask >> 32 != 0 {
        mask & span_bits(lo, hi) != 0
    } else {
        covers_in_word(mask as u32, lo, hi)
    }
}

/// [`covers`] for a mask of 32 bits (every tile up to 32 px): on 32-bit targets, one word
/// and no variable 64-bit shift, which is a library call where there is no 64-bit shifter
/// (ARMv6-M).
#[inline]
const fn covers_in_word(mask: u32, lo: i32, hi: i32) -> bool {
    let lo = if lo < 0 { 0 } else { lo };
    let hi = if hi > 31 { 31 } else { hi };
    if lo > hi {
        return false;
    }
    (mask >> lo) & low_bits32((hi - lo + 1) as u32) != 0
}

/// The mask read from the other end: position `p` becomes `n-1-p`.
#[inline]
pub(crate) const fn reverse(mask: u64, n: u32) -> u64 {
    match mask.reverse_bits().checked_shr(64u32.wrapping_sub(n)) {
        Some(m) => m,
        None => 0,
    }
}

/// Shift right, shifting in ones: positions past bit 63 lie outside the tile, so empty.
#[inline]
const fn shr_ones(x: u64, k: u32) -> u64 {
    match (!x).checked_shr(k) {
        Some(v) => !v,
        None => u64::MAX,
    }
}

/// Bit `s` is set when `empty` has bits `s..s+len` all set (bits past 63 count as set).
///
/// Doubling: runs of 1, 2, 4, … then one overlapping step to the exact length, so at most
/// seven shifts for any `len` ≤ 64.
#[inline]
pub(crate) const fn run_starts(empty: u64, len: u32) -> u64 {
    let mut runs = empty;
    let mut have = 1u32;
    while have <= len / 2 {
        runs &= shr_ones(runs, have);
        have = have.wrapping_mul(2);
    }
    if have < len {
        // A run of `have` at s and one at s + (len - have) cover s..s+len, as len-have ≤ have.
        runs &= shr_ones(runs, len.wrapping_sub(have));
    }
    runs
}

/// How far the interval `lo..=hi` moves towards +∞ along `mask` (solid positions in
/// `0..n`), by the spec's rules for one direction:
///
/// - `colliding`: the least k ≥ 1 with no solid position in `lo+k..=hi+k`;
/// - otherwise: (the least k ≥ 1 with a solid position in `lo+k..=hi+k`) − 1, where a box
///   that meets nothing counts as meeting at the exit distance `n - lo`.
///
/// The caller passes `colliding` for the whole box: a box collides in 2D exactly when its
/// interval covers a bit of the line mask it spans. The interval may lie anywhere, also
/// wholly before the tile (a box approaching it) or be longer than the tile; the result
/// is exact and never negative (it saturates at `i32::MAX`).
#[inline]
pub(crate) const fn forward_distance(mask: u64, lo: i32, hi: i32, n: u32, colliding: bool) -> i32 {
    if colliding {
        free_distance(mask, lo, hi, n)
    } else {
        touch_distance(mask, lo, hi, n)
    }
}

/// Least k ≥ 1 that takes `lo..=hi` off every solid position; `n - lo` at most.
#[inline]
const fn free_distance(mask: u64, lo: i32, hi: i32, n: u32) -> i32 {
    // Every start left of 0 is still blocked: the interval covered a solid bit and only
    // grows past it. So the answer is the first empty run start s in max(lo+1, 0)..=n.
    // A window longer than 64 reaches past bit 63, where everything is empty anyway.
    let len = hi.saturating_sub(lo).saturating_add(1);
    let len = if len < 1 {
        1
    } else if len > 64 {
        64
    } else {
        len as u32
    };
    let empty = !mask | !low_bits(n);
    let first = lo.saturating_add(1);
    let first = if first < 0 { 0 } else { first as u32 };
    let candidates = run_starts(empty, len) & !low_bits(first);
    // s = n (fully out of the tile) is always free; bit 64 just does not exist for n = 64.
    let start = if candidates == 0 {
        n
    } else {
        let s = candidates.trailing_zeros();
        if s < n { s } else { n }
    };
    non_negative((start as i32).saturating_sub(lo))
}

/// (Least k ≥ 1 whose interval meets a solid position) − 1, or (exit distance) − 1.
#[inline]
const fn touch_distance(mask: u64, lo: i32, hi: i32, n: u32) -> i32 {
    // Nothing is inside the interval, so the first solid bit it meets is the first above hi.
    let above = if hi < 0 {
        mask
    } else {
        match mask.checked_shr(hi.saturating_add(1) as u32) {
            Some(m) => m,
            None => 0,
        }
    };
    if above == 0 {
        non_negative((n as i32).saturating_sub(lo).saturating_sub(1))
    } else {
        let first = if hi < 0 { 0 } else { hi.saturating_add(1) };
        // the first solid bit p = first + tz is met after k = p - hi steps; the value is k - 1
        let p = first.saturating_add(above.trailing_zeros() as i32);
        non_negative(p.saturating_sub(hi).saturating_sub(1))
    }
}

#[inline]
const fn non_negative(v: i32) -> i32 {
    if v < 0 { 0 } else { v }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spec's definitions, pixel by pixel.
    fn naive(mask: u64, lo: i32, hi: i32, n: u32, colliding: bool) -> i32 {
        let hit = |a: i32, b: i32| (a.max(0)..=b.min(n as i32 - 1)).any(|p| mask >> p & 1 == 1);
        let exit = n as i32 - lo;
        if colliding {
            (1..=exit).find(|k| !hit(lo + k, hi + k)).unwrap()
        } else {
            (1..=exit).find(|k| hit(lo + k, hi + k)).unwrap_or(exit) - 1
        }
    }

    fn check_all(n: u32, masks: impl Iterator<Item = u64>) {
        for mask in masks {
            let mask = mask & low_bits(n);
            // every interval the spec produces, and world boxes: wholly before the tile,
            // longer than it, or sticking out on both sides
            for lo in -(2 * n as i32)..n as i32 {
                for len in 1..=3 * n as i32 {
                    let hi = lo + len - 1;
                    let colliding = mask & span_bits(lo, hi) != 0;
                    assert_eq!(
                        forward_distance(mask, lo, hi, n, colliding),
                        naive(mask, lo, hi, n, colliding),
                        "n={n} mask={mask:#x} lo={lo} hi={hi}"
                    );
                }
            }
        }
    }

    /// The bit searches agree with the counts of leading and trailing zeros, with the
    /// searches by multiply (the targets without those counts) too.
    #[test]
    fn highest_and_lowest_bits_are_the_counts() {
        for a in 0..64 {
            for b in a..64 {
                let m = (1u64 << a) | (1u64 << b) | if b > a + 1 { 1u64 << (a + 1) } else { 0 };
                let (high, low) = (63 - m.leading_zeros() as i32, m.trailing_zeros() as i32);
                assert_eq!(highest_bit(m), high, "{m:#x}");
                assert_eq!(lowest_bit(m), low, "{m:#x}");
                assert_eq!(super::highest_bit_by_halves(m), high, "{m:#x}");
                assert_eq!(super::lowest_bit_by_halves(m), low, "{m:#x}");
            }
        }
        let every_top_and_bottom =
            (0..32).flat_map(|a| (a..32).map(move |b| (1u32 << a) | (1u32 << b)));
        for m in (1..=u32::MAX)
            .step_by(9973)
            .chain(every_top_and_bottom)
            .chain([u32::MAX])
        {
            let (high, low) = (31 - m.leading_zeros() as i32, m.trailing_zeros() as i32);
            assert_eq!(highest_bit32(m), high, "{m:#x}");
            assert_eq!(lowest_bit32(m), low, "{m:#x}");
            assert_eq!(super::highest_bit32_by_smear(m), high, "{m:#x}");
            assert_eq!(super::lowest_bit32_by_multiply(m), low, "{m:#x}");
        }
    }

    /// The word span is [`span_bits`]'s low half for every span inside a word.
    #[test]
    fn span_bits32_is_span_bits() {
        for lo in 0..32 {
            for hi in lo..32 {
                assert_eq!(
                    u64::from(super::span_bits32(lo, hi)),
                    span_bits(lo, hi),
                    "{lo}..={hi}"
                );
            }
        }
    }

    #[test]
    fn covers_in_word_is_a_span_test() {
        let masks = [
            0u32,
            1,
            0x8000_0000,
            0xFFFF_FFFF,
            0x0F0F_0F0F,
            0x0001_8000,
            0x1234_5678,
        ];
        for mask in masks {
            for lo in -70..70 {
                for hi in -70..70 {
                    let expected = u64::from(mask) & span_bits(lo, hi) != 0;
                    assert_eq!(
                        covers_in_word(mask, lo, hi),
                        expected,
                        "{mask:#x} {lo}..={hi}"
                    );
                    assert_eq!(covers(u64::from(mask), lo, hi), expected);
                }
            }
        }
    }

    #[test]
    fn low_bits_by_halves_is_low_bits() {
        for n in 0..=70 {
            let expected = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
            assert_eq!(low_bits_by_halves(n), expected, "{n}");
            assert_eq!(low_bits(n), expected, "{n}");
        }
    }

    #[test]
    fn every_mask_of_eight_positions() {
        check_all(8, 0..256);
    }

    #[test]
    fn patterned_masks_at_64() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let randoms = core::iter::from_fn(move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            Some(x)
        });
        let fixed = [
            0,
            u64::MAX,
            1,
            1 << 63,
            0xF0F0_F0F0_0000_FFFF,
            0x8000_0000_0000_0001,
        ];
        check_all(64, fixed.into_iter().chain(randoms.clone().take(24)));
        check_all(37, randoms.take(24));
    }

    #[test]
    fn reverse_maps_position_p_to_n_minus_1_minus_p() {
        for n in [4, 16, 33, 64] {
            for p in 0..n {
                assert_eq!(reverse(1 << p, n), 1 << (n - 1 - p));
            }
        }
    }

    #[test]
    fn run_starts_finds_every_run() {
        let empty = 0b0111_0011_1110u64 | !low_bits(12);
        for len in 1..=64u32 {
            let runs = run_starts(empty, len);
            for s in 0..64u32 {
                let expect = (s..s + len).all(|p| p >= 64 || empty >> p & 1 == 1);
                assert_eq!(runs >> s & 1 == 1, expect, "len={len} s={s}");
            }
        }
    }
}

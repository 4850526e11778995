//! Decoding the wire format: a blob split into its fields, its framing checked (magic,
//! version, lengths, checksum). What the fields mean is [`crate::tables::format`]'s;
//! whether their contents are sound, `crate::tables::validate`'s. `const`, as
//! `Tables::from_bytes` is.

use crate::bytes::{bytes_at, tri, u32_at};
use crate::tables::crc::crc32;
use crate::tables::error::BlobError;
use crate::tables::format::{Blob, MAGIC, VERSION};

/// The fields after the version, in wire order.
type Fields<'a> = (
    u8,
    &'a [u8],
    &'a [u8],
    &'a [u8],
    &'a [u8],
    &'a [u8],
    [u8; 4],
);

impl<'a> Blob<'a> {
    /// Splits `bytes` into fields. Checks the framing only (magic, version, lengths,
    /// checksum, nothing left over); [`crate::Tables::from_bytes`] checks the contents.
    pub const fn decode(bytes: &'a [u8]) -> Result<Blob<'a>, BlobError> {
        let mut r = Reader { rest: bytes };
        let magic = tri!(r.array::<8>());
        if u64::from_le_bytes(magic) != u64::from_le_bytes(MAGIC) {
            return Err(BlobError::BadMagic);
        }
        let version = tri!(r.varint_u16());
        if version != VERSION {
            return Err(BlobError::UnsupportedVersion { found: version });
        }
        // A malformed length in a blob whose checksum fails is damage (a damaged length
        // shifts every field after it onto other bytes): said so. (One that runs past the
        // end stays `Truncated`, which names both.)
        let (tile_size, names, shapes, records, angles, columns, checksum) = match r.fields() {
            Ok(fields) => fields,
            Err(BlobError::BadVarint) => match whole_checksum_mismatch(bytes) {
                BlobError::ChecksumMismatch { stored, computed } if stored != computed => {
                    return Err(BlobError::ChecksumMismatch { stored, computed });
                }
                _ => return Err(BlobError::BadVarint),
            },
            Err(e) => return Err(e),
        };
        let stored = u32::from_le_bytes(checksum);
        if !r.rest.is_empty() {
            // Either an intact blob with bytes appended, or a damaged length that ended the
            // fields early: the checksum where the fields end tells which.
            let end = bytes.len().wrapping_sub(r.rest.len());
            if let Some(framed) = bytes_at(bytes, 0, end.wrapping_sub(4)) {
                if crc32(framed) == stored {
                    return Err(BlobError::TrailingBytes);
                }
            }
            return Err(whole_checksum_mismatch(bytes));
        }
        let Some(body) = bytes_at(bytes, 0, bytes.len().wrapping_sub(4)) else {
            return Err(BlobError::Truncated);
        };
        let computed = crc32(body);
        if stored != computed {
            return Err(BlobError::ChecksumMismatch { stored, computed });
        }
        Ok(Blob {
            magic,
            version,
            tile_size,
            names,
            shapes,
            records,
            angles,
            columns,
            checksum,
        })
    }
}

/// The checksum error for a blob whose fields do not frame it: its last four bytes against
/// the CRC of everything before them.
const fn whole_checksum_mismatch(bytes: &[u8]) -> BlobError {
    let split = bytes.len().saturating_sub(4);
    let (body, tail) = bytes.split_at(split);
    BlobError::ChecksumMismatch {
        stored: u32_at(tail, 0),
        computed: crc32(body),
    }
}

/// A cursor over the postcard encoding.
struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    const fn take(&mut self, len: usize) -> Result<&'a [u8], BlobError> {
        match self.rest.split_at_checked(len) {
            Some((head, tail)) => {
                self.rest = tail;
                Ok(head)
            }
            None => Err(BlobError::Truncated),
        }
    }

    const fn byte(&mut self) -> Result<u8, BlobError> {
        match self.rest.split_first() {
            Some((&b, tail)) => {
                self.rest = tail;
                Ok(b)
            }
            None => Err(BlobError::Truncated),
        }
    }

    const fn array<const L: usize>(&mut self) -> Result<[u8; L], BlobError> {
        match self.rest.split_first_chunk::<L>() {
            Some((head, tail)) => {
                self.rest = tail;
                Ok(*head)
            }
            None => Err(BlobError::Truncated),
        }
    }

    /// Unsigned LEB128, at most `ceil(bits/7)` bytes long and below `2^bits` (bits ≤ 64).
    /// (u64 arithmetic only: u128 would cost a Cortex-M0 a few hundred bytes of code.)
    const fn varint(&mut self, bits: u32) -> Result<u64, BlobError> {
        let mut value = 0u64;
        let mut shift = 0u32;
        while shift < bits {
            let b = tri!(self.byte());
            let group = (b & 0x7F) as u64;
            // The bits this group may still set: none of its bits may lie past `bits`.
            let room = bits.wrapping_sub(shift);
            if room < 7 && !matches!(group.checked_shr(room), Some(0) | None) {
                return Err(BlobError::BadVarint);
            }
            value |= match group.checked_shl(shift) {
                Some(v) => v,
                None => 0,
            };
            if b & 0x80 == 0 {
                return Ok(value);
            }
            shift = shift.wrapping_add(7);
        }
        Err(BlobError::BadVarint)
    }

    const fn varint_u16(&mut self) -> Result<u16, BlobError> {
        match self.varint(16) {
            Ok(v) if v <= u16::MAX as u64 => Ok(v as u16),
            Ok(_) => Err(BlobError::BadVarint),
            Err(e) => Err(e),
        }
    }

    const fn bytes(&mut self) -> Result<&'a [u8], BlobError> {
        // postcard writes a usize: up to 64 bits on the host that wrote it.
        let len = tri!(self.varint(64));
        if len > usize::MAX as u64 {
            return Err(BlobError::Truncated);
        }
        self.take(len as usize)
    }

    /// The fields after the version.
    const fn fields(&mut self) -> Result<Fields<'a>, BlobError> {
        Ok((
            tri!(self.byte()),
            tri!(self.bytes()),
            tri!(self.bytes()),
            tri!(self.bytes()),
            tri!(self.bytes()),
            tri!(self.bytes()),
            tri!(self.array::<4>()),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::format::{MAGIC, VERSION};

    #[test]
    fn decodes_what_postcard_encodes() {
        let mut blob = Blob {
            magic: MAGIC,
            version: VERSION,
            tile_size: 4,
            names: &[1, b'a'],
            shapes: &[0, 0],
            records: &[0; 300],
            angles: &[7; 16],
            columns: &[5; 16],
            checksum: [0; 4],
        };
        let mut bytes = postcard::to_stdvec(&blob).unwrap();
        let body = bytes.len() - 4;
        let crc = crc32(&bytes[..body]).to_le_bytes();
        bytes[body..].copy_from_slice(&crc);
        blob.checksum = crc;
        assert_eq!(Blob::decode(&bytes), Ok(blob));
    }

    #[test]
    fn varints_round_trip_at_every_width() {
        // Every value with one bit set, all bits set, and the encodings postcard writes.
        let mut values: Vec<u64> = (0..64).map(|b| 1u64 << b).collect();
        values.extend((1..=64).map(|b| u64::MAX >> (64 - b)));
        for v in values {
            let mut bytes = Vec::new();
            let mut rest = v;
            loop {
                let group = (rest & 0x7F) as u8;
                rest >>= 7;
                bytes.push(if rest == 0 { group } else { group | 0x80 });
                if rest == 0 {
                    break;
                }
            }
            for bits in [16u32, 32, 64] {
                let expected = if bits == 64 || v >> bits == 0 {
                    Ok(v)
                } else {
                    Err(BlobError::BadVarint)
                };
                let mut r = Reader { rest: &bytes };
                assert_eq!(r.varint(bits), expected, "{v:#x} as {bits} bits");
            }
        }
        // Ten bytes whose last group overflows 64 bits.
        let mut r = Reader {
            rest: &[0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02],
        };
        assert_eq!(r.varint(64), Err(BlobError::BadVarint));
    }

    #[test]
    fn overlong_varints_are_errors() {
        let mut r = Reader {
            rest: &[0xFF, 0xFF, 0xFF, 0x01],
        };
        assert_eq!(r.varint(16), Err(BlobError::BadVarint));
        let mut r = Reader {
            rest: &[0xFF, 0xFF, 0x04],
        };
        assert_eq!(r.varint(16), Err(BlobError::BadVarint));
        let mut r = Reader {
            rest: &[0xFF, 0xFF, 0x03],
        };
        assert_eq!(r.varint(16), Ok(0xFFFF));
    }
}
